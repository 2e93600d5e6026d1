//! A faithful Rust + SDL2 port of `fourinrow.py`, the pygame "Four in a Row"
//! tutorial game, written to be read side by side with the Python.
//!
//! The tree tells the design:
//!
//! - [`port`]: THE TWINS, one Rust function per Python function, in the
//!   Python's order. Open these beside `fourinrow.py`.
//! - [`engine`]: what computes the computer's values: the twin itself, a
//!   fast engine with the same doubles, another AI.
//! - [`extras`]: what the original lacks (hints, undo, the hot seat, ...),
//!   reaching the twins only through the port's hooks.
//! - [`io`]: the seam between the game and the world: the window, replay
//!   scripts, images, and pygame's pixel arithmetic.
//! - [`tools`]: `fourinrow analyze`, board text, the command line.
//! - [`files`]: the user's files and streams, read with bounds and
//!   written whole.
//! - [`play`]: the set-up that wires them together (the `window` feature).
//!
//! The arrows point one way: `port` uses `io`'s seam; `engine` and
//! `extras` use `port`; `tools` use `port`, `engine` and `extras`; `play`
//! uses them all. Everything but the SDL side of `io` and `play` builds and
//! is tested without SDL (`cargo test --no-default-features`).
//! `docs/python-to-rust.md` maps every Python function and constant to its
//! twin.

pub mod engine;
pub mod error;
pub mod extras;
pub mod files;
pub mod gobang;
pub mod io;
#[cfg(feature = "window")]
pub mod play;
pub mod port;
pub mod pyfmt;
pub mod tools;

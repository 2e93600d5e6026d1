//! Faithful Rust + SDL2 ports of two pygame tutorial games, written to be
//! read side by side with their Python: Four in a Row (`fourinrow.py`) and
//! Gobang (five in a row on 15x15, the step-list tutorial's program).
//!
//! The tree tells the design. Each game has a folder of its own, laid out
//! alike; what both use sits beside them:
//!
//! - [`fourinrow`] and [`gobang`], one folder a game:
//!   - `port/`: THE TWINS, one Rust function per Python function, in the
//!     Python's order. Open these beside the Python.
//!   - `engine/` (Four in a Row) or `extras/lab.rs` (Gobang): what the
//!     original never had that computes moves: fast engines, a solver.
//!   - `extras/`: what the original lacks (hints, undo, the hot seat,
//!     rules done right, ...), reaching the twins only through the port's
//!     hooks.
//!   - tools that run without a window, and `play`, the set-up that wires
//!     the twins to a window or a replay (the `window` feature).
//! - Shared by both games:
//!   - [`io`]: the seam between a game and the world: the window, replay
//!     scripts, the AI's worker thread, images, text, and pygame's pixel
//!     arithmetic (`pygame.draw`, blits, smoothscale).
//!   - [`cli`]: the command line of both games (clap), and [`app`], what
//!     the two programs run: the tools, and the window through the
//!     function each program gives (`fourinrow` starts without SDL).
//!   - [`files`]: the user's files and streams, read with bounds and
//!     written whole.
//!   - [`error`]: the one error type that reaches `main`.
//!   - [`pyfmt`]: Python's way of printing floats.
//!
//! The arrows point one way: a game's `port` uses `io`'s seam; its engines
//! and extras use its `port`; its tools use those; `play` uses them all.
//! The games never use each other. Everything but the SDL side of `io` and
//! the `play` modules builds and is tested without SDL
//! (`cargo test --no-default-features`). `docs/python-to-rust.md` and
//! `docs/gobang.md` map every Python function and constant to its twin.

pub mod app;
pub mod cli;
pub mod error;
pub mod files;
pub mod fourinrow;
pub mod gobang;
pub mod io;
pub mod pyfmt;

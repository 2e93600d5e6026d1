//! Four in a Row: the faithful port of `fourinrow.py` and what grew
//! around it.
//!
//! - [`port`]: THE TWINS, one Rust function per Python function, in the
//!   Python's order. Open these beside `fourinrow.py`.
//! - [`engine`]: what computes the computer's values: the twin itself, a
//!   fast engine with the same doubles, a minimax AI, a perfect solver
//!   with its opening book.
//! - [`extras`]: what the original lacks (hints, undo, the hot seat, a
//!   move record, ...), reaching the twins only through the port's hooks.
//! - [`tools`]: `fourinrow analyze`, `solve`, `grade`, the book's builder
//!   and board text: everything that runs without a window.
//! - `play`: the set-up that wires them to a window or a replay (the
//!   `window` feature).
//!
//! The arrows point one way: `port` uses the shared seam ([`crate::io`]);
//! `engine` and `extras` use `port`; `tools` use `port`, `engine` and
//! `extras`; `play` uses them all.

pub mod engine;
pub mod extras;
#[cfg(feature = "window")]
pub mod play;
pub mod port;
pub mod tools;

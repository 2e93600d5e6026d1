//! Gobang (five in a row on 15x15): the step-list tutorial's game, the
//! second faithful port, beside Four in a Row's ([`crate::fourinrow::port`]).
//!
//! - [`port`]: THE TWINS of its Python modules (`main.py`, `drawing.py`,
//!   `robot.py`, `setup.py`, `status.py`).
//! - [`extras`]: what the original lacks: win rules done right, the
//!   record, the undo-lab tutorial's game.
//! - [`engine`]: the strong engine (threat search, alpha-beta), which the
//!   original never had.
//! - [`boardtext`]: the board text the tools read and write.
//! - [`analyze`]: `fourinrow gobang analyze`, the AI's choice for board texts.
//! - [`pbrain`]: `fourinrow gobang pbrain`, the AI as a Gomocup engine.
//! - [`review`]: `fourinrow gobang review`, where each recorded game was
//!   decided, by the strong engine's threat search.
//! - `play`: the set-up that wires the twins to a window or a replay (the
//!   `window` feature).
//! - `text`: DejaVu Sans and the CJK subset for the lab's Chinese labels
//!   (the `window` feature).
//!
//! What it shares with Four in a Row is the seam and pygame's arithmetic in
//! [`crate::io`]: the [`Frontend`](crate::io::Frontend) (events, frames, the
//! AI's worker thread, the mouse), replay scripts, the window, PNG frames,
//! text, and `pygame.draw` ([`crate::io::draw`]).

pub mod analyze;
pub mod boardtext;
pub mod engine;
pub mod extras;
pub mod pbrain;
#[cfg(feature = "window")]
pub mod play;
pub mod port;
pub mod review;
#[cfg(feature = "window")]
pub mod text;

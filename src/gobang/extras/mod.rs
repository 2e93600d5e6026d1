//! What the step-list Gobang lacks, kept out of its twins.
//!
//! - [`rules`]: win detection done right, freestyle (five or more) and
//!   standard (exactly five), in every direction.
//! - [`renju`]: renju's forbidden moves for black (overline, double four,
//!   double three), the rule the strong engine and the protocol can play.
//! - [`record`]: `--record FILE`, each game appended as one line.
//! - [`lab`]: the undo-lab tutorial's pattern-value AI, an alternative engine.
//! - [`undo_lab`]: the undo-lab tutorial's game: its buttons, messages and
//!   timings, its AI opening as black (`--preset undo-lab`).
//! - [`wins`]: `--show-wins`, a forced win marked on the board, numbered.

pub mod lab;
pub mod record;
pub mod renju;
pub mod rules;
pub mod undo_lab;
pub mod wins;

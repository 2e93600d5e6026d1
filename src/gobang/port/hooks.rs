//! The hooks through which Gobang's extras reach its twins: each is `None`
//! by default, which leaves the twin doing exactly what the Python does,
//! and each is used in one line of a twin marked "Not in the Python".

use crate::gobang::port::robot::{Maps, Stone};

/// Judges the stone just played at `point`: `'B'`, `'W'`, `'T'` or `'C'`,
/// as `AI.judgeResult` answers.
pub type Judge = fn(&Maps, (i32, i32)) -> char;

/// Chooses the point `(row, col)` the AI plays as the given stone, instead
/// of `AI.layerOne`; `None` on a full board.
pub type Engine = fn(&Maps, Stone) -> Option<(i32, i32)>;

/// The players' names in the hot seat, black's first, where the Python
/// writes "Human" and "AI": both are people, named by who moves first.
pub const HOT_SEAT_PLAYERS: [&str; 2] = ["Player 1", "Player 2"];

/// The extras' hooks, handed to [`main`](crate::gobang::port::main::main).
#[derive(Clone, Copy, Debug, Default)]
pub struct Hooks {
    /// Judges wins instead of `AI.judgeResult` (the rules extra).
    pub judge: Option<Judge>,
    /// The hot seat: a second person plays white; the AI is not asked.
    pub hot_seat: bool,
    /// Chooses the AI's points instead of `AI.layerOne` (the undo-lab engine).
    pub engine: Option<Engine>,
}

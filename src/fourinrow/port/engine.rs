//! The engine contract: [`Engine`], what `getComputerMove` asks for
//! `getPotentialMoves`, and [`Reply`], what every engine answers. Not in the
//! Python, whose `getComputerMove` calls `getPotentialMoves` directly.
//!
//! A reply is data, never prose: the values the twin ranks, the columns the
//! engine chose if it chooses, and what it proved where it proves. The
//! extras write the words (`--explain`, hints, the overlay) from it.

use std::fmt;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use crate::fourinrow::port::board::{Board, Tile};

/// What computes `getPotentialMoves(board, tile, lookAhead)` for the
/// computer: the twin itself ([`crate::fourinrow::port::ai::get_potential_moves`],
/// through the `faithful` engine), or an engine that returns the same
/// doubles sooner, or another AI whose values rank the columns the same way
/// (1 wins at once, -1 lets the enemy win at once) and that may choose the
/// column itself.
///
/// `Send + Sync`, so that the window can run it on a worker thread.
pub trait Engine: Send + Sync {
    /// What the engine finds for `tile` on `board`, looking `look_ahead`
    /// moves ahead.
    fn reply(&self, board: &Board, tile: Tile, look_ahead: u32) -> Reply;

    /// Only the values: `reply(...).potential_moves`.
    fn potential_moves(&self, board: &Board, tile: Tile, look_ahead: u32) -> Vec<f64> {
        self.reply(board, tile, look_ahead).potential_moves
    }

    /// Whether [`ponder`](Engine::ponder) does anything: only an engine
    /// that keeps what it finds from one call to the next has a use for it.
    fn ponders(&self) -> bool {
        false
    }

    /// Works on what `reply` is likely to be asked next, `tile` on `board`
    /// (the position the human is thinking about), until done or `stop` is
    /// set, so that a hint asked for then comes sooner. Not in the Python,
    /// whose AI thinks only when asked. By default nothing.
    fn ponder(&self, board: &Board, tile: Tile, stop: &AtomicBool) {
        let _ = (board, tile, stop);
    }
}

/// An engine's answer for one board and side.
#[derive(Clone, Debug, PartialEq)]
pub struct Reply {
    /// One value per column, as `getComputerMove` ranks them: the Python's
    /// `potentialMoves`, bit for bit, from the tutorial's engines; values
    /// in the same range from the others (1 wins at once, -1 lets the enemy
    /// win at once).
    pub potential_moves: Vec<f64>,
    /// The columns the engine itself would play, when it chooses (minimax,
    /// the solver at its level): `getComputerMove` plays one of them, at
    /// random, instead of one of the best values. `None`: the engine leaves
    /// the choice to `getComputerMove`'s rule.
    pub chosen: Option<Vec<usize>>,
    /// Which engine answered, and the settings that decided how.
    pub by: By,
    /// What the engine proved of each column, where it proves (the solver).
    pub exact: Option<Exact>,
}

impl Reply {
    /// The reply of an engine that only values the columns.
    pub fn values(potential_moves: Vec<f64>, by: By) -> Reply {
        Reply { potential_moves, chosen: None, by, exact: None }
    }
}

/// Which engine answered.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum By {
    /// The twin, `getPotentialMoves` line for line.
    Faithful,
    /// The bitboard engine: the same doubles.
    Fast,
    /// The game's default, which took the twin (`faithful`) or the fast
    /// engine: the twin was expected to look at `positions` positions in
    /// `estimate`, against a `budget`.
    Auto {
        /// Whether the twin answered.
        faithful: bool,
        /// The positions the twin looks at, estimated.
        positions: f64,
        /// How long the twin was expected to take.
        estimate: Duration,
        /// The longest the twin may take.
        budget: Duration,
    },
    /// The Connect Four lab's minimax: alpha-beta at `depth`, its values
    /// its scores divided by `win_score`.
    Minimax {
        /// Plies searched.
        depth: u32,
        /// The score of a four.
        win_score: i64,
    },
    /// The exact solver, playing at a level within a budget a move.
    Solver {
        /// The level's name.
        level: &'static str,
        /// The longest a move may take.
        budget: Duration,
    },
}

/// What an engine proved, column by column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exact {
    /// Per column: `None` for a full column.
    pub columns: Vec<Option<Known>>,
    /// How many moves ahead the deepest completed search looked: the empty
    /// cells when every column is proven.
    pub depth: usize,
}

impl Exact {
    /// Whether every column's score is exact.
    pub fn is_proven(&self) -> bool {
        self.columns.iter().flatten().all(|k| k.proven)
    }
}

/// What is known of one column: its score (the solver's scale, for the
/// side to move), read as an outcome, and how sure it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Known {
    /// The score if the side plays here; if unproven, an estimate ("nothing
    /// forced within the depth", 0).
    pub score: i32,
    /// The score read as a win, a draw or a loss in so many moves.
    pub outcome: Outcome,
    /// Whether the score is exact.
    pub proven: bool,
    /// Whether it came from the opening book.
    pub from_book: bool,
    /// A lower bound on an unproven score, when one is known.
    pub lower: Option<i32>,
    /// An upper bound on an unproven score, when one is known.
    pub upper: Option<i32>,
}

/// A score read as an outcome: who wins, and after how many of the
/// player's own moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The player completes four with its `n`-th move from now.
    Win(u32),
    /// Neither side can force four.
    Draw,
    /// The opponent completes four with its `n`-th move from now, after the
    /// player has made `n` moves.
    Loss(u32),
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win(n) => write!(f, "win in {n}"),
            Outcome::Draw => write!(f, "draw"),
            Outcome::Loss(n) => write!(f, "loss in {n}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fourinrow::port::board::get_new_board;

    /// An engine that only replies: each column valued by its index.
    struct Counting;

    impl Engine for Counting {
        fn reply(&self, board: &Board, _: Tile, _: u32) -> Reply {
            Reply::values((0..board.width()).map(|c| c as f64).collect(), By::Fast)
        }
    }

    #[test]
    fn potential_moves_are_the_replys_values() {
        let board = get_new_board(5, 4);
        assert_eq!(Counting.potential_moves(&board, Tile::Red, 2), vec![0.0, 1.0, 2.0, 3.0, 4.0]);
        assert_eq!(Counting.reply(&board, Tile::Black, 2).exact, None, "nothing proven");
    }

    fn known(score: i32, proven: bool) -> Option<Known> {
        let outcome = Outcome::Draw;
        Some(Known { score, outcome, proven, from_book: false, lower: None, upper: None })
    }

    #[test]
    fn proven_means_every_open_column_proven() {
        let all = Exact { columns: vec![known(1, true), None, known(-2, true)], depth: 9 };
        assert!(all.is_proven(), "a full column (None) has nothing to prove");
        let one_open = Exact { columns: vec![known(1, true), known(0, false)], depth: 3 };
        assert!(!one_open.is_proven());
    }

    #[test]
    fn outcomes_read_as_words() {
        assert_eq!(Outcome::Win(7).to_string(), "win in 7");
        assert_eq!(Outcome::Draw.to_string(), "draw");
        assert_eq!(Outcome::Loss(12).to_string(), "loss in 12");
    }
}

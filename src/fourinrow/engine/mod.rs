//! THE ENGINES: what can compute the computer's column values, behind the
//! port's one small trait, [`Engine`].
//!
//! - [`Faithful`]: the twin itself, [`get_potential_moves`], line for line.
//! - [`Fast`] ([`fast`]): bitboards and a transposition table; the very
//!   same doubles, thousands of times sooner.
//! - [`Auto`], the game's default: the faithful twin wherever it answers
//!   within a time budget (100 ms), the fast engine beyond that. The values
//!   are the same either way; only the time differs.
//! - [`Minimax`] ([`minimax`]): another AI altogether, the Connect Four
//!   lab's minimax with alpha-beta and window scores.
//! - [`solver`]: perfect play, an exact solver; its
//!   [`SolverEngine`](solver::player::SolverEngine) plays it in the game,
//!   at a level, within a time budget a move.
//!
//! Nothing here draws or reads input: every engine is a pure function of
//! the board, tested with no display.

pub mod bits;
pub mod fast;
pub mod minimax;
pub mod solver;

use std::time::Duration;

use crate::fourinrow::port::ai::get_potential_moves;
use crate::fourinrow::port::board::{is_valid_move, Board, Tile};
pub use crate::fourinrow::port::engine::{By, Engine, Exact, Known, Outcome, Reply};
pub use crate::fourinrow::port::python::Python;

/// The best value among the valid columns and the valid columns that have
/// it: the rule of the two loops in `getComputerMove` (`bestMoveFitness`
/// starts at `-1` and rises only on a strictly greater value), for the
/// tools that report what the computer would choose among. On a full board
/// the list is empty.
pub fn best_moves(board: &Board, potential_moves: &[f64]) -> (f64, Vec<usize>) {
    let valid = |&(i, _): &(usize, &f64)| is_valid_move(board, i);
    let best = potential_moves.iter().enumerate().filter(valid).fold(-1.0, |best, (_, &value)| {
        if value > best {
            value
        } else {
            best
        }
    });
    let columns = potential_moves
        .iter()
        .enumerate()
        .filter(valid)
        .filter(|&(_, &value)| value == best)
        .map(|(i, _)| i)
        .collect();
    (best, columns)
}

/// The columns the computer plays among, and the best value: the engine's
/// own choice when it chooses ([`Reply::chosen`], the value the greatest of
/// theirs), else [`best_moves`]. `getComputerMove` plays the same.
pub fn choice(board: &Board, reply: &Reply) -> (f64, Vec<usize>) {
    match &reply.chosen {
        Some(columns) => {
            let value = |&c: &usize| reply.potential_moves.get(c).copied().unwrap_or(-1.0);
            (columns.iter().map(value).fold(-1.0, f64::max), columns.clone())
        }
        None => best_moves(board, &reply.potential_moves),
    }
}

/// The twin, [`get_potential_moves`], as an engine: the readable reference.
#[derive(Clone, Copy, Debug, Default)]
pub struct Faithful {
    /// Whose `sum()` the values follow.
    pub python: Python,
}

impl Engine for Faithful {
    fn reply(&self, board: &Board, tile: Tile, look_ahead: u32) -> Reply {
        let values = get_potential_moves(self.python, board, tile, look_ahead);
        Reply::values(values.iter().map(|v| v.as_f64()).collect(), By::Faithful)
    }
}

/// The bitboard engine of [`fast`]: the twin's doubles, bit for bit.
#[derive(Clone, Copy, Debug, Default)]
pub struct Fast {
    /// Whose `sum()` the values follow.
    pub python: Python,
}

impl Engine for Fast {
    fn reply(&self, board: &Board, tile: Tile, look_ahead: u32) -> Reply {
        Reply::values(fast::potential_moves(self.python, board, tile, look_ahead), By::Fast)
    }
}

/// The game's default: the faithful twin wherever it is expected to answer
/// within `budget`, and the fast engine beyond that.
///
/// The expectation is [`faithful_estimate`]: the twin's work grows as
/// (columns with room)^(2 x look-ahead), at a cost per position measured on
/// the development machine. Both engines give the same doubles, so the
/// choice changes only how long the player waits.
#[derive(Clone, Copy, Debug)]
pub struct Auto {
    /// The longest a move may take with the faithful twin.
    pub budget: Duration,
    /// Whose `sum()` the values follow.
    pub python: Python,
}

impl Default for Auto {
    fn default() -> Auto {
        Auto { budget: AUTO_BUDGET, python: Python::default() }
    }
}

/// How long a move may take before [`Auto`] hands it to the fast engine.
pub const AUTO_BUDGET: Duration = Duration::from_millis(100);

/// What the faithful twin costs per position it looks at on a 7x6 board:
/// the clone of the board and the `isWinner` scan. Measured with
/// `cargo bench --bench engines` on the development machine (2 cores, AMD
/// EPYC, 2026-12-01, load average about 4): medians of 0.55 to 0.87 µs a
/// position at difficulties 3 and 4 on 7x6 (difficulty 3 on an early
/// position: 64 to 103 ms), and 0.82 µs at difficulty 2 on 12x9 once scaled
/// to 42 cells. Rounded up to 1 µs, so that difficulty 3 with all seven
/// columns open, which takes 80 to 100 ms there, goes to the fast engine.
const FAITHFUL_NANOS_PER_POSITION: f64 = 1_000.0;

/// How long the faithful twin is expected to take on `board`, and how many
/// positions it looks at: (columns with room)^(2 x look-ahead), each
/// costing `FAITHFUL_NANOS_PER_POSITION` (1 µs) scaled by the board's size.
pub fn faithful_estimate(board: &Board, look_ahead: u32) -> (Duration, f64) {
    let open = (0..board.width()).filter(|&c| is_valid_move(board, c)).count();
    let positions = (open as f64).powi(2 * look_ahead as i32);
    let cells = (board.width() * board.height()) as f64;
    let nanos = positions * FAITHFUL_NANOS_PER_POSITION * cells / 42.0;
    (Duration::from_nanos(nanos.min(u64::MAX as f64) as u64), positions)
}

impl Auto {
    /// Whether the faithful twin answers `board` within the budget.
    pub fn picks_faithful(&self, board: &Board, look_ahead: u32) -> bool {
        faithful_estimate(board, look_ahead).0 <= self.budget
    }
}

impl Engine for Auto {
    /// The twin's values, [`get_potential_moves`], when it answers within
    /// the budget; else the same values from [`fast::potential_moves`].
    fn reply(&self, board: &Board, tile: Tile, look_ahead: u32) -> Reply {
        let (python, budget) = (self.python, self.budget);
        let (estimate, positions) = faithful_estimate(board, look_ahead);
        let faithful = estimate <= budget;
        let values = if faithful {
            let values = get_potential_moves(python, board, tile, look_ahead);
            values.iter().map(|v| v.as_f64()).collect()
        } else {
            fast::potential_moves(python, board, tile, look_ahead)
        };
        Reply::values(values, By::Auto { faithful, positions, estimate, budget })
    }
}

/// The Connect Four lab's AI: minimax with alpha-beta at depth
/// [`minimax::DEFAULT_DEPTH`] over window scores ([`minimax`]).
///
/// Its values are the lab's scores divided by [`minimax::WIN_SCORE`], so a
/// forced win is `1`, a forced loss `-1` and everything else lies between,
/// as with the tutorial's values; the look-ahead asked for does not apply.
/// It chooses: the lab plays the leftmost of the best-scored columns
/// ([`Reply::chosen`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Minimax;

/// The lab's initial pick stands in for nothing at depth 4 and more (see
/// [`minimax`]'s "Order and ties"): the first valid column will do.
struct FirstChoice;

impl minimax::Choices for FirstChoice {
    fn choice(&mut self, seq: &[usize]) -> usize {
        seq.first().copied().unwrap_or(0)
    }
}

impl Engine for Minimax {
    fn reply(&self, board: &Board, tile: Tile, _look_ahead: u32) -> Reply {
        let depth = minimax::DEFAULT_DEPTH;
        let scores = minimax::minimax_move(board, tile, depth, &mut FirstChoice)
            .map(|m| m.column_scores)
            .unwrap_or_default();
        let mut values = vec![0.0; board.width()];
        // The leftmost column of the best score, the lab's choice.
        let mut best: Option<(usize, i64)> = None;
        for (column, value) in values.iter_mut().enumerate() {
            let Some(&Some(score)) = scores.get(column) else {
                continue;
            };
            *value = score as f64 / minimax::WIN_SCORE as f64;
            if best.is_none_or(|(_, b)| score > b) {
                best = Some((column, score));
            }
        }
        Reply {
            potential_moves: values,
            chosen: best.map(|(column, _)| vec![column]),
            by: By::Minimax { depth, win_score: minimax::WIN_SCORE },
            exact: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fourinrow::port::board::get_new_board;
    use crate::fourinrow::tools::boardtext::parse_board;

    #[test]
    fn minimax_blocks_and_takes_the_leftmost_best() {
        // Red threatens the bottom row's gap: minimax must block it.
        let board = parse_board("......./......./......./......./......./BRRR.BB").unwrap();
        let reply = Minimax.reply(&board, Tile::Black, 2);
        assert_eq!(reply.chosen, Some(vec![4]));
        assert_eq!(best_moves(&board, &reply.potential_moves).1, vec![4]);
        // Where several columns score the same, the leftmost of them is
        // chosen, and the values stay the lab's scores.
        use crate::fourinrow::port::board::make_move;
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(5);
        let mut ties = 0;
        for _ in 0..12 {
            let mut b = get_new_board(7, 6);
            for ply in 0..rng.random_range(2..8) {
                let tile = if ply % 2 == 0 { Tile::Red } else { Tile::Black };
                make_move(&mut b, tile, rng.random_range(0..7));
            }
            let reply = Minimax.reply(&b, Tile::Black, 2);
            let (best, columns) = best_moves(&b, &reply.potential_moves);
            assert_eq!(reply.chosen, Some(vec![columns[0]]), "{b:?}");
            assert_eq!(choice(&b, &reply), (best, vec![columns[0]]));
            let scores = minimax::minimax_move(&b, Tile::Black, 4, &mut FirstChoice).unwrap();
            for (value, score) in reply.potential_moves.iter().zip(&scores.column_scores) {
                assert_eq!(*value, score.unwrap() as f64 / minimax::WIN_SCORE as f64);
            }
            ties += usize::from(columns.len() > 1);
        }
        assert!(ties > 0, "no board with equal best scores was tried");
    }

    #[test]
    fn minimax_blocks_every_single_threat() {
        // Random legal boards where red, to move next, would win in exactly
        // one column and black cannot win at once: unless black is lost
        // whatever it does (every value -1, where the lab's rule takes the
        // leftmost), it must take that column.
        use crate::fourinrow::port::board::{is_valid_move, is_winner, make_move};
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(11);
        let mut checked = 0;
        while checked < 40 {
            let mut b = get_new_board(7, 6);
            let mut tile = Tile::Red;
            for _ in 0..rng.random_range(4..20) {
                let open: Vec<usize> = (0..7).filter(|&c| is_valid_move(&b, c)).collect();
                make_move(&mut b, tile, open[rng.random_range(0..open.len())]);
                tile = tile.enemy();
            }
            let wins = |b: &Board, t: Tile| -> Vec<usize> {
                (0..7)
                    .filter(|&c| {
                        let mut after = b.clone();
                        is_valid_move(b, c) && {
                            make_move(&mut after, t, c);
                            is_winner(&after, t)
                        }
                    })
                    .collect()
            };
            if is_winner(&b, Tile::Red) || is_winner(&b, Tile::Black) || tile != Tile::Black {
                continue;
            }
            let threats = wins(&b, Tile::Red);
            if threats.len() != 1 || !wins(&b, Tile::Black).is_empty() {
                continue;
            }
            let (best, columns) = choice(&b, &Minimax.reply(&b, Tile::Black, 2));
            if best > -1.0 {
                assert_eq!(columns, threats, "{b:?}");
                checked += 1;
            }
        }
    }

    #[test]
    fn best_moves_skip_full_columns_even_with_better_values() {
        let b = parse_board("B.../R.../B.../R...").unwrap();
        assert_eq!(best_moves(&b, &[0.5, 0.25, 0.25, -1.0]), (0.25, vec![1, 2]));
        assert_eq!(best_moves(&get_new_board(4, 4), &[-1.0; 4]), (-1.0, vec![0, 1, 2, 3]));
        let full = parse_board("RBRB/RBRB/BRBR/BRBR").unwrap();
        assert_eq!(best_moves(&full, &[0.0; 4]), (-1.0, vec![]));
    }

    #[test]
    fn auto_takes_the_twin_when_it_is_quick_and_the_same_values_either_way() {
        let auto = Auto::default();
        let empty = get_new_board(7, 6);
        assert!(auto.picks_faithful(&empty, 2), "the default difficulty");
        assert!(!auto.picks_faithful(&empty, 4));
        let by = |look_ahead| auto.reply(&empty, Tile::Black, look_ahead).by;
        assert!(matches!(by(2), By::Auto { faithful: true, .. }), "{:?}", by(2));
        assert!(matches!(by(4), By::Auto { faithful: false, .. }), "{:?}", by(4));
        for python in [Python::Before3_12, Python::From3_12] {
            let auto = Auto { python, ..Auto::default() };
            for look_ahead in [1, 2, 3] {
                let twin = get_potential_moves(python, &empty, Tile::Black, look_ahead);
                let twin: Vec<f64> = twin.iter().map(|v| v.as_f64()).collect();
                assert_eq!(auto.potential_moves(&empty, Tile::Black, look_ahead), twin);
            }
        }
    }
}

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
pub use crate::fourinrow::port::globals::Engine;
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

/// The twin, [`get_potential_moves`], as an engine: the readable reference.
#[derive(Clone, Copy, Debug, Default)]
pub struct Faithful {
    /// Whose `sum()` the values follow.
    pub python: Python,
}

impl Engine for Faithful {
    fn potential_moves(&self, board: &Board, tile: Tile, look_ahead: u32) -> Vec<f64> {
        let values = get_potential_moves(self.python, board, tile, look_ahead);
        values.iter().map(|v| v.as_f64()).collect()
    }

    fn describe(&self, _board: &Board, _look_ahead: u32) -> String {
        "faithful (the Python's getPotentialMoves, line for line)".into()
    }
}

/// The bitboard engine of [`fast`]: the twin's doubles, bit for bit.
#[derive(Clone, Copy, Debug, Default)]
pub struct Fast {
    /// Whose `sum()` the values follow.
    pub python: Python,
}

impl Engine for Fast {
    fn potential_moves(&self, board: &Board, tile: Tile, look_ahead: u32) -> Vec<f64> {
        fast::potential_moves(self.python, board, tile, look_ahead)
    }

    fn describe(&self, _board: &Board, _look_ahead: u32) -> String {
        "fast (bitboards, the same values as the Python's)".into()
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
    fn potential_moves(&self, board: &Board, tile: Tile, look_ahead: u32) -> Vec<f64> {
        let python = self.python;
        if self.picks_faithful(board, look_ahead) {
            Faithful { python }.potential_moves(board, tile, look_ahead)
        } else {
            Fast { python }.potential_moves(board, tile, look_ahead)
        }
    }

    fn describe(&self, board: &Board, look_ahead: u32) -> String {
        let (time, positions) = faithful_estimate(board, look_ahead);
        let budget = self.budget.as_millis();
        if self.picks_faithful(board, look_ahead) {
            format!(
                "faithful, the Python's getPotentialMoves line for line \
                 (about {positions:.0} positions, {} ms: within {budget} ms)",
                time.as_millis()
            )
        } else {
            format!(
                "fast, bitboards with the same values (the faithful twin would look at \
                 about {positions:.0} positions, {} ms: over {budget} ms)",
                time.as_millis()
            )
        }
    }
}

/// The Connect Four lab's AI: minimax with alpha-beta at depth
/// [`minimax::DEFAULT_DEPTH`] over window scores ([`minimax`]).
///
/// Its values are the lab's scores divided by [`minimax::WIN_SCORE`], so a
/// forced win is `1`, a forced loss `-1` and everything else lies between,
/// as with the tutorial's values; the look-ahead asked for does not apply.
/// The lab plays the leftmost of equally scored columns: each later column
/// with the same score is lowered by one step of the double (the very next
/// smaller double), so that `getComputerMove`'s choice among the best has
/// only that one to choose.
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
    fn potential_moves(&self, board: &Board, tile: Tile, _look_ahead: u32) -> Vec<f64> {
        let scores = minimax::minimax_move(board, tile, minimax::DEFAULT_DEPTH, &mut FirstChoice)
            .map(|m| m.column_scores)
            .unwrap_or_default();
        let mut values = vec![0.0; board.width()];
        let mut best: Option<f64> = None;
        for (column, value) in values.iter_mut().enumerate() {
            let Some(&Some(score)) = scores.get(column) else {
                continue;
            };
            let v = score as f64 / minimax::WIN_SCORE as f64;
            *value = match best {
                Some(b) if v == b => v.next_down(),
                _ => v,
            };
            if best.is_none_or(|b| v > b) {
                best = Some(v);
            }
        }
        values
    }

    fn describe(&self, _board: &Board, _look_ahead: u32) -> String {
        format!(
            "minimax, the Connect Four lab's AI (alpha-beta at depth {}; values are its scores / {})",
            minimax::DEFAULT_DEPTH,
            minimax::WIN_SCORE
        )
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
        let values = Minimax.potential_moves(&board, Tile::Black, 2);
        assert_eq!(best_moves(&board, &values).1, vec![4]);
        // On the empty board several columns score the same: only the leftmost is best.
        let empty = get_new_board(7, 6);
        let values = Minimax.potential_moves(&empty, Tile::Black, 2);
        let (best, columns) = best_moves(&empty, &values);
        assert_eq!(columns.len(), 1, "{values:?}");
        let lower: Vec<usize> = (0..7).filter(|&c| values[c].next_up() == best).collect();
        assert!(lower.iter().all(|&c| c > columns[0]), "{values:?}");
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
            let values = Minimax.potential_moves(&b, Tile::Black, 2);
            let (best, columns) = best_moves(&b, &values);
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
        assert!(auto.describe(&empty, 2).starts_with("faithful"));
        assert!(auto.describe(&empty, 4).starts_with("fast"));
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

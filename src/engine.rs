//! Which search computes the potential-move values.
//!
//! The tutorial's engines (`fast`, `faithful`) must return exactly the
//! doubles that the one-to-one [`crate::ai::get_potential_moves`] returns,
//! on every board. `minimax` is another AI altogether (seed 001's).

pub mod fast;
pub mod solver;

use std::fmt;
use std::str::FromStr;

use crate::ai::{get_best_moves, get_potential_moves, Choices};
use crate::board::{is_valid_move, Board, Tile};
use crate::minimax::{minimax_move, DEFAULT_DEPTH};

/// A search that computes `getPotentialMoves`' values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Engine {
    /// Bitboards, a transposition table and both cores: the same doubles,
    /// thousands of times sooner (see [`fast`]). The default.
    #[default]
    Fast,
    /// The line-by-line twin of the Python function: the readable reference.
    Faithful,
    /// Not the tutorial's AI: seed 001's minimax with alpha-beta at depth 4
    /// and its window-scoring evaluation ([`crate::minimax`]). Its values
    /// are minimax scores, not the Python's; `--difficulty` does not apply.
    Minimax,
}

impl Engine {
    /// All engines, in the order `--help` lists them.
    pub const ALL: [Engine; 3] = [Engine::Fast, Engine::Faithful, Engine::Minimax];

    /// The engines that compute the Python's `getPotentialMoves` values.
    pub fn is_tutorials(self) -> bool {
        self != Engine::Minimax
    }

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Fast => "fast",
            Engine::Faithful => "faithful",
            Engine::Minimax => "minimax",
        }
    }

    /// `getPotentialMoves(board, tile, look_ahead)`, computed by this engine.
    pub fn potential_moves(self, board: &Board, tile: Tile, look_ahead: u32) -> Vec<f64> {
        match self {
            Engine::Fast => fast::potential_moves(board, tile, look_ahead),
            Engine::Faithful => get_potential_moves(board, tile, look_ahead),
            Engine::Minimax => {
                // Each valid column's exact minimax score (full columns 0, as
                // the Python leaves them); the seed's random first pick only
                // matters at depth 0, so a fixed one stands in for it here.
                let scores = minimax_move(board, tile, DEFAULT_DEPTH, &mut FirstChoice)
                    .map(|m| m.column_scores)
                    .unwrap_or_default();
                (0..board.width())
                    .map(|c| scores.get(c).copied().flatten().map_or(0.0, |v| v as f64))
                    .collect()
            }
        }
    }

    /// The best value and the columns to choose among, by this engine's rule.
    ///
    /// The tutorial's engines follow `getComputerMove` ([`get_best_moves`]);
    /// minimax plays the leftmost valid column with the greatest score, as
    /// seed 001 does.
    pub fn best_moves(self, board: &Board, potential_moves: &[f64]) -> (f64, Vec<usize>) {
        if self.is_tutorials() {
            return get_best_moves(board, potential_moves);
        }
        let mut best: Option<(usize, f64)> = None;
        for (column, &value) in potential_moves.iter().enumerate() {
            if is_valid_move(board, column) && best.is_none_or(|(_, b)| value > b) {
                best = Some((column, value));
            }
        }
        best.map_or((f64::NEG_INFINITY, Vec::new()), |(column, value)| {
            (value, vec![column])
        })
    }
}

/// A stand-in for the random generator that always takes the first option.
struct FirstChoice;

impl Choices for FirstChoice {
    fn choice(&mut self, seq: &[usize]) -> usize {
        seq.first().copied().unwrap_or(0)
    }

    fn randint_0_1(&mut self) -> u8 {
        0
    }
}

impl fmt::Display for Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Engine {
    type Err = String;

    fn from_str(s: &str) -> Result<Engine, String> {
        Engine::ALL
            .into_iter()
            .find(|e| e.name() == s)
            .ok_or_else(|| {
                let names: Vec<&str> = Engine::ALL.iter().map(|e| e.name()).collect();
                format!("unknown engine '{s}' (choose {})", names.join(" or "))
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::boardtext::parse_board;

    #[test]
    fn minimax_blocks_and_takes_the_leftmost_best() {
        // Red threatens column 4 along the bottom: minimax must block it.
        let board = parse_board("......./......./......./......./......./BRRR.BB").unwrap();
        let values = Engine::Minimax.potential_moves(&board, Tile::Black, 2);
        let (score, best) = Engine::Minimax.best_moves(&board, &values);
        assert_eq!(best, vec![4]);
        assert_eq!(score, values[4]);
        // A full column is never chosen, whatever its value.
        let full = parse_board("B.../R.../B.../R...").unwrap();
        let (_, best) = Engine::Minimax.best_moves(&full, &[99.0, 1.0, 1.0, 0.0]);
        assert_eq!(best, vec![1]);
    }

    #[test]
    fn names_parse_back() {
        for engine in Engine::ALL {
            assert_eq!(engine.name().parse::<Engine>(), Ok(engine));
        }
        assert!("best"
            .parse::<Engine>()
            .unwrap_err()
            .contains("unknown engine 'best'"));
    }
}

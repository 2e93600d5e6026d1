//! The computer player of `fourinrow.py`: `getPotentialMoves` and `getComputerMove`.
//!
//! [`get_potential_moves`] is the one-to-one twin of the Python function and
//! the readable reference: same loops, same `break`s, same arithmetic, so it
//! returns the very doubles the Python computes. The fast engine in
//! [`crate::engine`] must agree with it bit for bit.

use crate::board::{is_board_full, is_valid_move, is_winner, make_move, Board, Tile};
use crate::engine::Engine;
use crate::error::{Error, Stop};

/// The two random decisions the game makes, so that a seeded generator, a
/// replay script or a test can make them.
///
/// Python calls `random.choice(bestMoves)` and `random.randint(0, 1)`.
pub trait Choices {
    /// Picks one of `seq`, which is never empty. Python: `random.choice(seq)`.
    fn choice(&mut self, seq: &[usize]) -> usize;

    /// Tosses the coin that decides who starts a game after the first:
    /// `0` means the computer. Python: `random.randint(0, 1)`.
    fn randint_0_1(&mut self) -> u8;
}

/// Where the computer's search runs, and who makes its random choices.
///
/// Python runs `getPotentialMoves` right where it is called, freezing the
/// window meanwhile. The port asks a `Brain`: in a window the search runs on
/// a worker thread while the window stays alive (and closing it stops the
/// game at once); in a replay, `analyze` or a test it runs on the spot.
pub trait Brain: Choices {
    /// The engine that computes the values (its rule picks the best moves).
    fn engine(&self) -> Engine;

    /// `getPotentialMoves(board, tile, look_ahead)`, computed by the
    /// engine, or `Err` when the game is stopped meanwhile. On the spot
    /// unless the brain says otherwise.
    fn potential_moves(
        &mut self,
        board: &Board,
        tile: Tile,
        look_ahead: u32,
    ) -> Result<Vec<f64>, Stop> {
        Ok(self.engine().potential_moves(board, tile, look_ahead))
    }
}

/// A [`Brain`] that searches on the spot, with a random generator for its choices.
#[derive(Clone, Debug)]
pub struct Immediate<R> {
    /// The search to run.
    pub engine: Engine,
    /// The random generator.
    pub rng: R,
}

impl<R: rand::Rng> Choices for Immediate<R> {
    fn choice(&mut self, seq: &[usize]) -> usize {
        self.rng.choice(seq)
    }

    fn randint_0_1(&mut self) -> u8 {
        self.rng.randint_0_1()
    }
}

impl<R: rand::Rng> Brain for Immediate<R> {
    fn engine(&self) -> Engine {
        self.engine
    }
}

impl<R: rand::Rng> Choices for R {
    fn choice(&mut self, seq: &[usize]) -> usize {
        seq[self.random_range(0..seq.len())]
    }

    fn randint_0_1(&mut self) -> u8 {
        self.random_range(0..=1)
    }
}

/// Python's `sum(results)`: the values added left to right, starting from 0.
///
/// Spelt out rather than `Iterator::sum`, whose starting value for floats is
/// an implementation detail (`-0.0` in recent Rust).
fn python_sum(values: &[f64]) -> f64 {
    values.iter().fold(0.0, |total, v| total + v)
}

/// How good each first move is for `tile`, looking `look_ahead` moves ahead:
/// `1` wins at once, `-1` lets the enemy win at once, and in between the
/// average of the replies' values. Invalid columns stay `0`.
///
/// Python: `getPotentialMoves(board, tile, lookAhead)`. The quirks are kept,
/// because they decide the numbers: the search stops at the first winning
/// column (later columns stay `0`), `isWinner` looks at the whole board (a
/// board that already holds four in a row counts as a win), and each reply
/// adds `(sum(results) / width) / width`, two divisions.
// The loops index `potential_moves` by column, as the Python's `range(BOARDWIDTH)` loops do.
#[allow(clippy::needless_range_loop)]
pub fn get_potential_moves(board: &Board, tile: Tile, look_ahead: u32) -> Vec<f64> {
    let width = board.width();
    if look_ahead == 0 || is_board_full(board) {
        return vec![0.0; width];
    }

    let enemy_tile = tile.enemy();
    let mut potential_moves = vec![0.0; width];
    for first_move in 0..width {
        // Python: copy.deepcopy(board). A Board owns its cells, so clone() is a deep copy.
        let mut dupe_board = board.clone();
        if !is_valid_move(&dupe_board, first_move) {
            continue;
        }
        make_move(&mut dupe_board, tile, first_move);
        if is_winner(&dupe_board, tile) {
            potential_moves[first_move] = 1.0;
            break;
        } else if is_board_full(&dupe_board) {
            potential_moves[first_move] = 0.0;
        } else {
            for counter_move in 0..width {
                let mut dupe_board2 = dupe_board.clone();
                if !is_valid_move(&dupe_board2, counter_move) {
                    continue;
                }
                make_move(&mut dupe_board2, enemy_tile, counter_move);
                if is_winner(&dupe_board2, enemy_tile) {
                    potential_moves[first_move] = -1.0;
                    break;
                } else {
                    let results = get_potential_moves(&dupe_board2, tile, look_ahead - 1);
                    // Python: (sum(results)*1.0 / BOARDWIDTH) / BOARDWIDTH
                    potential_moves[first_move] +=
                        (python_sum(&results) * 1.0 / width as f64) / width as f64;
                }
            }
        }
    }
    potential_moves
}

/// What the computer weighed and chose for one move: every number the
/// tutorial prints while it explains the AI.
#[derive(Clone, Debug, PartialEq)]
pub struct ComputerMove {
    /// The value of each column. Python: `potentialMoves`.
    pub potential_moves: Vec<f64>,
    /// The best value among the valid columns. Python: `bestMoveFitness`
    /// after its loop (the Python prints it before the loop, so it prints `-1`).
    pub best_move_fitness: f64,
    /// The valid columns with the best value. Python: `bestMoves`.
    pub best_moves: Vec<usize>,
    /// The column played, one of `best_moves`. Python: `random.choice(bestMoves)`.
    pub column: usize,
}

/// The best value among the valid columns and the columns that have it.
///
/// Python: the two loops in the middle of `getComputerMove`:
/// `bestMoveFitness` starts at `-1`, rises on a strictly greater value of a
/// valid column, and `bestMoves` lists the valid columns equal to it. On a
/// full board the list is empty.
pub fn get_best_moves(board: &Board, potential_moves: &[f64]) -> (f64, Vec<usize>) {
    let mut best_move_fitness = -1.0;
    for (i, &value) in potential_moves.iter().enumerate() {
        if value > best_move_fitness && is_valid_move(board, i) {
            best_move_fitness = value;
        }
    }
    let best_moves = potential_moves
        .iter()
        .enumerate()
        .filter(|&(i, &value)| value == best_move_fitness && is_valid_move(board, i))
        .map(|(i, _)| i)
        .collect();
    (best_move_fitness, best_moves)
}

/// The computer's move: its values, its best columns, and the one chosen.
///
/// Python: `getComputerMove(board)`, which reads `DIFFICULTY` from a global,
/// always plays black, and prints `bestMoveFitness` (still `-1` at that
/// point) and `bestMoves`. Here the numbers are returned for the caller to
/// print or show, and the search runs wherever `brain` runs it.
pub fn get_computer_move(
    board: &Board,
    difficulty: u32,
    brain: &mut dyn Brain,
) -> Result<ComputerMove, Stop> {
    let potential_moves = brain.potential_moves(board, Tile::Black, difficulty)?;
    let (best_move_fitness, best_moves) = brain.engine().best_moves(board, &potential_moves);
    if best_moves.is_empty() {
        // The game never asks on a full board; the Python's random.choice([]) would raise.
        return Err(Stop::Failed(Error::Internal(format!(
            "the computer has no valid column on board {board:?}"
        ))));
    }
    let column = brain.choice(&best_moves);
    Ok(ComputerMove {
        potential_moves,
        best_move_fitness,
        best_moves,
        column,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::get_new_board;
    use crate::boardtext::parse_board;
    use rand::SeedableRng;

    #[test]
    fn look_ahead_zero_and_full_boards_value_nothing() {
        let b = get_new_board(7, 6).unwrap();
        assert_eq!(get_potential_moves(&b, Tile::Black, 0), vec![0.0; 7]);
        let full = parse_board("RBRB/RBRB/BRBR/BRBR").unwrap();
        assert_eq!(get_potential_moves(&full, Tile::Black, 3), vec![0.0; 4]);
        assert_eq!(get_best_moves(&full, &[0.0; 4]), (-1.0, vec![]));
    }

    #[test]
    fn a_winning_move_scores_one_and_stops_the_search() {
        // Black wins in column 2; columns 3 and 4 are never looked at.
        let b = parse_board("...../...../...../BB.BR/RRBRR").unwrap();
        let pm = get_potential_moves(&b, Tile::Black, 2);
        assert_eq!(pm[2], 1.0);
        assert_eq!(&pm[3..], &[0.0, 0.0]);
    }

    #[test]
    fn a_move_that_lets_the_enemy_win_scores_minus_one() {
        // Red threatens column 4 (three in a row along the bottom); black must block.
        let b = parse_board("......./......./......./......./......./BRRR.BB").unwrap();
        let pm = get_potential_moves(&b, Tile::Black, 1);
        assert_eq!(pm, vec![-1.0, -1.0, -1.0, -1.0, 0.0, -1.0, -1.0]);
        let (fitness, best) = get_best_moves(&b, &pm);
        assert_eq!((fitness, best), (0.0, vec![4]));
    }

    #[test]
    fn values_are_averages_of_averages() {
        // One ply deeper, each reply adds (sum / width) / width.
        let b = get_new_board(4, 4).unwrap();
        let pm = get_potential_moves(&b, Tile::Black, 2);
        assert!(pm.iter().all(|v| v.abs() < 1.0));
    }

    #[test]
    fn best_moves_skip_full_columns_even_with_better_values() {
        let b = parse_board("B.../R.../B.../R...").unwrap();
        let (fitness, best) = get_best_moves(&b, &[0.5, 0.25, 0.25, -1.0]);
        assert_eq!(fitness, 0.25);
        assert_eq!(best, vec![1, 2]);
    }

    #[test]
    fn all_losing_columns_are_still_chosen_among() {
        let b = get_new_board(4, 4).unwrap();
        let (fitness, best) = get_best_moves(&b, &[-1.0; 4]);
        assert_eq!((fitness, best), (-1.0, vec![0, 1, 2, 3]));
    }

    #[test]
    fn the_computer_plays_one_of_its_best_moves() {
        let b = parse_board("......./......./......./......./......./BRRR.BB").unwrap();
        let mut brain = Immediate {
            engine: Engine::Faithful,
            rng: rand::rngs::StdRng::seed_from_u64(7),
        };
        let m = get_computer_move(&b, 1, &mut brain).unwrap();
        assert_eq!(
            (m.best_moves, m.column, m.best_move_fitness),
            (vec![4], 4, 0.0)
        );
        // On the empty board every column is best, and the generator picks among them.
        let empty = get_new_board(7, 6).unwrap();
        let mut seen = [false; 7];
        for _ in 0..200 {
            let m = get_computer_move(&empty, 1, &mut brain).unwrap();
            assert_eq!(m.best_moves, (0..7).collect::<Vec<_>>());
            seen[m.column] = true;
        }
        assert!(
            seen.iter().all(|&s| s),
            "every column gets chosen: {seen:?}"
        );
        let full = parse_board("RBRB/RBRB/BRBR/BRBR").unwrap();
        assert!(matches!(
            get_computer_move(&full, 2, &mut brain),
            Err(Stop::Failed(_))
        ));
    }

    #[test]
    fn python_sum_starts_from_positive_zero() {
        assert_eq!(python_sum(&[]).to_bits(), 0.0f64.to_bits());
        assert_eq!(python_sum(&[-0.0]).to_bits(), 0.0f64.to_bits());
        assert_eq!(python_sum(&[0.1, 0.2, 0.3]), (0.1 + 0.2) + 0.3);
    }
}

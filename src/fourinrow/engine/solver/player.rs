//! The solver as the game's engine (`--engine solver`): exact results,
//! within a time budget a move, at one of the [`Level`]s.
//!
//! The twins ask an engine for `getPotentialMoves`-like values and play a
//! random one of the columns with the greatest value, as `getComputerMove`
//! does. So the level's decision is written into the values: each column's
//! [`Level::keys`] (its exact score plus the level's noise; +infinity for a
//! win at once, -infinity for a column that hands the opponent a win),
//! squeezed into the tutorial's range, where `1` wins at once and `-1`
//! loses at once, by a function that keeps their order. The greatest value
//! is then the level's own choice.

use std::sync::atomic::AtomicBool;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha12Rng;

use super::{Analysis, Book, Level, Outcome, Position, Solver};
use crate::fourinrow::port::board::{Board, Tile};
use crate::fourinrow::port::globals::Engine;

/// How long a move may take by default: enough, on the development machine,
/// to prove most moves after the first dozen and to look 17 to 20 moves
/// ahead in the opening.
pub const DEFAULT_BUDGET: Duration = Duration::from_secs(2);

/// The solver behind the port's [`Engine`] trait.
pub struct SolverEngine {
    /// How well it plays.
    level: Level,
    /// The longest a move may take.
    budget: Duration,
    /// The solver (its table is kept from one move to the next), the
    /// level's random generator, and the last position analysed.
    state: Mutex<State>,
}

/// What the engine keeps between calls.
struct State {
    solver: Solver,
    rng: ChaCha12Rng,
    last: Option<Analysed>,
}

/// The last position analysed, so that `describe` and `results` can tell
/// about it without searching again.
struct Analysed {
    board: Board,
    tile: Tile,
    position: Position,
    analysis: Analysis,
}

impl SolverEngine {
    /// A solver engine at `level`, taking at most `budget` a move, its
    /// random choices from `seed`, looking positions up in `book` first.
    pub fn new(level: Level, budget: Duration, seed: u64, book: Option<Book>) -> SolverEngine {
        SolverEngine {
            level,
            budget,
            state: Mutex::new(State {
                solver: Solver::new().with_book(book),
                rng: ChaCha12Rng::seed_from_u64(seed),
                last: None,
            }),
        }
    }
}

/// The text of each column's result in an analysis.
fn column_results(last: &Analysed) -> Vec<Option<String>> {
    let a = &last.analysis;
    a.scores
        .iter()
        .zip(&a.proven)
        .enumerate()
        .map(|(c, (score, &proven))| {
            score.map(|s| match (proven, Outcome::of(&last.position, s)) {
                (true, outcome) | (false, outcome @ (Outcome::Win(_) | Outcome::Loss(_))) => {
                    outcome.to_string()
                }
                // Unproven: what the bounds found say, else the horizon.
                (false, Outcome::Draw) => match (a.lower[c], a.upper[c]) {
                    (Some(l), _) if l > 0 => "a win, how soon not yet proven".to_string(),
                    (_, Some(u)) if u < 0 => "a loss, how soon not yet proven".to_string(),
                    (Some(0), _) => "at least a draw, a win not ruled out".to_string(),
                    (_, Some(0)) => {
                        format!("no win; no loss forced within {} moves", a.depth)
                    }
                    _ => format!("nothing forced within {} moves", a.depth),
                },
            })
        })
        .collect()
}

/// A key (a score plus noise, or an infinity) in the tutorial's range:
/// `1` for a win at once, `-1` for a loss at once, strictly between for the
/// rest, in the same order.
fn value_of(key: f64, scale: f64) -> f64 {
    if key == f64::INFINITY {
        1.0
    } else if key == f64::NEG_INFINITY {
        -1.0
    } else {
        0.99 * (key / scale).tanh()
    }
}

impl Engine for SolverEngine {
    fn potential_moves(&self, board: &Board, tile: Tile, _look_ahead: u32) -> Vec<f64> {
        let Ok(position) = Position::from_board(board, tile) else {
            // Not a position the solver takes (a four already on the board,
            // say): every column alike, as the tutorial's engines value a
            // finished board.
            return vec![0.0; board.width()];
        };
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        let never = AtomicBool::new(false);
        let analysis = state.solver.analyze_within(&position, Instant::now() + self.budget, &never);
        let State { rng, .. } = &mut *state;
        let keys = self.level.keys(&position, &analysis.play_scores(), rng);
        let scale = f64::from(position.win_now_score().max(1));
        let values = keys.iter().map(|k| k.map_or(0.0, |k| value_of(k, scale))).collect();
        state.last = Some(Analysed { board: board.clone(), tile, position, analysis });
        values
    }

    fn describe(&self, board: &Board, _look_ahead: u32) -> String {
        let state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        let level = self.level;
        let Some(last) = state.last.as_ref().filter(|l| l.board == *board) else {
            return format!("solver, {level} level");
        };
        let a = &last.analysis;
        let booked = a.from_book.iter().filter(|b| **b).count();
        let proven = if a.is_proven() && booked > 0 {
            let searched = a.scores.iter().zip(&a.from_book).filter(|(s, b)| s.is_some() && !**b);
            match searched.count() {
                0 => "proven (opening book)".to_string(),
                n => format!("proven ({booked} columns from the opening book, {n} by search)"),
            }
        } else if a.is_proven() {
            "proven".to_string()
        } else {
            format!(
                "not all proven within {:.1} s (looked {} moves ahead)",
                self.budget.as_secs_f64(),
                last.analysis.depth
            )
        };
        let results: Vec<String> = column_results(last)
            .into_iter()
            .enumerate()
            .filter_map(|(c, r)| r.map(|r| format!("{c} {r}")))
            .collect();
        format!("solver, {level} level, {proven}: {}", results.join(", "))
    }

    /// Each column's result for `tile` on `board`, if it was the last
    /// position analysed: "win in 7", "draw", "loss in 12" (the player's
    /// own moves), or "no loss within N" for an unproven draw.
    fn results(&self, board: &Board, tile: Tile) -> Option<Vec<Option<String>>> {
        let state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        let last = state.last.as_ref().filter(|l| l.board == *board && l.tile == tile)?;
        Some(column_results(last))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fourinrow::engine::best_moves;
    use crate::fourinrow::port::board::get_new_board;
    use crate::fourinrow::tools::boardtext::parse_board;

    #[test]
    fn the_perfect_level_takes_a_win_and_blocks_and_says_what_it_found() {
        let engine = SolverEngine::new(Level::Perfect, Duration::from_secs(5), 1, None);
        // Black wins at once in column 3 (counting from 0, as everywhere here).
        // A 5x4 board, so that a debug build proves every column in
        // milliseconds even on a loaded machine.
        let b = parse_board("...../...../RRR../BBB.R").unwrap();
        let values = engine.potential_moves(&b, Tile::Black, 2);
        assert_eq!(values[3], 1.0, "{values:?}");
        assert_eq!(best_moves(&b, &values).1, vec![3]);
        let described = engine.describe(&b, 2);
        assert!(described.starts_with("solver, perfect level, proven: 0 "), "{described}");
        assert!(described.contains("3 win in 1"), "{described}");
        // Red threatens column 3: every other column loses at once.
        let b = parse_board("...../...../BB.../RRR.B").unwrap();
        let values = engine.potential_moves(&b, Tile::Black, 2);
        assert_eq!(best_moves(&b, &values).1, vec![3], "{values:?}");
        assert!(values.iter().enumerate().all(|(c, &v)| c == 3 || v == -1.0), "{values:?}");
        let results = engine.results(&b, Tile::Black).unwrap();
        assert_eq!(results[0].as_deref(), Some("loss in 1"));
        assert!(engine.results(&get_new_board(7, 6), Tile::Black).is_none(), "not analysed");
    }

    #[test]
    fn a_short_budget_still_gives_a_move_and_says_it_is_not_proven() {
        let engine = SolverEngine::new(Level::Perfect, Duration::from_millis(50), 1, None);
        let empty = get_new_board(7, 6);
        let values = engine.potential_moves(&empty, Tile::Black, 2);
        let (_, best) = best_moves(&empty, &values);
        assert!(!best.is_empty() && best.len() <= 7);
        assert!(engine.describe(&empty, 2).contains("not all proven within 0.1 s"));
    }

    #[test]
    fn columns_from_the_book_are_proven_at_once_and_say_so() {
        // A 5x4 book holding every child of one position, scored by the search.
        let board = parse_board("...../...../..R../.BB.R").unwrap();
        let p = Position::from_board(&board, Tile::Red).unwrap();
        let mut solver = Solver::new();
        let mut entries: Vec<(u64, i8)> = (0..5)
            .filter(|&c| p.can_play(c) && !p.is_winning_move(c))
            .map(|c| {
                let child = p.child(c);
                (super::super::book::key(&child).unwrap(), solver.solve(&child, false) as i8)
            })
            .collect();
        entries.sort_unstable();
        let cover = super::super::book::Coverage { plies: 0, all_plies: 0, lines_from: 0 };
        let bytes = Book::to_bytes(5, 4, cover, &entries);
        let book = Book::parse(std::borrow::Cow::Owned(bytes)).unwrap();
        // A budget far too short to search anything: the book answers.
        let engine = SolverEngine::new(Level::Perfect, Duration::from_nanos(1), 1, Some(book));
        engine.potential_moves(&board, Tile::Red, 2);
        let described = engine.describe(&board, 2);
        assert!(
            described.starts_with("solver, perfect level, proven (opening book): "),
            "{described}"
        );
        let exact = Solver::new().analyze(&p, false);
        let results = engine.results(&board, Tile::Red).unwrap();
        for (c, (result, exact)) in results.iter().zip(&exact).enumerate() {
            let want = exact.map(|s| Outcome::of(&p, s).to_string());
            assert_eq!(*result, want, "column {c}");
        }
    }

    #[test]
    fn unproven_columns_say_what_their_bounds_prove() {
        let board = get_new_board(7, 6);
        let position = Position::from_board(&board, Tile::Red).unwrap();
        let analysis = Analysis {
            scores: vec![Some(0), Some(0), Some(0), Some(0), Some(0), Some(5), None],
            proven: vec![false, false, false, false, false, true, true],
            from_book: vec![false; 7],
            lower: vec![Some(1), None, Some(0), None, None, None, None],
            upper: vec![None, Some(-1), None, Some(0), None, None, None],
            depth: 9,
            interrupted: false,
        };
        let last = Analysed { board, tile: Tile::Red, position, analysis };
        let results = column_results(&last);
        let text = |c: usize| results[c].as_deref();
        assert_eq!(text(0), Some("a win, how soon not yet proven"));
        assert_eq!(text(1), Some("a loss, how soon not yet proven"));
        assert_eq!(text(2), Some("at least a draw, a win not ruled out"));
        assert_eq!(text(3), Some("no win; no loss forced within 9 moves"));
        assert_eq!(text(4), Some("nothing forced within 9 moves"));
        assert_eq!(text(5), Some("win in 17"));
        assert_eq!(text(6), None);
    }

    #[test]
    fn values_keep_the_keys_order_within_the_tutorials_range() {
        let mut last = -1.0;
        for key in [-40.0, -3.5, -0.2, 0.0, 0.3, 7.0, 19.0, 300.0] {
            let v = value_of(key, 18.0);
            assert!(v > last && v > -1.0 && v < 1.0, "{key}: {v}");
            last = v;
        }
        assert_eq!(value_of(f64::INFINITY, 18.0), 1.0);
        assert_eq!(value_of(f64::NEG_INFINITY, 18.0), -1.0);
    }
}

//! The solver as the game's engine (`--engine solver`): exact results,
//! within a time budget a move, at one of the [`Level`]s.
//!
//! It chooses: its [`Reply`] names the columns the level plays
//! ([`Reply::chosen`], those of the greatest [`Level::keys`]), and proves
//! what it can of every column ([`Reply::exact`]). Its values, for
//! `getComputerMove` to print and the tools to show, are the columns'
//! scores in the tutorial's range: `1` wins at once, `-1` lets the
//! opponent win at once, `0` a draw (or nothing forced yet), a win or a
//! loss in between, the sooner the nearer to `1` or `-1`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha12Rng;

use super::levels::perfect_order;
use super::{Analysis, Book, Level, Position, Solver};
use crate::fourinrow::port::board::{Board, Tile};
use crate::fourinrow::port::engine::{By, Engine, Reply};

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
    /// The solver, its table kept from one move to the next. `reply` takes
    /// `&self`, so that the window's worker thread can run it; a reply and
    /// a ponder both search, one at a time.
    solver: Mutex<Solver>,
    /// The level's random generator.
    rng: Mutex<ChaCha12Rng>,
    /// What the last ponder found: the human's position first, then the
    /// computer's after the human's columns, each analysed with the budget
    /// a reply has. A reply in one of them answers at once, without
    /// waiting for the solver.
    pondered: Mutex<Vec<(Position, Analysis)>>,
    /// Set while a reply waits for the solver: the ponder lets it go first
    /// after the analysis it is in.
    wanted: AtomicBool,
    /// Whether it ponders when given the chance (`--no-ponder`: not).
    ponders: bool,
}

impl SolverEngine {
    /// A solver engine at `level`, taking at most `budget` a move, its
    /// random choices from `seed`, looking positions up in `book` first.
    pub fn new(level: Level, budget: Duration, seed: u64, book: Option<Book>) -> SolverEngine {
        SolverEngine {
            level,
            budget,
            solver: Mutex::new(Solver::new().with_book(book)),
            rng: Mutex::new(ChaCha12Rng::seed_from_u64(seed)),
            pondered: Mutex::new(Vec::new()),
            wanted: AtomicBool::new(false),
            ponders: true,
        }
    }

    /// The same engine, pondering when given the chance or not.
    pub fn pondering(self, ponders: bool) -> SolverEngine {
        SolverEngine { ponders, ..self }
    }

    /// What the last ponder found for `position`, if it got to it.
    fn pondered(&self, position: &Position) -> Option<Analysis> {
        let pondered = lock(&self.pondered);
        pondered.iter().find(|(p, _)| p == position).map(|(_, analysis)| analysis.clone())
    }

    /// The analysis a reply gives for `position`: the ponder's, or a search
    /// within the budget.
    fn analysis(&self, position: &Position) -> Analysis {
        if let Some(analysis) = self.pondered(position) {
            return analysis;
        }
        self.wanted.store(true, Ordering::Relaxed);
        let mut solver = lock(&self.solver);
        self.wanted.store(false, Ordering::Relaxed);
        // The ponder may have finished this very position meanwhile.
        self.pondered(position).unwrap_or_else(|| {
            let never = AtomicBool::new(false);
            solver.analyze_within(position, Instant::now() + self.budget, &never)
        })
    }

    /// Analyses `position` as a reply would and keeps the analysis; `None`
    /// if `stop` cut it short. A reply waiting for the solver goes first.
    fn ponder_one(&self, position: &Position, stop: &AtomicBool) -> Option<Analysis> {
        let mut solver = loop {
            if stop.load(Ordering::Relaxed) {
                return None;
            }
            if self.wanted.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(1));
                continue;
            }
            let solver = lock(&self.solver);
            // A reply may have come to wait meanwhile.
            if !self.wanted.load(Ordering::Relaxed) {
                break solver;
            }
        };
        let analysis = solver.analyze_within(position, Instant::now() + self.budget, stop);
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        // Kept before the solver is let go, so that a reply waiting for it
        // finds the analysis.
        lock(&self.pondered).push((*position, analysis.clone()));
        Some(analysis)
    }
}

/// `mutex`'s value; a thread that panicked while holding it left nothing
/// half-done that matters here (a table entry, a generator's state).
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

/// A score in the tutorial's range: a win scaled by the win at once
/// (`1`), a loss by the loss at once (`-1`), so that the order is kept.
fn value_of(position: &Position, score: i32) -> f64 {
    if score > 0 {
        f64::from(score) / f64::from(position.win_now_score())
    } else if score < 0 {
        f64::from(score) / -f64::from(position.lose_next_score())
    } else {
        0.0
    }
}

/// The columns of the greatest key: the level's choice (more than one
/// only when keys tie, two wins at once, say).
fn greatest(keys: &[Option<f64>]) -> Vec<usize> {
    let best = keys.iter().flatten().copied().fold(f64::NEG_INFINITY, f64::max);
    (0..keys.len()).filter(|&c| keys[c].is_some_and(|k| k == best)).collect()
}

impl Engine for SolverEngine {
    fn reply(&self, board: &Board, tile: Tile, _look_ahead: u32) -> Reply {
        let by = By::Solver { level: self.level.name(), budget: self.budget };
        let Ok(position) = Position::from_board(board, tile) else {
            // Not a position the solver takes (a four already on the board,
            // say): every column alike, as the tutorial's engines value a
            // finished board, and getComputerMove's rule chooses.
            return Reply::values(vec![0.0; board.width()], by);
        };
        let analysis = self.analysis(&position);
        let scores = analysis.play_scores();
        let keys = self.level.keys(&position, &scores, &mut lock(&self.rng));
        Reply {
            potential_moves: scores
                .iter()
                .map(|s| s.map_or(0.0, |s| value_of(&position, s)))
                .collect(),
            chosen: Some(greatest(&keys)),
            by,
            exact: Some(analysis.exact(&position)),
        }
    }

    fn ponders(&self) -> bool {
        self.ponders
    }

    /// Analyses the human's position as `reply` would, with the same
    /// budget, then the computer's after each of the human's columns, the
    /// human's best first, and keeps each analysis that `stop` did not cut
    /// short. The table keeps what the searches found either way.
    fn ponder(&self, board: &Board, tile: Tile, stop: &AtomicBool) {
        let Ok(position) = Position::from_board(board, tile) else {
            return;
        };
        // A ponder whose thread started only after the game went on must
        // not drop what a later one found.
        if stop.load(Ordering::Relaxed) {
            return;
        }
        lock(&self.pondered).clear();
        let Some(hint) = self.ponder_one(&position, stop) else {
            return;
        };
        // The player's best columns first; among equals (the unproven
        // ones), the central ones, as the perfect level prefers them.
        let scores = hint.play_scores();
        let mut columns = perfect_order(&position);
        columns.retain(|&c| !position.is_winning_move(c));
        columns.sort_by_key(|&c| std::cmp::Reverse(scores[c]));
        for c in columns {
            let child = position.child(c);
            if child.is_full() {
                continue;
            }
            if self.ponder_one(&child, stop).is_none() {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fourinrow::engine::choice;
    use crate::fourinrow::port::board::{get_new_board, make_move};
    use crate::fourinrow::port::engine::Outcome;
    use crate::fourinrow::tools::boardtext::parse_board;

    #[test]
    fn the_perfect_level_takes_a_win_and_blocks_and_proves_it() {
        let engine = SolverEngine::new(Level::Perfect, Duration::from_secs(5), 1, None);
        // Black wins at once in column 3 (counting from 0, as everywhere here).
        // A 5x4 board, so that a debug build proves every column in
        // milliseconds even on a loaded machine.
        let b = parse_board("...../...../RRR../BBB.R").unwrap();
        let reply = engine.reply(&b, Tile::Black, 2);
        assert_eq!(reply.chosen, Some(vec![3]), "{reply:?}");
        assert_eq!(reply.potential_moves[3], 1.0, "{reply:?}");
        let exact = reply.exact.as_ref().unwrap();
        assert!(exact.is_proven());
        let three = exact.columns[3].unwrap();
        assert_eq!((three.outcome, three.proven), (Outcome::Win(1), true));
        assert_eq!(reply.by, By::Solver { level: "perfect", budget: Duration::from_secs(5) });
        // Red threatens column 3: every other column loses at once.
        let b = parse_board("...../...../BB.../RRR.B").unwrap();
        let reply = engine.reply(&b, Tile::Black, 2);
        assert_eq!(choice(&b, &reply).1, vec![3], "{reply:?}");
        let values = &reply.potential_moves;
        assert!(values.iter().enumerate().all(|(c, &v)| c == 3 || v == -1.0), "{values:?}");
        let exact = reply.exact.unwrap();
        assert_eq!(exact.columns[0].unwrap().outcome, Outcome::Loss(1));
    }

    #[test]
    fn a_short_budget_still_chooses_and_proves_less() {
        let engine = SolverEngine::new(Level::Perfect, Duration::from_millis(50), 1, None);
        let empty = get_new_board(7, 6);
        let reply = engine.reply(&empty, Tile::Black, 2);
        let chosen = reply.chosen.unwrap();
        assert!(!chosen.is_empty() && chosen.len() <= 7);
        let exact = reply.exact.unwrap();
        assert!(!exact.is_proven());
        assert!(exact.depth < 42, "{}", exact.depth);
    }

    #[test]
    fn a_finished_board_leaves_the_choice_to_get_computer_move() {
        let engine = SolverEngine::new(Level::Perfect, Duration::from_secs(5), 1, None);
        let b = parse_board("...../B..../B..../BRRRR").unwrap();
        let reply = engine.reply(&b, Tile::Black, 2);
        assert_eq!(reply, Reply::values(vec![0.0; 5], reply.by));
    }

    #[test]
    fn columns_from_the_book_are_proven_at_once_and_marked() {
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
        let exact = engine.reply(&board, Tile::Red, 2).exact.unwrap();
        assert!(exact.is_proven());
        let scores = Solver::new().analyze(&p, false);
        for (c, (known, score)) in exact.columns.iter().zip(&scores).enumerate() {
            assert_eq!(known.map(|k| k.score), *score, "column {c}");
            assert!(known.is_none_or(|k| k.from_book), "column {c}");
        }
    }

    #[test]
    fn a_ponder_answers_the_hint_and_the_computers_next_reply() {
        let engine = SolverEngine::new(Level::Perfect, Duration::from_secs(5), 1, None);
        assert!(engine.ponders());
        assert!(!SolverEngine::new(Level::Perfect, DEFAULT_BUDGET, 1, None)
            .pondering(false)
            .ponders());
        let board = parse_board("...../...../..R../.BB.R").unwrap();
        let never = AtomicBool::new(false);
        engine.ponder(&board, Tile::Red, &never);
        let position = Position::from_board(&board, Tile::Red).unwrap();
        // The human's position, then the computer's after each of the
        // human's five columns (none of them wins at once here).
        let kept: Vec<Position> = lock(&engine.pondered).iter().map(|(p, _)| *p).collect();
        let children: Vec<Position> = (0..5).map(|c| position.child(c)).collect();
        assert_eq!(kept[0], position);
        assert_eq!(kept.len(), 6, "{kept:?}");
        assert!(children.iter().all(|c| kept.contains(c)));
        // The human's columns best first, and among equals as the perfect
        // level orders them.
        let scores = engine.pondered(&position).unwrap().play_scores();
        let mut order = perfect_order(&position);
        order.sort_by_key(|&c| std::cmp::Reverse(scores[c]));
        let expected: Vec<Position> = order.iter().map(|&c| position.child(c)).collect();
        assert_eq!(kept[1..], expected[..], "{scores:?}");
        // A reply there is that analysis, not a search of its own: one
        // planted in its place (every column a win at once) is what it
        // answers, for the human's position and for the computer's after
        // the human plays column 0.
        let mut after = board.clone();
        make_move(&mut after, Tile::Red, 0);
        for (board, tile, position) in
            [(&board, Tile::Red, position), (&after, Tile::Black, position.child(0))]
        {
            let mut pondered = lock(&engine.pondered);
            let at = pondered.iter().position(|(p, _)| *p == position).unwrap();
            pondered[at].1.scores = vec![Some(position.win_now_score()); 5];
            drop(pondered);
            assert_eq!(engine.reply(board, tile, 2).potential_moves, vec![1.0; 5]);
        }
        // Another position is searched as before.
        let other = parse_board("...../...../..R../.BBBR").unwrap();
        let fresh = SolverEngine::new(Level::Perfect, Duration::from_secs(5), 1, None);
        assert_eq!(engine.reply(&other, Tile::Red, 2), fresh.reply(&other, Tile::Red, 2));
    }

    #[test]
    fn a_ponder_told_to_stop_keeps_nothing_and_lets_the_reply_in() {
        let engine = SolverEngine::new(Level::Perfect, Duration::from_secs(60), 1, None);
        let board = parse_board("......./......./......./......./......./...R...").unwrap();
        let stop = AtomicBool::new(true);
        engine.ponder(&board, Tile::Black, &stop);
        assert!(lock(&engine.pondered).is_empty());
        // Told to stop while it runs: it ends long before its minute.
        let stop = std::sync::Arc::new(AtomicBool::new(false));
        let engine = std::sync::Arc::new(engine);
        let (e, s) = (std::sync::Arc::clone(&engine), std::sync::Arc::clone(&stop));
        let started = Instant::now();
        let pondering = std::thread::spawn(move || e.ponder(&board, Tile::Black, &s));
        std::thread::sleep(Duration::from_millis(50));
        stop.store(true, Ordering::Relaxed);
        pondering.join().unwrap();
        assert!(started.elapsed() < Duration::from_secs(30), "{:?}", started.elapsed());
        assert!(lock(&engine.pondered).is_empty());
    }

    #[test]
    fn a_ponder_lets_a_waiting_reply_go_first_and_then_goes_on() {
        let engine =
            std::sync::Arc::new(SolverEngine::new(Level::Perfect, Duration::from_secs(5), 1, None));
        let board = parse_board("...../...../..R../.BB.R").unwrap();
        engine.wanted.store(true, Ordering::Relaxed);
        let e = std::sync::Arc::clone(&engine);
        let pondering =
            std::thread::spawn(move || e.ponder(&board, Tile::Red, &AtomicBool::new(false)));
        std::thread::sleep(Duration::from_millis(100));
        assert!(lock(&engine.pondered).is_empty(), "nothing searched while a reply waits");
        engine.wanted.store(false, Ordering::Relaxed);
        pondering.join().unwrap();
        assert_eq!(lock(&engine.pondered).len(), 6);
    }

    #[test]
    fn values_keep_the_scores_order_within_the_tutorials_range() {
        let p = Position::from_moves("4", 7, 6).unwrap();
        let (lose, win) = (p.lose_next_score(), p.win_now_score());
        assert_eq!(value_of(&p, win), 1.0);
        assert_eq!(value_of(&p, lose), -1.0);
        assert_eq!(value_of(&p, 0), 0.0);
        let mut last = -2.0;
        for score in lose..=win {
            let v = value_of(&p, score);
            assert!(v > last && (-1.0..=1.0).contains(&v), "{score}: {v}");
            last = v;
        }
    }

    #[test]
    fn the_level_chooses_every_column_of_the_greatest_key() {
        let inf = f64::INFINITY;
        assert_eq!(greatest(&[Some(1.0), None, Some(inf), Some(inf)]), vec![2, 3]);
        assert_eq!(greatest(&[Some(-inf), Some(-3.5), None]), vec![1]);
        assert!(greatest(&[None, None]).is_empty());
    }
}

//! [`Solver`]: the exact score of a position, searched in stages on one
//! thread and then on every core, and every column's exact score.
//!
//! The parent module's docs say how the search works; this file holds the
//! solver's state and the stages.

use std::sync::atomic::{AtomicBool, Ordering as AtomicOrdering};
use std::time::Instant;

use super::book::Book;
use super::position::Position;
use super::search::{self, Abort, Search, Signals, Tuning};
use super::table::Table;
use crate::fourinrow::engine::bits::MAX_WIDTH;
use crate::fourinrow::engine::bits::{Bits, Geometry};

/// The solver: a transposition table kept from one question to the next,
/// and the settings.
pub struct Solver {
    pub(super) table: Table,
    /// Entries are written with the generation of the question.
    pub(super) generation: u8,
    pub(super) nodes: u64,
    pub(super) tuning: Tuning,
    /// Hard searches left before helpers are tried again, after a probe
    /// found that they did not get a core of their own.
    pub(super) helpers_paused: u32,
    /// Exact scores looked up before any search (none by default, so that
    /// the search itself stays measurable).
    pub(super) book: Option<Book>,
}

impl Default for Solver {
    fn default() -> Solver {
        Solver::new()
    }
}

/// Runs `$body` with `$g` bound to the geometry of `$pos`: the constant
/// 7x6 one, or one held in fields in a `u64` or a `u128`.
macro_rules! with_geometry {
    ($pos:expr, $g:ident => $body:expr) => {{
        let (w, h) = ($pos.width, $pos.height);
        if (w, h) == (7, 6) {
            let $g = $crate::fourinrow::engine::bits::Seven;
            $body
        } else if w * (h + 1) <= 64 {
            let $g = $crate::fourinrow::engine::bits::Any::<u64>::new(w, h);
            $body
        } else {
            let $g = $crate::fourinrow::engine::bits::Any::<u128>::new(w, h);
            $body
        }
    }};
}
pub(super) use with_geometry;

impl Solver {
    /// A solver with the default settings. Start-up is cheap: the table
    /// begins at 256 KiB and grows (to 16 MiB) only once a position
    /// needs it.
    pub fn new() -> Solver {
        Solver::with_tuning(Tuning::default())
    }

    /// A solver with these settings.
    pub fn with_tuning(tuning: Tuning) -> Solver {
        Solver {
            table: Table::new(tuning.small_table_bits.min(tuning.table_bits), false),
            generation: 0,
            nodes: 0,
            tuning,
            helpers_paused: 0,
            book: None,
        }
    }

    /// This solver, looking positions up in `book` before searching them.
    pub fn with_book(mut self, book: Option<Book>) -> Solver {
        self.book = book;
        self
    }

    /// The book's exact score of `position`, if it holds it.
    pub fn book_score(&self, position: &Position) -> Option<i32> {
        self.book.as_ref()?.get(position)
    }

    /// Nodes searched since the solver was made.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The next generation (never 0, which marks nothing).
    pub(super) fn next_generation(&mut self) -> u8 {
        self.generation = self.generation.wrapping_add(1).max(1);
        self.generation
    }

    /// The exact score of `position` for the side to move (see the module
    /// docs for the scale); with `weak`, only its sign: 1 win, 0 draw, -1 loss.
    pub fn solve(&mut self, position: &Position, weak: bool) -> i32 {
        // Without a stop flag or a deadline the search always answers.
        self.solve_within(position, weak, None, None).unwrap_or(0)
    }

    /// [`Solver::solve`] that gives up (`None`) when `stop` is set or the
    /// deadline passes.
    pub fn solve_within(
        &mut self,
        position: &Position,
        weak: bool,
        deadline: Option<Instant>,
        stop: Option<&AtomicBool>,
    ) -> Option<i32> {
        let (lower, upper) =
            if weak { (-1, 1) } else { (position.lose_next_score(), position.win_now_score()) };
        let score = self.solve_between(position, lower, upper, deadline, stop)?;
        Some(if weak { score.signum() } else { score })
    }

    /// The score of `position` if it lies in `lower..=upper`; else a bound
    /// beyond the range on the same side (at most `lower`, at least
    /// `upper`). `None` if `stop` or the deadline ended the search. A range
    /// of two neighbours (`v`, `v + 1`) is one null-window search: is the
    /// score at most `v`?
    pub fn solve_between(
        &mut self,
        position: &Position,
        lower: i32,
        upper: i32,
        deadline: Option<Instant>,
        stop: Option<&AtomicBool>,
    ) -> Option<i32> {
        if position.can_win_next() {
            return Some(position.win_now_score());
        }
        if position.is_full() {
            return Some(0);
        }
        if let Some(score) = self.book_score(position) {
            return Some(score);
        }
        let lower = lower.max(position.lose_next_score());
        let upper = upper.min(position.win_now_score());
        if lower >= upper {
            // Only one value is left in the range.
            return Some(lower);
        }
        let generation = self.next_generation();
        with_geometry!(position, g => self.solve_g(
            g,
            position,
            Signals::new(stop, deadline, lower, upper),
            generation,
        ))
    }

    /// Narrows the root's window in stages: one thread and the small
    /// table first; each time the main thread passes its stage's node
    /// limit the table grows (4 times, up to `table_bits`), and once the
    /// search has taken `helpers_after` nodes every thread joins it, so
    /// that only hard positions pay for a large table and for threads.
    fn solve_g<G: Geometry>(
        &mut self,
        g: G,
        position: &Position,
        signals: Signals<'_>,
        generation: u8,
    ) -> Option<i32> {
        let current = G::B::from_u128(position.current);
        let mask = G::B::from_u128(position.mask);
        let moves = position.moves;
        let tuning = self.tuning;
        let mut limit = tuning.first_try_nodes;
        let mut spent = 0;
        // Helpers pay only when they get a core of their own: on a busy
        // machine two threads may share one, and then the second only adds
        // nodes. The first stage with helpers is a probe of that.
        let mut helpers = tuning.threads > 1 && self.helpers_paused == 0;
        self.helpers_paused = self.helpers_paused.saturating_sub(1);
        let mut probed = false;
        let mut single_rate = None;
        loop {
            let threads = if helpers && spent >= tuning.helpers_after { tuning.threads } else { 1 };
            let probing = threads > 1 && !probed;
            let last =
                self.table.bits() >= tuning.table_bits && (threads > 1 || !helpers) && !probing;
            let node_limit = if last { u64::MAX } else { limit };
            let started = Instant::now();
            let (answer, abort, nodes) =
                self.stage(g, current, mask, moves, &signals, generation, threads, node_limit);
            let rate = nodes as f64 / started.elapsed().as_secs_f64().max(1e-6);
            self.nodes += nodes;
            spent += nodes;
            match answer {
                Some(score) => return Some(score),
                None if abort != Abort::NodeLimit => return None,
                None => {}
            }
            signals.done.store(false, AtomicOrdering::Relaxed);
            if threads == 1 {
                single_rate = Some(rate);
            } else if probing {
                probed = true;
                if single_rate.is_some_and(|single| rate < 1.4 * single) {
                    helpers = false;
                    self.helpers_paused = 8;
                }
            }
            if self.table.bits() < tuning.table_bits {
                let big = Table::new((self.table.bits() + 2).min(tuning.table_bits), false);
                self.table.copy_into(&big);
                self.table = big;
            }
            limit = limit.saturating_mul(4);
        }
    }

    /// One stage: `threads` threads narrow the window together until the
    /// answer is in or the main thread has searched `node_limit` nodes.
    /// Returns the answer, why the main thread stopped, and the nodes.
    #[allow(clippy::too_many_arguments)]
    fn stage<G: Geometry>(
        &self,
        g: G,
        current: G::B,
        mask: G::B,
        moves: u32,
        signals: &Signals<'_>,
        generation: u8,
        threads: usize,
        node_limit: u64,
    ) -> (Option<i32>, Abort, u64) {
        let tuning = self.tuning;
        let table = &self.table;
        let book = self.book.as_ref();
        // No entry lies deeper than the perfect player's lines.
        let book_until = book.map_or(0, |b| b.coverage().plies as u32);
        std::thread::scope(|scope| {
            let helpers: Vec<_> = (1..threads)
                .map(|i| {
                    scope.spawn(move || {
                        let mut s = Search::new(g, table, signals, generation, tuning)
                            .with_book(book, book_until);
                        s.order = helper_order(g.width(), i);
                        s.narrow(current, mask, moves, true);
                        s.nodes
                    })
                })
                .collect();
            let mut s =
                Search::new(g, table, signals, generation, tuning).with_book(book, book_until);
            s.node_limit = node_limit;
            let answer = s.narrow(current, mask, moves, false);
            // The answer is in, or this stage is over: the helpers stop too.
            signals.done.store(true, AtomicOrdering::Relaxed);
            let helper_nodes: u64 = helpers.into_iter().map(|h| h.join().unwrap_or(0)).sum();
            (answer, s.abort, s.nodes + helper_nodes)
        })
    }

    /// The score of every column for the side to move: `None` for a full
    /// column, else the position's score if it plays there (minus the
    /// child's score, or the win-now score for a winning column).
    pub fn analyze(&mut self, position: &Position, weak: bool) -> Vec<Option<i32>> {
        (0..position.width())
            .map(|col| {
                if !position.can_play(col) {
                    None
                } else if position.is_winning_move(col) {
                    Some(if weak { 1 } else { position.win_now_score() })
                } else {
                    Some(-self.solve(&position.child(col), weak))
                }
            })
            .collect()
    }
}

/// A helper thread's column order: centre first, but ties broken from the
/// other side, so that it wanders into other parts of the tree first.
fn helper_order(width: u32, helper: usize) -> [u8; MAX_WIDTH] {
    let mut order = search::centre_first(width);
    if helper % 2 == 1 {
        for c in order.iter_mut().take(width as usize) {
            *c = (width - 1) as u8 - *c;
        }
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fourinrow::engine::solver::book::{self, Coverage};
    use std::borrow::Cow;

    /// Positions of a 5x4 board, small enough for a debug build: a few
    /// openings and middle games, as move strings (columns from 1).
    const SMALL: [&str; 6] = ["", "3", "33", "3241", "332211", "12345"];

    fn small(moves: &str) -> Position {
        Position::from_moves(moves, 5, 4).unwrap()
    }

    #[test]
    fn a_score_is_the_best_of_its_columns_and_weak_is_its_sign() {
        let mut solver = Solver::new();
        for moves in SMALL {
            let p = small(moves);
            let score = solver.solve(&p, false);
            let columns = solver.analyze(&p, false);
            assert_eq!(columns.iter().flatten().max(), Some(&score), "{moves}: {columns:?}");
            assert_eq!(solver.solve(&p, true), score.signum(), "{moves}");
            let weak = solver.analyze(&p, true);
            let signs: Vec<_> = columns.iter().map(|s| s.map(i32::signum)).collect();
            assert_eq!(weak, signs, "{moves}");
        }
    }

    #[test]
    fn a_range_that_misses_the_score_answers_a_bound_on_its_side() {
        let mut solver = Solver::new();
        for moves in SMALL {
            let p = small(moves);
            let v = solver.solve(&p, false);
            let (lo, hi) = (p.lose_next_score(), p.win_now_score());
            assert_eq!(solver.solve_between(&p, lo, hi, None, None), Some(v), "{moves}");
            if v < hi {
                let r = solver.solve_between(&p, v + 1, hi, None, None).unwrap();
                assert!(r <= v + 1, "{moves}: {v} answered {r} for {}..={hi}", v + 1);
            }
            if v > lo {
                let r = solver.solve_between(&p, lo, v - 1, None, None).unwrap();
                assert!(r >= v - 1, "{moves}: {v} answered {r} for {lo}..={}", v - 1);
            }
        }
    }

    #[test]
    fn a_set_stop_flag_or_a_past_deadline_gives_up() {
        // 7x6 after two moves: far too long to solve before the flag is looked at.
        let p = Position::from_moves("44", 7, 6).unwrap();
        let stop = AtomicBool::new(true);
        let mut solver = Solver::new();
        assert_eq!(solver.solve_within(&p, false, None, Some(&stop)), None);
        let past = Some(Instant::now());
        assert_eq!(solver.solve_within(&p, true, past, None), None);
    }

    #[test]
    fn the_book_answers_before_any_search() {
        // A book whose one entry is deliberately wrong: the solver must
        // answer it, searching nothing.
        let p = small("3241");
        let true_score = Solver::new().solve(&p, false);
        let wrong = true_score + 1;
        let entries = [(book::key(&p).unwrap(), wrong as i8)];
        let cover = Coverage { plies: 0, all_plies: 0, lines_from: 0 };
        let bytes = Book::to_bytes(5, 4, cover, &entries);
        let book = Book::parse(Cow::Owned(bytes)).unwrap();
        let mut solver = Solver::new().with_book(Some(book));
        assert_eq!(solver.solve(&p, false), wrong);
        assert_eq!(solver.nodes(), 0);
    }

    #[test]
    fn the_book_answers_inside_the_search_up_to_its_lines_depth() {
        // Every position of 3 moves after `32` in a book of lines to 3
        // moves: the search from `32` stops at them, with the same score
        // and fewer nodes. The book's depth bounds the look-ups: the same
        // entries under a depth of 2 are never met inside the search.
        let p = small("32");
        let mut plain = Solver::new();
        let score = plain.solve(&p, false);
        let mut entries: Vec<(u64, i8)> = (0..5)
            .map(|c| p.child(c))
            .filter(|child| !child.can_win_next())
            .map(|child| (book::key(&child).unwrap(), plain.solve(&child, false) as i8))
            .collect();
        entries.sort_unstable();
        entries.dedup();
        let book_to = |plies| {
            let cover = Coverage { plies, all_plies: 0, lines_from: 0 };
            Book::parse(Cow::Owned(Book::to_bytes(5, 4, cover, &entries))).unwrap()
        };
        let mut fresh = Solver::new();
        fresh.solve(&p, false);
        let mut with_book = Solver::new().with_book(Some(book_to(3)));
        assert_eq!(with_book.solve(&p, false), score);
        assert!(with_book.nodes() < fresh.nodes(), "{} >= {}", with_book.nodes(), fresh.nodes());
        let mut shallow = Solver::new().with_book(Some(book_to(2)));
        assert_eq!(shallow.solve(&p, false), score);
        assert_eq!(shallow.nodes(), fresh.nodes());
    }

    #[test]
    fn odd_helpers_search_the_centre_first_from_the_other_side() {
        let w = 7;
        let main = search::centre_first(w);
        assert_eq!(helper_order(w, 2)[..7], main[..7]);
        let odd = helper_order(w, 1);
        for i in 0..7 {
            assert_eq!(odd[i], 6 - main[i], "{odd:?}");
        }
        assert_ne!(helper_order(6, 1)[..6], search::centre_first(6)[..6]);
    }
}

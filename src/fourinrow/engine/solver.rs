//! The exact solver: the true outcome of a Four in a Row position with
//! perfect play on both sides, and the score of every column.
//!
//! # Scores
//!
//! Scores are those of Pascal Pons' `c4solver`, for the side to move, on a
//! board of `W` columns and `H` rows after `n` moves:
//!
//! - winning with its very next stone scores `(W*H + 1 - n) / 2` (integer
//!   division), one less for each pair of moves it takes longer; on 7x6 that
//!   is 22 minus the number of its own stones when it completes four;
//! - losing scores the opposite of the opponent's win, so negative;
//! - a draw (the board fills with no four) scores 0.
//!
//! So the sign says who wins and the size says how soon. [`Outcome`] reads
//! a score as "win in 3", "draw" or "loss in 5", counting the player's own
//! moves: "win in 3" is four completed with its third stone from now, "loss
//! in 5" the opponent's four with its fifth, after the player's fifth move.
//!
//! # Sizes
//!
//! Every board of at least 4x4 whose bitboard fits in 128 bits:
//! `W * (H + 1) <= 128` (see [`fits`]). Boards with `W * (H + 1) <= 64`
//! (7x6, 8x7, 9x6 ...) use `u64`, the others (10x6, 12x9, 25x4, 4x31 ...)
//! `u128`; 7x6 itself gets a copy of the search whose masks are constants.
//! `tests/solver.rs` checks sizes from 4x4 to 25x4 and 4x31 against a
//! brute-force minimax. What a size costs is another matter: 7x6 from the
//! empty board takes minutes; larger boards are only practical near the end.
//!
//! # The technique
//!
//! **Negamax with alpha-beta.** A position's score for the side to move is
//! the best of minus its children's scores. Alpha-beta asks a narrower
//! question, "is the score at most `alpha`, at least `beta`, or which
//! value in between?", and stops looking at a position's moves as soon as
//! one reaches `beta` (the opponent would never allow this position). The
//! answers are *fail-soft bounds*: a result `<= alpha` is an upper bound on
//! the score, `>= beta` a lower bound.
//!
//! **Null windows, narrowed.** The search is fastest with `beta = alpha + 1`:
//! it then only answers "above `alpha` or not". The root's score lies in a
//! known range (from the stones left); each null-window search halves it
//! (first around 0, to learn who wins), until one value is left, as Pons
//! does ([`search::Search::narrow`]). With `weak` the range is just -1..=1.
//!
//! **Losing moves pruned.** A move that lets the opponent complete four at
//! once is never searched: if the opponent has two threats to play, the
//! position is lost; with one, the block is the only move; and no move goes
//! under an opponent's threat cell ([`search::Search::non_losing_moves`]).
//! With one move left, the position needs no table entry of its own.
//!
//! **Bounds from the stones left.** When the opponent cannot win next
//! move, the score is at least minus its win two moves later, and at most
//! our win with our next-but-one stone: the window is clipped to that.
//!
//! **Move ordering.** Alpha-beta is quickest when the best move comes
//! first. The table's best move (the one that refuted a window last time)
//! comes first, then moves by how many winning cells they create, ties
//! centre first (centre columns take part in more fours).
//!
//! **The transposition table** ([`table`]). The same position is reached
//! by many move orders; the table remembers, per position, a lower *and* an
//! upper bound on its score (Pons keeps one) and its best move. Keys are
//! whole: on `u64` boards the position's unique code itself (so a hit is
//! never a different position), on `u128` boards a 64-bit fold of it.
//! Entries sit in buckets of four in one cache line; a new entry evicts
//! one from an older question first, then the one with the fewest empty
//! cells (the least work to redo). The table is kept from one position to
//! the next: its entries are facts about positions, true for any question.
//!
//! **Mirror images share entries.** A position and its mirror image have
//! the same score, so for the first 12 moves (where the tree is widest and
//! symmetric lines meet) the table is keyed by the smaller of the two codes,
//! and the best move is mirrored with it. Later, mirror images rarely
//! meet and the extra work would not pay.
//!
//! **Enhanced transposition cutoffs.** Before searching the moves of a
//! position with 12 or more empty cells, each child is looked up: a child
//! whose upper bound is already low enough refutes the window at the cost
//! of a table look-up, without a search.
//!
//! **A table that fits the TLB.** Profiling shows about three quarters of
//! the search's time in the loads of table probes: each probe lands on a
//! random cache line, and with 4 KiB pages a large table also misses the
//! processor's cache of page translations (the TLB) on nearly every probe.
//! A smaller table holds fewer positions, so the search visits more nodes,
//! but each costs much less. Measured on the first five hard opening
//! positions of the reference test sets (one thread, 1 December 2026):
//!
//! | table | nodes | CPU time |
//! | ---: | ---: | ---: |
//! | 128 MiB | 147 M | 18.0 s |
//! | 32 MiB | 155 M | 14.3 s |
//! | 16 MiB | 162 M | 10.5 s |
//! | 8 MiB | 173 M | 8.1 s |
//! | 4 MiB | 190 M | 7.7 s |
//! | 2 MiB | 219 M | 8.0 s |
//!
//! The table stops at 16 MiB (a million entries): about as fast as the
//! smaller ones on these positions, with room for the hardest ones, where
//! more entries save more nodes. (Huge pages would lift the limit, but this
//! system grants them only on request, which the standard library cannot
//! make.)
//!
//! **Both cores: Lazy SMP.** Several threads search the same root at once,
//! sharing the table without locks (each entry is checked against its key,
//! so a half-written entry reads as a miss, never a wrong one). Each thread
//! fills in entries the other then finds, and a helper breaks ties from the
//! other side so they wander apart. Whichever thread finishes a null window
//! first narrows the shared range; the other abandons a window whose answer
//! is known. On a quiet machine a second thread made the search 1.8 times
//! as fast (20 hard positions: 3.9 s a position with one thread, 2.1 s with
//! two, with a 128 MiB table). But the threads search about 40% more nodes
//! between them, start and join each search (the join waits for the helper
//! to be scheduled), and on a busy machine two threads may share one core:
//! then the helper only adds work. So helpers join a search only once it
//! has taken 2^20 nodes (about a tenth of a second), and the first stage
//! with helpers is a probe: if the threads together search fewer than 1.4
//! times the single thread's nodes per second, the helpers sit out this
//! search and the next eight hard ones.
//!
//! **Stages.** A search starts on one thread with a 256 KiB table (cheap
//! to allocate for a position that takes microseconds) and is cut into
//! stages: past 16,384 nodes, and each time four times more, the table
//! grows fourfold (1, 4, then 16 MiB, its entries copied over), and past
//! 2^20 nodes the helpers join. A stage that ends keeps the root's range
//! and the table, so little work is lost.
//!
//! Measured on the first six hard opening positions (one thread, 128 MiB
//! table, so the node counts do not depend on timing): the plain search,
//! without mirror keys and cutoffs, visits 285 million nodes in 35.8 s of
//! CPU; enhanced cutoffs bring that to 219 million, mirror keys to 259
//! million, both together to 200 million in 28.0 s (22% less time).
//! Tried and dropped: a history heuristic in place of centre-first ties
//! (409 million nodes, much worse) and, for helpers, testing the
//! neighbouring null window instead of the same one (no gain measured).
//!
//! # Budgets and stopping
//!
//! [`Solver::analyze_within`] gives every column's result within a deadline
//! and reacts to a stop flag: every search looks at the clock and the flag
//! every 1,024 nodes (well under a millisecond). What it cannot prove in
//! time it estimates by looking a growing number of moves ahead, a position
//! at the horizon counting as a draw: a win or a loss found that way is
//! proven all the same (no unknown position was involved), a 0 means
//! nothing is forced within the horizon.
//!
//! # Levels and grades
//!
//! [`levels`] turns exact scores into players of four strengths;
//! [`crate::fourinrow::tools::grade`] measures how often the tutorial's AI finds a perfect move.

pub mod bits;
pub mod book;
pub mod levels;
pub mod player;
pub mod position;
pub mod search;
pub mod table;

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering as AtomicOrdering};
use std::time::Instant;

use crate::fourinrow::engine::bits::MAX_WIDTH;
use bits::{Any, Bits, Geometry, Seven};
use search::{Abort, Search, Signals};
use table::Table;

pub use book::Book;
pub use levels::Level;
pub use position::{fits, MoveFault, Position, PositionError};
pub use search::Tuning;

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

impl Outcome {
    /// The outcome of `score` for the side to move in `position`.
    pub fn of(position: &Position, score: i32) -> Outcome {
        if score > 0 {
            Outcome::Win((position.win_now_score() - score + 1).max(1) as u32)
        } else if score < 0 {
            Outcome::Loss((score - position.lose_next_score() + 1).max(1) as u32)
        } else {
            Outcome::Draw
        }
    }
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

/// The solver: a transposition table kept from one question to the next,
/// and the settings.
pub struct Solver {
    table: Table,
    /// Entries are written with the generation of the question.
    generation: u8,
    nodes: u64,
    tuning: Tuning,
    /// Hard searches left before helpers are tried again, after a probe
    /// found that they did not get a core of their own.
    helpers_paused: u32,
    /// Exact scores looked up before any search (none by default, so that
    /// the search itself stays measurable).
    book: Option<Book>,
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
            let $g = Seven;
            $body
        } else if w * (h + 1) <= 64 {
            let $g = Any::<u64>::new(w, h);
            $body
        } else {
            let $g = Any::<u128>::new(w, h);
            $body
        }
    }};
}

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
    fn next_generation(&mut self) -> u8 {
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
        std::thread::scope(|scope| {
            let helpers: Vec<_> = (1..threads)
                .map(|i| {
                    scope.spawn(move || {
                        let mut s = Search::new(g, table, signals, generation, tuning);
                        s.order = helper_order(g.width(), i);
                        s.narrow(current, mask, moves, true);
                        s.nodes
                    })
                })
                .collect();
            let mut s = Search::new(g, table, signals, generation, tuning);
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

    /// Every column's score within a time budget, for the game.
    ///
    /// What perfect play needs comes first ([`Solver::keep_the_value`]):
    /// the position's outcome (win, draw or loss) and a column that keeps
    /// it, then its exact score and a column that keeps that. Then every
    /// other column is solved exactly, for hints and explanations. Columns
    /// still open are then searched to a growing depth, a position at the
    /// horizon counting as a draw (unknown): a win or loss found that way
    /// is proven all the same, a 0 is "nothing forced within the horizon".
    /// The deepest depth completed for every open column is kept. `stop`
    /// ends the search within a millisecond or so.
    pub fn analyze_within(
        &mut self,
        position: &Position,
        deadline: Instant,
        stop: &AtomicBool,
    ) -> Analysis {
        let start = Instant::now();
        let at = |percent: u32| start + deadline.saturating_duration_since(start) * percent / 100;
        let w = position.width();
        let empties = (position.width * position.height - position.moves) as usize;
        let mut analysis = Analysis {
            scores: vec![None; w],
            proven: vec![false; w],
            from_book: vec![false; w],
            lower: vec![None; w],
            upper: vec![None; w],
            depth: 0,
            interrupted: false,
        };
        for col in 0..w {
            if !position.can_play(col) {
                analysis.proven[col] = true;
            } else if position.is_winning_move(col) {
                analysis.scores[col] = Some(position.win_now_score());
                analysis.proven[col] = true;
            } else if let Some(score) = self.book_score(&position.child(col)) {
                analysis.scores[col] = Some(-score);
                analysis.proven[col] = true;
                analysis.from_book[col] = true;
            } else {
                analysis.scores[col] = Some(0);
            }
        }
        if !analysis.is_proven() {
            let deadlines = [at(30), at(45), at(70), at(85)];
            self.keep_the_value(position, &mut analysis, deadlines, stop);
        }
        // Then every other column exactly, for hints and explanations.
        for col in 0..w {
            if analysis.proven[col] {
                continue;
            }
            match self.solve_within(&position.child(col), false, Some(at(92)), Some(stop)) {
                Some(score) => analysis.prove(col, -score),
                None => break,
            }
        }
        if analysis.is_proven() {
            analysis.depth = empties;
            return analysis;
        }
        let scratch = Table::new(16, true);
        for depth in 1..=empties {
            let generation = self.next_generation();
            let mut found = Vec::new();
            for col in 0..w {
                if analysis.proven[col] {
                    continue;
                }
                let child = position.child(col);
                let horizon = position.moves + depth as u32;
                let result = with_geometry!(child, g => self.limited(
                    g, &child, horizon, &scratch, generation, deadline, stop,
                ));
                match result {
                    Some(r) => found.push((col, r)),
                    None => break,
                }
            }
            if found.len() < analysis.proven.iter().filter(|p| !**p).count() {
                analysis.interrupted = stop.load(AtomicOrdering::Relaxed);
                break;
            }
            for (col, score) in found {
                analysis.scores[col] = Some(-score);
                // A win or a loss involves no position at the horizon; a 0
                // may, unless the horizon lies beyond the end of the game.
                // (Table entries from other columns' searches may stand for
                // subtrees that reached it, so no per-search flag can tell.)
                analysis.proven[col] = score != 0 || depth >= empties;
            }
            analysis.depth = depth;
            if analysis.is_proven() {
                analysis.depth = empties;
                break;
            }
        }
        analysis
    }

    /// What perfect play needs, cheapest first, each step with its own
    /// deadline (`deadlines`, in order), so that a budget too short for
    /// the exact score still keeps the outcome:
    ///
    /// 1. the position's outcome, win, draw or loss (a weak solve: one or
    ///    two null windows around 0);
    /// 2. for a win or a draw, the first column, in the order the perfect
    ///    level prefers them, that keeps it (one null window of a child
    ///    each): it gets the outcome as a lower bound, the columns before
    ///    it an upper bound below it;
    /// 3. the position's exact score `v`, within the outcome's range;
    /// 4. the first column, in the same order, that keeps `v`.
    ///
    /// Every unproven column's upper bound is then the best the position
    /// allows, so that [`Analysis::play_scores`] never puts an unproven
    /// estimate above a column proven to keep the value.
    fn keep_the_value(
        &mut self,
        position: &Position,
        analysis: &mut Analysis,
        deadlines: [Instant; 4],
        stop: &AtomicBool,
    ) {
        let Some(outcome) = self.solve_within(position, true, Some(deadlines[0]), Some(stop))
        else {
            return;
        };
        let best_of_outcome = match outcome {
            1 => position.win_now_score(),
            0 => 0,
            _ => -1,
        };
        for upper in &mut analysis.upper {
            *upper = Some(best_of_outcome);
        }
        if outcome >= 0 && !self.first_keeping(position, analysis, outcome, deadlines[1], stop) {
            return;
        }
        let (lower, upper) = match outcome {
            1 => (1, position.win_now_score()),
            0 => (0, 0),
            _ => (position.lose_next_score(), -1),
        };
        let Some(v) = self.solve_between(position, lower, upper, Some(deadlines[2]), Some(stop))
        else {
            return;
        };
        for upper in &mut analysis.upper {
            *upper = upper.map(|u| u.min(v));
        }
        self.first_keeping(position, analysis, v, deadlines[3], stop);
    }

    /// Tests the columns in the perfect level's order until one is known
    /// to score at least `target` (proven, a lower bound, or by a
    /// null-window search of its child until `deadline`); the columns
    /// found to score less get an upper bound below `target`. Returns
    /// whether one was found.
    ///
    /// The columns are tested in rounds, each search of a round given
    /// twice the time of the round before (from [`FIRST_SLICE`]), so that a
    /// column that is quick to prove is found even when the preferred ones
    /// before it take long to refute; a search cut short keeps what it put
    /// in the table for the next round.
    fn first_keeping(
        &mut self,
        position: &Position,
        analysis: &mut Analysis,
        target: i32,
        deadline: Instant,
        stop: &AtomicBool,
    ) -> bool {
        let order = levels::perfect_order(position);
        let mut slice = FIRST_SLICE;
        loop {
            let mut open = false;
            for &col in &order {
                if analysis.proven[col] {
                    if analysis.scores[col] >= Some(target) {
                        return true;
                    }
                    continue;
                }
                if analysis.upper[col].is_some_and(|u| u < target) {
                    continue;
                }
                if analysis.lower[col].is_some_and(|l| l >= target) {
                    if analysis.upper[col] == Some(target) {
                        analysis.prove(col, target);
                    }
                    return true;
                }
                let child = position.child(col);
                let until = deadline.min(Instant::now() + slice);
                match self.solve_between(&child, -target, -target + 1, Some(until), Some(stop)) {
                    Some(r) if r <= -target => {
                        let lower = analysis.lower[col].map_or(target, |l| l.max(target));
                        analysis.lower[col] = Some(lower);
                        if analysis.upper[col] == Some(target) {
                            analysis.prove(col, target);
                        }
                        return true;
                    }
                    Some(r) => {
                        let below = (-r).min(target - 1);
                        analysis.upper[col] =
                            Some(analysis.upper[col].map_or(below, |u| u.min(below)));
                    }
                    None if Instant::now() >= deadline || stop.load(AtomicOrdering::Relaxed) => {
                        return false;
                    }
                    None => open = true,
                }
            }
            if !open {
                return false;
            }
            slice *= 2;
        }
    }

    /// The child's score in the game cut at `horizon` moves (a position
    /// there counts 0).
    #[allow(clippy::too_many_arguments)]
    fn limited<G: Geometry>(
        &mut self,
        g: G,
        child: &Position,
        horizon: u32,
        scratch: &Table,
        generation: u8,
        deadline: Instant,
        stop: &AtomicBool,
    ) -> Option<i32> {
        if child.can_win_next() {
            return Some(child.win_now_score());
        }
        let signals = Signals::new(
            Some(stop),
            Some(deadline),
            child.lose_next_score(),
            child.win_now_score(),
        );
        let mut s = Search::new(g, scratch, &signals, generation, self.tuning);
        s.horizon = horizon;
        let r = s.narrow(
            G::B::from_u128(child.current),
            G::B::from_u128(child.mask),
            child.moves,
            false,
        );
        self.nodes += s.nodes;
        r
    }
}

/// The time each column's search gets in the first round of
/// [`Solver::first_keeping`].
const FIRST_SLICE: std::time::Duration = std::time::Duration::from_millis(2);

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

/// Every column's result within a time budget.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// Per column, the score if the side to move plays there (`None`: the
    /// column is full). An unproven score is 0: nothing is forced within
    /// [`Analysis::depth`] moves.
    pub scores: Vec<Option<i32>>,
    /// Per column, whether its score is exact (always true for full columns).
    pub proven: Vec<bool>,
    /// Per column, whether its score came from the opening book.
    pub from_book: Vec<bool>,
    /// Per unproven column, a lower bound on its score when one is known
    /// (a column found to keep the position's outcome: a win or a draw).
    pub lower: Vec<Option<i32>>,
    /// Per unproven column, an upper bound on its score when one is known
    /// (once the position's outcome or score is: no column scores more).
    pub upper: Vec<Option<i32>>,
    /// How many moves ahead the deepest completed search looked: the
    /// empty cells when everything is proven.
    pub depth: usize,
    /// Whether `stop` ended the search.
    pub interrupted: bool,
}

impl Analysis {
    /// Whether every column's score is exact.
    pub fn is_proven(&self) -> bool {
        self.proven.iter().all(|p| *p)
    }

    /// The scores to choose a column by: the proven ones, and for the
    /// others their estimate, within their bounds. So a perfect player
    /// whose budget proved the position's outcome or score and one column
    /// that keeps it plays that column, even where the estimates ("nothing
    /// forced", 0) of the others are higher.
    pub fn play_scores(&self) -> Vec<Option<i32>> {
        (0..self.scores.len())
            .map(|c| {
                let s = self.scores[c]?;
                if self.proven[c] {
                    return Some(s);
                }
                let s = self.lower[c].map_or(s, |l| s.max(l));
                Some(self.upper[c].map_or(s, |u| s.min(u)))
            })
            .collect()
    }

    /// Column `col` scores `score`, exactly.
    fn prove(&mut self, col: usize, score: i32) {
        self.scores[col] = Some(score);
        self.proven[col] = true;
        self.lower[col] = None;
        self.upper[col] = None;
    }
}

/// The columns whose score is the greatest.
pub fn best_columns(scores: &[Option<i32>]) -> Vec<usize> {
    let best = scores.iter().flatten().max().copied();
    scores.iter().enumerate().filter(|(_, s)| s.is_some() && **s == best).map(|(c, _)| c).collect()
}

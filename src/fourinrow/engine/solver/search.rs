//! The negamax search itself, written once for every [`Geometry`].
//!
//! See the parent module's docs for the techniques; this file is their code.

use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::time::Instant;

use super::book::Book;
use super::table::{Entry, Table};
use crate::fourinrow::engine::bits::MAX_WIDTH;
use crate::fourinrow::engine::bits::{code, mirror_code, playable, winning_cells, Bits, Geometry};

/// Settings of the search, for measuring what each technique buys.
/// [`Tuning::default`] is what [`Solver::new`](super::Solver::new) uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tuning {
    /// Threads to search with (1: no helpers).
    pub threads: usize,
    /// `log2` of the table's buckets once a search proves hard (64 bytes each).
    pub table_bits: u32,
    /// `log2` of the table's buckets to begin with.
    pub small_table_bits: u32,
    /// Nodes searched before the table first grows (4 times larger); each
    /// later stage searches 4 times more before the next growth.
    pub first_try_nodes: u64,
    /// Nodes a search must have taken before helper threads join it.
    pub helpers_after: u64,
    /// Positions with fewer moves played share an entry with their mirror image.
    pub mirror_until: u32,
    /// Nodes with at least this many empty cells look their children up
    /// in the table before searching them (enhanced transposition cutoffs).
    pub etc_empties: u32,
    /// Helper threads test the neighbouring null window, not the same one.
    pub helper_other_window: bool,
}

impl Default for Tuning {
    fn default() -> Tuning {
        Tuning {
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()).min(2),
            table_bits: 18,
            small_table_bits: 12,
            first_try_nodes: 1 << 14,
            helpers_after: 1 << 20,
            mirror_until: 12,
            etc_empties: 12,
            helper_other_window: false,
        }
    }
}

/// How often (in nodes, a power of two) a search looks at the clock and the flags.
const CHECK_EVERY: u64 = 1024;

/// Everything that can end a search early, shared by its threads.
pub struct Signals<'a> {
    /// The caller's flag (the window's close button, say).
    pub stop: Option<&'a AtomicBool>,
    /// When the caller's time runs out.
    pub deadline: Option<Instant>,
    /// Set when the answer is known, so that the other threads give up.
    pub done: AtomicBool,
    /// The narrowest window proven so far at the root: its score lies in
    /// `lower..=upper`. A thread whose null window falls outside gives up
    /// its search, whose answer is already known.
    pub lower: AtomicI32,
    /// See `lower`.
    pub upper: AtomicI32,
}

impl<'a> Signals<'a> {
    /// Signals for a root whose score lies in `lower..=upper`.
    pub fn new(
        stop: Option<&'a AtomicBool>,
        deadline: Option<Instant>,
        lower: i32,
        upper: i32,
    ) -> Signals<'a> {
        Signals {
            stop,
            deadline,
            done: AtomicBool::new(false),
            lower: AtomicI32::new(lower),
            upper: AtomicI32::new(upper),
        }
    }

    /// Whether the caller asked to stop or ran out of time.
    pub fn interrupted(&self) -> bool {
        self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
            || self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

/// Why a search gave up before its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Abort {
    /// Still searching.
    No,
    /// The caller's stop flag or deadline.
    Interrupted,
    /// Another thread answered the question first.
    Answered,
    /// The node limit of the single-threaded first try.
    NodeLimit,
}

/// One thread's search.
pub struct Search<'a, G: Geometry> {
    /// The board's shape.
    pub g: G,
    /// The shared table.
    pub table: &'a Table,
    /// What may end the search early.
    pub signals: &'a Signals<'a>,
    /// The generation entries are written with.
    pub generation: u8,
    /// Which techniques are on.
    pub tuning: Tuning,
    /// Columns in the order ties are tried: centre first.
    pub order: [u8; MAX_WIDTH],
    /// Nodes visited.
    pub nodes: u64,
    /// Give up after this many nodes (`u64::MAX`: never).
    pub node_limit: u64,
    /// Set once the search has given up.
    pub abort: Abort,
    /// The null window being tested at the root (`med`, `med + 1`).
    pub med: i32,
    /// A position with this many moves played counts as a draw, unknown
    /// (`u32::MAX`: no horizon, the exact search).
    pub horizon: u32,
    /// An opening book for this board, looked up at every node of at
    /// most `book_until` moves: its scores are exact, so a position it
    /// holds needs no search below it.
    pub book: Option<&'a Book>,
    /// See `book`.
    pub book_until: u32,
}

/// Centre-first column order: 3, 2, 4, 1, 5, 0, 6 on 7 columns.
pub fn centre_first(width: u32) -> [u8; MAX_WIDTH] {
    let mut order = [0u8; MAX_WIDTH];
    let w = width as i32;
    for (i, slot) in order.iter_mut().take(width as usize).enumerate() {
        let i = i as i32;
        let offset = if i % 2 == 1 { -(i + 1) / 2 } else { (i + 1) / 2 };
        // Even widths lean left first, as the tutorial's centre does.
        let c = if w % 2 == 0 { (w - 1) / 2 - offset } else { w / 2 + offset };
        *slot = c as u8;
    }
    order
}

impl<'a, G: Geometry> Search<'a, G> {
    /// A search of `g` boards.
    pub fn new(
        g: G,
        table: &'a Table,
        signals: &'a Signals<'a>,
        generation: u8,
        tuning: Tuning,
    ) -> Search<'a, G> {
        Search {
            g,
            table,
            signals,
            generation,
            tuning,
            order: centre_first(g.width()),
            nodes: 0,
            node_limit: u64::MAX,
            abort: Abort::No,
            med: 0,
            horizon: u32::MAX,
            book: None,
            book_until: 0,
        }
    }

    /// Looks positions of up to `until` moves up in `book` (ignored if it
    /// is for another board).
    pub fn with_book(mut self, book: Option<&'a Book>, until: u32) -> Search<'a, G> {
        let (w, h) = (self.g.width() as usize, self.g.height() as usize);
        self.book = book.filter(|b| b.size() == (w, h));
        self.book_until = until;
        self
    }

    /// Looks at the flags and the clock; sets `abort` if the search must end.
    #[cold]
    fn check(&mut self) {
        let s = self.signals;
        if s.interrupted() {
            self.abort = Abort::Interrupted;
        } else if s.done.load(Ordering::Relaxed)
            || s.lower.load(Ordering::Relaxed) > self.med
            || s.upper.load(Ordering::Relaxed) <= self.med
        {
            self.abort = Abort::Answered;
        } else if self.nodes >= self.node_limit {
            self.abort = Abort::NodeLimit;
        }
    }

    /// The moves that do not hand the opponent a win at once: none if the
    /// opponent has two threats to play, the one block if it has one, and
    /// never the cell under an opponent's threat.
    #[inline(always)]
    pub fn non_losing_moves(&self, current: G::B, mask: G::B) -> G::B {
        let g = self.g;
        let mut possible = playable(g, mask);
        let threats = winning_cells(g, current ^ mask, mask);
        let forced = possible & threats;
        if forced != G::B::ZERO {
            if forced & forced.minus(G::B::ONE) != G::B::ZERO {
                return G::B::ZERO;
            }
            possible = forced;
        }
        possible & !(threats >> 1)
    }

    /// The table key of a position, and whether it is the mirror's key.
    #[inline(always)]
    fn key(&self, current: G::B, mask: G::B, moves: u32) -> (u64, bool) {
        let c = code(self.g, current, mask);
        if moves < self.tuning.mirror_until {
            let m = mirror_code(self.g, c);
            if m < c {
                return (m.key64(), true);
            }
        }
        (c.key64(), false)
    }

    /// The score of the position for the side to move, which cannot win at
    /// once, within `alpha < beta`: exact if it lies strictly inside, else a
    /// bound on the same side (at most `alpha`, at least `beta`).
    pub fn negamax(
        &mut self,
        current: G::B,
        mask: G::B,
        moves: u32,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        self.nodes += 1;
        if self.nodes % CHECK_EVERY == 0 {
            self.check();
        }
        if self.abort != Abort::No {
            return 0;
        }
        let g = self.g;
        let cells = g.cells() as i32;
        let n = moves as i32;
        let next = self.non_losing_moves(current, mask);
        if next == G::B::ZERO {
            // Every move lets the opponent complete four with its next stone.
            return -(cells - n) / 2;
        }
        if n >= cells - 2 {
            // Two cells left and neither side can win with them.
            return 0;
        }
        if moves >= self.horizon {
            return 0;
        }
        // The opponent cannot win with its next move, nor we with ours.
        let floor = -(cells - 2 - n) / 2;
        let ceiling = (cells - 1 - n) / 2;
        if alpha < floor {
            alpha = floor;
            if alpha >= beta {
                return alpha;
            }
        }
        if beta > ceiling {
            beta = ceiling;
            if alpha >= beta {
                return beta;
            }
        }
        // A single move needs no table: its child's entry will do.
        if next & next.minus(G::B::ONE) == G::B::ZERO {
            return -self.negamax(current ^ mask, mask | next, moves + 1, -beta, -alpha);
        }
        if moves <= self.book_until {
            if let Some(book) = self.book {
                // A book's key is the smaller of the code and its mirror's.
                let c = code(g, current, mask);
                if let Some(score) = book.get_key(c.key64().min(mirror_code(g, c).key64())) {
                    return score;
                }
            }
        }

        let (key, flipped) = self.key(current, mask, moves);
        let w = g.width();
        let mut tt_best = None;
        if let Some(e) = self.table.get(key, self.generation) {
            if e.lower > alpha {
                alpha = e.lower;
                if alpha >= beta {
                    return alpha;
                }
            }
            if e.upper < beta {
                beta = e.upper;
                if alpha >= beta {
                    return beta;
                }
            }
            tt_best = e.best.map(|c| if flipped { w - 1 - c } else { c });
        }

        // The moves, best first: the table's move, then by threats made.
        // Each is packed as `score << 8 | column` (a small array to clear).
        let mut list = [0u32; MAX_WIDTH];
        let mut len = 0;
        for &c in &self.order[..w as usize] {
            let c = c as u32;
            let m = next & g.column(c);
            if m == G::B::ZERO {
                continue;
            }
            let score = if tt_best == Some(c) {
                0xFF_FFFF
            } else {
                winning_cells(g, current | m, mask | m).ones()
            };
            let packed = (score << 8) | c;
            // Insertion sort, stable: equal scores keep the centre-first order.
            let mut i = len;
            while i > 0 && list[i - 1] >> 8 < score {
                list[i] = list[i - 1];
                i -= 1;
            }
            list[i] = packed;
            len += 1;
        }

        let empties = (cells - n) as u32;
        // Enhanced transposition cutoff: a child already known to be bad
        // enough for the opponent refutes the window without a search.
        if empties >= self.tuning.etc_empties {
            for &packed in &list[..len] {
                let c = packed & 0xFF;
                let m = next & g.column(c);
                let (ck, _) = self.key(current ^ mask, mask | m, moves + 1);
                if let Some(e) = self.table.get(ck, self.generation) {
                    if -e.upper >= beta {
                        let best = Some(if flipped { w - 1 - c } else { c });
                        let score = -e.upper;
                        self.store(key, score, ceiling, best, empties);
                        return score;
                    }
                }
            }
        }

        for &packed in &list[..len] {
            let c = packed & 0xFF;
            let m = next & g.column(c);
            let score = -self.negamax(current ^ mask, mask | m, moves + 1, -beta, -alpha);
            if self.abort != Abort::No {
                return 0;
            }
            if score >= beta {
                let best = Some(if flipped { w - 1 - c } else { c });
                self.store(key, score, ceiling, best, empties);
                return score;
            }
            if score > alpha {
                alpha = score;
            }
        }
        self.store(key, floor, alpha, None, empties);
        alpha
    }

    /// Writes bounds to the table.
    #[inline(always)]
    fn store(&self, key: u64, lower: i32, upper: i32, best: Option<u32>, empties: u32) {
        self.table.put(key, Entry { lower, upper, best }, self.generation, empties);
    }

    /// The exact score by null-window searches, narrowing `lower..=upper`
    /// (shared with the other threads through the signals) until it closes.
    /// `None` if the search was given up; `helper` threads pick a different
    /// window to test first.
    pub fn narrow(&mut self, current: G::B, mask: G::B, moves: u32, helper: bool) -> Option<i32> {
        let s = self.signals;
        loop {
            let lower = s.lower.load(Ordering::Relaxed);
            let upper = s.upper.load(Ordering::Relaxed);
            if lower >= upper {
                s.done.store(true, Ordering::Relaxed);
                return Some(lower);
            }
            if s.done.load(Ordering::Relaxed) {
                return Some(s.lower.load(Ordering::Relaxed));
            }
            let mut med = lower + (upper - lower) / 2;
            if med <= 0 && lower / 2 < med {
                med = lower / 2;
            } else if med >= 0 && upper / 2 > med {
                med = upper / 2;
            }
            if helper && self.tuning.helper_other_window && upper - lower > 2 {
                // Test the neighbouring window: either answer narrows the range.
                med = if med + 1 < upper { med + 1 } else { med - 1 };
            }
            self.med = med;
            self.abort = Abort::No;
            let r = self.negamax(current, mask, moves, med, med + 1);
            match self.abort {
                Abort::No => {
                    if r <= med {
                        s.upper.fetch_min(r, Ordering::Relaxed);
                    } else {
                        s.lower.fetch_max(r, Ordering::Relaxed);
                    }
                }
                Abort::Answered => {}
                Abort::Interrupted | Abort::NodeLimit => return None,
            }
        }
    }
}

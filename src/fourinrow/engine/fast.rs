//! The fast engine: `getPotentialMoves` on bitboards, returning the very
//! doubles of [`crate::fourinrow::port::ai::get_potential_moves`].
//!
//! # The technique
//!
//! **Bitboards.** A board of `W` columns and `H` rows becomes three integers
//! (`u64` when `W * (H + 1) <= 64`, e.g. 7x6, else `u128`, e.g. 12x9): the
//! cells of the side being valued (`mine`), of its enemy (`theirs`), and of
//! both (`mask`). Column `x` owns bits `x * (H + 1) ..`, bottom row first,
//! plus one spare bit on top that is always clear, so that shifting a line of
//! cells never wraps from one column into the next. Dropping a token is one
//! addition: `(mask + bottom) & board` holds the lowest empty cell of every
//! column that is not full.
//!
//! **Wins by shifts.** `isWinner` scans the whole board; `has_four` does
//! the same with four shift-and pairs, one per direction, so a four that is
//! already on the board counts exactly as it does in the Python.
//! `winning_cells` lists, in a dozen shifts, every cell that would complete
//! a four for one side; "this move wins" is then `had a four already, or the
//! cell is a winning cell`, which is what `isWinner` after `makeMove` says.
//!
//! **The same arithmetic.** The recursion only ever uses `sum(results)` of a
//! child, so `Search::sum` returns that one double, computed as the Python
//! computes it: the first moves in column order, the `break` after a winning
//! first move (later columns stay the int `0`), the int `-1` and `break`
//! after a winning counter move (earlier additions are overwritten),
//! `isBoardFull` where the Python has it, each child adding
//! `(sum * 1.0 / W) / W` in counter-move order, and the column values, ints
//! and floats as the Python has them ([`Num`]), summed by the very
//! [`Python::sum`] the twin calls, for the interpreter asked for (3.12 made
//! `sum()` compensate). The root returns the column values themselves.
//!
//! **The last two plies, specialised.** Most of the time goes to nodes with
//! two moves to look ahead. `Search::values_2` runs their loops with the
//! enemy's winning cells after each counter move computed once per column,
//! not once per pair of moves, and values the last ply by counting
//! (`last_ply_sum`): with one move to look ahead a column is worth `1`,
//! `-1` or `0`, so the sum is a small whole number (`1` if some column wins,
//! minus one for each losing column before it), found with masks. Doubles
//! add small whole numbers exactly, in any order, so the count is the very
//! double the Python's loop makes, whichever Python: when every addition is
//! exact, the compensated sum of 3.12 keeps a compensation of zero and
//! gives the plain sum. Below the root neither side ever has a four (a move
//! that makes one ends its loop), which these shortcuts rely on.
//!
//! **A transposition table.** The value of a position is a pure function of
//! the position, the side valued and the look-ahead. Within one search the
//! side is fixed and every node `k` moves deep holds the root's tokens plus
//! `k`, so the position alone fixes the look-ahead: the table is keyed by the
//! position (`mine + mask + bottom`, a unique code) and made afresh for each
//! search. A hit returns a double the search computed before for that very
//! input, so it changes nothing but the time. Mirror images are not merged:
//! their sums add the same values in the other order, which can round
//! differently.
//!
//! **Both cores.** In a large search (see [`PARALLEL_LEAVES`]) the root's
//! first moves, each an independent computation of `potentialMoves[x]`, are
//! shared among threads with `std::thread::scope`. The threads share one
//! table (each slot a small seqlock, so a thread only ever reads a whole
//! entry), and each value lands in its own column, so the order in which
//! the threads finish does not matter.
//!
//! **No allocation inside the search**: values live in fixed arrays of
//! [`MAX_WIDTH`] columns; the tables are allocated once per search.
//!
//! # Falling back
//!
//! Every size the game allows (up to 12x9, 120 bits) fits. Boards whose
//! bitboard would not fit in 128 bits (`W * (H + 1) > 128`, e.g. 13x9 or
//! 26x4: sizes only `fourinrow analyze` accepts, up to 64x64) and boards
//! with a token floating above an empty cell (which no game and no board
//! text can make, but a program can) are handed to the faithful engine, so
//! every board still gets the faithful answer, only not sooner.

use std::sync::atomic::{fence, AtomicU64, AtomicUsize, Ordering};
use std::sync::OnceLock;

use super::bits::{self, Any, Bits, Geometry, MAX_BITS, MAX_WIDTH};
use crate::fourinrow::port::ai::get_potential_moves;
use crate::fourinrow::port::board::{Board, Tile};
use crate::fourinrow::port::python::Num::{self, Int};
use crate::fourinrow::port::python::Python;

/// How many leaves (`width^(2 * look_ahead)`, before the table's savings) a
/// search must have before its first moves are shared among threads: 7x6
/// at difficulty 4, or 10 columns and more at difficulty 3. Smaller searches
/// take a few hundred microseconds at most, and a thread costs tens of them
/// to start.
pub const PARALLEL_LEAVES: u64 = 1 << 20;

/// A transposition table has at most `2^MAX_TABLE_BITS` slots of 32 bytes
/// (32 MiB), enough for difficulty 6 on 7x6.
const MAX_TABLE_BITS: u32 = 20;

/// `getPotentialMoves(board, tile, look_ahead)`, computed on bitboards.
///
/// Boards the bitboards cannot hold, or with floating tokens, are computed
/// by the faithful engine instead (see the module docs).
pub fn potential_moves(python: Python, board: &Board, tile: Tile, look_ahead: u32) -> Vec<f64> {
    potential_moves_with_threads(python, board, tile, look_ahead, usize::MAX)
}

/// How many threads can run at once here, asked once: the answer costs a
/// system call and a few files read (cgroup quotas), tens of microseconds.
fn cores() -> usize {
    static CORES: OnceLock<usize> = OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// [`potential_moves`] using at most `max_threads` threads (counting the
/// caller's; `0` counts as 1), and no more than the machine runs at once.
/// The values do not depend on it.
pub fn potential_moves_with_threads(
    python: Python,
    board: &Board,
    tile: Tile,
    look_ahead: u32,
    max_threads: usize,
) -> Vec<f64> {
    let bits = board.width() * (board.height() + 1);
    let fast = if board.width() > MAX_WIDTH {
        None
    } else if bits <= 64 {
        search::<u64>(python, board, tile, look_ahead, max_threads)
    } else if bits <= MAX_BITS {
        search::<u128>(python, board, tile, look_ahead, max_threads)
    } else {
        None
    };
    fast.unwrap_or_else(|| {
        let values = get_potential_moves(python, board, tile, look_ahead);
        values.iter().map(|v| v.as_f64()).collect()
    })
}

/// Whether the fast engine computes `board` itself rather than handing it to
/// the faithful engine.
pub fn handles(board: &Board) -> bool {
    let bits = board.width() * (board.height() + 1);
    if board.width() > MAX_WIDTH || bits > MAX_BITS {
        return false;
    }
    if bits <= 64 {
        Shape::<u64>::new(board.width(), board.height()).position(board, Tile::Black).is_some()
    } else {
        Shape::<u128>::new(board.width(), board.height()).position(board, Tile::Black).is_some()
    }
}

/// One board size: its [`Geometry`] (the masks both bitboard engines use)
/// and what this engine computes once for it.
#[derive(Clone, Debug)]
struct Shape<B: Bits> {
    /// The board's masks.
    g: Any<B>,
    /// Columns: `BOARDWIDTH`.
    width: usize,
    /// The cells of each column (spare bit excluded); unused entries are zero.
    columns: [B; MAX_WIDTH],
    /// The width as a double, the divisor of `(sum * 1.0 / W) / W`.
    width_f64: f64,
    /// `(s * 1.0 / W) / W` for each whole `s` from `-W` to `1` (at index
    /// `s + W`): every term a last-ply sum can add, computed once.
    last_ply_terms: [f64; MAX_WIDTH + 2],
}

impl<B: Bits> Shape<B> {
    /// A `width` x `height` board; the caller has checked that `width <=
    /// MAX_WIDTH` and `width * (height + 1)` bits fit in `B`.
    fn new(width: usize, height: usize) -> Shape<B> {
        // At most 128 bits: the sizes fit a u32 with room to spare.
        let g = Any::<B>::new(width as u32, height as u32);
        let mut columns = [B::ZERO; MAX_WIDTH];
        for (x, slot) in (0..).zip(columns.iter_mut().take(width)) {
            *slot = g.column(x);
        }
        let width_f64 = width as f64;
        let mut last_ply_terms = [0.0; MAX_WIDTH + 2];
        for (i, term) in last_ply_terms.iter_mut().enumerate().take(width + 2) {
            // i - width is a whole number from -25 to 1: exact as a double.
            *term = python_term(i as f64 - width_f64, width_f64);
        }
        Shape { g, width, columns, width_f64, last_ply_terms }
    }

    /// `board` as bitboards, `tile`'s tokens as `mine`; `None` when a token
    /// floats above an empty cell.
    fn position(&self, board: &Board, tile: Tile) -> Option<Stones<B>> {
        let (mine, mask) = bits::read_board(self.g, board, tile).ok()?;
        Some(Stones { mine, theirs: mask ^ mine, mask })
    }

    /// Every cell of the board.
    #[inline(always)]
    fn board(&self) -> B {
        self.g.board()
    }

    /// The lowest empty cell of every column that is not full.
    #[inline(always)]
    fn playable(&self, mask: B) -> B {
        bits::playable(self.g, mask)
    }

    /// Whether `stones` hold four in a row anywhere: Python's `isWinner`.
    #[inline(always)]
    fn has_four(&self, stones: B) -> bool {
        bits::has_four(self.g, stones)
    }

    /// `(s * 1.0 / W) / W` for a last-ply sum `s` (a whole number from `-W`
    /// to `1`): the very double [`python_term`] computes, from the table.
    fn last_ply_term(&self, sum: i64) -> f64 {
        let index = usize::try_from(sum + self.width as i64).ok();
        match index.and_then(|i| self.last_ply_terms.get(i)) {
            Some(&term) => term,
            None => python_term(sum as f64, self.width_f64), // never: s is in range
        }
    }

    /// Every cell, filled or not, that would give `stones` four in a row
    /// through it.
    #[inline(always)]
    fn winning_cells(&self, stones: B) -> B {
        bits::winning_cells_at(stones, self.g.stride()) & self.g.board()
    }
}

/// The stones of a board as bitboards ([`bits::read_board`]), seen from
/// the side whose moves are valued, whoever moves next: the twin values
/// any board, so this is not the solver's `Position` (the side to move,
/// checked counts), and the enemy's stones are kept, not recomputed in the
/// inner loops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Stones<B> {
    /// The tokens of `tile`, the side valued.
    mine: B,
    /// The tokens of the enemy.
    theirs: B,
    /// Every token.
    mask: B,
}

/// The position after a first move that neither won nor filled the board:
/// what the counter-move loop needs.
#[derive(Clone, Copy, Debug)]
struct Reply<B> {
    /// The position after the first move.
    position: Stones<B>,
    /// Where the enemy can drop a token.
    playable: B,
    /// Where an enemy token would complete a four.
    their_wins: B,
    /// Whether the enemy has four in a row already.
    their_four: bool,
}

/// What one first move leads to, in the Python's three branches.
#[derive(Clone, Copy, Debug)]
enum FirstMove<B> {
    /// `isWinner(dupeBoard, tile)`: the value is 1 and the loop stops.
    Wins,
    /// `isBoardFull(dupeBoard)`: the value is 0.
    FillsBoard,
    /// The counter moves decide the value.
    Counters(Reply<B>),
}

/// Calls `visit` for every valid first move of `position`, in column order,
/// and stops after the first winning one, as the Python's `for firstMove`
/// loop does.
fn for_each_first_move<B: Bits>(
    geo: &Shape<B>,
    position: Stones<B>,
    mut visit: impl FnMut(usize, FirstMove<B>),
) {
    let playable = geo.playable(position.mask);
    let my_four = geo.has_four(position.mine);
    let my_wins = geo.winning_cells(position.mine);
    let their_four = geo.has_four(position.theirs);
    let their_wins = geo.winning_cells(position.theirs);
    for first_move in 0..geo.width {
        let cell = playable & geo.columns[first_move];
        if !cell.any() {
            continue; // isValidMove: the column is full
        }
        if my_four || (cell & my_wins).any() {
            visit(first_move, FirstMove::Wins);
            break;
        }
        let mask = position.mask | cell;
        if mask == geo.board() {
            visit(first_move, FirstMove::FillsBoard);
            continue;
        }
        let reply = Reply {
            position: Stones { mine: position.mine | cell, theirs: position.theirs, mask },
            playable: (playable ^ cell) | ((cell << 1) & geo.board()),
            their_wins,
            their_four,
        };
        visit(first_move, FirstMove::Counters(reply));
    }
}

/// A transposition table, position code to `sum(getPotentialMoves(...))`,
/// shared by the search's threads. A newer entry replaces an older one.
///
/// Each slot is a small seqlock: a writer makes its counter odd, writes the
/// code and the double's bits, and makes it even again; a reader that sees
/// the same even counter before and after reading knows it read one whole
/// entry. So a hit is always a value stored for that very code, whatever
/// the threads do; a slot being written, or written meanwhile, is a miss.
struct Table {
    /// The slots; empty when the table stores nothing.
    slots: Vec<Slot>,
    /// How far to shift a 64-bit hash to get a slot index.
    shift: u32,
}

/// One entry of a [`Table`]: zeros when empty (no position code is zero).
#[derive(Default)]
struct Slot {
    /// Even when the slot is stable, odd while a thread writes it.
    seq: AtomicU64,
    /// The position code's two words.
    code: [AtomicU64; 2],
    /// The bits of the double.
    value: AtomicU64,
}

impl Table {
    /// A table of `2^bits` slots; `bits == 0` makes one that stores nothing.
    fn new(bits: u32) -> Table {
        let slots = if bits == 0 {
            Vec::new()
        } else {
            (0..1usize << bits).map(|_| Slot::default()).collect()
        };
        Table { slots, shift: 64 - bits }
    }

    /// The slot of a code, or `None` for a table that stores nothing.
    fn slot(&self, code: [u64; 2]) -> Option<&Slot> {
        let hash = (code[0] ^ code[1].rotate_left(29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        // The shift leaves `bits` bits: an index into `slots`. For an empty
        // table the shift is 64 and `checked_shr` gives `None`.
        let index = hash.checked_shr(self.shift)?;
        self.slots.get(usize::try_from(index).ok()?)
    }

    /// The value stored for `code`, if any.
    fn get(&self, code: [u64; 2]) -> Option<f64> {
        let slot = self.slot(code)?;
        let seq = slot.seq.load(Ordering::Acquire);
        if seq & 1 == 1 {
            return None; // being written
        }
        let stored = [slot.code[0].load(Ordering::Relaxed), slot.code[1].load(Ordering::Relaxed)];
        let value = slot.value.load(Ordering::Relaxed);
        fence(Ordering::Acquire);
        if slot.seq.load(Ordering::Relaxed) != seq || stored != code {
            return None;
        }
        Some(f64::from_bits(value))
    }

    /// Stores `value` for `code`, unless another thread is writing that slot.
    fn put(&self, code: [u64; 2], value: f64) {
        let Some(slot) = self.slot(code) else {
            return;
        };
        let seq = slot.seq.load(Ordering::Relaxed);
        if seq & 1 == 1
            || slot
                .seq
                .compare_exchange(seq, seq + 1, Ordering::Acquire, Ordering::Relaxed)
                .is_err()
        {
            return;
        }
        fence(Ordering::Release);
        slot.code[0].store(code[0], Ordering::Relaxed);
        slot.code[1].store(code[1], Ordering::Relaxed);
        slot.value.store(value.to_bits(), Ordering::Relaxed);
        slot.seq.store(seq + 2, Ordering::Release);
    }
}

/// The table size for a search `look_ahead` deep on a board `width` wide:
/// enough for the positions two levels above the last, which are what the
/// table holds; none when there are no transpositions to find.
fn table_bits(width: usize, look_ahead: u32) -> u32 {
    if look_ahead < 4 {
        // Positions with look-ahead >= 2 are at most two plies below the
        // root, where no two paths meet.
        return 0;
    }
    let nodes = leaves(width, look_ahead - 2);
    let bits = 64 - nodes.leading_zeros();
    bits.clamp(10, MAX_TABLE_BITS)
}

/// `width^(2 * look_ahead)`, saturating: the leaves of a search with no table.
fn leaves(width: usize, look_ahead: u32) -> u64 {
    let mut leaves: u64 = 1;
    for _ in 0..2 * look_ahead {
        leaves = leaves.saturating_mul(width as u64);
    }
    leaves
}

/// One search: the board size and the table of values found so far.
struct Search<'g, B: Bits> {
    /// Whose `sum()` the values follow.
    python: Python,
    /// The board size.
    geo: &'g Shape<B>,
    /// Values of positions with look-ahead 2 or more, shared by all threads.
    table: &'g Table,
}

impl<B: Bits> Search<'_, B> {
    /// `sum(getPotentialMoves(position, tile, look_ahead))`.
    fn sum(&mut self, position: Stones<B>, look_ahead: u32) -> f64 {
        if look_ahead == 0 || position.mask == self.geo.board() {
            return 0.0; // sum([0] * BOARDWIDTH)
        }
        let code = position.mine.plus(position.mask).plus(self.geo.g.bottom()).words();
        if let Some(value) = self.table.get(code) {
            return value;
        }
        let values = self.values(position, look_ahead);
        let sum = self.python.sum(&values[..self.geo.width]).as_f64();
        self.table.put(code, sum);
        sum
    }

    /// `getPotentialMoves(position, tile, look_ahead)` for a board that is
    /// not full and a look-ahead of at least 1: the column values.
    fn values(&mut self, position: Stones<B>, look_ahead: u32) -> [Num; MAX_WIDTH] {
        if look_ahead == 2 {
            return self.values_2(position);
        }
        let mut potential_moves = [Int(0); MAX_WIDTH];
        let geo = self.geo;
        for_each_first_move(geo, position, |first_move, outcome| {
            potential_moves[first_move] = match outcome {
                FirstMove::Wins => Int(1),
                FirstMove::FillsBoard => Int(0),
                FirstMove::Counters(reply) => self.counter_value(&reply, look_ahead),
            };
        });
        potential_moves
    }

    /// `potentialMoves[firstMove]` once the first move has been made: the
    /// Python's `for counterMove` loop.
    fn counter_value(&mut self, reply: &Reply<B>, look_ahead: u32) -> Num {
        let geo = self.geo;
        let mut value = Int(0);
        for counter_move in 0..geo.width {
            let cell = reply.playable & geo.columns[counter_move];
            if !cell.any() {
                continue; // isValidMove: the column is full
            }
            if reply.their_four || (cell & reply.their_wins).any() {
                // potentialMoves[firstMove] = -1; break
                return Int(-1);
            }
            let child = Stones {
                mine: reply.position.mine,
                theirs: reply.position.theirs | cell,
                mask: reply.position.mask | cell,
            };
            let results = self.sum(child, look_ahead - 1);
            value += python_term(results, geo.width_f64);
        }
        value
    }

    /// [`Search::values`] at look-ahead 2, where most of the time goes: the
    /// same loops, with the last ply counted by [`last_ply_sum`] and the
    /// enemy's winning cells after each counter move computed once per
    /// column instead of once per pair of moves.
    fn values_2(&self, position: Stones<B>) -> [Num; MAX_WIDTH] {
        let geo = self.geo;
        let playable = geo.playable(position.mask);
        // The enemy's winning cells once it has dropped into column x: onto
        // the board as it is, or onto a first move made in x.
        let mut theirs_beside = [B::ZERO; MAX_WIDTH];
        let mut theirs_above = [B::ZERO; MAX_WIDTH];
        for x in 0..geo.width {
            let cell = playable & geo.columns[x];
            if cell.any() {
                theirs_beside[x] = geo.winning_cells(position.theirs | cell);
                theirs_above[x] = geo.winning_cells(position.theirs | ((cell << 1) & geo.board()));
            }
        }
        let mut potential_moves = [Int(0); MAX_WIDTH];
        for_each_first_move(geo, position, |first_move, outcome| {
            let reply = match outcome {
                FirstMove::Wins => {
                    potential_moves[first_move] = Int(1);
                    return;
                }
                FirstMove::FillsBoard => {
                    potential_moves[first_move] = Int(0);
                    return;
                }
                FirstMove::Counters(reply) => reply,
            };
            // Neither side has a four below this point: a first move that
            // made one stopped the loop, a counter move that made one ends
            // this first move's loop.
            let my_wins = geo.winning_cells(reply.position.mine);
            let mut value = Int(0);
            for counter_move in 0..geo.width {
                let cell = reply.playable & geo.columns[counter_move];
                if !cell.any() {
                    continue; // isValidMove: the column is full
                }
                if reply.their_four || (cell & reply.their_wins).any() {
                    value = Int(-1); // potentialMoves[firstMove] = -1; break
                    break;
                }
                let mask = reply.position.mask | cell;
                let results = if mask == geo.board() {
                    0 // isBoardFull: sum([0] * BOARDWIDTH)
                } else {
                    let their_wins = if counter_move == first_move {
                        theirs_above[counter_move]
                    } else {
                        theirs_beside[counter_move]
                    };
                    let playable = (reply.playable ^ cell) | ((cell << 1) & geo.board());
                    last_ply_sum(playable, my_wins, their_wins)
                };
                value += geo.last_ply_term(results);
            }
            potential_moves[first_move] = value;
        });
        potential_moves
    }
}

/// One counter move's share of `potentialMoves[firstMove]`.
///
/// The Python's `(sum(results)*1.0 / BOARDWIDTH) / BOARDWIDTH`: two divisions,
/// which round twice, not one division by `width * width`.
#[inline]
fn python_term(results: f64, width: f64) -> f64 {
    #[allow(clippy::identity_op)] // the Python's `* 1.0`, kept to be read side by side
    let scaled = results * 1.0;
    (scaled / width) / width
}

/// `sum(getPotentialMoves(position, tile, 1))`, counted with masks, for a
/// position that is not full and where neither side has four in a row, given
/// where a token can be dropped and where a token of either side would
/// complete a four.
///
/// With one move to look ahead every child returns zeros, so a first move is
/// worth `1` (it wins: the loop stops), `-1` (some counter move wins) or `0`
/// (no counter move wins, or it fills the board). The sum is `1` if some
/// column wins, minus one for each losing column before the first winning
/// one (or before the end): a whole number from `-W` to `1`. Doubles add
/// small whole numbers exactly, in any order, so this count, as a double, is
/// the very double the Python's loop makes.
///
/// A first move loses when the enemy can then drop onto a winning cell: one
/// it can reach already (unless the first move took the only one), or the
/// cell just above the first move. A move that fills the board comes out as
/// `0`, as the Python's `isBoardFull` branch says: the last empty cell is a
/// top cell, whose "cell above" is the spare bit, never a winning cell.
#[inline]
fn last_ply_sum<B: Bits>(playable: B, my_wins: B, their_wins: B) -> i64 {
    let wins = playable & my_wins;
    let now = playable & their_wins;
    let opens = playable & (their_wins >> 1);
    let loses = if !now.any() {
        opens
    } else if (now & now.minus(B::ONE)).any() {
        playable // two winning drops: a first move can block one at most
    } else {
        (playable ^ now) | (opens & now)
    };
    let first_win = wins.lowest();
    if first_win.any() {
        1 - i64::from((loses & first_win.minus(B::ONE)).ones())
    } else {
        -i64::from(loses.ones())
    }
}

/// `getPotentialMoves(board, tile, look_ahead)` on `B` bitboards; `None`
/// when a token floats. The caller has checked the size fits.
fn search<B: Bits>(
    python: Python,
    board: &Board,
    tile: Tile,
    look_ahead: u32,
    max_threads: usize,
) -> Option<Vec<f64>> {
    let geo = Shape::<B>::new(board.width(), board.height());
    let position = geo.position(board, tile)?;
    let width = geo.width;
    if look_ahead == 0 || position.mask == geo.board() {
        return Some(vec![0.0; width]);
    }
    let table_bits = table_bits(width, look_ahead);
    if look_ahead <= 2 {
        let table = Table::new(0);
        let mut search = Search { python, geo: &geo, table: &table };
        let values = search.values(position, look_ahead);
        return Some(values[..width].iter().map(|v| v.as_f64()).collect());
    }
    let mut potential_moves = [0.0; MAX_WIDTH];
    let mut replies: Vec<(usize, Reply<B>)> = Vec::with_capacity(width);
    for_each_first_move(&geo, position, |first_move, outcome| match outcome {
        FirstMove::Wins => potential_moves[first_move] = 1.0,
        FirstMove::FillsBoard => potential_moves[first_move] = 0.0,
        FirstMove::Counters(reply) => replies.push((first_move, reply)),
    });
    let threads =
        if leaves(width, look_ahead) >= PARALLEL_LEAVES { max_threads.min(cores()) } else { 1 };
    let table = Table::new(table_bits);
    for (first_move, value) in counter_values(python, &geo, &replies, look_ahead, threads, &table) {
        potential_moves[first_move] = value.as_f64();
    }
    Some(potential_moves[..width].to_vec())
}

/// The value of each first move in `replies`, as `(column, value)`, using
/// up to `threads` threads, which share `table`.
fn counter_values<B: Bits>(
    python: Python,
    geo: &Shape<B>,
    replies: &[(usize, Reply<B>)],
    look_ahead: u32,
    threads: usize,
    table: &Table,
) -> Vec<(usize, Num)> {
    let threads = threads.clamp(1, replies.len().max(1));
    // Threads take the first moves one at a time, in column order, so that
    // a slow column does not leave the other thread idle.
    let next = AtomicUsize::new(0);
    let work = || {
        let mut search = Search { python, geo, table };
        let mut done = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some((first_move, reply)) = replies.get(i) else {
                return done;
            };
            done.push((*first_move, search.counter_value(reply, look_ahead)));
        }
    };
    if threads == 1 {
        return work();
    }
    std::thread::scope(|scope| {
        // A thread the system refuses is simply not there: the others,
        // this one included, take its share of the first moves.
        let helpers: Vec<_> = (1..threads)
            .filter_map(|_| std::thread::Builder::new().spawn_scoped(scope, work).ok())
            .collect();
        let mut all = work();
        for helper in helpers {
            match helper.join() {
                Ok(done) => all.extend(done),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        all
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fourinrow::port::board::{get_new_board, make_move};
    use crate::fourinrow::tools::boardtext::parse_board;

    /// The twin's values, as doubles, for the default interpreter.
    fn twin(b: &Board, tile: Tile, look_ahead: u32) -> Vec<f64> {
        let values = get_potential_moves(Python::default(), b, tile, look_ahead);
        values.iter().map(|v| v.as_f64()).collect()
    }

    /// A 7x6 bitboard geometry, bits as in the module docs.
    fn geo7x6() -> Shape<u64> {
        Shape::new(7, 6)
    }

    #[test]
    fn geometry_masks_have_a_spare_bit_per_column() {
        let g = geo7x6();
        assert_eq!(g.board().count_ones(), 42);
        assert_eq!(g.g.bottom().count_ones(), 7);
        assert_eq!(g.columns[1], 0b111111 << 7);
        assert_eq!(g.board() & (1 << 6), 0, "the spare bit is not a cell");
        let g12: Shape<u128> = Shape::new(12, 9);
        assert_eq!(g12.board().count_ones(), 108);
        assert_eq!(MAX_WIDTH, 25);
    }

    #[test]
    fn winning_cells_never_wrap_between_columns() {
        // Three in a column's top cells and three at the next column's
        // bottom: no cell completes a four across the seam.
        let g = geo7x6();
        let top_of_0 = 0b111000u64;
        let bottom_of_1 = 0b000111u64 << 7;
        assert_eq!(g.winning_cells(top_of_0) & !g.columns[0], 0);
        assert_eq!(g.winning_cells(bottom_of_1) & !g.columns[1], 0);
        assert!(!g.has_four(top_of_0 | (1 << 7)));
    }

    #[test]
    fn positions_read_bottom_up_and_floating_tokens_are_refused() {
        let b = parse_board("......./......./......./......./...R.../...B...").unwrap();
        let g = geo7x6();
        let p = g.position(&b, Tile::Black).unwrap();
        assert_eq!(p.mine, 1 << 21);
        assert_eq!(p.theirs, 1 << 22);
        assert_eq!(p.mask, 0b11 << 21);
        let mut floating = get_new_board(7, 6);
        floating[2][0] = Some(Tile::Red);
        assert_eq!(g.position(&floating, Tile::Red), None);
        assert!(!handles(&floating));
        assert!(handles(&b));
        // ...and the fast engine still answers it, through the faithful one.
        assert_eq!(
            potential_moves(Python::default(), &floating, Tile::Black, 2),
            twin(&floating, Tile::Black, 2)
        );
    }

    #[test]
    fn drops_land_on_the_lowest_empty_cell() {
        let g = geo7x6();
        let mut b = get_new_board(7, 6);
        for (column, tile) in [(3, Tile::Red), (3, Tile::Black), (0, Tile::Red)] {
            let p = g.position(&b, Tile::Red).unwrap();
            let cell = g.playable(p.mask) & g.columns[column];
            make_move(&mut b, tile, column);
            let q = g.position(&b, Tile::Red).unwrap();
            assert_eq!(q.mask, p.mask | cell);
        }
    }

    #[test]
    fn sizes_that_do_not_fit_fall_back_to_the_faithful_engine() {
        let wide = get_new_board(26, 4);
        let tall = get_new_board(4, 40);
        let big = get_new_board(13, 9);
        for b in [&wide, &tall, &big] {
            assert!(!handles(b));
            assert_eq!(
                potential_moves(Python::default(), b, Tile::Black, 1),
                twin(b, Tile::Black, 1)
            );
        }
        assert!(handles(&get_new_board(25, 4)));
        assert!(handles(&get_new_board(4, 31)));
        assert!(handles(&get_new_board(12, 9)));
    }

    #[test]
    fn table_sizes_grow_with_the_look_ahead_and_stop() {
        assert_eq!(table_bits(7, 3), 0);
        assert_eq!(table_bits(7, 4), 12); // 7^4 = 2401
        assert_eq!(table_bits(7, 5), 17); // 7^6 = 117649
        assert_eq!(table_bits(12, 6), MAX_TABLE_BITS);
        assert_eq!(table_bits(4, 4), 10);
        let t = Table::new(4);
        assert_eq!(t.get([5, 0]), None);
        t.put([5, 0], 0.25);
        assert_eq!(t.get([5, 0]), Some(0.25));
        let empty = Table::new(0);
        assert_eq!(empty.get([5, 0]), None);
    }

    #[test]
    fn a_shared_table_only_ever_returns_what_was_stored_for_the_code() {
        // Two threads write and read the same 16 slots as fast as they can;
        // every hit must be the value that belongs to its code.
        let table = Table::new(4);
        let value_of = |code: u64| (code as f64) * 0.5 - 3.0;
        std::thread::scope(|scope| {
            for t in 0..2u64 {
                let table = &table;
                scope.spawn(move || {
                    let mut hits = 0;
                    for i in 0..200_000u64 {
                        // 24 codes in 16 slots: slots are shared and overwritten.
                        let code = [1 + (i * 7 + t) % 24, t];
                        table.put(code, value_of(code[0]));
                        for probe in [code, [1 + i % 24, 1 - t]] {
                            if let Some(v) = table.get(probe) {
                                assert_eq!(v.to_bits(), value_of(probe[0]).to_bits());
                                hits += 1;
                            }
                        }
                    }
                    assert!(hits > 0);
                });
            }
        });
    }

    #[test]
    fn parallel_and_serial_root_agree() {
        let b = parse_board("......./......./......./......./...R.../..BRB..").unwrap();
        let g = geo7x6();
        let p = g.position(&b, Tile::Black).unwrap();
        let mut replies = Vec::new();
        for_each_first_move(&g, p, |x, outcome| {
            if let FirstMove::Counters(r) = outcome {
                replies.push((x, r));
            }
        });
        let py = Python::default();
        let mut one = counter_values(py, &g, &replies, 4, 1, &Table::new(0));
        let mut two = counter_values(py, &g, &replies, 4, 2, &Table::new(10));
        one.sort_by_key(|&(x, _)| x);
        two.sort_by_key(|&(x, _)| x);
        let bits = |v: &[(usize, Num)]| {
            v.iter().map(|&(x, f)| (x, f.as_f64().to_bits())).collect::<Vec<_>>()
        };
        assert_eq!(bits(&one), bits(&two));
        assert_eq!(one.len(), 7);
    }
}

//! Bitboards, the one vocabulary of the two engines that use them
//! ([`super::fast`] and [`super::solver`]): the integer a board is held in
//! ([`Bits`]), the board's shape ([`Geometry`]: [`Seven`], the 7x6 board
//! whose masks are constants the compiler folds into the code, and [`Any`],
//! every other size, its masks in fields), the tutorial's board read into
//! bitboards ([`read_board`]), and the line tests.
//!
//! A board of `W` columns and `H` rows is one integer per set of cells:
//! `u64` when `W * (H + 1) <= 64` (7x6, 8x7, 9x6), else `u128` (10x6,
//! 12x9). Column `c` owns bits `c * stride ..`, bottom cell first, where the
//! `stride` is `H + 1`: the rows plus one spare bit on top that no token
//! ever fills. That spare bit is what lets a shift by `stride` move a cell
//! one column sideways without wrapping into another row, and lets adding
//! the bottom row to the filled cells carry into each column's first empty
//! cell.

use std::fmt::Debug;
use std::ops::{BitAnd, BitOr, BitXor, Not, Shl, Shr};

use crate::fourinrow::port::board::{Board, Tile};
use crate::fourinrow::port::settings::MIN_SIZE;

/// The most bits a bitboard holds: a `u128`'s.
pub const MAX_BITS: usize = 128;

/// The widest board a bitboard holds: 25 columns of at least 4 rows plus
/// the spare bit fill 125 of the 128 bits.
pub const MAX_WIDTH: usize = MAX_BITS / (MIN_SIZE + 1);

/// An unsigned integer used as a bitboard: `u64` or `u128`.
pub trait Bits:
    Copy
    + Eq
    + Ord
    + Debug
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    /// No bit set.
    const ZERO: Self;
    /// Bit 0 set.
    const ONE: Self;
    /// Addition modulo 2^bits: a carry out of the top is dropped.
    fn plus(self, other: Self) -> Self;
    /// Subtraction modulo 2^bits.
    fn minus(self, other: Self) -> Self;
    /// How many bits are set.
    fn ones(self) -> u32;
    /// The value, widened to `u128`.
    fn to_u128(self) -> u128;
    /// The low bits of `v` (the caller knows that they are all there is).
    fn from_u128(v: u128) -> Self;

    /// The lowest set bit alone (zero for zero).
    #[inline(always)]
    fn lowest(self) -> Self {
        self & Self::ZERO.minus(self)
    }

    /// Whether any bit is set.
    #[inline(always)]
    fn any(self) -> bool {
        self != Self::ZERO
    }

    /// The value as two 64-bit words, low word first.
    #[inline(always)]
    fn words(self) -> [u64; 2] {
        let v = self.to_u128();
        // Truncation is the point: the low and the high 64 bits.
        [v as u64, (v >> 64) as u64]
    }

    /// 64 bits that identify the value: the value itself for a `u64`; for
    /// a `u128` a fold of both halves, where two values share one only by
    /// a 1-in-2^64 chance.
    #[inline(always)]
    fn key64(self) -> u64 {
        let [low, high] = self.words();
        // An odd multiplier mixes the high half before it is folded in, so
        // values that differ only in their high bits still differ here.
        low ^ high.wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
}

/// The required methods, the same for both widths.
macro_rules! impl_bits {
    ($($t:ty),*) => {$(
        impl Bits for $t {
            const ZERO: $t = 0;
            const ONE: $t = 1;
            #[inline(always)]
            fn plus(self, other: $t) -> $t {
                self.wrapping_add(other)
            }
            #[inline(always)]
            fn minus(self, other: $t) -> $t {
                self.wrapping_sub(other)
            }
            #[inline(always)]
            fn ones(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn to_u128(self) -> u128 {
                self as u128
            }
            #[inline(always)]
            fn from_u128(v: u128) -> $t {
                v as $t
            }
        }
    )*};
}

impl_bits!(u64, u128);

/// Whether `stones` hold four in a row in any direction, on a board whose
/// columns are `stride` bits apart: Python's `isWinner`, in four
/// shift-and pairs.
#[inline(always)]
pub fn has_four_at<B: Bits>(stones: B, stride: u32) -> bool {
    // vertical, "\" (down to the right), horizontal, "/" (up to the right)
    for shift in [1, stride - 1, stride, stride + 1] {
        let pairs = stones & (stones >> shift);
        if (pairs & (pairs >> (2 * shift))).any() {
            return true;
        }
    }
    false
}

/// Every cell (of the whole bit range; the caller masks it to the board)
/// where a dropped token completes a four for `stones`: three of them in
/// line with it, on either side. In a column only the three below count:
/// a token is only ever dropped onto the lowest empty cell, with nothing
/// above it.
#[inline(always)]
pub fn winning_cells_at<B: Bits>(stones: B, stride: u32) -> B {
    let s = stones;
    // vertical: only the three below can be there
    let mut cells = (s << 1) & (s << 2) & (s << 3);
    // "\", horizontal, "/"
    for shift in [stride - 1, stride, stride + 1] {
        let before = (s << shift) & (s << (2 * shift));
        cells = cells | (before & (s << (3 * shift))) | (before & (s >> shift));
        let after = (s >> shift) & (s >> (2 * shift));
        cells = cells | (after & (s << shift)) | (after & (s >> (3 * shift)));
    }
    cells
}

/// The shape of the board: everything the search needs to know of it.
pub trait Geometry: Copy + Send + Sync + 'static {
    /// The integer that holds the cells.
    type B: Bits;
    /// Columns.
    fn width(self) -> u32;
    /// Rows.
    fn height(self) -> u32;
    /// The bottom cell of every column.
    fn bottom(self) -> Self::B;
    /// Every cell a token can fill (no spare bits).
    fn board(self) -> Self::B;
    /// Column 0's cells.
    fn column0(self) -> Self::B;

    /// Rows plus the spare bit: the shift from one column to the next.
    #[inline(always)]
    fn stride(self) -> u32 {
        self.height() + 1
    }
    /// How many cells the board has: the most moves a game can last.
    #[inline(always)]
    fn cells(self) -> u32 {
        self.width() * self.height()
    }
    /// Column `c`'s cells.
    #[inline(always)]
    fn column(self, c: u32) -> Self::B {
        self.column0() << (c * self.stride())
    }
}

/// Cells of a board of `w` by `h`: (bottom row, every cell, column 0).
pub const fn masks_u64(w: u32, h: u32) -> (u64, u64, u64) {
    let column0 = (1u64 << h) - 1;
    let mut bottom = 0;
    let mut board = 0;
    let mut c = 0;
    while c < w {
        bottom |= 1 << (c * (h + 1));
        board |= column0 << (c * (h + 1));
        c += 1;
    }
    (bottom, board, column0)
}

/// The standard 7x6 board, with every mask a compile-time constant.
#[derive(Clone, Copy, Debug)]
pub struct Seven;

/// Seven's masks, computed once by the compiler.
const SEVEN: (u64, u64, u64) = masks_u64(7, 6);

impl Geometry for Seven {
    type B = u64;
    #[inline(always)]
    fn width(self) -> u32 {
        7
    }
    #[inline(always)]
    fn height(self) -> u32 {
        6
    }
    #[inline(always)]
    fn bottom(self) -> u64 {
        SEVEN.0
    }
    #[inline(always)]
    fn board(self) -> u64 {
        SEVEN.1
    }
    #[inline(always)]
    fn column0(self) -> u64 {
        SEVEN.2
    }
}

/// Any other size, its masks held in fields.
#[derive(Clone, Copy, Debug)]
pub struct Any<B: Bits> {
    width: u32,
    height: u32,
    bottom: B,
    board: B,
    column0: B,
}

impl<B: Bits> Any<B> {
    /// The geometry of a `width` by `height` board; the caller has checked
    /// that `width * (height + 1)` bits fit in `B`.
    pub fn new(width: u32, height: u32) -> Any<B> {
        let column0 = (B::ONE << height).minus(B::ONE);
        let mut bottom = B::ZERO;
        let mut board = B::ZERO;
        for c in 0..width {
            bottom = bottom | (B::ONE << (c * (height + 1)));
            board = board | (column0 << (c * (height + 1)));
        }
        Any { width, height, bottom, board, column0 }
    }
}

impl<B: Bits> Geometry for Any<B> {
    type B = B;
    #[inline(always)]
    fn width(self) -> u32 {
        self.width
    }
    #[inline(always)]
    fn height(self) -> u32 {
        self.height
    }
    #[inline(always)]
    fn bottom(self) -> B {
        self.bottom
    }
    #[inline(always)]
    fn board(self) -> B {
        self.board
    }
    #[inline(always)]
    fn column0(self) -> B {
        self.column0
    }
}

/// The empty cells that would complete a four for the side whose stones
/// are `stones`, given every filled cell `mask`.
#[inline(always)]
pub fn winning_cells<G: Geometry>(g: G, stones: G::B, mask: G::B) -> G::B {
    winning_cells_at(stones, g.stride()) & (g.board() ^ mask)
}

/// The cell each column would fill next (none for a full column).
#[inline(always)]
pub fn playable<G: Geometry>(g: G, mask: G::B) -> G::B {
    mask.plus(g.bottom()) & g.board()
}

/// Whether `stones` hold four in a row anywhere.
#[inline(always)]
pub fn has_four<G: Geometry>(g: G, stones: G::B) -> bool {
    has_four_at(stones, g.stride())
}

/// The position's code: the side to move's stones plus every filled cell
/// plus the bottom row. Column by column that is `stones + 2^filled`, whose
/// highest bit says how full the column is and whose lower bits say whose
/// stones are where, so no two positions share a code (and none is zero).
#[inline(always)]
pub fn code<G: Geometry>(g: G, current: G::B, mask: G::B) -> G::B {
    current.plus(mask).plus(g.bottom())
}

/// The code of the position seen in a mirror (columns reversed).
#[inline(always)]
pub fn mirror_code<G: Geometry>(g: G, code: G::B) -> G::B {
    let stride = g.stride();
    let column = (G::B::ONE << stride).minus(G::B::ONE);
    let w = g.width();
    let mut m = G::B::ZERO;
    for c in 0..w {
        let bits = (code >> (c * stride)) & column;
        m = m | (bits << ((w - 1 - c) * stride));
    }
    m
}

/// The tutorial's board (`board[x][y]`, `y = 0` the top row) as bitboards
/// of `g`, whose size is the board's: `tile`'s tokens and every token. A
/// token above an empty cell is refused: the error is its column, from 0.
pub fn read_board<G: Geometry>(g: G, board: &Board, tile: Tile) -> Result<(G::B, G::B), usize> {
    let (mut mine, mut mask) = (G::B::ZERO, G::B::ZERO);
    for x in 0..g.width() {
        let mut empty_below = false;
        // Board rows count from the top; bit rows from the bottom.
        for (row, cell) in (0..g.height()).zip(board[x as usize].iter().rev()) {
            match cell {
                None => empty_below = true,
                Some(_) if empty_below => return Err(x as usize),
                Some(t) => {
                    let bit = G::B::ONE << (x * g.stride() + row);
                    mask = mask | bit;
                    if *t == tile {
                        mine = mine | bit;
                    }
                }
            }
        }
    }
    Ok((mine, mask))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fourinrow::port::board::{get_new_board, is_winner, Tile};

    #[test]
    fn both_widths_agree_where_both_fit() {
        let v: u64 = 0b1011_0100;
        let w = v as u128;
        assert_eq!(v.lowest(), 0b100);
        assert_eq!(w.lowest(), 0b100);
        assert_eq!(v.ones(), w.ones());
        assert_eq!(v.words(), w.words());
        assert_eq!(v.key64(), v, "a u64 is its own key");
        assert_eq!(w.key64(), v, "so is a u128 that fits 64 bits");
        assert_ne!((w << 64).key64(), (w << 65).key64());
        assert_eq!(u64::from_u128(w), v);
        assert_eq!(0u64.minus(1), u64::MAX);
        assert!(!u128::ZERO.any());
    }

    #[test]
    fn has_four_agrees_with_is_winner_on_every_line_of_a_board() {
        // Every four-cell line on boards of several sizes, and every line
        // with one cell missing, which winning_cells must name.
        for (w, h) in [(7, 6), (12, 9), (4, 4), (5, 9)] {
            let bits = w * (h + 1);
            let dirs: [(i64, i64); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];
            for x in 0..w as i64 {
                for y in 0..h as i64 {
                    for (dx, dy) in dirs {
                        let cells: Vec<(i64, i64)> =
                            (0..4).map(|k| (x + k * dx, y + k * dy)).collect();
                        if cells.iter().any(|&(cx, cy)| cx >= w as i64 || cy < 0 || cy >= h as i64)
                        {
                            continue;
                        }
                        for missing in [None, Some(0), Some(1), Some(2), Some(3)] {
                            let mut b = get_new_board(w, h);
                            let mut stones = 0u128;
                            for (k, &(cx, cy)) in cells.iter().enumerate() {
                                if Some(k) == missing {
                                    continue;
                                }
                                b[cx as usize][cy as usize] = Some(Tile::Red);
                                let row = h - 1 - cy as usize;
                                stones |= 1 << (cx as usize * (h + 1) + row);
                            }
                            let want = is_winner(&b, Tile::Red);
                            assert_eq!(want, missing.is_none());
                            let stride = h as u32 + 1;
                            assert_eq!(has_four_at(stones, stride), want, "{b:?}");
                            if bits <= 64 {
                                assert_eq!(has_four_at(stones as u64, stride), want);
                            }
                            // A drop cell has nothing above it, so a column's
                            // four can only be completed at its top (k = 0).
                            if let Some(k) = missing.filter(|&k| dx != 0 || k == 0) {
                                let (cx, cy) = cells[k];
                                let cell = 1u128 << (cx as usize * (h + 1) + h - 1 - cy as usize);
                                assert!(
                                    winning_cells_at(stones, stride) & cell != 0,
                                    "{b:?} at {k}"
                                );
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn seven_equals_any_of_the_same_size() {
        let any = Any::<u64>::new(7, 6);
        assert_eq!(Seven.bottom(), any.bottom());
        assert_eq!(Seven.board(), any.board());
        assert_eq!(Seven.column(6), any.column(6));
        let wide = Any::<u128>::new(12, 9);
        assert_eq!(wide.board().count_ones(), 108);
    }

    #[test]
    fn fours_and_winning_cells() {
        let g = Any::<u64>::new(7, 6);
        // Three across the bottom in columns 1..=3: columns 0 and 4 win.
        let stones = g.column0() & 1; // column 0 bottom
        let three = (stones << 7) | (stones << 14) | (stones << 21);
        let w = winning_cells(g, three, three);
        assert_eq!(w, 1 | (1 << 28));
        assert!(!has_four(g, three));
        assert!(has_four(g, three | 1));
    }

    #[test]
    fn mirror_twice_is_the_identity() {
        let g = Any::<u64>::new(5, 4);
        let code = 0b10110 | (0b011 << 5) | (0b1 << 20);
        assert_eq!(mirror_code(g, mirror_code(g, code)), code);
        assert_ne!(mirror_code(g, code), code);
    }

    #[test]
    fn boards_read_bottom_up_in_every_width_and_floating_tokens_are_named() {
        use crate::fourinrow::port::board::get_new_board;
        let mut b = get_new_board(7, 6);
        b[3][5] = Some(Tile::Red);
        b[3][4] = Some(Tile::Black);
        b[6][5] = Some(Tile::Black);
        let want_black = (1 << (3 * 7 + 1)) | (1 << (6 * 7));
        let want_mask = want_black | (1 << (3 * 7));
        assert_eq!(read_board(Seven, &b, Tile::Black), Ok((want_black, want_mask)));
        let wide = read_board(Any::<u128>::new(7, 6), &b, Tile::Red);
        assert_eq!(wide, Ok((1u128 << (3 * 7), want_mask as u128)));
        b[1][2] = Some(Tile::Red);
        assert_eq!(read_board(Seven, &b, Tile::Red), Err(1));
    }
}

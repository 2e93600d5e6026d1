//! Bitboards for the solver: the integer type and the board's shape.
//!
//! A board of `W` columns and `H` rows is held in one integer per set of
//! cells. Column `c` owns bits `c * (H + 1) .. c * (H + 1) + H`, its bottom
//! cell first, plus one spare bit on top that no token ever fills. The spare
//! bit is what makes the arithmetic work: a shift by `H + 1` moves a cell one
//! column sideways without wrapping round into the wrong row, and adding a
//! column's bottom bit to its filled cells carries into the first empty one.
//!
//! The search is written once against [`Geometry`]. [`Seven`] is the 7x6
//! board, whose masks and shifts are constants the compiler folds into the
//! code; [`Any`] holds them in fields, for every other size, in a `u64` or a
//! `u128`. Both run the very same search.

use std::fmt::Debug;
use std::ops::{BitAnd, BitOr, BitXor, Not, Shl, Shr};

/// The integer that holds one bit per cell: `u64` or `u128`.
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
    /// No bits.
    const ZERO: Self;
    /// The lowest bit.
    const ONE: Self;
    /// How many bits the type holds.
    const BITS: u32;
    /// `self + other`, dropping any carry out of the top.
    fn add(self, other: Self) -> Self;
    /// `self - other`, wrapping.
    fn sub(self, other: Self) -> Self;
    /// How many bits are set.
    fn ones(self) -> u32;
    /// The index of the lowest set bit (`BITS` for zero).
    fn lowest(self) -> u32;
    /// The value as a `u128`.
    fn to_u128(self) -> u128;
    /// The low bits of a `u128` (the caller knows they fit).
    fn from_u128(v: u128) -> Self;
    /// 64 bits that identify the value: the value itself for `u64`; a fold
    /// of both halves for `u128`, where two codes share one only by a
    /// 1-in-2^64 chance.
    fn key64(self) -> u64;
}

impl Bits for u64 {
    const ZERO: u64 = 0;
    const ONE: u64 = 1;
    const BITS: u32 = 64;
    #[inline(always)]
    fn add(self, other: u64) -> u64 {
        self.wrapping_add(other)
    }
    #[inline(always)]
    fn sub(self, other: u64) -> u64 {
        self.wrapping_sub(other)
    }
    #[inline(always)]
    fn ones(self) -> u32 {
        self.count_ones()
    }
    #[inline(always)]
    fn lowest(self) -> u32 {
        self.trailing_zeros()
    }
    #[inline(always)]
    fn to_u128(self) -> u128 {
        self as u128
    }
    #[inline(always)]
    fn from_u128(v: u128) -> u64 {
        v as u64
    }
    #[inline(always)]
    fn key64(self) -> u64 {
        self
    }
}

impl Bits for u128 {
    const ZERO: u128 = 0;
    const ONE: u128 = 1;
    const BITS: u32 = 128;
    #[inline(always)]
    fn add(self, other: u128) -> u128 {
        self.wrapping_add(other)
    }
    #[inline(always)]
    fn sub(self, other: u128) -> u128 {
        self.wrapping_sub(other)
    }
    #[inline(always)]
    fn ones(self) -> u32 {
        self.count_ones()
    }
    #[inline(always)]
    fn lowest(self) -> u32 {
        self.trailing_zeros()
    }
    #[inline(always)]
    fn to_u128(self) -> u128 {
        self
    }
    #[inline(always)]
    fn from_u128(v: u128) -> u128 {
        v
    }
    #[inline(always)]
    fn key64(self) -> u64 {
        // An odd multiplier mixes the high half before it is folded in, so
        // codes that differ only in their high bits still differ here.
        (self as u64) ^ ((self >> 64) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
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
        let column0 = (B::ONE << height).sub(B::ONE);
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
/// are `stones`, given every filled cell `mask`: across, down and both
/// diagonals, each in a few shifts.
#[inline(always)]
pub fn winning_cells<G: Geometry>(g: G, stones: G::B, mask: G::B) -> G::B {
    let p = stones;
    // Down: three stones straight below an empty cell.
    let mut r = (p << 1) & (p << 2) & (p << 3);
    // Across (stride), and the two diagonals (stride - 1 and stride + 1).
    for s in [g.stride(), g.stride() - 1, g.stride() + 1] {
        let two_left = (p << s) & (p << (2 * s));
        r = r | (two_left & (p << (3 * s)));
        r = r | (two_left & (p >> s));
        let two_right = (p >> s) & (p >> (2 * s));
        r = r | (two_right & (p << s));
        r = r | (two_right & (p >> (3 * s)));
    }
    r & (g.board() ^ mask)
}

/// The cell each column would fill next (none for a full column).
#[inline(always)]
pub fn playable<G: Geometry>(g: G, mask: G::B) -> G::B {
    mask.add(g.bottom()) & g.board()
}

/// Whether `stones` hold four in a row anywhere.
pub fn has_four<G: Geometry>(g: G, stones: G::B) -> bool {
    let p = stones;
    for s in [1, g.stride(), g.stride() - 1, g.stride() + 1] {
        let pairs = p & (p >> s);
        if pairs & (pairs >> (2 * s)) != G::B::ZERO {
            return true;
        }
    }
    false
}

/// The position's code: the side to move's stones plus every filled cell
/// plus the bottom row. Column by column that is `stones + 2^filled`, whose
/// highest bit says how full the column is and whose lower bits say whose
/// stones are where, so no two positions share a code (and none is zero).
#[inline(always)]
pub fn code<G: Geometry>(g: G, current: G::B, mask: G::B) -> G::B {
    current.add(mask).add(g.bottom())
}

/// The code of the position seen in a mirror (columns reversed).
#[inline(always)]
pub fn mirror_code<G: Geometry>(g: G, code: G::B) -> G::B {
    let stride = g.stride();
    let column = (G::B::ONE << stride).sub(G::B::ONE);
    let w = g.width();
    let mut m = G::B::ZERO;
    for c in 0..w {
        let bits = (code >> (c * stride)) & column;
        m = m | (bits << ((w - 1 - c) * stride));
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;

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
}

//! The solver's board shapes, over the bitboard integers of
//! [`crate::fourinrow::engine::bits`] (which says how the cells are laid out).
//!
//! The search is written once against [`Geometry`]. [`Seven`] is the 7x6
//! board, whose masks and shifts are constants the compiler folds into the
//! code; [`Any`] holds them in fields, for every other size, in a `u64` or a
//! `u128`. Both run the very same search.

use crate::fourinrow::engine::bits;
pub use crate::fourinrow::engine::bits::Bits;

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
    bits::winning_cells(stones, g.stride()) & (g.board() ^ mask)
}

/// The cell each column would fill next (none for a full column).
#[inline(always)]
pub fn playable<G: Geometry>(g: G, mask: G::B) -> G::B {
    mask.plus(g.bottom()) & g.board()
}

/// Whether `stones` hold four in a row anywhere.
#[inline(always)]
pub fn has_four<G: Geometry>(g: G, stones: G::B) -> bool {
    bits::has_four(stones, g.stride())
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

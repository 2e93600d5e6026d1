//! Bitboards, shared by the two engines that use them ([`super::fast`] and
//! [`super::solver`]): the integer a board is held in, and the line tests.
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
pub fn has_four<B: Bits>(stones: B, stride: u32) -> bool {
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
pub fn winning_cells<B: Bits>(stones: B, stride: u32) -> B {
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
                            assert_eq!(has_four(stones, stride), want, "{b:?}");
                            if bits <= 64 {
                                assert_eq!(has_four(stones as u64, stride), want);
                            }
                            // A drop cell has nothing above it, so a column's
                            // four can only be completed at its top (k = 0).
                            if let Some(k) = missing.filter(|&k| dx != 0 || k == 0) {
                                let (cx, cy) = cells[k];
                                let cell = 1u128 << (cx as usize * (h + 1) + h - 1 - cy as usize);
                                assert!(winning_cells(stones, stride) & cell != 0, "{b:?} at {k}");
                            }
                        }
                    }
                }
            }
        }
    }
}

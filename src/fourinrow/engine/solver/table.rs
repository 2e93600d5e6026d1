//! The transposition table: what the search has learnt about positions,
//! shared by every thread without locks.
//!
//! Each entry is two 64-bit words: `check = key ^ data` and `data`, where
//! `data` packs a lower and an upper bound on the position's score, its best
//! column, the search generation that wrote it and how many empty cells the
//! position had (a measure of how much work the entry saves). A reader loads
//! both words and accepts the entry only when `check ^ data` gives back its
//! key: if another thread wrote the entry between the two loads, the words
//! do not match and the read is a miss, never a wrong answer. Each word is
//! an atomic, so no thread ever sees half a word.
//!
//! Entries live in buckets of four, one 64-byte cache line. A position may
//! sit in any entry of its bucket; a new one replaces the entry that saves
//! the least work: an older generation's first, then the one with the
//! fewest empty cells.

use std::sync::atomic::{AtomicU64, Ordering};

/// Entries per bucket.
const WAYS: usize = 4;

/// A cache line of four entries.
#[repr(align(64))]
#[derive(Default)]
struct Bucket([AtomicU64; 2 * WAYS]);

/// What the table knows of one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The score is at least this.
    pub lower: i32,
    /// The score is at most this.
    pub upper: i32,
    /// The column that refuted a null window last time, if any.
    pub best: Option<u32>,
}

/// The bit that marks a used entry (an empty one is all zero).
const VALID: u64 = 1 << 63;

/// Packs an entry, its generation and its empty cells into a data word.
fn pack(e: Entry, generation: u8, empties: u32) -> u64 {
    let lower = (e.lower + 128) as u64 & 0xFF;
    let upper = (e.upper + 128) as u64 & 0xFF;
    let best = e.best.map_or(0, |c| c as u64 + 1) & 0xFF;
    VALID
        | lower
        | (upper << 8)
        | (best << 16)
        | ((generation as u64) << 24)
        | ((empties as u64 & 0xFF) << 32)
}

/// Unpacks a data word.
fn unpack(data: u64) -> Entry {
    let best = (data >> 16) & 0xFF;
    Entry {
        lower: (data & 0xFF) as i32 - 128,
        upper: ((data >> 8) & 0xFF) as i32 - 128,
        best: if best == 0 { None } else { Some(best as u32 - 1) },
    }
}

/// The generation a data word was written in.
fn generation_of(data: u64) -> u8 {
    (data >> 24) as u8
}

/// The empty cells a data word's position had.
fn empties_of(data: u64) -> u32 {
    ((data >> 32) & 0xFF) as u32
}

/// A shared, lock-free transposition table.
pub struct Table {
    buckets: Vec<Bucket>,
    /// `64 - log2(buckets)`: a key's bucket is the top bits of its hash.
    shift: u32,
    /// Entries of other generations are misses (for depth-limited
    /// searches, whose scores hold for one horizon only).
    strict: bool,
}

impl Table {
    /// A table of `2^bits` buckets (64 bytes each), all empty.
    pub fn new(bits: u32, strict: bool) -> Table {
        let bits = bits.clamp(1, 40);
        Table {
            buckets: (0..1usize << bits).map(|_| Bucket::default()).collect(),
            shift: 64 - bits,
            strict,
        }
    }

    /// `log2` of the number of buckets.
    pub fn bits(&self) -> u32 {
        64 - self.shift
    }

    /// The bucket for `key`.
    #[inline(always)]
    fn bucket(&self, key: u64) -> &Bucket {
        let i = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize;
        &self.buckets[i]
    }

    /// What the table knows of the position with `key`, if anything.
    #[inline]
    pub fn get(&self, key: u64, generation: u8) -> Option<Entry> {
        let b = self.bucket(key);
        for way in 0..WAYS {
            let data = b.0[2 * way + 1].load(Ordering::Relaxed);
            let check = b.0[2 * way].load(Ordering::Relaxed);
            if data != 0 && check ^ data == key {
                if self.strict && generation_of(data) != generation {
                    return None;
                }
                return Some(unpack(data));
            }
        }
        None
    }

    /// Records bounds on the position with `key`, keeping the tighter of the
    /// old and new bounds when it is already there.
    #[inline]
    pub fn put(&self, key: u64, mut e: Entry, generation: u8, empties: u32) {
        let b = self.bucket(key);
        let mut victim = 0;
        let mut victim_worth = u32::MAX;
        for way in 0..WAYS {
            let data = b.0[2 * way + 1].load(Ordering::Relaxed);
            let check = b.0[2 * way].load(Ordering::Relaxed);
            if data != 0
                && check ^ data == key
                && (!self.strict || generation_of(data) == generation)
            {
                let old = unpack(data);
                // Both are true bounds on the same score, so both hold.
                if old.lower.max(e.lower) <= old.upper.min(e.upper) {
                    e.lower = e.lower.max(old.lower);
                    e.upper = e.upper.min(old.upper);
                }
                if e.best.is_none() {
                    e.best = old.best;
                }
                victim = way;
                break;
            }
            let worth = if data == 0 {
                0
            } else if generation_of(data) != generation {
                1 + empties_of(data)
            } else {
                256 + empties_of(data)
            };
            if worth < victim_worth {
                victim = way;
                victim_worth = worth;
            }
        }
        let data = pack(e, generation, empties);
        b.0[2 * victim + 1].store(data, Ordering::Relaxed);
        b.0[2 * victim].store(key ^ data, Ordering::Relaxed);
    }

    /// Copies every entry into `other` (a larger table, when growing).
    pub fn copy_into(&self, other: &Table) {
        for b in &self.buckets {
            for way in 0..WAYS {
                let data = b.0[2 * way + 1].load(Ordering::Relaxed);
                let check = b.0[2 * way].load(Ordering::Relaxed);
                if data != 0 {
                    other.put(check ^ data, unpack(data), generation_of(data), empties_of(data));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_merge_and_read_back() {
        let t = Table::new(4, false);
        let e = Entry { lower: -3, upper: 10, best: Some(2) };
        t.put(12345, e, 1, 30);
        assert_eq!(t.get(12345, 1), Some(e));
        t.put(12345, Entry { lower: 2, upper: 18, best: None }, 1, 30);
        assert_eq!(t.get(12345, 1), Some(Entry { lower: 2, upper: 10, best: Some(2) }));
        assert_eq!(t.get(54321, 1), None);
    }

    #[test]
    fn a_strict_table_forgets_other_generations() {
        let t = Table::new(4, true);
        let e = Entry { lower: 0, upper: 0, best: None };
        t.put(7, e, 1, 10);
        assert_eq!(t.get(7, 1), Some(e));
        assert_eq!(t.get(7, 2), None);
    }
}

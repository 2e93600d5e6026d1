//! The game's random choices, from a generator whose algorithm is fixed, so
//! that `--seed N` plays the same game on every machine and every version.
//!
//! Python: the `random` module, which the original calls twice:
//! `random.choice(bestMoves)` and `random.randint(0, 1)`. Here the numbers
//! come from ChaCha12 (the `rand_chacha` crate, whose output for a seed is
//! fixed by the algorithm's definition), and they are turned into a choice
//! by plain arithmetic written out below, not by a library routine that may
//! change between releases.

use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha12Rng;

/// A seeded source of the game's random choices.
#[derive(Clone, Debug)]
pub struct Chance {
    rng: ChaCha12Rng,
}

impl Chance {
    /// The choices of seed `seed`: the 32-byte ChaCha key is the seed's
    /// SplitMix64 sequence, four words, little-endian.
    pub fn seeded(seed: u64) -> Chance {
        let mut state = seed;
        let mut key = [0u8; 32];
        for word in key.chunks_exact_mut(8) {
            word.copy_from_slice(&splitmix64(&mut state).to_le_bytes());
        }
        Chance { rng: ChaCha12Rng::from_seed(key) }
    }

    /// One of `seq`, each equally likely (up to 2^-60); `None` when `seq` is
    /// empty. Python: `random.choice(seq)`.
    pub fn choice(&mut self, seq: &[usize]) -> Option<usize> {
        let len = seq.len() as u64;
        (len > 0).then(|| seq[(self.rng.next_u64() % len) as usize])
    }

    /// A whole number from `a` to `b`, both included. Python: `random.randint(a, b)`.
    pub fn randint(&mut self, a: u32, b: u32) -> u32 {
        let span = u64::from(b.saturating_sub(a)) + 1;
        a + (self.rng.next_u64() % span) as u32
    }
}

/// One step of SplitMix64 (Steele, Lea and Flood, 2014): spreads the bits of
/// a seed, so that nearby seeds give unrelated keys.
fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_always_gives_the_same_choices() {
        // Pinned: if these change, every recorded `--seed` game changes.
        let mut chance = Chance::seeded(7);
        let picks: Vec<usize> =
            (0..12).map(|_| chance.choice(&[0, 1, 2, 3, 4, 5, 6]).unwrap()).collect();
        let tosses: Vec<u32> = (0..12).map(|_| chance.randint(0, 1)).collect();
        assert_eq!(picks, PINNED_PICKS);
        assert_eq!(tosses, PINNED_TOSSES);
        assert_eq!(splitmix64(&mut 0), 0xe220_a839_7b1d_cdaf);
    }

    /// The first twelve picks among seven columns for seed 7.
    const PINNED_PICKS: [usize; 12] = [5, 5, 5, 4, 2, 1, 0, 4, 6, 2, 3, 5];
    /// The next twelve coin tosses.
    const PINNED_TOSSES: [u32; 12] = [1, 0, 1, 1, 1, 0, 0, 1, 0, 0, 0, 1];

    #[test]
    fn choices_cover_every_option_and_empty_lists_give_none() {
        let mut chance = Chance::seeded(1);
        let mut seen = [false; 5];
        for _ in 0..200 {
            seen[chance.choice(&[0, 1, 2, 3, 4]).unwrap()] = true;
        }
        assert!(seen.iter().all(|&s| s), "{seen:?}");
        assert_eq!(chance.choice(&[]), None);
        assert!((0..100).all(|_| (3..=5).contains(&chance.randint(3, 5))));
    }
}

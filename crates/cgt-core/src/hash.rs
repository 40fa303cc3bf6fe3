//! One fast hasher for the workspace's tables: the Fx hash of rustc, with a final rotation.
//!
//! The keys of cgt's tables (game ids, pairs of ids, boards, exact sums) are computed, never
//! chosen by an adversary, so SipHash's protection against collision attacks buys nothing and
//! costs several times the time of a multiply per word.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// The multiplier of rustc's Fx hash.
const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

/// The Fx hash: each word is mixed in by a rotation, an exclusive or and a multiplication.
///
/// The multiplication carries entropy upwards only, so the low bits of the state depend only on
/// the low bits of the words: keys that are all multiples of a power of two (scaled dyadic sums)
/// would share their low bits and so their buckets. [`Hasher::finish`] therefore rotates the
/// well-mixed high bits down, as rustc-hash 2 does.
#[derive(Default, Clone, Copy, Debug)]
pub struct FxHasher(u64);

/// Builds [`FxHasher`]s, for `HashMap::with_hasher` and friends.
pub type FxBuildHasher = BuildHasherDefault<FxHasher>;

/// A hash map with [`FxHasher`].
pub type FxHashMap<K, V> = HashMap<K, V, FxBuildHasher>;

/// A hash set with [`FxHasher`].
pub type FxHashSet<K> = HashSet<K, FxBuildHasher>;

impl FxHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(SEED);
    }
}

impl Hasher for FxHasher {
    fn finish(&self) -> u64 {
        self.0.rotate_left(26)
    }

    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut word = [0u8; 8];
            word[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(word));
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.add(u64::from(n));
    }

    fn write_u16(&mut self, n: u16) {
        self.add(u64::from(n));
    }

    fn write_u32(&mut self, n: u32) {
        self.add(u64::from(n));
    }

    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }

    fn write_u128(&mut self, n: u128) {
        self.add(n as u64);
        self.add((n >> 64) as u64);
    }

    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }
}

#[cfg(test)]
mod tests {
    use std::hash::BuildHasher;

    use super::*;

    fn hash<T: std::hash::Hash>(x: T) -> u64 {
        FxBuildHasher::default().hash_one(x)
    }

    #[test]
    fn equal_keys_hash_equally_and_different_keys_differently() {
        assert_eq!(hash((3u32, 4u32)), hash((3u32, 4u32)));
        assert_ne!(hash((3u32, 4u32)), hash((4u32, 3u32)));
        assert_ne!(hash(1i128 << 64), hash(1i128));
        // Byte strings of different lengths in the last word differ.
        assert_ne!(hash([1u8, 2, 3].as_slice()), hash([1u8, 2, 3, 0].as_slice()));
        assert_ne!(hash(b"abcdefghi".as_slice()), hash(b"abcdefghj".as_slice()));
    }

    /// Keys that are all multiples of a power of two still spread over the low bits, which pick
    /// the bucket: without the final rotation, 1,024 multiples of 2^20 would all share bucket 0
    /// of 1,024. (A random function fills about 650 of them.)
    #[test]
    fn multiples_of_a_power_of_two_spread_over_the_low_bits() {
        for shift in [0, 20, 30] {
            let buckets: FxHashSet<u64> = (0..1024u64).map(|k| hash(k << shift) & 1023).collect();
            assert!(buckets.len() > 400, "shift {shift}: {} distinct buckets", buckets.len());
        }
    }

    #[test]
    fn the_aliases_work_as_maps_and_sets() {
        let mut map: FxHashMap<(u32, u32), bool> = FxHashMap::default();
        map.insert((1, 2), true);
        assert_eq!(map.get(&(1, 2)), Some(&true));
        let set: FxHashSet<i128> = [-1, 0, 1, -1].into_iter().collect();
        assert_eq!(set.len(), 3);
    }
}

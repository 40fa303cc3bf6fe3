//! Helpers shared by the workspace's tests and benchmarks: one reproducible random generator.
//!
//! Every random test instance in cgt comes from [`Rng`], so that a failure reproduces from its
//! seed and no test carries its own copy of the generator.

/// The seed [`Rng::new`] uses in place of 0, which would make xorshift return 0 forever.
const ZERO_SEED_REPLACEMENT: u64 = 0x9e37_79b9_7f4a_7c15;

/// A xorshift64 generator (Marsaglia's shifts 13, 7, 17): fast, tiny and reproducible.
///
/// The state is the public field so that a test can write `Rng(seed)`; it must not be 0 (the
/// sequence would stay at 0), which [`Rng::new`] guarantees.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng(pub u64);

impl Rng {
    /// A generator started at `seed` (0 is replaced by a fixed non-zero seed).
    pub fn new(seed: u64) -> Rng {
        Rng(if seed == 0 { ZERO_SEED_REPLACEMENT } else { seed })
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number in `0..n`, or 0 when `n` is 0.
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64().checked_rem(n).unwrap_or(0)
    }

    /// An index in `0..len`, or 0 when `len` is 0.
    pub fn index(&mut self, len: usize) -> usize {
        // A usize always fits in a u64 on the platforms Rust supports, and the result is < len.
        self.below(len as u64) as usize
    }

    /// True with probability `numerator / denominator` (never when the denominator is 0).
    pub fn chance(&mut self, numerator: u64, denominator: u64) -> bool {
        denominator != 0 && self.below(denominator) < numerator
    }

    /// A random element of `items`, or `None` when it is empty.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        if items.is_empty() {
            return None;
        }
        items.get(self.index(items.len()))
    }
}

#[cfg(test)]
mod tests {
    use super::Rng;

    #[test]
    fn the_sequence_is_xorshift64() {
        // The first outputs of xorshift64 (13, 7, 17) from seed 1, computed by hand from the shifts.
        let mut r = Rng(1);
        let mut x = 1u64;
        for _ in 0..5 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            assert_eq!(r.next_u64(), x);
        }
        assert_eq!(Rng(1).next_u64(), 0x4082_2041);
    }

    #[test]
    fn zero_seed_is_replaced() {
        let mut r = Rng::new(0);
        assert_ne!(r.next_u64(), 0);
        assert_eq!(Rng::new(5), Rng(5));
    }

    #[test]
    fn below_and_index_stay_in_range_and_cover_it() {
        let mut r = Rng::new(42);
        let mut seen = [false; 7];
        for _ in 0..1000 {
            let x = r.below(7);
            assert!(x < 7);
            seen[x as usize] = true;
            assert!(r.index(3) < 3);
        }
        assert!(seen.iter().all(|&s| s));
        assert_eq!(r.below(0), 0);
        assert_eq!(r.index(0), 0);
    }

    #[test]
    fn chance_and_pick() {
        let mut r = Rng::new(7);
        assert!(!r.chance(1, 0));
        assert!((0..100).all(|_| r.chance(3, 3)));
        assert!((0..100).all(|_| !r.chance(0, 3)));
        let hits = (0..10_000).filter(|_| r.chance(1, 4)).count();
        assert!((2_000..3_000).contains(&hits), "{hits}");
        assert_eq!(r.pick::<u8>(&[]), None);
        let items = ['a', 'b', 'c'];
        let mut seen = [false; 3];
        for _ in 0..100 {
            let c = *r.pick(&items).unwrap();
            seen[items.iter().position(|&x| x == c).unwrap()] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }
}

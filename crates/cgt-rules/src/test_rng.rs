//! A small xorshift generator shared by the tests, so that random instances are reproducible.

/// A xorshift64 generator; the seed must not be 0.
pub(crate) struct Rng(pub(crate) u64);

impl Rng {
    /// A number below `n` (n > 0).
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

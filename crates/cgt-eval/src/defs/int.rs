//! Whole numbers of the definition language: a machine word while the number fits one, a
//! `BigInt` beyond. Loop counters, indices and heap sizes are small, so the arithmetic of a
//! comprehension step allocates nothing; a result that overflows `i64` moves to `BigInt`, so
//! every answer stays exact.
//!
//! Invariant: `Big` holds only numbers outside `i64`. Equal numbers therefore have equal
//! representations, and the derived `Eq` and `Hash` are those of the numbers (memo keys rely on
//! this).

use std::cmp::Ordering;
use std::fmt;
use std::sync::Arc;

use num_bigint::BigInt;
use num_traits::{Signed, ToPrimitive, Zero};

/// A whole number (see the module docs for the invariant).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Int {
    Small(i64),
    Big(Arc<BigInt>),
}

impl Int {
    /// The number `n`, small when it fits.
    pub fn big(n: BigInt) -> Int {
        match n.to_i64() {
            Some(x) => Int::Small(x),
            None => Int::Big(Arc::new(n)),
        }
    }

    /// The number as a `BigInt`.
    pub fn to_big(&self) -> BigInt {
        match self {
            Int::Small(x) => BigInt::from(*x),
            Int::Big(b) => (**b).clone(),
        }
    }

    /// The number as a machine word, when it fits.
    #[inline]
    pub fn small(&self) -> Option<i64> {
        match self {
            Int::Small(x) => Some(*x),
            Int::Big(_) => None,
        }
    }

    /// The number as an index or a length, when it is one.
    #[inline]
    pub fn to_usize(&self) -> Option<usize> {
        match self {
            Int::Small(x) => usize::try_from(*x).ok(),
            Int::Big(_) => None,
        }
    }

    /// The number as a `u64`, when it is one.
    pub fn to_u64(&self) -> Option<u64> {
        match self {
            Int::Small(x) => u64::try_from(*x).ok(),
            Int::Big(b) => b.to_u64(),
        }
    }

    #[inline]
    pub fn is_zero(&self) -> bool {
        matches!(self, Int::Small(0))
    }

    #[inline]
    pub fn is_negative(&self) -> bool {
        match self {
            Int::Small(x) => *x < 0,
            Int::Big(b) => b.is_negative(),
        }
    }

    /// The number of bits of the magnitude (for memory checks of products).
    pub fn bits(&self) -> u64 {
        match self {
            Int::Small(x) => u64::from(64 - x.unsigned_abs().leading_zeros()),
            Int::Big(b) => b.bits(),
        }
    }

    #[inline]
    pub fn add(&self, o: &Int) -> Int {
        match (self, o) {
            (Int::Small(x), Int::Small(y)) => match x.checked_add(*y) {
                Some(z) => Int::Small(z),
                None => Int::big(BigInt::from(*x) + y),
            },
            _ => Int::big(self.to_big() + o.to_big()),
        }
    }

    #[inline]
    pub fn sub(&self, o: &Int) -> Int {
        match (self, o) {
            (Int::Small(x), Int::Small(y)) => match x.checked_sub(*y) {
                Some(z) => Int::Small(z),
                None => Int::big(BigInt::from(*x) - y),
            },
            _ => Int::big(self.to_big() - o.to_big()),
        }
    }

    #[inline]
    pub fn mul(&self, o: &Int) -> Int {
        match (self, o) {
            (Int::Small(x), Int::Small(y)) => match x.checked_mul(*y) {
                Some(z) => Int::Small(z),
                None => Int::big(BigInt::from(*x) * y),
            },
            _ => Int::big(self.to_big() * o.to_big()),
        }
    }

    pub fn neg(&self) -> Int {
        match self {
            Int::Small(x) => match x.checked_neg() {
                Some(z) => Int::Small(z),
                None => Int::big(-BigInt::from(*x)),
            },
            Int::Big(b) => Int::big(-(**b).clone()),
        }
    }

    /// The quotient rounded down (`div`); `None` for a zero divisor.
    pub fn floor_div(&self, o: &Int) -> Option<Int> {
        match (self, o) {
            (_, Int::Small(0)) => None,
            // `i64::MIN div -1` overflows; it goes the general way.
            (Int::Small(x), Int::Small(y)) if !(*x == i64::MIN && *y == -1) => Some(Int::Small(
                x.div_euclid(*y) - {
                    // `div_euclid` rounds towards minus infinity only for positive divisors.
                    if *y < 0 && x.rem_euclid(*y) != 0 { 1 } else { 0 }
                },
            )),
            _ => {
                let (x, y) = (self.to_big(), o.to_big());
                let q = &x / &y;
                let q = if !(&x % &y).is_zero() && (x.is_negative() != y.is_negative()) { q - 1 } else { q };
                Some(Int::big(q))
            }
        }
    }

    /// The remainder of [`Int::floor_div`] (`mod`: the sign of the divisor); `None` for zero.
    pub fn floor_mod(&self, o: &Int) -> Option<Int> {
        match (self, o) {
            (_, Int::Small(0)) => None,
            (Int::Small(x), Int::Small(y)) if *y > 0 => Some(Int::Small(x.rem_euclid(*y))),
            _ => {
                let q = self.floor_div(o)?;
                Some(self.sub(&q.mul(o)))
            }
        }
    }

    /// The integer square root of a number >= 0.
    pub fn isqrt(&self) -> Int {
        match self {
            Int::Small(x) => Int::Small(isqrt_u64(x.unsigned_abs()) as i64),
            Int::Big(b) => Int::big(b.sqrt()),
        }
    }
}

/// The integer square root of `n`: the float estimate, corrected by at most a few steps.
fn isqrt_u64(n: u64) -> u64 {
    let mut r = (n as f64).sqrt() as u64;
    while r.checked_mul(r).is_none_or(|sq| sq > n) {
        r -= 1;
    }
    while (r + 1).checked_mul(r + 1).is_some_and(|sq| sq <= n) {
        r += 1;
    }
    r
}

impl Ord for Int {
    #[inline]
    fn cmp(&self, o: &Int) -> Ordering {
        match (self, o) {
            (Int::Small(x), Int::Small(y)) => x.cmp(y),
            _ => self.to_big().cmp(&o.to_big()),
        }
    }
}

impl PartialOrd for Int {
    fn partial_cmp(&self, o: &Int) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

impl fmt::Display for Int {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Int::Small(x) => write!(f, "{x}"),
            Int::Big(b) => write!(f, "{b}"),
        }
    }
}

impl From<i64> for Int {
    fn from(x: i64) -> Int {
        Int::Small(x)
    }
}

impl From<u64> for Int {
    fn from(x: u64) -> Int {
        Int::big(BigInt::from(x))
    }
}

impl From<usize> for Int {
    fn from(x: usize) -> Int {
        Int::big(BigInt::from(x))
    }
}

impl From<BigInt> for Int {
    fn from(n: BigInt) -> Int {
        Int::big(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cgt_testkit::Rng;

    /// Every operation agrees with `BigInt`'s on random operands near the edges of `i64`, where
    /// the representation changes.
    #[test]
    fn small_and_big_agree_with_bigint() {
        let mut rng = Rng::new(35);
        let edge = |rng: &mut Rng| -> BigInt {
            let base: BigInt = match rng.below(4) {
                0 => BigInt::from(i64::MAX),
                1 => BigInt::from(i64::MIN),
                2 => BigInt::zero(),
                _ => BigInt::from(i64::MAX) * 3,
            };
            let off = rng.below(2001) as i64 - 1000;
            if rng.below(3) == 0 { BigInt::from(off) } else { base + off }
        };
        for _ in 0..20_000 {
            let (a, b) = (edge(&mut rng), edge(&mut rng));
            let (x, y) = (Int::big(a.clone()), Int::big(b.clone()));
            assert_eq!(x.add(&y), Int::big(&a + &b));
            assert_eq!(x.sub(&y), Int::big(&a - &b));
            assert_eq!(x.mul(&y), Int::big(&a * &b));
            assert_eq!(x.neg(), Int::big(-&a));
            assert_eq!(x.cmp(&y), a.cmp(&b));
            assert_eq!(x.to_string(), a.to_string());
            if !b.is_zero() {
                let t = &a / &b;
                let q = if !(&a % &b).is_zero() && (a.is_negative() != b.is_negative()) { t - 1 } else { t };
                let r = &a - &q * &b;
                assert_eq!(x.floor_div(&y), Some(Int::big(q)), "{a} div {b}");
                assert_eq!(x.floor_mod(&y), Some(Int::big(r)), "{a} mod {b}");
            } else {
                assert_eq!(x.floor_div(&y), None);
            }
            assert_eq!(matches!(x, Int::Small(_)), a.to_i64().is_some(), "the invariant");
            if !a.is_negative() {
                assert_eq!(x.isqrt(), Int::big(a.sqrt()), "isqrt {a}");
            }
        }
    }
}

//! Nimber parts of any size: `*m` for a natural number `m` that may exceed a machine word
//! (docs/src/theory/sprague-grundy.md; the sum of nimbers is the XOR of their values, Winning Ways
//! ch. 3, Siegel's *Combinatorial Game Theory* II.2).
//!
//! Values up to `u64::MAX` are kept inline, larger ones on the heap; the representation is
//! unique (a value that fits is always inline), so the derived equality and hash are those
//! of the numbers.

use std::cmp::Ordering;
use std::fmt;

use num_bigint::BigUint;
use num_traits::ToPrimitive;

/// The value `m` of a nimber part `*m`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub(crate) enum Nimber {
    /// A value that fits in a machine word.
    Small(u64),
    /// A value above `u64::MAX` (never a smaller one).
    Big(Box<BigUint>),
}

impl Nimber {
    /// The nimber `*0`.
    pub const ZERO: Nimber = Nimber::Small(0);

    /// The nimber with value `m`, inline when it fits.
    pub fn from_big(m: &BigUint) -> Nimber {
        match m.to_u64() {
            Some(v) => Nimber::Small(v),
            None => Nimber::Big(Box::new(m.clone())),
        }
    }

    /// The value as a big integer.
    pub fn to_big(&self) -> BigUint {
        match self {
            Nimber::Small(v) => BigUint::from(*v),
            Nimber::Big(b) => (**b).clone(),
        }
    }

    /// The value if it fits in a `u64`.
    pub fn to_u64(&self) -> Option<u64> {
        match self {
            Nimber::Small(v) => Some(*v),
            Nimber::Big(_) => None,
        }
    }

    /// Whether this is `*0`.
    pub fn is_zero(&self) -> bool {
        matches!(self, Nimber::Small(0))
    }

    /// Whether this is `*1 = *`.
    pub fn is_one(&self) -> bool {
        matches!(self, Nimber::Small(1))
    }

    /// Whether the value is above `limit`.
    pub fn exceeds(&self, limit: u64) -> bool {
        match self {
            Nimber::Small(v) => *v > limit,
            Nimber::Big(_) => true,
        }
    }

    /// The nim-sum (XOR) of two values.
    pub fn xor(&self, other: &Nimber) -> Nimber {
        match (self, other) {
            (Nimber::Small(a), Nimber::Small(b)) => Nimber::Small(a ^ b),
            _ => {
                let v = self.to_big() ^ other.to_big();
                Nimber::from_big(&v)
            }
        }
    }

    /// `m XOR 1`: the value with its lowest bit flipped.
    pub fn flip_low(&self) -> Nimber {
        self.xor(&Nimber::Small(1))
    }

    /// The birthday of `*m`, which is `m`, saturating at `u64::MAX`.
    pub fn saturating_u64(&self) -> u64 {
        self.to_u64().unwrap_or(u64::MAX)
    }

    /// An estimate of the heap bytes this value holds.
    pub fn heap_bytes(&self) -> usize {
        match self {
            Nimber::Small(_) => 0,
            Nimber::Big(b) => (b.bits() / 8) as usize + 32,
        }
    }
}

impl Ord for Nimber {
    fn cmp(&self, other: &Self) -> Ordering {
        match (self, other) {
            (Nimber::Small(a), Nimber::Small(b)) => a.cmp(b),
            (Nimber::Small(_), Nimber::Big(_)) => Ordering::Less,
            (Nimber::Big(_), Nimber::Small(_)) => Ordering::Greater,
            (Nimber::Big(a), Nimber::Big(b)) => a.cmp(b),
        }
    }
}

impl PartialOrd for Nimber {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl From<u64> for Nimber {
    fn from(v: u64) -> Self {
        Nimber::Small(v)
    }
}

impl fmt::Display for Nimber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Nimber::Small(v) => write!(f, "{v}"),
            Nimber::Big(b) => write!(f, "{b}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn big(s: &str) -> Nimber {
        Nimber::from_big(&s.parse::<BigUint>().unwrap())
    }

    #[test]
    fn representation_is_unique() {
        assert_eq!(big("18446744073709551615"), Nimber::Small(u64::MAX));
        assert!(matches!(big("18446744073709551616"), Nimber::Big(_)));
        let a = big("123456789012345678901234567891");
        assert_eq!(a.xor(&a), Nimber::ZERO);
        let b = big("18446744073709551617");
        let c = big("18446744073709551616");
        assert_eq!(b.xor(&c), Nimber::Small(1));
        assert_eq!(c.flip_low(), b);
    }

    #[test]
    fn order_and_text() {
        assert!(Nimber::Small(u64::MAX) < big("18446744073709551616"));
        assert!(big("18446744073709551617") > big("18446744073709551616"));
        assert_eq!(big("123456789012345678901234567891").to_string(), "123456789012345678901234567891");
        assert!(big("18446744073709551616").exceeds(u64::MAX));
        assert!(!Nimber::Small(3).exceeds(3));
    }
}

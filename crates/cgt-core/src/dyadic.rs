//! Exact dyadic rationals `m / 2^j` of any size: the numbers of short game theory.
//!
//! A [`Dyadic`] is always reduced (the numerator is odd unless the exponent is 0), so two equal
//! numbers have equal representations and derived `Eq`/`Hash` are value equality.

use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, Neg, Sub};

use num_bigint::{BigInt, Sign};
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};

/// An exact dyadic rational `num / 2^exp`, reduced.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Dyadic {
    num: BigInt,
    exp: u64,
}

/// Why a rational could not become a [`Dyadic`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotDyadic {
    /// The denominator was zero.
    ZeroDenominator,
    /// The reduced denominator is not a power of two.
    NotPowerOfTwo,
}

impl Dyadic {
    /// The number zero.
    pub fn zero() -> Self {
        Dyadic { num: BigInt::zero(), exp: 0 }
    }

    /// The integer `n`.
    pub fn integer(n: impl Into<BigInt>) -> Self {
        Dyadic { num: n.into(), exp: 0 }
    }

    /// `num / 2^exp`, reduced.
    pub fn new(num: impl Into<BigInt>, exp: u64) -> Self {
        let mut d = Dyadic { num: num.into(), exp };
        d.reduce();
        d
    }

    /// `num / den` if `den` is a power of two after reduction.
    pub fn from_ratio(num: &BigInt, den: &BigInt) -> Result<Self, NotDyadic> {
        if den.is_zero() {
            return Err(NotDyadic::ZeroDenominator);
        }
        let g = num.gcd(den);
        let (mut n, mut d) = (num / &g, den / &g);
        if d.is_negative() {
            n = -n;
            d = -d;
        }
        let exp = d.trailing_zeros().unwrap_or(0);
        if d != BigInt::one() << exp {
            return Err(NotDyadic::NotPowerOfTwo);
        }
        Ok(Dyadic::new(n, exp))
    }

    /// `1 / 2^exp`.
    pub fn half_power(exp: u64) -> Self {
        Dyadic { num: BigInt::one(), exp }
    }

    fn reduce(&mut self) {
        if self.num.is_zero() {
            self.exp = 0;
            return;
        }
        let tz = self.num.trailing_zeros().unwrap_or(0).min(self.exp);
        if tz > 0 {
            self.num >>= tz;
            self.exp -= tz;
        }
    }

    /// The numerator of the reduced fraction.
    pub fn numerator(&self) -> &BigInt {
        &self.num
    }

    /// The exponent `j` of the reduced denominator `2^j`.
    pub fn exponent(&self) -> u64 {
        self.exp
    }

    /// The reduced denominator `2^j`.
    pub fn denominator(&self) -> BigInt {
        BigInt::one() << self.exp
    }

    /// Whether this is an integer.
    pub fn is_integer(&self) -> bool {
        self.exp == 0
    }

    /// Whether this is zero.
    pub fn is_zero(&self) -> bool {
        self.num.is_zero()
    }

    /// The sign: -1, 0 or 1.
    pub fn signum(&self) -> i32 {
        match self.num.sign() {
            Sign::Minus => -1,
            Sign::NoSign => 0,
            Sign::Plus => 1,
        }
    }

    /// The value as an `i64` if it is an integer that fits.
    pub fn to_i64(&self) -> Option<i64> {
        if self.exp == 0 { self.num.to_i64() } else { None }
    }

    /// The integer part rounded down.
    pub fn floor(&self) -> BigInt {
        if self.exp == 0 {
            return self.num.clone();
        }
        // Arithmetic shift right rounds towards negative infinity for BigInt.
        self.num.clone() >> self.exp
    }

    /// The integer part rounded up.
    pub fn ceil(&self) -> BigInt {
        if self.exp == 0 { self.num.clone() } else { self.floor() + 1 }
    }

    /// `self * 2^k` for any integer `k` (halving when negative).
    pub fn shift(&self, k: i64) -> Self {
        if k >= 0 {
            let k = k.unsigned_abs();
            if k >= self.exp {
                Dyadic { num: self.num.clone() << (k - self.exp), exp: 0 }
            } else {
                Dyadic { num: self.num.clone(), exp: self.exp - k }
            }
        } else if self.is_zero() {
            Dyadic::zero()
        } else {
            Dyadic { num: self.num.clone(), exp: self.exp + k.unsigned_abs() }
        }
    }

    /// Half of this number.
    pub fn half(&self) -> Self {
        self.shift(-1)
    }

    /// The exact product.
    pub fn mul(&self, other: &Dyadic) -> Self {
        // Odd times odd is odd, so the product of reduced numbers is reduced.
        Dyadic::new(&self.num * &other.num, self.exp + other.exp)
    }

    /// The absolute value.
    pub fn abs(&self) -> Self {
        Dyadic { num: self.num.abs(), exp: self.exp }
    }

    /// Both numerators over the common exponent `max(self.exp, other.exp)`.
    fn aligned(&self, other: &Dyadic) -> (BigInt, BigInt, u64) {
        let e = self.exp.max(other.exp);
        (&self.num << (e - self.exp), &other.num << (e - other.exp), e)
    }

    /// The simplest number strictly between `lo` and `hi` (`None` meaning no bound), as the
    /// simplicity theorem defines it: the integer of least absolute value if the interval holds
    /// one, otherwise the dyadic with the smallest denominator. Returns `None` if `lo >= hi`.
    pub fn simplest_between(lo: Option<&Dyadic>, hi: Option<&Dyadic>) -> Option<Dyadic> {
        if let (Some(l), Some(h)) = (lo, hi)
            && l >= h
        {
            return None;
        }
        // Integer candidates: the least integer above `lo`, the greatest below `hi`.
        let above_lo: Option<BigInt> = lo.map(|l| l.floor() + 1);
        let below_hi: Option<BigInt> = hi.map(|h| h.ceil() - 1);
        let int = match (&above_lo, &below_hi) {
            (None, None) => Some(BigInt::zero()),
            (Some(a), None) => Some(a.clone().max(BigInt::zero())),
            (None, Some(b)) => Some(b.clone().min(BigInt::zero())),
            (Some(a), Some(b)) if a <= b => Some(if a.is_positive() {
                a.clone()
            } else if b.is_negative() {
                b.clone()
            } else {
                BigInt::zero()
            }),
            _ => None,
        };
        if let Some(n) = int {
            return Some(Dyadic::integer(n));
        }
        // No integer strictly between, so both bounds exist and lie in one unit interval.
        let (l, h) = (lo?, hi?);
        if l.signum() < 0 || h.signum() < 0 {
            let s = Dyadic::simplest_between(Some(&-h.clone()), Some(&-l.clone()))?;
            return Some(-s);
        }
        let (a, b, e) = l.aligned(h);
        if &b - &a == BigInt::one() {
            return Some(Dyadic::new((a << 1) + 1, e + 1));
        }
        // The integer in [a+1, b-1] with the most trailing zeros is unique: the common high bits
        // of the two ends followed by the high end's 1 and zeros, or the low end itself if it
        // is the common high bits followed by zeros only.
        let (lo_i, hi_i): (BigInt, BigInt) = (a + 1, b - 1);
        let diff = (&lo_i ^ &hi_i).bits();
        let c = if diff == 0 {
            hi_i
        } else if (&lo_i >> diff) << diff == lo_i {
            // The low end is the common prefix followed by zeros only: nothing beats it.
            lo_i
        } else {
            (hi_i >> (diff - 1)) << (diff - 1)
        };
        Some(Dyadic::new(c, e))
    }
}

/// The sign expansion of a dyadic: `true` for `+`, `false` for `-`, from the root of the
/// simplicity tree down to the number (Conway, *On Numbers and Games*, ch. 3). Its length is
/// the number's birthday, so it is produced lazily.
pub struct SignExpansion {
    target: Dyadic,
    cur: Dyadic,
    lo: Option<Dyadic>,
    hi: Option<Dyadic>,
}

impl Iterator for SignExpansion {
    type Item = bool;

    fn next(&mut self) -> Option<bool> {
        if self.cur == self.target {
            return None;
        }
        let plus = self.target > self.cur;
        if plus {
            self.lo = Some(self.cur.clone());
        } else {
            self.hi = Some(self.cur.clone());
        }
        self.cur = Dyadic::simplest_between(self.lo.as_ref(), self.hi.as_ref()).expect("lo < target < hi");
        Some(plus)
    }
}

impl Dyadic {
    /// The sign expansion of this number.
    pub fn sign_expansion(&self) -> SignExpansion {
        SignExpansion { target: self.clone(), cur: Dyadic::zero(), lo: None, hi: None }
    }
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Self) -> Ordering {
        if self.exp == other.exp {
            return self.num.cmp(&other.num);
        }
        let (a, b, _) = self.aligned(other);
        a.cmp(&b)
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Add for &Dyadic {
    type Output = Dyadic;
    fn add(self, other: &Dyadic) -> Dyadic {
        let (a, b, e) = self.aligned(other);
        Dyadic::new(a + b, e)
    }
}

impl Add for Dyadic {
    type Output = Dyadic;
    fn add(self, other: Dyadic) -> Dyadic {
        &self + &other
    }
}

impl Sub for &Dyadic {
    type Output = Dyadic;
    fn sub(self, other: &Dyadic) -> Dyadic {
        let (a, b, e) = self.aligned(other);
        Dyadic::new(a - b, e)
    }
}

impl Sub for Dyadic {
    type Output = Dyadic;
    fn sub(self, other: Dyadic) -> Dyadic {
        &self - &other
    }
}

impl Neg for Dyadic {
    type Output = Dyadic;
    fn neg(self) -> Dyadic {
        Dyadic { num: -self.num, exp: self.exp }
    }
}

impl Neg for &Dyadic {
    type Output = Dyadic;
    fn neg(self) -> Dyadic {
        -self.clone()
    }
}

impl From<i64> for Dyadic {
    fn from(n: i64) -> Self {
        Dyadic::integer(n)
    }
}

impl fmt::Display for Dyadic {
    /// `3`, `-3/8`: the reduced fraction, as the language writes numbers.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exp == 0 { write!(f, "{}", self.num) } else { write!(f, "{}/{}", self.num, self.denominator()) }
    }
}

impl fmt::Debug for Dyadic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(n: i64, e: u64) -> Dyadic {
        Dyadic::new(n, e)
    }

    fn simplest(lo: Option<Dyadic>, hi: Option<Dyadic>) -> Option<String> {
        Dyadic::simplest_between(lo.as_ref(), hi.as_ref()).map(|x| x.to_string())
    }

    #[test]
    fn reduces_and_prints() {
        assert_eq!(d(6, 4).to_string(), "3/8");
        assert_eq!(d(-8, 2).to_string(), "-2");
        assert_eq!(d(0, 9).to_string(), "0");
        assert_eq!(Dyadic::from_ratio(&BigInt::from(-15), &BigInt::from(8)).unwrap().to_string(), "-15/8");
        assert_eq!(Dyadic::from_ratio(&BigInt::from(3), &BigInt::from(-6)).unwrap().to_string(), "-1/2");
        assert_eq!(Dyadic::from_ratio(&BigInt::from(1), &BigInt::from(3)), Err(NotDyadic::NotPowerOfTwo));
        assert_eq!(Dyadic::from_ratio(&BigInt::from(1), &BigInt::from(0)), Err(NotDyadic::ZeroDenominator));
    }

    #[test]
    fn arithmetic_and_order() {
        assert_eq!((&d(1, 1) + &d(1, 2)).to_string(), "3/4");
        assert_eq!((&d(1, 1) - &d(3, 2)).to_string(), "-1/4");
        assert_eq!((&d(1, 1) + &d(1, 1)).to_string(), "1");
        assert!(d(-3, 3) < d(-1, 2));
        assert_eq!(d(-3, 1).floor(), BigInt::from(-2));
        assert_eq!(d(-3, 1).ceil(), BigInt::from(-1));
        assert_eq!(d(3, 2).shift(3).to_string(), "6");
        assert_eq!(d(3, 0).shift(-2).to_string(), "3/4");
    }

    #[test]
    fn sign_expansions() {
        let show = |x: Dyadic| x.sign_expansion().map(|b| if b { '+' } else { '-' }).collect::<String>();
        assert_eq!(show(Dyadic::zero()), "");
        assert_eq!(show(Dyadic::from(3)), "+++");
        assert_eq!(show(Dyadic::from(-2)), "--");
        assert_eq!(show(d(1, 1)), "+-");
        assert_eq!(show(d(3, 2)), "+-+");
        assert_eq!(show(d(-5, 3)), "-+-+");
    }

    #[test]
    fn simplicity() {
        let i = |n: i64| Some(Dyadic::from(n));
        assert_eq!(simplest(None, None).as_deref(), Some("0"));
        assert_eq!(simplest(i(0), None).as_deref(), Some("1"));
        assert_eq!(simplest(i(-3), None).as_deref(), Some("0"));
        assert_eq!(simplest(None, i(-2)).as_deref(), Some("-3"));
        assert_eq!(simplest(i(0), i(1)).as_deref(), Some("1/2"));
        assert_eq!(simplest(Some(d(1, 1)), i(1)).as_deref(), Some("3/4"));
        assert_eq!(simplest(Some(d(1, 2)), Some(d(7, 3))).as_deref(), Some("1/2"));
        assert_eq!(simplest(Some(d(-7, 3)), Some(d(-1, 2))).as_deref(), Some("-1/2"));
        assert_eq!(simplest(i(-1), i(1)).as_deref(), Some("0"));
        assert_eq!(simplest(i(2), i(5)).as_deref(), Some("3"));
        assert_eq!(simplest(Some(d(5, 3)), Some(d(13, 4))).as_deref(), Some("3/4"));
        assert_eq!(simplest(i(1), i(1)), None);
    }

    /// Brute force: the first dyadic of least denominator (then least absolute value) inside.
    fn simplest_slow(lo: &Dyadic, hi: &Dyadic) -> Dyadic {
        for e in 0..20u64 {
            let mut best: Option<Dyadic> = None;
            for n in -(80i64 << e)..=(80i64 << e) {
                let x = Dyadic::new(n, e);
                if &x > lo && &x < hi && best.as_ref().is_none_or(|b| x.abs() < b.abs()) {
                    best = Some(x);
                }
            }
            if let Some(b) = best {
                return b;
            }
        }
        unreachable!("no dyadic between {lo} and {hi}")
    }

    #[test]
    fn simplicity_agrees_with_brute_force() {
        let pts: Vec<Dyadic> = (-12..=12).map(|n| d(n, 2)).chain([d(5, 5), d(-9, 4)]).collect();
        for a in &pts {
            for b in &pts {
                if a < b {
                    assert_eq!(Dyadic::simplest_between(Some(a), Some(b)).unwrap(), simplest_slow(a, b), "{a} {b}");
                }
            }
        }
    }
}

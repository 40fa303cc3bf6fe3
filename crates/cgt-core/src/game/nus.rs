//! Number-up-star values `x + k·^ + *m`: arithmetic, sign, birthday and canonical options,
//! all computed from the three components without building a game tree.
//!
//! The canonical options used here (Siegel, *Combinatorial Game Theory*, II.4; the same
//! forms CGSuite prints) are, for a number `x`, `k >= 1` and `m >= 0`:
//! `x + k·^ + *m = {x | x + (k-1)·^ + *(m XOR 1)}` except `x + ^* = {x, x* | x}`;
//! negative `k` by symmetry; `x + *m = {x + *j | x + *j}` over `j < m`; and the numbers
//! `n = {n-1 | }`, `-n = { | -n+1}`, `m/2^j = {(m-1)/2^j | (m+1)/2^j}`. The tests derive every
//! one of these from the definition of the sum and compare.

use std::cmp::Ordering;

use num_traits::{Signed, ToPrimitive};

use super::Outcome;
use super::nimber::Nimber;
use crate::dyadic::Dyadic;

/// The value `x + k·^ + *m`: a number, a multiple of up and a nimber.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Nus {
    /// The number part `x`.
    pub x: Dyadic,
    /// The multiple of up `k` (negative for downs).
    pub ups: i64,
    /// The nimber `m`, of any size.
    pub nim: Nimber,
}

impl Nus {
    /// The number `x`.
    pub fn number(x: Dyadic) -> Self {
        Nus { x, ups: 0, nim: Nimber::ZERO }
    }

    /// Whether this value is a number (no ups and no nimber).
    pub fn is_number(&self) -> bool {
        self.ups == 0 && self.nim.is_zero()
    }

    /// The sum, componentwise (nimbers by XOR); `None` if the ups overflow an `i64`.
    pub fn add(&self, other: &Nus) -> Option<Nus> {
        Some(Nus { x: &self.x + &other.x, ups: self.ups.checked_add(other.ups)?, nim: self.nim.xor(&other.nim) })
    }

    /// The negative; `None` if the ups overflow an `i64`.
    pub fn neg(&self) -> Option<Nus> {
        Some(Nus { x: -&self.x, ups: self.ups.checked_neg()?, nim: self.nim.clone() })
    }

    /// The outcome class, by the sign rule of docs/src/theory/canonical-forms.md.
    pub fn outcome(&self) -> Outcome {
        match self.x.signum() {
            1 => return Outcome::L,
            -1 => return Outcome::R,
            _ => {}
        }
        match self.ups {
            0 if self.nim.is_zero() => Outcome::P,
            0 => Outcome::N,
            1 | -1 if self.nim.is_one() => Outcome::N,
            k if k > 0 => Outcome::L,
            _ => Outcome::R,
        }
    }

    /// Whether `self <= other`, decided arithmetically from the sign of `other - self`.
    pub fn leq(&self, other: &Nus) -> bool {
        let x = &other.x - &self.x;
        match x.signum() {
            1 => return true,
            -1 => return false,
            _ => {}
        }
        let k = i128::from(other.ups) - i128::from(self.ups);
        match k {
            0 => self.nim == other.nim,
            1 => !self.nim.xor(&other.nim).is_one(),
            k => k >= 2,
        }
    }

    /// The birthday of the canonical form, saturating at `u64::MAX`.
    ///
    /// A number `m/2^j` is born on day `ceil(|x|) + j`; translating an infinitesimal by a
    /// number adds the number's birthday; `*m` is born on day `m`; and `k·^ + *m` (k >= 1)
    /// one day after its right option `(k-1)·^ + *(m XOR 1)`, except `^*`, born on day 2.
    pub fn birthday(&self) -> u64 {
        let bx = number_birthday(&self.x);
        let k = self.ups.unsigned_abs();
        let inf = if k == 0 {
            self.nim.saturating_u64()
        } else {
            // Walk down to k = 1: each step flips the lowest bit of the nimber.
            let m1 = if (k - 1) & 1 == 1 { self.nim.flip_low() } else { self.nim.clone() };
            let b1 = if m1.is_one() { 2 } else { 1u64.saturating_add(m1.flip_low().saturating_u64()) };
            (k - 1).saturating_add(b1)
        };
        bx.saturating_add(inf)
    }

    /// The canonical Left and Right options, as values.
    pub fn options(&self) -> (Vec<Nus>, Vec<Nus>) {
        if self.is_number() {
            return number_options(&self.x);
        }
        let x = Nus::number(self.x.clone());
        let star = Nimber::Small(1);
        match self.ups {
            0 => {
                // The caller never asks for the options of a nimber part too large to list
                // (`Games::try_opts`); one that does not fit a u64 gets none here rather
                // than an endless loop.
                let m = self.nim.to_u64().unwrap_or(0);
                let opts: Vec<Nus> = (0..m).map(|j| x.with_nim(Nimber::Small(j))).collect();
                (opts.clone(), opts)
            }
            1 if self.nim.is_one() => (vec![x.clone(), x.with_nim(star)], vec![x]),
            -1 if self.nim.is_one() => (vec![x.clone()], vec![x.clone(), x.with_nim(star)]),
            k if k > 0 => {
                let r = Nus { x: self.x.clone(), ups: k - 1, nim: self.nim.flip_low() };
                (vec![x], vec![r])
            }
            k => {
                let l = Nus { x: self.x.clone(), ups: k + 1, nim: self.nim.flip_low() };
                (vec![l], vec![x])
            }
        }
    }

    fn with_nim(&self, nim: Nimber) -> Nus {
        Nus { nim, ..self.clone() }
    }

    /// Recognises the canonical option lists of a non-number nus value: the inverse of
    /// [`Nus::options`]. Candidates come from the shapes of the formulas; the caller still
    /// checks that the candidate's options are exactly the given ones.
    pub fn candidate(left: &[Nus], right: &[Nus]) -> Option<Nus> {
        match (left, right) {
            ([a], [b]) if a.is_number() && b == a => Some(a.with_nim(Nimber::Small(1))),
            ([a], [b]) if a.is_number() && b.x == a.x && b.ups >= 0 => {
                Some(Nus { x: a.x.clone(), ups: b.ups.checked_add(1)?, nim: b.nim.flip_low() })
            }
            ([a], [b]) if b.is_number() && a.x == b.x && a.ups <= 0 => {
                Some(Nus { x: b.x.clone(), ups: a.ups.checked_sub(1)?, nim: a.nim.flip_low() })
            }
            ([_, _], [b]) if b.is_number() => Some(b.with_nim(Nimber::Small(1)).with_ups(1)),
            ([a], [_, _]) if a.is_number() => Some(a.with_nim(Nimber::Small(1)).with_ups(-1)),
            _ if left == right && !left.is_empty() => {
                let x = left[0].x.clone();
                Some(Nus::number(x).with_nim(Nimber::Small(left.len() as u64)))
            }
            _ => None,
        }
    }

    fn with_ups(&self, ups: i64) -> Nus {
        Nus { ups, ..self.clone() }
    }

    /// The order of non-number values in option lists: by number part, then ups, then
    /// nimber.
    pub fn cmp_parts(&self, other: &Nus) -> Ordering {
        self.x.cmp(&other.x).then(self.ups.cmp(&other.ups)).then(self.nim.cmp(&other.nim))
    }
}

/// The birthday of a number, saturating: `ceil(|x|) + j` for `x = m/2^j`.
fn number_birthday(x: &Dyadic) -> u64 {
    let c = x.abs().ceil();
    let c = if c.is_negative() { 0 } else { c.to_u64().unwrap_or(u64::MAX) };
    c.saturating_add(x.exponent())
}

/// The canonical options of a number (docs/src/theory/simplicity.md).
fn number_options(x: &Dyadic) -> (Vec<Nus>, Vec<Nus>) {
    if x.is_zero() {
        return (vec![], vec![]);
    }
    if x.is_integer() {
        let one = Dyadic::integer(1);
        return if x.signum() > 0 {
            (vec![Nus::number(x - &one)], vec![])
        } else {
            (vec![], vec![Nus::number(x + &one)])
        };
    }
    let step = Dyadic::half_power(x.exponent());
    (vec![Nus::number(x - &step)], vec![Nus::number(x + &step)])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nus(x: i64, ups: i64, nim: u64) -> Nus {
        Nus { x: Dyadic::integer(x), ups, nim: Nimber::Small(nim) }
    }

    #[test]
    fn birthdays_match_published_values() {
        // CGSuite's test table: 6^* is born on day 8, 73/16v9*8 on day 27, ^*6 on day 8.
        assert_eq!(nus(6, 1, 1).birthday(), 8);
        let x = Dyadic::new(73, 4);
        let g = Nus { x, ups: -9, nim: Nimber::Small(8) };
        assert_eq!(g.birthday(), 27);
        assert_eq!(nus(0, 1, 6).birthday(), 8);
        assert_eq!(nus(0, 1, 0).birthday(), 2);
        assert_eq!(nus(0, 2, 0).birthday(), 3);
        assert_eq!(nus(0, 0, 8).birthday(), 8);
        assert_eq!(Nus::number(Dyadic::new(25, 4)).birthday(), 6);
    }

    #[test]
    fn sign_rule() {
        assert_eq!(nus(0, 1, 0).outcome(), Outcome::L);
        assert_eq!(nus(0, 1, 1).outcome(), Outcome::N);
        assert_eq!(nus(0, 2, 1).outcome(), Outcome::L);
        assert_eq!(nus(0, -1, 3).outcome(), Outcome::R);
        assert_eq!(nus(0, 0, 3).outcome(), Outcome::N);
        assert_eq!(nus(-1, 5, 3).outcome(), Outcome::R);
        assert!(nus(0, 0, 0).leq(&nus(0, 1, 0)));
        assert!(!nus(0, 0, 1).leq(&nus(0, 1, 0)));
    }
}

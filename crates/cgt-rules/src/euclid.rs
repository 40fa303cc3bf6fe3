//! Euclid's game, `euclid[a, b]`: a move subtracts a positive multiple of the smaller number from
//! the larger, keeping it non-negative; the game ends when a number reaches 0, and (normal play)
//! the player who makes a number 0 wins, as in Cole and Davie's formulation.
//!
//! Theory: A. J. Cole and A. J. T. Davie, "A game based on the Euclidean algorithm and a winning
//! strategy for it", Math. Gazette 53 (1969); Lessons in Play ch. 2 exercises. With `a >= b > 0`,
//! the position is P exactly when `b < a < phi b`: from there the only move is to `(a - b, b)`
//! with `b / (a - b) > phi`, and from `a > phi b` or `a = b` the mover chooses. The test
//! `a < phi b` is exact in integers: `(2a - b)^2 < 5 b^2`.
//!
//! Grundy values (G. Nivasch, "The Sprague–Grundy function of the game Euclid", Discrete Math.
//! 306 (2006), derived here directly): write `a = q b + r` with `0 <= r < b`. The options are
//! `(r + j b, b)` for `0 <= j < q`, each the only new option of the next, so with
//! `x = G(b, r)` (0 when r = 0) the value of `(r + j b, b)` for j >= 1 is the j-th non-negative
//! integer other than x: `G(a, b) = q - 1` if `q - 1 < x`, else `q`. Folding this over the
//! quotients of Euclid's algorithm gives any value in O(log) divisions.

use cgt_core::{Budget, Exhausted, Outcome};
use num_bigint::BigUint;
use num_traits::{One, Zero};

/// A position of Euclid's game: the pair `(a, b)` in the order written.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Euclid {
    a: BigUint,
    b: BigUint,
}

impl Euclid {
    /// The pair `(a, b)` (any sizes; a pair with a 0 is over).
    pub fn new(a: BigUint, b: BigUint) -> Self {
        Euclid { a, b }
    }

    /// The first number.
    pub fn a(&self) -> &BigUint {
        &self.a
    }

    /// The second number.
    pub fn b(&self) -> &BigUint {
        &self.b
    }

    /// The position in the language's notation, `euclid[5, 3]`.
    pub fn notation(&self) -> String {
        format!("euclid[{}, {}]", self.a, self.b)
    }

    /// Whether the second player wins: a number is 0 (no move), or `b < a < phi b` (`a >= b`).
    pub fn is_p_position(&self) -> bool {
        let (large, small) = self.sorted();
        if small.is_zero() {
            return true;
        }
        if large == small {
            return false;
        }
        let twice_minus = large * 2u32 - small;
        &twice_minus * &twice_minus < small * small * 5u32
    }

    /// `P` or `N`.
    pub fn outcome(&self) -> Outcome {
        if self.is_p_position() { Outcome::P } else { Outcome::N }
    }

    /// The position after a winning move, or `None` from a P-position. With `a = q b + r`: if
    /// r = 0 subtract everything; else exactly one of `(r, b)` and `(r + b, b)` is P, and it is
    /// `(r, b)` when `b < phi r`.
    pub fn winning_move(&self) -> Option<Euclid> {
        if self.is_p_position() {
            return None;
        }
        let (large, small) = self.sorted();
        let r = large % small;
        let to = if r.is_zero() || Euclid::new(small.clone(), r.clone()).is_p_position() { r } else { r + small };
        Some(self.with_larger(to))
    }

    /// The Grundy value (any size), by the fold over the quotients in the module comment.
    pub fn grundy(&self, budget: &Budget) -> Result<BigUint, Exhausted> {
        let (large, small) = self.sorted();
        let quotients = quotients(large, small, budget)?;
        let mut x = BigUint::zero();
        for q in quotients.iter().rev() {
            budget.check()?;
            x = step(q, &x);
        }
        Ok(x)
    }

    /// A move to a position of Grundy value `target` (for play in sums), or `None` if no option
    /// has that value: `(r, b)` has value x, and `(r + j b, b)` the j-th integer other than x.
    pub fn move_to_value(&self, target: &BigUint, budget: &Budget) -> Result<Option<Euclid>, Exhausted> {
        let (large, small) = self.sorted();
        if small.is_zero() {
            return Ok(None);
        }
        let (q, r) = (large / small, large % small);
        let x = Euclid::new(small.clone(), r.clone()).grundy(budget)?;
        let j = match target.cmp(&x) {
            std::cmp::Ordering::Equal => BigUint::zero(),
            std::cmp::Ordering::Less => target + BigUint::one(),
            std::cmp::Ordering::Greater => target.clone(),
        };
        if j >= q {
            return Ok(None);
        }
        Ok(Some(self.with_larger(r + j * small)))
    }

    /// `(larger, smaller)`.
    fn sorted(&self) -> (&BigUint, &BigUint) {
        if self.a >= self.b { (&self.a, &self.b) } else { (&self.b, &self.a) }
    }

    /// The position with the larger number (the first, if they are equal) replaced by `to`.
    fn with_larger(&self, to: BigUint) -> Euclid {
        if self.a >= self.b { Euclid::new(to, self.b.clone()) } else { Euclid::new(self.a.clone(), to) }
    }
}

/// The quotients of Euclid's algorithm on `(large, small)`, until a remainder is 0.
fn quotients(large: &BigUint, small: &BigUint, budget: &Budget) -> Result<Vec<BigUint>, Exhausted> {
    let (mut x, mut y) = (large.clone(), small.clone());
    let mut out = Vec::new();
    while !y.is_zero() {
        budget.check()?;
        let (q, r) = (&x / &y, &x % &y);
        out.push(q);
        (x, y) = (y, r);
    }
    Ok(out)
}

/// `G(q b + r, b)` from `q >= 1` and `x = G(b, r)`.
fn step(q: &BigUint, x: &BigUint) -> BigUint {
    let q_minus_one = q - BigUint::one();
    if q_minus_one < *x { q_minus_one } else { q.clone() }
}

#[cfg(test)]
mod tests;

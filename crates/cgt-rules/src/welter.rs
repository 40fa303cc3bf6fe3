//! Welter's game, `welter[a, b, ...]`: coins on distinct squares of a strip numbered from 0; a
//! move takes one coin to any lower empty square (jumping over coins is allowed).
//!
//! Theory: C. P. Welter (1954); Conway, ONAG ch. 13 (Welter's function `[a|b|...]`, with
//! `[a|b] = (a XOR b) - 1`); WW ch. 15. We compute Welter's function in the form given by
//! M. Sato's hook-length theorem: a position is a Young diagram whose beta-set is the set of
//! occupied squares, a move from square a to an empty square b removes a hook of length a - b,
//! and the Grundy value is the nim-sum, over all hooks h (all pairs of an occupied square a and
//! an empty square b < a), of `N(h) = h XOR (h - 1) = 2^(v(h) + 1) - 1` (v the 2-adic valuation).
//! Summing over all b < a first (`N(1) ^ ... ^ N(a) = a`, since bit k of N(h) is set iff 2^k
//! divides h) and correcting for the occupied b gives
//!
//! `G = (XOR of the squares) XOR (XOR over pairs a > b of occupied squares of N(a - b))`,
//!
//! where bit k of the pair term is the parity of the number of pairs congruent mod 2^k: O(n
//! log) to evaluate. For moves: as a function of where one coin lands, bit k of the value
//! depends only on the landing square's bits up to k, so the square giving any wanted value is
//! found bit by bit (exactly one square, empty, for each coin); the coin must land below it.

use cgt_core::{Budget, Exhausted, Outcome};
use num_bigint::BigUint;
use num_traits::{One, Zero};

/// A position of Welter's game: the occupied squares, in the order given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Welter {
    squares: Vec<BigUint>,
}

/// Why a Welter position was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WelterError {
    /// Two coins on one square.
    Repeated {
        /// The square named twice.
        square: BigUint,
    },
}

impl std::fmt::Display for WelterError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WelterError::Repeated { square } => {
                write!(f, "square {square} is named twice, but a square holds at most one coin")
            }
        }
    }
}

/// A move: the coin number `coin` (index in the position) from square `from` down to `to`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CoinMove {
    /// Index of the coin in the position as written.
    pub coin: usize,
    /// Its square before the move.
    pub from: BigUint,
    /// The empty square it moves to (smaller than `from`).
    pub to: BigUint,
}

impl Welter {
    /// The position with coins on `squares` (distinct, any order, any size).
    pub fn new(squares: Vec<BigUint>) -> Result<Self, WelterError> {
        let mut sorted: Vec<&BigUint> = squares.iter().collect();
        sorted.sort_unstable();
        if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
            return Err(WelterError::Repeated { square: w[0].clone() });
        }
        Ok(Welter { squares })
    }

    /// The occupied squares, as written.
    pub fn squares(&self) -> &[BigUint] {
        &self.squares
    }

    /// The position in the language's notation, `welter[2, 5, 7]`.
    pub fn notation(&self) -> String {
        let squares: Vec<String> = self.squares.iter().map(ToString::to_string).collect();
        format!("welter[{}]", squares.join(", "))
    }

    /// The Grundy value: Welter's function of the squares.
    pub fn grundy(&self, budget: &Budget) -> Result<BigUint, Exhausted> {
        let all: Vec<&BigUint> = self.squares.iter().collect();
        let xor = all.iter().fold(BigUint::zero(), |acc, s| acc ^ *s);
        Ok(xor ^ pair_term(&all, budget)?)
    }

    /// `P` or `N`.
    pub fn outcome(&self, budget: &Budget) -> Result<Outcome, Exhausted> {
        Ok(if self.grundy(budget)?.is_zero() { Outcome::P } else { Outcome::N })
    }

    /// A winning move (to value 0), or `None` from a P-position.
    pub fn winning_move(&self, budget: &Budget) -> Result<Option<CoinMove>, Exhausted> {
        self.move_to_value(&BigUint::zero(), budget)
    }

    /// A move to a position of Grundy value `target`, or `None` if there is none: for each coin,
    /// the one square where it would give that value, if that square is below it. O(n^2 log).
    pub fn move_to_value(&self, target: &BigUint, budget: &Budget) -> Result<Option<CoinMove>, Exhausted> {
        let total = self.grundy(budget)?;
        for (coin, a) in self.squares.iter().enumerate() {
            let others: Vec<&BigUint> = self.squares.iter().filter(|s| *s != a).collect();
            // G(others) = G(all) ^ a ^ (the pair terms of a with the others).
            let mut rest = &total ^ a;
            for c in &others {
                budget.check()?;
                rest ^= hook_mask(a, c);
            }
            let to = landing_square(&others, &(target ^ rest), budget)?;
            if to < *a {
                return Ok(Some(CoinMove { coin, from: a.clone(), to }));
            }
        }
        Ok(None)
    }
}

/// `N(a - c) = 2^(v(a XOR c) + 1) - 1` for distinct a and c (a - c and a XOR c have the same
/// lowest set bit).
fn hook_mask(a: &BigUint, c: &BigUint) -> BigUint {
    let v = (a ^ c).trailing_zeros().unwrap_or(0);
    (BigUint::one() << (v + 1)) - 1u32
}

/// The XOR over pairs of `N(a - b)`: bit k is the parity of the number of pairs congruent mod
/// 2^k, counted by splitting the classes one bit at a time (singletons drop out).
fn pair_term(squares: &[&BigUint], budget: &Budget) -> Result<BigUint, Exhausted> {
    let mut result = BigUint::zero();
    let mut classes: Vec<Vec<&BigUint>> = vec![squares.to_vec()];
    classes.retain(|c| c.len() >= 2);
    let mut k = 0u64;
    while !classes.is_empty() {
        let pairs: usize = classes.iter().map(|c| c.len() * (c.len() - 1) / 2 % 2).sum();
        if pairs % 2 == 1 {
            result.set_bit(k, true);
        }
        let mut next = Vec::new();
        for class in classes {
            budget.check()?;
            let (ones, zeros): (Vec<&BigUint>, Vec<&BigUint>) = class.into_iter().partition(|s| s.bit(k));
            next.extend([ones, zeros].into_iter().filter(|c| c.len() >= 2));
        }
        classes = next;
        k += 1;
    }
    Ok(result)
}

/// The square b (not in `others`) with `b XOR (XOR over c in others of N(b - c)) = want`, built
/// bit by bit: bit k of the XOR is the parity of the c congruent to b mod 2^k.
fn landing_square(others: &[&BigUint], want: &BigUint, budget: &Budget) -> Result<BigUint, Exhausted> {
    let mut b = BigUint::zero();
    let mut class: Vec<&BigUint> = others.to_vec();
    let mut k = 0u64;
    while !class.is_empty() || k < want.bits() {
        budget.check()?;
        let bit = want.bit(k) ^ (class.len() % 2 == 1);
        b.set_bit(k, bit);
        class.retain(|c| c.bit(k) == bit);
        k += 1;
    }
    Ok(b)
}

#[cfg(test)]
mod tests;

//! Coin-turning games: a row of coins at positions 1, 2, 3, ... (counted from 1, as CGSuite
//! does), given by the positions of the heads; a move turns over a set of coins of a shape the
//! rule allows, the rightmost of which goes from heads to tails. Also their 2-D products.
//!
//! Theory: WW ch. 14 ("Turn and Turn About"), Lessons in Play ch. 7. By the coin-turning theorem
//! a position's Grundy value is the nim-sum of the values of its heads coins, each valued as if
//! alone:
//! * **Turning Turtles** (turn one coin, and optionally one coin to its left): coin n is worth n
//!   (it is Nim).
//! * **Mock Turtles** (turn one, two or three coins): coin n is worth the n-th odious number
//!   (odd number of ones in binary) 1, 2, 4, 7, 8, 11, ..., that is `2(n-1) + [n-1 is evil]`.
//! * **Ruler** (turn any run of consecutive coins): coin n is worth the largest power of 2
//!   dividing n.
//!
//! The **Tartan theorem** (WW ch. 14): in the product of two coin-turning games, where a move
//! turns over the coins `A x B` of a move A of the first game and a move B of the second, coin
//! `(x, y)` is worth the nim product `g1(x) * g2(y)`. A move to a given smaller value exists
//! because the nim product is the mex of `a' g2 + g1 b' + a' b'` over `a' < g1`, `b' < g2`; it is
//! found by trying the first game's options in turn and solving for the second's in the field.

use cgt_core::nimarith::{nim_inverse, nim_product};
use cgt_core::{Budget, Exhausted, Outcome};
use num_bigint::BigUint;
use num_traits::{One, Zero};

/// One of the coin-turning rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CoinRule {
    /// Turning Turtles: one coin, and optionally one coin to its left.
    Turtles,
    /// Mock Turtles: one, two or three coins.
    MockTurtles,
    /// Ruler: any number of consecutive coins.
    Ruler,
}

/// Why a coin position was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CoinError {
    /// Positions are counted from 1.
    ZeroPosition,
    /// A coin named twice.
    Repeated {
        /// The position named twice, as written (`4` or `(1, 2)`).
        position: String,
    },
}

impl std::fmt::Display for CoinError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CoinError::ZeroPosition => f.write_str("coins are counted from 1, so 0 is not a position"),
            CoinError::Repeated { position } => write!(f, "the coin at {position} is named twice"),
        }
    }
}

/// The coins at positions `first` to `last` (inclusive, `first <= last`), turned over together.
/// A move is a list of runs, ascending; its last run ends at the coin that goes heads to tails.
/// Runs keep moves small: a Ruler move may turn over astronomically many coins.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CoinRun {
    /// The first position of the run.
    pub first: BigUint,
    /// The last position of the run.
    pub last: BigUint,
}

impl CoinRun {
    /// The single coin at `n`.
    pub fn single(n: BigUint) -> Self {
        CoinRun { first: n.clone(), last: n }
    }
}

impl CoinRule {
    /// The rule's name in the language: `turtles`, `mock_turtles`, `ruler`.
    pub fn name(self) -> &'static str {
        match self {
            CoinRule::Turtles => "turtles",
            CoinRule::MockTurtles => "mock_turtles",
            CoinRule::Ruler => "ruler",
        }
    }

    /// The Grundy value of a lone heads coin at position `n` (n >= 1; 0, which is no position,
    /// is worth 0).
    pub fn coin_value(self, n: &BigUint) -> BigUint {
        if n.is_zero() {
            return BigUint::zero();
        }
        match self {
            CoinRule::Turtles => n.clone(),
            CoinRule::MockTurtles => {
                let m = n - BigUint::one();
                let evil = m.count_ones().is_multiple_of(2);
                (m << 1u32) + u32::from(evil)
            }
            CoinRule::Ruler => BigUint::one() << n.trailing_zeros().unwrap_or(0),
        }
    }

    /// A move of this rule that turns coin `n` from heads to tails together with coins left of it
    /// whose values nim-add to `alpha` (so the move changes the value by `g(n) ^ alpha`), as runs
    /// ending with the one that holds n; `None` unless `alpha` is below coin n's value.
    pub fn move_with_value(self, n: &BigUint, alpha: &BigUint) -> Option<Vec<CoinRun>> {
        if *alpha >= self.coin_value(n) {
            return None;
        }
        let others = match self {
            CoinRule::Ruler => {
                // Below n the values repeat those of 1, 2, ...: g(n - i) = g(i) for i < 2^v(n),
                // and g(1) ^ ... ^ g(j) is the Gray code of j, so j is alpha's inverse Gray code.
                let first = n - inverse_gray(alpha);
                return Some(vec![CoinRun { first, last: n.clone() }]);
            }
            _ if alpha.is_zero() => Vec::new(),
            CoinRule::Turtles => vec![alpha.clone()],
            CoinRule::MockTurtles => mock_turtles_others(alpha),
        };
        Some(others.into_iter().chain([n.clone()]).map(CoinRun::single).collect())
    }
}

/// One or two Mock Turtles coins, ascending, whose values (odious numbers, increasing with the
/// position) nim-add to the nonzero `alpha`; each value is at most `alpha`.
fn mock_turtles_others(alpha: &BigUint) -> Vec<BigUint> {
    if alpha.count_ones() % 2 == 1 {
        return vec![odious_position(alpha)];
    }
    // An evil value is its lowest bit plus an odious rest, both smaller.
    let low = BigUint::one() << alpha.trailing_zeros().unwrap_or(0);
    let rest = alpha ^ &low;
    vec![odious_position(&low), odious_position(&rest)]
}

/// A position of a coin-turning game: the heads coins, in the order written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Coins {
    rule: CoinRule,
    heads: Vec<BigUint>,
}

impl Coins {
    /// The position with heads at `heads` (distinct positions from 1, any order and size).
    pub fn new(rule: CoinRule, heads: Vec<BigUint>) -> Result<Self, CoinError> {
        if heads.iter().any(Zero::is_zero) {
            return Err(CoinError::ZeroPosition);
        }
        if let Some(p) = first_repeat(&heads) {
            return Err(CoinError::Repeated { position: p.to_string() });
        }
        Ok(Coins { rule, heads })
    }

    /// The rule.
    pub fn rule(&self) -> CoinRule {
        self.rule
    }

    /// The heads coins, as written.
    pub fn heads(&self) -> &[BigUint] {
        &self.heads
    }

    /// The position in the language's notation, `mock_turtles[1, 4, 6]`.
    pub fn notation(&self) -> String {
        let heads: Vec<String> = self.heads.iter().map(ToString::to_string).collect();
        format!("{}[{}]", self.rule.name(), heads.join(", "))
    }

    /// The Grundy value: the nim-sum of the heads coins' values.
    pub fn grundy(&self) -> BigUint {
        self.heads.iter().fold(BigUint::zero(), |acc, n| acc ^ self.rule.coin_value(n))
    }

    /// `P` or `N`.
    pub fn outcome(&self) -> Outcome {
        if self.grundy().is_zero() { Outcome::P } else { Outcome::N }
    }

    /// A winning move as the runs of coins turned over (the last coin goes heads to tails), or
    /// `None` from a P-position.
    pub fn winning_move(&self) -> Option<Vec<CoinRun>> {
        self.move_to_smaller_value(&BigUint::zero())
    }

    /// A move to a position of the smaller Grundy value `target` (what play in a sum needs), as
    /// the coins turned over; `None` if `target` is not smaller than the value.
    pub fn move_to_smaller_value(&self, target: &BigUint) -> Option<Vec<CoinRun>> {
        let x = self.grundy() ^ target;
        if *target >= self.grundy() {
            return None;
        }
        self.heads.iter().find_map(|n| {
            let value = self.rule.coin_value(n);
            self.rule.move_with_value(n, &(&value ^ &x))
        })
    }
}

/// A position of the product of two coin-turning games: heads at `(x, y)`, x for the first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tartan {
    first: CoinRule,
    second: CoinRule,
    heads: Vec<(BigUint, BigUint)>,
}

impl Tartan {
    /// The product position with heads at `heads` (distinct, both coordinates from 1).
    pub fn new(first: CoinRule, second: CoinRule, heads: Vec<(BigUint, BigUint)>) -> Result<Self, CoinError> {
        if heads.iter().any(|(x, y)| x.is_zero() || y.is_zero()) {
            return Err(CoinError::ZeroPosition);
        }
        if let Some((x, y)) = first_repeat(&heads) {
            return Err(CoinError::Repeated { position: format!("({x}, {y})") });
        }
        Ok(Tartan { first, second, heads })
    }

    /// A suggested notation, `tartan(turtles, ruler, [(1, 2), (3, 4)])` (the language may spell
    /// it otherwise).
    pub fn notation(&self) -> String {
        let heads: Vec<String> = self.heads.iter().map(|(x, y)| format!("({x}, {y})")).collect();
        format!("tartan({}, {}, [{}])", self.first.name(), self.second.name(), heads.join(", "))
    }

    /// The Grundy value: the nim-sum over heads of `g1(x) * g2(y)` (nim product).
    pub fn grundy(&self, budget: &Budget) -> Result<BigUint, Exhausted> {
        let mut total = BigUint::zero();
        for (x, y) in &self.heads {
            total ^= nim_product(&self.first.coin_value(x), &self.second.coin_value(y), budget)?;
        }
        Ok(total)
    }

    /// `P` or `N`.
    pub fn outcome(&self, budget: &Budget) -> Result<Outcome, Exhausted> {
        Ok(if self.grundy(budget)?.is_zero() { Outcome::P } else { Outcome::N })
    }

    /// A winning move as the rectangles of coins turned over, each a run of the first game
    /// times a run of the second (the last holds the corner that goes heads to tails), or `None`
    /// from a P-position.
    pub fn winning_move(&self, budget: &Budget) -> Result<Option<Vec<(CoinRun, CoinRun)>>, Exhausted> {
        self.move_to_smaller_value(&BigUint::zero(), budget)
    }

    /// A move to the smaller Grundy value `target`, or `None` if `target` is not smaller. For a
    /// heads coin of value `v = g1 g2` with `v ^ X < v` (X = value ^ target) it looks for options
    /// `a' < g1`, `b' < g2` of the two coins with `(g1 + a')(g2 + b') = X`: for each a' in turn,
    /// `b' = g2 + X / (g1 + a')` in the field of nimbers (or the same with the coins' roles
    /// swapped, whichever coin has the smaller value). Each try costs a nim inverse; the
    /// number of tries is not bounded by a formula, so the budget is checked.
    pub fn move_to_smaller_value(
        &self,
        target: &BigUint,
        budget: &Budget,
    ) -> Result<Option<Vec<(CoinRun, CoinRun)>>, Exhausted> {
        let total = self.grundy(budget)?;
        if *target >= total {
            return Ok(None);
        }
        let x = &total ^ target;
        for (p, q) in &self.heads {
            let (g1, g2) = (self.first.coin_value(p), self.second.coin_value(q));
            let v = nim_product(&g1, &g2, budget)?;
            if (&v ^ &x) >= v {
                continue;
            }
            // Try the options of the coin with the smaller value, and solve for the other's.
            let found = if g1 <= g2 {
                solve(&g1, &g2, &x, budget)?
            } else {
                solve(&g2, &g1, &x, budget)?.map(|(beta, alpha)| (alpha, beta))
            };
            if let Some((alpha, beta)) = found {
                return Ok(Some(self.product_move(p, q, &alpha, &beta)));
            }
        }
        Ok(None)
    }

    /// The coins `A x B` for the moves of the two rules with option values `alpha` and `beta`.
    fn product_move(&self, p: &BigUint, q: &BigUint, alpha: &BigUint, beta: &BigUint) -> Vec<(CoinRun, CoinRun)> {
        let a = self.first.move_with_value(p, alpha).unwrap_or_default();
        let b = self.second.move_with_value(q, beta).unwrap_or_default();
        a.iter().flat_map(|x| b.iter().map(move |y| (x.clone(), y.clone()))).collect()
    }
}

/// Some `a < g` and `b < h` with `(g + a)(h + b) = x` (nim operations), trying each a in turn.
fn solve(g: &BigUint, h: &BigUint, x: &BigUint, budget: &Budget) -> Result<Option<(BigUint, BigUint)>, Exhausted> {
    let mut a = BigUint::zero();
    while a < *g {
        budget.check()?;
        let inverse = nim_inverse(&(g ^ &a), budget)?.unwrap_or_default();
        let b = h ^ nim_product(x, &inverse, budget)?;
        if b < *h {
            return Ok(Some((a, b)));
        }
        a += 1u32;
    }
    Ok(None)
}

/// The position of the odious number `w` in the Mock Turtles sequence: `w / 2 + 1`.
fn odious_position(w: &BigUint) -> BigUint {
    (w >> 1u32) + 1u32
}

/// The j whose Gray code `j ^ (j >> 1)` is `g`.
fn inverse_gray(g: &BigUint) -> BigUint {
    let mut j = g.clone();
    let mut shift = 1u64;
    while shift < g.bits() {
        j ^= &j >> shift;
        shift <<= 1;
    }
    j
}

fn first_repeat<T: Ord + Clone>(items: &[T]) -> Option<T> {
    let mut sorted: Vec<&T> = items.iter().collect();
    sorted.sort_unstable();
    sorted.windows(2).find(|w| w[0] == w[1]).map(|w| w[0].clone())
}

#[cfg(test)]
mod tests;

//! Partizan subtraction games (`psub[5, 7] left=[1, 2] right=[1, 3]`; Fraenkel and Kotzig,
//! "Partizan octal games: partizan subtraction games", IJGT 16, 1987; CGSuite's
//! `PartizanSubtraction`): Left takes a number in her set from one heap, Right a number in his;
//! several heaps are a sum.
//!
//! The value of heap n is `G(n) = { G(n - a) | G(n - b) }` over a in Left's set and b in
//! Right's, so it depends only on the window of the s = max(a, b) values before it. Values are
//! canonical, so equal games are equal ids: once a window `G(m .. m+s)` equals an earlier window
//! `G(j .. j+s)`, every later value repeats with period m - j (induction on n). [`Table`] looks
//! for the first repeated window, which proves the least period of the window sequence, and
//! takes the pre-period back to the last value that differs; heaps of any size are then read
//! through the period. Sets whose values grow may instead be arithmetic-periodic with a number
//! saltus, `G(n + p) = G(n) + s`, which [`arith`] proves from the values computed (the number
//! translation theorem, with a check that the values are not numbers); heaps of any size are
//! then the last value of their class plus a multiple of s. Other growing values (by ups, say)
//! are not claimed, and heaps beyond the computed values give up.

mod arith;
#[cfg(test)]
mod tests;

pub use arith::Saltus;

use cgt_core::game::{GameId, Games};
use cgt_core::hash::FxHashMap;
use cgt_core::{Budget, Exhausted};

use crate::nim::Period;
use crate::position::Partizan;

/// Why the subtraction sets were rejected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PsubError {
    /// Taking 0 is not a move.
    Zero,
    /// Neither player has a move.
    NoMoves,
}

impl std::fmt::Display for PsubError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            PsubError::Zero => "a set contains 0, and taking nothing is not a move",
            PsubError::NoMoves => "both sets are empty, so no one ever moves",
        })
    }
}

/// The rules: the amounts each player may take, ascending, without repeats.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Psub {
    left: Vec<u64>,
    right: Vec<u64>,
}

impl Psub {
    /// The game where Left takes an amount in `left`, Right one in `right` (any order).
    pub fn new(left: &[u64], right: &[u64]) -> Result<Psub, PsubError> {
        let norm = |s: &[u64]| {
            let mut s = s.to_vec();
            s.sort_unstable();
            s.dedup();
            s
        };
        let (left, right) = (norm(left), norm(right));
        if left.first() == Some(&0) || right.first() == Some(&0) {
            return Err(PsubError::Zero);
        }
        if left.is_empty() && right.is_empty() {
            return Err(PsubError::NoMoves);
        }
        Ok(Psub { left, right })
    }

    /// Left's amounts, ascending.
    pub fn left(&self) -> &[u64] {
        &self.left
    }

    /// Right's amounts, ascending.
    pub fn right(&self) -> &[u64] {
        &self.right
    }

    /// The largest amount either player may take.
    fn reach(&self) -> u64 {
        self.left.iter().chain(&self.right).copied().max().expect("some set is not empty")
    }

    /// The values from `G(0)` on, until the period is proven or `limit` values are computed.
    pub fn table(&self, games: &mut Games, limit: usize, budget: &Budget) -> Result<Table, Exhausted> {
        let mut values: Vec<GameId> = Vec::new();
        let Ok(s) = usize::try_from(self.reach()) else {
            return Ok(Table { values, period: None, saltus: None });
        };
        // The first index at which each window of s values was seen.
        let mut seen: FxHashMap<Vec<GameId>, usize> = FxHashMap::default();
        while values.len() < limit {
            budget.check()?;
            let n = values.len() as u64;
            let options = |set: &[u64]| -> Vec<GameId> {
                set.iter().take_while(|&&t| t <= n).map(|&t| values[(n - t) as usize]).collect()
            };
            let (l, r) = (options(&self.left), options(&self.right));
            values.push(games.from_options(&l, &r, budget)?);
            if values.len() >= s {
                let m = values.len() - s;
                budget.check_memory(seen.len() * s * 8)?;
                if let Some(&j) = seen.get(&values[m..]) {
                    let period = m - j;
                    let pre = (0..j).rev().find(|&i| values[i] != values[i + period]).map_or(0, |i| i + 1);
                    let period = Period { preperiod: pre as u64, period: period as u64 };
                    return Ok(Table { values, period: Some(period), saltus: None });
                }
                seen.insert(values[m..].to_vec(), m);
            }
        }
        let saltus = arith::find(games, &values, (&self.left, &self.right), budget)?;
        Ok(Table { values, period: None, saltus })
    }
}

/// The values of heaps `G(0), G(1), ...` as far as computed, and the proven period or
/// arithmetic period (saltus) if found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    values: Vec<GameId>,
    period: Option<Period>,
    saltus: Option<Saltus>,
}

impl Table {
    /// The values computed, from `G(0)`.
    pub fn values(&self) -> &[GameId] {
        &self.values
    }

    /// The least period and pre-period, if proven.
    pub fn period(&self) -> Option<Period> {
        self.period
    }

    /// The proven arithmetic period with its number saltus, if the values have no plain period.
    pub fn saltus(&self) -> Option<&Saltus> {
        self.saltus.as_ref()
    }

    /// Whether heaps of any size have a value (a plain or an arithmetic period is proven).
    pub fn is_complete(&self) -> bool {
        self.period.is_some() || self.saltus.is_some()
    }

    /// The value of heap `n`, through the period or the saltus beyond the values computed
    /// (adding a multiple of the saltus makes games, hence `games`).
    pub fn value_in(&self, games: &mut Games, n: u64, budget: &Budget) -> Result<Option<GameId>, Exhausted> {
        match (&self.saltus, self.value(n)) {
            (_, Some(g)) => Ok(Some(g)),
            (Some(saltus), None) => arith::value(games, &self.values, saltus, n, budget).map(Some),
            (None, None) => Ok(None),
        }
    }

    /// The value of heap `n`, through the period beyond the values computed (not through a
    /// saltus: see [`Table::value_in`]).
    pub fn value(&self, n: u64) -> Option<GameId> {
        if let Some(&g) = usize::try_from(n).ok().and_then(|i| self.values.get(i)) {
            return Some(g);
        }
        let p = self.period?;
        let i = p.preperiod + (n - p.preperiod) % p.period;
        Some(self.values[i as usize])
    }
}

/// A sum of heaps under one [`Psub`], for move listings.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Heaps {
    rules: Psub,
    heaps: Vec<u64>,
}

impl Heaps {
    /// The sum of `heaps` (empty heaps are kept as written).
    pub fn new(rules: Psub, heaps: Vec<u64>) -> Heaps {
        Heaps { rules, heaps }
    }

    /// The rules.
    pub fn rules(&self) -> &Psub {
        &self.rules
    }

    /// The heaps, as written.
    pub fn heaps(&self) -> &[u64] {
        &self.heaps
    }

    fn moves(&self, set: &[u64]) -> Vec<Heaps> {
        let mut out = Vec::new();
        for (i, &h) in self.heaps.iter().enumerate() {
            for &t in set.iter().take_while(|&&t| t <= h) {
                let mut heaps = self.heaps.clone();
                heaps[i] = h - t;
                out.push(Heaps { rules: self.rules.clone(), heaps });
            }
        }
        out
    }
}

impl Partizan for Heaps {
    fn left_options(&self) -> Vec<Heaps> {
        self.moves(&self.rules.left)
    }

    fn right_options(&self) -> Vec<Heaps> {
        self.moves(&self.rules.right)
    }

    /// `psub[3, 7] left=[1, 2] right=[1, 3]`.
    fn notation(&self) -> String {
        let list = |v: &[u64]| v.iter().map(u64::to_string).collect::<Vec<_>>().join(", ");
        format!("psub[{}] left=[{}] right=[{}]", list(&self.heaps), list(&self.rules.left), list(&self.rules.right))
    }
}

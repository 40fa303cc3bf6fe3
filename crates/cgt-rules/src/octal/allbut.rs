//! All-but subtraction games (a move takes any positive number of tokens except those of a finite
//! set X; the codes `0.d1...dt[3]` with digits 0 and 3) by arithmetic periodicity:
//! `g(n + p) = g(n) + s` for n >= n0. Angela Siegel (MSc thesis, Dalhousie 2005; Siegel, CGT,
//! IV.2) proved that every such game is arithmetic-periodic; Sleator and Slusky (arXiv 1201.3299)
//! cite it and extend it. The theorem gives no bound to check, so cgt proves each period from the
//! computed values with the condition below.
//!
//! **Condition.** Let t = max X (0 for Nim), `K = max{g(m) : m < n0 + p}`, and M the least number
//! such that every value below `K + 1 + s` is `g(m)` for some m < M. If `g(n + p) = g(n) + s` for
//! all n0 <= n < N with `N >= max(n0, M) + t`, then it holds for all n >= n0.
//!
//! **Proof**, by induction on n >= N. Every m < n - t is an option of n, and so is every m < n0
//! (as n >= n0 + t). Write `H(n)` for the values of the options m >= n0 of n. Options m >= n0 + p
//! of n + p are `m' + p` for the options m' >= n0 of n, with value `g(m') + s` (induction), so the
//! option values of n + p are `(H(n) + s) ∪ L` with `L = g([0, n0 + p))`, and those of n are
//! `H(n) ∪ g([0, n0))`. Let c = g(n). (i) c is not `g(m)` for any m < n - t, and those values
//! include `[0, K]` since n - t >= M; so c > K, c + s is not in L, and c is not in H(n): c + s is
//! not an option value of n + p. (ii) Let w < c + s. If w > K + s, then w - s > K is not in
//! `g([0, n0))` and is below c, so it is in H(n), and w is in `H(n) + s`. Otherwise w < K + 1 + s
//! is `g(m)` for some m < M <= n + p - t, an option of n + p. So g(n + p) = c + s.

use std::ops::ControlFlow;

use super::{OctalCode, OctalMove};

/// An arithmetic period of a Grundy sequence: `g(n + period) = g(n) + saltus` for every
/// `n >= preperiod`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ArithmeticPeriod {
    /// The first heap from which the relation holds.
    pub preperiod: u64,
    /// The period p.
    pub period: u64,
    /// The saltus s: how much the values grow per period.
    pub saltus: u64,
}

/// The Grundy values of an all-but subtraction game for heaps of any size: the values computed,
/// and a proven arithmetic period that extends them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AllButTable {
    excluded: Vec<u64>,
    values: Vec<u32>,
    period: ArithmeticPeriod,
}

impl OctalCode {
    /// The amounts a move may not take, ascending, when the code is an all-but subtraction game
    /// (`0.d1...dt[3]` with every digit 0 or 3; `0.[3]`, Nim, excludes nothing).
    pub fn all_but(&self) -> Option<Vec<u64>> {
        let (finite, repeat) = (&self.code.finite, &self.code.repeat);
        let three = |d: &super::Digit| d.bits == 3;
        if repeat.len() != 1 || !three(&repeat[0]) || finite[0].bits != 0 {
            return None;
        }
        if !finite[1..].iter().all(|d| d.bits == 0 || three(d)) {
            return None;
        }
        Some((1..finite.len()).filter(|&k| finite[k].bits == 0).map(|k| k as u64).collect())
    }

    /// The all-but game's values extended by an arithmetic period proven from `values` (which must
    /// be this code's `g(0), g(1), ...`), or `None` if the code is not all-but or the values are
    /// too few to prove a period.
    pub fn all_but_table(&self, values: &[u32]) -> Option<AllButTable> {
        let excluded = self.all_but()?;
        let period = prove_arithmetic_period(values, excluded.last().copied().unwrap_or(0))?;
        let keep = (period.preperiod + period.period) as usize;
        Some(AllButTable { excluded, values: values[..keep].to_vec(), period })
    }
}

/// Finds the least period p (with its least pre-period and its saltus) that the condition of the
/// module proves from `values`, t being the largest amount excluded.
pub fn prove_arithmetic_period(values: &[u32], t: u64) -> Option<ArithmeticPeriod> {
    let len = values.len();
    // first[v]: the least m with g(m) = v.
    let top = values.iter().copied().max()? as usize;
    let mut first = vec![usize::MAX; top + 1];
    for (m, &v) in values.iter().enumerate().rev() {
        first[v as usize] = m;
    }
    // reach[v]: the least M with every value below v taken by a heap below M.
    let mut reach = Vec::with_capacity(top + 2);
    reach.push(0);
    for &f in &first {
        let last = *reach.last().unwrap_or(&0);
        reach.push(if f == usize::MAX || last == usize::MAX { usize::MAX } else { last.max(f + 1) });
    }
    // prefix_max[i]: the largest of g(0..i), i >= 1.
    let prefix_max: Vec<u32> = values
        .iter()
        .scan(0, |m, &v| {
            *m = v.max(*m);
            Some(*m)
        })
        .collect();
    let facts = Facts { values, reach: &reach, prefix_max: &prefix_max, t: t as usize };
    (1..len / 2).find_map(|p| facts.proven_with(p))
}

/// What the condition needs of the values, computed once for every p tried.
struct Facts<'a> {
    values: &'a [u32],
    reach: &'a [usize],
    prefix_max: &'a [u32],
    t: usize,
}

impl Facts<'_> {
    /// The arithmetic period with period p if the condition proves one.
    fn proven_with(&self, p: usize) -> Option<ArithmeticPeriod> {
        let (values, t) = (self.values, self.t);
        let len = values.len();
        let s = i64::from(values[len - 1]) - i64::from(values[len - 1 - p]);
        // All-but values are unbounded (g(n) differs from every g(m) with m < n - t), so s >= 1.
        if s <= 0 {
            return None;
        }
        let holds = |n: usize| i64::from(values[n + p]) - i64::from(values[n]) == s;
        let n0 = (0..len - p).rev().find(|&n| !holds(n)).map_or(0, |n| n + 1);
        if n0 + t > len - p {
            return None;
        }
        let k = self.prefix_max[n0 + p - 1] as usize;
        let m = *self.reach.get(k + 1 + s as usize)?;
        (m != usize::MAX && n0.max(m) + t <= len - p).then_some(ArithmeticPeriod {
            preperiod: n0 as u64,
            period: p as u64,
            saltus: s as u64,
        })
    }
}

impl AllButTable {
    /// The proven arithmetic period.
    pub fn period(&self) -> ArithmeticPeriod {
        self.period
    }

    /// The Grundy value of a heap of any size.
    pub fn value(&self, n: u64) -> u128 {
        let ArithmeticPeriod { preperiod, period, saltus } = self.period;
        if n < preperiod {
            return u128::from(self.values[n as usize]);
        }
        let (r, j) = (preperiod + (n - preperiod) % period, (n - preperiod) / period);
        u128::from(self.values[r as usize]) + u128::from(j) * u128::from(saltus)
    }

    /// The Grundy value of a sum of heaps: the XOR of theirs.
    pub fn sum(&self, heaps: &[u64]) -> u128 {
        heaps.iter().fold(0, |acc, &h| acc ^ self.value(h))
    }

    /// A winning move in a sum of heaps, or `None` for a P-position.
    pub fn winning_move(&self, heaps: &[u64]) -> Option<OctalMove> {
        let total = self.sum(heaps);
        heaps.iter().enumerate().find_map(|(heap, &h)| {
            let v = self.value(h);
            let to = (v ^ total < v).then(|| self.heap_with_value(h, v ^ total))??;
            Some(OctalMove { heap, take: h - to, leave: if to > 0 { vec![to] } else { vec![] } })
        })
    }

    /// A heap m < h with `g(m) = target` that h may move to (h - m is not excluded).
    fn heap_with_value(&self, h: u64, target: u128) -> Option<u64> {
        let legal = |m: u64| m < h && self.excluded.binary_search(&(h - m)).is_err();
        let ArithmeticPeriod { preperiod, period, saltus } = self.period;
        let before = (0..preperiod).filter(|&m| u128::from(self.values[m as usize]) == target);
        let periodic = (preperiod..preperiod + period).filter_map(|r| {
            let base = u128::from(self.values[r as usize]);
            let steps = target.checked_sub(base)?;
            let saltus = u128::from(saltus);
            let j = (steps % saltus == 0).then(|| steps / saltus)?;
            u64::try_from(j).ok()?.checked_mul(period)?.checked_add(r)
        });
        let found = before
            .chain(periodic)
            .try_for_each(|m| if legal(m) { ControlFlow::Break(m) } else { ControlFlow::Continue(()) });
        match found {
            ControlFlow::Break(m) => Some(m),
            ControlFlow::Continue(()) => None,
        }
    }
}

//! Spawning games (`spawning[3, 5] code="1-3C"`; CGSuite's `game.heap.Spawning`): the heap form
//! of the coin-turning game with the same turning code. A heap of size n is a heads coin at
//! position n (from 1); a move turns over a set T of coins whose rightmost is n, so the heap n
//! becomes heaps at the other positions of T. The code (CGSuite's turning codes) is a comma list
//! of elements, each a number of coins `k`, a range `a-b` or `a+` (at least a), then modifiers:
//! `C` the coins of T are consecutive, `E` equally spaced, `S` symmetrically arranged
//! (`t_i + t_{k+1-i}` the same for all i), `F` the leftmost coin (position 1) is in T, `C(s)` T
//! lies within s adjacent coins. A move may use any element. Impartial: a heap's value is the mex
//! of the nim sums of the heaps it spawns, and a position's the nim sum of its heaps' (the
//! coin-turning theorem, WW ch. 14).

#[cfg(test)]
mod tests;

use cgt_core::{Budget, Exhausted};

use crate::position::Partizan;

/// How the coins of a move are arranged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Spacing {
    Any,
    Consecutive,
    EquallySpaced,
    Symmetric,
}

/// One element of a turning code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Element {
    /// The fewest and most coins turned.
    min: u64,
    max: u64,
    /// The span the coins lie within (`C(s)`), `u64::MAX` when unbounded.
    span: u64,
    spacing: Spacing,
    /// The leftmost coin must be turned (`F`).
    first: bool,
}

/// A turning code.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TurningCode {
    text: String,
    elements: Vec<Element>,
}

/// Why a turning code was rejected, with the offending element.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CodeError(pub String);

impl TurningCode {
    /// Reads a turning code such as `1-3`, `1+C`, `3C(5)`, `4FS`, `2-3,6C` (case-insensitive).
    pub fn parse(text: &str) -> Result<TurningCode, CodeError> {
        let mut elements = Vec::new();
        for part in text.to_uppercase().split(',') {
            elements.push(element(part.trim()).ok_or_else(|| CodeError(part.trim().to_owned()))?);
        }
        Ok(TurningCode { text: text.to_owned(), elements })
    }

    /// The code as written.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The sets of heaps a heap of size `n` may become, each increasing (possibly empty).
    pub fn spawns(&self, n: u64, budget: &Budget) -> Result<Vec<Vec<u64>>, Exhausted> {
        let mut out = Vec::new();
        self.for_each_spawn(n, budget, &mut |set| out.push(set.to_vec()))?;
        Ok(out)
    }

    /// Calls `f` on each set of heaps a heap of size `n` may become (without holding them all:
    /// a heap may have millions).
    pub fn for_each_spawn(&self, n: u64, budget: &Budget, f: &mut dyn FnMut(&[u64])) -> Result<(), Exhausted> {
        for e in &self.elements {
            let most = e.max.min(e.span).min(n);
            for k in e.min..=most {
                spawn_sets(e, n, k, f, budget)?;
            }
        }
        Ok(())
    }

    /// How many sets of coins listing the moves of a heap of size `n` looks at (at least the
    /// number of moves), saturating: `C(n - 1, k - 1)` for each k of an element without `C` or
    /// `E`, n for the others.
    pub fn work(&self, n: u64) -> u128 {
        let mut total: u128 = 0;
        for e in &self.elements {
            let most = e.max.min(e.span).min(n);
            for k in e.min..=most.min(e.min.saturating_add(n)) {
                let w = match e.spacing {
                    Spacing::Consecutive | Spacing::EquallySpaced => u128::from(n),
                    Spacing::Any | Spacing::Symmetric => binomial(n.saturating_sub(1), k - 1),
                };
                total = total.saturating_add(w);
                if total == u128::MAX {
                    return total;
                }
            }
        }
        total
    }

    /// The Grundy values of heaps 0 to `n` (heap 0 is no heap: 0).
    pub fn grundy_values(&self, n: u64, budget: &Budget) -> Result<Vec<u64>, Exhausted> {
        let mut g = vec![0u64];
        for size in 1..=n {
            budget.check()?;
            let mut seen = std::collections::HashSet::new();
            self.for_each_spawn(size, budget, &mut |set| {
                seen.insert(set.iter().fold(0, |x, &h| x ^ g[h as usize]));
            })?;
            g.push((0..).find(|x| !seen.contains(x)).expect("a mex"));
        }
        Ok(g)
    }
}

/// The binomial coefficient `C(n, r)`, saturating at `u128::MAX`.
fn binomial(n: u64, r: u64) -> u128 {
    if r > n {
        return 0;
    }
    let r = r.min(n - r);
    let mut c: u128 = 1;
    for i in 0..r {
        // c * (n - i) / (i + 1) stays whole; saturate once it is past any use.
        c = match c.checked_mul(u128::from(n - i)) {
            Some(x) => x / u128::from(i + 1),
            None => return u128::MAX,
        };
    }
    c
}

/// One element: `k`, `a-b` or `a+`, then the modifiers.
fn element(s: &str) -> Option<Element> {
    let digits = s.find(|c: char| !(c.is_ascii_digit() || c == '+' || c == '-')).unwrap_or(s.len());
    let (range, mut rest) = s.split_at(digits);
    let (min, max) = if let Some(a) = range.strip_suffix('+') {
        (a.parse().ok()?, u64::MAX)
    } else if let Some((a, b)) = range.split_once('-') {
        (a.parse().ok()?, b.parse().ok()?)
    } else {
        let k = range.parse().ok()?;
        (k, k)
    };
    let mut e = Element { min, max, span: u64::MAX, spacing: Spacing::Any, first: false };
    while let Some(c) = rest.chars().next() {
        rest = &rest[1..];
        match c {
            'C' if rest.starts_with('(') => {
                let close = rest.find(')')?;
                e.span = rest[1..close].parse().ok()?;
                rest = &rest[close + 1..];
            }
            'C' => e.spacing = Spacing::Consecutive,
            'E' => e.spacing = Spacing::EquallySpaced,
            'S' => e.spacing = Spacing::Symmetric,
            'F' => e.first = true,
            _ => return None,
        }
    }
    (min >= 1 && min <= max && e.span >= 1).then_some(e)
}

/// Adds the heaps spawned by turning `k` coins, the rightmost at `n`, under element `e`: the
/// other k - 1 coins, below n.
fn spawn_sets(e: &Element, n: u64, k: u64, out: &mut dyn FnMut(&[u64]), budget: &Budget) -> Result<(), Exhausted> {
    let m = (k - 1) as usize;
    if m == 0 {
        if !e.first || n == 1 {
            out(&[]);
        }
        return Ok(());
    }
    // The lowest coin may be at most this far below n.
    let lowest = if e.span == u64::MAX { 1 } else { n.saturating_sub(e.span - 1).max(1) };
    match e.spacing {
        Spacing::Consecutive | Spacing::EquallySpaced => {
            let gaps = if e.spacing == Spacing::Consecutive { 1..=1 } else { 1..=(n - 1) / m as u64 };
            for d in gaps {
                budget.check()?;
                let Some(a) = n.checked_sub(d * m as u64).filter(|&a| a >= lowest) else { continue };
                if !e.first || a == 1 {
                    out(&(0..m as u64).map(|i| a + d * i).collect::<Vec<u64>>());
                }
            }
        }
        Spacing::Any | Spacing::Symmetric => choose(e, n, m, lowest, out, budget)?,
    }
    Ok(())
}

/// Every increasing choice of `m` coins from `lowest` to n - 1 (the first at 1 with `F`), in
/// lexicographic order, kept when the arrangement fits the element. Iterative: m may be large.
fn choose(
    e: &Element,
    n: u64,
    m: usize,
    lowest: u64,
    out: &mut dyn FnMut(&[u64]),
    budget: &Budget,
) -> Result<(), Exhausted> {
    if e.first && lowest > 1 {
        return Ok(());
    }
    let start = if e.first { 1 } else { lowest };
    if start + m as u64 > n {
        return Ok(());
    }
    let mut set: Vec<u64> = (0..m as u64).map(|i| start + i).collect();
    // With `F` the first coin stays at 1.
    let movable = usize::from(e.first);
    loop {
        budget.check()?;
        if e.spacing != Spacing::Symmetric || symmetric(&set, n) {
            out(&set);
        }
        // The rightmost coin that can still move right, then the rest packed after it.
        let Some(i) = (movable..m).rev().find(|&i| set[i] < n - (m - i) as u64) else { break };
        set[i] += 1;
        for j in i + 1..m {
            set[j] = set[j - 1] + 1;
        }
    }
    Ok(())
}

/// Whether the coins `set` and `n` are arranged symmetrically about their middle.
fn symmetric(set: &[u64], n: u64) -> bool {
    let all: Vec<u64> = set.iter().copied().chain([n]).collect();
    let total = all[0] + n;
    (0..all.len()).all(|i| all[i] + all[all.len() - 1 - i] == total)
}

/// A position of a spawning game: heaps under a turning code.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Spawning {
    code: TurningCode,
    heaps: Vec<u64>,
}

impl Spawning {
    /// The heaps under the code.
    pub fn new(code: TurningCode, heaps: Vec<u64>) -> Spawning {
        Spawning { code, heaps }
    }

    /// The turning code.
    pub fn code(&self) -> &TurningCode {
        &self.code
    }

    /// The heaps.
    pub fn heaps(&self) -> &[u64] {
        &self.heaps
    }

    /// How many sets of coins listing every move of the position looks at (saturating).
    pub fn move_work(&self) -> u128 {
        self.heaps.iter().fold(0u128, |t, &h| t.saturating_add(self.code.work(h)))
    }

    /// The nim value: the nim sum of the heaps' Grundy values.
    pub fn nim_value(&self, budget: &Budget) -> Result<u64, Exhausted> {
        let top = self.heaps.iter().copied().max().unwrap_or(0);
        let g = self.code.grundy_values(top, budget)?;
        Ok(self.heaps.iter().fold(0, |x, &h| x ^ g[h as usize]))
    }
}

impl Partizan for Spawning {
    fn left_options(&self) -> Vec<Self> {
        let mut out = Vec::new();
        for (i, &h) in self.heaps.iter().enumerate() {
            for set in self.code.spawns(h, &Budget::unlimited()).unwrap_or_default() {
                let mut heaps: Vec<u64> =
                    self.heaps.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &x)| x).collect();
                heaps.extend(set);
                out.push(Spawning { code: self.code.clone(), heaps });
            }
        }
        out
    }

    fn right_options(&self) -> Vec<Self> {
        self.left_options()
    }

    fn notation(&self) -> String {
        let heaps: Vec<String> = self.heaps.iter().map(u64::to_string).collect();
        format!("spawning[{}] code=\"{}\"", heaps.join(", "), self.code.text)
    }
}

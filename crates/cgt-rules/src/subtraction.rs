//! Subtraction games with a finite take set S: a move removes t stones from one heap, t in S.
//!
//! `g(n) = mex{ g(n - t) : t in S, t <= n }`, so g(n) depends only on the s = max S values
//! before it. Hence (docs/src/theory/periodicity.md): once the window `g(m .. m+s)` equals the
//! window `g(m+p .. m+p+s)`, the sequence is periodic with period p from m on. The windows form a
//! deterministic sequence of states, so the first repeated window gives the least period and the
//! least pre-period at once; it is found with Brent's cycle detection over rolling window hashes
//! (every hash match is confirmed by comparing the windows), in O(1) memory beyond the values.

use cgt_core::{Budget, Exhausted};

use crate::nim::{BeyondTable, GrundyTable, Period};

/// Why a take set was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SubtractionError {
    /// The take set has no elements, so no move is ever possible.
    EmptyTakeSet,
    /// Taking 0 stones is not a move.
    ZeroInTakeSet,
}

impl std::fmt::Display for SubtractionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            SubtractionError::EmptyTakeSet => "the take set is empty",
            SubtractionError::ZeroInTakeSet => "the take set contains 0, and taking nothing is not a move",
        })
    }
}

/// A subtraction game: its take set, sorted and without repeats.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SubtractionGame {
    take: Vec<u64>,
}

/// A move in a sum of heaps: take `take` stones from heap number `heap`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TakeMove {
    /// Index of the heap in the position.
    pub heap: usize,
    /// How many stones to take (an element of the take set).
    pub take: u64,
}

impl SubtractionGame {
    /// The game with take set `take` (any order; repeats are ignored).
    pub fn new(take: &[u64]) -> Result<Self, SubtractionError> {
        let mut take = take.to_vec();
        take.sort_unstable();
        take.dedup();
        match take.first() {
            None => Err(SubtractionError::EmptyTakeSet),
            Some(0) => Err(SubtractionError::ZeroInTakeSet),
            Some(_) => Ok(SubtractionGame { take }),
        }
    }

    /// The take set, ascending.
    pub fn take_set(&self) -> &[u64] {
        &self.take
    }

    /// The Grundy values from `g(0)` on, stopping as soon as the period is proven or when `limit`
    /// values have been computed. Pass a `limit` above the largest heap of interest so that the
    /// heap can be read directly even if no period shows up. Time O(limit · |S|) at most.
    pub fn grundy_table(&self, limit: usize, budget: &Budget) -> Result<GrundyTable, Exhausted> {
        let mut seq = Sequence::new(&self.take);
        let s = *self.take.last().expect("the take set is not empty");
        let Ok(s) = usize::try_from(s) else {
            seq.extend_to(limit, budget)?;
            return Ok(GrundyTable::new(seq.values, None));
        };
        let period = find_period(&mut seq, s, limit, budget)?;
        if period.is_none() {
            seq.extend_to(limit, budget)?;
        }
        Ok(GrundyTable::new(seq.values, period))
    }

    /// A winning move in the sum of `heaps`, or `Ok(None)` for a P-position (Grundy value 0).
    pub fn winning_move(&self, table: &GrundyTable, heaps: &[u64]) -> Result<Option<TakeMove>, BeyondTable> {
        let total = table.sum(heaps)?;
        if total == 0 {
            return Ok(None);
        }
        for (heap, &h) in heaps.iter().enumerate() {
            let target = table.try_value(u128::from(h))? ^ total;
            if target > table.try_value(u128::from(h))? {
                continue;
            }
            for &t in self.take.iter().take_while(|&&t| t <= h) {
                if table.try_value(u128::from(h - t))? == target {
                    return Ok(Some(TakeMove { heap, take: t }));
                }
            }
        }
        unreachable!("a heap whose value exceeds its target has an option with the target value (mex)")
    }
}

/// The Grundy values computed so far, with a scratch table for the mex.
struct Sequence<'a> {
    take: &'a [u64],
    values: Vec<u32>,
    seen: Vec<usize>,
}

impl<'a> Sequence<'a> {
    fn new(take: &'a [u64]) -> Self {
        Sequence { take, values: Vec::new(), seen: vec![usize::MAX; take.len() + 2] }
    }

    /// Computes the next value: the mex over the options, marked with the heap size as a stamp
    /// so that the scratch table never needs clearing.
    fn push(&mut self) {
        let n = self.values.len();
        for &t in self.take.iter().take_while(|&&t| t <= n as u64) {
            self.seen[self.values[n - t as usize] as usize] = n;
        }
        let mex = self.seen.iter().position(|&stamp| stamp != n).expect("g(n) <= |S|");
        self.values.push(mex as u32);
    }

    fn extend_to(&mut self, len: usize, budget: &Budget) -> Result<(), Exhausted> {
        while self.values.len() < len {
            if self.values.len().is_multiple_of(1 << 16) {
                budget.check_memory(self.values.len() * 4)?;
            }
            budget.check()?;
            self.push();
        }
        Ok(())
    }
}

/// The modulus of the window hashes, the Mersenne prime 2^61 - 1.
const MODULUS: u64 = (1 << 61) - 1;
/// The base of the window hashes.
const BASE: u64 = 0x1f3a_5b7c_9d2e_4f61 % MODULUS;

fn mul_mod(a: u64, b: u64) -> u64 {
    (u128::from(a) * u128::from(b) % u128::from(MODULUS)) as u64
}

fn pow_mod(mut b: u64, mut e: u64) -> u64 {
    let mut r = 1;
    while e > 0 {
        if e & 1 == 1 {
            r = mul_mod(r, b);
        }
        b = mul_mod(b, b);
        e >>= 1;
    }
    r
}

/// Brent's cycle detection on the windows `g(m .. m+s)`: the tortoise waits at a window while the
/// hare runs ahead one step at a time, and jumps to the hare whenever the run doubles. Returns
/// the least period and pre-period, or `None` if the hare's window would pass `limit`.
fn find_period(seq: &mut Sequence, s: usize, limit: usize, budget: &Budget) -> Result<Option<Period>, Exhausted> {
    let top = pow_mod(BASE, s as u64 - 1);
    seq.extend_to(s.saturating_add(1).min(limit), budget)?;
    if seq.values.len() <= s {
        return Ok(None);
    }
    let hash0 = seq.values[..s].iter().fold(0, |h, &v| (mul_mod(h, BASE) + u64::from(v)) % MODULUS);
    let (mut tortoise, mut tortoise_hash) = (0usize, hash0);
    let mut hare_hash = roll(hash0, seq.values[0], seq.values[s], top);
    let (mut hare, mut power, mut lam) = (1usize, 1usize, 1usize);
    loop {
        if hare_hash == tortoise_hash && seq.values[tortoise..tortoise + s] == seq.values[hare..hare + s] {
            return Ok(Some(least_preperiod(&seq.values, tortoise, lam)));
        }
        if power == lam {
            (tortoise, tortoise_hash) = (hare, hare_hash);
            power *= 2;
            lam = 0;
        }
        if hare + s + 1 > limit {
            return Ok(None);
        }
        seq.extend_to(hare + s + 1, budget)?;
        hare_hash = roll(hare_hash, seq.values[hare], seq.values[hare + s], top);
        hare += 1;
        lam += 1;
    }
}

/// The hash of the window one step on: drop `out` (weighted `top` = BASE^(s-1)), append `new`.
fn roll(hash: u64, out: u32, new: u32, top: u64) -> u64 {
    let dropped = (hash + MODULUS - mul_mod(u64::from(out), top)) % MODULUS;
    (mul_mod(dropped, BASE) + u64::from(new)) % MODULUS
}

/// Given that the sequence is periodic with least period `period` from `from` on, the least
/// pre-period is one past the last mismatch `g(n) != g(n + period)` before `from`.
fn least_preperiod(values: &[u32], from: usize, period: usize) -> Period {
    let preperiod = (0..from).rev().find(|&n| values[n] != values[n + period]).map_or(0, |n| n + 1);
    Period { preperiod: preperiod as u64, period: period as u64 }
}

#[cfg(test)]
mod tests;

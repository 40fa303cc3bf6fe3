//! The fairest choice of box piles (ICPC Asia Tsukuba 2016, problem K): choose some of the given
//! black/white piles so that the chosen position is a P-position, with as many boxes as possible.
//!
//! Black/white piles are numbers (van Roode's rule, [`crate::boxes`]), and a sum of numbers is a
//! P-position exactly when its value is 0, so the task is a subset with value sum 0 and the most
//! boxes. Meet in the middle (docs/src/theory/rulesets.md, "The fair choice of piles"): the values are
//! scaled to integers over a common power-of-two denominator (i128 when the sums fit, big integers otherwise); every
//! subset sum of the first half goes into a hash map keeping the most boxes per sum, and every
//! subset of the second half looks up the opposite of its sum. O(2^(n/2) · n) time and memory.
//! Piles of value 0 are always worth taking and are set aside first.

use std::hash::Hash;
use std::ops::{Add, Neg};

use num_bigint::BigInt;
use num_traits::{ToPrimitive, Zero};

use cgt_core::hash::{FxBuildHasher, FxHashMap};
use cgt_core::{Budget, Exhausted};

use crate::boxes::{Colour, pile_value};

/// The most piles (of non-zero value) [`fairest`] accepts: 2^(n/2) subsets per half.
pub const MAX_PILES: usize = 48;

/// Why the fairest choice could not be computed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FairError {
    /// This pile has a green box, so it is not a number.
    Green {
        /// Index of the pile.
        pile: usize,
    },
    /// More piles of non-zero value than [`MAX_PILES`].
    TooManyPiles {
        /// The number of piles of non-zero value.
        piles: usize,
    },
    /// The budget ran out.
    Exhausted(Exhausted),
}

impl From<Exhausted> for FairError {
    fn from(e: Exhausted) -> Self {
        FairError::Exhausted(e)
    }
}

impl std::fmt::Display for FairError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FairError::Green { pile } => {
                write!(f, "pile {} has a green box; only black and white piles are numbers", pile + 1)
            }
            FairError::TooManyPiles { piles } => {
                write!(f, "{piles} piles of non-zero value are too many (at most {MAX_PILES})")
            }
            FairError::Exhausted(e) => write!(f, "stopped: {e}"),
        }
    }
}

/// A best fair choice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FairChoice {
    /// The number of boxes in the chosen piles (the maximum possible).
    pub boxes: usize,
    /// The chosen piles' indices, ascending (possibly none).
    pub piles: Vec<usize>,
}

/// The choice of piles with value sum 0 and the most boxes.
pub fn fairest(piles: &[Vec<Colour>], budget: &Budget) -> Result<FairChoice, FairError> {
    let mut chosen = Vec::new();
    let mut boxes = 0;
    let mut rest = Vec::new();
    for (i, pile) in piles.iter().enumerate() {
        let value = pile_value(pile).ok_or(FairError::Green { pile: i })?;
        if value.is_zero() {
            chosen.push(i);
            boxes += pile.len();
        } else {
            rest.push((i, value));
        }
    }
    if rest.len() > MAX_PILES {
        return Err(FairError::TooManyPiles { piles: rest.len() });
    }
    let exp = rest.iter().map(|(_, v)| v.exponent()).max().unwrap_or(0);
    let scaled: Vec<BigInt> = rest.iter().map(|(_, v)| v.numerator() << (exp - v.exponent())).collect();
    let sizes: Vec<u32> = rest.iter().map(|&(i, _)| piles[i].len() as u32).collect();
    let bound: BigInt = scaled.iter().map(|x| BigInt::from(x.magnitude().clone())).sum();
    // Every subset sum fits in i128 when the sum of magnitudes does.
    let (count, mask) = match bound.to_i128() {
        Some(_) => {
            let small: Vec<i128> = scaled.iter().map(|x| x.to_i128().unwrap_or_default()).collect();
            best_zero_subset(&small, &sizes, budget)?
        }
        None => best_zero_subset(&scaled, &sizes, budget)?,
    };
    chosen.extend((0..rest.len()).filter(|&j| mask >> j & 1 == 1).map(|j| rest[j].0));
    chosen.sort_unstable();
    Ok(FairChoice { boxes: boxes + count as usize, piles: chosen })
}

/// Meet in the middle: the subset (as a bit mask) with sum 0 and the largest total size.
fn best_zero_subset<K>(values: &[K], sizes: &[u32], budget: &Budget) -> Result<(u64, u64), Exhausted>
where
    K: Clone + Eq + Hash + Zero,
    for<'a> &'a K: Add<&'a K, Output = K> + Neg<Output = K>,
{
    let half = values.len() / 2;
    let entry = std::mem::size_of::<K>() + 32;
    budget.check_memory((entry << half) + (entry << (values.len() - half)))?;
    let (left_sums, left_sizes) = subset_sums(&values[..half], &sizes[..half], budget)?;
    let mut best_left: FxHashMap<K, (u64, u64)> =
        FxHashMap::with_capacity_and_hasher(left_sums.len(), FxBuildHasher::default());
    for (mask, sum) in left_sums.into_iter().enumerate() {
        budget.check()?;
        let size = left_sizes[mask];
        let slot = best_left.entry(sum).or_insert((size, mask as u64));
        if size > slot.0 {
            *slot = (size, mask as u64);
        }
    }
    let (right_sums, right_sizes) = subset_sums(&values[half..], &sizes[half..], budget)?;
    let mut best = (0, 0);
    for (mask, sum) in right_sums.iter().enumerate() {
        budget.check()?;
        if let Some(&(size, left_mask)) = best_left.get(&-sum)
            && size + right_sizes[mask] > best.0
        {
            best = (size + right_sizes[mask], left_mask | (mask as u64) << half);
        }
    }
    Ok(best)
}

/// The sums and sizes of every subset of `values`, indexed by bit mask: each mask extends the mask
/// without its lowest bit.
fn subset_sums<K>(values: &[K], sizes: &[u32], budget: &Budget) -> Result<(Vec<K>, Vec<u64>), Exhausted>
where
    K: Clone + Zero,
    for<'a> &'a K: Add<&'a K, Output = K>,
{
    let count = 1usize << values.len();
    let mut sums: Vec<K> = Vec::with_capacity(count);
    let mut totals: Vec<u64> = Vec::with_capacity(count);
    sums.push(K::zero());
    totals.push(0);
    for mask in 1..count {
        budget.check()?;
        let low = mask.trailing_zeros() as usize;
        let rest = mask & (mask - 1);
        let sum = &sums[rest] + &values[low];
        sums.push(sum);
        totals.push(totals[rest] + u64::from(sizes[low]));
    }
    Ok((sums, totals))
}

#[cfg(test)]
mod tests;

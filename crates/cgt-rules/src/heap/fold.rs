//! Quantities of heap games computed as folds: the value of a position is a function of its
//! options' values (Grundy values, misère nim values, and the compounds' remoteness, suspense
//! and restricted values). A heap that never splits is computed by dynamic programming over heap
//! sizes, O(heap · moves); a Nim heap has a closed form for each fold (its options are all
//! smaller heaps); a splitting heap is searched over multisets of heaps, memoised, without
//! recursion.

use std::collections::HashMap;
use std::hash::Hash;

use cgt_core::Budget;

use super::{Component, HeapError, HeapRule};

/// The largest heap a dynamic programme over heap sizes accepts.
pub(crate) const MAX_DP_HEAP: u64 = 10_000_000;
/// The most positions a memoised search may store.
pub(crate) const MAX_STATES: usize = 2_000_000;
/// The largest table of Grundy values computed to read a heap that no period covers.
const MAX_TABLE: u64 = 1 << 24;

/// A quantity defined by a fold over the options' quantities.
pub(crate) trait Fold {
    /// The quantity.
    type Value: Clone;
    /// The value of a position whose options have the values `options` (empty: no move).
    fn fold(options: &[Self::Value]) -> Self::Value;
    /// The value of a Nim heap, in closed form.
    fn nim(heap: u64) -> Self::Value;
}

/// The least value not in `values`. Small values (the usual case) are marked in a bit set;
/// only when all of 0..128 occur are the values sorted.
pub(crate) fn mex(values: impl IntoIterator<Item = u64> + Clone) -> u64 {
    let small = values.clone().into_iter().filter(|&v| v < 128).fold(0u128, |bits, v| bits | 1 << v);
    if small != u128::MAX {
        return u64::from(small.trailing_ones());
    }
    let mut seen: Vec<u64> = values.into_iter().filter(|&v| v >= 128).collect();
    seen.sort_unstable();
    seen.dedup();
    seen.iter().zip(128..).find(|&(&v, i)| v != i).map_or(128 + seen.len() as u64, |(_, i)| i)
}

/// The misère nim value: 1 without a move, else the mex of the options' values.
pub(crate) struct MisereValue;

impl Fold for MisereValue {
    type Value = u64;
    fn fold(options: &[u64]) -> u64 {
        if options.is_empty() { 1 } else { mex(options.iter().copied()) }
    }
    fn nim(heap: u64) -> u64 {
        match heap {
            0 => 1,
            1 => 0,
            h => h,
        }
    }
}

/// The value of a component under a fold, by the fastest method its rule allows.
pub(crate) fn component_value<F: Fold>(c: &Component, budget: &Budget) -> Result<F::Value, HeapError> {
    match &c.rule {
        HeapRule::Nim => Ok(F::nim(c.heap)),
        rule if rule.splits() => multiset_value::<F>(rule, vec![c.heap], budget),
        rule => Ok(heap_values::<F>(rule, c.heap, budget)?.pop().expect("one value per heap size")),
    }
}

/// The values of heaps `0..=n` of a rule that never splits, by dynamic programming.
pub(crate) fn heap_values<F: Fold>(rule: &HeapRule, n: u64, budget: &Budget) -> Result<Vec<F::Value>, HeapError> {
    debug_assert!(!rule.splits());
    check_dp_heap(n, std::mem::size_of::<F::Value>(), budget)?;
    let mut values: Vec<F::Value> = Vec::with_capacity(n as usize + 1);
    let mut scratch = Vec::new();
    for k in 0..=n {
        budget.check()?;
        scratch.clear();
        rule.for_each_option(k, |parts| scratch.push(values[parts.first().map_or(0, |&m| m as usize)].clone()));
        values.push(F::fold(&scratch));
    }
    Ok(values)
}

/// Fails if a table of `n + 1` values of `size` bytes is beyond the limits.
pub(crate) fn check_dp_heap(n: u64, size: usize, budget: &Budget) -> Result<(), HeapError> {
    if n > MAX_DP_HEAP {
        return Err(HeapError::TooLarge { heap: n, limit: MAX_DP_HEAP });
    }
    budget.check_memory((n as usize + 1).saturating_mul(size))?;
    Ok(())
}

/// The value of a position (a multiset of heaps) of a splitting rule, by memoised search.
pub(crate) fn multiset_value<F: Fold>(
    rule: &HeapRule,
    heaps: Vec<u64>,
    budget: &Budget,
) -> Result<F::Value, HeapError> {
    let root = rule.canonical(heaps);
    memo_fold(root, |p: &Vec<u64>| rule.position_options(p), F::fold, budget)
}

/// The fold of a finite acyclic game from `root`, each position evaluated once. The search keeps
/// its own stack, so long plays cannot overflow the thread's stack.
pub(crate) fn memo_fold<P, V>(
    root: P,
    options: impl Fn(&P) -> Vec<P>,
    fold: impl Fn(&[V]) -> V,
    budget: &Budget,
) -> Result<V, HeapError>
where
    P: Clone + Eq + Hash,
    V: Clone,
{
    let mut memo: HashMap<P, V> = HashMap::new();
    let first = options(&root);
    let mut stack: Vec<(P, Vec<P>, usize)> = vec![(root.clone(), first, 0)];
    let mut scratch = Vec::new();
    while let Some((_, opts, next)) = stack.last_mut() {
        budget.check()?;
        if let Some(child) = opts.get(*next) {
            *next += 1;
            if !memo.contains_key(child) {
                let child = child.clone();
                let child_options = options(&child);
                stack.push((child, child_options, 0));
            }
            continue;
        }
        let (position, opts, _) = stack.pop().expect("the loop saw a frame");
        scratch.clear();
        scratch.extend(opts.iter().map(|o| memo[o].clone()));
        memo.insert(position, fold(&scratch));
        check_states(memo.len(), budget)?;
    }
    Ok(memo.remove(&root).expect("the root is evaluated last"))
}

/// Fails when a search has stored too many positions.
fn check_states(states: usize, budget: &Budget) -> Result<(), HeapError> {
    if states > MAX_STATES {
        return Err(HeapError::SearchTooLarge { limit: MAX_STATES });
    }
    if states.is_multiple_of(4096) {
        budget.check_memory(states.saturating_mul(128))?;
    }
    Ok(())
}

/// The Grundy value of a component: Nim's heap itself, or read from the rule's Grundy table
/// (extended through its proven period for heaps beyond the computed values).
pub(crate) fn grundy(c: &Component, budget: &Budget) -> Result<u64, HeapError> {
    let limit = c.heap.saturating_add(1).min(MAX_TABLE) as usize;
    let table = match &c.rule {
        HeapRule::Nim => return Ok(c.heap),
        rule => rule.grundy_table(limit, budget)?,
    };
    Ok(u64::from(table.try_value(u128::from(c.heap))?))
}

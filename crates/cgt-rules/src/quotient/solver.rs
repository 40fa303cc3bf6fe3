//! The quotient heap by heap (Siegel's MisereSolver extends a quotient one heap size at a time,
//! Plambeck–Siegel 2008 §6): a new heap first tries every element of the proven quotient of the
//! smaller heaps, checked by the proof search of `verify` extended by one heap type only; when
//! none fits, the quotient grows and the candidate search of `engine` builds it again, reading
//! outcomes of positions of smaller heaps from the previous quotient.

use cgt_core::Budget;

use super::engine::{Engine, MAX_SEARCH_HEAP, stop_reason};
use super::levels::{self, Level};
use super::verify::{Found, HeapType, Monoid, Proof};
use super::{GaveUp, GaveUpReason, HeapRule, Quotient, Shape, Solved, extend};

/// A proven quotient with the states of its proof.
#[derive(Clone)]
pub(super) struct Current {
    q: Quotient,
    proof: Proof,
    /// For a level game's quotient, each element's exit flag (see `Level`).
    exits: Option<Vec<bool>>,
}

/// Heaps 1, 2, ... up to `rule.max_heap()`, stopping early once `shape` proves a period.
pub(super) fn run(
    rule: &HeapRule,
    max_elements: usize,
    shape: Option<Shape>,
    search: usize,
    budget: &Budget,
) -> Result<Solved, GaveUp> {
    run_from(rule, None, (max_elements, shape, search), budget).0
}

/// The quotient of a level game (see `levels`) for the heaps of `rule`, grown heap by heap
/// with the search over positions wherever a heap splits an element.
pub(super) fn run_level(
    rule: &HeapRule,
    level: Level,
    max_elements: usize,
    budget: &Budget,
) -> Result<Quotient, GaveUpReason> {
    let mut cur = Current::empty(Some(level), budget)?;
    for n in 1..=rule.max_heap() {
        let mut engine = Engine::new(rule, Some(level));
        cur = next_quotient(rule, Some(level), &mut engine, &cur, (n, max_elements, usize::MAX), budget)?;
    }
    Ok(cur.q)
}

/// As `run`, from a quotient proven for the heaps below `start`'s next heap (of the same rule);
/// also gives back the last proven quotient with its proof, to go on from later.
pub(super) fn run_from(
    rule: &HeapRule,
    start: Option<Current>,
    (max_elements, shape, search): (usize, Option<Shape>, usize),
    budget: &Budget,
) -> (Result<Solved, GaveUp>, Option<Current>) {
    let mut cur = match start {
        Some(c) => c,
        None => match Current::empty(None, budget) {
            Ok(c) => c,
            Err(reason) => return (Err(GaveUp { reason, partial: None }), None),
        },
    };
    for n in cur.q.max_heap + 1..=rule.max_heap() {
        // A fresh search for each heap: the tests found for smaller heaps made the rows of the
        // next one dearer (0.165 to heap 12: 18-23 s kept, 8-9 s fresh; BENCHMARKS).
        let mut engine = Engine::new(rule, None);
        match next_quotient(rule, None, &mut engine, &cur, (n, max_elements, search), budget) {
            Ok(next) => cur = next,
            Err(reason) => {
                let partial = (cur.q.max_heap > 0).then(|| Box::new(cur.q.clone()));
                return (Err(GaveUp { reason, partial }), Some(cur));
            }
        }
        if let Some(shape) = shape
            && let Some(period) = proven_period(&cur.q.heap_map, shape)
        {
            return (Ok(Solved { quotient: cur.q.clone(), period: Some(period) }), Some(cur));
        }
    }
    (Ok(Solved { quotient: cur.q.clone(), period: None }), Some(cur))
}

impl Current {
    /// The quotient proven.
    pub(super) fn quotient(&self) -> &Quotient {
        &self.q
    }

    /// The proven quotient `q` with its proof, and its elements' exit flags in a level game.
    pub(super) fn new(q: Quotient, proof: Proof, level: Option<Level>) -> Result<Self, GaveUpReason> {
        let exits = match level {
            None => None,
            Some(l) => Some(l.exits(&q).ok_or(GaveUpReason::ProofTooLarge { heap: q.max_heap })?),
        };
        Ok(Current { q, proof, exits })
    }

    /// The quotient of the empty position alone: one element, not in P in misère play; in a
    /// level game, in P unless a move of the new heap reaches P.
    fn empty(level: Option<Level>, budget: &Budget) -> Result<Self, GaveUpReason> {
        let exits = level.map(|l| vec![l.exit[0]]);
        let p = exits.as_ref().is_some_and(|e| !e[0]);
        let q = Quotient {
            max_heap: 0,
            table: vec![vec![0]],
            p_portion: vec![p],
            heap_map: vec![0],
            representatives: vec![vec![]],
        };
        let m = Monoid { table: &q.table, p: &q.p_portion, exit: exits.as_deref() };
        match Proof::build(m, vec![], budget).map_err(|s| stop_reason(s, 0))? {
            Found::Proven(proof) => Ok(Current { q, proof, exits }),
            // The empty position is predicted by the outcome rule itself.
            Found::Witness(_) => Err(GaveUpReason::ProofTooLarge { heap: 0 }),
        }
    }

    fn monoid(&self) -> Monoid<'_> {
        Monoid { table: &self.q.table, p: &self.q.p_portion, exit: self.exits.as_deref() }
    }
}

/// The quotient of heaps up to n: heap n as an old element, else the quotient grown from the
/// old elements (`extend`), else the quotient built from the level games of heap n
/// (`levels`), else the search of `engine` (for heaps up to `search`).
fn next_quotient(
    rule: &HeapRule,
    level: Option<Level>,
    engine: &mut Engine,
    cur: &Current,
    (n, max, search): (usize, usize, usize),
    budget: &Budget,
) -> Result<Current, GaveUpReason> {
    if let Some(next) = same_order(rule, level, cur, n, budget)? {
        return Ok(next);
    }
    if let Some((q, proof)) = extend::grow(rule, level, &cur.q, n, max, budget)? {
        return Current::new(q, proof, level);
    }
    if let Some((q, proof)) = levels::grow(rule, level, &cur.q, n, max, budget)? {
        return Current::new(q, proof, level);
    }
    if n > search.min(MAX_SEARCH_HEAP) {
        return Err(GaveUpReason::Split { heap: n });
    }
    let (q, proof) = engine.solve(n, max, Some(&cur.q), budget)?;
    Current::new(q, proof, level)
}

/// The quotient of heaps up to n when heap n is an element of the quotient of heaps below n
/// (in a level game, one over the base element of heap n).
fn same_order(
    rule: &HeapRule,
    level: Option<Level>,
    c: &Current,
    n: usize,
    budget: &Budget,
) -> Result<Option<Current>, GaveUpReason> {
    let m = c.monoid();
    let options: Vec<usize> = rule.options(n).iter().filter_map(|o| c.q.element(o)).collect();
    // Earlier heaps' elements first, the latest first: near a period one of them fits.
    let mut order: Vec<usize> = c.q.heap_map[1..].iter().rev().copied().collect();
    order.extend(0..c.q.order());
    let mut tried = vec![false; c.q.order()];
    let base_of_n = level.map(|l| l.base.heap_map[n]);
    for x in order {
        if std::mem::replace(&mut tried[x], true) {
            continue;
        }
        if let (Some(l), Some(b)) = (level, base_of_n)
            && l.base.element(&c.q.representatives[x]) != Some(b)
        {
            continue;
        }
        let t = HeapType::new(m, x, &options);
        match c.proof.extend(m, t, n, budget).map_err(|s| stop_reason(s, n))? {
            Found::Witness(_) => continue,
            Found::Proven(proof) => {
                let mut q = c.q.clone();
                q.max_heap = n;
                q.heap_map.push(x);
                return Ok(Some(Current { q, proof, exits: c.exits.clone() }));
            }
        }
    }
    Ok(None)
}

/// The least period p (and least pre-period n0 >= 1 for it) that the periodicity theorem proves
/// from the heap map of heaps 0..=N: `map[g] = map[g - p]` for `n0 + p <= g <= N`, and
/// `N + 1 >= parts·(n0 + p) + max_take`.
///
/// Proof (after Plambeck–Siegel's periodicity theorem for misère quotients of octal games, and
/// Guy–Smith's for Grundy values): let g > N, and assume the map periodic below g. A move from
/// g removes k <= max_take tokens and leaves heaps summing to g - k, the largest b >= (g - k) /
/// parts >= n0 + p; replacing b by b - p (>= n0 >= 1, same element) gives a move of g - p.
/// Conversely the largest heap c left by a move of g - p is >= (g - p - max_take) / parts >=
/// n0, and c + p has c's element. So heaps g and g - p have the same option elements; giving g
/// the element of g - p, g acts in the proof search exactly as g - p does, every position stays
/// consistent, and the quotient of the heaps up to N is the quotient of all heaps.
pub(super) fn proven_period(map: &[usize], shape: Shape) -> Option<(usize, usize)> {
    let big_n = map.len().checked_sub(1)?;
    (1..=big_n).find_map(|p| {
        let mut g = big_n;
        while g > p && map[g] == map[g - p] {
            g -= 1;
        }
        // Every g' in (g, N] repeats; so n0 = g + 1 - p (at least 1).
        let n0 = (g + 1).saturating_sub(p).max(1);
        let need = shape.parts.max(1).checked_mul(n0 + p)?.checked_add(shape.max_take)?;
        (big_n + 1 >= need).then_some((n0, p))
    })
}

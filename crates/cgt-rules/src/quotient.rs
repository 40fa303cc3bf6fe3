//! Misère quotients of heap games (Plambeck, "Taming the wild in impartial combinatorial
//! games", 2005; Plambeck–Siegel, "Misère quotients for impartial games", 2008).
//!
//! For the set A of all sums of heaps of sizes 1..=N under a heap rule, two positions are
//! *indistinguishable* when adding any position of A gives both the same misère outcome; the
//! classes form a commutative monoid Q (the quotient), with its P-portion (the classes of
//! P-positions) and the map from heaps to elements. Outcomes of sums then take one product
//! per heap.
//!
//! **Construction** (our own, in the spirit of Siegel's MisereSolver, which extends a
//! quotient heap by heap): words (sorted multisets of heaps) are grouped by their outcomes
//! against a set T of test words; representatives of the groups are closed under adding a heap
//! and under sums, which gives a candidate table. Whenever the candidate is wrong, a word whose
//! true outcome (memoised search) differs from the prediction yields, by the usual breakpoint
//! argument, a test that splits a group, and the construction starts again.
//!
//! **Heap by heap** (`solver`): a new heap first tries every element of the proven quotient of
//! the smaller heaps, proven by extending the proof search below by one heap type; only when
//! none fits does the quotient grow: first from the old elements alone (`extend`: the new heap
//! adjoined as a generator, outcomes of `x + j·h` from the outcome rule at the element level,
//! reduced and then proven like any candidate). When that candidate fails (the new heap
//! splits an old class), `levels` builds the quotient from the *level games* of the new heap h
//! (the outcomes of `X + j·h` as games on the smaller heaps alone, each level's quotient grown
//! heap by heap in the same way, splits included); only if that fails does the candidate
//! search run again, reading outcomes of positions of smaller heaps from the previous quotient. `presentation` writes a quotient by
//! generators and relations. For take-and-break rules with finitely
//! many digits, the periodicity theorem proves a period of the heap map (`solve`).
//!
//! **Proof of a candidate** (`verify`, which also counts positions with no move). Q is checked to be associative, and then the outcome rule is
//! checked for *every* position, by induction: X is P iff it is not empty and every option is
//! N. (a) No P-position may move to a P-position: for every element y, heap h and option h'' of
//! h, not both `y·h` and `y·h''` in P (every y is the image of some Y, and X = Y + h). (b) Every
//! non-empty non-P position must move to P. A position X carries `U(X)`, the set of z such that
//! `X + Z` (Z of image z) has a move to P inside X's heaps; `U(X + g) = {z : g·z ∈ U(X)} ∪
//! {z : some option g'' of g has x·z·g'' in P}`. The pairs `(image, U)` of all positions are
//! found by a breadth-first search from the empty position, and (b) holds iff every reached
//! pair with image outside P has the identity in U. Distinct elements are distinguishable
//! (their words differ on a test), so a proven candidate is the quotient itself.

use std::fmt;

use cgt_core::{Budget, Exhausted};

use crate::octal::OctalCode;

pub use presentation::Presentation;

mod engine;
mod extend;
mod levels;
mod presentation;
mod solver;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_growth;
#[cfg(test)]
mod tests_levels;
mod verify;

/// A heap rule: the options of each heap size up to a bound, each a list of heap sizes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeapRule {
    /// `options[n]`: the options of a heap of n, each the non-empty heaps it leaves (sorted).
    options: Vec<Vec<Vec<usize>>>,
}

impl HeapRule {
    /// The rule given by `options(n)` for heaps 0..=max_heap; an option may only leave heaps
    /// smaller than n (empty heaps are dropped), or the rule is rejected.
    pub fn new(max_heap: usize, options: impl Fn(usize) -> Vec<Vec<usize>>) -> Result<Self, RuleError> {
        let mut all = Vec::with_capacity(max_heap + 1);
        for n in 0..=max_heap {
            let mut opts = Vec::new();
            for mut o in options(n) {
                if let Some(&big) = o.iter().find(|&&h| h >= n && h > 0) {
                    return Err(RuleError::NotSmaller { heap: n, left: big });
                }
                o.retain(|&h| h > 0);
                o.sort_unstable();
                opts.push(o);
            }
            opts.sort();
            opts.dedup();
            all.push(opts);
        }
        Ok(HeapRule { options: all })
    }

    /// The octal game's rule for heaps 0..=max_heap (`d0 = 4` splits without taking).
    pub fn octal(code: &OctalCode, max_heap: usize) -> Self {
        let options = (0..=max_heap).map(|n| octal_options(code, n)).collect();
        HeapRule { options }
    }

    /// The largest heap the rule covers.
    pub fn max_heap(&self) -> usize {
        self.options.len() - 1
    }

    /// The options of a heap of n.
    pub fn options(&self, n: usize) -> &[Vec<usize>] {
        &self.options[n]
    }

    /// The rule for the heaps below n alone.
    fn below(&self, n: usize) -> HeapRule {
        HeapRule { options: self.options[..n.min(self.options.len())].to_vec() }
    }
}

/// Why a heap rule was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleError {
    /// A move from `heap` leaves a heap of `left` tokens, not smaller.
    NotSmaller {
        /// The heap moved from.
        heap: usize,
        /// The heap left that is too big.
        left: usize,
    },
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleError::NotSmaller { heap, left } => {
                write!(f, "a move from a heap of {heap} leaves a heap of {left}; heaps must get smaller")
            }
        }
    }
}

/// A misère quotient presentation, proven for all sums of heaps up to `max_heap`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Quotient {
    /// The largest heap size covered.
    pub max_heap: usize,
    /// `table[a][b]`: the product of elements a and b; element 0 is the identity.
    pub table: Vec<Vec<usize>>,
    /// `p_portion[a]`: whether positions of element a are misère P-positions.
    pub p_portion: Vec<bool>,
    /// `heap_map[n]`: the element of a heap of n (`heap_map[0] = 0`).
    pub heap_map: Vec<usize>,
    /// A position of each element (heap sizes), the shortest found.
    pub representatives: Vec<Vec<usize>>,
}

impl Quotient {
    /// The order of the quotient.
    pub fn order(&self) -> usize {
        self.table.len()
    }

    /// The element of a sum of heaps (each at most `max_heap`), or `None` beyond it.
    pub fn element(&self, heaps: &[usize]) -> Option<usize> {
        heaps.iter().try_fold(0, |acc, &h| self.heap_map.get(h).map(|&e| self.table[acc][e]))
    }

    /// Whether a sum of heaps is a misère P-position, or `None` beyond `max_heap`.
    pub fn is_p(&self, heaps: &[usize]) -> Option<bool> {
        self.element(heaps).map(|e| self.p_portion[e])
    }

    /// `is_p` of heaps given as `u16`s (the keys of the search over positions).
    fn is_p_of(&self, heaps: &[u16]) -> Option<bool> {
        let e = heaps.iter().try_fold(0, |acc, &h| self.heap_map.get(usize::from(h)).map(|&e| self.table[acc][e]))?;
        Some(self.p_portion[e])
    }

    /// The least period p and least pre-period n0 with `heap_map[n + p] = heap_map[n]` for all
    /// `n0 <= n <= max_heap - p`, seen over at least two periods. This is what the computed
    /// range shows, not a proof that it goes on.
    pub fn observed_period(&self) -> Option<(usize, usize)> {
        let m = &self.heap_map;
        for p in 1..m.len() {
            let mut n0 = m.len() - p;
            while n0 > 0 && m[n0 - 1] == m[n0 - 1 + p] {
                n0 -= 1;
            }
            if m.len() - n0 >= 2 * p + n0.min(1) && m.len() >= n0 + 2 * p {
                return Some((n0, p));
            }
        }
        None
    }
}

/// Why the quotient could not be computed for every heap asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GaveUp {
    /// The reason.
    pub reason: GaveUpReason,
    /// The quotient of the heaps done before giving up, if any.
    pub partial: Option<Box<Quotient>>,
}

/// What stopped the computation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GaveUpReason {
    /// The budget ran out.
    Budget(Exhausted),
    /// The proof search of a candidate reached too many states (at this heap).
    ProofTooLarge {
        /// The heap being added.
        heap: usize,
    },
    /// The heap splits an element of the quotient of the smaller heaps, its level games did not
    /// give the quotient (they did not repeat, or grew too large), and the search over
    /// positions was not asked for at this heap.
    Split {
        /// The heap being added.
        heap: usize,
    },
    /// The quotient grew beyond this many elements (at this heap).
    TooLarge {
        /// The element limit.
        limit: usize,
        /// The heap being added.
        heap: usize,
    },
}

impl fmt::Display for GaveUp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.reason {
            GaveUpReason::Budget(e) => write!(f, "gave up: exceeded {e}")?,
            GaveUpReason::ProofTooLarge { heap } => {
                write!(f, "gave up: the proof of the quotient needs too many states at heap {heap}")?
            }
            GaveUpReason::Split { heap } => write!(
                f,
                "gave up: heap {heap} splits an element of the quotient, and neither its level games nor a search over positions gave the quotient"
            )?,
            GaveUpReason::TooLarge { limit, heap } => {
                write!(f, "gave up: the quotient has more than {limit} elements at heap {heap}")?
            }
        }
        match &self.partial {
            Some(q) => write!(f, " (heaps up to {} done: order {})", q.max_heap, q.order()),
            None => Ok(()),
        }
    }
}

/// The quotient of all sums of heaps up to `rule.max_heap()`, with at most `max_elements`
/// elements, computed heap by heap.
pub fn quotient(rule: &HeapRule, max_elements: usize, budget: &Budget) -> Result<Quotient, GaveUp> {
    solver::run(rule, max_elements, None, usize::MAX, budget).map(|s| s.quotient)
}

/// What the periodicity theorem needs to know of a take-and-break rule with finitely many
/// digits: the most tokens a move removes and the most heaps it leaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// The most tokens a move removes (t).
    pub max_take: usize,
    /// The most heaps a move leaves (at least 1).
    pub parts: usize,
}

/// A quotient with its period, where one is proven.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved {
    /// The quotient of the heaps computed (of all heaps when the period is proven).
    pub quotient: Quotient,
    /// `(n0, p)`: heap n + p has the element of heap n for every n >= n0, proven by the
    /// periodicity theorem; then `quotient` is the quotient of all heaps.
    pub period: Option<(usize, usize)>,
}

impl Solved {
    /// The element of a heap: read from the heap map up to `max_heap`, beyond it through the
    /// proven period (`None` beyond `max_heap` without one).
    pub fn heap_element(&self, heap: u64) -> Option<usize> {
        let map = &self.quotient.heap_map;
        if let Some(&e) = usize::try_from(heap).ok().and_then(|h| map.get(h)) {
            return Some(e);
        }
        let (n0, p) = self.period?;
        let (n0, p) = (n0 as u64, p as u64);
        // heap >= map.len() > n0 + p here, since a proven period repeats inside the map.
        let h = n0 + (heap.checked_sub(n0)? % p);
        map.get(usize::try_from(h).ok()?).copied()
    }

    /// The element of a sum of heaps (the product of the heaps' elements), or `None` if some
    /// heap is beyond what is proven.
    pub fn sum_element(&self, heaps: &[u64]) -> Option<usize> {
        heaps.iter().try_fold(0, |acc, &h| self.heap_element(h).map(|e| self.quotient.table[acc][e]))
    }

    /// Whether a sum of heaps is a misère P-position, or `None` beyond what is proven.
    pub fn is_p(&self, heaps: &[u64]) -> Option<bool> {
        self.sum_element(heaps).map(|e| self.quotient.p_portion[e])
    }
}

/// The quotient heap by heap up to `rule.max_heap()`, stopping as soon as `shape` (the rule's
/// shape, for rules the periodicity theorem covers) proves a period of the heap map.
pub fn solve(rule: &HeapRule, max_elements: usize, shape: Option<Shape>, budget: &Budget) -> Result<Solved, GaveUp> {
    solver::run(rule, max_elements, shape, usize::MAX, budget)
}

/// As `solve`, but beyond heap `search` never searching positions of the rule's sums: a heap
/// that splits an element goes through its level games (`levels`, games on the smaller heaps,
/// which search their own positions where they need to), and where they do not give the
/// quotient it gives up (`GaveUpReason::Split`).
pub fn solve_by_elements(
    rule: &HeapRule,
    max_elements: usize,
    shape: Option<Shape>,
    search: usize,
    budget: &Budget,
) -> Result<Solved, GaveUp> {
    solver::run(rule, max_elements, shape, search, budget)
}

/// A quotient proven heap by heap, with the states of its proof, to grow further later
/// (`Growth::solve`) without proving the smaller heaps again.
#[derive(Clone, Default)]
pub struct Growth(Option<solver::Current>);

impl Growth {
    /// The largest heap proven so far (0 before any).
    pub fn max_heap(&self) -> usize {
        self.0.as_ref().map_or(0, |c| c.quotient().max_heap)
    }

    /// As `solve_by_elements`, going on from the heaps proven so far (which must be of the same
    /// rule: `rule` covers them and more); the heaps proven are kept, even when it gives up.
    pub fn solve(
        &mut self,
        rule: &HeapRule,
        max_elements: usize,
        shape: Option<Shape>,
        search: usize,
        budget: &Budget,
    ) -> Result<Solved, GaveUp> {
        let (result, cur) = solver::run_from(rule, self.0.take(), (max_elements, shape, search), budget);
        self.0 = cur;
        result
    }
}

/// The options of an octal heap of n.
fn octal_options(code: &OctalCode, n: usize) -> Vec<Vec<usize>> {
    let mut opts = Vec::new();
    for k in 0..=code.max_take() as usize {
        let d = code.digit(k);
        if k > n || (k == 0 && d != 4) {
            continue;
        }
        let m = n - k;
        if d & 1 != 0 && m == 0 && k > 0 {
            opts.push(vec![]);
        }
        if d & 2 != 0 && m > 0 && k > 0 {
            opts.push(vec![m]);
        }
        if d & 4 != 0 && m >= 2 {
            opts.extend((1..=m / 2).map(|a| vec![a, m - a]));
        }
    }
    opts
}

/// The multiset key of a word.
type Word = Vec<usize>;

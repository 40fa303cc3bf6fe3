//! The quotient of heaps up to n when heap n splits an element of the quotient Q of the smaller
//! heaps, built from games on the smaller heaps alone ("levels"), so that the search over
//! positions only ever meets positions of smaller heaps.
//!
//! Let h be the heap of n and X a sum of smaller heaps. Call `P_j` the set of X with `X + j·h`
//! a misère P-position. `P_0` is Q's P-portion. For j >= 1, `X + j·h` always has a move (h has
//! one), and its options are `X' + j·h` (X' an option of X) and `X + H' + (j - 1)·h` (H' an
//! option of h, a sum of smaller heaps). So `P_j` is the set of P-positions of the *level game
//! j* on the smaller heaps: X is P iff X is not an *exit* (some `X + H'` in `P_{j - 1}`) and no
//! option of X is P. Its quotient `S_j` (positions told apart by their level-j outcome in every
//! sum, or by their element of `S_{j - 1}`) refines `S_{j - 1}`, and `S_0 = Q`. The exits are a
//! union of elements of `S_{j - 1}`, so `S_j` is grown heap by heap exactly as Q is (`solver`,
//! with the level's outcome rule in `verify`, `extend` and `engine`).
//!
//! `P_j` is a fixed function of `P_{j - 1}`, so once `P_j = P_i` (i < j; compared on the
//! elements of `S_j`, which every `P_i` with i <= j is a union of) the levels repeat with period
//! `j - i`. The candidate is then the product `S_j × ⟨h | h^j = h^i⟩` with P-portion
//! `{(x, k) : x in P_k}`, reduced and proven over every position of the heaps 1..=n like any
//! other candidate (`extend::finish`). Its P-portion is right by construction, so the proof
//! only confirms it.

use cgt_core::Budget;

use super::extend::{self, Columns, Product};
use super::solver;
use super::verify::Proof;
use super::{GaveUpReason, HeapRule, Quotient, Word};

/// Levels computed before the levels are taken not to repeat.
const MAX_LEVELS: usize = 64;

type Step<T> = Result<T, GaveUpReason>;

/// The outcome rule of a level game: X is P iff `exit[b(X)]` is false and no option of X is
/// P, where `b(X)` is X's element in `base`, the quotient of the level below (which the
/// level's quotient refines).
#[derive(Clone, Copy)]
pub(super) struct Level<'a> {
    /// The quotient of the level below, over the same heaps or more.
    pub base: &'a Quotient,
    /// `exit[b]`: a move of the new heap from positions of base element b reaches P.
    pub exit: &'a [bool],
}

impl Level<'_> {
    /// The exit flag of each element of `q`, or `None` when `q` does not refine the base.
    pub(super) fn exits(&self, q: &Quotient) -> Option<Vec<bool>> {
        self.exits_of(&q.table, &q.representatives, &q.heap_map)
    }

    /// As `exits`, for a candidate given by its products, a position of each element and the
    /// elements of the heaps: the base elements of the positions must multiply as the
    /// candidate's elements do.
    pub(super) fn exits_of(&self, table: &[Vec<usize>], reps: &[Word], heap_map: &[usize]) -> Option<Vec<bool>> {
        let base: Vec<usize> = reps.iter().map(|w| self.base.element(w)).collect::<Option<_>>()?;
        let heaps_agree = heap_map.iter().enumerate().all(|(g, &e)| self.base.heap_map.get(g) == Some(&base[e]));
        let products_agree =
            (0..table.len()).all(|a| (0..table.len()).all(|b| base[table[a][b]] == self.base.table[base[a]][base[b]]));
        (heaps_agree && products_agree).then(|| base.iter().map(|&b| self.exit[b]).collect())
    }
}

/// The quotient of heaps up to n from `q` (the quotient of the heaps below n) through the
/// level games of heap n, with its proof; `None` when the levels do not repeat within
/// `MAX_LEVELS`, a level's quotient has more than `max` elements, or the candidate fails.
///
/// `outer` is the outcome rule of the game itself: misère play (`None`), or a level game (then
/// these are levels of a level game: a position `X + j·h` is also N when its own base element
/// is an exit, and the levels repeat only when the base elements of the powers of h do too).
pub(super) fn grow(
    rule: &HeapRule,
    outer: Option<Level>,
    q: &Quotient,
    n: usize,
    max: usize,
    budget: &Budget,
) -> Step<Option<(Quotient, Proof)>> {
    let small = rule.below(n);
    let mut levels: Vec<Quotient> = vec![q.clone()];
    // The base element of h^j in the outer game, for each level j so far.
    let mut powers = vec![0];
    for j in 1..=MAX_LEVELS {
        let below = &levels[j - 1];
        let Some(h_options) = rule.options(n).iter().map(|o| below.element(o)).collect::<Option<Vec<usize>>>() else {
            return Ok(None);
        };
        let outer_exit: Vec<bool> = match outer {
            None => vec![false; below.order()],
            Some(l) => {
                let power = l.base.table[powers[j - 1]][l.base.heap_map[n]];
                powers.push(power);
                let Some(b) = below.representatives.iter().map(|w| l.base.element(w)).collect::<Option<Vec<usize>>>()
                else {
                    return Ok(None);
                };
                b.iter().map(|&x| l.exit[l.base.table[x][power]]).collect()
            }
        };
        let exit: Vec<bool> = (0..below.order())
            .map(|y| outer_exit[y] || h_options.iter().any(|&o| below.p_portion[below.table[y][o]]))
            .collect();
        let s = match solver::run_level(&small, Level { base: below, exit: &exit }, max, budget) {
            Ok(s) => s,
            Err(GaveUpReason::Budget(e)) => return Err(GaveUpReason::Budget(e)),
            Err(_) => return Ok(None),
        };
        // The tables of the levels kept (a row of `usize`s per element) count against the budget.
        let tables: usize = levels.iter().chain([&s]).map(|q| q.order() * q.order() * size_of::<usize>()).sum();
        budget.check_memory(tables).map_err(GaveUpReason::Budget)?;
        // Every level below, read on the elements of S_j through their positions.
        let mut cols: Vec<Vec<bool>> = Vec::with_capacity(j);
        for level in &levels {
            let Some(col) = s.representatives.iter().map(|w| level.is_p(w)).collect::<Option<Vec<bool>>>() else {
                return Ok(None);
            };
            cols.push(col);
        }
        let power_of = |i: usize| if outer.is_some() { powers[i] } else { 0 };
        if let Some(i) = (0..j).find(|&i| cols[i] == s.p_portion && power_of(i) == power_of(j)) {
            let product = Product::new(&s, Columns { cols, k: i, p: j - i }, outer, n);
            return extend::finish(rule, outer, &product, n, max, budget);
        }
        levels.push(s);
    }
    Ok(None)
}

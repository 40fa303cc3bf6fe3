//! The quotient grown by a new heap from the elements of the previous quotient, with no
//! search over positions (after Siegel's MisereSolver, Plambeck–Siegel 2008 §6, which adjoins
//! the new heap as a generator to the quotient of the smaller heaps).
//!
//! Let Q be the proven quotient of the sums of heaps below n, with map φ, and h the heap of n.
//! **Candidate.** Suppose the outcome of `X + j·h` (X a sum of smaller heaps) depends only on
//! `(φ(X), j)`; call it `π(φ(X), j)`. Then it can be read from any position of the class, and
//! we take for each element x the position `r(x)` of least birthday (the longest play; the
//! birthday of a sum is the sum of its heaps' birthdays, so `r` is a shortest path from the
//! empty position with heaps as steps). By the outcome rule, `π(x, j)` holds iff `r(x) + j·h`
//! has a move, no option `X'` of `r(x)` has `π(φ(X'), j)`, and no option `H'` of h has
//! `π(x·φ(H'), j - 1)`. Each option of `r(x)` has a smaller birthday than `r(x)`, so its
//! element's `r` does too: computing each column `π(·, j)` by increasing birthday is a
//! well-founded recursion, and column j + 1 is a fixed function of column j (j ≥ 0). The
//! columns repeat (`c(k + p) = c(k)`) after finitely many steps, and the candidate is the
//! product `Q × ⟨h | h^(k+p) = h^k⟩` with P-portion `{(x, j) : π(x, j)}`, reduced by merging
//! elements that no product tells apart (Moore's partition refinement over the generators).
//!
//! **Proof.** The assumption is not used for correctness: the reduced candidate, with heap n
//! mapped to `(1, h)`, goes through the proof search of `verify` over every position of the
//! heaps 1..=n. If it passes, every outcome is predicted right, so two positions are
//! indistinguishable iff their elements are equal in the reduced monoid: it is the quotient.
//! If not (the new heap splits an old class, or the columns did not repeat in time), the
//! caller falls back to the search of `engine`.

use std::collections::{BinaryHeap, HashMap};

use cgt_core::Budget;

use super::engine::stop_reason;
use super::levels::Level;
use super::verify::{Found, HeapType, Monoid, Proof};
use super::{GaveUpReason, HeapRule, Quotient, Word};

/// Columns computed before the new heap's powers are taken not to repeat.
const MAX_POWERS: usize = 64;

type Step<T> = Result<T, GaveUpReason>;

/// The quotient of heaps up to n from `q` (heaps below n) with its proof, or `None` when the
/// candidate built from the elements of `q` is not the quotient. In a level game the outcome
/// rule is the level's, and the elements also keep their base elements apart.
pub(super) fn grow(
    rule: &HeapRule,
    level: Option<Level>,
    q: &Quotient,
    n: usize,
    max: usize,
    budget: &Budget,
) -> Step<Option<(Quotient, Proof)>> {
    let birth = birthdays(rule, n);
    let reps = least_positions(q, &birth, budget)?;
    let Some(cols) = columns(rule, level, q, &reps, n, budget)? else { return Ok(None) };
    let product = Product::new(q, cols, level, n);
    finish(rule, level, &product, n, max, budget)
}

/// The product reduced, numbered and proven over every position of the heaps 1..=n.
pub(super) fn finish(
    rule: &HeapRule,
    level: Option<Level>,
    product: &Product,
    n: usize,
    max: usize,
    budget: &Budget,
) -> Step<Option<(Quotient, Proof)>> {
    let classes = reduce(product, n, budget)?;
    // Too many elements for a candidate that may be wrong: the search decides.
    let Some(cand) = renumber(product, &classes, n, max, budget)? else { return Ok(None) };
    let exits = match level {
        None => None,
        Some(l) => match l.exits(&cand) {
            Some(e) => Some(e),
            None => return Ok(None),
        },
    };
    let m = Monoid { table: &cand.table, p: &cand.p_portion, exit: exits.as_deref() };
    let types = (1..=n)
        .map(|g| {
            let options: Vec<usize> = rule.options(g).iter().filter_map(|o| cand.element(o)).collect();
            (HeapType::new(m, cand.heap_map[g], &options), g)
        })
        .collect();
    match Proof::build(m, types, budget).map_err(|s| stop_reason(s, n))? {
        Found::Proven(proof) => Ok(Some((cand, proof))),
        Found::Witness(_) => Ok(None),
    }
}

/// The birthday (longest play) of each heap 0..=n.
fn birthdays(rule: &HeapRule, n: usize) -> Vec<u64> {
    let mut b = vec![0u64; n + 1];
    for g in 1..=n {
        b[g] =
            rule.options(g).iter().map(|o| o.iter().fold(1u64, |acc, &h| acc.saturating_add(b[h]))).max().unwrap_or(0);
    }
    b
}

/// For each element of `q`, a position of least birthday (Dijkstra over the elements, a heap
/// of g being a step of weight `birth[g]`), and the order of the elements by that birthday.
struct Least {
    words: Vec<Word>,
    order: Vec<usize>,
}

fn least_positions(q: &Quotient, birth: &[u64], budget: &Budget) -> Step<Least> {
    let m = q.order();
    let mut dist = vec![u64::MAX; m];
    let mut words: Vec<Word> = vec![vec![]; m];
    let mut done = vec![false; m];
    let mut order = Vec::with_capacity(m);
    let mut queue = BinaryHeap::new();
    dist[0] = 0;
    queue.push(std::cmp::Reverse((0u64, 0usize)));
    while let Some(std::cmp::Reverse((d, x))) = queue.pop() {
        if std::mem::replace(&mut done[x], true) {
            continue;
        }
        budget.check().map_err(GaveUpReason::Budget)?;
        order.push(x);
        for (g, &b) in birth.iter().enumerate().take(q.max_heap + 1).skip(1) {
            let y = q.table[x][q.heap_map[g]];
            let dy = d.saturating_add(b);
            if dy < dist[y] {
                dist[y] = dy;
                let mut w = words[x].clone();
                w.push(g);
                words[y] = w;
                queue.push(std::cmp::Reverse((dy, y)));
            }
        }
    }
    Ok(Least { words, order })
}

/// The columns `π(·, j)` for j = 0, 1, ... up to their first repeat, with (k, p): column
/// `k + p` equals column k (in a level game, also the base element of `h^(k + p)` that of
/// `h^k`). `None` when they do not repeat within `MAX_POWERS`.
pub(super) struct Columns {
    pub cols: Vec<Vec<bool>>,
    pub k: usize,
    pub p: usize,
}

fn columns(
    rule: &HeapRule,
    level: Option<Level>,
    q: &Quotient,
    least: &Least,
    n: usize,
    budget: &Budget,
) -> Step<Option<Columns>> {
    let m = q.order();
    // The elements of the options of each least position, and whether it has a move.
    let option_elements: Vec<Vec<usize>> = least.words.iter().map(|w| option_elements_of(rule, q, w)).collect();
    let h_options: Vec<usize> = rule.options(n).iter().filter_map(|o| q.element(o)).collect();
    // In a level game: each element's base element, and that of h^j for the current column.
    let bases: Option<Vec<usize>> = match level {
        None => None,
        Some(l) => match q.representatives.iter().map(|w| l.base.element(w)).collect() {
            Some(b) => Some(b),
            None => return Ok(None),
        },
    };
    let h_base = level.map_or(0, |l| l.base.heap_map[n]);
    let mut power = 0;
    let mut cols = vec![q.p_portion.clone()];
    let mut seen: HashMap<(Vec<bool>, usize), usize> = HashMap::from([((q.p_portion.clone(), 0), 0)]);
    while cols.len() <= MAX_POWERS {
        budget.check().map_err(GaveUpReason::Budget)?;
        if let Some(l) = level {
            power = l.base.table[power][h_base];
        }
        let prev = &cols[cols.len() - 1];
        let mut next = vec![false; m];
        for &x in &least.order {
            let open = match (level, &bases) {
                (Some(l), Some(b)) => !l.exit[l.base.table[b[x]][power]],
                _ => !h_options.is_empty() || !option_elements[x].is_empty(),
            };
            let to_p = option_elements[x].iter().any(|&y| next[y]) || h_options.iter().any(|&o| prev[q.table[x][o]]);
            next[x] = open && !to_p;
        }
        let key = (next, power);
        if let Some(&k) = seen.get(&key) {
            let p = cols.len() - k;
            return Ok(Some(Columns { cols, k, p }));
        }
        seen.insert(key.clone(), cols.len());
        cols.push(key.0);
    }
    Ok(None)
}

/// The elements of the options of the position `w`, sorted.
fn option_elements_of(rule: &HeapRule, q: &Quotient, w: &[usize]) -> Vec<usize> {
    let mut out = Vec::new();
    for (i, &g) in w.iter().enumerate() {
        for opt in rule.options(g) {
            let rest: Word = w[..i].iter().chain(&w[i + 1..]).chain(opt).copied().collect();
            out.extend(q.element(&rest));
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// The product `Q × ⟨h | h^(k+p) = h^k⟩`: element `(x, j)` is `x * len + j`.
pub(super) struct Product<'q> {
    q: &'q Quotient,
    cols: Columns,
    /// In a level game, the base element of each element of the product.
    bases: Option<Vec<usize>>,
}

impl<'q> Product<'q> {
    /// The product of `q` (heaps below n) and the powers of heap n, with P-portion `cols`.
    pub(super) fn new(q: &'q Quotient, cols: Columns, level: Option<Level>, n: usize) -> Self {
        let mut prod = Product { q, cols, bases: None };
        if let Some(l) = level {
            let len = prod.len();
            let mut powers = vec![0; len];
            for j in 1..len {
                powers[j] = l.base.table[powers[j - 1]][l.base.heap_map[n]];
            }
            let of = |x: usize| l.base.element(&q.representatives[x]).unwrap_or(0);
            prod.bases = Some((0..prod.size()).map(|a| l.base.table[of(a / len)][powers[a % len]]).collect());
        }
        prod
    }

    fn len(&self) -> usize {
        self.cols.k + self.cols.p
    }

    fn size(&self) -> usize {
        self.q.order() * self.len()
    }

    fn power(&self, t: usize) -> usize {
        let Columns { k, p, .. } = self.cols;
        if t < k + p { t } else { k + (t - k) % p }
    }

    fn mul(&self, a: usize, b: usize) -> usize {
        let len = self.len();
        let x = self.q.table[a / len][b / len];
        x * len + self.power(a % len + b % len)
    }

    fn is_p(&self, a: usize) -> bool {
        let len = self.len();
        self.cols.cols[a % len][a / len]
    }

    /// The element of heap g (heap n is the new generator h).
    fn heap(&self, g: usize, n: usize) -> usize {
        if g == n { self.power(1) } else { self.q.heap_map[g] * self.len() }
    }
}

/// The classes of elements of the product that no product with a heap tells apart, starting
/// from the P-portion (Moore's refinement; the monoid is generated by the heaps, so this is
/// indistinguishability).
fn reduce(prod: &Product, n: usize, budget: &Budget) -> Step<Vec<usize>> {
    let size = prod.size();
    let gens: Vec<usize> = (1..=n).map(|g| prod.heap(g, n)).collect();
    // Elements start apart by P-portion (and in a level game by base element).
    let mut first: HashMap<(bool, usize), usize> = HashMap::new();
    let mut class: Vec<usize> = (0..size)
        .map(|a| {
            let key = (prod.is_p(a), prod.bases.as_ref().map_or(0, |b| b[a]));
            let fresh = first.len();
            *first.entry(key).or_insert(fresh)
        })
        .collect();
    let mut count = first.len();
    loop {
        budget.check().map_err(GaveUpReason::Budget)?;
        let mut ids: HashMap<Vec<usize>, usize> = HashMap::new();
        let next: Vec<usize> = (0..size)
            .map(|a| {
                let mut key = vec![class[a]];
                key.extend(gens.iter().map(|&g| class[prod.mul(a, g)]));
                let fresh = ids.len();
                *ids.entry(key).or_insert(fresh)
            })
            .collect();
        let now = ids.len();
        class = next;
        if now == count {
            return Ok(class);
        }
        count = now;
    }
}

/// The elements of the reduced product met so far: a member of each class and a position.
struct Numbering<'c> {
    classes: &'c [usize],
    number: HashMap<usize, usize>,
    members: Vec<usize>,
    reps: Vec<Word>,
    max: usize,
}

impl Numbering<'_> {
    /// The number of the class of `a` (reached by the position `w`); `None` beyond `max`.
    fn visit(&mut self, a: usize, w: Word) -> Option<usize> {
        if let Some(&e) = self.number.get(&self.classes[a]) {
            return Some(e);
        }
        if self.members.len() >= self.max {
            return None;
        }
        self.number.insert(self.classes[a], self.members.len());
        self.members.push(a);
        self.reps.push(w);
        Some(self.members.len() - 1)
    }
}

/// The reduced product as a quotient, its elements numbered in the order a breadth-first
/// search from the empty position by heaps 1..=n finds them; `None` beyond `max` elements.
fn renumber(prod: &Product, classes: &[usize], n: usize, max: usize, budget: &Budget) -> Step<Option<Quotient>> {
    let mut num = Numbering { classes, number: HashMap::new(), members: vec![], reps: vec![], max };
    if num.visit(0, vec![]).is_none() {
        return Ok(None);
    }
    let mut heap_map = vec![0];
    for g in 1..=n {
        let Some(e) = num.visit(prod.heap(g, n), vec![g]) else { return Ok(None) };
        heap_map.push(e);
    }
    let mut i = 0;
    while i < num.members.len() {
        budget.check().map_err(GaveUpReason::Budget)?;
        for g in 1..=n {
            let a = prod.mul(num.members[i], prod.heap(g, n));
            let mut w = num.reps[i].clone();
            w.push(g);
            w.sort_unstable();
            if num.visit(a, w).is_none() {
                return Ok(None);
            }
        }
        i += 1;
    }
    let Numbering { number, members, reps, .. } = num;
    let order = members.len();
    let table: Vec<Vec<usize>> =
        (0..order).map(|a| (0..order).map(|b| number[&classes[prod.mul(members[a], members[b])]]).collect()).collect();
    let p_portion = members.iter().map(|&a| prod.is_p(a)).collect();
    Ok(Some(Quotient { max_heap: n, table, p_portion, heap_map, representatives: reps }))
}

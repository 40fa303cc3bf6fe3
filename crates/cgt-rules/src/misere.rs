//! Misère play of sums of impartial heaps: the last player to move loses.
//!
//! Three rules decide a sum, tried in this order (WW ch. 13; CGT V; docs/src/theory/misere-quotients.md):
//!
//! * **Misère Nim** (Bouton): if some heap has 2 or more tokens, the position is P iff the
//!   nim-sum is 0, as in normal play; otherwise it is P iff the number of 1-heaps is odd.
//! * **Tame sums.** Every game has a pair (n, m): n its Grundy value, m its *misère nim value*
//!   (1 without a move, else the mex of the options' misère values), and a misère position is
//!   P iff m = 0. Call a position *tame* when each of its followers, itself included, has a
//!   pair (0,1), (1,0) or (g,g). The sum of tame positions is tame, with n the nim-sum and m
//!   equal to it unless every summand is (0,1) or (1,0), when m = n XOR 1.
//!   *Argument* (induction on the sum G + H): an (0,1) or (1,0) position has only options of
//!   the other of these two pairs or of pairs (g,g) with g >= 2, and a (1,0) position has an
//!   (0,1) option. If both summands are of the first kind, the options of the sum have m = p
//!   XOR 1 (p the claimed value, present unless the sum has no move) or m >= 2, so the mex is
//!   p. If G is (g,g) and H is (0,1), the options G' + H have the misère values of the G' (mex
//!   g) and the options G + H' have values g XOR h' != g. If H is (1,0), the values of the G' + H
//!   are those of the G' XOR 1, and G + H' gives g (H' = (0,1)) or values other than g XOR 1, so
//!   the mex is g XOR 1. If both are (g,g) the sum behaves as in normal play. The tests check
//!   the rule against search on thousands of sums.
//! * **Search**: when some heap is wild, memoised search over the sum's positions, each a
//!   sorted multiset of heaps per rule, under the budget.
//!
//! A heap's tameness is decided over its followers by dynamic programming over heap sizes: a
//! heap is tame iff its pair has a tame form and every heap in its options is tame (a follower
//! of a wild part is reached by emptying the other part, so a sum is tame iff its parts are).

use cgt_core::{Budget, Outcome};
use num_bigint::BigUint;

use crate::heap::fold::{self as values, Fold, MisereValue, check_dp_heap, memo_fold, mex};
use crate::heap::{Component, HeapError, HeapRule};

/// Which rule decided a misère sum.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MisereRule {
    /// Every heap is a Nim heap: Bouton's misère rule.
    MisereNim,
    /// Every heap is tame: the pairs' sum rule.
    TameSum,
    /// Some heap is wild: memoised search.
    Search,
}

/// A (nim value, misère nim value) pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pair {
    /// The Grundy value (normal play).
    pub normal: u64,
    /// The misère nim value: 0 exactly for misère P-positions.
    pub misere: u64,
}

impl Pair {
    /// Whether the pair is (0,1), (1,0) or (g,g), the pairs of nim positions.
    pub fn is_tame_form(self) -> bool {
        self.normal == self.misere || (self.normal ^ self.misere == 1 && self.normal <= 1)
    }

    /// Whether the pair is (0,1) or (1,0) (a sum of 0- and 1-heaps).
    fn is_small(self) -> bool {
        self.normal != self.misere
    }
}

/// The misère analysis of one heap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HeapMisere {
    /// The heap's pair.
    pub pair: Pair,
    /// Whether every follower of the heap has a tame pair.
    pub tame: bool,
}

/// The misère outcome of a sum of heaps, with the rule that decided it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MisereResult {
    /// P or N under misère play.
    pub outcome: Outcome,
    /// The rule that decided it.
    pub rule: MisereRule,
    /// The sum's pair (its misère value found by search when the sum is wild).
    pub pair: Pair,
    /// Whether the sum is tame (then `pair` follows from the heaps' pairs).
    pub tame: bool,
    /// Each heap's own analysis, in the order given.
    pub components: Vec<HeapMisere>,
}

/// The misère outcome of a sum of heaps.
pub fn evaluate(components: &[Component], budget: &Budget) -> Result<MisereResult, HeapError> {
    let heaps: Vec<HeapMisere> = components.iter().map(|c| heap_misere(c, budget)).collect::<Result<_, _>>()?;
    let rule = if components.iter().all(|c| c.rule == HeapRule::Nim) {
        MisereRule::MisereNim
    } else if heaps.iter().all(|h| h.tame) {
        MisereRule::TameSum
    } else {
        MisereRule::Search
    };
    let pair = match rule {
        MisereRule::MisereNim => misere_nim_pair(components),
        MisereRule::TameSum => tame_sum(heaps.iter().map(|h| h.pair)),
        MisereRule::Search => {
            let normal = heaps.iter().fold(0, |x, h| x ^ h.pair.normal);
            Pair { normal, misere: search(components, budget)? }
        }
    };
    let outcome = if pair.misere == 0 { Outcome::P } else { Outcome::N };
    Ok(MisereResult { outcome, rule, pair, tame: rule != MisereRule::Search, components: heaps })
}

/// Misère Nim's outcome for heaps of any size (Bouton).
pub fn misere_nim_outcome(heaps: &[BigUint]) -> Outcome {
    let one = BigUint::from(1u32);
    let zero = if heaps.iter().any(|h| *h > one) {
        heaps.iter().fold(BigUint::ZERO, |x, h| x ^ h) == BigUint::ZERO
    } else {
        heaps.iter().filter(|&h| *h == one).count() % 2 == 1
    };
    if zero { Outcome::P } else { Outcome::N }
}

/// The pair of a sum of tame positions: the nim-sum, and the misère value equal to it unless
/// every pair is (0,1) or (1,0), when the two differ in the last bit.
pub fn tame_sum(pairs: impl IntoIterator<Item = Pair>) -> Pair {
    let (mut normal, mut all_small) = (0, true);
    for p in pairs {
        normal ^= p.normal;
        all_small &= p.is_small();
    }
    Pair { normal, misere: if all_small { normal ^ 1 } else { normal } }
}

/// The pair and tameness of one heap.
pub fn heap_misere(c: &Component, budget: &Budget) -> Result<HeapMisere, HeapError> {
    match &c.rule {
        HeapRule::Nim => Ok(Tame::nim(c.heap)),
        rule if rule.splits() => split_heap_misere(rule, c.heap, budget),
        rule => Ok(values::heap_values::<Tame>(rule, c.heap, budget)?.pop().expect("one value per heap size")),
    }
}

/// Whether every follower of one heap has a tame pair, without searching a wild heap's own
/// misère value (so it is cheap for large heaps of splitting rules too).
pub fn heap_is_tame(c: &Component, budget: &Budget) -> Result<bool, HeapError> {
    match &c.rule {
        HeapRule::Nim => Ok(true),
        rule if rule.splits() => Ok(split_known(rule, c.heap, budget)?[c.heap as usize].tame),
        _ => heap_misere(c, budget).map(|h| h.tame),
    }
}

/// The pair of a sum of Nim heaps, by Bouton's misère rule.
fn misere_nim_pair(components: &[Component]) -> Pair {
    let normal = components.iter().fold(0, |x, c| x ^ c.heap);
    let big = components.iter().any(|c| c.heap >= 2);
    Pair { normal, misere: if big { normal } else { normal ^ 1 } }
}

/// The fold of pairs with tameness, for heaps that never split.
struct Tame;

impl Fold for Tame {
    type Value = HeapMisere;
    fn fold(options: &[HeapMisere]) -> HeapMisere {
        let normal = mex(options.iter().map(|o| o.pair.normal));
        let misere = MisereValue::fold(&options.iter().map(|o| o.pair.misere).collect::<Vec<_>>());
        let pair = Pair { normal, misere };
        HeapMisere { pair, tame: pair.is_tame_form() && options.iter().all(|o| o.tame) }
    }
    fn nim(heap: u64) -> HeapMisere {
        HeapMisere { pair: Pair { normal: heap, misere: MisereValue::nim(heap) }, tame: true }
    }
}

/// What the dynamic programme knows of a heap of a splitting rule: its Grundy value, and its
/// misère value when every option's is known (always, if the options' parts are tame).
#[derive(Clone, Copy)]
struct Known {
    normal: u64,
    misere: Option<u64>,
    tame: bool,
}

/// The pair of a heap of a splitting octal game: dynamic programming over heap sizes, where an
/// option's two parts combine by the tame sum rule; a wild heap's misère value is searched.
fn split_heap_misere(rule: &HeapRule, n: u64, budget: &Budget) -> Result<HeapMisere, HeapError> {
    let last = split_known(rule, n, budget)?[n as usize];
    let misere = match last.misere {
        Some(m) => m,
        None => values::multiset_value::<MisereValue>(rule, vec![n], budget)?,
    };
    Ok(HeapMisere { pair: Pair { normal: last.normal, misere }, tame: last.tame })
}

/// What the dynamic programme knows of heaps 0..=n of a splitting rule.
fn split_known(rule: &HeapRule, n: u64, budget: &Budget) -> Result<Vec<Known>, HeapError> {
    check_dp_heap(n, std::mem::size_of::<Known>(), budget)?;
    let mut known: Vec<Known> = Vec::with_capacity(n as usize + 1);
    let (mut normals, mut miseres) = (Vec::new(), Vec::new());
    for k in 0..=n {
        budget.check()?;
        let (mut all_known, mut all_tame) = (true, true);
        normals.clear();
        miseres.clear();
        rule.for_each_option(k, |parts| {
            let o = combine(parts, &known);
            normals.push(o.normal);
            all_tame &= o.tame;
            match o.misere {
                Some(m) => miseres.push(m),
                None => all_known = false,
            }
        });
        let normal = mex(normals.iter().copied());
        let misere = all_known.then(|| MisereValue::fold(&miseres));
        let tame = all_tame && misere.is_some_and(|m| Pair { normal, misere: m }.is_tame_form());
        known.push(Known { normal, misere, tame });
    }
    Ok(known)
}

/// What is known of an option's parts (no heap, one, or several): the nim-sum, and for tame
/// parts the misère value by the tame sum rule.
fn combine(parts: &[u64], known: &[Known]) -> Known {
    match parts {
        [] => Known { normal: 0, misere: Some(1), tame: true },
        [a] => known[*a as usize],
        _ => {
            let ks: Vec<Known> = parts.iter().map(|&p| known[p as usize]).collect();
            let tame = ks.iter().all(|k| k.tame);
            let pair = |k: &Known| Pair { normal: k.normal, misere: k.misere.unwrap_or(0) };
            let misere = tame.then(|| tame_sum(ks.iter().map(pair)).misere);
            Known { normal: ks.iter().fold(0, |x, k| x ^ k.normal), misere, tame }
        }
    }
}

/// The misère value of a wild sum, by memoised search over its positions: one sorted multiset
/// of heaps per distinct rule.
fn search(components: &[Component], budget: &Budget) -> Result<u64, HeapError> {
    let mut rules: Vec<&HeapRule> = Vec::new();
    let mut root: Vec<Vec<u64>> = Vec::new();
    for c in components {
        match rules.iter().position(|&r| *r == c.rule) {
            Some(i) => root[i].push(c.heap),
            None => {
                rules.push(&c.rule);
                root.push(vec![c.heap]);
            }
        }
    }
    let root = root.into_iter().zip(&rules).map(|(heaps, rule)| rule.canonical(heaps)).collect();
    let options = |position: &Vec<Vec<u64>>| {
        let mut out = Vec::new();
        for (i, heaps) in position.iter().enumerate() {
            for next in rules[i].position_options(heaps) {
                let mut option = position.clone();
                option[i] = next;
                out.push(option);
            }
        }
        out
    };
    memo_fold(root, options, MisereValue::fold, budget)
}

#[cfg(test)]
mod tests;

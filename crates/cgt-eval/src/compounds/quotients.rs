//! Misère outcomes of sums of heaps of one rule from the rule's misère quotient
//! (Plambeck–Siegel, "Misère quotients for impartial games", 2008; docs/src/theory/misere-quotients.md):
//! a sum is a misère P-position iff the product of its heaps' elements lies in the P-portion,
//! one table lookup per heap. Each rule's quotient is computed once per session (on half of the
//! statement's remaining time) and kept with its proof, so a sum with a larger heap grows it
//! from the heaps proven before; heaps beyond the heaps it covers are read through its
//! period where the periodicity theorem proves one. A quotient that gives up is remembered, so
//! later statements do not pay for it again, and the caller falls back to the other rules.

use std::collections::HashMap;
use std::time::Duration;

use cgt_core::{Budget, Outcome};
use cgt_rules::heap::{Component, HeapRule};
use cgt_rules::quotient::{self, GaveUpReason, Growth, Solved};
use cgt_syntax::Span;

use crate::context::Ctx;
use crate::functions::misere::{PERIOD_HEAPS, QUOTIENT_ELEMENTS, QUOTIENT_HEAPS, heap_table, shape};
use crate::session::Session;

/// The largest heap whose quotient is built heap by heap for a sum (larger heaps need a period).
const QUOTIENT_HEAP_LIMIT: u64 = 1000;

/// The most rules whose quotients a session keeps.
const KEPT_RULES: usize = 32;

/// Quotients of heap rules, by rule, kept across statements.
#[derive(Default)]
pub(super) struct Quotients(HashMap<String, Known>);

/// What a session knows of one rule's quotient.
#[derive(Default)]
struct Known {
    /// The quotient of the most heaps proven so far (of all heaps when it has a period).
    solved: Option<Solved>,
    /// The last attempt that gave up: the heap it stopped at and the time it had (`None` when
    /// it gave up for a reason more time does not change). Sums of smaller heaps try again.
    gave_up: Option<(u64, Option<Duration>)>,
    /// The heaps proven so far with their proof: a larger heap goes on from there.
    growth: Growth,
}

/// A misère outcome decided by a quotient, with what to report.
pub(super) struct ByQuotient {
    /// P or N.
    pub outcome: Outcome,
    /// The rule that decided, in words.
    pub rule: String,
    /// The sum's element of the quotient, in words.
    pub element: String,
}

impl Session {
    /// The misère outcome of a sum of heaps of one rule from its quotient, when a quotient
    /// covering the heaps is known or can be proven now; `None` sends the caller to the other
    /// rules (mixed rules, a quotient too large, the time given to it spent).
    pub(super) fn quotient_outcome(&mut self, heaps: &[Component], span: &Span, ctx: &Ctx) -> Option<ByQuotient> {
        // Positions of one user rule may carry tables of moves of different lengths: the
        // longest stands for all.
        let rule = &heaps.iter().max_by_key(|c| c.heap)?.rule;
        let key = rule_key(rule);
        if *rule == HeapRule::Nim || heaps.iter().any(|c| rule_key(&c.rule) != key) {
            return None;
        }
        let sizes: Vec<u64> = heaps.iter().map(|c| c.heap).collect();
        if let Some(found) = self.known_outcome(&key, &sizes) {
            return Some(found);
        }
        let need = sizes.iter().copied().max().unwrap_or(0);
        if need == 0 {
            return None;
        }
        let shape = shape(rule);
        let bound = match () {
            () if need <= QUOTIENT_HEAP_LIMIT => need,
            () if shape.is_some() => PERIOD_HEAPS as u64,
            () => return None,
        };
        let budget = share(ctx.budget);
        let entry = self.table::<Quotients>().0.get(&key);
        if entry
            .and_then(|k| k.gave_up)
            .is_some_and(|(stopped, t)| stopped <= bound && t.is_none_or(|t| Some(t) >= budget.time()))
        {
            return None;
        }
        let mut growth =
            self.table::<Quotients>().0.get_mut(&key).map(|k| std::mem::take(&mut k.growth)).unwrap_or_default();
        let attempt = self.prove_quotient(rule, &mut growth, bound, span, &budget);
        self.remember(key.clone(), attempt, &budget);
        if let Some(known) = self.table::<Quotients>().0.get_mut(&key) {
            known.growth = growth;
        }
        self.known_outcome(&key, &sizes)
    }

    /// The outcome from the quotient kept for a rule, if it covers every heap.
    fn known_outcome(&mut self, key: &str, sizes: &[u64]) -> Option<ByQuotient> {
        let solved = self.table::<Quotients>().0.get(key)?.solved.as_ref()?;
        let e = solved.sum_element(sizes)?;
        let p = solved.quotient.p_portion[e];
        let q = &solved.quotient;
        let rule = match solved.period {
            Some((n0, p)) => format!("misère quotient of order {} (period {p} from heap {n0})", q.order()),
            None => format!("misère quotient of order {} (sums of heaps up to {})", q.order(), q.max_heap),
        };
        let element = format!("e{e}{}", if p { ", in the P-portion" } else { "" });
        Some(ByQuotient { outcome: if p { Outcome::P } else { Outcome::N }, rule, element })
    }

    /// The rule's quotient of heaps up to `bound` (stopping early at a proven period).
    fn prove_quotient(
        &mut self,
        rule: &HeapRule,
        growth: &mut Growth,
        bound: u64,
        span: &Span,
        budget: &Budget,
    ) -> Result<Solved, quotient::GaveUp> {
        let not_read = |reason| quotient::GaveUp { reason, partial: None };
        // A user rule's moves not read in the time given: tried again with more time only.
        let unreadable = GaveUpReason::Budget(cgt_core::Exhausted::Time);
        let rule = self.rule_with_moves(rule, bound, span, budget).map_err(|_| not_read(unreadable))?;
        let table = heap_table(&rule, bound as usize, span).map_err(|_| not_read(unreadable))?;
        // Positions are searched for the first heaps only; beyond them the quotient grows from
        // its elements, or through the level games where a heap splits an element.
        let search = (bound as usize).min(QUOTIENT_HEAPS);
        growth.solve(&table, QUOTIENT_ELEMENTS, shape(&rule), search, budget)
    }

    /// Keeps the better of the quotient known and the one just found (or the part of it proven
    /// before giving up), and where the attempt stopped if it gave up.
    fn remember(&mut self, key: String, attempt: Result<Solved, quotient::GaveUp>, budget: &Budget) {
        let table = &mut self.table::<Quotients>().0;
        if table.len() >= KEPT_RULES && !table.contains_key(&key) {
            table.clear();
        }
        let known = table.entry(key).or_default();
        let found = match attempt {
            Ok(s) => Some(s),
            Err(g) => {
                let (heap, time) = match g.reason {
                    GaveUpReason::Budget(_) => (g.partial.as_ref().map_or(1, |q| q.max_heap as u64 + 1), budget.time()),
                    GaveUpReason::ProofTooLarge { heap }
                    | GaveUpReason::Split { heap }
                    | GaveUpReason::TooLarge { heap, .. } => (heap as u64, None),
                };
                known.gave_up = Some((heap, time));
                g.partial.map(|q| Solved { quotient: *q, period: None })
            }
        };
        let Some(found) = found else { return };
        let better = match &known.solved {
            None => true,
            Some(old) => {
                old.period.is_none() && (found.period.is_some() || found.quotient.max_heap > old.quotient.max_heap)
            }
        };
        if better {
            known.solved = Some(found);
        }
    }
}

/// A rule's identity across statements: a user rule by its name and definition (its table of
/// moves grows as it is used), any other rule by its data.
pub(super) fn rule_key(rule: &HeapRule) -> String {
    match rule {
        HeapRule::User(u) => format!("user {} #{}", u.name, u.generation),
        other => format!("{other:?}"),
    }
}

/// Half of the time left of a budget, with its memory and cancel flag (the whole budget when
/// it has no deadline).
fn share(budget: &Budget) -> Budget {
    match budget.remaining() {
        Some(left) => Budget::with_cancel(left / 2, budget.memory(), budget.cancel_flag()),
        None => budget.clone(),
    }
}

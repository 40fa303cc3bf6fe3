//! `period(RULE)` for an impartial user rule: when the rule's moves are those of a finite octal
//! code on every heap checked, the periodicity theorem for that code (Guy and Smith; WW ch. 4;
//! Siegel, *Combinatorial Game Theory*, IV.2) proves the period of the code. But agreeing with a
//! code on finitely many heaps proves nothing about the rule on the others (a rule may play as
//! Kayles below heap 300 and differently above), so the answer is the period *seen* on the heaps
//! computed, and says that it is not proven for the rule, which code it matched and on how many
//! heaps. Otherwise no theorem applies, and the answer is "no period found".

use std::collections::BTreeSet;

use cgt_core::Budget;
use cgt_rules::heap::UserRule;
use cgt_rules::octal::OctalCode;
use cgt_syntax::Span;

use super::rules::Need;
use crate::context::Computed;
use crate::session::Session;
use crate::value::{EvalResult, Value, gave_up, gave_up_because};

/// How many heaps `period(RULE)` looks at for a user rule.
pub(crate) const PERIOD_BOUND: u64 = 1_024;

/// What the moves of a rule on the heaps compared say about it.
enum Shape {
    /// They are the moves of this finite octal code on every heap compared.
    Code(OctalCode),
    /// The digits read from the smallest heaps run on to heap k (too long a code to prove a
    /// period within the heaps compared).
    Long(u64),
    /// No octal code has these moves.
    Not,
}

impl Session {
    /// `period(RULE)` for a user rule: proven through the octal code it plays as, or not found.
    /// The heaps compared double from 64 to [`PERIOD_BOUND`] until a period is proven.
    pub(crate) fn user_period(&mut self, rule: &UserRule, span: &Span, budget: &Budget) -> EvalResult<Computed> {
        let idx = rule.generation as usize;
        let mut bound = 64;
        loop {
            let rule = self.user_rule_at(idx, bound - 1, Need::Options, span, budget)?;
            // Exactly `bound` heaps, however far earlier statements grew the table, so that the
            // answer does not depend on what ran before.
            let heaps = (rule.options.len() as u64).min(bound);
            let shape =
                octal_shape(&rule.options[..heaps as usize], budget).map_err(|e| gave_up(e, span.clone(), budget))?;
            let (hint, grow) = match shape {
                Shape::Code(code) => match self.proven(&rule, heaps as usize, &code, span, budget)? {
                    Some(c) => return Ok(c),
                    None => {
                        (format!("`{}` plays as the octal game {code} on heaps 0 to {}", rule.name, heaps - 1), true)
                    }
                },
                Shape::Long(k) => (
                    format!(
                        "`{}` removes as many tokens as the heaps compared allow (like Lasker's Nim, 4.[3]): no \
                         finite octal code, so no periodicity theorem applies",
                        rule.name
                    ),
                    k < heaps / 2,
                ),
                Shape::Not => (
                    format!(
                        "`{}` is not a take-and-break game on heaps 0 to {}, so no periodicity theorem applies",
                        rule.name,
                        heaps - 1
                    ),
                    false,
                ),
            };
            if grow && bound < PERIOD_BOUND {
                bound *= 2;
                continue;
            }
            return Err(gave_up_because(
                span.clone(),
                format!("no period found among the first {heaps} values"),
                &hint,
            ));
        }
    }

    /// The period of `code` proven within the first `heaps` heaps, on which `rule` was compared
    /// with it, if it is.
    fn proven(
        &mut self,
        rule: &UserRule,
        heaps: usize,
        code: &OctalCode,
        span: &Span,
        budget: &Budget,
    ) -> EvalResult<Option<Computed>> {
        let table = code.grundy_table(heaps, budget).map_err(|e| gave_up(e, span.clone(), budget))?;
        let agrees = table.values() == &rule.grundy[..table.values().len()];
        Ok(table.period().filter(|_| agrees).map(|p| {
            Computed::plain(Value::Period(p.preperiod, p.period)).with_extra(
                "not proven",
                format!(
                    "the period seen on heaps 0 to {last}: `{name}` has the moves of the octal game {code} on \
                     every heap from 0 to {last} (compared move by move), and the periodicity theorem proves \
                     this period for {code}; that `{name}` plays as {code} beyond heap {last} is not proven \
                     (write the rule as `octal[...] code={code}` for a proven period)",
                    name = rule.name,
                    last = heaps - 1,
                ),
            )
        }))
    }
}

/// The octal code whose moves are exactly `options[n]` for every heap `n` known, if one is: its
/// digits are read from the smallest heaps (taking k from a heap of k, k + 1, k + 2), then
/// every heap's moves are compared as sets.
fn octal_shape(options: &[Vec<Vec<u64>>], budget: &Budget) -> Result<Shape, cgt_core::Exhausted> {
    let sets: Vec<BTreeSet<Vec<u64>>> = options.iter().map(|o| o.iter().map(|m| normal(m)).collect()).collect();
    let has = |h: usize, m: &[u64]| sets.get(h).is_some_and(|s| s.contains(m));
    let d0 = if has(2, &[1, 1]) { 4 } else { 0 };
    let digits: Vec<u8> = (1..sets.len())
        .map(|k| u8::from(has(k, &[])) | u8::from(has(k + 1, &[1])) << 1 | u8::from(has(k + 2, &[1, 1])) << 2)
        .collect();
    let Ok(code) = OctalCode::from_digits(d0, &digits) else { return Ok(Shape::Not) };
    // A code as long as the heaps compared has no period the theorem could prove within them.
    if code.max_take() as usize > sets.len() / 4 {
        return Ok(Shape::Long(code.max_take()));
    }
    for (h, set) in sets.iter().enumerate() {
        budget.check()?;
        let mut theirs = BTreeSet::new();
        code.for_each_option(h as u64, |_, leave| {
            theirs.insert(leave.to_vec());
        });
        if theirs != *set {
            return Ok(Shape::Not);
        }
    }
    Ok(Shape::Code(code))
}

/// A move as the non-empty heaps it leaves, ascending.
fn normal(heaps: &[u64]) -> Vec<u64> {
    let mut out: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
    out.sort_unstable();
    out
}

//! Heap games in the evaluator: the one reader of heap rules (from a position's ruleset, or
//! from a rule argument such as `kayles` or `stones take=[1, 2]`), the Grundy tables kept per
//! rule, the value and winning move of a sum of heaps, and `grundy(RULE, a..b)` and
//! `period(RULE)`; all-but subtraction games at any size through their arithmetic period
//! ([`allbut`]).

mod allbut;

use std::collections::HashMap;

use cgt_core::Budget;
use cgt_rules::heap::HeapRule;
use cgt_rules::nim::{BeyondTable, GrundyTable};
use cgt_rules::octal::{ClosedForm, OctalCode};
use cgt_syntax::{CallArg, Code, Diagnostic, ExprKind, Ruleset, Span, Spanned};

use crate::args::Arg;
use crate::context::{Computed, Ctx};
use crate::registry::{RuleSpec, RulesetDef, check_settings};
use crate::rows::find_ruleset;
use crate::session::Session;
use crate::value::{EvalResult, Quantity, Value, gave_up, gave_up_because};

/// The largest Grundy table computed while looking for a period (the search stops earlier as
/// soon as periodicity is proven).
pub(crate) const TABLE_LIMIT: usize = 20_000_000;

/// The longest range `grundy(RULE, a..b)` prints.
const RANGE_LIMIT: u64 = 100_000;

/// Grundy tables of heap rules, by rule, kept across statements.
#[derive(Default)]
pub(crate) struct GrundyTables(HashMap<String, GrundyTable>);

/// What a rule argument may be, for error messages.
const RULE_EXAMPLES: &str = "kayles, dawson, octal code=0.137 or stones take=[1, 2, 3]";

impl Session {
    /// The heap rule of a heap game's position (`stones[5] take=[1, 2]`), if its ruleset is a
    /// heap game; an error if its settings are wrong.
    pub(crate) fn position_rule(&mut self, r: &Ruleset) -> Option<EvalResult<HeapRule>> {
        if let Some(rule) = self.user_position_rule(r) {
            return Some(rule);
        }
        let def = crate::rows::ruleset(&r.name.node)?;
        let read = def.heap_rule?;
        Some(check_settings(def, &r.name, &r.settings).and_then(|()| read(&spec(def, &r.name, &r.settings))))
    }

    /// The heap rule named by a function argument: `kayles`, `octal code=0.137`, `stones take=[1, 2]`.
    pub(crate) fn argument_rule(&mut self, arg: &Arg) -> EvalResult<HeapRule> {
        let Arg::Syntax(arg) = arg else { return Err(not_a_rule(&arg.span())) };
        if let CallArg::Expr(e) = arg
            && let ExprKind::Name(n) = &e.node
            && let Some(rule) = self.user_rule_stub(n)
        {
            return Ok(rule);
        }
        let (name, settings): (Spanned<String>, &[cgt_syntax::Setting]) = match arg {
            CallArg::Expr(e) => match &e.node {
                ExprKind::Name(n) => (Spanned::new(n.clone(), e.span.clone()), &[]),
                _ => return Err(not_a_rule(&e.span)),
            },
            CallArg::Rule(name, settings) => (name.clone(), settings),
            CallArg::Range(r) => return Err(not_a_rule(&r.span)),
        };
        let def = find_ruleset(&name).map_err(|_| not_a_rule(&name.span))?;
        let Some(read) = def.heap_rule else {
            return Err(Box::new(
                Diagnostic::error(Code::Argument, name.span.clone(), format!("`{}` is not a heap game", name.node))
                    .with_hint(format!("rules of heap games are {RULE_EXAMPLES}")),
            ));
        };
        check_settings(def, &name, settings)?;
        read(&spec(def, &name, settings))
    }

    /// The Grundy table of a rule covering heaps up to `largest` (or its period), cached.
    pub(crate) fn grundy_table(
        &mut self,
        rule: &HeapRule,
        largest: u64,
        span: &Span,
        budget: &Budget,
    ) -> EvalResult<GrundyTable> {
        let rule = &self.extend_rule(rule, largest, span, budget)?;
        let key = format!("{rule:?}");
        let tables = self.table::<GrundyTables>();
        if let Some(t) = tables.0.get(&key)
            && (t.period().is_some() || (t.values().len() as u64) > largest)
        {
            return Ok(t.clone());
        }
        // Cheap rules compute at least 4096 values, enough to prove most periods at once; codes
        // whose moves leave three heaps cost a cube of the heap, so only what is asked.
        let least = match rule {
            HeapRule::Octal(c) if c.max_heaps_left() >= 3 => 1,
            _ => 1 << 12,
        };
        let limit = usize::try_from(largest).map_or(TABLE_LIMIT, |l| l.saturating_add(1).clamp(least, TABLE_LIMIT));
        let table = rule.grundy_table(limit, budget).map_err(|e| gave_up(e, span.clone(), budget))?;
        let tables = self.table::<GrundyTables>();
        if tables.0.len() > 64 {
            tables.0.clear();
        }
        tables.0.insert(key, table.clone());
        Ok(table)
    }

    /// The Grundy value of a sum of heaps of one rule (a nimber), with a winning move.
    pub(crate) fn heap_position(
        &mut self,
        rule: &HeapRule,
        heaps: &[u64],
        span: &Span,
        ctx: &Ctx,
    ) -> EvalResult<Computed> {
        if let HeapRule::Octal(code) = rule
            && let Some(form) = code.closed_form()
        {
            // Nim and Lasker's Nim: a closed form for heaps of any size, no table.
            let g = form.sum(heaps);
            let mut out = Computed::plain(Value::Game(self.games.nimber_big(&g.into())));
            if ctx.is_top(span)
                && let Some(m) = form.winning_move(heaps)
            {
                out = out.with_extra("winning move", show_octal_move(&m, heaps));
            }
            return Ok(out);
        }
        let largest = heaps.iter().copied().max().unwrap_or(0);
        if largest >= allbut::DIRECT
            && let Some(t) = self.all_but_table(rule, span, ctx.budget)?
        {
            let mut out = Computed::plain(Value::Game(self.games.nimber_big(&t.sum(heaps).into())));
            if ctx.is_top(span)
                && let Some(m) = t.winning_move(heaps)
            {
                out = out.with_extra("winning move", show_octal_move(&m, heaps));
            }
            return Ok(out);
        }
        let table = self.grundy_table(rule, largest, span, ctx.budget)?;
        let g = table.sum(heaps).map_err(|e| beyond(span, e))?;
        let mut out = Computed::plain(Value::Game(self.games.nimber(u64::from(g))));
        if ctx.is_top(span) && g != 0 {
            let shown = match rule {
                HeapRule::Subtraction(s) => s.winning_move(&table, heaps).ok().flatten().map(|m| {
                    let (from, to) = (heaps[m.heap], heaps[m.heap] - m.take);
                    format!("take {} from heap {} ({from} -> {to})", m.take, m.heap + 1)
                }),
                HeapRule::Octal(c) => c.winning_move(&table, heaps).ok().flatten().map(|m| show_octal_move(&m, heaps)),
                HeapRule::Nim | HeapRule::User(_) => None,
            };
            if let Some(m) = shown {
                out = out.with_extra("winning move", m);
            }
        }
        Ok(out)
    }

    /// `grundy(RULE, a..b)`: the Grundy values of heaps a to b (both included).
    pub(crate) fn grundy_range(
        &mut self,
        rule: &HeapRule,
        a: u64,
        b: u64,
        span: &Span,
        budget: &Budget,
    ) -> EvalResult<Value> {
        if b < a || b - a >= RANGE_LIMIT {
            return Err(Box::new(
                Diagnostic::error(
                    Code::Argument,
                    span.clone(),
                    format!("the range {a}..{b} is empty or longer than {RANGE_LIMIT}"),
                )
                .with_hint("ranges include both ends, e.g. grundy(kayles, 0..40)"),
            ));
        }
        let grundy = |n: u64| Value::Integer(n.into(), Quantity::Grundy);
        if *rule == HeapRule::Nim {
            return Ok(Value::List((a..=b).map(grundy).collect()));
        }
        if b >= allbut::DIRECT
            && let Some(t) = self.all_but_table(rule, span, budget)?
        {
            return Ok(Value::List((a..=b).map(|n| Value::Integer(t.value(n).into(), Quantity::Grundy)).collect()));
        }
        let table = self.grundy_table(rule, b, span, budget)?;
        let values = (a..=b)
            .map(|n| table.try_value(u128::from(n)).map(|g| grundy(u64::from(g))))
            .collect::<Result<Vec<Value>, _>>()
            .map_err(|e| beyond(span, e))?;
        Ok(Value::List(values))
    }

    /// `period(RULE)`: the pre-period and period of the rule's Grundy sequence, searched in
    /// tables of growing size; when the budget or [`TABLE_LIMIT`] stops the search, "no period
    /// found up to heap N" with the largest table searched.
    pub(crate) fn period_of(&mut self, rule: &HeapRule, span: &Span, budget: &Budget) -> EvalResult<Value> {
        if *rule == HeapRule::Nim {
            return Err(Box::new(
                Diagnostic::error(
                    Code::Argument,
                    span.clone(),
                    "Nim's Grundy values are the heaps themselves: no period",
                )
                .with_hint("a heap of n in Nim is worth *n"),
            ));
        }
        if let Some(t) = self.all_but_table(rule, span, budget)? {
            let p = t.period();
            return Ok(Value::Text(format!(
                "arithmetic period {} from heap {} with saltus {}: g(n + {}) = g(n) + {} for n >= {}",
                p.period, p.preperiod, p.saltus, p.period, p.saltus, p.preperiod
            )));
        }
        if let HeapRule::Octal(code) = rule {
            no_period_theorem(code, span)?;
        }
        if let HeapRule::User(u) = rule {
            return self.user_period(u, span, budget).map(|c| c.value);
        }
        let mut limit = 1u64 << 12;
        let mut searched = 0;
        loop {
            match self.grundy_table(rule, limit - 1, span, budget) {
                Ok(table) => match table.period() {
                    Some(p) => return Ok(Value::Period(p.preperiod, p.period)),
                    None => searched = table.values().len(),
                },
                Err(e) if searched == 0 => return Err(e),
                Err(_) => break,
            }
            if limit >= TABLE_LIMIT as u64 {
                break;
            }
            limit = (limit * 4).min(TABLE_LIMIT as u64);
        }
        Err(gave_up_because(
            span.clone(),
            format!("no period found up to heap {}", searched.saturating_sub(1)),
            "the periodicity theorem proved no period within the values computed; the sequence may still be \
             periodic from further on",
        ))
    }
}

/// Codes for which the periodicity theorem says nothing: Lasker's Nim (a closed form instead)
/// and codes whose digits repeat.
fn no_period_theorem(code: &OctalCode, span: &Span) -> EvalResult<()> {
    if let Some(form) = code.closed_form() {
        let hint = match form {
            ClosedForm::Nim => "this code is Nim: a heap of n is worth *n",
            ClosedForm::Lasker => "in Lasker's Nim (4.[3]) a heap n is worth *n, except that 4k+3 and 4k+4 swap values",
        };
        return Err(Box::new(
            Diagnostic::error(Code::Argument, span.clone(), format!("{code} has no period: its Grundy values grow"))
                .with_hint(hint),
        ));
    }
    if code.repeats() {
        return Err(gave_up_because(
            span.clone(),
            format!("no period found: the periodicity theorem does not apply to {code}, whose digits repeat"),
            "grundy(RULE, a..b) lists its values; heaps beyond the computed values give up",
        ));
    }
    Ok(())
}

/// A take-and-break move in words: `take 1 from heap 2 (7 -> 3 + 3)`, `split heap 1 (9 -> 2 + 7)`.
fn show_octal_move(m: &cgt_rules::octal::OctalMove, heaps: &[u64]) -> String {
    let left: Vec<String> = m.leave.iter().map(u64::to_string).collect();
    let left = if left.is_empty() { "nothing".to_string() } else { left.join(" + ") };
    match m.take {
        0 => format!("split heap {} ({} -> {left})", m.heap + 1, heaps[m.heap]),
        t => format!("take {t} from heap {} ({} -> {left})", m.heap + 1, heaps[m.heap]),
    }
}

/// The rule of a row with its settings.
fn spec<'a>(def: &'static RulesetDef, name: &'a Spanned<String>, settings: &'a [cgt_syntax::Setting]) -> RuleSpec<'a> {
    RuleSpec { name, settings, def }
}

fn not_a_rule(span: &Span) -> Box<Diagnostic> {
    Box::new(
        Diagnostic::error(Code::Argument, span.clone(), "expected a heap rule")
            .with_hint(format!("for example {RULE_EXAMPLES}")),
    )
}

/// A heap beyond the computed table of a rule with no period found.
fn beyond(span: &Span, e: BeyondTable) -> Box<Diagnostic> {
    gave_up_because(span.clone(), e, "the Grundy sequence has no period within the computed range; use smaller heaps")
}

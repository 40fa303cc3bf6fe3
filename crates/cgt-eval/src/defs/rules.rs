//! Impartial user rules (`rule NAME(n) = OPTIONS`) as heap rules: a table per rule that grows
//! heap by heap, evaluating each heap's options once and its Grundy value by the mex rule at
//! once (Sprague–Grundy; Siegel, *Combinatorial Game Theory*, IV.1), so a table of n heaps
//! costs the options of those n heaps and no more. The options themselves are kept while they
//! fit [`OPTIONS_KEPT`], for misère play and the compounds, which need the moves.

use std::sync::Arc;

use cgt_core::Budget;
use cgt_rules::heap::{HeapRule, UserRule};
use cgt_syntax::{Code, Diagnostic, Ruleset, Span};

use super::machine::Machine;
use super::{DVal, Defs, stop};
use crate::context::{Computed, Ctx};
use crate::session::Session;
use crate::value::{EvalResult, gave_up};

/// The largest heap a user rule's table is built for.
pub(crate) const RULE_BOUND: u64 = 100_000;

/// How many options of a rule are kept (over all heaps) when only Grundy values are asked for.
const OPTIONS_KEPT: usize = 1 << 16;

/// What a use of a rule needs of its table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Need {
    /// Grundy values only (`grundy`, sums of heaps).
    Grundy,
    /// The moves too (misère play, the compounds, `period`).
    Options,
}

/// What is known of one impartial user rule: the Grundy values of heaps `0..grundy.len()`, and
/// the options of heaps `0..options.len()` (never more heaps than Grundy values).
#[derive(Clone, Default)]
pub(crate) struct RuleTable {
    grundy: Arc<Vec<u32>>,
    options: Arc<Vec<Vec<Vec<u64>>>>,
    kept: usize,
    bytes: usize,
}

impl RuleTable {
    /// The rule as a heap rule with what is known of it.
    fn heap_rule(&self, name: &str, idx: usize) -> UserRule {
        UserRule {
            name: name.to_string(),
            generation: idx as u64,
            options: self.options.clone(),
            grundy: self.grundy.clone(),
        }
    }

    /// Grows the table to heap `largest` (and its options too when `need` says so).
    fn extend(&mut self, m: &mut Machine, idx: usize, largest: u64, need: Need, span: &Span) -> EvalResult<()> {
        let target = usize::try_from(largest).map_or(usize::MAX, |l| l.saturating_add(1));
        let ctx = Ctx { budget: m.budget, src: "", top: None, moves: false };
        let mut seen = Vec::new();
        while self.options.len() < self.grundy.len().min(target) && need == Need::Options {
            let opts = heap_options(m, idx, self.options.len() as u64, span, &ctx)?;
            self.keep(opts, m.budget, span)?;
        }
        while self.grundy.len() < target {
            let n = self.grundy.len();
            if self.options.len() == n && (need == Need::Options || self.kept <= OPTIONS_KEPT) {
                let opts = heap_options(m, idx, n as u64, span, &ctx)?;
                let g = mex(&opts, &self.grundy, &mut seen);
                Arc::make_mut(&mut self.grundy).push(g);
                self.keep(opts, m.budget, span)?;
            } else {
                // Beyond the options kept, each option's value is read straight from the list.
                let v = m.run_body(idx, vec![DVal::Int(n.into())]).map_err(|s| stop(s, span, &ctx))?;
                let g = mex_of_list(&m.defs.compiled[idx].name, n as u64, &v, &self.grundy, &mut seen)
                    .map_err(|e| e.diagnostic(span))?;
                Arc::make_mut(&mut self.grundy).push(g);
                m.budget.check_memory(self.bytes + 4 * n).map_err(|e| gave_up(e, span.clone(), m.budget))?;
            }
        }
        Ok(())
    }

    fn keep(&mut self, opts: Vec<Vec<u64>>, budget: &Budget, span: &Span) -> EvalResult<()> {
        self.kept += opts.len();
        self.bytes += 24 + opts.iter().map(|o| 24 + 8 * o.len()).sum::<usize>();
        budget.check_memory(self.bytes + 4 * self.grundy.len()).map_err(|e| gave_up(e, span.clone(), budget))?;
        Arc::make_mut(&mut self.options).push(opts);
        Ok(())
    }
}

/// The options of heap `n`: the rule's body run once, not memoised (the table keeps them).
fn heap_options(m: &mut Machine, idx: usize, n: u64, span: &Span, ctx: &Ctx) -> EvalResult<Vec<Vec<u64>>> {
    let v = m.run_body(idx, vec![DVal::Int(n.into())]).map_err(|s| stop(s, span, ctx))?;
    let name = &m.defs.compiled[idx].name;
    rule_options(name, n, &v).map_err(|e| e.diagnostic(span))
}

/// The least Grundy value not among the options' (each the XOR of its heaps' values).
fn mex(opts: &[Vec<u64>], grundy: &[u32], seen: &mut Vec<bool>) -> u32 {
    seen.clear();
    seen.resize(opts.len() + 1, false);
    for heaps in opts {
        let g = heaps.iter().fold(0u32, |acc, &h| acc ^ grundy[h as usize]);
        if let Some(slot) = seen.get_mut(g as usize) {
            *slot = true;
        }
    }
    seen.iter().position(|&s| !s).unwrap_or(opts.len()) as u32
}

impl Session {
    /// The user rule named `name` with its table grown to heap `largest`, if there is one.
    pub(crate) fn user_rule(
        &mut self,
        name: &str,
        largest: u64,
        need: Need,
        span: &Span,
        budget: &Budget,
    ) -> Option<EvalResult<HeapRule>> {
        let idx = self.table::<Defs>().rule(name)?;
        Some(self.user_rule_at(idx, largest, need, span, budget).map(HeapRule::User))
    }

    /// The user rule `idx` with its table grown to heap `largest`.
    pub(crate) fn user_rule_at(
        &mut self,
        idx: usize,
        largest: u64,
        need: Need,
        span: &Span,
        budget: &Budget,
    ) -> EvalResult<UserRule> {
        if largest > RULE_BOUND {
            return Err(Box::new(
                Diagnostic::error(
                    Code::Argument,
                    span.clone(),
                    format!("user rules are evaluated for heaps up to {RULE_BOUND}, not {largest}"),
                )
                .with_hint("use smaller heaps"),
            ));
        }
        let defs = self.table::<Defs>();
        let name = defs.compiled[idx].name.clone();
        let mut table = defs.tables.remove(&idx).unwrap_or_default();
        let grown = self.with_machine(budget, |m| table.extend(m, idx, largest, need, span));
        let rule = table.heap_rule(&name, idx);
        self.table::<Defs>().tables.insert(idx, table);
        grown.map(|()| rule)
    }

    /// The user rule named `name` with what is known of it so far (grown when used).
    pub(crate) fn user_rule_stub(&mut self, name: &str) -> Option<HeapRule> {
        let defs = self.table::<Defs>();
        let idx = defs.rule(name)?;
        let table = defs.tables.get(&idx).cloned().unwrap_or_default();
        Some(HeapRule::User(table.heap_rule(name, idx)))
    }

    /// `NAME[h, ...]` for a user rule, as a heap rule with its moves up to the largest heap.
    pub(crate) fn user_position_rule(&mut self, r: &Ruleset) -> Option<EvalResult<HeapRule>> {
        self.table::<Defs>().rule(&r.name.node)?;
        let heaps = match rule_heaps(r) {
            Ok(h) => h,
            Err(e) => return Some(Err(e)),
        };
        let largest = heaps.iter().copied().max().unwrap_or(0);
        self.user_rule(&r.name.node, largest, Need::Options, &r.name.span, &Budget::unlimited())
    }

    /// Evaluates `NAME[h, ...]` for a user rule: the Grundy value of the sum of heaps.
    pub(crate) fn user_rule_position(&mut self, r: &Ruleset, span: &Span, ctx: &Ctx) -> Option<EvalResult<Computed>> {
        self.table::<Defs>().rule(&r.name.node)?;
        Some((|| {
            let heaps = rule_heaps(r)?;
            let largest = heaps.iter().copied().max().unwrap_or(0);
            let rule = match self.user_rule(&r.name.node, largest, Need::Grundy, span, ctx.budget) {
                Some(Err(d)) if d.code == Code::Loopy => {
                    let idx = self.table::<Defs>().rule(&r.name.node).expect("checked above");
                    return self.loopy_rule_position(idx, &heaps, span, ctx).map(Computed::plain);
                }
                other => other.expect("checked above")?,
            };
            self.heap_position(&rule, &heaps, span, ctx)
        })())
    }

    /// Makes sure a user rule has its moves up to heap `largest`; other rules are returned as
    /// they are.
    pub(crate) fn rule_with_moves(
        &mut self,
        rule: &HeapRule,
        largest: u64,
        span: &Span,
        budget: &Budget,
    ) -> EvalResult<HeapRule> {
        match rule {
            HeapRule::User(u) if (u.options.len() as u64) <= largest => {
                self.user_rule_at(u.generation as usize, largest, Need::Options, span, budget).map(HeapRule::User)
            }
            other => Ok(other.clone()),
        }
    }

    /// Makes sure a user rule has Grundy values up to `largest`; other rules are returned as
    /// they are.
    pub(crate) fn extend_rule(
        &mut self,
        rule: &HeapRule,
        largest: u64,
        span: &Span,
        budget: &Budget,
    ) -> EvalResult<HeapRule> {
        match rule {
            HeapRule::User(u) if (u.grundy.len() as u64) <= largest => {
                self.user_rule_at(u.generation as usize, largest, Need::Grundy, span, budget).map(HeapRule::User)
            }
            other => Ok(other.clone()),
        }
    }
}

/// Why the options of a heap could not be read: a move to a heap not smaller (the rule is
/// loopy), or anything else.
pub(super) struct OptError {
    loopy: bool,
    message: String,
}

impl From<String> for OptError {
    fn from(message: String) -> Self {
        OptError { loopy: false, message }
    }
}

impl OptError {
    fn diagnostic(self, span: &Span) -> Box<Diagnostic> {
        let code = if self.loopy { Code::Loopy } else { Code::Argument };
        Box::new(Diagnostic::error(code, span.clone(), self.message))
    }
}

/// The moves of heap `n` from a rule body's value: each an integer heap, a tuple of heaps, or `()`.
fn rule_options(name: &str, n: u64, v: &DVal) -> Result<Vec<Vec<u64>>, OptError> {
    option_list(name, n, v)
        .map_err(OptError::from)?
        .iter()
        .map(|o| match o {
            DVal::Tuple(hs) => hs.iter().map(|x| heap(name, n, x)).collect(),
            x => heap(name, n, x).map(|h| vec![h]),
        })
        .collect()
}

/// The Grundy value of heap `n` from a rule body's value, without building its moves.
fn mex_of_list(name: &str, n: u64, v: &DVal, grundy: &[u32], seen: &mut Vec<bool>) -> Result<u32, OptError> {
    let items = option_list(name, n, v).map_err(OptError::from)?;
    seen.clear();
    seen.resize(items.len() + 1, false);
    for o in items.iter() {
        let parts = match o {
            DVal::Tuple(hs) => hs.as_slice(),
            x => std::slice::from_ref(x),
        };
        let mut g = 0u32;
        for x in parts {
            g ^= grundy[heap(name, n, x)? as usize];
        }
        if let Some(slot) = seen.get_mut(g as usize) {
            *slot = true;
        }
    }
    Ok(seen.iter().position(|&s| !s).unwrap_or(items.len()) as u32)
}

pub(super) fn option_list<'a>(name: &str, n: u64, v: &'a DVal) -> Result<&'a Arc<Vec<DVal>>, String> {
    match v {
        DVal::List(items) => Ok(items),
        _ => Err(format!("the rule `{name}` must give a list of options for each heap (heap {n})")),
    }
}

/// One heap of an option of heap `n`: a whole number below `n`.
fn heap(name: &str, n: u64, x: &DVal) -> Result<u64, OptError> {
    match any_heap(name, n, x)? {
        h if h < n => Ok(h),
        h => Err(OptError {
            loopy: true,
            message: format!(
                "`{name}`: heap {n} moves to a heap of {h}, not smaller, so play can return to a heap: the game is \
                 loopy; its positions `{name}[...]` have generalised Sprague–Grundy values, but Grundy tables, \
                 periods, misère play and compounds need a rule whose options are smaller heaps"
            ),
        }),
    }
}

/// One heap of an option of heap `n`: a whole number.
pub(super) fn any_heap(name: &str, n: u64, x: &DVal) -> Result<u64, String> {
    match x {
        DVal::Int(h) => h.to_u64(),
        _ => None,
    }
    .ok_or_else(|| format!("`{name}`: an option of heap {n} is not a heap, a tuple of heaps or `()`"))
}

fn rule_heaps(r: &Ruleset) -> EvalResult<Vec<u64>> {
    r.args
        .iter()
        .map(|a| match &a.kind {
            cgt_syntax::RuleArgKind::Int(s) => s.parse::<u64>().map_err(|_| ()),
            _ => Err(()),
        })
        .collect::<Result<Vec<u64>, ()>>()
        .map_err(|()| {
            Box::new(
                Diagnostic::error(
                    Code::Argument,
                    r.name.span.clone(),
                    format!("`{}[...]` takes heap sizes", r.name.node),
                )
                .with_hint(format!("for example `{}[5, 3]`", r.name.node)),
            )
        })
}

//! Misère play (`misere G`) and the compounds of impartial games (`diminished(G, H)`,
//! `selective`, `shortened`, `conjunctive`, `continued`), normal or misère. Sums of heaps keep
//! the fast rules of cgt-rules' `misere` and `compounds` modules; every other impartial game
//! the language writes (nimbers, literals, impartial positions, sums) is read as a tree
//! (`functions::impartial`): its misère canonical form decides `misere G`, and the compounds
//! fold one quantity per component over its tree (remoteness, suspense, restricted Grundy
//! values), by the same rules. Partizan positions under misère play are searched
//! (`functions::misere_search`). Results are outcomes, with the rule that decided them and
//! each component's quantity as extras.

use std::collections::HashMap;
use std::time::Duration;

use cgt_core::misere::Phylum;
use cgt_core::{Budget, Outcome};
use cgt_rules::compounds::{self, ComponentValue, Compound, Convention, Decision, Restricted};
use cgt_rules::heap::{Component, HeapError, HeapRule};
use cgt_rules::misere::{self, MisereRule};
use cgt_syntax::{CallArg, Code, Diagnostic, Expr, ExprKind, Span, SumOp};
use num_bigint::BigUint;

use crate::args::Arg;
use crate::context::{Computed, Ctx};
use crate::functions::compound::compound_of;
use crate::functions::impartial::{Part, TreeId};
use crate::registry::Call;
use crate::session::Session;
use crate::value::{EvalResult, Value, gave_up, gave_up_because};
use quotients::ByQuotient;

mod quotients;

const HEAPS: &str = "nim[...], stones[...] take=[...], octal[...] code=..., kayles[...] or dawson[...]";

/// The largest nimber or heap whose misère form is shown beside a result decided by a rule.
const FORM_EXTRA_LIMIT: u64 = 24;

/// The longest misère form shown in full.
const FORM_SHOWN: usize = 160;

/// The time a misère form shown as an extra may take (it is left out beyond that).
const FORM_EXTRA_TIME: Duration = Duration::from_millis(300);

/// The most heaps remembered as too slow for a form extra.
const SLOW_FORMS_KEPT: usize = 4096;

/// Heaps (by rule and size) whose misère form did not come within `FORM_EXTRA_TIME`.
#[derive(Default)]
struct SlowForms(std::collections::HashSet<(String, u64)>);

impl Session {
    /// `misere G`: G any impartial game (sums of heaps by the fast rules, others by their misère
    /// canonical form), a compound call, or a small partizan position (by search).
    pub(crate) fn misere(&mut self, operand: &Expr, ctx: &Ctx) -> EvalResult<Computed> {
        self.with_forms(operand, ctx, |s, operand, ctx| s.misere_as_written(operand, ctx))
    }

    /// `misere G` for G as written (its `let` names' forms in place).
    fn misere_as_written(&mut self, operand: &Expr, ctx: &Ctx) -> EvalResult<Computed> {
        if let ExprKind::Call { name, args } = &operand.node
            && let Some(c) = compound_of(&name.node)
        {
            let def = crate::rows::function(&name.node).expect("compounds are functions");
            let args: Vec<Arg> = args.iter().map(Arg::Syntax).collect();
            let call = Call { name, args: &args, span: &operand.span, def };
            return self.compound(c, Convention::Misere, &call, ctx);
        }
        match self.impartial_parts(operand, ctx)? {
            Some(parts) => self.misere_impartial(&parts, &operand.span, ctx),
            None => self.misere_search(operand, ctx),
        }
    }

    /// The misère outcome of a sum of impartial parts, with the rule and the misère form.
    fn misere_impartial(&mut self, parts: &[Part], span: &Span, ctx: &Ctx) -> EvalResult<Computed> {
        // Nimbers are Nim heaps: a sum of them and tame heaps is decided by the pairs of the
        // tame heaps (genus), never by a search over forms. Wild heaps keep to the forms.
        let tame = |c: &Component| misere::heap_is_tame(c, ctx.budget).unwrap_or(false);
        let nimbers_as_heaps = parts.iter().all(|p| match p {
            Part::Heap(c) => tame(c),
            Part::Nimber(_) => true,
            Part::Tree(_) => false,
        });
        let heaps: Option<Vec<Component>> = parts
            .iter()
            .map(|p| match p {
                Part::Heap(c) => Some(c.clone()),
                Part::Nimber(n) if nimbers_as_heaps => {
                    u64::try_from(n).ok().map(|heap| Component { rule: HeapRule::Nim, heap })
                }
                _ => None,
            })
            .collect();
        if let Some(heaps) = heaps.filter(|h| !h.is_empty()) {
            if let Some(q) = self.wild_by_quotient(&heaps, span, ctx)? {
                let out = Computed::plain(Value::Outcome(q.outcome))
                    .with_extra("rule", q.rule)
                    .with_extra("quotient element", q.element);
                return Ok(self.with_form_extra(out, parts, span, ctx));
            }
            let r = misere::evaluate(&heaps, ctx.budget).map_err(|e| heap_error(e, span, ctx))?;
            let rule = match r.rule {
                MisereRule::MisereNim => "misère Nim rule".to_string(),
                MisereRule::TameSum => format!("tame sum: pair ({}, {})", r.pair.normal, r.pair.misere),
                MisereRule::Search => format!("search (wild): pair ({}, {})", r.pair.normal, r.pair.misere),
            };
            let out = Computed::plain(Value::Outcome(r.outcome)).with_extra("rule", rule);
            return Ok(self.with_form_extra(out, parts, span, ctx));
        }
        if let Some(nims) = nim_heaps(parts) {
            let out = Computed::plain(Value::Outcome(misere::misere_nim_outcome(&nims)))
                .with_extra("rule", "misère Nim rule");
            return Ok(self.with_form_extra(out, parts, span, ctx));
        }
        let f = self.misere_form(parts, span, ctx)?;
        let trees = self.trees();
        let outcome = if trees.misere.is_p_position(f) { Outcome::P } else { Outcome::N };
        let phylum = trees.misere.phylum(f, ctx.budget).map_err(|x| gave_up(x, span.clone(), ctx.budget))?;
        let form = trees.misere.display(f, ctx.budget).map_err(|x| gave_up(x, span.clone(), ctx.budget))?;
        Ok(Computed::plain(Value::Outcome(outcome))
            .with_extra("rule", format!("misère canonical form ({})", phylum_name(phylum)))
            .with_extra("misère form", shown_form(form)))
    }

    /// The outcome of a sum of heaps from its rule's misère quotient, when the faster rules do
    /// not decide it (some heap is wild) and the quotient covers its heaps.
    fn wild_by_quotient(&mut self, heaps: &[Component], span: &Span, ctx: &Ctx) -> EvalResult<Option<ByQuotient>> {
        if heaps.iter().all(|c| c.rule == HeapRule::Nim) {
            return Ok(None);
        }
        for c in heaps {
            match misere::heap_is_tame(c, ctx.budget) {
                Ok(true) => {}
                Ok(false) => return Ok(self.quotient_outcome(heaps, span, ctx)),
                // A heap too large to classify: a quotient with a proven period may still know it.
                Err(HeapError::TooLarge { .. }) => {
                    return Ok(self.quotient_outcome(heaps, span, ctx));
                }
                Err(e) => return Err(heap_error(e, span, ctx)),
            }
        }
        Ok(None)
    }

    /// Adds the misère form of small parts, if it is found quickly; a rule decided already.
    fn with_form_extra(&mut self, out: Computed, parts: &[Part], span: &Span, ctx: &Ctx) -> Computed {
        let small = parts.iter().all(|p| match p {
            Part::Heap(c) => c.heap <= FORM_EXTRA_LIMIT,
            Part::Nimber(n) => *n <= BigUint::from(FORM_EXTRA_LIMIT),
            Part::Tree(_) => true,
        });
        if !small {
            return out;
        }
        let quick_budget = || Budget::with_cancel(FORM_EXTRA_TIME, ctx.budget.memory(), ctx.budget.cancel_flag());
        if !self.heap_forms_quick(parts, span, ctx, &quick_budget) {
            return out;
        }
        let budget = quick_budget();
        let quick = Ctx { budget: &budget, src: ctx.src, top: ctx.top.clone(), moves: ctx.moves };
        let shown =
            self.misere_form(parts, span, &quick).ok().and_then(|f| self.trees().misere.display(f, &budget).ok());
        match shown {
            Some(form) if form.len() <= FORM_SHOWN => out.with_extra("misère form", form),
            _ => out,
        }
    }

    /// Whether the misère form of each heap among the parts is found and shown in the time of a
    /// form extra, each heap on its own time, and short enough to show. A heap whose form is
    /// not is remembered, so the statements after it do not wait for it again (the form of a
    /// sum is built from its heaps' forms, and is no shorter in practice).
    fn heap_forms_quick(&mut self, parts: &[Part], span: &Span, ctx: &Ctx, budget: &dyn Fn() -> Budget) -> bool {
        for p in parts {
            let Part::Heap(c) = p else { continue };
            let key = (quotients::rule_key(&c.rule), c.heap);
            if self.table::<SlowForms>().0.contains(&key) {
                return false;
            }
            let b = budget();
            let quick = Ctx { budget: &b, src: ctx.src, top: ctx.top.clone(), moves: ctx.moves };
            let form = self.misere_form(std::slice::from_ref(p), span, &quick).ok();
            let shown = form.and_then(|f| self.trees().misere.display(f, &b).ok());
            if shown.is_none_or(|text| text.len() > FORM_SHOWN) {
                let slow = &mut self.table::<SlowForms>().0;
                if slow.len() >= SLOW_FORMS_KEPT {
                    slow.clear();
                }
                slow.insert(key);
                return false;
            }
        }
        true
    }

    /// A compound of impartial components, one per argument: heaps by the fast rules of
    /// cgt-rules, any other impartial game by folding its tree.
    pub(crate) fn compound(
        &mut self,
        c: Compound,
        convention: Convention,
        call: &Call,
        ctx: &Ctx,
    ) -> EvalResult<Computed> {
        if call.args.is_empty() {
            return Err(Box::new(
                Diagnostic::error(
                    Code::Arity,
                    call.span.clone(),
                    format!("`{}` needs at least one component", call.name.node),
                )
                .with_hint(format!(
                    "write `{}`, each component an impartial game: {HEAPS}, *n, {{0, *|0, *}}",
                    call.def.signature
                )),
            ));
        }
        let mut parts = Vec::new();
        for a in call.args {
            if !a.is_value() {
                return Err(Box::new(Diagnostic::error(
                    Code::Argument,
                    call.span.clone(),
                    format!("each component is an impartial game: {HEAPS}, *n, {{0, *|0, *}}"),
                )));
            }
            parts.push((self.with_arg(a, ctx, |s, e, ctx| s.impartial_arg(e, ctx))?, a.span()));
        }
        let heaps: Option<Vec<Component>> = parts
            .iter()
            .map(|(p, _)| match p.as_slice() {
                [Part::Heap(c)] => Some(c.clone()),
                _ => None,
            })
            .collect();
        if let Some(heaps) = heaps {
            let r =
                compounds::evaluate(c, convention, &heaps, ctx.budget).map_err(|e| heap_error(e, call.span, ctx))?;
            let values: Vec<String> = r.components.iter().map(component_value).collect();
            return Ok(Computed::plain(Value::Outcome(r.outcome))
                .with_extra("rule", decision(r.decision))
                .with_extra("components", values.join(", ")));
        }
        if c == Compound::Disjunctive && convention == Convention::Misere {
            let all: Vec<Part> = parts.into_iter().flat_map(|(p, _)| p).collect();
            return self.misere_impartial(&all, call.span, ctx);
        }
        let mut qs = Vec::with_capacity(parts.len());
        for (p, span) in &parts {
            qs.push(self.quantities(p, span, ctx)?);
        }
        let (outcome, d, values) = decide(c, convention, &qs);
        let values: Vec<String> = values.iter().map(component_value).collect();
        Ok(Computed::plain(Value::Outcome(outcome))
            .with_extra("rule", format!("{} (each component's game tree)", decision(d)))
            .with_extra("components", values.join(", ")))
    }

    /// Whether every argument of a compound call is a heap game or a sum of them, so that the
    /// heap rules apply (`selective` and `conjunctive` of other games give games).
    pub(crate) fn heap_arguments(&mut self, call: &Call) -> bool {
        call.args.iter().all(|a| match a {
            Arg::Syntax(CallArg::Expr(e)) => self.is_heap_sum(e),
            Arg::Value(v) => v.form_expr().is_some_and(|e| self.is_heap_sum(&e)),
            Arg::Syntax(_) => false,
        })
    }

    /// Whether an expression is a heap ruleset position or a sum of them.
    fn is_heap_sum(&mut self, e: &Expr) -> bool {
        match &e.node {
            ExprKind::Ruleset(r) => self.position_rule(r).is_some_and(|rule| rule.is_ok()),
            ExprKind::Sum(first, rest) => {
                self.is_heap_sum(first) && rest.iter().all(|(op, t)| op.node == SumOp::Add && self.is_heap_sum(t))
            }
            _ => false,
        }
    }

    /// The quantities of one component: closed forms for a nimber, else a fold over its tree.
    fn quantities(&mut self, parts: &[Part], span: &Span, ctx: &Ctx) -> EvalResult<Quantities> {
        if let [Part::Nimber(n)] = parts
            && let Ok(n) = u64::try_from(n)
        {
            return Ok(Quantities::nim(n));
        }
        if let [Part::Heap(c)] = parts
            && c.rule == HeapRule::Nim
        {
            return Ok(Quantities::nim(c.heap));
        }
        let t = self.tree_of(parts, span, ctx)?;
        self.fold_quantities(t, span, ctx)
    }

    /// The quantities of a tree, memoised.
    fn fold_quantities(&mut self, t: TreeId, span: &Span, ctx: &Ctx) -> EvalResult<Quantities> {
        if let Some(q) = self.table::<QuantityTable>().0.get(&t) {
            return Ok(*q);
        }
        ctx.budget.check().map_err(|x| gave_up(x, span.clone(), ctx.budget))?;
        let mut opts = Vec::new();
        for o in self.trees().options(t).to_vec() {
            opts.push(self.fold_quantities(o, span, ctx)?);
        }
        let q = Quantities::fold(&opts);
        let table = self.table::<QuantityTable>();
        if table.0.len() > 1 << 20 {
            table.0.clear();
        }
        table.0.insert(t, q);
        Ok(q)
    }
}

/// Quantities of trees, kept across statements.
#[derive(Default)]
struct QuantityTable(HashMap<TreeId, Quantities>);

/// Every quantity a compound's rule may use, of one impartial game (cgt-rules' folds, on a tree).
#[derive(Clone, Copy, Debug)]
struct Quantities {
    grundy: u64,
    misere: u64,
    over: bool,
    cold: Restricted,
    alive: Restricted,
    remoteness: u64,
    misere_remoteness: u64,
    suspense: u64,
    misere_suspense: u64,
}

impl Quantities {
    /// The quantities of `*n`, in closed form.
    fn nim(n: u64) -> Self {
        Quantities {
            grundy: n,
            misere: match n {
                0 => 1,
                1 => 0,
                n => n,
            },
            over: n == 0,
            cold: if n == 0 { Restricted::Over } else { Restricted::CanEnd },
            alive: if n == 0 { Restricted::Over } else { Restricted::Grundy(n - 1) },
            remoteness: u64::from(n > 0),
            misere_remoteness: n.min(2),
            suspense: u64::from(n > 0),
            misere_suspense: n.min(2),
        }
    }

    /// The quantities of a game from its options'.
    fn fold(opts: &[Quantities]) -> Self {
        let all = |f: fn(&Quantities) -> u64| opts.iter().map(f).collect::<Vec<u64>>();
        let restricted = |f: fn(&Quantities) -> Restricted| opts.iter().map(f).collect::<Vec<Restricted>>();
        let cold = restricted(|q| q.cold);
        let alive = restricted(|q| q.alive);
        Quantities {
            grundy: mex(all(|q| q.grundy)),
            misere: if opts.is_empty() { 1 } else { mex(all(|q| q.misere)) },
            over: opts.is_empty(),
            cold: match () {
                () if opts.is_empty() => Restricted::Over,
                () if cold.contains(&Restricted::Over) => Restricted::CanEnd,
                () => Restricted::Grundy(mex(cold.iter().filter_map(Restricted::grundy).collect())),
            },
            alive: if opts.is_empty() {
                Restricted::Over
            } else {
                Restricted::Grundy(mex(alive.iter().filter_map(Restricted::grundy).collect()))
            },
            remoteness: steinhaus(&all(|q| q.remoteness), 0, false),
            misere_remoteness: steinhaus(&all(|q| q.misere_remoteness), 1, false),
            suspense: steinhaus(&all(|q| q.suspense), 0, true),
            misere_suspense: steinhaus(&all(|q| q.misere_suspense), 1, true),
        }
    }
}

/// The least natural number not in `values`.
fn mex(mut values: Vec<u64>) -> u64 {
    values.sort_unstable();
    values.dedup();
    values.iter().enumerate().find(|&(i, &v)| v != i as u64).map_or(values.len() as u64, |(i, _)| i as u64)
}

/// Steinhaus's rule (as cgt-rules' compounds): 0 without a move; with an option of parity
/// `win`, 1 plus the least (greatest when `prolong`) such; else 1 plus the greatest (least).
fn steinhaus(options: &[u64], win: u64, prolong: bool) -> u64 {
    let winning = options.iter().copied().filter(|r| r % 2 == win);
    let best = if prolong { winning.max() } else { winning.min() };
    let worst = || if prolong { options.iter().copied().min() } else { options.iter().copied().max() };
    best.or_else(worst).map_or(0, |r| r + 1)
}

/// The outcome of a compound from its components' quantities, by cgt-rules' rules.
fn decide(c: Compound, convention: Convention, qs: &[Quantities]) -> (Outcome, Decision, Vec<ComponentValue>) {
    let normal = convention == Convention::Normal;
    let p_if = |p: bool| if p { Outcome::P } else { Outcome::N };
    let restricted =
        |qs: &[Quantities]| -> Vec<Restricted> { qs.iter().map(|q| if normal { q.cold } else { q.alive }).collect() };
    let ended = |rs: &[Restricted]| {
        if rs.contains(&Restricted::Over) {
            return Some((p_if(normal), Decision::Over));
        }
        rs.contains(&Restricted::CanEnd).then_some((Outcome::N, Decision::CanEnd))
    };
    let parity = |moves: u64| p_if((moves % 2 == 1) != normal);
    match c {
        Compound::Disjunctive | Compound::Selective if normal => {
            let zero = qs.iter().all(|q| q.grundy == 0);
            let x = qs.iter().fold(0, |x, q| x ^ q.grundy);
            let values = qs.iter().map(|q| ComponentValue::Grundy(q.grundy)).collect();
            if c == Compound::Selective {
                (p_if(zero), Decision::AllZero(zero), values)
            } else {
                (p_if(x == 0), Decision::NimSum(x), values)
            }
        }
        // The misère disjunctive compound is a misère sum, decided by its misère form instead.
        Compound::Disjunctive | Compound::Selective => {
            let values = qs
                .iter()
                .map(|q| ComponentValue::Selective { grundy: q.grundy, misere: q.misere, over: q.over })
                .collect();
            let live: Vec<usize> = (0..qs.len()).filter(|&i| !qs[i].over).collect();
            let (o, d) = match live.as_slice() {
                [] => (Outcome::N, Decision::Over),
                &[index] => (p_if(qs[index].misere == 0), Decision::OnlyLive { index, misere: qs[index].misere }),
                _ => {
                    let zero = qs.iter().all(|q| q.grundy == 0);
                    (p_if(zero), Decision::AllZero(zero))
                }
            };
            (o, d, values)
        }
        Compound::Diminished | Compound::Shortened => {
            let rs = restricted(qs);
            let (o, d) = ended(&rs).unwrap_or_else(|| {
                if c == Compound::Diminished {
                    let x = rs.iter().filter_map(Restricted::grundy).fold(0, |x, g| x ^ g);
                    (p_if(x == 0), Decision::NimSum(x))
                } else {
                    let zero = rs.iter().all(|r| r.grundy() == Some(0));
                    (p_if(zero), Decision::AllZero(zero))
                }
            });
            (o, d, rs.into_iter().map(ComponentValue::Restricted).collect())
        }
        Compound::Conjunctive => {
            let (r, wrap): (Vec<u64>, fn(u64) -> ComponentValue) = if normal {
                (qs.iter().map(|q| q.remoteness).collect(), ComponentValue::Remoteness)
            } else {
                (qs.iter().map(|q| q.misere_remoteness).collect(), ComponentValue::MisereRemoteness)
            };
            let least = r.iter().copied().min().unwrap_or(0);
            (parity(least), Decision::Remoteness(least), r.into_iter().map(wrap).collect())
        }
        Compound::Continued => {
            let (s, wrap): (Vec<u64>, fn(u64) -> ComponentValue) = if normal {
                (qs.iter().map(|q| q.suspense).collect(), ComponentValue::Suspense)
            } else {
                (qs.iter().map(|q| q.misere_suspense).collect(), ComponentValue::MisereSuspense)
            };
            let greatest = s.iter().copied().max().unwrap_or(0);
            (parity(greatest), Decision::Suspense(greatest), s.into_iter().map(wrap).collect())
        }
    }
}

/// The heaps of a sum of nimbers and Nim heaps, if it is one.
fn nim_heaps(parts: &[Part]) -> Option<Vec<BigUint>> {
    parts
        .iter()
        .map(|p| match p {
            Part::Nimber(n) => Some(n.clone()),
            Part::Heap(c) if c.rule == HeapRule::Nim => Some(BigUint::from(c.heap)),
            _ => None,
        })
        .collect()
}

/// A misère form, or its length when it is too long to show.
fn shown_form(form: String) -> String {
    if form.len() <= FORM_SHOWN { form } else { format!("too long to show ({} characters)", form.len()) }
}

/// WW's class of a misère form, in words.
fn phylum_name(p: Phylum) -> &'static str {
    match p {
        Phylum::NimHeap => "a nim heap",
        Phylum::Tame => "tame",
        Phylum::Restive => "restive",
        Phylum::Restless => "restless",
        Phylum::Wild => "wild",
    }
}

/// A failed heap computation: a budget or a limit reached ("gave up"), or misuse (an error).
fn heap_error(e: HeapError, span: &Span, ctx: &Ctx) -> Box<Diagnostic> {
    match e {
        HeapError::Exhausted(x) => gave_up(x, span.clone(), ctx.budget),
        HeapError::NoComponents => Box::new(Diagnostic::error(Code::Arity, span.clone(), e.to_string())),
        other => gave_up_because(span.clone(), other, "use smaller heaps, or heaps that do not split"),
    }
}

/// What decided a compound's outcome, in words.
fn decision(d: Decision) -> String {
    match d {
        Decision::Over => "a component is over, so the game is over".into(),
        Decision::CanEnd => "a component can be finished at once, ending the game".into(),
        Decision::NimSum(n) => format!("nim-sum {n}"),
        Decision::AllZero(z) => if z { "every component is 0" } else { "some component is not 0" }.into(),
        Decision::OnlyLive { index, misere } => {
            format!("one live component (number {}), misère value {misere}", index + 1)
        }
        Decision::Remoteness(r) => format!("remoteness {r} (the least)"),
        Decision::Suspense(s) => format!("suspense {s} (the greatest)"),
        Decision::Misere { rule, pair } => format!("{rule:?}: pair ({}, {})", pair.normal, pair.misere),
    }
}

/// A component's quantity, in words.
fn component_value(v: &ComponentValue) -> String {
    match v {
        ComponentValue::Grundy(g) => format!("grundy {g}"),
        ComponentValue::Misere(m) => {
            format!("pair ({}, {}){}", m.pair.normal, m.pair.misere, if m.tame { "" } else { " wild" })
        }
        ComponentValue::Restricted(Restricted::Over) => "over".into(),
        ComponentValue::Restricted(Restricted::CanEnd) => "can end".into(),
        ComponentValue::Restricted(Restricted::Grundy(g)) => format!("restricted grundy {g}"),
        ComponentValue::Selective { grundy, misere, over } => {
            format!("grundy {grundy}, misère {misere}{}", if *over { ", over" } else { "" })
        }
        ComponentValue::Remoteness(r) => format!("remoteness {r}"),
        ComponentValue::MisereRemoteness(r) => format!("misère remoteness {r}"),
        ComponentValue::Suspense(s) => format!("suspense {s}"),
        ComponentValue::MisereSuspense(s) => format!("misère suspense {s}"),
    }
}

//! Misère play (`misere G`) and the compounds of impartial heap games (`diminished(G, H)`,
//! `selective`, `shortened`, `conjunctive`, `continued`), normal or misère, by the rules in
//! cgt-rules' `misere` and `compounds` modules. Results are outcomes, with the rule that
//! decided them and each component's quantity as extras.

use cgt_rules::compounds::{self, ComponentValue, Compound, Convention, Decision, Restricted};
use cgt_rules::heap::{Component, HeapError};
use cgt_rules::misere::{self, MisereRule};
use cgt_syntax::{CallArg, Diagnostic, Expr, ExprKind, Span, SumOp};

use crate::Session;
use crate::context::{Computed, Ctx};
use crate::functions::compound::compound_of;
use crate::registry::Call;
use crate::rulesets::heaps;
use crate::value::{EvalResult, Value, gave_up, gave_up_because};

const HEAPS: &str = "nim[...], stones[...] take=[...], octal[...] code=..., kayles[...] or dawson[...]";

impl Session {
    /// `misere G`: G a sum of heap games, or a compound call.
    pub(crate) fn misere(&mut self, operand: &Expr, ctx: &Ctx) -> EvalResult<Computed> {
        if let ExprKind::Call { name, args } = &operand.node
            && let Some(c) = compound_of(&name.node)
        {
            let def = crate::registry::function(&name.node).expect("compounds are functions");
            let call = Call { name, args, span: &operand.span, def };
            return self.compound(c, Convention::Misere, &call, ctx);
        }
        let parts = self.components_of(operand)?;
        let r = misere::evaluate(&parts, ctx.budget).map_err(|e| heap_error(e, &operand.span, ctx))?;
        let rule = match r.rule {
            MisereRule::MisereNim => "misère Nim rule".to_string(),
            MisereRule::TameSum => format!("tame sum: pair ({}, {})", r.pair.normal, r.pair.misere),
            MisereRule::Search => format!("search (wild): pair ({}, {})", r.pair.normal, r.pair.misere),
        };
        Ok(Computed::plain(Value::Outcome(r.outcome)).with_extra("rule", rule))
    }

    /// A compound of heap components, each argument one heap.
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
                    "arity",
                    call.span.clone(),
                    format!("`{}` needs at least one component", call.name.node),
                )
                .with_hint(format!("write `{}`, each component a heap: {HEAPS}", call.def.signature)),
            ));
        }
        let mut parts = Vec::new();
        for a in call.args {
            let CallArg::Expr(e) = a else {
                return Err(Box::new(Diagnostic::error(
                    "argument",
                    call.span.clone(),
                    format!("each component is a heap: {HEAPS}"),
                )));
            };
            let mut p = self.components_of(e)?;
            if p.len() != 1 {
                return Err(Box::new(
                    Diagnostic::error("argument", e.span.clone(), "a component of a compound is one heap")
                        .with_hint("give each heap as its own argument: diminished(nim[3], nim[4])"),
                ));
            }
            parts.append(&mut p);
        }
        let r = compounds::evaluate(c, convention, &parts, ctx.budget).map_err(|e| heap_error(e, call.span, ctx))?;
        let values: Vec<String> = r.components.iter().map(component_value).collect();
        Ok(Computed::plain(Value::Outcome(r.outcome))
            .with_extra("rule", decision(r.decision))
            .with_extra("components", values.join(", ")))
    }

    /// Whether every argument of a compound call is a heap game or a sum of them, so that the
    /// heap rules apply (`selective` and `conjunctive` take other games too).
    pub(crate) fn heap_arguments(&mut self, call: &Call) -> bool {
        call.args.iter().all(|a| matches!(a, CallArg::Expr(e) if self.components_of(e).is_ok()))
    }

    /// The heap components of an expression: heap rulesets and their sums.
    fn components_of(&mut self, e: &Expr) -> EvalResult<Vec<Component>> {
        let not_heaps = |s: &Span| {
            Box::new(
                Diagnostic::error("type", s.clone(), "misère play and compounds apply to impartial heap games")
                    .with_hint(format!("use {HEAPS}, or sums of them")),
            )
        };
        match &e.node {
            ExprKind::Sum(first, rest) => {
                let mut out = self.components_of(first)?;
                for (op, t) in rest {
                    if op.node == SumOp::Sub {
                        return Err(not_heaps(&op.span));
                    }
                    out.extend(self.components_of(t)?);
                }
                Ok(out)
            }
            ExprKind::Ruleset(r) => {
                let rule = self.position_rule(r).ok_or_else(|| not_heaps(&e.span))??;
                let sizes = heaps(&r.args, "nim[3, 4]")?;
                Ok(sizes.into_iter().map(|heap| Component { rule: rule.clone(), heap }).collect())
            }
            _ => Err(not_heaps(&e.span)),
        }
    }
}

/// A failed heap computation: a budget or a limit reached ("gave up"), or misuse (an error).
fn heap_error(e: HeapError, span: &Span, ctx: &Ctx) -> Box<Diagnostic> {
    match e {
        HeapError::Exhausted(x) => gave_up(x, span.clone(), ctx.budget),
        HeapError::NoComponents => Box::new(Diagnostic::error("arity", span.clone(), e.to_string())),
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

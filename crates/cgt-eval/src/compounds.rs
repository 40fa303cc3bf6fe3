//! Misère play (`misere G`) and the compounds of impartial heap games (`diminished(G, H)`,
//! `selective`, `shortened`, `conjunctive`, `continued`), normal or misère, by the rules in
//! cgt-rules' `misere` and `compounds` modules. Results are outcomes, with the rule that
//! decided them and each component's quantity as extras.

use cgt_core::Budget;
use cgt_rules::compounds::{
    self, Component, ComponentValue, Compound, CompoundError, Convention, Decision, Restricted,
};
use cgt_rules::misere::{self, MisereRule};
use cgt_rules::octal::OctalCode;
use cgt_syntax::{CallArg, Diagnostic, Expr, ExprKind, Span, SumOp};

use crate::Session;
use crate::rulesets::partizan::heaps;
use crate::rulesets::{bad_setting, setting, setting_arg};
use crate::value::{EvalResult, Value, gave_up};

/// The compound named by a function, if it is one.
pub(crate) fn compound(name: &str) -> Option<Compound> {
    Some(match name {
        "diminished" => Compound::Diminished,
        "selective" => Compound::Selective,
        "shortened" => Compound::Shortened,
        "conjunctive" => Compound::Conjunctive,
        "continued" => Compound::Continued,
        _ => return None,
    })
}

const HEAPS: &str = "nim[...], stones[...] take=[...], octal[...] code=..., kayles[...] or dawson[...]";

impl Session {
    /// `misere G`: G a sum of heap games, or a compound call.
    pub(crate) fn misere(&mut self, operand: &Expr, src: &str, budget: &Budget) -> EvalResult<Value> {
        if let ExprKind::Call { name, args } = &operand.node
            && let Some(c) = compound(&name.node)
        {
            return self.compound(c, Convention::Misere, args, &operand.span, src, budget);
        }
        let parts = self.components_of(operand)?;
        let r = misere::evaluate(&parts, budget).map_err(|e| self.compound_error(e, &operand.span, budget))?;
        let rule = match r.rule {
            MisereRule::MisereNim => "misère Nim rule".to_string(),
            MisereRule::TameSum => format!("tame sum: pair ({}, {})", r.pair.normal, r.pair.misere),
            MisereRule::Search => format!("search (wild): pair ({}, {})", r.pair.normal, r.pair.misere),
        };
        self.extras.push(("rule".into(), rule));
        Ok(Value::Outcome(r.outcome))
    }

    /// A compound of heap components, each argument one heap.
    pub(crate) fn compound(
        &mut self,
        c: Compound,
        convention: Convention,
        args: &[CallArg],
        span: &Span,
        _src: &str,
        budget: &Budget,
    ) -> EvalResult<Value> {
        let mut parts = Vec::new();
        for a in args {
            let CallArg::Expr(e) = a else {
                return Err(Box::new(Diagnostic::error(
                    "argument",
                    span.clone(),
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
        let r = compounds::evaluate(c, convention, &parts, budget).map_err(|e| self.compound_error(e, span, budget))?;
        self.extras.push(("rule".into(), decision(r.decision)));
        let values: Vec<String> = r.components.iter().map(component_value).collect();
        self.extras.push(("components".into(), values.join(", ")));
        Ok(Value::Outcome(r.outcome))
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
                let example = "nim[3, 4]";
                let sizes = heaps(&r.args, example)?;
                let rule = match r.name.node.as_str() {
                    "nim" if setting(r, "k").is_none() => compounds::HeapRule::Nim,
                    "stones" => {
                        let list = setting(r, "take").and_then(crate::rulesets::setting_list);
                        let list = list.ok_or_else(|| bad_setting(r, "take", "stones[5] take=[1, 2]"))?;
                        let take = heaps(list, "stones[5] take=[1, 2]")?;
                        let game = cgt_rules::subtraction::SubtractionGame::new(&take).map_err(|err| {
                            Box::new(Diagnostic::error("setting", r.name.span.clone(), err.to_string()))
                        })?;
                        compounds::HeapRule::Subtraction(game)
                    }
                    "kayles" => compounds::HeapRule::Octal(OctalCode::kayles()),
                    "dawson" => compounds::HeapRule::Octal(OctalCode::dawson()),
                    "octal" => {
                        let code = setting(r, "code").and_then(setting_arg).and_then(|a| match &a.kind {
                            cgt_syntax::RuleArgKind::Decimal(d) => OctalCode::parse(d).ok(),
                            _ => None,
                        });
                        compounds::HeapRule::Octal(code.ok_or_else(|| bad_setting(r, "code", "octal[5] code=0.137"))?)
                    }
                    _ => return Err(not_heaps(&e.span)),
                };
                Ok(sizes.into_iter().map(|heap| Component { rule: rule.clone(), heap }).collect())
            }
            _ => Err(not_heaps(&e.span)),
        }
    }

    fn compound_error(&self, e: CompoundError, span: &Span, budget: &Budget) -> Box<Diagnostic> {
        match e {
            CompoundError::Exhausted(x) => gave_up(x, span.clone(), budget),
            other => Box::new(Diagnostic::error("budget", span.clone(), format!("gave up: {other}")).warning()),
        }
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

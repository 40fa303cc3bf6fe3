//! Functions of the language (`outcome(G)`, `cf(G)`, ...): names, signatures and evaluation.

use cgt_core::{Budget, thermo};
use cgt_syntax::{CallArg, Diagnostic, Span, Spanned};

use crate::Session;
use crate::names::suggest;
use crate::value::{EvalResult, Value};

/// Every function of the language with its signature and a one-line description.
pub const FUNCTIONS: &[(&str, &str, &str)] = &[
    ("outcome", "outcome(G)", "the outcome class of G: L, R, P or N"),
    ("cf", "cf(G)", "the canonical form of G (the default display)"),
    ("options", "options(G)", "the Left and Right options of G's canonical form"),
    ("birthday", "birthday(G)", "the birthday of G's canonical form"),
    ("leftstop", "leftstop(G)", "the left stop of G"),
    ("rightstop", "rightstop(G)", "the right stop of G"),
    ("mean", "mean(G)", "the mean value of G"),
    ("temp", "temp(G)", "the temperature of G (numbers have negative temperature)"),
    ("thermograph", "thermograph(G)", "the thermograph of G: its walls and mast"),
    ("atomic", "atomic(G)", "the atomic weight of G, where defined"),
    ("grundy", "grundy(G) or grundy(RULE, a..b)", "the Grundy value of an impartial game, or a rule's Grundy sequence"),
    ("period", "period(RULE)", "the pre-period and period of a rule's Grundy sequence"),
    ("diminished", "diminished(G, H, ...)", "the diminished disjunctive compound"),
    ("selective", "selective(G, H, ...)", "the selective compound"),
    ("shortened", "shortened(G, H, ...)", "the shortened selective compound"),
    ("conjunctive", "conjunctive(G, H, ...)", "the conjunctive compound"),
    ("continued", "continued(G, H, ...)", "the continued conjunctive compound"),
];

/// Whether `name` is a function of the language.
pub(crate) fn is_known(name: &str) -> bool {
    FUNCTIONS.iter().any(|f| f.0 == name)
}

impl Session {
    /// Evaluates `name(args)`.
    pub(crate) fn call(
        &mut self,
        name: &Spanned<String>,
        args: &[CallArg],
        span: &Span,
        src: &str,
        budget: &Budget,
    ) -> EvalResult<Value> {
        let Some(&(_, signature, _)) = FUNCTIONS.iter().find(|f| f.0 == name.node) else {
            let mut d = Diagnostic::error("name", name.span.clone(), format!("unknown function `{}`", name.node));
            if let Some(s) = suggest(&name.node, FUNCTIONS.iter().map(|f| f.0)) {
                d = d.with_hint(format!("did you mean `{s}`?"));
            } else {
                let all: Vec<&str> = FUNCTIONS.iter().map(|f| f.0).collect();
                d = d.with_hint(format!("the functions are {}", all.join(", ")));
            }
            return Err(Box::new(d));
        };
        let game_arg = |this: &mut Session| -> EvalResult<cgt_core::game::GameId> {
            match args {
                [CallArg::Expr(e)] => this.game(e, src, budget),
                _ => Err(Box::new(
                    Diagnostic::error("arity", span.clone(), format!("`{}` takes one game", name.node))
                        .with_hint(format!("write `{signature}`")),
                )),
            }
        };
        match name.node.as_str() {
            name if crate::compounds::compound(name).is_some() => {
                let c = crate::compounds::compound(name).expect("checked");
                self.compound(c, cgt_rules::compounds::Convention::Normal, args, span, src, budget)
            }
            "outcome" => {
                let g = game_arg(self)?;
                self.lift(span, budget, |games, b| games.outcome(g, b)).map(Value::Outcome)
            }
            "cf" => game_arg(self).map(Value::Game),
            "options" => {
                if let [CallArg::Expr(e)] = args
                    && matches!(e.node, cgt_syntax::ExprKind::Ruleset(_))
                {
                    // A ruleset position lists its moves in its own notation.
                    let saved = self.top.replace(e.span.clone());
                    let value = self.eval(e, src, budget);
                    self.top = saved;
                    value?;
                    if let Some((l, r)) = self.moves.take() {
                        return Ok(Value::Moves(l, r));
                    }
                }
                let g = game_arg(self)?;
                if self.games.has_huge_options(g) {
                    let shown = self.games.display(g, self.style());
                    return Err(Box::new(
                        Diagnostic::error(
                            "budget",
                            span.clone(),
                            format!("gave up: {shown} has too many options to list"),
                        )
                        .warning()
                        .with_hint("a nimber *n has n options; nimbers above *65536 are only handled arithmetically"),
                    ));
                }
                Ok(Value::Options(self.games.left_options(g), self.games.right_options(g)))
            }
            "leftstop" | "rightstop" | "mean" | "temp" => {
                let g = game_arg(self)?;
                let f = match name.node.as_str() {
                    "leftstop" => thermo::left_stop,
                    "rightstop" => thermo::right_stop,
                    "mean" => thermo::mean,
                    _ => thermo::temperature,
                };
                self.lift(span, budget, |games, b| f(games, g, b)).map(Value::Number)
            }
            "thermograph" => {
                let g = game_arg(self)?;
                let t = self.lift(span, budget, |games, b| thermo::thermograph(games, g, b))?;
                Ok(Value::Thermograph(Box::new(t)))
            }
            "atomic" => {
                let g = game_arg(self)?;
                match cgt_core::atomic::atomic_weight(&mut self.games, g, budget) {
                    Ok(w) => Ok(self.games.as_number(w).map_or(Value::Game(w), Value::Number)),
                    Err(cgt_core::atomic::NoAtomicWeight::Exhausted(e)) => {
                        Err(crate::value::gave_up(e, span.clone(), budget))
                    }
                    Err(cgt_core::atomic::NoAtomicWeight::NotAllSmall) => {
                        let shown = self.games.display(g, self.style());
                        Err(Box::new(
                            Diagnostic::error("type", span.clone(), format!("{shown} has no atomic weight: it is not all-small"))
                                .with_hint("atomic weights are defined for all-small games: in every position, Left can move exactly when Right can"),
                        ))
                    }
                }
            }
            "birthday" => {
                let g = game_arg(self)?;
                Ok(Value::Number(cgt_core::Dyadic::integer(self.games.birthday(g))))
            }
            "grundy" => match args {
                [rule, CallArg::Range(r)] => {
                    let rule = self.heap_rule(rule)?;
                    let a = crate::numbers::big(&r.node.0, &r.span)?;
                    let b = crate::numbers::big(&r.node.1, &r.span)?;
                    let (Ok(a), Ok(b)) = (u64::try_from(&a), u64::try_from(&b)) else {
                        return Err(Box::new(Diagnostic::error(
                            "argument",
                            r.span.clone(),
                            "range ends must be below 2^64",
                        )));
                    };
                    self.grundy_range(&rule, a, b, span, budget)
                }
                _ => {
                    let g = game_arg(self)?;
                    match self.games.nim_value(g) {
                        Some(n) => Ok(Value::Game(self.games.nimber(n))),
                        None => {
                            let shown = self.games.display(g, self.style());
                            Err(Box::new(
                                Diagnostic::error("type", span.clone(), format!("{shown} is not impartial"))
                                    .with_hint("Grundy values are defined for impartial games (equal to a nimber *n)"),
                            ))
                        }
                    }
                }
            },
            "period" => match args {
                [rule] => {
                    let rule = self.heap_rule(rule)?;
                    self.period_of(&rule, span, budget)
                }
                _ => Err(Box::new(
                    Diagnostic::error("arity", span.clone(), "`period` takes one rule")
                        .with_hint(format!("write `{signature}`")),
                )),
            },
            other => Err(Box::new(
                Diagnostic::error("unsupported", name.span.clone(), format!("`{other}` is not implemented yet"))
                    .with_hint(format!(
                        "`{signature}` is part of the language and is planned; see the README for what works today"
                    )),
            )),
        }
    }
}

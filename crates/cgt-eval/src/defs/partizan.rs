//! Partizan rules (`rule NAME(PARAMS) = LEFT | RIGHT`): the value of a position is the game
//! whose Left and Right options are the values of the positions its lists name, by the
//! definition of a short game (Conway, *On Numbers and Games*, ch. 7; Siegel, *Combinatorial
//! Game Theory*, II.1), memoised per position like any call.
//!
//! An option is one position of the same rule (its parameters' values: one value, or a tuple
//! of as many values as the rule has parameters), a list of positions (the sum of their
//! values: a move that leaves several components, as a cut of Cutcake does), or `()` for
//! nothing left (0).

use std::sync::Arc;

use cgt_core::loopy::sides::{Sided, SidesError};
use cgt_core::loopy::stopper::{Stopper, StopperError};
use cgt_syntax::{Code, Diagnostic, RuleArg, RuleArgKind, Ruleset, Span};
use num_bigint::BigInt;

use super::machine::{Machine, fail};
use super::{DVal, Defs, Stop, stop};
use crate::context::{Computed, Ctx};
use crate::loopy::Loopy;
use crate::session::Session;
use crate::value::{EvalResult, Value, gave_up};

impl Machine<'_> {
    /// The values of one player's options of a position of rule `this`, from its list: a move
    /// to one position may be a move to a position still being built (the positions repeat: a
    /// loopy game, see `cycles.rs`); a move to a sum of positions needs their values.
    pub(super) fn side_options(
        &mut self,
        list: &DVal,
        this: usize,
        player: &str,
        span: &Span,
    ) -> Result<Vec<DVal>, Stop> {
        let DVal::List(options) = list else {
            let shown = self.show(list);
            return Err(fail(span, &format!("{player}'s options must be a list, not {shown}")));
        };
        let mut out = Vec::with_capacity(options.len());
        for o in options.iter() {
            let parts: &[DVal] = match o {
                DVal::List(xs) => xs,
                DVal::Tuple(xs) if xs.is_empty() => &[],
                x => std::slice::from_ref(x),
            };
            if let [p] = parts {
                let args = self.position_args(p, this, span)?;
                out.push(self.option_call((this, args))?);
                continue;
            }
            let mut sum = self.s.games.zero();
            for p in parts {
                let key = (this, self.position_args(p, this, span)?);
                let v = match self.defs.memo.get(&key) {
                    Some(v) => v.clone(),
                    None if self.defs.pending.contains(&key) => return Err(self.sum_in_cycle(&key, o, span)),
                    None if self.defs.open.contains_key(&key) => self.resolve_open(key)?,
                    None => return Err(Stop::Miss(key.0, key.1)),
                };
                if let DVal::Loopy(_) = v {
                    let shown = self.show(o);
                    let msg = format!(
                        "the move to the sum of positions {shown} includes a loopy game: sums of loopy positions \
                         are not built inside rules; add them in a statement (`{}(...) + ...`)",
                        self.defs.compiled[this].name
                    );
                    return Err(fail(span, &msg));
                }
                let g = self.as_game(&v, span)?;
                sum = self.s.games.add(sum, g, self.budget).map_err(Stop::Budget)?;
            }
            out.push(DVal::game(&self.s.games, sum));
        }
        Ok(out)
    }

    /// The error for a move to a sum of positions that reaches a position being evaluated.
    fn sum_in_cycle(&mut self, key: &super::cycles::Key, option: &DVal, span: &Span) -> Stop {
        let (call, shown) = (self.show_call(key.0, &key.1), self.show(option));
        fail(
            span,
            &format!(
                "the move to the sum of positions {shown} reaches {call} again: cgt builds loopy games from \
                 moves to single positions, and a sum in a cycle has no graph of positions it can build here"
            ),
        )
    }

    /// A position of rule `this` as the arguments of its parameters.
    fn position_args(&mut self, p: &DVal, this: usize, span: &Span) -> Result<Vec<DVal>, Stop> {
        let arity = self.defs.compiled[this].arity;
        match p {
            DVal::List(_) => {
                let shown = self.show(p);
                Err(fail(span, &format!("{shown} inside an option: a position is a number, a string or a tuple")))
            }
            DVal::Tuple(xs) if arity > 1 && xs.len() == arity => Ok(xs.to_vec()),
            _ if arity == 1 => Ok(vec![p.clone()]),
            _ => {
                let (name, shown) = (self.defs.compiled[this].name.clone(), self.show(p));
                Err(fail(span, &format!("a position of `{name}` is a tuple of {arity} values, not {shown}")))
            }
        }
    }
}

impl Session {
    /// Whether `name` is a partizan user rule.
    pub(crate) fn is_partizan_rule(&mut self, name: &str) -> bool {
        self.table::<Defs>().partizan(name).is_some()
    }

    /// Evaluates `NAME[x, ...]` for a partizan user rule: the sum of the positions' values.
    pub(crate) fn user_partizan_position(
        &mut self,
        r: &Ruleset,
        span: &Span,
        ctx: &Ctx,
    ) -> Option<EvalResult<Computed>> {
        let idx = self.table::<Defs>().partizan(&r.name.node)?;
        Some(self.partizan_sum(idx, r, span, ctx).map(Computed::plain))
    }

    fn partizan_sum(&mut self, idx: usize, r: &Ruleset, span: &Span, ctx: &Ctx) -> EvalResult<Value> {
        let arity = self.table::<Defs>().compiled[idx].arity;
        let mut values = Vec::with_capacity(r.args.len());
        for a in &r.args {
            let args = position_of_arg(&r.name.node, a, arity)?;
            values.push(self.with_machine(ctx.budget, |m| m.call(idx, args)).map_err(|s| stop(s, span, ctx))?);
        }
        if values.iter().any(|v| matches!(v, DVal::Loopy(_))) {
            return self.loopy_positions_sum(values, span, ctx);
        }
        let mut sum = self.games.zero();
        for v in values {
            let g = match v {
                DVal::Int(n) => self.games.number(&cgt_core::Dyadic::integer(n.to_big())),
                DVal::Game(g) => g,
                _ => {
                    let msg = format!("`{}` did not give a game", r.name.node);
                    return Err(Box::new(Diagnostic::error(Code::Definition, span.clone(), msg)));
                }
            };
            sum = self.games.add(sum, g, ctx.budget).map_err(|e| gave_up(e, span.clone(), ctx.budget))?;
        }
        Ok(Value::Game(sum))
    }

    /// A sum of positions some of which are loopy: by their sides (Siegel, *CGT* ch. VI.4-5:
    /// `(G + H)+` is the onside of `G+ + H+`, and likewise for offsides).
    fn loopy_positions_sum(&mut self, values: Vec<DVal>, span: &Span, ctx: &Ctx) -> EvalResult<Value> {
        let no_sides = || {
            Box::new(Diagnostic::error(
                Code::Loopy,
                span.clone(),
                "cgt found no stoppers for the sides of a position of this sum, so the sum has no value it can give",
            ))
        };
        let mut acc: Option<Sided> = None;
        for v in values {
            let s = match v {
                DVal::Loopy(l) => match &*l.0 {
                    Loopy::Stopper(s) => Sided::from_stopper((**s).clone()),
                    Loopy::Sided(s) => (**s).clone(),
                    _ => return Err(no_sides()),
                },
                DVal::Int(n) => {
                    let g = self.games.number(&cgt_core::Dyadic::integer(n.to_big()));
                    self.short_sided(g, span, ctx)?
                }
                DVal::Game(g) => self.short_sided(g, span, ctx)?,
                _ => {
                    return Err(Box::new(Diagnostic::error(
                        Code::Definition,
                        span.clone(),
                        "a position did not give a game",
                    )));
                }
            };
            acc = Some(match acc {
                None => s,
                Some(a) => a.add(&s, ctx.budget).map_err(|e| match e {
                    SidesError::Exhausted(x) => gave_up(x, span.clone(), ctx.budget),
                    _ => no_sides(),
                })?,
            });
        }
        let sum = acc.expect("a loopy term was found");
        self.sided_value(sum, span, ctx)
    }

    fn short_sided(&mut self, g: cgt_core::game::GameId, span: &Span, ctx: &Ctx) -> EvalResult<Sided> {
        match Stopper::from_short(&mut self.games, g, ctx.budget) {
            Ok(s) => Ok(Sided::from_stopper(s)),
            Err(StopperError::Exhausted(x)) => Err(gave_up(x, span.clone(), ctx.budget)),
            Err(e) => Err(Box::new(Diagnostic::error(Code::Loopy, span.clone(), format!("this is {e}")))),
        }
    }
}

/// One argument of `NAME[...]` as the values of a position's parameters: a number or a word
/// for a rule of one parameter, `WxH` for a rule of two.
fn position_of_arg(name: &str, a: &RuleArg, arity: usize) -> EvalResult<Vec<DVal>> {
    let int = |s: &str| s.parse::<BigInt>().ok().map(|n| DVal::Int(super::Int::big(n)));
    let args = match (&a.kind, arity) {
        (RuleArgKind::Int(s), 1) => int(s).map(|v| vec![v]),
        (RuleArgKind::Str(s) | RuleArgKind::Word(s), 1) => Some(vec![DVal::Str(Arc::from(s.as_str()))]),
        (RuleArgKind::Dims(w, h), 2) => int(w).zip(int(h)).map(|(w, h)| vec![w, h]),
        _ => None,
    };
    args.ok_or_else(|| {
        let example = match arity {
            1 => format!("`{name}[5]` or `{name}[\"LR.\"]`"),
            2 => format!("`{name}[3x4]`"),
            _ => format!("`{name}(...)` with {arity} values"),
        };
        Box::new(
            Diagnostic::error(
                Code::Argument,
                a.span.clone(),
                format!("a position of `{name}` is {arity} value(s): write it as {example}"),
            )
            .with_hint(format!("any position can be written as a call: `{name}(...)`")),
        )
    })
}

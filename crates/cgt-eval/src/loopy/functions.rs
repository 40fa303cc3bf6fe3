//! Functions of the registry on loopy games, where the theory defines them: the outcome class
//! of any loopy game (docs/src/theory/stoppers.md), and `Tiny(G) = {0 || 0 | -G}`,
//! `Miny(G) = {G | 0 || 0}` of a stopper `G` (a game literal with a loopy option, built as any
//! such literal is: WW ch. 11, CGT VI.1); the stops, degree and variety of a stopper
//! (`cgt_core::loopy::stops`).

use cgt_core::loopy::graph::{self as lgraph, LoopyOutcome, Player};
use cgt_core::loopy::stopper::{Stopper, StopperError};
use cgt_core::loopy::stops::{self, Pseudo, StopsError};
use cgt_syntax::{Code, Diagnostic, Expr, ExprKind, NumberLit, Nus, Span, Spanned, UnaryOp};

use super::Loopy;
use crate::context::{Computed, Ctx};
use crate::session::Session;
use crate::value::{EvalResult, Value, gave_up};

impl Session {
    /// The outcome class of a loopy value: L, R, P, N as for short games, or the classes with
    /// draws (D, and the hatted and checked classes) as text.
    pub(crate) fn loopy_outcome(&mut self, l: &Loopy, span: &cgt_syntax::Span, ctx: &Ctx) -> EvalResult<Value> {
        let budget = ctx.budget;
        let o = match l {
            Loopy::Stopper(s) => s.outcome_class(budget),
            Loopy::Sided(s) => s.outcome_class(budget),
            Loopy::Unsided(g) => match lgraph::outcome_class(g, 0, budget) {
                Ok(Some(o)) => Ok(o),
                Ok(None) => return Ok(Value::Text("(no outcome class found)".to_string())),
                Err(e) => Err(e),
            },
            Loopy::Impartial(g) => return Ok(Value::Text(g.outcome().to_string())),
        }
        .map_err(|e| gave_up(e, span.clone(), budget))?;
        use cgt_core::game::Outcome;
        Ok(match o {
            LoopyOutcome::L => Value::Outcome(Outcome::L),
            LoopyOutcome::R => Value::Outcome(Outcome::R),
            LoopyOutcome::P => Value::Outcome(Outcome::P),
            LoopyOutcome::N => Value::Outcome(Outcome::N),
            other => Value::Text(other.to_string()),
        })
    }

    /// The options of a stopper's simplest form, each a stopper (the followers of a stopper
    /// are stoppers), as `Left: ...; Right: ...`.
    pub(crate) fn stopper_options(&mut self, s: &Stopper, span: &cgt_syntax::Span, ctx: &Ctx) -> EvalResult<Value> {
        let mut side = |player| -> EvalResult<Vec<String>> {
            let mut out = Vec::new();
            for &v in s.graph().options(player, 0) {
                let follower = Stopper::new(s.graph(), v, ctx.budget).map_err(|e| match e {
                    StopperError::Exhausted(x) => gave_up(x, span.clone(), ctx.budget),
                    other => Box::new(cgt_syntax::Diagnostic::error(
                        cgt_syntax::Code::Internal,
                        span.clone(),
                        format!("a follower of a stopper is not a stopper: {other:?}"),
                    )),
                })?;
                out.push(self.show_loopy(&Loopy::Stopper(Box::new(follower))));
            }
            Ok(out)
        };
        let (l, r) = (side(Player::Left)?, side(Player::Right)?);
        let list = |xs: Vec<String>| if xs.is_empty() { "none".to_string() } else { xs.join(", ") };
        Ok(Value::Text(format!("Left: {}; Right: {}", list(l), list(r))))
    }

    /// `Tiny(G)` (`tiny` true) or `Miny(G)` of the loopy game written `e`, as the literal
    /// `{0 || 0 | -G}` or `{G | 0 || 0}` around it.
    pub(crate) fn loopy_tiny(&mut self, tiny: bool, e: &Expr, ctx: &Ctx) -> EvalResult<Computed> {
        let at = |kind| Expr::new(kind, e.span.clone());
        let zero = || {
            let lit = NumberLit { negative: false, numerator: "0".into(), denominator: None };
            let nus = Nus {
                number: Some(Spanned::new(lit, e.span.clone())),
                ups: None,
                star: None,
                uptimal: None,
                pseudo: None,
            };
            at(ExprKind::Nus(Box::new(nus)))
        };
        let literal = if tiny {
            let neg = at(ExprKind::Unary(vec![Spanned::new(UnaryOp::Neg, e.span.clone())], Box::new(e.clone())));
            let inner = at(ExprKind::Game { left: vec![zero()], right: vec![neg] });
            at(ExprKind::Game { left: vec![zero()], right: vec![inner] })
        } else {
            let inner = at(ExprKind::Game { left: vec![e.clone()], right: vec![zero()] });
            at(ExprKind::Game { left: vec![inner], right: vec![zero()] })
        };
        self.eval_computed(&literal, ctx)
    }
}

/// What a function defined on stoppers computes (`cgt_core::loopy::stops`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum OfStopper {
    /// The left stop (`true`) or the right stop (`false`): a pseudonumber.
    Stop(bool),
    /// The degree of loopiness.
    Degree,
    /// The variety.
    Variety,
}

impl Session {
    /// `leftstop`, `rightstop`, `degree` or `variety` of the loopy value `l`, written at `arg`.
    pub(crate) fn of_stopper(&mut self, l: &Loopy, what: OfStopper, arg: &Span, ctx: &Ctx) -> EvalResult<Value> {
        let s = match l {
            Loopy::Stopper(s) => s,
            other => return Err(self.stoppers_only(other, what, arg, ctx)),
        };
        let budget = ctx.budget;
        let fail = |e: StopsError| match e {
            StopsError::Exhausted(x) => gave_up(x, arg.clone(), budget),
            other => Box::new(
                Diagnostic::error(
                    Code::Loopy,
                    arg.clone(),
                    format!("`{}`: {other}", ctx.src.get(arg.clone()).unwrap_or("this value")),
                )
                .with_hint("the variety of G is defined when the degree of G (its onside of G - G) is idempotent"),
            ),
        };
        let result = match what {
            OfStopper::Stop(left) => {
                let (l, r) = stops::stops(s, &mut self.games, budget).map_err(fail)?;
                match if left { l } else { r } {
                    Pseudo::Number(x) => return Ok(Value::Number(x)),
                    p => p.to_stopper(&mut self.games, budget).map_err(|e| fail(e.into()))?,
                }
            }
            OfStopper::Degree => stops::degree(s, &mut self.games, budget).map_err(fail)?,
            OfStopper::Variety => stops::variety(s, &mut self.games, budget).map_err(fail)?,
        };
        self.stopper_value(result, arg, ctx)
    }

    /// The error for a loopy value that is not a stopper, given to a function of stoppers.
    fn stoppers_only(&mut self, l: &Loopy, what: OfStopper, arg: &Span, ctx: &Ctx) -> Box<Diagnostic> {
        let name = match what {
            OfStopper::Stop(true) => "leftstop",
            OfStopper::Stop(false) => "rightstop",
            OfStopper::Degree => "degree",
            OfStopper::Variety => "variety",
        };
        let shown = self.show_loopy(l);
        let kind = match l {
            Loopy::Impartial(_) => "a game on a graph",
            _ => "a loopy game that is not a stopper",
        };
        Box::new(
            Diagnostic::error(
                Code::Loopy,
                arg.clone(),
                format!(
                    "`{}` is {shown}, {kind}: `{name}` is defined for stoppers",
                    ctx.src.get(arg.clone()).unwrap_or("this value")
                ),
            )
            .with_hint("take one side with `onside(G)` or `offside(G)`: each side is a stopper"),
        )
    }
}

//! Operations on loopy values given as values, without the expressions they were written as:
//! sums, negatives, `±` and comparisons, computed as statements compute them (the graph of the
//! sum, side by side for sided values; generalised Sprague–Grundy values for games on graphs).
//! Definition bodies use these (`defs/loopy_ops.rs`); errors point at `span`.

use cgt_core::game::Comparison;
use cgt_core::loopy::gsg::{self, Gsg};
use cgt_core::loopy::stopper::{Stopper, StopperError};
use cgt_syntax::{Code, Diagnostic, Span, SumOp};
use num_bigint::BigInt;
use num_traits::{Signed, ToPrimitive};

use super::{Loopy, impartial_only};
use crate::context::Ctx;
use crate::session::Session;
use crate::value::{EvalResult, Value, gave_up};

impl Session {
    /// `a + b` (or `a - b` when `sub`) where one of them is loopy.
    pub(crate) fn loopy_value_sum(
        &mut self,
        a: Value,
        b: Value,
        sub: bool,
        span: &Span,
        ctx: &Ctx,
    ) -> EvalResult<Value> {
        let impartial = |v: &Value| matches!(v, Value::Loopy(Loopy::Impartial(_)));
        if impartial(&a) || impartial(&b) {
            // -G is G for an impartial game, so a difference is a sum.
            let parts = [self.gsg_value(&a, span)?, self.gsg_value(&b, span)?];
            return Ok(Value::Loopy(Loopy::Impartial(gsg::sum_value(&parts))));
        }
        let op = if sub { SumOp::Sub } else { SumOp::Add };
        self.sum_pair((a, span), (b, span), op, span, ctx)
    }

    /// `n * G`: n copies of a loopy G added one by one (copies of `-G` for a negative n).
    pub(crate) fn loopy_multiple(&mut self, n: &BigInt, v: Value, span: &Span, ctx: &Ctx) -> EvalResult<Value> {
        let Some(count) = n.magnitude().to_u64() else {
            return Err(Box::new(Diagnostic::error(Code::Argument, span.clone(), "too many copies of a loopy game")));
        };
        let v = if n.is_negative() { self.loopy_value_neg(v) } else { v };
        let mut acc = Value::Game(self.games.zero());
        for _ in 0..count {
            ctx.budget.check().map_err(|x| gave_up(x, span.clone(), ctx.budget))?;
            acc = self.loopy_value_sum(acc, v.clone(), false, span, ctx)?;
        }
        Ok(acc)
    }

    /// `-G` of a loopy G.
    pub(crate) fn loopy_value_neg(&mut self, v: Value) -> Value {
        match v {
            Value::Loopy(Loopy::Stopper(s)) => Value::Loopy(Loopy::Stopper(Box::new(s.neg()))),
            Value::Loopy(Loopy::Sided(s)) => Value::Loopy(Loopy::Sided(Box::new(s.neg()))),
            Value::Loopy(Loopy::Unsided(g)) => Value::Loopy(Loopy::Unsided(Box::new(g.negated()))),
            other => other,
        }
    }

    /// `±G = {G | -G}` of a loopy G.
    pub(crate) fn loopy_value_plus_minus(&mut self, v: Value, span: &Span, ctx: &Ctx) -> EvalResult<Value> {
        if matches!(v, Value::Loopy(Loopy::Impartial(_))) {
            return Err(impartial_only(span));
        }
        self.plus_minus_loopy(v, span, span, ctx)
    }

    /// How `a` compares with `b` when one of them is loopy: side by side.
    pub(crate) fn loopy_value_compare(&mut self, a: Value, b: Value, span: &Span, ctx: &Ctx) -> EvalResult<Comparison> {
        let x = self.sided_of(a, span, ctx)?;
        let y = self.sided_of(b, span, ctx)?;
        x.compare(&y, ctx.budget).map_err(|e| gave_up(e, span.clone(), ctx.budget))
    }

    /// `S & T` of two values (the onside of S, the offside of T).
    pub(crate) fn sides_of_values(&mut self, a: Value, b: Value, span: &Span, ctx: &Ctx) -> EvalResult<Value> {
        let (ta, tb) = (self.show(&a), self.show(&b));
        let x = self.sided_of(a, span, ctx)?;
        let y = self.sided_of(b, span, ctx)?;
        self.sides_value(x, y, (&ta, &tb), span, ctx)
    }

    /// The ordinal sum `G : H` of two values, of stoppers when one is loopy (as CGSuite takes it).
    pub(crate) fn ordinal_of_values(&mut self, a: Value, b: Value, span: &Span, ctx: &Ctx) -> EvalResult<Value> {
        let mut stoppers = Vec::with_capacity(2);
        for v in [a, b] {
            stoppers.push(match v {
                Value::Loopy(Loopy::Stopper(s)) => *s,
                Value::Loopy(_) => {
                    let shown = self.show(&v);
                    let msg = format!("{shown} is not a stopper: an ordinal sum with a loopy game is of stoppers");
                    return Err(Box::new(Diagnostic::error(Code::Loopy, span.clone(), msg)));
                }
                other => {
                    let g = self.as_game_at(other, span, ctx)?;
                    Stopper::from_short(&mut self.games, g, ctx.budget)
                        .map_err(|e| Box::new(Diagnostic::error(Code::Loopy, span.clone(), format!("this is {e}"))))?
                }
            });
        }
        let s = stoppers[0].ordinal_sum(&stoppers[1], ctx.budget).map_err(|e| match e {
            StopperError::Exhausted(x) => gave_up(x, span.clone(), ctx.budget),
            other => Box::new(Diagnostic::error(Code::Loopy, span.clone(), format!("this is {other}"))),
        })?;
        self.finish(s.graph().clone(), span, ctx)
    }

    /// The generalised Sprague–Grundy value of a game on a graph or a nimber.
    fn gsg_value(&mut self, v: &Value, span: &Span) -> EvalResult<Gsg> {
        match v {
            Value::Loopy(Loopy::Impartial(g)) => Ok(g.clone()),
            Value::Game(g) => self.games.nim_value(*g).map(Gsg::Finite).ok_or_else(|| impartial_only(span)),
            Value::Number(x) if x.is_zero() => Ok(Gsg::Finite(0)),
            _ => Err(impartial_only(span)),
        }
    }
}

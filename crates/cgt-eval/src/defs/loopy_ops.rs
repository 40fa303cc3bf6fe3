//! Loopy games in definition bodies: `+`, `-`, comparisons, whole multiples, negatives and `±`
//! of loopy values, and `S & T` and ordinal sums `G : H` of any games, computed by the session as statements compute them (`loopy/ops.rs`), so a
//! body can write `over + n` or `G >= on` as a statement can.

use cgt_syntax::{BinOp, Code, Diagnostic, PrefixOp, Span};
use num_bigint::BigInt;

use super::machine::{Machine, fail};
use super::{DVal, Stop, to_dval};
use crate::context::Ctx;
use crate::value::{EvalResult, Value};

type R<T> = Result<T, Stop>;

/// Whether a value can be a term of a sum of games.
fn gamelike(v: &DVal) -> bool {
    matches!(v, DVal::Int(_) | DVal::Game(_) | DVal::Loopy(_))
}

impl Machine<'_> {
    /// `a op b` where `a` or `b` is a loopy game.
    pub(super) fn loopy_binary(&mut self, op: BinOp, a: DVal, b: DVal, span: &Span) -> R<DVal> {
        match (op, &a, &b) {
            (BinOp::Add | BinOp::Sub, x, y) if gamelike(x) && gamelike(y) => {
                let (x, y) = (self.s.value_of_dval(&a), self.s.value_of_dval(&b));
                let v = self.with_ctx(span, |s, at, ctx| s.loopy_value_sum(x, y, op == BinOp::Sub, at, ctx))?;
                self.back(v, span)
            }
            (BinOp::Sides | BinOp::Ordinal, x, y) if gamelike(x) && gamelike(y) => {
                let (x, y) = (self.s.value_of_dval(&a), self.s.value_of_dval(&b));
                let v = self.with_ctx(span, |s, at, ctx| match op {
                    BinOp::Sides => s.sides_of_values(x, y, at, ctx),
                    _ => s.ordinal_of_values(x, y, at, ctx),
                })?;
                self.back(v, span)
            }
            (BinOp::Mul, DVal::Int(n), g) | (BinOp::Mul, g, DVal::Int(n)) if matches!(g, DVal::Loopy(_)) => {
                let (n, g) = (n.clone(), g.clone());
                self.loopy_multiple(&n.to_big(), g, span)
            }
            (BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge | BinOp::Confused, x, y)
                if gamelike(x) && gamelike(y) =>
            {
                let (x, y) = (self.s.value_of_dval(&a), self.s.value_of_dval(&b));
                let c = self.with_ctx(span, |s, at, ctx| s.loopy_value_compare(x, y, at, ctx))?;
                Ok(DVal::Bool(super::machine::holds(op, c)))
            }
            _ => {
                let (x, y) = (self.show(&a), self.show(&b));
                Err(fail(span, &format!("`{}` does not apply to {x} and {y}", super::machine::op_name(op))))
            }
        }
    }

    /// `-G` or `±G` of a loopy G.
    pub(super) fn loopy_prefix(&mut self, op: PrefixOp, v: DVal, span: &Span) -> R<DVal> {
        let value = self.s.value_of_dval(&v);
        let out = match op {
            PrefixOp::Neg => self.s.loopy_value_neg(value),
            PrefixOp::PlusMinus => self.with_ctx(span, |s, at, ctx| s.loopy_value_plus_minus(value, at, ctx))?,
            PrefixOp::Not => return Err(fail(span, "`not` needs true or false")),
        };
        self.back(out, span)
    }

    /// `n * G`: n copies of a loopy G added, as in statements.
    fn loopy_multiple(&mut self, n: &BigInt, g: DVal, span: &Span) -> R<DVal> {
        let v = self.s.value_of_dval(&g);
        let out = self.with_ctx(span, |s, at, ctx| s.loopy_multiple(n, v, at, ctx))?;
        self.back(out, span)
    }

    /// A constant in the statements' notation (an uptimal, a pseudonumber), as a statement
    /// reads it.
    pub(super) fn literal(&mut self, e: &cgt_syntax::Expr) -> R<DVal> {
        let v = self.with_ctx(&e.span, |s, _, ctx| s.eval(e, ctx))?;
        self.back(v, &e.span)
    }

    /// Runs a session function on loopy values with a context of its own (a body has no
    /// source text of the session's); its error becomes the body's, at `span`.
    fn with_ctx<T>(
        &mut self,
        span: &Span,
        f: impl FnOnce(&mut crate::session::Session, &Span, &Ctx) -> EvalResult<T>,
    ) -> R<T> {
        let ctx = Ctx { budget: self.budget, src: "", top: None, moves: false };
        f(self.s, &(0..0), &ctx).map_err(|d| self.stop_of(&d, span))
    }

    /// A session value back as a definition-language value.
    fn back(&mut self, v: Value, span: &Span) -> R<DVal> {
        to_dval(&v, &mut self.s.games).ok_or_else(|| fail(span, "this loopy operation did not give a game"))
    }

    fn stop_of(&mut self, d: &Diagnostic, span: &Span) -> Stop {
        // A budget diagnostic is the clock's when the deadline has passed, else memory's.
        if let Err(x) = self.budget.check_now() {
            return Stop::Budget(x);
        }
        if d.code == Code::Budget {
            return Stop::Budget(cgt_core::Exhausted::Memory);
        }
        fail(span, &d.message)
    }
}

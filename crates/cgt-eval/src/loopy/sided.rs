//! Sided values in the language (docs/src/theory/stoppers.md; Siegel *CGT* ch. VI.4-5, WW ch. 11): a loopy game
//! that is not a stopper is its sides `G+ & G-`, each a stopper in simplest form or, when it is
//! not a stopper (Bach's Carousel), a simplified loopy graph.
//!
//! A literal, sum or `±` with a sided term is built twice, once with each term's onside (the
//! game's onside is then taken) and once with each term's offside (its offside is taken): the
//! onside of a game depends only on the onsides of its parts, and `-H` contributes `-(H-)` to an
//! onside. Values compare side by side. A value whose sides are equal is that stopper, and a
//! stopper without a cycle in its simplest form is the short game it equals.

use cgt_core::loopy::graph::{LoopyGraph, Player};
use cgt_core::loopy::sides::{self, Side, Sided, SidesError};
use cgt_core::loopy::simplify::SideForm;
use cgt_core::loopy::stopper::Stopper;
use cgt_syntax::{Code, Diagnostic, Expr, Span, SumOp};

use super::{Loopy, append, impartial_only};
use crate::context::Ctx;
use crate::registry::Call;
use crate::report::StmtReport;
use crate::session::Session;
use crate::value::{EvalResult, Value, gave_up};

impl Session {
    /// The value whose onside is that of position 0 of `on` and whose offside is that of
    /// position 0 of `off` (the same graph when no part was sided).
    pub(crate) fn finish_sides(
        &mut self,
        on: &LoopyGraph,
        off: &LoopyGraph,
        span: &Span,
        ctx: &Ctx,
    ) -> EvalResult<Value> {
        let budget = ctx.budget;
        let onside = sides::side(on, 0, Side::On, budget);
        let offside = sides::side(off, 0, Side::Off, budget);
        let (a, b) = match (onside, offside) {
            (Ok(a), Ok(b)) => (a, b),
            (Err(SidesError::Exhausted(x)), _) | (_, Err(SidesError::Exhausted(x))) => {
                return Err(gave_up(x, span.clone(), budget));
            }
            (Err(SidesError::NotStopperSided(_)), _) | (_, Err(SidesError::NotStopperSided(_))) if on == off => {
                return Ok(Value::Loopy(Loopy::Unsided(Box::new(on.clone()))));
            }
            _ => return Err(loopy_error(span, "cgt found no stoppers for the sides of this game")),
        };
        match Sided::from_forms(a, b, budget).map_err(|x| gave_up(x, span.clone(), budget))? {
            Some(s) => self.sided_value(s, span, ctx),
            None => Err(loopy_error(span, "the onside found is not at least the offside")),
        }
    }

    /// A sided value as the language keeps it: the stopper when its sides are equal.
    pub(crate) fn sided_value(&mut self, s: Sided, span: &Span, ctx: &Ctx) -> EvalResult<Value> {
        match s.as_stopper(ctx.budget).map_err(|x| gave_up(x, span.clone(), ctx.budget))? {
            Some(st) => self.stopper_value(st.clone(), span, ctx),
            None => Ok(Value::Loopy(Loopy::Sided(Box::new(s)))),
        }
    }

    /// A stopper as the language keeps it: the short game it equals, if it is one.
    pub(super) fn stopper_value(&mut self, s: Stopper, span: &Span, ctx: &Ctx) -> EvalResult<Value> {
        match s.as_short(&mut self.games, ctx.budget) {
            Ok(Some(g)) => Ok(Value::Game(g)),
            Ok(None) => Ok(Value::Loopy(Loopy::Stopper(Box::new(s)))),
            Err(x) => Err(gave_up(x, span.clone(), ctx.budget)),
        }
    }

    /// `a + b` or `a - b` (each a value with its expression) where one of them is loopy, by
    /// the graph of the sum (of each side when a term is sided).
    pub(super) fn sum_pair(
        &mut self,
        (a, ea): (Value, &Span),
        (b, eb): (Value, &Span),
        op: SumOp,
        span: &Span,
        ctx: &Ctx,
    ) -> EvalResult<Value> {
        let mut graphs = Vec::with_capacity(2);
        for side in sides_of(&[a.clone(), b.clone()]) {
            let x = self.graph_of(a.clone(), ea, side, ctx)?;
            let y = match op {
                SumOp::Add => self.graph_of(b.clone(), eb, side, ctx)?,
                SumOp::Sub => self.graph_of(b.clone(), eb, other(side), ctx)?.negated(),
            };
            graphs.push(x.sum(0, &y, 0, ctx.budget).map_err(|x| gave_up(x, span.clone(), ctx.budget))?);
        }
        self.finish_graphs(graphs, span, ctx)
    }

    /// `±G = {G | -G}` for a loopy G.
    pub(super) fn plus_minus_loopy(&mut self, v: Value, operand: &Span, span: &Span, ctx: &Ctx) -> EvalResult<Value> {
        let mut graphs = Vec::with_capacity(2);
        for side in sides_of(std::slice::from_ref(&v)) {
            let mut graph = LoopyGraph::default();
            let root = graph.add_position();
            let l = self.graph_of(v.clone(), operand, side, ctx)?;
            let r = self.graph_of(v.clone(), operand, other(side), ctx)?.negated();
            let (l, r) = (append(&mut graph, &l), append(&mut graph, &r));
            graph.add_option(Player::Left, root, l).expect("both are positions");
            graph.add_option(Player::Right, root, r).expect("both are positions");
            graphs.push(graph);
        }
        self.finish_graphs(graphs, span, ctx)
    }

    /// The value of one graph, or of an onside graph and an offside graph.
    fn finish_graphs(&mut self, graphs: Vec<LoopyGraph>, span: &Span, ctx: &Ctx) -> EvalResult<Value> {
        let mut graphs = graphs.into_iter();
        match (graphs.next(), graphs.next()) {
            (Some(g), None) => self.finish(g, span, ctx),
            (Some(on), Some(off)) => self.finish_sides(&on, &off, span, ctx),
            _ => Err(loopy_error(span, "this game has no positions")),
        }
    }

    /// A game value as a sided value (a stopper or a short game is its own two sides).
    pub(super) fn sided_of(&mut self, v: Value, span: &Span, ctx: &Ctx) -> EvalResult<Sided> {
        match v {
            Value::Loopy(Loopy::Sided(s)) => Ok(*s),
            Value::Loopy(Loopy::Stopper(s)) => Ok(Sided::from_stopper(*s)),
            Value::Loopy(Loopy::Unsided(g)) => Err(self.not_stopper(&g, span, ctx)),
            Value::Loopy(Loopy::Impartial(_)) => Err(impartial_only(span)),
            other => {
                let g = self.as_game_at(other, span, ctx)?;
                let s = Stopper::from_short(&mut self.games, g, ctx.budget)
                    .map_err(|_| loopy_error(span, "this game is too large to compare with a loopy game"))?;
                Ok(Sided::from_stopper(s))
            }
        }
    }

    /// The outcome class of a sided value (its sides are in its printed form, `S & T`).
    pub(super) fn describe_sided(
        &mut self,
        s: &Sided,
        report: &mut StmtReport,
        budget: &cgt_core::Budget,
    ) -> EvalResult<()> {
        let o = s.outcome_class(budget).map_err(|e| gave_up(e, report.span.clone(), budget))?;
        report.outcome = Some(o.to_string());
        Ok(())
    }

    /// `onside(G)` or `offside(G)`: a stopper, or (when the side is not one) the game whose
    /// graph is the simplified side.
    pub(crate) fn side_call(&mut self, call: &Call, ctx: &Ctx, side: Side) -> EvalResult<Value> {
        let a = self.one_arg(call, "one game")?;
        let v = self.arg_value(a, ctx)?;
        let s = self.sided_of(v, &a.span(), ctx)?;
        let form = match side {
            Side::On => s.onside(),
            Side::Off => s.offside(),
        };
        match form {
            SideForm::Stopper(st) => self.stopper_value(st.clone(), call.span, ctx),
            SideForm::Loopy(l) => self.finish(l.graph().clone(), call.span, ctx),
        }
    }

    /// `S & T`: the value whose onside is the onside of S and whose offside is the offside of
    /// T. Stoppers are their own sides, so `2 & +-1` is read as written; a side that is not a
    /// stopper is written as the game it is the side of, with labels for its loops, as the
    /// printer writes it (`a{1|1,{1*|a||*}||0} & a{0,{1|||1*|a||*}|0}`), and its own side is
    /// taken. The onside must be at least the offside when both are stoppers ([`sides_ordered`]).
    pub(crate) fn sided_pair(&mut self, on: &Expr, off: &Expr, span: &Span, ctx: &Ctx) -> EvalResult<Value> {
        let (a, b) = (self.eval(on, ctx)?, self.eval(off, ctx)?);
        let a = self.sided_of(a, &on.span, ctx)?;
        let b = self.sided_of(b, &off.span, ctx)?;
        let (on, off) = (
            ctx.src.get(on.span.clone()).unwrap_or("this value"),
            ctx.src.get(off.span.clone()).unwrap_or("this value"),
        );
        self.sides_value(a, b, (on, off), span, ctx)
    }

    /// `S & T` of two values as sided values, `texts` naming them in the error.
    pub(crate) fn sides_value(
        &mut self,
        a: Sided,
        b: Sided,
        texts: (&str, &str),
        span: &Span,
        ctx: &Ctx,
    ) -> EvalResult<Value> {
        let budget = ctx.budget;
        let ordered = sides_ordered(&a, &b, budget).map_err(|x| gave_up(x, span.clone(), budget))?;
        let made = match ordered {
            true => Sided::from_forms(a.onside().clone(), b.offside().clone(), budget)
                .map_err(|x| gave_up(x, span.clone(), budget))?,
            false => None,
        };
        match made {
            Some(s) => self.sided_value(s, span, ctx),
            None => Err(Box::new(
                Diagnostic::error(Code::Loopy, span.clone(), "the onside of `G & H` must be at least its offside")
                    .with_hint(format!("the onside of `{}` is not >= the offside of `{}`", texts.0, texts.1)),
            )),
        }
    }
}

/// Whether the onside of `a` is at least the offside of `b`, when both are stoppers (the
/// stopper order; Siegel, *CGT* ch. VI.5, defines `S & T` for stoppers S >= T). A side that is
/// not a stopper has no order with the other side to check here: the pair is taken as
/// written, as `Sided::from_forms` takes the two sides it is given, and its comparisons and
/// outcome are computed from the two sides.
fn sides_ordered(a: &Sided, b: &Sided, budget: &cgt_core::Budget) -> Result<bool, cgt_core::Exhausted> {
    match (a.onside().as_stopper(), b.offside().as_stopper()) {
        (Some(x), Some(y)) => y.leq(x, budget),
        _ => Ok(true),
    }
}

/// The sides a literal or sum is built for: both when a part is sided, else one graph.
pub(super) fn sides_of(values: &[Value]) -> Vec<Side> {
    if values.iter().any(|v| matches!(v, Value::Loopy(Loopy::Sided(_)))) {
        vec![Side::On, Side::Off]
    } else {
        vec![Side::On]
    }
}

/// The graph of one side of a sided value.
pub(crate) fn side_graph(s: &Sided, side: Side) -> &LoopyGraph {
    match side {
        Side::On => s.onside().graph(),
        Side::Off => s.offside().graph(),
    }
}

fn other(side: Side) -> Side {
    match side {
        Side::On => Side::Off,
        Side::Off => Side::On,
    }
}

/// The error for a sided value where a stopper is needed.
pub(super) fn not_a_stopper(_s: &Sided, e: &Expr, ctx: &Ctx) -> Box<Diagnostic> {
    Box::new(
        Diagnostic::error(
            Code::Loopy,
            e.span.clone(),
            format!(
                "`{}` is not a stopper: its onside and offside differ",
                ctx.src.get(e.span.clone()).unwrap_or("this value")
            ),
        )
        .with_hint("take one side with `onside(G)` or `offside(G)`"),
    )
}

fn loopy_error(span: &Span, msg: &str) -> Box<Diagnostic> {
    Box::new(Diagnostic::error(Code::Loopy, span.clone(), msg.to_string()))
}

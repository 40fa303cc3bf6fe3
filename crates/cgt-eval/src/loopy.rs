//! Loopy games (docs/src/theory/stoppers.md): game literals with `pass` and labels (`x{0 | x}`), the constants
//! `on`, `off`, `over`, `under`, `dud` and `upon`, and what the language does with them.
//!
//! A loopy value is built as a [`LoopyGraph`] (a literal's positions, with `pass` and labels as
//! moves back, short games and stoppers embedded by their positions) and then made a stopper
//! in simplest form; a stopper whose simplest form has no cycle is the short game it equals,
//! so short games stay in the arena. Stoppers add, negate, take ordinal sums and compare. A
//! loopy game that is not a stopper (`dud`, `on + off`) has for its value its sides, `G & H`
//! (onside & offside, each a stopper in simplest form, or a simplified loopy graph when it is
//! not a stopper, as for Bach's Carousel; see `loopy/sided.rs`). `Unsided` is kept only for a
//! side whose simplification fails its final check against the game (never seen): its outcome
//! class is given, and showing or comparing it is an error that says so.
//!
//! Games on graphs are impartial loopy games: their value is their generalised Sprague–Grundy
//! value ([`Loopy::Impartial`]), shown as win, loss or draw with the value as the extra `gsg`.
//! A sum with a game on a graph is evaluated by Smith's theorem from the values of its terms,
//! which must be games on graphs or nimbers.

use cgt_core::Budget;
use cgt_core::game::Comparison;
use cgt_core::loopy::graph::{self as lgraph, LoopyGraph, Player};
use cgt_core::loopy::gsg::{self, Gsg};
use cgt_core::loopy::sides::{Side, Sided};
use cgt_core::loopy::stopper::{Stopper, StopperError};
use cgt_syntax::{Code, Diagnostic, Expr, ExprKind, Span, Stmt, StmtKind, SumOp, UnaryOp};

use crate::context::Ctx;
use crate::report::StmtReport;
use crate::session::Session;
use crate::value::{EvalResult, Value, gave_up};

/// The hint of every error about a game whose sides are not stoppers.
const SIDES: &str =
    "cgt could not give its sides (onside & offside): a simplified side failed its check against the game";

/// A literal, names and labels as the builder sees them.
struct Builder {
    graph: LoopyGraph,
    /// Labels in scope, innermost last, with their positions.
    labels: Vec<(String, usize)>,
    /// Which side of a sided option (`dud`) stands for it.
    side: Side,
    /// Whether an option was a sided value (so the literal is built once for each side).
    saw_sided: bool,
}

impl Default for Builder {
    fn default() -> Self {
        Builder { graph: LoopyGraph::default(), labels: Vec::new(), side: Side::On, saw_sided: false }
    }
}

impl Session {
    /// The value of a name: a `let` name, else a loopy constant.
    pub(crate) fn name_value(&mut self, name: &str, span: &Span, ctx: &Ctx) -> EvalResult<Value> {
        if self.env.contains_key(name) {
            return self.lookup(name, span);
        }
        if let Some(l) = self.constant(name) {
            return Ok(Value::Loopy(l));
        }
        self.lookup(name, span).map_err(|d| if is_label(ctx.src, name) { label_outside(name, span) } else { d })
    }

    fn constant(&mut self, name: &str) -> Option<Loopy> {
        constant(&mut self.games, name)
    }

    /// A game literal `{L | R}` or a labelled one `x{L | R}`: a short game unless it has `pass`,
    /// labels or loopy options.
    pub(crate) fn game_literal(&mut self, e: &Expr, ctx: &Ctx) -> EvalResult<Value> {
        if has_loopy_syntax(e) {
            let mut b = Builder::default();
            self.build(e, &mut b, ctx)?;
            if !b.saw_sided {
                return self.finish(b.graph, &e.span, ctx);
            }
            let mut off = Builder { side: Side::Off, ..Builder::default() };
            self.build(e, &mut off, ctx)?;
            return self.finish_sides(&b.graph, &off.graph, &e.span, ctx);
        }
        let ExprKind::Game { left, right } = &e.node else {
            return Err(Box::new(Diagnostic::error(Code::Syntax, e.span.clone(), "this could not be parsed")));
        };
        let mut values = Vec::with_capacity(left.len() + right.len());
        for o in left.iter().chain(right) {
            values.push(self.eval(o, ctx)?);
        }
        if values.iter().any(|v| matches!(v, Value::Loopy(_))) {
            let mut graphs = Vec::with_capacity(2);
            for side in sides_of(&values) {
                let mut graph = LoopyGraph::default();
                let root = graph.add_position();
                for (i, (o, v)) in left.iter().chain(right).zip(&values).enumerate() {
                    let w = self.embed(&mut graph, v.clone(), &o.span, side, ctx)?;
                    let player = if i < left.len() { Player::Left } else { Player::Right };
                    graph.add_option(player, root, w).expect("both are positions");
                }
                graphs.push(graph);
            }
            return match graphs.as_slice() {
                [g] => self.finish(g.clone(), &e.span, ctx),
                [on, off] => self.finish_sides(on, off, &e.span, ctx),
                _ => unreachable!("one graph, or one for each side"),
            };
        }
        let mut games = Vec::with_capacity(values.len());
        for (o, v) in left.iter().chain(right).zip(values) {
            games.push(self.as_game(v, o, ctx)?);
        }
        let (l, r) = games.split_at(left.len());
        Ok(Value::Game(self.lift(&e.span, ctx.budget, |g, b| g.from_options(l, r, b))?))
    }

    /// Adds the positions of a literal (labelled or not) to the builder; returns its position.
    fn build(&mut self, e: &Expr, b: &mut Builder, ctx: &Ctx) -> EvalResult<usize> {
        let (label, body) = match &e.node {
            ExprKind::Labelled { label, body } => (Some(label), body.as_ref()),
            _ => (None, e),
        };
        let ExprKind::Game { left, right } = &body.node else {
            return Err(Box::new(Diagnostic::error(Code::Syntax, body.span.clone(), "this could not be parsed")));
        };
        let v = b.graph.add_position();
        if let Some(l) = label {
            b.labels.push((l.node.clone(), v));
        }
        for (player, side) in [(Player::Left, left), (Player::Right, right)] {
            for o in side {
                let w = self.option(o, v, b, ctx)?;
                b.graph.add_option(player, v, w).expect("both are positions");
            }
        }
        if label.is_some() {
            b.labels.pop();
        }
        Ok(v)
    }

    /// The position an option of the literal at position `v` moves to.
    fn option(&mut self, o: &Expr, v: usize, b: &mut Builder, ctx: &Ctx) -> EvalResult<usize> {
        if let ExprKind::Name(n) = &o.node
            && let Some(&(_, w)) = b.labels.iter().rev().find(|(l, _)| l == n)
        {
            return Ok(w);
        }
        match &o.node {
            ExprKind::Pass => Ok(v),
            ExprKind::Game { .. } | ExprKind::Labelled { .. } => self.build(o, b, ctx),
            _ => {
                let stmt = Stmt { kind: StmtKind::Expr(o.clone()), span: o.span.clone() };
                // Only plain names can be labels: a call `x(3)` or a position `x[3]` is not.
                let used = cgt_syntax::name_refs(&stmt);
                let mut plain = used.iter().filter(|r| r.role == cgt_syntax::NameRole::Value).map(|r| &r.name);
                if let Some(n) = plain.find(|n| b.labels.iter().any(|(l, _)| *l == n.node)) {
                    return Err(label_outside(&n.node, &n.span));
                }
                let value = self.eval(o, ctx)?;
                b.saw_sided |= matches!(value, Value::Loopy(Loopy::Sided(_)));
                self.embed(&mut b.graph, value, &o.span, b.side, ctx)
            }
        }
    }

    /// Adds the positions of a value (a short game or a loopy game; `side` of a sided value) to
    /// `graph`; returns its position.
    fn embed(&mut self, graph: &mut LoopyGraph, v: Value, span: &Span, side: Side, ctx: &Ctx) -> EvalResult<usize> {
        match v {
            Value::Loopy(Loopy::Stopper(s)) => Ok(append(graph, s.graph())),
            Value::Loopy(Loopy::Sided(s)) => Ok(append(graph, side_graph(&s, side))),
            Value::Loopy(Loopy::Unsided(g)) => Ok(append(graph, &g)),
            Value::Loopy(Loopy::Impartial(_)) => Err(impartial_only(span)),
            other => {
                let g = self.as_game_at(other, span, ctx)?;
                self.lift(span, ctx.budget, |games, b| graph.add_short(games, g, b))
            }
        }
    }

    /// The value of position 0 of `graph`: a short game, a stopper in simplest form, or a game
    /// that is not a stopper.
    pub(crate) fn finish(&mut self, graph: LoopyGraph, span: &Span, ctx: &Ctx) -> EvalResult<Value> {
        match Stopper::new(&graph, 0, ctx.budget) {
            Ok(s) => match s.as_short(&mut self.games, ctx.budget) {
                Ok(Some(g)) => Ok(Value::Game(g)),
                Ok(None) => Ok(Value::Loopy(Loopy::Stopper(Box::new(s)))),
                Err(x) => Err(gave_up(x, span.clone(), ctx.budget)),
            },
            Err(StopperError::NotStopper) => {
                let graph = graph.reachable(0).0;
                self.finish_sides(&graph, &graph, span, ctx)
            }
            Err(StopperError::Exhausted(x)) => Err(gave_up(x, span.clone(), ctx.budget)),
            Err(StopperError::NoSuchPosition) => {
                Err(Box::new(Diagnostic::error(Code::Loopy, span.clone(), "this game has no positions")))
            }
        }
    }

    /// The graph of a game value (position 0; `side` of a sided value), for sums and `±`.
    fn graph_of(&mut self, v: Value, span: &Span, side: Side, ctx: &Ctx) -> EvalResult<LoopyGraph> {
        let mut graph = LoopyGraph::default();
        self.embed(&mut graph, v, span, side, ctx)?;
        Ok(graph)
    }

    /// A sum with a loopy term: of games on graphs and nimbers by their values, of other games
    /// by the graph of the sum.
    pub(crate) fn loopy_sum(&mut self, terms: Vec<(SumOp, &Expr, Value)>, ctx: &Ctx) -> EvalResult<Value> {
        if terms.iter().any(|(_, _, v)| matches!(v, Value::Loopy(Loopy::Impartial(_)))) {
            let mut parts = Vec::with_capacity(terms.len());
            for (_, e, v) in &terms {
                parts.push(self.gsg_of(v, e)?);
            }
            return Ok(Value::Loopy(Loopy::Impartial(gsg::sum_value(&parts))));
        }
        let mut terms = terms.into_iter();
        let (_, first, mut acc) = terms.next().expect("a sum has a first term");
        for (op, e, v) in terms {
            let span = first.span.start..e.span.end;
            if let (Value::Game(a), Value::Game(b)) = (&acc, &v) {
                let (a, b) = (*a, *b);
                acc = Value::Game(self.lift(&span, ctx.budget, |g, bu| match op {
                    SumOp::Add => g.add(a, b, bu),
                    SumOp::Sub => g.sub(a, b, bu),
                })?);
                continue;
            }
            acc = self.sum_pair((acc, &first.span), (v, &e.span), op, &span, ctx)?;
        }
        Ok(acc)
    }

    /// The generalised Sprague–Grundy value of a term of a sum with a game on a graph.
    fn gsg_of(&mut self, v: &Value, e: &Expr) -> EvalResult<Gsg> {
        match v {
            Value::Loopy(Loopy::Impartial(g)) => Ok(g.clone()),
            Value::Game(g) if self.games.nim_value(*g).is_some() => {
                Ok(Gsg::Finite(self.games.nim_value(*g).expect("a nimber")))
            }
            _ => Err(impartial_only(&e.span)),
        }
    }

    /// Prefix operators (`-`, `±`) on a loopy operand, innermost first.
    pub(crate) fn loopy_unary(
        &mut self,
        ops: &[cgt_syntax::Spanned<UnaryOp>],
        v: Value,
        operand: &Expr,
        ctx: &Ctx,
    ) -> EvalResult<Value> {
        let mut v = v;
        for op in ops.iter().rev() {
            let span = op.span.start..operand.span.end;
            v = match (op.node, v) {
                (UnaryOp::Neg, Value::Loopy(Loopy::Stopper(s))) => Value::Loopy(Loopy::Stopper(Box::new(s.neg()))),
                (UnaryOp::Neg, Value::Loopy(Loopy::Sided(s))) => Value::Loopy(Loopy::Sided(Box::new(s.neg()))),
                (UnaryOp::Neg, Value::Loopy(Loopy::Unsided(g))) => Value::Loopy(Loopy::Unsided(Box::new(g.negated()))),
                (UnaryOp::Neg, Value::Loopy(Loopy::Impartial(g))) => Value::Loopy(Loopy::Impartial(g)),
                (UnaryOp::Neg, Value::Game(g)) => {
                    Value::Game(self.lift(&span, ctx.budget, |games, b| games.neg(g, b))?)
                }
                (_, v) => self.plus_minus_loopy(v, &operand.span, &span, ctx)?,
            };
        }
        Ok(v)
    }

    /// An ordinal sum `G : H : ...` with a loopy part: of stoppers, as CGSuite takes it.
    pub(crate) fn loopy_ordinal(
        &mut self,
        parts: &[Expr],
        values: Vec<Value>,
        span: &Span,
        ctx: &Ctx,
    ) -> EvalResult<Value> {
        let mut acc: Option<Stopper> = None;
        for (p, v) in parts.iter().zip(values) {
            let s = self.stopper_of(v, p, ctx)?;
            acc = Some(match acc {
                None => s,
                Some(a) => a.ordinal_sum(&s, ctx.budget).map_err(|e| stopper_error(e, span, ctx))?,
            });
        }
        let s = acc.expect("an ordinal sum has parts");
        self.finish(s.graph().clone(), span, ctx)
    }

    /// A value as a stopper, or an error saying why it is not one.
    fn stopper_of(&mut self, v: Value, e: &Expr, ctx: &Ctx) -> EvalResult<Stopper> {
        match v {
            Value::Loopy(Loopy::Stopper(s)) => Ok(*s),
            Value::Loopy(Loopy::Sided(s)) => Err(not_a_stopper(&s, e, ctx)),
            Value::Loopy(Loopy::Unsided(g)) => Err(self.not_stopper(&g, &e.span, ctx)),
            Value::Loopy(Loopy::Impartial(_)) => Err(impartial_only(&e.span)),
            other => {
                let g = self.as_game(other, e, ctx)?;
                Stopper::from_short(&mut self.games, g, ctx.budget).map_err(|x| stopper_error(x, &e.span, ctx))
            }
        }
    }

    /// How two values relate when one of them is loopy: by their sides (`G <= H` iff
    /// `G+ <= H+` and `G- <= H-`; for stoppers, the stopper order).
    pub(crate) fn loopy_relation(
        &mut self,
        a: &Value,
        b: &Value,
        lhs: &Expr,
        rhs: &Expr,
        report: &StmtReport,
        ctx: &Ctx,
    ) -> EvalResult<Comparison> {
        let x = self.sided_of(a.clone(), &lhs.span, ctx)?;
        let y = self.sided_of(b.clone(), &rhs.span, ctx)?;
        x.compare(&y, ctx.budget).map_err(|e| gave_up(e, report.span.clone(), ctx.budget))
    }

    /// The error for a game that is not a stopper, with its outcome class.
    fn not_stopper(&mut self, g: &LoopyGraph, span: &Span, ctx: &Ctx) -> Box<Diagnostic> {
        let class = match lgraph::outcome_class(g, 0, ctx.budget) {
            Ok(Some(o)) => format!("its outcome class is {o}"),
            _ => "its outcome class could not be computed".to_string(),
        };
        let text = ctx.src.get(span.clone()).unwrap_or("this value");
        Box::new(
            Diagnostic::error(
                Code::Loopy,
                span.clone(),
                format!("cgt found no stoppers for the sides of `{text}` (play can alternate forever); {class}"),
            )
            .with_hint(format!("{SIDES}; its outcome class can be checked with `is`")),
        )
    }

    /// Prints a loopy value.
    pub(crate) fn show_loopy(&mut self, l: &Loopy) -> String {
        match l {
            Loopy::Stopper(s) => {
                let style = self.style();
                s.display(&mut self.games, style, &Budget::unlimited())
                    .unwrap_or_else(|_| "(a stopper too large to print)".to_string())
            }
            Loopy::Sided(s) => {
                let style = self.style();
                s.display(&mut self.games, style, &Budget::unlimited())
                    .unwrap_or_else(|_| "(a sided value too large to print)".to_string())
            }
            Loopy::Unsided(_) => "(a loopy game whose sides are not stoppers)".to_string(),
            Loopy::Impartial(g) => g.outcome().to_string(),
        }
    }

    /// Fills the outcome (and, for games on graphs, the value) of a loopy value's report; a
    /// game that is not a stopper is an error after its outcome class is filled in.
    pub(crate) fn describe_loopy(&mut self, l: &Loopy, report: &mut StmtReport, budget: &Budget) -> EvalResult<()> {
        let span = report.span.clone();
        match l {
            Loopy::Stopper(s) => {
                let o = s.outcome_class(budget).map_err(|e| gave_up(e, span, budget))?;
                report.outcome = Some(o.to_string());
            }
            Loopy::Sided(s) => self.describe_sided(s, report, budget)?,
            Loopy::Impartial(g) => {
                report.outcome = Some(g.outcome().to_string());
                report.extras.insert(0, ("gsg".to_string(), g.display(self.config.unicode)));
            }
            Loopy::Unsided(g) => {
                let o = lgraph::outcome_class(g, 0, budget).map_err(|e| gave_up(e, span.clone(), budget))?;
                let Some(o) = o else { return Ok(()) };
                report.outcome = Some(o.to_string());
                report.value = None;
                return Err(Box::new(
                    Diagnostic::error(
                        Code::Loopy,
                        span,
                        format!("cgt found no stoppers for the sides of this game; its outcome class is {o}"),
                    )
                    .with_hint(format!("{SIDES}; check the outcome class with `is {o}`")),
                ));
            }
        }
        Ok(())
    }
}

/// The loopy constant named `name` (`on`, `off`, `over`, `under`, `upon`, `dud`), if it is one.
pub(crate) fn constant(games: &mut cgt_core::game::Games, name: &str) -> Option<Loopy> {
    let s = match name {
        "on" => Stopper::on(games),
        "off" => Stopper::off(games),
        "over" => Stopper::over(games),
        "under" => Stopper::under(games),
        "upon" => Stopper::upon(games),
        "dud" => {
            let dud = Sided::new(&dud_graph(), 0, &Budget::unlimited()).ok()?;
            return Some(Loopy::Sided(Box::new(dud)));
        }
        _ => return None,
    };
    Some(Loopy::Stopper(Box::new(s)))
}

/// `{pass | pass}`.
fn dud_graph() -> LoopyGraph {
    LoopyGraph::new(vec![vec![0]], vec![vec![0]]).expect("position 0 exists")
}

/// Copies the positions of `src` into `dst`; returns where position 0 of `src` went.
pub(crate) fn append(dst: &mut LoopyGraph, src: &LoopyGraph) -> usize {
    let base = dst.len();
    for _ in 0..src.len() {
        dst.add_position();
    }
    for v in 0..src.len() {
        for p in [Player::Left, Player::Right] {
            for &w in src.options(p, v) {
                dst.add_option(p, base + v, base + w).expect("copied positions exist");
            }
        }
    }
    base
}

/// Whether a literal has `pass` or labels, in it or in literals nested in it.
fn has_loopy_syntax(e: &Expr) -> bool {
    let mut stack = vec![e];
    while let Some(x) = stack.pop() {
        match &x.node {
            ExprKind::Pass | ExprKind::Labelled { .. } => return true,
            ExprKind::Game { left, right } => stack.extend(left.iter().chain(right)),
            _ => {}
        }
    }
    false
}

/// Whether `name` is written as a label (`name{`) somewhere in `src`.
fn is_label(src: &str, name: &str) -> bool {
    src.match_indices(name).any(|(i, _)| {
        let before = src[..i].chars().next_back();
        let after = src[i + name.len()..].trim_start().starts_with('{');
        after && !before.is_some_and(|c| c.is_alphanumeric() || c == '_')
    })
}

/// The error for a label used outside the options of its literal.
fn label_outside(name: &str, span: &Span) -> Box<Diagnostic> {
    Box::new(
        Diagnostic::error(
            Code::Name,
            span.clone(),
            format!("the label `{name}` names its literal's position only as an option inside that literal"),
        )
        .with_hint(format!(
            "write it as an option, `{name}{{0 | {name}}}`, or bind the game with `let` to use it elsewhere"
        )),
    )
}

/// The error for a sum (or option) mixing a game on a graph with other games.
fn impartial_only(span: &Span) -> Box<Diagnostic> {
    Box::new(
        Diagnostic::error(
            Code::Type,
            span.clone(),
            "a game on a graph adds only to games on graphs and nimbers (impartial games)",
        )
        .with_hint("sums of games on graphs are evaluated by their generalised Sprague–Grundy values: `graph[1->2] from=1 + *2`"),
    )
}

fn stopper_error(e: StopperError, span: &Span, ctx: &Ctx) -> Box<Diagnostic> {
    match e {
        StopperError::Exhausted(x) => gave_up(x, span.clone(), ctx.budget),
        other => Box::new(
            Diagnostic::error(Code::Loopy, span.clone(), format!("this is {other}")).with_hint(SIDES.to_string()),
        ),
    }
}

mod functions;
mod kind;
mod ops;
mod printed;
mod sided;
pub(crate) use functions::OfStopper;
pub use kind::Loopy;
pub(crate) use sided::side_graph;
use sided::{not_a_stopper, sides_of};
#[cfg(test)]
mod tests;

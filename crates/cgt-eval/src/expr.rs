//! Evaluation of expressions and of the statement forms (`let`, checks, `is`).

use cgt_core::Budget;
use cgt_core::game::{Comparison, GameId};
use cgt_syntax::{CmpOp, Diagnostic, Expr, ExprKind, Nus, Span, Spanned, SumOp, UnaryOp};

use crate::names::suggest;
use crate::numbers;
use crate::report::{CheckStatus, StmtReport};
use crate::value::{EvalResult, Value, gave_up, outcome_meaning};
use crate::{Binding, Session};

impl Session {
    /// Evaluates an expression.
    pub(crate) fn eval(&mut self, e: &Expr, src: &str, budget: &Budget) -> EvalResult<Value> {
        budget.check().map_err(|x| gave_up(x, e.span.clone(), budget))?;
        match &e.node {
            ExprKind::Nus(n) => self.nus(n).map(Value::Game),
            ExprKind::Game { left, right } => {
                let l = self.games_of(left, src, budget)?;
                let r = self.games_of(right, src, budget)?;
                self.lift(&e.span, budget, |g, b| g.from_options(&l, &r, b)).map(Value::Game)
            }
            ExprKind::PlusMinusList(opts) => {
                let l = self.games_of(opts, src, budget)?;
                self.plus_minus(&l, &e.span, budget).map(Value::Game)
            }
            ExprKind::Sum(first, rest) => self.sum(first, rest, src, budget),
            ExprKind::Ordinal(parts) => {
                let mut acc = self.game(&parts[0], src, budget)?;
                for p in &parts[1..] {
                    let h = self.game(p, src, budget)?;
                    acc = self.lift(&e.span, budget, |g, b| g.ordinal_sum(acc, h, b))?;
                }
                Ok(Value::Game(acc))
            }
            ExprKind::Unary(ops, operand) => self.unary(ops, operand, src, budget),
            ExprKind::Name(n) => self.lookup(n, &e.span),
            ExprKind::Call { name, args } => self.call(name, args, &e.span, src, budget),
            ExprKind::Ruleset(r) => self.ruleset(r, &e.span, budget),
            ExprKind::Boxes(words) => self.box_words(words, &e.span, budget),
            ExprKind::Error => Err(Box::new(Diagnostic::error("syntax", e.span.clone(), "this could not be parsed"))),
        }
    }

    /// Evaluates an expression that must be a game.
    pub(crate) fn game(&mut self, e: &Expr, src: &str, budget: &Budget) -> EvalResult<GameId> {
        match self.eval(e, src, budget)? {
            Value::Game(g) => Ok(g),
            Value::Number(x) => Ok(self.games.number(&x)),
            other => {
                let shown = self.show(&other);
                Err(Box::new(Diagnostic::error(
                    "type",
                    e.span.clone(),
                    format!("`{}` is {shown}, not a game", &src[e.span.clone()]),
                )))
            }
        }
    }

    /// Numbers computed by functions take part in comparisons as games.
    fn as_game(&mut self, v: Value) -> Value {
        match v {
            Value::Number(x) => Value::Game(self.games.number(&x)),
            other => other,
        }
    }

    fn games_of(&mut self, es: &[Expr], src: &str, budget: &Budget) -> EvalResult<Vec<GameId>> {
        es.iter().map(|e| self.game(e, src, budget)).collect()
    }

    /// Runs an engine operation, turning an exhausted budget into the statement's warning.
    pub(crate) fn lift<T>(
        &mut self,
        span: &Span,
        budget: &Budget,
        f: impl FnOnce(&mut cgt_core::game::Games, &Budget) -> Result<T, cgt_core::Exhausted>,
    ) -> EvalResult<T> {
        f(&mut self.games, budget).map_err(|e| gave_up(e, span.clone(), budget))
    }

    fn nus(&mut self, n: &Nus) -> EvalResult<GameId> {
        let x = match &n.number {
            Some(lit) => numbers::number(lit)?,
            None => cgt_core::Dyadic::zero(),
        };
        let ups = n.ups.as_ref().map_or(0, |u| u.node);
        let star = match &n.star {
            Some(s) => numbers::star(s)?,
            None => 0,
        };
        Ok(self.games.nus(&x, ups, star))
    }

    /// `±(A, B, ...)` = `{A, B, ... | -A, -B, ...}`.
    fn plus_minus(&mut self, opts: &[GameId], span: &Span, budget: &Budget) -> EvalResult<GameId> {
        self.lift(span, budget, |g, b| {
            let negs = opts.iter().map(|&o| g.neg(o, b)).collect::<Result<Vec<_>, _>>()?;
            g.from_options(opts, &negs, b)
        })
    }

    fn sum(&mut self, first: &Expr, rest: &[(Spanned<SumOp>, Expr)], src: &str, budget: &Budget) -> EvalResult<Value> {
        let mut acc = self.game(first, src, budget)?;
        for (op, term) in rest {
            let t = self.game(term, src, budget)?;
            let span = first.span.start..term.span.end;
            acc = match op.node {
                SumOp::Add => self.lift(&span, budget, |g, b| g.add(acc, t, b))?,
                SumOp::Sub => self.lift(&span, budget, |g, b| g.sub(acc, t, b))?,
            };
        }
        Ok(Value::Game(acc))
    }

    fn unary(&mut self, ops: &[Spanned<UnaryOp>], operand: &Expr, src: &str, budget: &Budget) -> EvalResult<Value> {
        if let Some(m) = ops.iter().find(|o| o.node == UnaryOp::Misere) {
            if ops.len() > 1 {
                return Err(Box::new(Diagnostic::error(
                    "syntax",
                    m.span.clone(),
                    "write `misere` once, before the whole game",
                )));
            }
            return self.misere(operand, src, budget);
        }
        let mut g = self.game(operand, src, budget)?;
        for op in ops.iter().rev() {
            let span = op.span.start..operand.span.end;
            g = match op.node {
                UnaryOp::Neg => self.lift(&span, budget, |games, b| games.neg(g, b))?,
                _ => self.plus_minus(&[g], &span, budget)?,
            };
        }
        Ok(Value::Game(g))
    }

    fn lookup(&mut self, name: &str, span: &Span) -> EvalResult<Value> {
        if let Some(b) = self.env.get(name) {
            return Ok(b.value.clone());
        }
        let mut d = Diagnostic::error("name", span.clone(), format!("unknown name `{name}`"));
        if let Some(s) = suggest(name, self.env.keys().map(String::as_str)) {
            d = d.with_hint(format!("did you mean `{s}`?"));
        } else if name.chars().all(|c| "BWG_".contains(c)) {
            d = d.with_hint("green boxes `G` are only allowed inside `boxes[...]`, e.g. `boxes[BGW]`");
        } else if crate::functions::is_known(name) || crate::rulesets::is_known(name) {
            d = d.with_hint(format!("`{name}` is a function or ruleset: write `{name}(...)` or `{name}[...]`"));
        } else {
            d = d.with_hint(format!("define it first with `let {name} = ...`"));
        }
        Err(Box::new(d))
    }

    /// `let NAME = EXPR`.
    pub(crate) fn run_let(
        &mut self,
        name: &Spanned<String>,
        value: &Expr,
        src: &str,
        report: &mut StmtReport,
        budget: &Budget,
    ) -> EvalResult<()> {
        report.name = Some(name.node.clone());
        let v = self.eval(value, src, budget)?;
        self.env.insert(name.node.clone(), Binding { value: v.clone(), span: name.span.clone() });
        self.describe(&v, report, budget)
    }

    /// `EXPR op EXPR`.
    pub(crate) fn run_check(
        &mut self,
        lhs: &Expr,
        op: Spanned<CmpOp>,
        rhs: &Expr,
        src: &str,
        report: &mut StmtReport,
        budget: &Budget,
    ) -> EvalResult<()> {
        let a = self.eval(lhs, src, budget)?;
        let b = self.eval(rhs, src, budget)?;
        let (a, b) = (self.as_game(a), self.as_game(b));
        self.describe(&a, report, budget)?;
        let relation = match (&a, &b) {
            (Value::Game(x), Value::Game(y)) => {
                let (x, y) = (*x, *y);
                self.lift(&report.span, budget, |g, bu| g.compare(x, y, bu))?
            }
            _ if a == b => Comparison::Equal,
            (Value::Outcome(_), Value::Outcome(_)) => Comparison::Confused,
            _ => {
                let (sa, sb) = (self.show(&a), self.show(&b));
                return Err(Box::new(Diagnostic::error(
                    "type",
                    report.span.clone(),
                    format!("cannot compare {sa} with {sb}"),
                )));
            }
        };
        let holds = match op.node {
            CmpOp::Eq => relation == Comparison::Equal,
            CmpOp::Ne => relation != Comparison::Equal,
            CmpOp::Lt => relation == Comparison::Less,
            CmpOp::Le => matches!(relation, Comparison::Less | Comparison::Equal),
            CmpOp::Gt => relation == Comparison::Greater,
            CmpOp::Ge => matches!(relation, Comparison::Greater | Comparison::Equal),
            CmpOp::Confused => relation == Comparison::Confused,
        };
        if holds {
            report.check = Some(CheckStatus::Passed);
            return Ok(());
        }
        report.check = Some(CheckStatus::Failed);
        let (sa, sb) = (self.show(&a), self.show(&b));
        let (ta, tb) = (&src[lhs.span.clone()], &src[rhs.span.clone()]);
        let rel = match relation {
            Comparison::Less => "less than",
            Comparison::Equal => "equal to",
            Comparison::Greater => "greater than",
            Comparison::Confused => "confused with (incomparable to)",
        };
        let lhs_desc = if ta == sa { format!("`{ta}`") } else { format!("`{ta}` is {sa}, which") };
        let rhs_desc = if tb == sb { tb.to_string() } else { format!("`{tb}` = {sb}") };
        let d = Diagnostic::error(
            "check",
            report.span.clone(),
            format!("check failed: {lhs_desc} is {rel} {rhs_desc}, so `{}` does not hold", op.node.as_str()),
        )
        .with_label(lhs.span.clone(), format!("this is {sa}"))
        .with_label(rhs.span.clone(), format!("this is {sb}"));
        Err(Box::new(d))
    }

    /// `EXPR is OUTCOME`.
    pub(crate) fn run_is(
        &mut self,
        expr: &Expr,
        outcome: &Spanned<String>,
        src: &str,
        report: &mut StmtReport,
        budget: &Budget,
    ) -> EvalResult<()> {
        let expected = outcome.node.as_str();
        if !["L", "R", "P", "N", "win", "loss", "draw"].contains(&expected) {
            return Err(Box::new(
                Diagnostic::error("syntax", outcome.span.clone(), format!("`{expected}` is not an outcome"))
                    .with_hint("write one of L, R, P, N (or win, loss, draw for games on graphs)"),
            ));
        }
        let v = self.eval(expr, src, budget)?;
        self.describe(&v, report, budget)?;
        let graph_like = matches!(v, Value::Play(_));
        if graph_like != ["win", "loss", "draw"].contains(&expected) {
            let msg = if graph_like {
                "games on graphs have outcomes win, loss or draw for the player to move"
            } else {
                "`is win`, `is loss` and `is draw` apply to games on graphs (`graph[...]`)"
            };
            return Err(Box::new(Diagnostic::error("type", outcome.span.clone(), msg).with_hint(if graph_like {
                "write `is win`, `is loss` or `is draw`"
            } else {
                "use `is L`, `is R`, `is P` or `is N`"
            })));
        }
        let Some(actual) = report.outcome.clone() else {
            let shown = self.show(&v);
            return Err(Box::new(Diagnostic::error(
                "type",
                expr.span.clone(),
                format!("{shown} is not a game, so it has no outcome class"),
            )));
        };
        if actual == expected {
            report.check = Some(CheckStatus::Passed);
            return Ok(());
        }
        report.check = Some(CheckStatus::Failed);
        let value = report.value.clone().unwrap_or_default();
        Err(Box::new(
            Diagnostic::error(
                "check",
                report.span.clone(),
                format!(
                    "check failed: `{}` = {value} is {actual} ({}), not {expected}",
                    &src[expr.span.clone()],
                    outcome_meaning(&actual)
                ),
            )
            .with_label(outcome.span.clone(), format!("{expected} means {}", outcome_meaning(expected))),
        ))
    }
}

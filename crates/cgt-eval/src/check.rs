//! The statement forms: `let NAME = EXPR`, checks (`==`, `<=`, ...) and outcome checks
//! (`is N`). A check compares values of the same kind: games (and numbers) by the order of
//! games, plain numbers (scores, counts, Grundy values) as numbers, outcomes, lists. A check
//! that gives up on its budget is undecided, never a pass.

use std::cmp::Ordering;

use cgt_core::game::Comparison;
use cgt_syntax::{CmpOp, Code, Diagnostic, Expr, Spanned};

use crate::context::Ctx;
use crate::loopy::Loopy;
use crate::report::{CheckStatus, StmtReport};
use crate::session::{Binding, Session};
use crate::value::{EvalResult, OUTCOMES, Value, outcome_meaning};

impl Session {
    /// Evaluates an expression statement and describes its value.
    pub(crate) fn run_expr(&mut self, e: &Expr, report: &mut StmtReport, ctx: &Ctx) -> EvalResult<()> {
        let position = self.position_picture(e, report);
        let c = self.eval_computed(e, ctx)?;
        self.describe(c, report, ctx.budget)?;
        self.options_picture(e, position, report, ctx);
        Ok(())
    }

    /// The picture of the position `e` writes, if it writes one and pictures are on; added to
    /// the report and returned for [`Session::options_picture`]. A `let` and a check draw the
    /// position they name as a plain statement does.
    fn position_picture(&self, e: &Expr, report: &mut StmtReport) -> Option<String> {
        let svg = if self.config.pictures { crate::pictures::position_svg(&e.node) } else { None }?;
        report.pictures.push(crate::Picture { kind: "position", svg: svg.as_str().into() });
        Some(svg)
    }

    /// The options of the position drawn by [`Session::position_picture`], after its value is
    /// described.
    fn options_picture(&mut self, e: &Expr, position: Option<String>, report: &mut StmtReport, ctx: &Ctx) {
        if let Some(svg) = &position {
            self.option_pictures(e, svg, report, ctx);
        }
    }

    /// `let NAME = EXPR`.
    pub(crate) fn run_let(
        &mut self,
        name: &Spanned<String>,
        value: &Expr,
        report: &mut StmtReport,
        ctx: &Ctx,
    ) -> EvalResult<()> {
        report.name = Some(name.node.clone());
        let position = self.position_picture(value, report);
        let c = self.eval_computed(value, ctx)?;
        let v = self.describe(c, report, ctx.budget)?;
        self.options_picture(value, position, report, ctx);
        let form = match v {
            Value::Game(_) => self.substituted_form(value, ctx.src).map(|(text, _)| text.into()),
            _ => None,
        };
        self.env.insert(name.node.clone(), Binding { value: v, form, span: name.span.clone() });
        Ok(())
    }

    /// `EXPR op EXPR`.
    pub(crate) fn run_check(
        &mut self,
        lhs: &Expr,
        op: &Spanned<CmpOp>,
        rhs: &Expr,
        report: &mut StmtReport,
        ctx: &Ctx,
    ) -> EvalResult<()> {
        let position = self.position_picture(lhs, report);
        let a = self.eval_computed(lhs, ctx)?;
        let a = self.describe(a, report, ctx.budget)?;
        self.options_picture(lhs, position, report, ctx);
        let b = self.eval(rhs, ctx)?;
        self.decide_check(a, b, lhs, op, rhs, report, ctx)
    }

    /// A comparison on a table line (`[f(n) for n in 1..4] == [0, 1, 2, 3]`): a check like
    /// any other, with an exit status.
    pub(crate) fn run_table_check(
        &mut self,
        lhs: &cgt_syntax::DExpr,
        op: CmpOp,
        rhs: &cgt_syntax::DExpr,
        report: &mut StmtReport,
        ctx: &Ctx,
    ) -> EvalResult<()> {
        let a = self.run_table(lhs, ctx)?;
        let a = self.describe(a.into(), report, ctx.budget)?;
        let b = self.run_table(rhs, ctx)?;
        let at = |span: &cgt_syntax::Span| Expr { node: cgt_syntax::ExprKind::Error, span: span.clone() };
        let op = Spanned::new(op, lhs.span.end..rhs.span.start);
        self.decide_check(a, b, &at(&lhs.span), &op, &at(&rhs.span), report, ctx)
    }

    /// Whether `a op b` holds, recorded in `report`; a failed check is an error showing both.
    #[allow(clippy::too_many_arguments)]
    fn decide_check(
        &mut self,
        a: Value,
        b: Value,
        lhs: &Expr,
        op: &Spanned<CmpOp>,
        rhs: &Expr,
        report: &mut StmtReport,
        ctx: &Ctx,
    ) -> EvalResult<()> {
        let relation = self.relation(&a, &b, lhs, rhs, report, ctx)?;
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
        let (ta, tb) = (&ctx.src[lhs.span.clone()], &ctx.src[rhs.span.clone()]);
        let rel = match relation {
            Comparison::Less => "less than",
            Comparison::Equal => "equal to",
            Comparison::Greater => "greater than",
            Comparison::Confused if !ordered(&a, &b) => "different from",
            Comparison::Confused => "confused with (incomparable to)",
        };
        let lhs_desc = if ta == sa { format!("`{ta}`") } else { format!("`{ta}` is {sa}, which") };
        let rhs_desc = if tb == sb { tb.to_string() } else { format!("`{tb}` = {sb}") };
        let d = Diagnostic::error(
            Code::Check,
            report.span.clone(),
            format!("check failed: {lhs_desc} is {rel} {rhs_desc}, so `{}` does not hold", op.node.as_str()),
        )
        .with_label(lhs.span.clone(), format!("this is {sa}"))
        .with_label(rhs.span.clone(), format!("this is {sb}"));
        Err(Box::new(d))
    }

    /// How `a` relates to `b`, for values of kinds that compare.
    fn relation(
        &mut self,
        a: &Value,
        b: &Value,
        lhs: &Expr,
        rhs: &Expr,
        report: &StmtReport,
        ctx: &Ctx,
    ) -> EvalResult<Comparison> {
        let from_ordering = |o: Ordering| match o {
            Ordering::Less => Comparison::Less,
            Ordering::Equal => Comparison::Equal,
            Ordering::Greater => Comparison::Greater,
        };
        match (a, b) {
            (Value::Loopy(_), _) | (_, Value::Loopy(_)) => self.loopy_relation(a, b, lhs, rhs, report, ctx),
            (Value::Game(_) | Value::Number(_), Value::Game(_) | Value::Number(_)) => {
                let x = self.as_game(a.clone(), lhs, ctx)?;
                let y = self.as_game(b.clone(), rhs, ctx)?;
                self.lift(&report.span, ctx.budget, |g, bu| g.compare(x, y, bu))
            }
            (Value::Integer(x, _), Value::Integer(y, _)) => Ok(from_ordering(x.cmp(y))),
            (Value::Integer(x, q), other) | (other, Value::Integer(x, q)) => {
                let flip = matches!(b, Value::Integer(..)) && !matches!(a, Value::Integer(..));
                let y = match other {
                    Value::Game(g) => self.games.as_number(*g),
                    Value::Number(n) => Some(n.clone()),
                    _ => None,
                };
                let Some(y) = y.filter(cgt_core::Dyadic::is_integer).map(|n| n.numerator().clone()) else {
                    let (shown, other_shown) = (x.to_string(), self.show(other));
                    return Err(Box::new(
                        Diagnostic::error(
                            Code::Type,
                            report.span.clone(),
                            format!("cannot compare {shown} ({}, a plain number) with {other_shown}", q.describe()),
                        )
                        .with_hint(format!(
                            "{} is a plain number, not a game: compare it with a whole number (`== {shown}`)",
                            q.describe()
                        )),
                    ));
                };
                let o = from_ordering(x.cmp(&y));
                Ok(if flip { reverse(o) } else { o })
            }
            _ if a == b => Ok(Comparison::Equal),
            (Value::List(xs), Value::List(ys)) => {
                if xs.len() != ys.len() {
                    return Ok(Comparison::Confused);
                }
                for (x, y) in xs.iter().zip(ys) {
                    if self.relation(x, y, lhs, rhs, report, ctx)? != Comparison::Equal {
                        return Ok(Comparison::Confused);
                    }
                }
                Ok(Comparison::Equal)
            }
            (Value::Period(pre, per), Value::List(_)) => {
                let as_list = Value::List(vec![
                    Value::Integer((*pre).into(), crate::value::Quantity::Integer),
                    Value::Integer((*per).into(), crate::value::Quantity::Integer),
                ]);
                self.relation(&as_list, b, lhs, rhs, report, ctx)
            }
            (Value::Text(t), _) => {
                // A text result (a genus, a misère form) equals what is written for it:
                // `genus(kayles[5]) == 4^146`.
                let written: String = ctx.src[rhs.span.clone()].split_whitespace().collect();
                let shown: String = t.split_whitespace().collect();
                let same = shown == written || shown == self.show(b).split_whitespace().collect::<String>();
                Ok(if same { Comparison::Equal } else { Comparison::Confused })
            }
            (Value::Outcome(_), Value::Outcome(_)) | (Value::Play(_), Value::Play(_)) => Ok(Comparison::Confused),
            _ => {
                let (sa, sb) = (self.show(a), self.show(b));
                Err(Box::new(
                    Diagnostic::error(Code::Type, report.span.clone(), format!("cannot compare {sa} with {sb}"))
                        .with_hint("a check compares two games, two plain numbers, two outcomes or two lists"),
                ))
            }
        }
    }

    /// `EXPR is OUTCOME`.
    pub(crate) fn run_is(
        &mut self,
        expr: &Expr,
        outcome: &Spanned<String>,
        report: &mut StmtReport,
        ctx: &Ctx,
    ) -> EvalResult<()> {
        let expected = outcome.node.as_str();
        if !OUTCOMES.iter().any(|(o, _)| *o == expected) {
            return Err(Box::new(
                Diagnostic::error(Code::Syntax, outcome.span.clone(), format!("`{expected}` is not an outcome"))
                    .with_hint("write one of L, R, P, N (or win, loss, draw for games on graphs)"),
            ));
        }
        // A board with an outcome search (Domineering) is decided by it, without its value.
        let searched = match self.outcome_by_search(expr, ctx) {
            Some(found) => match found?.value {
                Value::Outcome(o) => Some(o),
                _ => None,
            },
            None => None,
        };
        let c = match searched {
            Some(o) => crate::context::Computed::plain(Value::Outcome(o)),
            None => self.eval_computed(expr, ctx)?,
        };
        // A loopy game that is not a stopper has no value to show, but has an outcome class.
        let unsided = matches!(&c.value, Value::Loopy(Loopy::Unsided(_))).then(|| c.value.clone());
        let v = match (self.describe(c, report, ctx.budget), unsided) {
            (Ok(v), _) if searched.is_some() => {
                // The outcome is all the search gives: there is no value to show.
                report.outcome = searched.map(|o| o.to_string());
                report.value = None;
                v
            }
            (Ok(v), _) => v,
            (Err(_), Some(v)) if report.outcome.is_some() => v,
            (Err(d), _) => return Err(d),
        };
        if let Value::Integer(_, q) = &v {
            return Err(Box::new(
                Diagnostic::error(
                    Code::Type,
                    expr.span.clone(),
                    format!(
                        "`{}` is {}, a plain number: it has no outcome class",
                        &ctx.src[expr.span.clone()],
                        q.describe()
                    ),
                )
                .with_hint("outcome classes belong to games; check a plain number with `==`, e.g. `deque[1, 2] == 1`"),
            ));
        }
        let graph_like = matches!(v, Value::Play(_) | Value::Loopy(Loopy::Impartial(_)));
        if graph_like != ["win", "loss", "draw"].contains(&expected) {
            let (msg, hint) = if graph_like {
                (
                    "games on graphs have outcomes win, loss or draw for the player to move",
                    "write `is win`, `is loss` or `is draw`",
                )
            } else {
                (
                    "`is win`, `is loss` and `is draw` apply to games on graphs (`graph[...]`)",
                    "use `is L`, `is R`, `is P` or `is N`",
                )
            };
            return Err(Box::new(Diagnostic::error(Code::Type, outcome.span.clone(), msg).with_hint(hint)));
        }
        let Some(actual) = report.outcome.clone() else {
            let shown = self.show(&v);
            return Err(Box::new(Diagnostic::error(
                Code::Type,
                expr.span.clone(),
                format!("{shown} is not a game, so it has no outcome class"),
            )));
        };
        if actual == expected {
            report.check = Some(CheckStatus::Passed);
            return Ok(());
        }
        report.check = Some(CheckStatus::Failed);
        // A loopy game that is not a stopper has an outcome class but no value to show.
        let value = report.value.as_ref().map_or(String::new(), |v| format!(" = {v}"));
        Err(Box::new(
            Diagnostic::error(
                Code::Check,
                report.span.clone(),
                format!(
                    "check failed: `{}`{value} is {actual} ({}), not {expected}",
                    &ctx.src[expr.span.clone()],
                    outcome_meaning(&actual)
                ),
            )
            .with_label(outcome.span.clone(), format!("{expected} means {}", outcome_meaning(expected))),
        ))
    }
}

/// Whether two values are ordered as games or numbers (so "confused with" means something).
fn ordered(a: &Value, b: &Value) -> bool {
    let ordered_kind =
        |v: &Value| matches!(v, Value::Game(_) | Value::Number(_) | Value::Integer(..) | Value::Loopy(_));
    ordered_kind(a) && ordered_kind(b)
}

fn reverse(c: Comparison) -> Comparison {
    match c {
        Comparison::Less => Comparison::Greater,
        Comparison::Greater => Comparison::Less,
        other => other,
    }
}

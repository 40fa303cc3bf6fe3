//! Code actions: replace an expression with its computed value, insert a check with the
//! computed value, or correct a failing check's expected value.

use cgt_eval::CheckStatus;
use cgt_syntax::{Span, StmtKind};

use crate::engine::Analysis;

/// A code action: a title and the edits it makes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Action {
    /// What the editor shows.
    pub title: String,
    /// Replacements of byte ranges.
    pub edits: Vec<(Span, String)>,
}

/// The actions available for the statement at `offset`.
pub fn code_actions(a: &Analysis, offset: usize) -> Vec<Action> {
    let Some(i) = a.stmt_at(offset) else { return Vec::new() };
    let stmt = &a.parsed.stmts[i];
    let Some(report) = a.report(i) else { return Vec::new() };
    let Some(value) = report.value.clone() else { return Vec::new() };
    let mut out = Vec::new();
    match &stmt.kind {
        StmtKind::Expr(e) => {
            let src = &a.text[e.span.clone()];
            if src != value && report.outcome.is_some() {
                out.push(Action {
                    title: format!("Replace with the computed value {value}"),
                    edits: vec![(e.span.clone(), value.clone())],
                });
            }
            out.push(Action {
                title: format!("Insert a check: {src} == {value}"),
                edits: vec![(e.span.end..e.span.end, format!(" == {value}"))],
            });
        }
        StmtKind::Let { value: e, .. } => {
            let src = &a.text[e.span.clone()];
            if src != value && report.outcome.is_some() {
                out.push(Action {
                    title: format!("Replace with the computed value {value}"),
                    edits: vec![(e.span.clone(), value.clone())],
                });
            }
        }
        StmtKind::Check { op, rhs, .. }
            if report.check == Some(CheckStatus::Failed) && op.node == cgt_syntax::CmpOp::Eq =>
        {
            out.push(Action {
                title: format!("Change the expected value to the computed {value}"),
                edits: vec![(rhs.span.clone(), value)],
            });
        }
        StmtKind::Is { outcome, .. } if report.check == Some(CheckStatus::Failed) => {
            if let Some(o) = &report.outcome {
                out.push(Action {
                    title: format!("Change the expected outcome to {o}"),
                    edits: vec![(outcome.span.clone(), o.clone())],
                });
            }
        }
        _ => {}
    }
    out
}

//! Inlay hints, diagnostics and document symbols: what the editor shows without being asked.

use cgt_eval::CheckStatus;
use cgt_syntax::{Diagnostic, Span, StmtKind};

use crate::engine::{Analysis, StmtResult};

/// A hint shown at the end of a statement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// Where (byte offset: the end of the statement).
    pub offset: usize,
    /// What: `= 1/8 · L`, `✓`, `…`.
    pub label: String,
    /// A longer explanation for the hint's tooltip, if any.
    pub tooltip: Option<String>,
}

/// The hint of every statement in `range` (all statements if `None`).
pub fn inlay_hints(a: &Analysis, range: Option<Span>) -> Vec<Hint> {
    let mut out = Vec::new();
    for (stmt, result) in a.parsed.stmts.iter().zip(&a.results) {
        if let Some(r) = &range
            && (stmt.span.end < r.start || stmt.span.start > r.end)
        {
            continue;
        }
        if matches!(stmt.kind, StmtKind::Error) {
            continue;
        }
        let (label, tooltip) = match result {
            StmtResult::Pending => ("…".to_string(), Some("still computing".to_string())),
            StmtResult::Done(r) => match hint_label(r) {
                Some(l) => l,
                None => continue,
            },
        };
        out.push(Hint { offset: stmt.span.end, label, tooltip });
    }
    out
}

/// The label of a finished statement: its value and outcome, a tick, or nothing for errors
/// (their diagnostics speak for them).
fn hint_label(r: &cgt_eval::StmtReport) -> Option<(String, Option<String>)> {
    if r.check == Some(CheckStatus::Undecided) {
        return Some(("undecided".to_string(), r.diagnostics.first().map(|d| d.message.clone())));
    }
    if r.gave_up() {
        return Some(("gave up".to_string(), r.diagnostics.first().map(|d| d.message.clone())));
    }
    if r.has_error() {
        return None;
    }
    if r.check == Some(CheckStatus::Passed) {
        let shown = r.value.as_ref().map(|v| format!("passed: the left side is {v}"));
        return Some(("✓".to_string(), shown));
    }
    let value = r.value.as_ref()?;
    let mut label = format!("= {value}");
    if let Some(o) = r.outcome.as_ref().filter(|&o| o != value) {
        label.push_str(&format!(" · {o}"));
    }
    for (k, v) in &r.extras {
        label.push_str(&format!(" · {k}: {v}"));
    }
    Some((label, None))
}

/// Every diagnostic of the document: syntax errors, evaluation errors, failing checks and
/// exhausted budgets (warnings), in source order.
pub fn diagnostics(a: &Analysis) -> Vec<Diagnostic> {
    let mut out: Vec<Diagnostic> = Vec::new();
    for (i, stmt) in a.parsed.stmts.iter().enumerate() {
        match &a.results[i] {
            StmtResult::Done(r) => out.extend(r.diagnostics.iter().cloned()),
            StmtResult::Pending => out.extend(
                a.parsed
                    .errors
                    .iter()
                    .filter(|d| d.span.start >= stmt.span.start && d.span.start <= stmt.span.end)
                    .cloned(),
            ),
        }
    }
    out
}

/// A `let` name as a document symbol.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symbol {
    /// The name.
    pub name: String,
    /// The whole statement.
    pub span: Span,
    /// The name itself.
    pub name_span: Span,
    /// Its value, if evaluated.
    pub detail: Option<String>,
}

/// The document's `let` names, in order.
pub fn symbols(a: &Analysis) -> Vec<Symbol> {
    a.parsed
        .stmts
        .iter()
        .enumerate()
        .filter_map(|(i, s)| {
            let StmtKind::Let { name, .. } = &s.kind else { return None };
            Some(Symbol {
                name: name.node.clone(),
                span: s.span.clone(),
                name_span: name.span.clone(),
                detail: a.report(i).and_then(|r| r.value.clone()),
            })
        })
        .collect()
}

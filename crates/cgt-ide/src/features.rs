//! Inlay hints, diagnostics and document symbols: what the editor shows without being asked.
//! A definition's line shows its signature (docs/src/howto/define.md), or its error.

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
        let (label, tooltip) = match (result, crate::names::definition_of(stmt)) {
            (StmtResult::Pending, _) => ("…".to_string(), Some("still computing".to_string())),
            (StmtResult::Done(r), Some(def)) => definition_label(a, stmt, def, r),
            (StmtResult::Done(r), None) => match hint_label(r) {
                Some(l) => l,
                None => continue,
            },
        };
        out.push(Hint { offset: stmt.span.end, label, tooltip });
    }
    out
}

/// The most characters of an error a definition's hint shows (its tooltip has all of it).
const ERROR_LABEL: usize = 60;

/// The label of a `def` or `rule` line: its signature, or its error; the tooltip is the
/// doc comment above it.
fn definition_label(
    a: &Analysis,
    stmt: &cgt_syntax::Stmt,
    def: &cgt_syntax::Definition,
    r: &cgt_eval::StmtReport,
) -> (String, Option<String>) {
    if let Some(d) = r.diagnostics.first() {
        let mut label: String = d.message.chars().take(ERROR_LABEL).collect();
        if label.len() < d.message.len() {
            label.push('…');
        }
        return (format!("✗ {label}"), Some(d.message.clone()));
    }
    let doc = crate::names::doc_comment(&a.text, stmt.span.start);
    (crate::names::signature(def), (!doc.is_empty()).then_some(doc))
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

//! What the page shows, as JSON with UTF-16 offsets: the hints and diagnostics of an analysis,
//! a hover and completions (converted from cgt-ide's byte offsets by [`Utf16Index`]).

use cgt_ide::{Analysis, Completion, CompletionKind, HoverInfo, StmtResult};
use cgt_syntax::{Diagnostic, Severity};
use serde_json::{Value, json};

use crate::offsets::Utf16Index;

/// The hints, diagnostics and the number of statements still computing.
pub fn analysis(a: &Analysis, index: &Utf16Index) -> Value {
    let hints: Vec<Value> = cgt_ide::inlay_hints(a, None)
        .iter()
        .map(|h| json!({ "at": index.to_utf16(&a.text, h.offset), "label": h.label, "tooltip": h.tooltip }))
        .collect();
    let diagnostics: Vec<Value> = cgt_ide::diagnostics(a).iter().map(|d| diagnostic(a, index, d)).collect();
    let pending = a.results.iter().filter(|r| matches!(r, StmtResult::Pending)).count();
    json!({ "hints": hints, "diagnostics": diagnostics, "pending": pending })
}

/// One diagnostic: its range, severity, code, message (with the hint on a line of its own) and
/// labels.
fn diagnostic(a: &Analysis, index: &Utf16Index, d: &Diagnostic) -> Value {
    let mut message = d.message.clone();
    if let Some(h) = &d.hint {
        message.push_str(&format!("\nhint: {h}"));
    }
    let labels: Vec<Value> = d
        .labels
        .iter()
        .map(|l| {
            json!({
                "from": index.to_utf16(&a.text, l.span.start),
                "to": index.to_utf16(&a.text, l.span.end),
                "message": l.message,
            })
        })
        .collect();
    json!({
        "from": index.to_utf16(&a.text, d.span.start),
        "to": index.to_utf16(&a.text, d.span.end),
        "severity": match d.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        },
        "code": d.code.as_str(),
        "message": message,
        "labels": labels,
    })
}

/// A hover: its range, Markdown and the book path of a name's manual entry (or `null`), or `null`.
pub fn hover(a: &Analysis, index: &Utf16Index, h: Option<HoverInfo>) -> Value {
    match h {
        Some(h) => json!({
            "from": index.to_utf16(&a.text, h.span.start),
            "to": index.to_utf16(&a.text, h.span.end),
            "markdown": h.markdown,
            "manual": h.manual,
        }),
        None => Value::Null,
    }
}

/// Completion items (the editor finds the word they replace).
pub fn completions(items: Vec<Completion>) -> Value {
    let items: Vec<Value> = items
        .into_iter()
        .map(|c| {
            let kind = match c.kind {
                CompletionKind::Function => "function",
                CompletionKind::Ruleset => "class",
                CompletionKind::Name | CompletionKind::Parameter => "variable",
                CompletionKind::Definition => "function",
                CompletionKind::Keyword => "keyword",
            };
            let insert = if c.snippet { plain_snippet(&c.insert) } else { c.insert };
            json!({
                "label": c.label,
                "kind": kind,
                "detail": c.detail,
                "documentation": c.documentation,
                "insert": insert,
            })
        })
        .collect();
    Value::Array(items)
}

/// An LSP snippet (`cut(${1:w}, ${2:h})`) as the plain text it stands for (`cut(w, h)`).
fn plain_snippet(snippet: &str) -> String {
    let mut out = String::new();
    let mut rest = snippet;
    while let Some(i) = rest.find("${") {
        out.push_str(&rest[..i]);
        let tail = &rest[i + 2..];
        let Some(end) = tail.find('}') else {
            out.push_str(&rest[i..]);
            return out;
        };
        let inner = &tail[..end];
        out.push_str(inner.split_once(':').map_or(inner, |(_, name)| name));
        rest = &tail[end + 1..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod snippet_tests {
    #[test]
    fn snippets_become_plain_text() {
        assert_eq!(super::plain_snippet("cut(${1:w}, ${2:h})"), "cut(w, h)");
        assert_eq!(super::plain_snippet("r["), "r[");
        assert_eq!(super::plain_snippet("odd ${"), "odd ${");
    }
}

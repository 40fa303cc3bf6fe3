//! Completion of function names, ruleset names, `let` names, keywords, the loopy constants
//! (Siegel *CGT* ch. VI) and outcomes.

use cgt_eval::{OUTCOMES, functions, rulesets};
use cgt_syntax::name_defined;

use crate::engine::Analysis;

/// What kind of thing a completion inserts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompletionKind {
    /// A function of the language.
    Function,
    /// A ruleset.
    Ruleset,
    /// A `let` name.
    Name,
    /// A keyword or an outcome.
    Keyword,
}

/// One completion item.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Completion {
    /// The text shown in the list.
    pub label: String,
    /// What it is.
    pub kind: CompletionKind,
    /// A short signature or value.
    pub detail: String,
    /// A sentence of documentation.
    pub documentation: String,
    /// The text to insert in place of the word being typed.
    pub insert: String,
}

/// Completions at `offset`: everything whose name starts with the word being typed.
pub fn completions(a: &Analysis, offset: usize) -> Vec<Completion> {
    // Any offset is accepted: past the end is the end, inside a character is its start.
    let mut offset = offset.min(a.text.len());
    while !a.text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &a.text[..offset];
    let word_start = before
        .char_indices()
        .rev()
        .find(|&(_, c)| !(c.is_ascii_alphanumeric() || c == '_' || c == '\''))
        .map_or(0, |(i, c)| i + c.len_utf8());
    let prefix = &before[word_start..];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let after_is = before[line_start..word_start].trim_end().ends_with(" is");
    let mut out = Vec::new();
    if after_is {
        for (o, doc) in OUTCOMES {
            out.push(item(o, CompletionKind::Keyword, "outcome", doc, o));
        }
        return filter(out, prefix);
    }
    for f in functions() {
        let doc = format!("{} (gives {})", f.doc, f.returns.describe());
        out.push(item(f.name, CompletionKind::Function, f.signature, &doc, &format!("{}(", f.name)));
    }
    for r in rulesets() {
        let doc = format!("{} (gives {})", r.doc, r.returns.describe());
        out.push(item(r.name, CompletionKind::Ruleset, r.example, &doc, &format!("{}[", r.name)));
    }
    let here = a.stmt_at(offset).unwrap_or(a.parsed.stmts.len());
    let mut seen = std::collections::HashSet::new();
    for (i, stmt) in a.parsed.stmts.iter().enumerate().take(here).rev() {
        if let Some(n) = name_defined(stmt)
            && seen.insert(n.node.clone())
        {
            let value = a.report(i).and_then(|r| r.value.clone()).unwrap_or_default();
            out.push(item(&n.node, CompletionKind::Name, &value, "a `let` name of this file", &n.node));
        }
    }
    for (kw, doc) in KEYWORDS {
        out.push(item(kw, CompletionKind::Keyword, "keyword", doc, kw));
    }
    for (name, value, doc) in LOOPY_CONSTANTS {
        out.push(item(name, CompletionKind::Keyword, value, doc, name));
    }
    filter(out, prefix)
}

/// The loopy constants and `pass` (SPEC §3.8), with their forms: not registry rows, since they
/// are values rather than functions or rulesets.
const LOOPY_CONSTANTS: &[(&str, &str, &str)] = &[
    ("on", "{pass |}", "Left can pass forever and Right never moves: the largest loopy game"),
    ("off", "{| pass}", "the negative of on: the smallest loopy game"),
    ("over", "{0 | pass}", "larger than every positive infinitesimal, smaller than every positive number"),
    ("under", "{pass | 0}", "the negative of over"),
    ("upon", "{pass | *}", "CGSuite's ^[on]"),
    ("dud", "on & off", "the deathless universal draw {pass | pass}: every sum with dud is dud"),
    ("pass", "option", "inside a game literal, a move to the literal itself: `{0 | pass}` is over"),
];

const KEYWORDS: &[(&str, &str)] = &[
    ("let", "`let NAME = EXPR` binds a name for later lines"),
    ("misere", "`misere G`: G under misère play (the last player to move loses)"),
];

fn item(label: &str, kind: CompletionKind, detail: &str, doc: &str, insert: &str) -> Completion {
    Completion {
        label: label.to_string(),
        kind,
        detail: detail.to_string(),
        documentation: doc.to_string(),
        insert: insert.to_string(),
    }
}

fn filter(items: Vec<Completion>, prefix: &str) -> Vec<Completion> {
    items.into_iter().filter(|c| c.label.starts_with(prefix)).collect()
}

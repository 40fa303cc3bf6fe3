//! Completion of function names, ruleset names, `let` names, definitions (with their
//! parameters, docs/src/howto/define.md), parameters and `for` variables inside a definition, keywords, the
//! loopy constants (Siegel *CGT* ch. VI) and outcomes.

use cgt_eval::{OUTCOMES, functions, rulesets};
use cgt_syntax::{Token, lex, name_defined};

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
    /// A `def` or `rule` of the document.
    Definition,
    /// A parameter or `for` variable of the definition being written.
    Parameter,
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
    /// Whether `insert` is a snippet with tab stops (`cutcake(${1:w}, ${2:h})`).
    pub snippet: bool,
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
    // A statement being typed may end before the cursor (`def f(n) = n + |`).
    let here = a.stmt_at(offset).or_else(|| {
        let i = a.parsed.stmts.partition_point(|s| s.span.end < offset).checked_sub(1)?;
        (!a.text[a.parsed.stmts[i].span.end..offset].contains('\n')).then_some(i)
    });
    locals(a, here, offset, &mut out);
    bound_names(a, here, &mut out);
    for (kw, doc) in KEYWORDS {
        out.push(item(kw, CompletionKind::Keyword, "keyword", doc, kw));
    }
    for (name, value, doc) in LOOPY_CONSTANTS {
        out.push(item(name, CompletionKind::Keyword, value, doc, name));
    }
    filter(out, prefix)
}

/// The `let` names and definitions bound before the statement `here` (or at the end); the
/// definition being written is offered too, for recursion.
fn bound_names(a: &Analysis, here: Option<usize>, out: &mut Vec<Completion>) {
    let until = here.map_or(a.parsed.stmts.len(), |i| i + 1);
    let mut seen = std::collections::HashSet::new();
    for (i, stmt) in a.parsed.stmts.iter().enumerate().take(until).rev() {
        let Some(n) = name_defined(stmt) else { continue };
        let def = crate::names::definition_of(stmt);
        if (Some(i) == here && def.is_none()) || !seen.insert((n.node.clone(), def.is_some())) {
            continue;
        }
        let Some(def) = def else {
            let value = a.report(i).and_then(|r| r.value.clone()).unwrap_or_default();
            out.push(item(&n.node, CompletionKind::Name, &value, "a `let` name of this file", &n.node));
            continue;
        };
        let doc = crate::names::doc_comment(&a.text, stmt.span.start);
        let doc = if doc.is_empty() { format!("defined on line {}", line_of(&a.text, stmt.span.start)) } else { doc };
        let mut c = item(&n.node, CompletionKind::Definition, &crate::names::signature(def), &doc, "");
        if def.is_rule {
            c.insert = format!("{}[", n.node);
        } else {
            let stops: Vec<String> =
                def.params.iter().enumerate().map(|(k, p)| format!("${{{}:{}}}", k + 1, p.node)).collect();
            c.insert = format!("{}({})", n.node, stops.join(", "));
            c.snippet = true;
        }
        out.push(c);
    }
}

/// The parameters and `for` variables of the definition or table being written at `offset`.
/// Read from the tokens, so that it works while the statement is incomplete: the parameters
/// after the `def`/`rule` name, and every `for` variable before `offset`.
fn locals(a: &Analysis, here: Option<usize>, offset: usize, out: &mut Vec<Completion>) {
    let Some(stmt) = here.map(|i| &a.parsed.stmts[i]) else { return };
    let base = stmt.span.start;
    let tokens = lex(&a.text[stmt.span.clone()]);
    let mut seen = std::collections::HashSet::new();
    let mut unparsed = None;
    let mut push = |name: &str, doc: &str| {
        if seen.insert(name.to_string()) {
            out.push(item(name, CompletionKind::Parameter, doc, doc, name));
        }
    };
    if let [(Token::Ident("def" | "rule"), _), (Token::Ident(name), _), (Token::LParen, _), rest @ ..] =
        tokens.as_slice()
    {
        let params = rest.iter().take_while(|(t, _)| *t != Token::RParen);
        let in_body = rest.iter().any(|(t, s)| *t == Token::Assign && base + s.end <= offset);
        // A definition that does not parse yet is not among the bound names: offer its name
        // for recursion.
        if in_body && crate::names::definition_of(stmt).is_none() {
            unparsed =
                Some(item(name, CompletionKind::Definition, "being defined", "the definition being written", name));
        }
        for (t, _) in params.filter(|_| in_body) {
            if let Token::Ident(p) = t {
                push(p, "parameter");
            }
        }
    }
    for w in tokens.windows(2) {
        if let [(Token::Ident("for"), _), (Token::Ident(v), s)] = w
            && base + s.end < offset
        {
            push(v, "`for` variable");
        }
    }
    out.extend(unparsed);
}

/// The 1-based line of a byte offset.
fn line_of(text: &str, offset: usize) -> usize {
    text[..offset].bytes().filter(|&b| b == b'\n').count() + 1
}

/// The loopy constants and `pass` (docs/src/tutorial/loopy.md), with their forms: not registry rows, since they
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
    ("def", "`def NAME(PARAMS) = EXPR` defines a function (memoised; may recurse)"),
    ("rule", "`rule NAME(n) = [...]` defines a heap rule: the options of a heap of n"),
    ("misere", "`misere G`: G under misère play (the last player to move loses)"),
];

fn item(label: &str, kind: CompletionKind, detail: &str, doc: &str, insert: &str) -> Completion {
    Completion {
        label: label.to_string(),
        kind,
        detail: detail.to_string(),
        documentation: doc.to_string(),
        insert: insert.to_string(),
        snippet: false,
    }
}

fn filter(items: Vec<Completion>, prefix: &str) -> Vec<Completion> {
    items.into_iter().filter(|c| c.label.starts_with(prefix)).collect()
}

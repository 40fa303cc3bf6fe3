//! Hover: what a statement's value is (with options, stops, temperature and the game tree of
//! small positions), what a `let` name is bound to, a definition's signature and doc comment
//! (with the value of the line using it), whose parameter a name is, and what functions and
//! rulesets mean.

use cgt_eval::manual::Entry;
use cgt_eval::resolve::{Callee, Role, callee};
use cgt_eval::{Details, StmtReport};
use cgt_syntax::{LocalKind, Span, Token, lex};

use crate::engine::Analysis;
use crate::names::{self, Occurrence, Target};

/// A hover: Markdown text and the span it describes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HoverInfo {
    /// The span the hover is about.
    pub span: Span,
    /// Markdown.
    pub markdown: String,
    /// For a ruleset or function name: where its entry is in the built book, from the book's
    /// root (`reference/rulesets.html#clobber`), for editors to link to.
    pub manual: Option<String>,
}

/// The hover at `offset`, if there is something to say.
pub fn hover(a: &Analysis, offset: usize) -> Option<HoverInfo> {
    if let Some(h) = hover_word(a, offset) {
        return Some(h);
    }
    let i = a.stmt_at(offset)?;
    let stmt = &a.parsed.stmts[i];
    let report = a.report(i);
    let markdown = match report {
        Some(r) => describe(r),
        None => "*still computing…*".to_string(),
    };
    Some(HoverInfo { span: stmt.span.clone(), markdown, manual: None })
}

/// Hovers on a word: a name bound in the document (a `let`, a definition, a parameter), or
/// a built-in function or ruleset name.
fn hover_word(a: &Analysis, offset: usize) -> Option<HoverInfo> {
    if let Some(occ) = names::occurrence_at(a, offset) {
        let markdown = hover_name(a, &occ)?;
        return Some(HoverInfo { span: occ.span, markdown, manual: None });
    }
    let i = a.stmt_at(offset)?;
    let stmt = &a.parsed.stmts[i];
    let tokens = lex(&a.text[stmt.span.clone()]);
    let base = stmt.span.start;
    let k = tokens.iter().position(|(_, s)| base + s.start <= offset && offset <= base + s.end)?;
    let (Token::Ident(word), span) = &tokens[k] else { return None };
    let span = base + span.start..base + span.end;
    let next = tokens.get(k + 1).map(|t| t.0);
    // Not the document's own (that was an occurrence above): a built-in, resolved as
    // evaluation resolves it.
    let role = match next {
        Some(Token::LParen) => Role::Call,
        Some(Token::LBracket) => Role::Position,
        _ => return None,
    };
    match callee(word, role, |_| None::<usize>)? {
        Callee::Function(f) => Some(entry_hover(span, Entry::Function(f))),
        Callee::Ruleset(r) => Some(entry_hover(span, Entry::Ruleset(r))),
        Callee::User(_) | Callee::Builtin(_) => None,
    }
}

/// The hover of a function or ruleset name: its manual entry, and where the book has it.
fn entry_hover(span: Span, entry: Entry) -> HoverInfo {
    HoverInfo { span, markdown: entry.markdown(), manual: Some(entry.book_path()) }
}

/// The hover of a name bound in the document.
fn hover_name(a: &Analysis, occ: &Occurrence) -> Option<String> {
    let word = &a.text[occ.span.clone()];
    match &occ.target {
        Target::Let(j) => Some(match a.report(*j) {
            Some(r) => format!("`{word}` (defined on line {})\n\n{}", r.line, describe(r)),
            None => format!("`{word}`: *still computing…*"),
        }),
        Target::Def(j) => {
            let stmt = &a.parsed.stmts[*j];
            let def = names::definition_of(stmt)?;
            let keyword = if def.is_rule { "" } else { "def " };
            let mut out = format!("```cgt\n{keyword}{}\n```\n", names::signature(def));
            let doc = names::doc_comment(&a.text, stmt.span.start);
            if !doc.is_empty() {
                out.push_str(&format!("{doc}\n"));
            }
            if let Some(r) = a.report(*j).and_then(|r| r.diagnostics.first()) {
                out.push_str(&format!("\n**{}**\n", r.message));
            }
            if !occ.declaration && occ.stmt != *j {
                out.push_str(&format!("\n**This line** {}", this_line(a, occ.stmt)));
            }
            Some(out)
        }
        Target::Local { stmt, kind, .. } => {
            let owner = match names::definition_of(&a.parsed.stmts[*stmt]) {
                Some(def) => format!("`{}`", names::signature(def)),
                None => "this table".to_string(),
            };
            Some(match kind {
                LocalKind::Param => format!("`{word}`: a parameter of {owner}"),
                LocalKind::ForVar => format!("`{word}`: a `for` variable in {owner}"),
            })
        }
    }
}

/// The value of statement `i` in a few words: what a hover on a call shows.
fn this_line(a: &Analysis, i: usize) -> String {
    let Some(r) = a.report(i) else { return "*still computing…*".to_string() };
    if let Some(d) = r.diagnostics.first() {
        return format!("**{}**", d.message);
    }
    match (&r.value, &r.outcome) {
        (Some(v), Some(o)) if o != v => format!("`{v}` · outcome **{o}**"),
        (Some(v), _) => format!("`{v}`"),
        (None, _) => "no value".to_string(),
    }
}

/// The Markdown description of a statement's result.
fn describe(r: &StmtReport) -> String {
    let mut out = String::new();
    if let Some(d) = r.diagnostics.first() {
        out.push_str(&format!("**{}**\n\n", d.message));
    }
    if let Some(v) = r.value.as_ref().filter(|v| v.contains('\n')) {
        // Text of several lines (`explain(G)`).
        out.push_str(&format!("```text\n{v}\n```\n"));
    } else if let Some(v) = &r.value {
        out.push_str(&format!("**Value** `{v}`"));
        if let Some(o) = &r.outcome {
            out.push_str(&format!(" · outcome **{o}** ({})", cgt_eval::outcome_meaning(o)));
        }
        out.push('\n');
        sides(v, &mut out);
    }
    for (k, v) in &r.extras {
        out.push_str(&format!("\n**{k}** {v}\n"));
    }
    if let Some(t) = &r.table {
        out.push_str(&format!("\n{}\n", t.markdown()));
    }
    if let Some(d) = &r.details {
        details(d, &mut out);
    }
    pictures(&r.pictures, &mut out);
    if let Some(tree) = r.details.as_ref().and_then(|d| d.tree.as_ref()).filter(|t| t.contains('\n')) {
        out.push_str(&format!("\n```text\n{tree}\n```\n"));
    }
    explanation(&r.explanation, &mut out);
    out
}

/// Pictures larger than this (in bytes of SVG) are left out of hovers.
const PICTURE_BYTES: usize = 200_000;

/// The pictures of a result as Markdown images with `data:` URIs (SVG in base64), which
/// editors render inside the hover.
fn pictures(pictures: &[cgt_eval::Picture], out: &mut String) {
    use base64::Engine as _;
    for p in pictures.iter().filter(|p| p.svg.len() <= PICTURE_BYTES) {
        let data = base64::engine::general_purpose::STANDARD.encode(p.svg.as_bytes());
        out.push_str(&format!("\n![{}](data:image/svg+xml;base64,{data})\n", p.kind));
    }
}

/// The sides of a sided value `S & T` (a loopy game that is not a stopper; `dud` is `on & off`),
/// spelled out; the printed sides of a stopper never contain `&`.
fn sides(value: &str, out: &mut String) {
    let split = if value == "dud" { Some(("on", "off")) } else { value.split_once(" & ") };
    if let Some((on, off)) = split {
        out.push_str(&format!(
            "\n**Onside** `{on}` (infinite play won by Left) · **offside** `{off}` (infinite play won by Right)\n"
        ));
    }
}

/// The most lines of an explanation a hover shows.
const EXPLANATION_LINES: usize = 15;

/// The derivation of the canonical form, when it has steps, and the winning moves after it (at
/// most [`EXPLANATION_LINES`] lines: the first steps, then the canonical form and what follows
/// it).
fn explanation(lines: &[String], out: &mut String) {
    // Two lines are the game and "no option is dominated or reversible": nothing to show.
    if lines.len() <= 2 {
        return;
    }
    out.push_str("\n**Explanation**\n\n");
    let mut shown: Vec<&String> = lines.iter().collect();
    if lines.len() > EXPLANATION_LINES {
        // The canonical form and the winning moves after it are always shown.
        let tail = lines.iter().rposition(|l| l.contains("canonical form is")).unwrap_or(lines.len() - 1);
        let keep = EXPLANATION_LINES.saturating_sub(lines.len() - tail + 1).max(1);
        out.push_str(&lines[..keep].iter().map(|l| format!("{l}  \n")).collect::<String>());
        out.push_str(&format!("… {} more steps (`explain(...)` lists them all)  \n", tail.saturating_sub(keep)));
        shown = lines[tail..].iter().collect();
    }
    for l in shown {
        out.push_str(&format!("{l}  \n"));
    }
}

fn details(d: &Details, out: &mut String) {
    let list = |xs: &[String]| if xs.is_empty() { "none".to_string() } else { xs.join(", ") };
    out.push_str(&format!("\n**Left options** `{}`  \n**Right options** `{}`\n", list(&d.left), list(&d.right)));
    if let Some([ls, rs, mean, temp]) = &d.temperature {
        out.push_str(&format!(
            "\nstops `{ls}` / `{rs}` · mean `{mean}` · temperature `{temp}` · birthday {}\n",
            d.birthday
        ));
    }
}

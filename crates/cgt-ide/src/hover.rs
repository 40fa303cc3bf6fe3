//! Hover: what a statement's value is (with options, stops, temperature and the game tree of
//! small positions), what a `let` name is bound to, and what functions and rulesets mean.

use cgt_eval::{Details, StmtReport, registry};
use cgt_syntax::{Span, Token, lex, name_defined, names_used};

use crate::engine::Analysis;

/// A hover: Markdown text and the span it describes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HoverInfo {
    /// The span the hover is about.
    pub span: Span,
    /// Markdown.
    pub markdown: String,
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
    Some(HoverInfo { span: stmt.span.clone(), markdown })
}

/// Hovers on a word: a function or ruleset name, or a `let` name.
fn hover_word(a: &Analysis, offset: usize) -> Option<HoverInfo> {
    let i = a.stmt_at(offset)?;
    let stmt = &a.parsed.stmts[i];
    let tokens = lex(&a.text[stmt.span.clone()]);
    let base = stmt.span.start;
    let k = tokens.iter().position(|(_, s)| base + s.start <= offset && offset <= base + s.end)?;
    let (Token::Ident(word), span) = &tokens[k] else { return None };
    let span = base + span.start..base + span.end;
    let next = tokens.get(k + 1).map(|t| t.0);
    if next == Some(Token::LParen)
        && let Some(f) = registry::function(word)
    {
        let markdown =
            format!("```cgt\n{}\n```\n{} (function `{}`; gives {})", f.signature, f.doc, f.name, f.returns.describe());
        return Some(HoverInfo { span, markdown });
    }
    if next == Some(Token::LBracket)
        && let Some(r) = registry::ruleset(word)
    {
        let mut markdown =
            format!("**{}**: {} (gives {})\n\n```cgt\n{}\n```", r.name, r.doc, r.returns.describe(), r.example);
        for s in r.settings {
            markdown.push_str(&format!("\n- `{}=`: {}", s.key, s.doc));
        }
        return Some(HoverInfo { span, markdown });
    }
    let is_def = name_defined(stmt).is_some_and(|n| n.span == span);
    let is_use = names_used(stmt).iter().any(|n| n.span == span);
    if !is_def && !is_use {
        return None;
    }
    let def = crate::navigation::definition(a, offset)?;
    let j = a.stmt_at(def.start)?;
    let markdown = match a.report(j) {
        Some(r) => format!("`{word}` (defined on line {})\n\n{}", r.line, describe(r)),
        None => format!("`{word}`: *still computing…*"),
    };
    Some(HoverInfo { span, markdown })
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
    }
    for (k, v) in &r.extras {
        out.push_str(&format!("\n**{k}** {v}\n"));
    }
    if let Some(d) = &r.details {
        details(d, &mut out);
    }
    explanation(&r.explanation, &mut out);
    out
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
    if let Some(tree) = &d.tree
        && tree.contains('\n')
    {
        out.push_str(&format!("\n```text\n{tree}\n```\n"));
    }
}

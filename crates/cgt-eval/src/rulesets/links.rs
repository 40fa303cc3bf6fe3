//! Reading the positions of the rulesets on undirected graphs (`hackenbush[0-1 B, 1-2]`,
//! `col[1-2, 5] left=[1]`): edges, lone vertices and vertex settings, with exact spans.

use cgt_rules::ugraph::MAX_VERTICES;
use cgt_syntax::{Code, Diagnostic, RuleArgKind, Ruleset, Span, Spanned};

use super::{bad_arg, setting_arg, setting_list};
use crate::value::EvalResult;

/// One undirected edge `u-v` as written, with its colour word if it has one.
pub(crate) struct Link<'a> {
    /// One end.
    pub u: u64,
    /// The other end.
    pub v: u64,
    /// The word after the edge (`B`), if any.
    pub colour: Option<&'a Spanned<String>>,
}

/// A graph position's edges and lone vertices, in order.
pub(crate) struct Links<'a> {
    /// The edges.
    pub edges: Vec<Link<'a>>,
    /// The vertices written alone (`5`).
    pub lone: Vec<u64>,
}

/// The edges and lone vertices between the brackets.
pub(crate) fn links<'a>(r: &'a Ruleset, example: &str) -> EvalResult<Links<'a>> {
    let mut out = Links { edges: Vec::with_capacity(r.args.len()), lone: Vec::new() };
    for a in &r.args {
        match &a.kind {
            RuleArgKind::Link(u, v, colour) => {
                out.edges.push(Link { u: vertex(u, &a.span)?, v: vertex(v, &a.span)?, colour: colour.as_ref() })
            }
            RuleArgKind::Int(v) => out.lone.push(vertex(v, &a.span)?),
            RuleArgKind::Edge(..) => {
                return Err(bad_arg(&a.span, "these edges have no direction: write `1-2`, not `1->2`", example));
            }
            _ => {
                return Err(bad_arg(
                    &a.span,
                    "a graph is a list of edges `U-V` between vertices named by numbers",
                    example,
                ));
            }
        }
    }
    Ok(out)
}

/// The vertices of the list setting `key` (`left=[1, 3]` or `left=1`), if it is given.
pub(crate) fn vertex_setting(r: &Ruleset, key: &str, example: &str) -> EvalResult<Option<(Vec<u64>, Span)>> {
    let Some(s) = r.settings.iter().find(|s| s.key.node == key) else { return Ok(None) };
    let Some(list) = setting_list(s) else {
        return Err(bad_arg(&s.key.span, &format!("`{key}=` takes a vertex or a list of vertices"), example));
    };
    let vertices = list
        .iter()
        .map(|a| match &a.kind {
            RuleArgKind::Int(v) => vertex(v, &a.span),
            _ => Err(bad_arg(&a.span, "a vertex is a whole number", example)),
        })
        .collect::<EvalResult<Vec<u64>>>()?;
    let span = match &s.value {
        Some(cgt_syntax::SettingValue::List(l)) => s.key.span.start..l.span.end,
        Some(cgt_syntax::SettingValue::Arg(a)) => s.key.span.start..a.span.end,
        None => s.key.span.clone(),
    };
    Ok(Some((vertices, span)))
}

/// `vertices=N`, declaring the vertices 1 to N, if it is given.
pub(crate) fn declared(r: &Ruleset, example: &str) -> EvalResult<Option<u64>> {
    let Some(s) = r.settings.iter().find(|s| s.key.node == "vertices") else { return Ok(None) };
    let n = match setting_arg(s).map(|a| (&a.kind, &a.span)) {
        Some((RuleArgKind::Int(n), span)) => vertex(n, span)?,
        _ => return Err(bad_arg(&s.key.span, "`vertices=N` declares the vertices 1 to N", example)),
    };
    if n > MAX_VERTICES {
        return Err(Box::new(
            Diagnostic::error(Code::Setting, s.key.span.clone(), format!("{n} vertices are too many"))
                .with_hint(format!("at most {MAX_VERTICES} vertices can be declared")),
        ));
    }
    Ok(Some(n))
}

/// An error at an edge's colour word, for rulesets whose edges have none.
pub(crate) fn no_colour(word: &Spanned<String>, name: &str, example: &str) -> Box<Diagnostic> {
    Box::new(
        Diagnostic::error(Code::Argument, word.span.clone(), format!("`{name}`'s edges have no colour"))
            .with_hint(format!("write the edge alone, for example `{example}`")),
    )
}

/// A vertex name.
fn vertex(text: &str, span: &Span) -> EvalResult<u64> {
    text.parse::<u64>().map_err(|_| {
        let what = if text.starts_with('-') { "not negative" } else { "below 2^64" };
        Box::new(
            Diagnostic::error(Code::Argument, span.clone(), format!("vertices are whole numbers {what}"))
                .with_hint("name vertices 0, 1, 2, ..."),
        )
    })
}

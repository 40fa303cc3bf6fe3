//! Col and Snort on graphs: `col[1-2, 2-3, 3-4] left=[1] right=[3]`, `snort[1-2, 2-3]`.

use std::collections::BTreeSet;

use cgt_rules::colsnort::{ColSnort, Rule};
use cgt_rules::position::Solver;
use cgt_rules::ugraph::GraphError;
use cgt_syntax::{Code, Diagnostic, Ruleset, Span};

use super::links::{declared, links, no_colour, vertex_setting};
use crate::context::{Computed, Ctx, Moves};
use crate::registry::{AnyPosition, Returns, RulesetDef, SettingDef};
use crate::session::Session;
use crate::value::{EvalResult, Value, gave_up};

/// The settings of both rulesets.
const SETTINGS: &[SettingDef] = &[
    SettingDef {
        key: "left",
        doc: "vertices next to one Left has coloured (CGSuite's `L` tint): in Col only Right may colour \
              them, in Snort only Left; `left=[1, 4]`",
    },
    SettingDef {
        key: "right",
        doc: "vertices next to one Right has coloured (CGSuite's `R` tint): in Col only Left may colour \
              them, in Snort only Right; `right=[3]`",
    },
    SettingDef { key: "vertices", doc: "declares the vertices 1 to N, isolated ones too: `vertices=5`" },
];

/// The row of `col`.
pub(crate) const COL: RulesetDef = RulesetDef {
    name: "col",
    example: "col[1-2, 2-3, 3-4] left=[1] right=[3]",
    doc: "Col: players colour vertices (Left blue, Right red), never next to their own colour; edges \
          `U-V` between numbered vertices, a lone number is an isolated vertex",
    settings: SETTINGS,
    returns: Returns::Game,
    limits: "Exponential: the definition over connected components (with tints), with a transposition table: \
             a cycle of 20 vertices with two chords takes about 9 s, a cycle of 15 a few hundredths of a \
             second.",
    source: "theory/canonical-forms.md; WW ch. 2 and LiP (Col and Snort).",
    eval: |s, r, span, ctx| eval(s, r, span, ctx, Rule::Col),
    heap_rule: None,
    position: Some(|r| read(r, Rule::Col).map(|(p, _)| Box::new(p) as Box<dyn AnyPosition>)),
};

/// The row of `snort`.
pub(crate) const SNORT: RulesetDef = RulesetDef {
    name: "snort",
    example: "snort[1-2, 2-3, 3-4] left=[1]",
    doc: "Snort: players colour vertices (Left blue, Right red), never next to the opponent's colour; \
          edges `U-V` between numbered vertices, a lone number is an isolated vertex",
    settings: SETTINGS,
    returns: Returns::Game,
    limits: "Exponential: the definition over connected components (with tints), with a transposition table: \
             a cycle of 20 vertices takes about 0.06 s, with two chords added it exceeds the default budget \
             of 10 s.",
    source: "theory/canonical-forms.md and theory/temperature.md; WW ch. 2 and LiP (Col and Snort).",
    eval: |s, r, span, ctx| eval(s, r, span, ctx, Rule::Snort),
    heap_rule: None,
    position: Some(|r| read(r, Rule::Snort).map(|(p, _)| Box::new(p) as Box<dyn AnyPosition>)),
};

fn eval(s: &mut Session, r: &Ruleset, span: &Span, ctx: &Ctx, rule: Rule) -> EvalResult<Computed> {
    let (position, vertices) = read(r, rule)?;
    let moves = if ctx.is_top(span) { Moves::of(ctx, &position, vertices) } else { None };
    let (solver, games) = s.table_and_games::<Solver<ColSnort>>();
    let g = position.value(games, solver, ctx.budget).map_err(|e| gave_up(e, span.clone(), ctx.budget))?;
    Ok(Computed::plain(Value::Game(g)).with_moves(moves))
}

/// The position and its number of vertices.
fn read(r: &Ruleset, rule: Rule) -> EvalResult<(ColSnort, usize)> {
    let example = if rule == Rule::Col { COL.example } else { SNORT.example };
    let written = links(r, example)?;
    let mut edges = Vec::with_capacity(written.edges.len());
    for l in &written.edges {
        if let Some(word) = l.colour {
            return Err(no_colour(word, rule.name(), example));
        }
        edges.push((l.u, l.v));
    }
    let mut vertices = written.lone;
    vertices.extend(1..=declared(r, example)?.unwrap_or(0));
    let left = vertex_setting(r, "left", example)?;
    let right = vertex_setting(r, "right", example)?;
    let tints = |t: &Option<(Vec<u64>, Span)>| t.as_ref().map_or(&[][..], |(v, _)| v.as_slice()).to_vec();
    let position = ColSnort::new(rule, &vertices, &edges, &tints(&left), &tints(&right)).map_err(|e| match e {
        GraphError::UnknownVertex(v) => {
            let at = [&left, &right].into_iter().flatten().find(|(vs, _)| vs.contains(&v)).map(|(_, s)| s.clone());
            Box::new(
                Diagnostic::error(
                    Code::Setting,
                    at.unwrap_or(r.name.span.clone()),
                    format!("vertex {v} is not in the graph"),
                )
                .with_hint(format!(
                    "tint vertices of the graph, or declare vertex {v} alone: `{}[..., {v}]`",
                    rule.name()
                )),
            )
        }
        other => Box::new(Diagnostic::error(Code::Argument, r.name.span.clone(), other.to_string())),
    })?;
    let count: BTreeSet<u64> = vertices.iter().copied().chain(edges.iter().flat_map(|&(u, v)| [u, v])).collect();
    Ok((position, count.len()))
}

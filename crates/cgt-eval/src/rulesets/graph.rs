//! Games on directed graphs with draws: `graph[1->2, 2->3, 3->1] from=1` (win, loss or draw
//! for the player to move), and the scoring variant with `values=[1: 3, 2: -1]`. A position's
//! value is its generalised Sprague–Grundy value (`Loopy::Impartial`), shown as win, loss or
//! draw with the value as the extra `gsg`, so that sums of graph games and nimbers evaluate.

use std::collections::HashMap;

use cgt_rules::graph::{self, Graph, GraphOutcome};
use cgt_rules::loopy_graph;
use cgt_syntax::{Code, Diagnostic, RuleArgKind, Ruleset, Setting, Span};

use super::{bad_arg, setting_arg, setting_list};
use crate::context::{Computed, Ctx};
use crate::loopy::Loopy;
use crate::registry::{Returns, RulesetDef, SettingDef};
use crate::session::Session;
use crate::value::{EvalResult, PlayOutcome, Quantity, Value, gave_up};

/// Vertices listed one by one in the extras at most.
const SHOWN_VERTICES: usize = 60;

/// The row of `graph`.
pub(crate) const ROW: RulesetDef = RulesetDef {
    name: "graph",
    example: "graph[1->2, 2->3, 3->1, 3->4] from=1",
    doc: "a token on a directed graph: a player who cannot move loses, endless play is a draw; with \
          `values=` the scoring variant (either player may stop and score the vertex; play that never \
          ends scores below every value)",
    settings: &[
        SettingDef { key: "from", doc: "the vertex the token starts on: `from=1`" },
        SettingDef { key: "vertices", doc: "vertices without edges (isolated ones): `vertices=[5, 6]`" },
        SettingDef {
            key: "values",
            doc: "the scoring variant: each vertex's value by its id, `values=[1: 3, 2: -1]`; either player may \
                  stop instead of moving, and the score is the current vertex's value",
        },
    ],
    returns: Returns::Play,
    limits: "Retrograde analysis in O(V + E) (400,000 vertices with 800,000 edges in about half a second, \
             BENCHMARKS.md \"graph\"); the scoring variant (`values=`) in O(V log V + E), one incremental \
             sweep over the values in decreasing order. Sums of tokens use the generalised Sprague-Grundy \
             values of the vertices.",
    source: "theory/rulesets.md (Games on graphs, with draws) and theory/stoppers.md; WW ch. 11-12; CGT VI; \
             C. A. B. Smith, \"Graphs and composite games\", J. Combin. Theory 1 (1966); A. S. Fraenkel, Y. \
             Yesha, \"The generalized Sprague-Grundy function and its invariance under certain mappings\", \
             J. Combin. Theory Ser. A 43 (1986).",
    eval,
    heap_rule: None,
    position: None,
};

fn eval(_: &mut Session, r: &Ruleset, span: &Span, ctx: &Ctx) -> EvalResult<Computed> {
    let mut edges = Vec::new();
    for a in &r.args {
        let RuleArgKind::Edge(x, y) = &a.kind else {
            return Err(bad_arg(&a.span, "a graph is a list of edges `from->to`", ROW.example));
        };
        edges.push((vertex(x, &a.span)?, vertex(y, &a.span)?));
    }
    let mut isolated = Vec::new();
    if let Some(s) = r.settings.iter().find(|s| s.key.node == "vertices") {
        for a in setting_list(s).ok_or_else(|| bad_setting(s, "vertices", "`vertices=[5, 6]`"))? {
            match &a.kind {
                RuleArgKind::Int(v) => isolated.push(vertex(v, &a.span)?),
                _ => return Err(bad_arg(&a.span, "a vertex is a whole number", "vertices=[5, 6]")),
            }
        }
    }
    let from_setting = r.settings.iter().find(|s| s.key.node == "from");
    let Some(from_setting) = from_setting else {
        return Err(Box::new(
            Diagnostic::error(Code::Setting, r.name.span.clone(), "`graph` needs `from=...`: the start vertex")
                .with_hint(format!("for example `{}`", ROW.example)),
        ));
    };
    let from = match setting_arg(from_setting).map(|a| (&a.kind, &a.span)) {
        Some((RuleArgKind::Int(v), s)) => (vertex(v, s)?, s.clone()),
        _ => return Err(bad_setting(from_setting, "from", "`from=1`")),
    };
    let g = Graph::new(&isolated, &edges);
    let Some(start) = g.index(from.0) else {
        return Err(Box::new(
            Diagnostic::error(Code::Setting, from.1, format!("vertex {} is not in the graph", from.0))
                .with_hint("start on a vertex of an edge, or declare it with `vertices=[...]`"),
        ));
    };
    if let Some(values) = r.settings.iter().find(|s| s.key.node == "values") {
        return scores(&g, start, values, span, ctx);
    }
    let outcomes = graph::outcomes(&g, ctx.budget).map_err(|e| gave_up(e, span.clone(), ctx.budget))?;
    // The value (for sums) is the start's generalised Sprague–Grundy value; its outcome is the
    // retrograde analysis's, which the vertices show.
    let values = loopy_graph::gsg_values(&g, ctx.budget).map_err(|e| gave_up(e, span.clone(), ctx.budget))?;
    let mut shown: Vec<String> = g
        .labels()
        .iter()
        .zip(&outcomes)
        .take(SHOWN_VERTICES)
        .map(|(v, o)| format!("{v}: {}", play(*o).name()))
        .collect();
    if g.len() > SHOWN_VERTICES {
        shown.push(format!("… ({} vertices)", g.len()));
    }
    let value = Value::Loopy(Loopy::Impartial(values[start].clone()));
    Ok(Computed::plain(value).with_extra("vertices", shown.join(", ")))
}

/// The scoring variant: the optimal score for the player to move at `start`.
fn scores(g: &Graph, start: usize, values: &Setting, span: &Span, ctx: &Ctx) -> EvalResult<Computed> {
    let example = "`values=[1: 3, 2: -1]`";
    let list = setting_list(values).ok_or_else(|| bad_setting(values, "values", example))?;
    let mut by_id: HashMap<u64, i64> = HashMap::new();
    for a in list {
        let RuleArgKind::Keyed(k, v) = &a.kind else {
            return Err(bad_arg(&a.span, "a value is given for a vertex as `vertex: value`", "values=[1: 3, 2: -1]"));
        };
        let id = vertex(k, &a.span)?;
        let value = v.parse::<i64>().map_err(|_| bad_arg(&a.span, "values are whole numbers below 2^63", "1: 3"))?;
        if by_id.insert(id, value).is_some() {
            return Err(bad_arg(&a.span, "this vertex's value is given twice", "values=[1: 3, 2: -1]"));
        }
        if g.index(id).is_none() {
            return Err(bad_arg(&a.span, "this vertex is not in the graph", "values=[1: 3, 2: -1]"));
        }
    }
    let missing: Vec<String> = g.labels().iter().filter(|l| !by_id.contains_key(l)).map(u64::to_string).collect();
    if !missing.is_empty() {
        return Err(Box::new(
            Diagnostic::error(
                Code::Setting,
                values.key.span.clone(),
                format!("no value is given for vertex {}", missing.join(", ")),
            )
            .with_hint("give every vertex a value, `values=[1: 3, 2: -1]`"),
        ));
    }
    let ordered: Vec<i64> = g.labels().iter().map(|l| by_id[l]).collect();
    let scores = graph::stop_scores(g, &ordered, ctx.budget).map_err(|e| match e {
        graph::ScoringError::Exhausted(x) => gave_up(x, span.clone(), ctx.budget),
        other => Box::new(Diagnostic::error(Code::Setting, values.key.span.clone(), other.to_string())),
    })?;
    Ok(Computed::plain(Value::Integer(scores.max_to_move[start].into(), Quantity::Score)))
}

/// A vertex id.
fn vertex(text: &str, span: &Span) -> EvalResult<u64> {
    text.parse::<u64>().map_err(|_| bad_arg(span, "vertices are whole numbers below 2^64", ROW.example))
}

fn bad_setting(s: &Setting, key: &str, example: &str) -> Box<Diagnostic> {
    Box::new(
        Diagnostic::error(Code::Setting, s.key.span.clone(), format!("`{key}` is malformed"))
            .with_hint(format!("for example {example}")),
    )
}

fn play(o: GraphOutcome) -> PlayOutcome {
    match o {
        GraphOutcome::Win { .. } => PlayOutcome::Win,
        GraphOutcome::Loss { .. } => PlayOutcome::Loss,
        GraphOutcome::Draw => PlayOutcome::Draw,
    }
}

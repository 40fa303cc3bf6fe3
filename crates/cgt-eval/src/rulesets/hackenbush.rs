//! Hackenbush on graphs, `hackenbush[0-1 B, 1-2 R, 2-0 G, 1-1 G] ground=[0]`, and Childish
//! Hackenbush in the same notation, `childish[0-1 B, 1-2 R]`.

use cgt_rules::childish::Childish;
use cgt_rules::hackenbush::{Colour, Hackenbush};
use cgt_rules::position::Solver;
use cgt_rules::ugraph::GraphError;
use cgt_syntax::{Code, Diagnostic, Ruleset, Span, Spanned};

use super::links::{links, vertex_setting};
use crate::context::{Computed, Ctx, Moves};
use crate::registry::{AnyPosition, Returns, RulesetDef, SettingDef};
use crate::session::Session;
use crate::value::{EvalResult, Value, gave_up};

/// The settings of both rulesets.
const SETTINGS: &[SettingDef] = &[SettingDef {
    key: "ground",
    doc: "the ground vertex, or several that are all the ground: `ground=[0, 5]` (0 when not given)",
}];

/// The row of `hackenbush`.
pub(crate) const HACKENBUSH: RulesetDef = RulesetDef {
    name: "hackenbush",
    example: "hackenbush[0-1 B, 1-2 R, 2-0 G, 1-1 G]",
    doc: "Hackenbush on graphs: edges `U-V` between numbered vertices, each B (blue, Left), R (red, \
          Right) or G (green, either; the default); a cut edge falls with everything no longer \
          joined to the ground (vertex 0)",
    settings: SETTINGS,
    returns: Returns::Game,
    limits: "Green graphs by the fusion principle in linear time; parts that are trees by ordinal sums, as in \
             `tree`; any other part by the definition over its edges with a transposition table, which is \
             exponential: a blue-red graph of 12 edges with cycles takes about 0.1 s, of 16 edges about 5 s.",
    source: "theory/simplicity.md and theory/sprague-grundy.md; WW ch. 7 (fusion and the colon principle); \
             LiP ch. 7; ONAG ch. 15.",
    eval: eval_hackenbush,
    heap_rule: None,
    position: Some(|r| hackenbush(r).map(|h| Box::new(h) as Box<dyn AnyPosition>)),
};

/// The row of `childish`.
pub(crate) const CHILDISH: RulesetDef = RulesetDef {
    name: "childish",
    example: "childish[0-1 B, 1-2 R, 1-1 G]",
    doc: "Childish Hackenbush (as CGSuite plays it), in `hackenbush`'s notation: a blue or red edge \
          may be cut only when nothing else falls with it; green edges are cut freely",
    settings: SETTINGS,
    returns: Returns::Game,
    limits: "Green parts by fusion in linear time; the rest by the definition over the edges with a \
             transposition table, exponential in the edges of a part (a blue-red graph of 12 edges with \
             cycles in about 0.1 s).",
    source: "theory/canonical-forms.md; WW ch. 7; CGSuite's ChildishHackenbush for the rules.",
    eval: eval_childish,
    heap_rule: None,
    position: Some(|r| childish(r).map(|c| Box::new(c) as Box<dyn AnyPosition>)),
};

fn eval_hackenbush(s: &mut Session, r: &Ruleset, span: &Span, ctx: &Ctx) -> EvalResult<Computed> {
    let h = hackenbush(r)?;
    let moves = if ctx.is_top(span) { Moves::of(ctx, &h, h.edges().len()) } else { None };
    let (solver, games) = s.table_and_games::<Solver<Hackenbush>>();
    let g = h.value(games, solver, ctx.budget).map_err(|e| gave_up(e, span.clone(), ctx.budget))?;
    Ok(Computed::plain(Value::Game(g)).with_moves(moves))
}

fn eval_childish(s: &mut Session, r: &Ruleset, span: &Span, ctx: &Ctx) -> EvalResult<Computed> {
    let c = childish(r)?;
    let moves = if ctx.is_top(span) { Moves::of(ctx, &c, c.as_hackenbush().edges().len()) } else { None };
    let (solver, games) = s.table_and_games::<Solver<Childish>>();
    let g = c.value(games, solver, ctx.budget).map_err(|e| gave_up(e, span.clone(), ctx.budget))?;
    Ok(Computed::plain(Value::Game(g)).with_moves(moves))
}

fn hackenbush(r: &Ruleset) -> EvalResult<Hackenbush> {
    let (edges, ground, at) = read(r, HACKENBUSH.example)?;
    Hackenbush::new(&edges, &ground).map_err(|e| graph_error(e, at, r))
}

fn childish(r: &Ruleset) -> EvalResult<Childish> {
    let (edges, ground, at) = read(r, CHILDISH.example)?;
    Childish::new(&edges, &ground).map_err(|e| graph_error(e, at, r))
}

/// Edges `(u, v, colour)`.
type Edges = Vec<(u64, u64, Colour)>;

/// The edges, the ground vertices and where the ground is given, of a position in
/// Hackenbush's notation. Lone vertices are accepted and, joined to nothing, fall at once.
fn read(r: &Ruleset, example: &str) -> EvalResult<(Edges, Vec<u64>, Span)> {
    let written = links(r, example)?;
    let edges = written
        .edges
        .iter()
        .map(|l| Ok((l.u, l.v, l.colour.map(colour).transpose()?.unwrap_or(Colour::Green))))
        .collect::<EvalResult<Edges>>()?;
    let (ground, at) = vertex_setting(r, "ground", example)?.unwrap_or((vec![0], r.name.span.clone()));
    Ok((edges, ground, at))
}

/// The error of a position that cannot be built (`ground=[]`), at the ground setting.
fn graph_error(e: GraphError, at: Span, r: &Ruleset) -> Box<Diagnostic> {
    match e {
        GraphError::NoGround => Box::new(
            Diagnostic::error(Code::Setting, at, "there is no ground vertex")
                .with_hint("name at least one: `ground=0` or `ground=[0, 5]`"),
        ),
        other => Box::new(Diagnostic::error(Code::Argument, r.name.span.clone(), other.to_string())),
    }
}

/// An edge's colour letter.
fn colour(word: &Spanned<String>) -> EvalResult<Colour> {
    let mut letters = word.node.chars();
    match (letters.next().and_then(Colour::from_letter), letters.next()) {
        (Some(c), None) => Ok(c),
        _ => {
            let hint = if word.node.contains('W') {
                "edges are B (blue), R (red) or G (green); W (white) is for box piles and dominoes"
            } else {
                "an edge's colour is one letter after it: B (blue, Left), R (red, Right) or G (green, either)"
            };
            Err(Box::new(
                Diagnostic::error(Code::Argument, word.span.clone(), format!("`{}` is not an edge colour", word.node))
                    .with_hint(hint),
            ))
        }
    }
}

//! Arc Kayles: `arckayles[1-2, 2-3]`; impartial, so nimbers.

use cgt_rules::arckayles::{ArcKayles, Nimbers};
use cgt_syntax::{Ruleset, Span};

use super::links::{links, no_colour};
use crate::context::{Computed, Ctx, Moves};
use crate::registry::{AnyPosition, Returns, RulesetDef};
use crate::session::Session;
use crate::value::{EvalResult, Value, gave_up};

/// The row of `arckayles`.
pub(crate) const ROW: RulesetDef = RulesetDef {
    name: "arckayles",
    example: "arckayles[1-2, 2-3, 3-4]",
    doc: "Arc Kayles: a move picks an edge `U-V` and removes both its ends with every edge at them \
          (loops `V-V` allowed); values are nimbers",
    settings: &[],
    returns: Returns::Game,
    limits: "Exponential: Grundy search over connected components (nim sums), each normalised and memoised: a \
             cycle of 20 vertices with two chords takes about 0.1 s, a cycle of 30 with four chords about 8 \
             s.",
    source: "theory/sprague-grundy.md; WW ch. 17 (Arc Kayles).",
    eval,
    heap_rule: None,
    position: Some(|r| read(r).map(|p| Box::new(p) as Box<dyn AnyPosition>)),
};

/// The position; lone vertices are accepted and, having no moves, dropped.
fn read(r: &Ruleset) -> EvalResult<ArcKayles> {
    let written = links(r, ROW.example)?;
    let mut edges = Vec::with_capacity(written.edges.len());
    for l in &written.edges {
        if let Some(word) = l.colour {
            return Err(no_colour(word, ROW.name, ROW.example));
        }
        edges.push((l.u, l.v));
    }
    Ok(ArcKayles::new(&edges))
}

fn eval(s: &mut Session, r: &Ruleset, span: &Span, ctx: &Ctx) -> EvalResult<Computed> {
    let position = read(r)?;
    let moves = if ctx.is_top(span) { Moves::of(ctx, &position, r.args.len()) } else { None };
    let n = s.table::<Nimbers>().nim_value(&position, ctx.budget).map_err(|e| gave_up(e, span.clone(), ctx.budget))?;
    Ok(Computed::plain(Value::Game(s.games.nimber(n))).with_moves(moves))
}

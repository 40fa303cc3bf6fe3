//! Weighted Arc Kayles: `weighted_arckayles[1-2, 2-3] weights=[2, 1, 3]`; impartial, so nimbers.

use cgt_rules::position::Solver;
use cgt_rules::weighted_arckayles::WeightedArcKayles;
use cgt_syntax::{Ruleset, Span};

use super::links::{links, no_colour};
use super::{bad_arg, setting_list, u64_arg};
use crate::context::{Computed, Ctx, Moves};
use crate::registry::{AnyPosition, Returns, RulesetDef, SettingDef};
use crate::session::Session;
use crate::value::{EvalResult, Value, gave_up};

/// The row of `weighted_arckayles`.
pub(crate) const ROW: RulesetDef = RulesetDef {
    name: "weighted_arckayles",
    example: "weighted_arckayles[1-2, 2-3] weights=[2, 1, 3]",
    doc: "Weighted Arc Kayles (CGSuite's GenArcKayles with weighted => true): vertices 1 to N with weights; a move \
          picks an edge `U-V` whose ends both have positive weight and lowers each by 1 (a loop `V-V` lowers V \
          once); values are nimbers, and with every weight 1 it is `arckayles`",
    settings: &[SettingDef {
        key: "weights",
        doc: "the weights of vertices 1, 2, ..., N in order (every vertex of an edge must have one); \
              without it, every vertex named has weight 1",
    }],
    returns: Returns::Game,
    limits: "Exponential in the total weight: the definition over the components of the edges whose ends both \
             have positive weight, with a transposition table.",
    source: "theory/sprague-grundy.md; WW ch. 17 (Arc Kayles); CGSuite's GenArcKayles for the rules.",
    eval,
    heap_rule: None,
    position: Some(|r| read(r).map(|p| Box::new(p) as Box<dyn AnyPosition>)),
};

/// The position; lone vertices are accepted (with their weights, having no edges, they have no moves).
fn read(r: &Ruleset) -> EvalResult<WeightedArcKayles> {
    let written = links(r, ROW.example)?;
    let mut edges = Vec::with_capacity(written.edges.len());
    for l in &written.edges {
        if let Some(word) = l.colour {
            return Err(no_colour(word, ROW.name, ROW.example));
        }
        edges.push((l.u, l.v));
    }
    let weights = match r.settings.iter().find(|s| s.key.node == "weights") {
        Some(s) => {
            let Some(list) = setting_list(s) else {
                return Err(bad_arg(&s.key.span, "`weights=` takes a list of whole numbers", ROW.example));
            };
            list.iter()
                .map(|a| u64_arg(a, "a weight is a non-negative whole number", ROW.example))
                .collect::<EvalResult<Vec<u64>>>()?
        }
        None => {
            let n = edges.iter().flat_map(|&(u, v)| [u, v]).chain(written.lone.iter().copied()).max().unwrap_or(0);
            if n > cgt_rules::ugraph::MAX_VERTICES {
                return Err(bad_arg(
                    &r.name.span,
                    &format!("vertex {n} is beyond the most vertices a graph may have"),
                    ROW.example,
                ));
            }
            vec![1; n as usize]
        }
    };
    WeightedArcKayles::new(&weights, &edges).ok_or_else(|| {
        bad_arg(
            &r.name.span,
            &format!(
                "an edge names a vertex outside 1 to {}: vertices are numbered from 1, one for each weight",
                weights.len()
            ),
            ROW.example,
        )
    })
}

fn eval(s: &mut Session, r: &Ruleset, span: &Span, ctx: &Ctx) -> EvalResult<Computed> {
    let position = read(r)?;
    let moves = if ctx.is_top(span) { Moves::of(ctx, &position, position.edge_count()) } else { None };
    let (table, games) = s.table_and_games::<Solver<WeightedArcKayles>>();
    let g = table.value(games, &position, ctx.budget).map_err(|e| gave_up(e, span.clone(), ctx.budget))?;
    Ok(Computed::plain(Value::Game(g)).with_moves(moves))
}

//! Partizan Arc Kayles: `partizan_arckayles[1-2 B, 2-3 R, 3-4 G]` (edges blue, red or green).

use cgt_rules::partizan_arckayles::PartizanArcKayles;
use cgt_rules::position::Solver;
use cgt_rules::tree::Colour;
use cgt_syntax::{Code, Diagnostic, Ruleset, Span, Spanned};

use super::links::links;
use crate::context::{Computed, Ctx, Moves};
use crate::registry::{AnyPosition, Returns, RulesetDef};
use crate::session::Session;
use crate::value::{EvalResult, Value, gave_up};

/// The row of `partizan_arckayles`.
pub(crate) const ROW: RulesetDef = RulesetDef {
    name: "partizan_arckayles",
    example: "partizan_arckayles[1-2 B, 2-3 R, 3-4 G]",
    doc: "Partizan Arc Kayles (CGSuite's PartizanArcKayles): edges `U-V` between numbered vertices, each B \
          (blue, Left's), R (red, Right's) or G (green, either's; the default); a move picks an edge of the \
          mover's colour or a green one and removes both its ends with every edge at them (loops `V-V` allowed)",
    settings: &[],
    returns: Returns::Game,
    limits: "Exponential: the definition over connected components (a sum), with blue and red swapped for \
             negatives and a transposition table.",
    source: "theory/canonical-forms.md; CGT II.1 (sums of components); CGSuite's PartizanArcKayles for the rules.",
    eval,
    heap_rule: None,
    position: Some(|r| read(r).map(|p| Box::new(p) as Box<dyn AnyPosition>)),
};

/// The position; lone vertices are accepted and, having no moves, dropped.
fn read(r: &Ruleset) -> EvalResult<PartizanArcKayles> {
    let written = links(r, ROW.example)?;
    let edges = written
        .edges
        .iter()
        .map(|l| Ok((l.u, l.v, l.colour.map(colour).transpose()?.unwrap_or(Colour::Green))))
        .collect::<EvalResult<Vec<(u64, u64, Colour)>>>()?;
    Ok(PartizanArcKayles::new(&edges))
}

/// An edge's colour letter.
fn colour(word: &Spanned<String>) -> EvalResult<Colour> {
    let mut letters = word.node.chars();
    match (letters.next().and_then(Colour::from_letter), letters.next()) {
        (Some(c), None) => Ok(c),
        _ => Err(Box::new(
            Diagnostic::error(Code::Argument, word.span.clone(), format!("`{}` is not an edge colour", word.node))
                .with_hint(
                    "an edge's colour is one letter after it: B (blue, Left), R (red, Right) or G (green, either)",
                ),
        )),
    }
}

fn eval(s: &mut Session, r: &Ruleset, span: &Span, ctx: &Ctx) -> EvalResult<Computed> {
    let position = read(r)?;
    let moves = if ctx.is_top(span) { Moves::of(ctx, &position, position.edge_count()) } else { None };
    let (table, games) = s.table_and_games::<Solver<PartizanArcKayles>>();
    let g = table.value(games, &position, ctx.budget).map_err(|e| gave_up(e, span.clone(), ctx.budget))?;
    Ok(Computed::plain(Value::Game(g)).with_moves(moves))
}

//! Toads and Frogs: `toads["TT..FF"]`.

use cgt_rules::position::Solver;
use cgt_rules::toads::Strip;
use cgt_syntax::{Ruleset, Span};

use super::board::{Cells, grid_error, strip};
use crate::context::{Computed, Ctx, Moves};
use crate::registry::{AnyPosition, Returns, RulesetDef};
use crate::session::Session;
use crate::value::{EvalResult, Value, gave_up};

/// The row of `toads`.
pub(crate) const ROW: RulesetDef = RulesetDef {
    name: "toads",
    example: r#"toads["TT..FF"]"#,
    doc: "Toads and Frogs: Left's toads `T` move or jump over a frog rightwards, Right's frogs `F` \
          leftwards; `.` empty; the strip in quotes",
    settings: &[],
    returns: Returns::Game,
    limits: "Exponential: the definition, with frozen pieces splitting the strip into independent parts and a \
             transposition table; strips of at most 256 cells. `TTTT.....FFFF` takes about 0.3 s, \
             `TTT..FFF.TTT..FFF` about 6 s, and `TTTTT..........FFFFF` exceeds the default budget of 10 s.",
    source: "theory/canonical-forms.md; WW ch. 1; LiP ch. 1 (Toads and Frogs).",
    eval,
    heap_rule: None,
    position: Some(|r| read(r).map(|p| Box::new(p) as Box<dyn AnyPosition>)),
};

const CELLS: Cells = Cells { letters: "`T` (Left's toad), `F` (Right's frog) and `.` (empty)", example: ROW.example };

fn read(r: &Ruleset) -> EvalResult<Strip> {
    Strip::parse(strip(r, &CELLS)?).map_err(|e| grid_error(e, r, &CELLS))
}

fn eval(s: &mut Session, r: &Ruleset, span: &Span, ctx: &Ctx) -> EvalResult<Computed> {
    let position = read(r)?;
    let moves = if ctx.is_top(span) { Moves::of(ctx, &position, position.word().len()) } else { None };
    let (table, games) = s.table_and_games::<Solver<Strip>>();
    let g = table.value(games, &position, ctx.budget).map_err(|e| gave_up(e, span.clone(), ctx.budget))?;
    Ok(Computed::plain(Value::Game(g)).with_moves(moves))
}

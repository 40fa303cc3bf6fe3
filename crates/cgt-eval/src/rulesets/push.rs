//! Push and Shove: `push["xo.xo.xo.xo"]`, `shove["xo..o"]`.

use cgt_rules::position::Solver;
use cgt_rules::push::{PushRule, Strip};
use cgt_syntax::{Ruleset, Span};

use super::board::{Cells, grid_error, strip};
use crate::context::{Computed, Ctx, Moves};
use crate::registry::{AnyPosition, Returns, RulesetDef};
use crate::session::Session;
use crate::value::{EvalResult, Value, gave_up};

/// The row of `push`.
pub(crate) const PUSH: RulesetDef = RulesetDef {
    name: "push",
    example: r#"push["xo.xo.xo.xo"]"#,
    doc: "Push: a player moves one of their pieces a square left, pushing the pieces touching it \
          along (off the left end they fall); `x` Left, `o` Right, `.` empty; the strip in quotes",
    settings: &[],
    returns: Returns::Game,
    limits: "The definition with a transposition table, cropped after the last piece; strips of at most 256 \
             cells. `push[\"xo.xo.xo.xo.xo.xo\"]` (17 squares) takes about 0.8 s; 23 squares in that pattern \
             exceed the default budget of 10 s.",
    source: "theory/canonical-forms.md; LiP (Push and Shove).",
    eval: |s, r, span, ctx| eval(s, r, span, ctx, PushRule::Push),
    heap_rule: None,
    position: Some(|r| read(r, PushRule::Push).map(|p| Box::new(p) as Box<dyn AnyPosition>)),
};

/// The row of `shove`.
pub(crate) const SHOVE: RulesetDef = RulesetDef {
    name: "shove",
    example: r#"shove["xo..o"]"#,
    doc: "Shove: a player moves one of their pieces a square left, and every piece to its left \
          moves too (off the left end they fall); `x` Left, `o` Right, `.` empty; the strip in quotes",
    settings: &[],
    returns: Returns::Game,
    limits: "The definition with a transposition table, cropped after the last piece; strips of at most 256 \
             cells. `shove[\"xo.xo.xo.xo.xo.xo.xo.xo\"]` (23 squares) takes about 5 s.",
    source: "theory/canonical-forms.md; LiP (Push and Shove).",
    eval: |s, r, span, ctx| eval(s, r, span, ctx, PushRule::Shove),
    heap_rule: None,
    position: Some(|r| read(r, PushRule::Shove).map(|p| Box::new(p) as Box<dyn AnyPosition>)),
};

fn cells(rule: PushRule) -> Cells {
    let example = if rule == PushRule::Push { PUSH.example } else { SHOVE.example };
    Cells { letters: "`x` (Left's piece), `o` (Right's piece) and `.` (empty)", example }
}

fn read(r: &Ruleset, rule: PushRule) -> EvalResult<Strip> {
    let cells = cells(rule);
    Strip::parse(rule, strip(r, &cells)?).map_err(|e| grid_error(e, r, &cells))
}

fn eval(s: &mut Session, r: &Ruleset, span: &Span, ctx: &Ctx, rule: PushRule) -> EvalResult<Computed> {
    let position = read(r, rule)?;
    let moves = if ctx.is_top(span) { Moves::of(ctx, &position, position.word().len()) } else { None };
    let (table, games) = s.table_and_games::<Solver<Strip>>();
    let g = table.value(games, &position, ctx.budget).map_err(|e| gave_up(e, span.clone(), ctx.budget))?;
    Ok(Computed::plain(Value::Game(g)).with_moves(moves))
}

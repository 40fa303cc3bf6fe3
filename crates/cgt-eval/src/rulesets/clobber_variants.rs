//! CGSuite's Clobber variants: `hotclobber["xxo"]` (captures of either colour) and
//! `kings["x.", ".o"]` (captures in the eight directions).

use cgt_rules::clobber_variants::{Board, Variant};
use cgt_rules::position::Solver;
use cgt_syntax::{Ruleset, Span};

use super::board::{Cells, grid_error, rows};
use crate::Session;
use crate::context::{Computed, Ctx, Moves};
use crate::registry::{AnyPosition, Returns, RulesetDef};
use crate::value::{EvalResult, Value, gave_up};

/// The row of `hotclobber`.
pub(crate) const HOT: RulesetDef = RulesetDef {
    name: "hotclobber",
    example: r#"hotclobber["xxo", "o.x"]"#,
    doc: "Hot Clobber (CGSuite's HotClobber): a stone moves onto an orthogonally adjacent stone of either \
          colour, which is removed; `x` Left, `o` Right, `.` empty; rows in quotes",
    settings: &[],
    returns: Returns::Game,
    eval: |s, r, span, ctx| eval(s, r, span, ctx, Variant::Hot),
    heap_rule: None,
    position: Some(|r| read(r, Variant::Hot).map(|b| Box::new(b) as Box<dyn AnyPosition>)),
};

/// The row of `kings`.
pub(crate) const KINGS: RulesetDef = RulesetDef {
    name: "kings",
    example: r#"kings["x.", ".o"]"#,
    doc: "Kings (CGSuite's Clobber variant Kings): a stone moves onto an enemy stone next to it in any of the \
          eight directions, which is removed; `x` Left, `o` Right, `.` empty; rows in quotes",
    settings: &[],
    returns: Returns::Game,
    eval: |s, r, span, ctx| eval(s, r, span, ctx, Variant::Kings),
    heap_rule: None,
    position: Some(|r| read(r, Variant::Kings).map(|b| Box::new(b) as Box<dyn AnyPosition>)),
};

fn read(r: &Ruleset, variant: Variant) -> EvalResult<Board> {
    let example = if variant == Variant::Hot { HOT.example } else { KINGS.example };
    let cells = Cells { letters: "`x` (Left's stone), `o` (Right's stone) and `.` (empty)", example };
    Board::from_rows(variant, &rows(r, &cells)?).map_err(|e| grid_error(e, r, &cells))
}

fn eval(s: &mut Session, r: &Ruleset, span: &Span, ctx: &Ctx, variant: Variant) -> EvalResult<Computed> {
    let board = read(r, variant)?;
    let moves = if ctx.is_top(span) { Moves::of(ctx, &board, board.grid().cells().len()) } else { None };
    let (table, games) = s.table_and_games::<Solver<Board>>();
    let g = table.value(games, &board, ctx.budget).map_err(|e| gave_up(e, span.clone(), ctx.budget))?;
    Ok(Computed::plain(Value::Game(g)).with_moves(moves))
}

//! Ski Jumps: `skijumps["L....", "....R", "....."]` (rows, the top one uphill; `L`/`R` jumpers,
//! `l`/`r` slippers, `.` empty).

use cgt_rules::position::Solver;
use cgt_rules::skijumps::Board;
use cgt_syntax::{Ruleset, Span};

use super::board::{Cells, grid_error, rows, searched};
use crate::context::{Computed, Ctx, Moves};
use crate::registry::{AnyPosition, OutcomeRow, Returns, RulesetDef};
use crate::session::Session;
use crate::value::{EvalResult, Value, gave_up};

/// The row of `skijumps`.
pub(crate) const ROW: RulesetDef = RulesetDef {
    name: "skijumps",
    example: r#"skijumps["L....", "....R", "....."]"#,
    doc: "Ski Jumps (Winning Ways ch. 3): Left's skiers slide east, Right's west, any number of empty squares \
          of their row or off the board; a jumper (`L`, `R`) may instead jump over an opposing skier directly \
          below it onto the empty square below that, and the skier jumped over becomes a slipper (`l`, `r`), \
          which never jumps; `.` empty, the top row uphill; rows in quotes",
    settings: &[],
    returns: Returns::Game,
    limits: "Exponential: the definition with mirror images, unused rows cut off and a transposition table; \
             boards of at most 256 cells. A jump lands on a square of the board (not off its bottom edge). \
             `outcome(skijumps[...])` and `skijumps[...] is X` \
             search who wins without the value when a trimmed slope has more than 10 squares.",
    source: "theory/canonical-forms.md; WW ch. 3 (Ski-Jumps) for the rules and the values of its positions.",
    eval,
    heap_rule: None,
    position: Some(|r| read(r).map(|b| Box::new(b) as Box<dyn AnyPosition>)),
};

const CELLS: Cells = Cells {
    letters: "`L` and `R` (Left's and Right's jumpers), `l` and `r` (their slippers) and `.` (empty)",
    example: ROW.example,
};

fn read(r: &Ruleset) -> EvalResult<Board> {
    Board::from_rows(&rows(r, &CELLS)?).map_err(|e| grid_error(e, r, &CELLS))
}

fn eval(s: &mut Session, r: &Ruleset, span: &Span, ctx: &Ctx) -> EvalResult<Computed> {
    let board = read(r)?;
    let moves = if ctx.is_top(span) { Moves::of(ctx, &board, board.grid().cells().len()) } else { None };
    let (table, games) = s.table_and_games::<Solver<Board>>();
    let g = table.value(games, &board, ctx.budget).map_err(|e| gave_up(e, span.clone(), ctx.budget))?;
    Ok(Computed::plain(Value::Game(g)).with_moves(moves))
}

/// `outcome(skijumps[...])` and `skijumps[...] is X` by the outcome search, for boards whose
/// trimmed slope is too large to value at once.
pub(crate) const OUTCOME: OutcomeRow =
    OutcomeRow { ruleset: "skijumps", search: |s, r, span, ctx| searched(s, read(r), span, ctx) };

//! Cram: `cram[3x4]` (an empty board) or `cram["..#", "..."]` (rows); impartial, so nimbers.

use cgt_core::game::Outcome;
use cgt_rules::cram::{Board, Grundy};
use cgt_syntax::{RuleArg, RuleArgKind, Ruleset, Span};

use super::board::{Cells, grid_error, rows, sizes};
use crate::context::{Computed, Ctx, Moves};
use crate::registry::{AnyPosition, OutcomeRow, Returns, RulesetDef};
use crate::session::Session;
use crate::value::{EvalResult, Value, gave_up};

/// The row of `cram`.
pub(crate) const ROW: RulesetDef = RulesetDef {
    name: "cram",
    example: r#"cram[3x4] or cram["..#", "..."]"#,
    doc: "Cram (impartial Domineering): either player places a domino on two adjacent free cells; \
          `RxC` an empty board, or rows in quotes with `.` free and `#` occupied; values are nimbers",
    settings: &[],
    returns: Returns::Game,
    limits: "Exponential: boards and regions of at most 64 cells by Beling and Rogalski's pruned search on \
             bit boards (the top search of a large region on two threads when `--jobs` allows), larger \
             regions by the mex over their options. On two cores of an Intel Xeon 5x6 takes about 0.05 s, \
             5x7 about 0.5 s and 5x8 about 1.4 s, while 6x6 takes a few hundredths of a second; a board of \
             more than 64 cells that is its own half-turn image with both sides even or its centre taken \
             is 0 at once (the mirror strategy). `outcome(cram[...])` and `cram[...] is X` ask whether the \
             value is 0 without the value, for boards of 24 free cells or more: 5x7 in about 0.25 s and \
             7x7 (N) in about 3 minutes on two threads (0.5 s and 4 minutes on one), 5x9 in about 12 s, \
             boards with an even side and an odd one (6x7, 4x9) at once.",
    source: "theory/sprague-grundy.md; WW ch. 23 (Cram); CGT IV.1; P. Beling, M. Rogalski, \"On pruning \
             search trees of impartial games\", Artificial Intelligence 283 (2020).",
    eval,
    heap_rule: None,
    position: Some(|r| read(r).map(|(b, _)| Box::new(b) as Box<dyn AnyPosition>)),
};

const CELLS: Cells = Cells { letters: "`.` (free) and `#` (occupied)", example: ROW.example };

/// The board and its number of cells.
fn read(r: &Ruleset) -> EvalResult<(Board, usize)> {
    if let [RuleArg { kind: RuleArgKind::Dims(..), .. }] = r.args.as_slice() {
        let (rows, cols) = sizes(&r.args, &r.name.span, ROW.example)?[0];
        return Board::empty(rows, cols).map(|b| (b, rows * cols)).map_err(|e| grid_error(e, r, &CELLS));
    }
    let rows = rows(r, &CELLS)?;
    let cells = rows.iter().map(|row| row.chars().count()).sum();
    Board::from_rows(&rows).map(|b| (b, cells)).map_err(|e| grid_error(e, r, &CELLS))
}

fn eval(s: &mut Session, r: &Ruleset, span: &Span, ctx: &Ctx) -> EvalResult<Computed> {
    let (board, cells) = read(r)?;
    let moves = if ctx.is_top(span) { Moves::of(ctx, &board, cells) } else { None };
    let n = s.table::<Grundy>().value(&board, ctx.budget).map_err(|e| gave_up(e, span.clone(), ctx.budget))?;
    Ok(Computed::plain(Value::Game(s.games.nimber(n))).with_moves(moves))
}

/// The outcome search of `cram` positions (`outcome(cram[6x7])`, `cram[5x7] is N`): whether
/// the value is 0, asked of the pruned search without the value ([`Grundy::is_zero`]).
pub(crate) const OUTCOME: OutcomeRow = OutcomeRow { ruleset: "cram", search: outcome };

/// Boards of fewer free cells are valued instead (a few milliseconds at most), so that what
/// is shown of them is their value.
const SEARCH_FROM: usize = 24;

fn outcome(s: &mut Session, r: &Ruleset, span: &Span, ctx: &Ctx) -> Option<EvalResult<Computed>> {
    let board = match read(r) {
        Ok((board, _)) => board,
        Err(d) => return Some(Err(d)),
    };
    if board.free_cells() < SEARCH_FROM {
        return None;
    }
    let zero = s.table::<Grundy>().is_zero(&board, ctx.budget).map_err(|e| gave_up(e, span.clone(), ctx.budget));
    Some(zero.map(|zero| {
        let class = if zero { Outcome::P } else { Outcome::N };
        super::domineering::by_search(class, "by search; value not computed")
    }))
}

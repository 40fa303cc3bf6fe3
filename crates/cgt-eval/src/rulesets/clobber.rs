//! Clobber: `clobber["xo.x", "o..."]` (rows), a strip being one row: `clobber["xoxo"]`.

use cgt_rules::clobber::Board;
use cgt_syntax::{Ruleset, Span};

use super::board::{Cells, board_value, grid_error, rows, searched};
use crate::context::{Computed, Ctx};
use crate::registry::{AnyPosition, OutcomeRow, Returns, RulesetDef};
use crate::session::Session;
use crate::value::EvalResult;

/// The row of `clobber`.
pub(crate) const ROW: RulesetDef = RulesetDef {
    name: "clobber",
    example: r#"clobber["xox", "ox."]"#,
    doc: "Clobber: a stone moves onto an orthogonally adjacent enemy stone, which is removed; \
          `x` Left, `o` Right, `.` empty; rows in quotes, a strip is one row",
    settings: &[],
    returns: Returns::Game,
    limits: "Exponential: the definition over groups of stones (4-connected), with symmetries, colour swaps \
             and a transposition table. Boards of at most 256 cells; a 3x5 or 2x8 board of alternating \
             stones takes about a second. `outcome(clobber[...])` and `clobber[...] is X` search who wins \
             without the value when a group has more than 10 cells (smaller groups are valued exactly): 3x5 \
             and 4x4 of alternating stones in about 0.1 s, 3x6 and 4x5 in about a second.",
    source: "theory/canonical-forms.md; LiP (Clobber); M. H. Albert, J. P. Grossman, R. J. Nowakowski, D. \
             Wolfe, \"An introduction to Clobber\", Integers 5 (2005); CGT II.1.",
    eval,
    heap_rule: None,
    position: Some(|r| read(r).map(|b| Box::new(b) as Box<dyn AnyPosition>)),
};

const CELLS: Cells = Cells { letters: "`x` (Left's stone), `o` (Right's stone) and `.` (empty)", example: ROW.example };

fn read(r: &Ruleset) -> EvalResult<Board> {
    Board::from_rows(&rows(r, &CELLS)?).map_err(|e| grid_error(e, r, &CELLS))
}

fn eval(s: &mut Session, r: &Ruleset, span: &Span, ctx: &Ctx) -> EvalResult<Computed> {
    let board = read(r)?;
    board_value(s, &board, board.grid().cells().len(), span, ctx)
}

/// `outcome(clobber[...])` and `clobber[...] is X` by the outcome search, for boards with a
/// group too large to value at once.
pub(crate) const OUTCOME: OutcomeRow =
    OutcomeRow { ruleset: "clobber", search: |s, r, span, ctx| searched(s, read(r), span, ctx) };

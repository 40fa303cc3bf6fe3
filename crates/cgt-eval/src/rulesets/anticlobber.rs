//! AntiClobber: `anticlobber["x.o", "..x"]` (rows; `#` is off the board).

use cgt_rules::anticlobber::Board;
use cgt_syntax::{Ruleset, Span};

use super::board::{Cells, board_value, grid_error, rows, searched};
use crate::context::{Computed, Ctx};
use crate::registry::{AnyPosition, OutcomeRow, Returns, RulesetDef};
use crate::session::Session;
use crate::value::EvalResult;

/// The row of `anticlobber`.
pub(crate) const ROW: RulesetDef = RulesetDef {
    name: "anticlobber",
    example: r#"anticlobber["x.o", "..x"]"#,
    doc: "AntiClobber (CGSuite's): a stone moves onto an orthogonally adjacent empty square and \
          leaves an enemy stone where it stood; `x` Left, `o` Right, `.` empty, `#` off the board",
    settings: &[],
    returns: Returns::Game,
    limits: "Exponential: the definition over regions of empty squares and the stones around them, with \
             symmetries and a transposition table; boards of at most 256 cells (a 3x5 board with 7 empty \
             squares in a few hundredths of a second). \
             `outcome(anticlobber[...])` and `anticlobber[...] is X` \
             search who wins without the value when a region has more than 10 cells.",
    source: "theory/canonical-forms.md; CGT II.1; CGSuite's AntiClobber for the rules.",
    eval,
    heap_rule: None,
    position: Some(|r| read(r).map(|b| Box::new(b) as Box<dyn AnyPosition>)),
};

const CELLS: Cells = Cells {
    letters: "`x` (Left's stone), `o` (Right's stone), `.` (empty) and `#` (off the board)",
    example: ROW.example,
};

fn read(r: &Ruleset) -> EvalResult<Board> {
    Board::from_rows(&rows(r, &CELLS)?).map_err(|e| grid_error(e, r, &CELLS))
}

fn eval(s: &mut Session, r: &Ruleset, span: &Span, ctx: &Ctx) -> EvalResult<Computed> {
    let board = read(r)?;
    board_value(s, &board, board.grid().cells().len(), span, ctx)
}

/// `outcome(anticlobber[...])` and `anticlobber[...] is X` by the outcome search, for boards with a
/// region too large to value at once.
pub(crate) const OUTCOME: OutcomeRow =
    OutcomeRow { ruleset: "anticlobber", search: |s, r, span, ctx| searched(s, read(r), span, ctx) };

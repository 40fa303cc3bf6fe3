//! Fission: `fission["..x..", "....."]` (rows; `x` a stone, `.` empty, `#` off the board).

use cgt_rules::fission::Board;
use cgt_syntax::{Ruleset, Span};

use super::board::{Cells, board_value, grid_error, rows, searched};
use crate::context::{Computed, Ctx};
use crate::registry::{AnyPosition, OutcomeRow, Returns, RulesetDef};
use crate::session::Session;
use crate::value::EvalResult;

/// The row of `fission`.
pub(crate) const ROW: RulesetDef = RulesetDef {
    name: "fission",
    example: r#"fission["..x..", "....."]"#,
    doc: "Fission (CGSuite's Fission): a stone splits in two, onto the empty squares on either side of it, \
          Left's above and below, Right's left and right; `x` a stone, `.` empty, `#` off the board; rows in quotes",
    settings: &[],
    returns: Returns::Game,
    limits: "Exponential: the definition over the 4-connected parts of the board, with reflections, \
             transposes and a transposition table; boards of at most 256 cells. Two stones on a 4x6 board \
             take about 0.3 s; three in a row on a 5x7 board exceed the default budget of 10 s. \
             `outcome(fission[...])` and `fission[...] is X` \
             search who wins without the value when a region has more than 10 squares.",
    source: "theory/canonical-forms.md; CGT II.1; CGSuite's Fission for the rules.",
    eval,
    heap_rule: None,
    position: Some(|r| read(r).map(|b| Box::new(b) as Box<dyn AnyPosition>)),
};

const CELLS: Cells = Cells { letters: "`x` (a stone), `.` (empty) and `#` (off the board)", example: ROW.example };

fn read(r: &Ruleset) -> EvalResult<Board> {
    Board::from_rows(&rows(r, &CELLS)?).map_err(|e| grid_error(e, r, &CELLS))
}

fn eval(s: &mut Session, r: &Ruleset, span: &Span, ctx: &Ctx) -> EvalResult<Computed> {
    let board = read(r)?;
    board_value(s, &board, board.grid().cells().len(), span, ctx)
}

/// `outcome(fission[...])` and `fission[...] is X` by the outcome search, for boards with a
/// region too large to value at once.
pub(crate) const OUTCOME: OutcomeRow =
    OutcomeRow { ruleset: "fission", search: |s, r, span, ctx| searched(s, read(r), span, ctx) };

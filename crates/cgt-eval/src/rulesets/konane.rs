//! Konane: `konane["xo..", "...."]` (rows).

use cgt_rules::konane::Board;
use cgt_syntax::{Ruleset, Span};

use super::board::{Cells, board_value, grid_error, rows, searched};
use crate::context::{Computed, Ctx};
use crate::registry::{AnyPosition, OutcomeRow, Returns, RulesetDef};
use crate::session::Session;
use crate::value::EvalResult;

/// The row of `konane`.
pub(crate) const ROW: RulesetDef = RulesetDef {
    name: "konane",
    example: r#"konane["xo..", "...."]"#,
    doc: "Konane: a stone jumps orthogonally over an adjacent enemy stone onto an empty square, \
          removing it, and may go on jumping in the same direction; `x` Left, `o` Right, `.` empty; \
          rows in quotes",
    settings: &[],
    returns: Returns::Game,
    limits: "Exponential: the definition over the whole board (it is not split: jumps need empty squares), \
             with symmetries, colour swaps and a transposition table; boards of at most 256 cells. A 4x6 \
             board with 20 stones and 4 empty squares takes about 4 s. `outcome(konane[...])` and \
             `konane[...] is X` search who wins without the value when the board has more than 10 cells.",
    source: "theory/canonical-forms.md; LiP ch. 1; M. D. Ernst, \"Playing Konane mathematically: a \
             combinatorial game-theoretic analysis\", UMAP Journal 16 (1995).",
    eval,
    heap_rule: None,
    position: Some(|r| read(r).map(|(b, _)| Box::new(b) as Box<dyn AnyPosition>)),
};

const CELLS: Cells = Cells { letters: "`x` (Left's stone), `o` (Right's stone) and `.` (empty)", example: ROW.example };

/// The board and its number of cells.
fn read(r: &Ruleset) -> EvalResult<(Board, usize)> {
    let rows = rows(r, &CELLS)?;
    let cells = rows.iter().map(|row| row.chars().count()).sum();
    Board::from_rows(&rows).map(|b| (b, cells)).map_err(|e| grid_error(e, r, &CELLS))
}

fn eval(s: &mut Session, r: &Ruleset, span: &Span, ctx: &Ctx) -> EvalResult<Computed> {
    let (board, cells) = read(r)?;
    board_value(s, &board, cells, span, ctx)
}

/// `outcome(konane[...])` and `konane[...] is X` by the outcome search, for boards too large
/// to value at once.
pub(crate) const OUTCOME: OutcomeRow =
    OutcomeRow { ruleset: "konane", search: |s, r, span, ctx| searched(s, read(r).map(|(board, _)| board), span, ctx) };

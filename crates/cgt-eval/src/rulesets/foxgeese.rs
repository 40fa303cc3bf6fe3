//! Fox and Geese: `foxgeese[".G.G.G.G", ..., "...F...."]` (rows top to bottom; `G` a goose,
//! Left's, moving diagonally down; `F` the fox, Right's, moving diagonally any way), a loopy
//! game valued as a stopper (docs/src/theory/stoppers.md).

use cgt_core::loopy::stopper::StopperError;
use cgt_rules::foxgeese::{Board, FoxGeeseError};
use cgt_syntax::{Code, Diagnostic, Ruleset, Span};

use super::board::{Cells, grid_error, rows};
use crate::Session;
use crate::context::{Computed, Ctx};
use crate::registry::{Returns, RulesetDef};
use crate::value::{EvalResult, gave_up};

/// The row of `foxgeese`.
pub(crate) const ROW: RulesetDef = RulesetDef {
    name: "foxgeese",
    example: r#"foxgeese[".G.G", "....", "....", "F..."]"#,
    doc: "Fox and Geese (Winning Ways ch. 20; CGSuite's FoxAndGeese): a loopy game on the squares of one colour \
          of a board unbounded upwards, rows in quotes from the top. Left's geese (`G`) move one square \
          diagonally down, Right's fox (`F`) one square diagonally either way, each onto an empty square; \
          nothing is captured. Geese never move up, so every position is a stopper (onside = offside): \
          `n + over`, `off` once the fox has escaped, and short games",
    settings: &[],
    returns: Returns::Game,
    limits: "Exponential: every position reachable is found (a fox that has escaped is one position, `off`), \
             then valued one placing of the geese at a time, lowest first, each a small graph of the fox's squares \
             and the simplest forms of the goose moves, all put in simplest form at once. At most 256 cells. \
             The 8x8 start (`foxgeese[\".G.G.G.G\", \"........\" x6, \"F.......\"]`, 608,564 positions) is \
             2over in about 18 s (release build, BENCHMARKS.md).",
    source: "theory/stoppers.md; WW ch. 20 (Fox and Geese) and Siegel, Combinatorial Game Theory, ch. VI \
             (the values n + over); CGSuite's FoxAndGeese for the board and the moves.",
    eval,
    heap_rule: None,
    position: None,
};

const CELLS: Cells =
    Cells { letters: "`G` (a goose, Left's), `F` (the fox, Right's) and `.` (empty)", example: ROW.example };

fn eval(s: &mut Session, r: &Ruleset, span: &Span, ctx: &Ctx) -> EvalResult<Computed> {
    let board = Board::from_rows(&rows(r, &CELLS)?).map_err(|e| error(e, r))?;
    let value = match board.value(ctx.budget) {
        Ok(v) => v,
        Err(StopperError::Exhausted(e)) => return Err(gave_up(e, span.clone(), ctx.budget)),
        // Geese never move up, so there is no alternating cycle and the start is a position.
        Err(e) => return Err(Box::new(Diagnostic::error(Code::Internal, span.clone(), format!("{e:?}")))),
    };
    Ok(Computed::plain(s.finish(value.graph().clone(), span, ctx)?))
}

/// A position error at its place: a bad letter or row exactly, the rest as the whole board.
fn error(e: FoxGeeseError, r: &Ruleset) -> Box<Diagnostic> {
    let hint = match e {
        FoxGeeseError::Grid(g) => return grid_error(g, r, &CELLS),
        FoxGeeseError::Foxes(_) => "write exactly one `F`",
        FoxGeeseError::NoGeese => "write at least one `G`; without geese the fox is free (the value is `off`)",
        FoxGeeseError::Narrow => "the pieces move diagonally, so the board needs two columns",
        FoxGeeseError::Colours => "the pieces stand on the squares of one colour, as on a draughts board",
    };
    let span = match (r.args.first(), r.args.last()) {
        (Some(a), Some(b)) => a.span.start..b.span.end,
        _ => r.name.span.clone(),
    };
    Box::new(Diagnostic::error(Code::Argument, span, e.to_string()).with_hint(hint))
}

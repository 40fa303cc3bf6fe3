//! Amazons: `amazons["x..", ".o.", "..#"]` (rows; small boards).

use cgt_rules::amazons::{Board, MAX_CELLS, Solver};
use cgt_rules::grid::GridError;
use cgt_syntax::{Code, Diagnostic, Ruleset, Span};

use super::board::{Cells, board_outcome, grid_error, rows};
use crate::context::{Computed, Ctx, Moves};
use crate::registry::{AnyPosition, OutcomeRow, Returns, RulesetDef};
use crate::session::Session;
use crate::value::{EvalResult, Value, gave_up};

/// The row of `amazons`.
pub(crate) const ROW: RulesetDef = RulesetDef {
    name: "amazons",
    example: r#"amazons["x..", ".o.", "..#"]"#,
    doc: "Amazons: an amazon moves like a chess queen, then shoots an arrow like a queen, burning \
          the square it lands on; `x` Left, `o` Right, `.` empty, `#` burnt; rows in quotes, at most \
          64 squares",
    settings: &[],
    returns: Returns::Game,
    limits: "Exponential: the definition over 8-connected parts, with symmetries, the colour swap and a \
             transposition table, on bit masks; a part where only one player has amazons is an integer, \
             found by a search without canonical forms; boards of at most 64 squares. One amazon each \
             takes about 0.3 s of CPU on a 3x4 board, 5 s on 3x5 and 9 s on 4x4, close to the default \
             budget of 10 s (wall time: more on a loaded machine). `outcome(amazons[...])` and \
             `amazons[...] is X` search who wins without the value when a part has more than 10 squares \
             (smaller parts are valued exactly): the 4x4 board with one amazon each in about 1 s.",
    source: "theory/canonical-forms.md; E. R. Berlekamp, \"Sums of N x 2 Amazons\", Game Theory, Optimal \
             Stopping, Probability and Statistics, IMS Lecture Notes 35 (2000); R. G. Snatzke, \"Exhaustive \
             search in the game Amazons\", More Games of No Chance (2002).",
    eval,
    heap_rule: None,
    position: Some(|r| read(r).map(|(b, _)| Box::new(b) as Box<dyn AnyPosition>)),
};

const CELLS: Cells =
    Cells { letters: "`x` (Left's amazon), `o` (Right's amazon), `.` (empty) and `#` (burnt)", example: ROW.example };

/// The board and its number of squares.
fn read(r: &Ruleset) -> EvalResult<(Board, usize)> {
    let rows = rows(r, &CELLS)?;
    let cells = rows.iter().map(|row| row.chars().count()).sum();
    Board::from_rows(&rows).map(|b| (b, cells)).map_err(|e| match e {
        GridError::TooLarge { rows, cols } if rows.saturating_mul(cols) <= cgt_rules::grid::MAX_CELLS => {
            let all = r.args[0].span.start..r.args[r.args.len() - 1].span.end;
            Box::new(
                Diagnostic::error(
                    Code::Argument,
                    all,
                    format!("a {rows}x{cols} Amazons board has more than {MAX_CELLS} squares"),
                )
                .with_hint("Amazons has thousands of moves a turn: only boards of up to 64 squares are evaluated"),
            )
        }
        e => grid_error(e, r, &CELLS),
    })
}

/// The value through Amazons' own solver (bit masks, and integers for parts where one player
/// alone has amazons), with the moves listed as [`super::board::board_value`] lists them.
fn eval(s: &mut Session, r: &Ruleset, span: &Span, ctx: &Ctx) -> EvalResult<Computed> {
    let (board, cells) = read(r)?;
    let moves = if ctx.is_top(span) { Moves::of(ctx, &board, cells) } else { None };
    let (solver, games) = s.table_and_games::<Solver>();
    let g = solver.value(games, &board, ctx.budget).map_err(|e| gave_up(e, span.clone(), ctx.budget))?;
    Ok(Computed::plain(Value::Game(g)).with_moves(moves))
}

/// `outcome(amazons[...])` and `amazons[...] is X` by the outcome search, for boards with a part
/// too large to value at once; the small parts are valued by Amazons' own solver.
pub(crate) const OUTCOME: OutcomeRow = OutcomeRow { ruleset: "amazons", search: outcome };

fn outcome(s: &mut Session, r: &Ruleset, span: &Span, ctx: &Ctx) -> Option<EvalResult<Computed>> {
    match read(r) {
        Ok((board, _)) => board_outcome::<_, Solver>(s, &board, span, ctx),
        Err(d) => Some(Err(d)),
    }
}

//! Reading the positions of the board and strip rulesets (rows in quotes, sizes `RxC`), and
//! their errors as diagnostics with exact spans.

use cgt_rules::grid::{GridError, MAX_CELLS};
use cgt_rules::position::outcome::{Measured, OutcomeSearch, Valuer};
use cgt_rules::position::{Solver, Tabled};
use cgt_syntax::{Code, Diagnostic, RuleArg, RuleArgKind, Ruleset, Span};

use super::bad_arg;
use crate::context::{Computed, Ctx, Moves};
use crate::session::Session;
use crate::value::{EvalResult, Value, gave_up};

/// How a ruleset writes its boards, for error messages.
pub(crate) struct Cells {
    /// What the letters mean: "`x` Left's stone, `o` Right's stone, `.` empty".
    pub letters: &'static str,
    /// An example position.
    pub example: &'static str,
}

/// The value of a board of a partizan grid ruleset, through the session's table of that
/// ruleset, with its moves listed (up to `size` of them) when it is the statement's top
/// expression. Every board ruleset's row evaluates its position this way.
pub(crate) fn board_value<B: Tabled + Send + 'static>(
    s: &mut Session,
    board: &B,
    size: usize,
    span: &Span,
    ctx: &Ctx,
) -> EvalResult<Computed> {
    let moves = if ctx.is_top(span) { Moves::of(ctx, board, size) } else { None };
    let (table, games) = s.table_and_games::<Solver<B>>();
    let g = table.value(games, board, ctx.budget).map_err(|e| gave_up(e, span.clone(), ctx.budget))?;
    Ok(Computed::plain(Value::Game(g)).with_moves(moves))
}

/// The outcome class of a board of a stone ruleset by the outcome search
/// ([`OutcomeSearch`]), without its value; `None` when every region of the board is small
/// enough for the search to value it exactly, so that the value itself is the answer (and is
/// computed as for any position). The small regions are valued by the ruleset's solver `V`
/// (the one its values come from). The search's table is kept in the session between
/// statements, as the solver's is.
pub(crate) fn board_outcome<B: Measured + Send + 'static, V: Valuer<B> + Default + Send + 'static>(
    s: &mut Session,
    board: &B,
    span: &Span,
    ctx: &Ctx,
) -> Option<EvalResult<Computed>> {
    let mut search = std::mem::take(s.table::<OutcomeSearch<B>>());
    if search.is_small(board) {
        *s.table::<OutcomeSearch<B>>() = search;
        return None;
    }
    let (solver, games) = s.table_and_games::<V>();
    let found = search.outcome(games, solver, board, ctx.budget);
    *s.table::<OutcomeSearch<B>>() = search;
    Some(
        found
            .map(|o| super::domineering::by_search(o, "by search; value not computed"))
            .map_err(|e| gave_up(e, span.clone(), ctx.budget)),
    )
}

/// [`board_outcome`] for a board whose regions are valued by the generic [`Solver`], as read
/// from a position (a reading error is the answer): the outcome rows of the games of stones.
pub(crate) fn searched<B: Measured + Send + 'static>(
    s: &mut Session,
    board: EvalResult<B>,
    span: &Span,
    ctx: &Ctx,
) -> Option<EvalResult<Computed>> {
    match board {
        Ok(board) => board_outcome::<_, Solver<B>>(s, &board, span, ctx),
        Err(d) => Some(Err(d)),
    }
}

/// The rows of a board written as strings in quotes (`"xo.", "..o"`).
pub(crate) fn rows<'a>(r: &'a Ruleset, cells: &Cells) -> EvalResult<Vec<&'a str>> {
    if r.args.is_empty() {
        return Err(bad_arg(&r.name.span, "a board is a list of rows in quotes", cells.example));
    }
    r.args
        .iter()
        .map(|a| match &a.kind {
            RuleArgKind::Str(s) => Ok(s.as_str()),
            _ => Err(unquoted(a, cells)),
        })
        .collect()
}

/// The one strip of a strip ruleset, in quotes (`"TT..FF"`).
pub(crate) fn strip<'a>(r: &'a Ruleset, cells: &Cells) -> EvalResult<&'a str> {
    match r.args.as_slice() {
        [RuleArg { kind: RuleArgKind::Str(s), .. }] => Ok(s),
        [a] => Err(unquoted(a, cells)),
        [] => Err(bad_arg(&r.name.span, "a strip is one string of cells in quotes", cells.example)),
        [_, second, ..] => Err(Box::new(
            Diagnostic::error(Code::Argument, second.span.clone(), "a strip is one string of cells in quotes")
                .with_hint(format!("a sum of strips is written with `+`: for example `{}`", cells.example)),
        )),
    }
}

/// The pieces `RxC` of the arguments, each at most [`MAX_CELLS`] on a side.
pub(crate) fn sizes(args: &[RuleArg], name: &Span, example: &str) -> EvalResult<Vec<(usize, usize)>> {
    if args.is_empty() {
        return Err(bad_arg(name, "give the size of each piece as `RxC` (rows by columns)", example));
    }
    args.iter()
        .map(|a| match &a.kind {
            RuleArgKind::Dims(r, c) => {
                let side = |x: &str| x.parse::<usize>().ok().filter(|&n| n <= MAX_CELLS);
                match (side(r), side(c)) {
                    (Some(r), Some(c)) => Ok((r, c)),
                    _ => Err(too_large(a.span.clone(), &format!("a side of {r}x{c} is longer than {MAX_CELLS}"))),
                }
            }
            _ => Err(bad_arg(&a.span, "a piece is `RxC`: R rows by C columns", example)),
        })
        .collect()
}

/// A board error at its place: a bad letter exactly, a short row as that row, a board too
/// large as the whole position.
pub(crate) fn grid_error(e: GridError, r: &Ruleset, cells: &Cells) -> Box<Diagnostic> {
    let arg = |row: usize| r.args.get(row).or(r.args.last());
    match e {
        GridError::BadCell { row, offset, letter } => {
            // A string's span starts at its opening quote, and strings have no escapes.
            let at = arg(row).map_or(r.name.span.start, |a| a.span.start + 1 + offset);
            Box::new(
                Diagnostic::error(Code::Argument, at..at + letter.len_utf8(), format!("`{letter}` is not a cell here"))
                    .with_hint(format!("the cells are {}", cells.letters)),
            )
        }
        GridError::Ragged { row } => Box::new(
            Diagnostic::error(
                Code::Argument,
                arg(row).map_or(r.name.span.clone(), |a| a.span.clone()),
                format!("row {} is not as long as the first row", row + 1),
            )
            .with_hint("every row of a board has the same number of cells"),
        ),
        GridError::TooLarge { .. } => {
            let span = match (r.args.first(), r.args.last()) {
                (Some(a), Some(b)) => a.span.start..b.span.end,
                _ => r.name.span.clone(),
            };
            too_large(span, &e.to_string())
        }
    }
}

/// An argument that should have been in quotes.
fn unquoted(a: &RuleArg, cells: &Cells) -> Box<Diagnostic> {
    Box::new(
        Diagnostic::error(Code::Argument, a.span.clone(), "write the cells in quotes")
            .with_hint(format!("the cells are {}; for example `{}`", cells.letters, cells.example)),
    )
}

fn too_large(span: Span, message: &str) -> Box<Diagnostic> {
    Box::new(
        Diagnostic::error(Code::Argument, span, format!("this position is too large: {message}"))
            .with_hint("the values of positions this large are out of reach; try a smaller one"),
    )
}

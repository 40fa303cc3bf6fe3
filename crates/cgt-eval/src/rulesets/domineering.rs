//! Domineering: `domineering[3x4]` (an empty board) or `domineering["..#.", "...."]`.

use cgt_core::game::Outcome;
use cgt_core::{Budget, Exhausted};

use cgt_rules::domineering::{Board, BoardError, Domineering, OutcomeSearch};
use cgt_syntax::{Code, Diagnostic, RuleArg, RuleArgKind, Ruleset, Span};

use super::bad_arg;
use crate::context::{Computed, Ctx, Moves};
use crate::registry::{AnyPosition, OutcomeRow, Returns, RulesetDef};
use crate::session::Session;
use crate::value::{EvalResult, Value, gave_up};

/// The row of `domineering`.
pub(crate) const ROW: RulesetDef = RulesetDef {
    name: "domineering",
    example: r#"domineering[3x4] or domineering["..#.", "...."]"#,
    doc: "Domineering: Left places vertical, Right horizontal dominoes; `#` is an occupied cell",
    settings: &[],
    returns: Returns::Game,
    limits: "Exponential: the definition over regions (4-connected components), with symmetries and a \
             transposition table, one-cell-wide strips as integers, and the placements another placement \
             of the same side dominates left out. 5x5 and 4x6 take about 0.1 s, 4x7 about 0.4 s, 5x6 about \
             1.5 s, 4x8 about 3.5 s; 6x6 about 21-38 s (as the machine moves: 21 s on an Intel Xeon, 34-38 s \
             on a slower AMD EPYC) and 0.8 GB, beyond the default budget of 10 s; on the Intel machine 5x7 \
             and 4x9 about 20 s, 4x10 about 3.5 minutes and 3.3 GB, 5x8 about 6 minutes and 6.3 GB, 4x11 73 minutes of CPU and 7.3 GB \
             on one thread; 7x6 \
             took 79 minutes of CPU and 17 GB on one thread. A region of 28 free cells or more is valued \
             by two threads when the machine has two cores (`--jobs 1`: \
             one thread, about 1.7 times as long, 6x6 in 0.4 GB). Boards have at most 256 cells, and \
             regions of up to 64 cells are searched on bit boards. `outcome(domineering[...])` searches who \
             wins without the value, for boards whose rows, each with one more cell, hold at most 128 cells: \
             6x6 and 7x7 in a few hundredths of a second, 6x10 in about 0.3 s, 8x8 in about 0.7 s, 7x10 in \
             about 2 s; 8x9 beyond the default budget (about 25 s for both starts). These times are on two \
             cores, where a board of 40 free cells or more is searched by two threads (`--jobs 1`: one \
             thread, about 1.5-2 times as long).",
    source: "theory/canonical-forms.md; WW and LiP (Domineering); CGT II.1 (disjunctive sums of regions); D. \
             M. Breuker, J. W. H. M. Uiterwijk, H. J. van den Herik, \"Solving 8x8 Domineering\", \
             Theoretical Computer Science 230 (2000) (the outcome search's transposition table); N. Bullock, \
             \"Domineering: solving large combinatorial search spaces\", ICGA Journal 25 (2002) (safe \
             moves).",
    eval,
    heap_rule: None,
    position: Some(|r| board(r).map(|b| Box::new(b) as Box<dyn AnyPosition>)),
};

fn eval(s: &mut Session, r: &Ruleset, span: &Span, ctx: &Ctx) -> EvalResult<Computed> {
    let board = board(r)?;
    let moves = if ctx.is_top(span) { Moves::of(ctx, &board, board.rows() * board.cols()) } else { None };
    let (table, games) = s.table_and_games::<Domineering>();
    // The value, with the whole budget: `outcome(domineering[...])` asks the outcome search
    // instead, so what a plain statement shows never depends on how fast the machine is.
    let g = table.board_game(games, &board, ctx.budget).map_err(|e| gave_up(e, span.clone(), ctx.budget))?;
    Ok(Computed::plain(Value::Game(g)).with_moves(moves))
}

/// The outcome search of `domineering` positions (`outcome(domineering[8x8])`).
pub(crate) const OUTCOME: OutcomeRow = OutcomeRow { ruleset: "domineering", search: outcome };

fn outcome(s: &mut Session, r: &Ruleset, span: &Span, ctx: &Ctx) -> Option<EvalResult<Computed>> {
    Some(outcome_of(s, r, span, ctx))
}

fn outcome_of(s: &mut Session, r: &Ruleset, span: &Span, ctx: &Ctx) -> EvalResult<Computed> {
    let board = board(r)?;
    match search(s, &board, ctx.budget).map_err(|e| gave_up(e, span.clone(), ctx.budget))? {
        Some(o) => Ok(by_search(o, "by search; value not computed")),
        // Boards of one or two rows (or columns) too long for the search's 128-bit masks split
        // into short regions at once: their value is quick, and gives the class.
        None if board.rows().min(board.cols()) <= 2 => {
            let (table, games) = s.table_and_games::<Domineering>();
            let class = table
                .board_game(games, &board, ctx.budget)
                .and_then(|g| games.outcome(g, ctx.budget))
                .map_err(|e| gave_up(e, span.clone(), ctx.budget))?;
            Ok(Computed::plain(Value::Outcome(class)))
        }
        None => Err(Box::new(
            Diagnostic::error(Code::Argument, span.clone(), "this board is too large for the outcome search")
                .with_hint(
                    "the search takes boards whose rows, each with one more cell, hold at most 128 cells (10x10, 8x15)",
                ),
        )),
    }
}

/// The outcome class of the board by search (`None` when it is too large for the search).
fn search(s: &mut Session, board: &Board, budget: &Budget) -> Result<Option<Outcome>, Exhausted> {
    let (table, games) = s.table_and_games::<Domineering>();
    OutcomeSearch::new().outcome(games, table, board, budget)
}

/// An outcome found by search, saying how.
pub(crate) fn by_search(o: Outcome, how: &str) -> Computed {
    Computed::plain(Value::Outcome(o)).with_extra("outcome", how)
}

/// The board of `RxC` or of rows in quotes.
pub(crate) fn board(r: &Ruleset) -> EvalResult<Board> {
    match r.args.as_slice() {
        [RuleArg { kind: RuleArgKind::Dims(a, b), span: s }] => {
            let size = |x: &str| x.parse::<usize>().ok().filter(|&n| n <= 1024);
            let (Some(rows), Some(cols)) = (size(a), size(b)) else {
                return Err(bad_arg(s, "board sizes go up to 1024x1024", ROW.example));
            };
            Ok(Board::empty(rows, cols))
        }
        args if !args.is_empty() && args.iter().all(|a| matches!(a.kind, RuleArgKind::Str(_))) => {
            let rows: Vec<&str> = args
                .iter()
                .filter_map(|a| if let RuleArgKind::Str(s) = &a.kind { Some(s.as_str()) } else { None })
                .collect();
            Board::from_rows(&rows).map_err(|e| {
                let (row, msg) = match e {
                    BoardError::Ragged { row } => (row, "every row must have the same length as the first".to_string()),
                    BoardError::BadCell { row, letter, .. } => {
                        (row, format!("`{letter}` is not a cell: use `.` for a free cell and `#` for an occupied one"))
                    }
                };
                Box::new(Diagnostic::error(Code::Argument, args[row.min(args.len() - 1)].span.clone(), msg))
            })
        }
        _ => Err(bad_arg(&r.name.span, "a board is `RxC` or a list of rows in quotes", ROW.example)),
    }
}

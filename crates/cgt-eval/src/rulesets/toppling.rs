//! Toppling Dominoes: `toppling[BWWB]`, rows separated by `.` being a sum.

use cgt_rules::toppling::{self, Position, Toppling};
use cgt_syntax::{Code, Diagnostic, Ruleset, Span, Spanned};

use super::words;
use crate::context::{Computed, Ctx, Moves};
use crate::registry::{AnyPosition, Returns, RulesetDef};
use crate::session::Session;
use crate::value::{EvalResult, Value, gave_up};

/// The row of `toppling`.
pub(crate) const ROW: RulesetDef = RulesetDef {
    name: "toppling",
    example: "toppling[BWWB]",
    doc: "Toppling Dominoes: B black (Left), W white (Right), G green (either); rows joined by `.` are a sum",
    settings: &[],
    returns: Returns::Game,
    limits: "Dynamic programming over the contiguous pieces of each row, O(n^2) pieces for a row of n \
             dominoes, with a table keyed up to reversal; the cost is in the canonical forms, which grow \
             with the row (a random row of 60 black and white dominoes takes about 30 ms, BENCHMARKS.md \
             \"toppling-random\").",
    source: "theory/canonical-forms.md; WW and LiP (values of special rows); CGT II.1.",
    eval,
    heap_rule: None,
    position: Some(|r| read(r).map(|p| Box::new(p) as Box<dyn AnyPosition>)),
};

/// The rows of a position, each read as a row.
fn read(r: &Ruleset) -> EvalResult<Position> {
    let ws = words(&r.args, "a row of dominoes is a word of B, W and G", ROW.example)?;
    ws.iter().map(row).collect::<EvalResult<Vec<_>>>().map(|rows| Position { rows })
}

fn eval(s: &mut Session, r: &Ruleset, span: &Span, ctx: &Ctx) -> EvalResult<Computed> {
    let position = read(r)?;
    let moves =
        if ctx.is_top(span) { Moves::of(ctx, &position, position.rows.iter().map(Vec::len).sum()) } else { None };
    let (table, games) = s.table_and_games::<Toppling>();
    let g = table.position_game(games, &position, ctx.budget).map_err(|e| gave_up(e, span.clone(), ctx.budget))?;
    Ok(Computed::plain(Value::Game(g)).with_moves(moves))
}

/// One row, with an exact span for a letter that is not a domino colour.
fn row(w: &Spanned<String>) -> EvalResult<Vec<toppling::Domino>> {
    toppling::parse_row(&w.node).map_err(|bad| {
        let at = w.span.start + bad.offset;
        let hint = if bad.letter == 'R' || bad.letter == 'L' {
            "dominoes are B (black) and W (white), as box piles are; trees use B, R and G"
        } else {
            "dominoes are B (black, Left), W (white, Right) or G (green, either)"
        };
        Box::new(
            Diagnostic::error(
                Code::Argument,
                at..at + bad.letter.len_utf8(),
                format!("`{}` is not a domino colour", bad.letter),
            )
            .with_hint(hint),
        )
    })
}

//! Black-and-White boxes (Hackenbush strings): bare words `WBBW.BW` and `boxes[BGW, W]`.
//! Black/white piles are numbers by van Roode's rule; piles with green boxes go through the
//! engine.

use cgt_rules::boxes::{self, Position};
use cgt_syntax::{Code, Diagnostic, Ruleset, Span, Spanned};

use super::words;
use crate::context::{Computed, Ctx, Moves};
use crate::registry::{AnyPosition, Returns, RulesetDef};
use crate::session::Session;
use crate::value::{EvalResult, Value};

/// The row of `boxes`.
pub(crate) const ROW: RulesetDef = RulesetDef {
    name: "boxes",
    example: "boxes[WBBW, BW, BGW]",
    doc: "Black-and-White boxes (Hackenbush strings), piles bottom to top; G is green; bare words `WBBW.BW` too",
    settings: &[],
    returns: Returns::Game,
    limits: "Black-and-white piles by van Roode's rule, linear in the number of boxes and exact at any length \
             (one pile of 10^6 boxes takes a few milliseconds, BENCHMARKS.md \"boxes-long-pile\"). Piles \
             with green boxes are built bottom up from their prefixes, O(n^2) options for n boxes, and their \
             canonical forms grow with the pile (60 boxes `BGWBGW...` in about 0.2 s).",
    source: "theory/simplicity.md (van Roode's rule); WW and LiP (Hackenbush strings).",
    eval,
    heap_rule: None,
    position: Some(|r| read(r).map(|p| Box::new(p) as Box<dyn AnyPosition>)),
};

/// The piles of a position.
fn read(r: &Ruleset) -> EvalResult<Position> {
    let words = words(&r.args, "a box pile is a word of B, W and G", ROW.example)?;
    words.iter().map(pile).collect::<EvalResult<Vec<_>>>().map(Position)
}

fn eval(s: &mut Session, r: &Ruleset, span: &Span, ctx: &Ctx) -> EvalResult<Computed> {
    let position = read(r)?;
    let moves = if ctx.is_top(span) { Moves::of(ctx, &position, position.0.iter().map(Vec::len).sum()) } else { None };
    if let Some(x) = boxes::position_value(&position.0) {
        return Ok(Computed::plain(Value::Game(s.games.number(&x))).with_moves(moves));
    }
    let mut total = s.games.zero();
    for p in &position.0 {
        let g = s.lift(span, ctx.budget, |games, b| boxes::pile_game(games, p, b))?;
        total = s.lift(span, ctx.budget, |games, b| games.add(total, g, b))?;
    }
    Ok(Computed::plain(Value::Game(total)).with_moves(moves))
}

/// One pile, with an exact span for a letter that is not a box colour.
fn pile(w: &Spanned<String>) -> EvalResult<Vec<boxes::Colour>> {
    boxes::parse_pile(&w.node).map_err(|bad| {
        let at = w.span.start + bad.offset;
        let mut d = Diagnostic::error(
            Code::Argument,
            at..at + bad.letter.len_utf8(),
            format!("`{}` is not a box colour", bad.letter),
        )
        .with_hint("boxes are B (black, Left), W (white, Right) or G (green, either); `_` alone is an empty pile");
        if bad.letter == 'R' || bad.letter == 'L' {
            d = d.with_hint("box piles use B (black) and W (white); trees use B, R and G: `tree[B(R)]`");
        }
        Box::new(d)
    })
}

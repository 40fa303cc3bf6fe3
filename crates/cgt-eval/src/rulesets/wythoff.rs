//! Wythoff's game: `wythoff[a, b]`, one queen moving towards the corner along its row, its
//! column or its diagonal. Several queens are a sum: `wythoff[3, 5] + wythoff[1, 2]`.

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use cgt_core::game::Outcome;
use cgt_rules::position::Partizan;
use cgt_rules::wythoff::Wythoff;
use cgt_syntax::{Code, Diagnostic, Ruleset, Span};

use super::big_uint;
use crate::context::{Computed, Ctx, Moves};
use crate::registry::{AnyPosition, Returns, RulesetDef};
use crate::session::Session;
use crate::value::{EvalResult, Value, gave_up};

/// The largest table of Grundy values (squares below and left of the queen) computed.
const GRUNDY_SQUARES: u128 = 1 << 24;

/// The most moves a listing (`options(...)`) shows.
const LISTED: u64 = 1000;

/// The row of `wythoff`.
pub(crate) const ROW: RulesetDef = RulesetDef {
    name: "wythoff",
    example: "wythoff[4, 7]",
    doc: "Wythoff's game: a queen at (a, b) moves any distance towards (0, 0) along its row, column or diagonal; \
          its Grundy value as a nimber while the table below it has at most 16 million squares (a P-position is 0 \
          at any size), beyond that only the outcome N with a winning move (P-positions by the golden ratio)",
    settings: &[],
    returns: Returns::Game,
    limits: "Outcome and winning move at any size, with a few big-integer operations (`floor(k phi)` by \
             integer square roots). The Grundy value as a nimber while the table below the queen has at most \
             2^24 (16 million) squares; beyond that, P-positions are 0 and other positions are N with a \
             winning move.",
    source: "theory/rulesets.md (Wythoff); WW ch. 3; LiP ch. 7; W. A. Wythoff, \"A modification of the game \
             of Nim\", Nieuw Archief voor Wiskunde 7 (1907).",
    eval,
    heap_rule: None,
    position: Some(|r| listed(r).map(|q| Box::new(q) as Box<dyn AnyPosition>)),
};

/// The queen of `wythoff[a, b]`.
fn read(r: &Ruleset) -> EvalResult<Wythoff> {
    let what = "a queen's coordinates are non-negative whole numbers";
    match r.args.as_slice() {
        [a, b] => Ok(Wythoff::new(big_uint(a, what, ROW.example)?, big_uint(b, what, ROW.example)?)),
        _ => Err(Box::new(
            Diagnostic::error(Code::Argument, r.name.span.clone(), "`wythoff` takes one queen: its two coordinates")
                .with_hint("several queens are a sum: `wythoff[3, 5] + wythoff[1, 2]`"),
        )),
    }
}

/// The queen as a position whose moves may be listed: at most [`LISTED`] of them.
fn listed(r: &Ruleset) -> EvalResult<Queen> {
    let q = read(r)?;
    match moves_of(&q) {
        Some(n) if n <= LISTED => Ok(Queen(q)),
        _ => Err(Box::new(Diagnostic::error(
            Code::Argument,
            r.name.span.clone(),
            format!("{} has more than {LISTED} moves to list", q.notation()),
        ))),
    }
}

/// The number of moves of a queen: `a + b + min(a, b)`.
fn moves_of(q: &Wythoff) -> Option<u64> {
    let (a, b) = (q.a().to_u64()?, q.b().to_u64()?);
    a.checked_add(b)?.checked_add(a.min(b))
}

fn eval(s: &mut Session, r: &Ruleset, span: &Span, ctx: &Ctx) -> EvalResult<Computed> {
    let q = read(r)?;
    let squares = (q.a() + 1u32) * (q.b() + 1u32);
    let mut out = if q.is_p_position() {
        Computed::plain(Value::Game(s.games.zero()))
    } else if squares.to_u128().is_some_and(|n| n <= GRUNDY_SQUARES) {
        let g = q.grundy(ctx.budget).map_err(|e| gave_up(e, span.clone(), ctx.budget))?;
        Computed::plain(Value::Game(s.games.nimber(g)))
    } else {
        Computed::plain(Value::Outcome(Outcome::N)).with_extra(
            "Grundy value",
            format!("not computed: the table below the queen would have over {GRUNDY_SQUARES} squares"),
        )
    };
    if ctx.is_top(span) {
        if let Some(m) = q.winning_move() {
            out = out.with_extra("winning move", format!("{} -> {}", q.notation(), m.notation()));
        }
        let size = moves_of(&q).map_or(usize::MAX, |n| usize::try_from(n).unwrap_or(usize::MAX));
        out = out.with_moves(Moves::of(ctx, &Queen(q), size));
    }
    Ok(out)
}

/// A queen as a position with its moves, for the move listings.
struct Queen(Wythoff);

impl Partizan for Queen {
    fn left_options(&self) -> Vec<Self> {
        // Only queens with few moves are listed (see `listed`).
        let (x, y) = (self.0.a().to_u64().unwrap_or(0), self.0.b().to_u64().unwrap_or(0));
        let at = |i: u64, j: u64| Queen(Wythoff::new(BigUint::from(i), BigUint::from(j)));
        let mut out: Vec<Queen> = (0..x).map(|i| at(i, y)).collect();
        out.extend((0..y).map(|j| at(x, j)));
        out.extend((1..=x.min(y)).map(|d| at(x - d, y - d)));
        out
    }

    fn right_options(&self) -> Vec<Self> {
        self.left_options()
    }

    fn notation(&self) -> String {
        self.0.notation()
    }
}

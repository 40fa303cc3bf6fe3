//! Euclid's game: `euclid[a, b]`, subtract a positive multiple of the smaller number from the
//! larger; the player who makes a number 0 wins.

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};

use cgt_rules::euclid::Euclid;
use cgt_rules::position::Partizan;
use cgt_syntax::{Code, Diagnostic, Ruleset, Span};

use super::big_uint;
use crate::context::{Computed, Ctx, Moves};
use crate::registry::{AnyPosition, Returns, RulesetDef};
use crate::session::Session;
use crate::value::{EvalResult, Value, gave_up};

/// The most moves a listing (`options(...)`) shows.
const LISTED: u64 = 1000;

/// The row of `euclid`.
pub(crate) const ROW: RulesetDef = RulesetDef {
    name: "euclid",
    example: "euclid[5, 3]",
    doc: "Euclid's game: subtract a positive multiple of the smaller number from the larger, keeping it at least \
          0; making a number 0 wins. Grundy values of any size (Nivasch's rule over the quotients)",
    settings: &[],
    returns: Returns::Game,
    limits: "Numbers of any size, in O(log) divisions: the Grundy value folded over the quotients of Euclid's \
             algorithm.",
    source: "theory/rulesets.md (Euclid's game); A. J. Cole, A. J. T. Davie, \"A game based on the Euclidean \
             algorithm and a winning strategy for it\", Math. Gazette 53 (1969); G. Nivasch, \"The \
             Sprague-Grundy function of the game Euclid\", Discrete Math. 306 (2006).",
    eval,
    heap_rule: None,
    position: Some(|r| listed(r).map(|p| Box::new(p) as Box<dyn AnyPosition>)),
};

/// The pair of `euclid[a, b]`.
fn read(r: &Ruleset) -> EvalResult<Euclid> {
    let what = "Euclid's game is a pair of non-negative whole numbers";
    match r.args.as_slice() {
        [a, b] => Ok(Euclid::new(big_uint(a, what, ROW.example)?, big_uint(b, what, ROW.example)?)),
        _ => Err(Box::new(
            Diagnostic::error(Code::Argument, r.name.span.clone(), "`euclid` takes a pair of numbers")
                .with_hint("write the pair: `euclid[5, 3]`; several pairs are a sum: `euclid[5, 3] + euclid[9, 4]`"),
        )),
    }
}

fn eval(s: &mut Session, r: &Ruleset, span: &Span, ctx: &Ctx) -> EvalResult<Computed> {
    let p = read(r)?;
    let g = p.grundy(ctx.budget).map_err(|e| gave_up(e, span.clone(), ctx.budget))?;
    let mut out = Computed::plain(Value::Game(s.games.nimber_big(&g)));
    if ctx.is_top(span) {
        if let Some(m) = p.winning_move() {
            out = out.with_extra("winning move", format!("{} -> {}", p.notation(), m.notation()));
        }
        let size = moves_of(&p).and_then(|n| usize::try_from(n).ok()).unwrap_or(usize::MAX);
        out = out.with_moves(Moves::of(ctx, &Pair(p), size));
    }
    Ok(out)
}

/// The number of moves: the quotient of the larger number by the smaller (0 once one is 0).
fn moves_of(p: &Euclid) -> Option<u64> {
    let (large, small) = if p.a() >= p.b() { (p.a(), p.b()) } else { (p.b(), p.a()) };
    if small.is_zero() { Some(0) } else { (large / small).to_u64() }
}

/// The pair as a position whose moves may be listed: at most [`LISTED`] of them.
fn listed(r: &Ruleset) -> EvalResult<Pair> {
    let p = read(r)?;
    match moves_of(&p) {
        Some(n) if n <= LISTED => Ok(Pair(p)),
        _ => Err(Box::new(Diagnostic::error(
            Code::Argument,
            r.name.span.clone(),
            format!("{} has more than {LISTED} moves to list", p.notation()),
        ))),
    }
}

/// A pair as a position with its moves, for the move listings.
struct Pair(Euclid);

impl Partizan for Pair {
    fn left_options(&self) -> Vec<Self> {
        let (a, b) = (self.0.a(), self.0.b());
        let (large, small, first) = if a >= b { (a, b, true) } else { (b, a, false) };
        if small.is_zero() {
            return Vec::new();
        }
        let (q, r) = ((large / small).to_u64().unwrap_or(0), large % small);
        (0..q)
            .map(|j| {
                let to = &r + small * BigUint::from(j);
                Pair(if first { Euclid::new(to, small.clone()) } else { Euclid::new(small.clone(), to) })
            })
            .collect()
    }

    fn right_options(&self) -> Vec<Self> {
        self.left_options()
    }

    fn notation(&self) -> String {
        self.0.notation()
    }
}

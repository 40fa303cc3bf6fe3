//! Welter's game: `welter[a, b, ...]`, coins on distinct squares of a strip counted from 0; a move
//! takes one coin to any lower empty square.

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use cgt_rules::position::Partizan;
use cgt_rules::welter::Welter;
use cgt_syntax::{Code, Diagnostic, Ruleset, Span};

use super::big_uint;
use crate::context::{Computed, Ctx, Moves};
use crate::registry::{AnyPosition, Returns, RulesetDef};
use crate::session::Session;
use crate::value::{EvalResult, Value, gave_up};

/// The most moves a listing (`options(...)`) shows.
const LISTED: u64 = 1000;

/// The row of `welter`.
pub(crate) const ROW: RulesetDef = RulesetDef {
    name: "welter",
    example: "welter[2, 5, 7]",
    doc: "Welter's game: coins on distinct squares counted from 0; a move takes one coin to any lower empty square \
          (jumping allowed). Grundy values of any size by Welter's function",
    settings: &[],
    returns: Returns::Game,
    limits: "Any number of coins on squares of any size: Welter's function in O(n log) operations for n \
             coins, and a winning move found bit by bit.",
    source: "theory/rulesets.md (Welter); ONAG ch. 13 (Welter's function); WW ch. 15; C. P. Welter (1954); M. \
             Sato's hook-length form of Welter's theorem.",
    eval,
    heap_rule: None,
    position: Some(|r| listed(r).map(|p| Box::new(p) as Box<dyn AnyPosition>)),
};

/// The coins of `welter[a, b, ...]`, with the square named twice marked.
fn read(r: &Ruleset) -> EvalResult<Welter> {
    let what = "a coin's square is a non-negative whole number (squares are counted from 0)";
    let squares: Vec<BigUint> = r.args.iter().map(|a| big_uint(a, what, ROW.example)).collect::<Result<_, _>>()?;
    Welter::new(squares.clone()).map_err(|e| {
        let mut seen = std::collections::HashSet::new();
        let twice =
            squares.iter().position(|s| !seen.insert(s)).map_or(r.name.span.clone(), |i| r.args[i].span.clone());
        Box::new(
            Diagnostic::error(Code::Argument, twice, e.to_string())
                .with_hint("in Welter's game each square holds at most one coin"),
        )
    })
}

fn eval(s: &mut Session, r: &Ruleset, span: &Span, ctx: &Ctx) -> EvalResult<Computed> {
    let p = read(r)?;
    let g = p.grundy(ctx.budget).map_err(|e| gave_up(e, span.clone(), ctx.budget))?;
    let mut out = Computed::plain(Value::Game(s.games.nimber_big(&g)));
    if ctx.is_top(span) {
        let m = p.winning_move(ctx.budget).map_err(|e| gave_up(e, span.clone(), ctx.budget))?;
        if let Some(m) = m {
            let mut after = p.squares().to_vec();
            after[m.coin] = m.to.clone();
            let after = Welter::new(after).map(|w| w.notation()).unwrap_or_default();
            out = out.with_extra(
                "winning move",
                format!("the coin on {} to {} ({} -> {after})", m.from, m.to, p.notation()),
            );
        }
        let size = moves_of(&p).and_then(|n| usize::try_from(n).ok()).unwrap_or(usize::MAX);
        out = out.with_moves(Moves::of(ctx, &Coins(p), size));
    }
    Ok(out)
}

/// The number of moves: for each coin, the empty squares below it.
fn moves_of(p: &Welter) -> Option<u64> {
    let mut squares: Vec<u64> = p.squares().iter().map(ToPrimitive::to_u64).collect::<Option<_>>()?;
    squares.sort_unstable();
    squares.iter().enumerate().try_fold(0u64, |acc, (i, &s)| acc.checked_add(s - i as u64))
}

/// The coins as a position whose moves may be listed: at most [`LISTED`] of them.
fn listed(r: &Ruleset) -> EvalResult<Coins> {
    let p = read(r)?;
    match moves_of(&p) {
        Some(n) if n <= LISTED => Ok(Coins(p)),
        _ => Err(Box::new(Diagnostic::error(
            Code::Argument,
            r.name.span.clone(),
            format!("{} has more than {LISTED} moves to list", p.notation()),
        ))),
    }
}

/// The coins as a position with their moves, for the move listings.
struct Coins(Welter);

impl Partizan for Coins {
    fn left_options(&self) -> Vec<Self> {
        let squares = self.0.squares();
        let mut out = Vec::new();
        for (i, s) in squares.iter().enumerate() {
            let top = s.to_u64().unwrap_or(0);
            for t in (0..top).map(BigUint::from).filter(|t| !squares.contains(t)) {
                let mut after = squares.to_vec();
                after[i] = t;
                out.extend(Welter::new(after).ok().map(Coins));
            }
        }
        out
    }

    fn right_options(&self) -> Vec<Self> {
        self.left_options()
    }

    fn notation(&self) -> String {
        self.0.notation()
    }
}

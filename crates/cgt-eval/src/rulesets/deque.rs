//! Deque, a scoring game: players alternately take the first or the last number, adding it to
//! their score; the result is the first player's best total minus the second's.

use cgt_rules::deque::{self, End};
use cgt_syntax::{Ruleset, Span};

use super::i64_arg;
use crate::context::{Computed, Ctx};
use crate::registry::{Returns, RulesetDef};
use crate::session::Session;
use crate::value::{EvalResult, Quantity, Value, gave_up};

/// The row of `deque`.
pub(crate) const ROW: RulesetDef = RulesetDef {
    name: "deque",
    example: "deque[10, 80, 90, 30]",
    doc: "take from either end, scoring: the first player's best score minus the second's (a score, not a game)",
    settings: &[],
    returns: Returns::Integer,
    limits: "Interval dynamic programming, O(n^2) time and O(n) memory for n numbers, exact in 128-bit \
             integers (30,000 numbers in about half a second, BENCHMARKS.md \"deque\").",
    source: "theory/rulesets.md (Deques and scores).",
    eval,
    heap_rule: None,
    position: None,
};

fn eval(_: &mut Session, r: &Ruleset, span: &Span, ctx: &Ctx) -> EvalResult<Computed> {
    let values: Vec<i64> =
        r.args.iter().map(|a| i64_arg(a, "deque entries are whole numbers", ROW.example)).collect::<Result<_, _>>()?;
    let sol = deque::solve(&values, ctx.budget).map_err(|e| gave_up(e, span.clone(), ctx.budget))?;
    let mut out = Computed::plain(Value::Integer(sol.difference.into(), Quantity::Score));
    if let Some(end) = sol.first_move {
        let (side, v) = match end {
            End::Left => ("the left end", values[0]),
            End::Right => ("the right end", values[values.len() - 1]),
        };
        out = out.with_extra("first move", format!("take {side} ({v})"));
    }
    Ok(out)
}

//! The degree of loopiness and the variety of a stopper: `degree(G)` and `variety(G)`
//! (Siegel *CGT* ch. VI; CGSuite's `Degree` and `Variety` of a canonical stopper), each a thin
//! call of `cgt_core::loopy::stops`. A short game has degree 0 and variety 0.

use crate::context::{Computed, Ctx};
use crate::loopy::OfStopper;
use crate::registry::{Call, FunctionDef, Returns};
use crate::session::Session;
use crate::value::{EvalResult, Value};

/// `degree(G)`.
pub(crate) const DEGREE: FunctionDef = FunctionDef {
    name: "degree",
    signature: "degree(G)",
    doc: "the degree of loopiness of a stopper G: the onside of G - G (`degree(over) == over`, \
          `degree(on) == on`); 0 for a short game",
    returns: Returns::Game,
    aliases: &[],
    limits: "One sum of G with -G and its onside: polynomial in the number of positions of G's simplest form.",
    source: "theory/stoppers.md; CGT VI (degree of loopiness).",
    eval: |s, call, ctx| of_stopper(s, call, ctx, OfStopper::Degree),
};

/// `variety(G)`.
pub(crate) const VARIETY: FunctionDef = FunctionDef {
    name: "variety",
    signature: "variety(G)",
    doc: "the variety of a stopper G whose degree D is idempotent: the onside of G + (-G - D)^- \
          (`variety({pass | 3/2}) == under`); 0 for a short game",
    returns: Returns::Game,
    aliases: &[],
    limits: "Four sums of stoppers with their sides, and one comparison: polynomial in the number of positions.",
    source: "theory/stoppers.md; CGT VI (varieties; the stability conjecture).",
    eval: |s, call, ctx| of_stopper(s, call, ctx, OfStopper::Variety),
};

/// `degree(G)` or `variety(G)`: 0 for a short game, else of the stopper.
fn of_stopper(s: &mut Session, call: &Call, ctx: &Ctx, what: OfStopper) -> EvalResult<Computed> {
    let a = s.one_arg(call, "one game")?;
    match s.arg_value(a, ctx)? {
        Value::Loopy(l) => s.of_stopper(&l, what, &a.span(), ctx).map(Into::into),
        v => {
            s.as_game_at(v, &a.span(), ctx)?;
            Ok(Value::Game(s.games.zero()).into())
        }
    }
}

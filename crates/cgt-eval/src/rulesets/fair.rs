//! `fair[B, W, WB, WB]`: the most boxes in a choice of piles whose sum is 0 (a P-position),
//! by meet in the middle over exact values.

use cgt_rules::boxes;
use cgt_rules::fair::{self, FairError};
use cgt_syntax::{Code, Diagnostic, Ruleset, Span};

use super::{bad_arg, words};
use crate::context::{Computed, Ctx};
use crate::registry::{Returns, RulesetDef};
use crate::session::Session;
use crate::value::{EvalResult, Quantity, Value, gave_up};

/// The row of `fair`.
pub(crate) const ROW: RulesetDef = RulesetDef {
    name: "fair",
    example: "fair[B, W, WB, WB]",
    doc: "the largest fair choice of box piles: the most boxes in piles that sum to 0 (a count, not a game)",
    settings: &[],
    returns: Returns::Integer,
    limits: "Meet in the middle over exact values: O(2^(n/2) n) time and memory for n piles, at most 48 piles \
             (40 random piles of 40 boxes in about 0.1 s, BENCHMARKS.md \"fair\").",
    source: "theory/rulesets.md (The fair choice of piles) and theory/simplicity.md (van Roode's rule).",
    eval,
    heap_rule: None,
    position: None,
};

fn eval(_: &mut Session, r: &Ruleset, span: &Span, ctx: &Ctx) -> EvalResult<Computed> {
    let ws = words(&r.args, "a box pile is a word of B and W", ROW.example)?;
    let mut piles = Vec::with_capacity(ws.len());
    for w in &ws {
        let pile =
            boxes::parse_pile(&w.node).map_err(|_| bad_arg(&w.span, "a box pile is a word of B and W", ROW.example))?;
        piles.push(pile);
    }
    let choice = fair::fairest(&piles, ctx.budget).map_err(|e| match e {
        FairError::Green { pile } => Box::new(
            Diagnostic::error(Code::Argument, ws[pile].span.clone(), "green boxes are not allowed in `fair`")
                .with_hint("a fair choice needs piles that are numbers: black and white boxes only"),
        ),
        FairError::Exhausted(x) => gave_up(x, span.clone(), ctx.budget),
        FairError::TooManyPiles { piles } => Box::new(
            Diagnostic::error(
                Code::Argument,
                span.clone(),
                format!("{piles} piles of non-zero value are more than `fair` can choose among ({})", fair::MAX_PILES),
            )
            .with_hint("the meet-in-the-middle search is exponential in the number of piles"),
        ),
    })?;
    let chosen: Vec<&str> = choice.piles.iter().map(|&i| ws[i].node.as_str()).collect();
    let shown = if chosen.is_empty() { "none".to_string() } else { chosen.join(".") };
    Ok(Computed::plain(Value::Integer(choice.boxes.into(), Quantity::Count)).with_extra("chosen piles", shown))
}

//! Partizan Euclid: `partizan_euclid[9, 6]`, the pair (p, q); Left moves to (q, p mod q), Right
//! to (q, q - p mod q), and the game is over when q divides p (`cgt_rules::partizan_euclid`).

use cgt_rules::partizan_euclid::PartizanEuclid;
use cgt_syntax::{Code, Diagnostic, Ruleset, Span};

use super::u64_arg;
use crate::context::{Computed, Ctx, Moves};
use crate::registry::{AnyPosition, Returns, RulesetDef};
use crate::session::Session;
use crate::value::{EvalResult, Value, gave_up};

/// The row of `partizan_euclid`.
pub(crate) const ROW: RulesetDef = RulesetDef {
    name: "partizan_euclid",
    example: "partizan_euclid[9, 6]",
    doc: "Partizan Euclid (Nowakowski and McKay; CGSuite's PartizanEuclid): a pair (p, q); unless q divides p \
          (or q is 0), Left's one move is to (q, p mod q) and Right's to (q, q - p mod q)",
    settings: &[],
    returns: Returns::Game,
    limits: "Numbers below 2^64; the positions reached are searched from the rules with a table, and their number \
             grows with q (about q steps when p mod q is 1), so large q give up on the budget.",
    source: "CGSuite's tutorial \"CGSuite in action\" (Partizan Euclid) and its test values for (8, n); the \
             solver is checked against the rules' definition in the tests.",
    eval,
    heap_rule: None,
    position: Some(|r| read(r).map(|p| Box::new(p) as Box<dyn AnyPosition>)),
};

/// The pair (p, q).
fn read(r: &Ruleset) -> EvalResult<PartizanEuclid> {
    let what = "a Partizan Euclid position is a pair of whole numbers below 2^64";
    match r.args.as_slice() {
        [p, q] => Ok(PartizanEuclid::new(u64_arg(p, what, ROW.example)?, u64_arg(q, what, ROW.example)?)),
        _ => Err(Box::new(
            Diagnostic::error(Code::Argument, r.name.span.clone(), "`partizan_euclid` takes a pair of numbers")
                .with_hint("write the pair: `partizan_euclid[9, 6]`; pairs are added with `+`"),
        )),
    }
}

fn eval(s: &mut Session, r: &Ruleset, span: &Span, ctx: &Ctx) -> EvalResult<Computed> {
    let p = read(r)?;
    let g = p.game(&mut s.games, ctx.budget).map_err(|e| gave_up(e, span.clone(), ctx.budget))?;
    let moves = if ctx.is_top(span) { Moves::of(ctx, &p, 2) } else { None };
    Ok(Computed::plain(Value::Game(g)).with_moves(moves))
}

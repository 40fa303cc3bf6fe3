//! Maundy Cake: `maundy[3x8]`, `maundy[1000000000000000000x3, 2x2]` (pieces of R rows by C
//! columns, a sum); values of any size by the closed form in `cgt_rules::maundy`.

use cgt_core::Dyadic;
use cgt_rules::maundy::{self, MAX_SIDE, MaundyCake};
use cgt_syntax::{Code, Diagnostic, RuleArgKind, Ruleset, Span};

use super::bad_arg;
use crate::context::{Computed, Ctx, Moves};
use crate::registry::{AnyPosition, Returns, RulesetDef};
use crate::session::Session;
use crate::value::{EvalResult, Value, gave_up};

/// The row of `maundy`.
pub(crate) const ROW: RulesetDef = RulesetDef {
    name: "maundy",
    example: "maundy[3x8]",
    doc: "Maundy Cake (WW ch. 2): pieces of R rows by C columns (`RxC`, several are a sum, sides below 2^64); \
          Left cuts a piece vertically into d >= 2 equal pieces, d dividing its width, Right horizontally, d \
          dividing its height",
    settings: &[],
    returns: Returns::Game,
    limits: "Sides below 2^64 by the closed form, whose cost is factoring each side (Miller-Rabin and \
             Pollard's rho); `options` lists the moves of pieces with sides of at most 256.",
    source: "WW ch. 2 (Maundy Cake); the formula is checked against a search of the rules in the tests.",
    eval,
    heap_rule: None,
    position: Some(|r| position(r).map(|p| Box::new(p) as Box<dyn AnyPosition>)),
};

/// The pieces as (rows, columns), any size below 2^64.
fn pieces(r: &Ruleset) -> EvalResult<Vec<(u64, u64)>> {
    if r.args.is_empty() {
        return Err(bad_arg(&r.name.span, "give the size of each piece as `RxC` (rows by columns)", ROW.example));
    }
    r.args
        .iter()
        .map(|a| match &a.kind {
            RuleArgKind::Dims(rows, cols) => match (rows.parse::<u64>(), cols.parse::<u64>()) {
                (Ok(rows), Ok(cols)) => Ok((rows, cols)),
                _ => Err(Box::new(
                    Diagnostic::error(Code::Argument, a.span.clone(), format!("a side of {rows}x{cols} is too long"))
                        .with_hint("the sides of a Maundy Cake are below 2^64"),
                )),
            },
            _ => Err(bad_arg(&a.span, "a piece is `RxC`: R rows by C columns", ROW.example)),
        })
        .collect()
}

/// The position whose moves are listed (`options`, searches): sides up to [`MAX_SIDE`].
fn position(r: &Ruleset) -> EvalResult<MaundyCake> {
    MaundyCake::new(&pieces(r)?).map_err(|e| {
        Box::new(
            Diagnostic::error(Code::Argument, r.name.span.clone(), e.to_string()).with_hint(format!(
                "moves are listed for sides up to {MAX_SIDE}; the value itself is known for any size"
            )),
        )
    })
}

fn eval(s: &mut Session, r: &Ruleset, span: &Span, ctx: &Ctx) -> EvalResult<Computed> {
    let pieces = pieces(r)?;
    let moves = match MaundyCake::new(&pieces) {
        Ok(cake) if ctx.is_top(span) => {
            let size = cake.pieces().iter().map(|&(r, c)| r + c).sum::<u64>();
            Moves::of(ctx, &cake, usize::try_from(size).unwrap_or(usize::MAX))
        }
        _ => None,
    };
    let v = maundy::value(&pieces, ctx.budget).map_err(|e| gave_up(e, span.clone(), ctx.budget))?;
    Ok(Computed::plain(Value::Game(s.games.number(&Dyadic::integer(v)))).with_moves(moves))
}

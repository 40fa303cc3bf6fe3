//! Nim arithmetic on plain whole numbers of any size: `nimsum(a, b)` and `nimprod(a, b)`.

use num_bigint::{BigInt, BigUint};

use cgt_core::nimarith;
use cgt_syntax::{Code, Diagnostic};

use crate::args::Arg;
use crate::args::arity;
use crate::context::{Computed, Ctx};
use crate::registry::{Call, FunctionDef, Returns};
use crate::session::Session;
use crate::value::{EvalResult, Quantity, Value, gave_up};

/// `nimsum(a, b)`.
pub(crate) const NIMSUM: FunctionDef = FunctionDef {
    name: "nimsum",
    signature: "nimsum(a, b)",
    doc: "the nim sum of two whole numbers of any size (their XOR), a plain number: `nimsum(3, 5) == 6`",
    returns: Returns::Integer,
    aliases: &[],
    limits: "XOR of whole numbers of any size, linear in the bits.",
    source: "theory/sprague-grundy.md; WW ch. 2; ONAG ch. 6.",
    eval: |s, call, ctx| {
        let (a, b) = two_naturals(s, call, ctx)?;
        Ok(integer(nimarith::nim_sum(&a, &b)))
    },
};

/// `nimprod(a, b)`.
pub(crate) const NIMPROD: FunctionDef = FunctionDef {
    name: "nimprod",
    signature: "nimprod(a, b)",
    doc: "the nim product of two whole numbers of any size (Conway's field of nimbers), a plain number: \
          `nimprod(8, 16) == 128`",
    returns: Returns::Integer,
    aliases: &[],
    limits: "Numbers of any size, by Fermat 2-powers and Karatsuba's three half-size products: about n^1.6 in \
             the bits n.",
    source: "ONAG ch. 6 (the field of nimbers); WW ch. 14.",
    eval: |s, call, ctx| {
        let (a, b) = two_naturals(s, call, ctx)?;
        let p = nimarith::nim_product(&a, &b, ctx.budget).map_err(|e| gave_up(e, call.span.clone(), ctx.budget))?;
        Ok(integer(p))
    },
};

fn integer(n: BigUint) -> Computed {
    Computed::plain(Value::Integer(BigInt::from(n), Quantity::Integer))
}

/// The two arguments, each a non-negative whole number.
fn two_naturals(s: &mut Session, call: &Call, ctx: &Ctx) -> EvalResult<(BigUint, BigUint)> {
    let [a, b] = call.args else {
        return Err(arity(call, "two whole numbers"));
    };
    Ok((natural(s, a, call, ctx)?, natural(s, b, call, ctx)?))
}

/// A non-negative whole number: a plain number, or a game that is a whole number.
fn natural(s: &mut Session, e: &Arg, call: &Call, ctx: &Ctx) -> EvalResult<BigUint> {
    let v = s.arg_value(e, ctx)?;
    let n = match &v {
        Value::Integer(n, _) => Some(n.clone()),
        Value::Number(x) if x.is_integer() => Some(x.numerator().clone()),
        Value::Game(g) => s.games.as_number(*g).filter(|x| x.is_integer()).map(|x| x.numerator().clone()),
        _ => None,
    };
    if let Some(n) = n.as_ref().and_then(|n| BigUint::try_from(n).ok()) {
        return Ok(n);
    }
    let shown = s.show(&v);
    let span = e.span();
    let text = &ctx.src[span.clone()];
    let nimber = matches!(&v, Value::Game(g) if s.games.nim_value_big(*g).is_some());
    let hint = if nimber {
        format!("`{}` takes the numbers themselves: write `{}(3, 5)`, not `*3, *5`", call.name.node, call.name.node)
    } else {
        format!("nim arithmetic is on whole numbers 0, 1, 2, ...: `{}`", call.def.signature)
    };
    Err(Box::new(
        Diagnostic::error(Code::Type, span, format!("`{text}` is {shown}, not a non-negative whole number"))
            .with_hint(hint),
    ))
}

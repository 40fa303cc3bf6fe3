//! The structure of short games (CGT II.2-II.6, III.2; ONAG ch. 1, 6, 15): `tiny`, `miny`,
//! `pow`, `powto`, `uptimal`, `norton`, `conway`, `ordinalproduct`, `companion` and `born`, each
//! a thin call of `cgt_core::operators`.

use cgt_core::operators::{self, Uptimal};

use super::cooling::{binary, unary};
use crate::args::op_error;
use crate::context::{Computed, Ctx};
use crate::registry::{Call, FunctionDef, Returns};
use crate::session::Session;
use crate::value::{EvalResult, Quantity, Value};

/// `tiny(x)`.
pub(crate) const TINY: FunctionDef = FunctionDef {
    name: "tiny",
    signature: "tiny(x)",
    doc: "Tiny(x) = {0||0|-x}, a positive infinitesimal for x > 0: `tiny(2) == {0||0|-2}`; x may be a stopper \
          (`Tiny(on)`)",
    returns: Returns::Game,
    aliases: &["Tiny"],
    limits: "A form of three levels over x's canonical form: as large as x.",
    source: "theory/simplicity.md; WW ch. 5 (Tiny and Miny); CGT II.4.",
    eval: |s, call, ctx| tiny_or_miny(s, call, ctx, true),
};

/// `miny(x)`.
pub(crate) const MINY: FunctionDef = FunctionDef {
    name: "miny",
    signature: "miny(x)",
    doc: "Miny(x) = {x|0||0} = -Tiny(x), of a number or a stopper",
    returns: Returns::Game,
    aliases: &["Miny"],
    limits: "A form of three levels over x's canonical form: as large as x.",
    source: "WW ch. 5 (Tiny and Miny); CGT II.4.",
    eval: |s, call, ctx| tiny_or_miny(s, call, ctx, false),
};

/// `Tiny(G)` or `Miny(G)`: of a short game by its canonical form, of a loopy game as the literal.
fn tiny_or_miny(s: &mut Session, call: &Call, ctx: &Ctx, tiny: bool) -> EvalResult<Computed> {
    let a = s.one_arg(call, "one game")?;
    let g = match s.arg_value(a, ctx)? {
        Value::Loopy(_) => return s.with_arg(a, ctx, |s, e, ctx| s.loopy_tiny(tiny, e, ctx)),
        v => s.as_game_at(v, &a.span(), ctx)?,
    };
    let f = if tiny { operators::tiny } else { operators::miny };
    let r = f(&mut s.games, g, ctx.budget).map_err(|e| crate::args::op_error(e, call.span, ctx.budget))?;
    Ok(Value::Game(r).into())
}

/// `pow(G, n)`.
pub(crate) const POW: FunctionDef = FunctionDef {
    name: "pow",
    signature: "pow(G, n)",
    doc: "G^n for G = {0|H} and n >= 1 (CGSuite's `G.Pow(n)`): `pow(^, 3) == ^<3>`",
    returns: Returns::Game,
    aliases: &[],
    limits: "n sums of the previous powers: the forms grow with n (the literal `^<n>` is read up to n = 64).",
    source: "CGT II.4 (uptimals); WW ch. 7; theory/rulesets.md (Ordinal sums and uptimals).",
    eval: |s, call, ctx| power(s, call, ctx, operators::pow),
};

/// `powto(G, n)`.
pub(crate) const POWTO: FunctionDef = FunctionDef {
    name: "powto",
    signature: "powto(G, n)",
    doc: "G^1 + ... + G^n for G = {0|H} (CGSuite's `G.PowTo(n)`): `powto(^, 3) == ^[3]`",
    returns: Returns::Game,
    aliases: &[],
    limits: "n sums of the powers: the forms grow with n (the literal `^[n]` is read up to n = 64).",
    source: "CGT II.4 (uptimals); WW ch. 7; theory/rulesets.md (Ordinal sums and uptimals).",
    eval: |s, call, ctx| power(s, call, ctx, operators::powto),
};

/// A power of a game by a whole number.
type Power = fn(
    &mut cgt_core::game::Games,
    cgt_core::game::GameId,
    u64,
    &cgt_core::Budget,
) -> operators::OpResult<cgt_core::game::GameId>;

fn power(s: &mut Session, call: &Call, ctx: &Ctx, f: Power) -> EvalResult<Computed> {
    let [g, n] = s.n_args::<2>(call, "a game and a whole number")?;
    let g = s.arg_game(g, ctx)?;
    let n = s.arg_whole(n, ctx)?;
    let r = f(&mut s.games, g, n, ctx.budget).map_err(|e| op_error(e, call.span, ctx.budget))?;
    Ok(Value::Game(r).into())
}

/// `uptimal(G)`.
pub(crate) const UPTIMAL: FunctionDef = FunctionDef {
    name: "uptimal",
    signature: "uptimal(G)",
    doc: "the uptimal expansion of an infinitesimal G as text, `a·^<k>` terms then a nimber: \
          `uptimal({0|v*})` is `^<2>`, `uptimal(^[2] + ^<2> + *)` is `^<1> + 2·^<2> + *`",
    returns: Returns::Text,
    aliases: &[],
    limits: "Greedy over the uptimal order, one comparison per term and each candidate nimber: polynomial in \
             the canonical form.",
    source: "CGT II.4 (uptimal expansions); WW ch. 7; theory/rulesets.md (Ordinal sums and uptimals).",
    eval: |s, call, ctx| {
        let g = s.game_arg(call, ctx)?;
        let u = operators::uptimal(&mut s.games, g, ctx.budget).map_err(|e| op_error(e, call.span, ctx.budget))?;
        Ok(Value::Text(expansion(&u, s.config.unicode)).into())
    },
};

/// The expansion written as a sum: `^<1> + 2·^<3> + v<4> + *`, `0` for zero. A term with
/// coefficient ±1 is the language's own `^<k>` or `v<k>`, so such a sum reads back.
fn expansion(u: &Uptimal, unicode: bool) -> String {
    let (up, down) = if unicode { ("↑", "↓") } else { ("^", "v") };
    let mut terms: Vec<String> = Vec::new();
    for (k, &a) in u.coefficients.iter().enumerate().filter(|(_, a)| **a != 0) {
        let arrow = if a > 0 { up } else { down };
        let times = if a.unsigned_abs() == 1 { String::new() } else { format!("{}·", a.unsigned_abs()) };
        terms.push(format!("{times}{arrow}<{}>", k + 1));
    }
    match u.nim {
        0 => {}
        1 => terms.push("*".into()),
        n => terms.push(format!("*{n}")),
    }
    if terms.is_empty() { "0".into() } else { terms.join(" + ") }
}

/// `norton(G, U)`.
pub(crate) const NORTON: FunctionDef = FunctionDef {
    name: "norton",
    signature: "norton(G, U)",
    doc: "the Norton product G.U of a number G by a game U (U > 0 unless G is an integer): \
          `norton(1/2, ^) == {^^*|v*}`",
    returns: Returns::Game,
    aliases: &[],
    limits: "Recursive over G's options with U's incentives; the result's form grows with G's birthday and \
             U's form.",
    source: "ONAG ch. 15 (Norton multiplication); CGT II.6; WW ch. 6.",
    eval: |s, call, ctx| binary(s, call, ctx, operators::norton),
};

/// `conway(G, H)`.
pub(crate) const CONWAY: FunctionDef = FunctionDef {
    name: "conway",
    signature: "conway(G, H)",
    doc: "the Conway product G·H of the canonical forms (nim multiplication on nimbers of any size): \
          `conway(*4, *4) == *6`",
    returns: Returns::Game,
    aliases: &[],
    limits: "On numbers and nimbers by formulas at any size (nim multiplication costs about n^1.6 in the \
             bits); otherwise recursive over both canonical forms, growing fast with their birthdays.",
    source: "ONAG ch. 1 and 6 (the Conway product, nim multiplication); WW ch. 14.",
    eval: |s, call, ctx| binary(s, call, ctx, operators::conway),
};

/// `ordinalproduct(G, H)`.
pub(crate) const ORDINALPRODUCT: FunctionDef = FunctionDef {
    name: "ordinalproduct",
    signature: "ordinalproduct(G, H)",
    doc: "the ordinal product of the canonical forms (CGSuite's `G OrdinalProduct H`): on blue-red \
          Hackenbush stalks (numbers), each blue edge of H replaced by G and each red edge by -G; on nimbers, \
          `*a` by `*b` is `*(ab)`: \
          `ordinalproduct(1/2, 1/4) == 11/32`, `ordinalproduct(*5, *6) == *30`",
    returns: Returns::Game,
    aliases: &[],
    limits: "Recursive over both canonical forms, one level of forms kept for the ordinal sums; grows with \
             H's birthday.",
    source: "ONAG ch. 15 and WW ch. 2 (Hackenbush stalks); CGSuite's OrdinalProduct for the convention.",
    eval: |s, call, ctx| binary(s, call, ctx, operators::ordinal_product),
};

/// `companion(G)`.
pub(crate) const COMPANION: FunctionDef = FunctionDef {
    name: "companion",
    signature: "companion(G)",
    doc: "the companion of G (CGSuite's `G.Companion`; CGT III.2), the lattice automorphism of the \
          games born by day n: `companion(0) == *`, `companion(^) == ^*`",
    returns: Returns::Game,
    aliases: &[],
    limits: "On x + k.^ + *m by a closed form, at any size; otherwise one pass over the canonical form's \
             options.",
    source: "CGT III.2 (the lattice of games born by day n).",
    eval: |s, call, ctx| unary(s, call, ctx, operators::companion),
};

/// `born(n)`.
pub(crate) const BORN: FunctionDef = FunctionDef {
    name: "born",
    signature: "born(n)",
    doc: "the number of games born by day n, n <= 3 (1, 4, 22, 1474): a plain number",
    returns: Returns::Integer,
    aliases: &[],
    limits: "n at most 3: the count is built from the antichains of the games born the day before (1, 4, 22, \
             1474).",
    source: "CGT II.2 and III.2 (games born by day n).",
    eval: |s, call, ctx| {
        let n = s.one_arg(call, "a whole number")?;
        let n = s.arg_whole(n, ctx)?;
        let count = operators::born(&mut s.games, n, ctx.budget).map_err(|e| op_error(e, call.span, ctx.budget))?;
        Ok(Value::Integer(count.into(), Quantity::Count).into())
    },
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expansions_are_written_as_sums() {
        let u = |coefficients: Vec<i64>, nim| expansion(&Uptimal { coefficients, nim }, false);
        assert_eq!(u(vec![], 0), "0");
        assert_eq!(u(vec![], 1), "*");
        assert_eq!(u(vec![0, 1], 0), "^<2>");
        assert_eq!(u(vec![1, 2, 0, -1], 3), "^<1> + 2·^<2> + v<4> + *3");
        assert_eq!(u(vec![-3], 0), "3·v<1>");
    }
}

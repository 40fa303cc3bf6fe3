//! Functions of the language (`outcome(G)`, `temp(G)`, `grundy(RULE, a..b)`, ...): the table of
//! functions, one row each, and the helpers they share for reading arguments. Each function
//! is a small `fn` beside its row in a file of `functions/`.

mod algebra;
pub(crate) mod compound;
mod cooling;
mod explain;
mod game;
mod grundy;
pub(crate) mod impartial;
pub(crate) mod misere;
mod misere_search;
mod nimarith;
mod sides;
mod table;
mod tex;

pub use tex::latex;
mod thermo;
mod winning;

use cgt_core::game::GameId;
use cgt_core::operators::OpError;
use cgt_core::{Budget, Dyadic};
use cgt_syntax::{CallArg, Code, Diagnostic, Expr, Span};

use crate::Session;
use crate::context::{Computed, Ctx};
use crate::registry::{Call, FunctionDef, find_function};
use crate::value::{EvalResult, Value, gave_up};

/// Every function, in the order completion lists them.
pub(crate) static ROWS: &[FunctionDef] = &[
    game::OUTCOME,
    game::CF,
    game::OPTIONS,
    game::BIRTHDAY,
    thermo::LEFTSTOP,
    thermo::RIGHTSTOP,
    thermo::MEAN,
    thermo::TEMP,
    thermo::THERMOGRAPH,
    thermo::ATOMIC,
    cooling::COOL,
    cooling::HEAT,
    cooling::OVERHEAT,
    cooling::FREEZE,
    cooling::RCF,
    cooling::LEFTINCENTIVES,
    cooling::RIGHTINCENTIVES,
    algebra::TINY,
    algebra::MINY,
    algebra::POW,
    algebra::POWTO,
    algebra::UPTIMAL,
    algebra::NORTON,
    algebra::CONWAY,
    algebra::ORDINALPRODUCT,
    algebra::COMPANION,
    algebra::BORN,
    explain::EXPLAIN,
    grundy::GRUNDY,
    grundy::PERIOD,
    nimarith::NIMSUM,
    nimarith::NIMPROD,
    compound::DIMINISHED,
    compound::SELECTIVE,
    compound::SHORTENED,
    compound::CONJUNCTIVE,
    compound::CONTINUED,
    misere::GENUS,
    misere::MATE,
    misere::MISERENIM,
    misere::QUOTIENT,
    sides::ONSIDE,
    sides::OFFSIDE,
    tex::TEX,
    table::TABLE,
];

impl Session {
    /// Evaluates `name(args)` through the function's row.
    pub(crate) fn call(
        &mut self,
        name: &cgt_syntax::Spanned<String>,
        args: &[CallArg],
        span: &cgt_syntax::Span,
        ctx: &Ctx,
    ) -> EvalResult<Computed> {
        if let Some(v) = self.call_user(&name.node, args, span, ctx) {
            return v.map(Computed::plain);
        }
        if let Some(v) = self.call_builtin(&name.node, args, span, ctx) {
            return v.map(Computed::plain);
        }
        let def = find_function(name)?;
        (def.eval)(self, &Call { name, args, span, def }, ctx)
    }

    /// The single expression argument of a call.
    pub(crate) fn one_arg<'a>(&self, call: &Call<'a>, what: &str) -> EvalResult<&'a Expr> {
        match call.args {
            [CallArg::Expr(e)] => Ok(e),
            _ => Err(arity(call, what)),
        }
    }

    /// The single game argument of a call.
    pub(crate) fn game_arg(&mut self, call: &Call, ctx: &Ctx) -> EvalResult<GameId> {
        let e = self.one_arg(call, "one game")?;
        self.game(e, ctx)
    }

    /// The `N` expression arguments of a call (`what` says what they are, for the error).
    pub(crate) fn n_args<'a, const N: usize>(&self, call: &Call<'a>, what: &str) -> EvalResult<[&'a Expr; N]> {
        let exprs: Vec<&Expr> = call
            .args
            .iter()
            .filter_map(|a| match a {
                CallArg::Expr(e) => Some(e),
                _ => None,
            })
            .collect();
        if exprs.len() != call.args.len() {
            return Err(arity(call, what));
        }
        exprs.try_into().map_err(|_| arity(call, what))
    }

    /// The `N` game arguments of a call.
    pub(crate) fn game_args<const N: usize>(&mut self, call: &Call, what: &str, ctx: &Ctx) -> EvalResult<[GameId; N]> {
        let exprs = self.n_args::<N>(call, what)?;
        let games = exprs.iter().map(|e| self.game(e, ctx)).collect::<EvalResult<Vec<GameId>>>()?;
        Ok(games.try_into().expect("one game per argument"))
    }

    /// A whole number `n >= 0` given as an argument: a plain number or a game that is one.
    pub(crate) fn whole_arg(&mut self, e: &Expr, ctx: &Ctx) -> EvalResult<u64> {
        let v = self.eval(e, ctx)?;
        let x = match &v {
            Value::Integer(n, _) => Some(Dyadic::integer(n.clone())),
            Value::Number(x) => Some(x.clone()),
            Value::Game(g) => self.games.as_number(*g),
            _ => None,
        };
        let n = x.filter(Dyadic::is_integer).and_then(|x| u64::try_from(x.numerator()).ok());
        n.ok_or_else(|| {
            let shown = self.show(&v);
            Box::new(
                Diagnostic::error(
                    Code::Argument,
                    e.span.clone(),
                    format!("`{}` is {shown}, not a whole number >= 0", &ctx.src[e.span.clone()]),
                )
                .with_hint("this argument is a count: 0, 1, 2, ..."),
            )
        })
    }
}

/// An operator's failure as the statement's diagnostic: a "gave up" warning when the budget
/// ran out, an error saying why when the operator is not defined for its arguments.
pub(crate) fn op_error(e: OpError, span: &Span, budget: &Budget) -> Box<Diagnostic> {
    match e {
        OpError::Exhausted(x) => gave_up(x, span.clone(), budget),
        OpError::Undefined(why) => Box::new(Diagnostic::error(Code::Argument, span.clone(), why)),
    }
}

/// An error for a call with the wrong arguments.
pub(crate) fn arity(call: &Call, what: &str) -> Box<Diagnostic> {
    Box::new(
        Diagnostic::error(Code::Arity, call.span.clone(), format!("`{}` takes {what}", call.name.node))
            .with_hint(format!("write `{}`", call.def.signature)),
    )
}

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

use cgt_core::Budget;
use cgt_core::game::GameId;
use cgt_core::operators::OpError;
use cgt_syntax::{CallArg, Code, Diagnostic, Span};

use crate::Session;
use crate::args::Arg;
use crate::context::{Computed, Ctx};
use crate::registry::{Call, FunctionDef, find_function};
use crate::resolve::{Callee, Role, callee};
use crate::value::{EvalResult, gave_up};

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
        let user = |n: &str| self.table::<crate::defs::Defs>().lookup(n);
        let def = match callee(&name.node, Role::Call, user) {
            Some(Callee::User(idx)) => return self.call_user_at(idx, args, span, ctx).map(Computed::plain),
            Some(Callee::Builtin(b)) => return self.call_builtin_values(b, args, span, ctx).map(Computed::plain),
            Some(Callee::Function(def)) => def,
            // Nothing of that name: the error, with a suggestion.
            Some(Callee::Ruleset(_)) | None => find_function(name)?,
        };
        let args: Vec<Arg> = args.iter().map(Arg::Syntax).collect();
        (def.eval)(self, &Call { name, args: &args, span, def }, ctx)
    }

    /// The single value argument of a call.
    pub(crate) fn one_arg<'a>(&self, call: &'a Call<'a>, what: &str) -> EvalResult<&'a Arg<'a>> {
        match call.args {
            [a] if a.is_value() => Ok(a),
            _ => Err(arity(call, what)),
        }
    }

    /// The single game argument of a call.
    pub(crate) fn game_arg(&mut self, call: &Call, ctx: &Ctx) -> EvalResult<GameId> {
        let a = self.one_arg(call, "one game")?;
        self.arg_game(a, ctx)
    }

    /// The `N` value arguments of a call (`what` says what they are, for the error).
    pub(crate) fn n_args<'a, const N: usize>(&self, call: &'a Call<'a>, what: &str) -> EvalResult<[&'a Arg<'a>; N]> {
        if !call.args.iter().all(Arg::is_value) {
            return Err(arity(call, what));
        }
        let args: Vec<&Arg> = call.args.iter().collect();
        args.try_into().map_err(|_| arity(call, what))
    }

    /// The `N` game arguments of a call.
    pub(crate) fn game_args<const N: usize>(&mut self, call: &Call, what: &str, ctx: &Ctx) -> EvalResult<[GameId; N]> {
        let args = self.n_args::<N>(call, what)?;
        let games = args.iter().map(|a| self.arg_game(a, ctx)).collect::<EvalResult<Vec<GameId>>>()?;
        Ok(games.try_into().expect("one game per argument"))
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

//! Functions of the language (`outcome(G)`, `temp(G)`, `grundy(RULE, a..b)`, ...): the table of
//! functions, one row each, and the helpers they share for reading arguments. Each function
//! is a small `fn` beside its row in a file of `functions/`.

pub(crate) mod compound;
mod game;
mod grundy;
mod thermo;

use cgt_core::game::GameId;
use cgt_syntax::{CallArg, Diagnostic, Expr};

use crate::Session;
use crate::context::{Computed, Ctx};
use crate::registry::{Call, FunctionDef, find_function};
use crate::value::EvalResult;

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
    grundy::GRUNDY,
    grundy::PERIOD,
    compound::DIMINISHED,
    compound::SELECTIVE,
    compound::SHORTENED,
    compound::CONJUNCTIVE,
    compound::CONTINUED,
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
}

/// An error for a call with the wrong arguments.
pub(crate) fn arity(call: &Call, what: &str) -> Box<Diagnostic> {
    Box::new(
        Diagnostic::error("arity", call.span.clone(), format!("`{}` takes {what}", call.name.node))
            .with_hint(format!("write `{}`", call.def.signature)),
    )
}

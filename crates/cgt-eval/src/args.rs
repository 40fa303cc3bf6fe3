//! The arguments of a built-in function's call, as the function reads them.
//!
//! A statement's call gives its arguments as written (`outcome(domineering[4x4])`), and the
//! function evaluates them when and as it needs: most take the value, some need the position as
//! written (misère play, `explain`, `options`, an outcome by search; see `forms.rs`). A
//! definition's body gives values it has computed, each with the form of the position it was
//! when it was one (`genus(kayles[n])` with `n` bound). Both are an [`Arg`], so a built-in is
//! called the same way from a statement and from a definition, and no made-up names are bound.

use cgt_core::game::GameId;
use cgt_core::operators::OpError;
use cgt_core::{Budget, Dyadic};
use cgt_syntax::{CallArg, Code, Diagnostic, Expr, Span, StmtKind};

use crate::context::Ctx;
use crate::forms::MAX_FORM;
use crate::registry::Call;
use crate::session::Form;
use crate::session::Session;
use crate::value::{EvalResult, Value, gave_up};

/// One argument of a call of a built-in function.
pub(crate) enum Arg<'a> {
    /// As written in a statement (an expression, a range `a..b` or a rule with settings).
    Syntax(&'a CallArg),
    /// A value computed by a definition's body.
    Value(ArgValue),
}

/// A computed argument: its value, the form of the position it was (if it was a ruleset
/// position), and where the call's text shows it.
pub(crate) struct ArgValue {
    /// The value.
    pub value: Value,
    /// The position as written, when the value is one (`kayles[5]`).
    pub form: Option<Form>,
    /// Where the argument is in the call's text (the function's messages quote it).
    pub span: Span,
}

impl ArgValue {
    /// The position the value was, read as an expression.
    pub fn form_expr(&self) -> Option<Expr> {
        let parsed = cgt_syntax::parse(self.form.as_deref()?);
        match (parsed.stmts.as_slice(), parsed.errors.is_empty()) {
            ([stmt], true) => match &stmt.kind {
                StmtKind::Expr(x) => Some(x.clone()),
                _ => None,
            },
            _ => None,
        }
    }
}

impl Arg<'_> {
    /// Where the argument is in the call's text.
    pub fn span(&self) -> Span {
        match self {
            Arg::Syntax(CallArg::Expr(e)) => e.span.clone(),
            Arg::Syntax(CallArg::Range(r)) => r.span.clone(),
            Arg::Syntax(CallArg::Rule(name, settings)) => {
                let end = settings.last().map_or(name.span.end, setting_end);
                name.span.start..end
            }
            Arg::Value(v) => v.span.clone(),
        }
    }

    /// Whether the argument may be a ruleset position as written: an expression, or a value
    /// computed from a position.
    pub fn may_be_position(&self) -> bool {
        matches!(self, Arg::Syntax(CallArg::Expr(_)) | Arg::Value(ArgValue { form: Some(_), .. }))
    }

    /// Whether the argument is one value (an expression or a computed value), not a range or
    /// a rule with settings.
    pub fn is_value(&self) -> bool {
        matches!(self, Arg::Syntax(CallArg::Expr(_)) | Arg::Value(_))
    }
}

impl Session {
    /// The value of an argument.
    pub(crate) fn arg_value(&mut self, a: &Arg, ctx: &Ctx) -> EvalResult<Value> {
        match a {
            Arg::Syntax(CallArg::Expr(e)) => self.eval(e, ctx),
            Arg::Value(v) => Ok(v.value.clone()),
            Arg::Syntax(_) => Err(not_a_value(a)),
        }
    }

    /// The argument as a game (numbers are games).
    pub(crate) fn arg_game(&mut self, a: &Arg, ctx: &Ctx) -> EvalResult<GameId> {
        let v = self.arg_value(a, ctx)?;
        self.as_game_at(v, &a.span(), ctx)
    }

    /// A whole number `n >= 0` given as an argument: a plain number or a game that is one.
    pub(crate) fn arg_whole(&mut self, a: &Arg, ctx: &Ctx) -> EvalResult<u64> {
        let v = self.arg_value(a, ctx)?;
        let x = match &v {
            Value::Integer(n, _) => Some(Dyadic::integer(n.clone())),
            Value::Number(x) => Some(x.clone()),
            Value::Game(g) => self.games.as_number(*g),
            _ => None,
        };
        let n = x.filter(Dyadic::is_integer).and_then(|x| u64::try_from(x.numerator()).ok());
        n.ok_or_else(|| {
            let shown = self.show(&v);
            let span = a.span();
            Box::new(
                Diagnostic::error(
                    Code::Argument,
                    span.clone(),
                    format!("`{}` is {shown}, not a whole number >= 0", &ctx.src[span]),
                )
                .with_hint("this argument is a count: 0, 1, 2, ..."),
            )
        })
    }

    /// Runs `f` on the argument as an expression, as written: a statement's expression with its
    /// `let` names' forms in place, or a computed value's form (else its printed value, which
    /// reads back as the same value) read as an expression. Errors are reported at the argument.
    pub(crate) fn with_arg<T>(
        &mut self,
        a: &Arg,
        ctx: &Ctx,
        f: impl FnOnce(&mut Session, &Expr, &Ctx) -> EvalResult<T>,
    ) -> EvalResult<T> {
        let v = match a {
            Arg::Syntax(CallArg::Expr(e)) => return self.with_forms(e, ctx, f),
            Arg::Syntax(_) => return Err(not_a_value(a)),
            Arg::Value(v) => v,
        };
        let text = match &v.form {
            Some(form) => form.to_string(),
            None => self.show(&v.value),
        };
        let parsed = (text.len() <= MAX_FORM).then(|| cgt_syntax::parse(&text));
        let expr = match parsed.as_ref().map(|p| (p.stmts.as_slice(), p.errors.is_empty())) {
            Some(([stmt], true)) => match &stmt.kind {
                StmtKind::Expr(x) => x.clone(),
                _ => return Err(unreadable(v)),
            },
            _ => return Err(unreadable(v)),
        };
        let top = if ctx.is_top(&v.span) { Some(expr.span.clone()) } else { None };
        let inner = Ctx { budget: ctx.budget, src: &text, top, moves: ctx.moves };
        f(self, &expr, &inner).map_err(|mut d| {
            d.span = v.span.clone();
            d.labels.clear();
            d
        })
    }
}

/// The error for a range or a rule where a value is expected.
fn not_a_value(a: &Arg) -> Box<Diagnostic> {
    Box::new(Diagnostic::error(Code::Argument, a.span(), "a value is expected here").with_hint(
        "ranges `a..b` and rules such as `octal code=0.137` are arguments of `grundy`, `period` and `quotient`",
    ))
}

/// The error for a computed value that does not read back as an expression (too long).
fn unreadable(v: &ArgValue) -> Box<Diagnostic> {
    Box::new(
        Diagnostic::error(Code::Argument, v.span.clone(), "this value is too large to read as a position")
            .with_hint(format!("values printed in at most {MAX_FORM} characters are read back")),
    )
}

/// Where a setting ends in the source.
pub(crate) fn setting_end(s: &cgt_syntax::Setting) -> usize {
    match &s.value {
        Some(cgt_syntax::SettingValue::Arg(a)) => a.span.end,
        Some(cgt_syntax::SettingValue::List(l)) => l.span.end,
        None => s.key.span.end,
    }
}

/// Reading a call's arguments, for the functions' rows.
impl Session {
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

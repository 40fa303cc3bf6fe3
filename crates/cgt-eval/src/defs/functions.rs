//! Calling the functions of the registry (`mean`, `temp`, `grundy`, `nimsum`, `cool`, ...) from
//! inside a definition's body: the function's row gets the values the body computed, as
//! [`Arg::Value`]s (with the position's form where a value was one), exactly as a statement's
//! call gives it its arguments as written, and its result comes back as a value of the
//! definition language. The theory is each function's
//! own (docs/src/reference/functions.md); results are memoised per function and arguments like calls of definitions.

use std::sync::Arc;

use cgt_syntax::{CallArg, ExprKind, Span, Spanned};

use super::machine::Machine;
use super::{ArgForm, DVal, Fail, Stop, to_dval};
use crate::args::{Arg, ArgValue};
use crate::context::Ctx;
use crate::registry::{Call, FunctionDef};

impl Machine<'_> {
    /// `def(args)` for a function of the registry.
    pub(super) fn registry(
        &mut self,
        def: &'static FunctionDef,
        args: Vec<DVal>,
        forms: Vec<ArgForm>,
        span: &Span,
    ) -> Result<DVal, Stop> {
        let key = (def.name, args, forms);
        if let Some(v) = self.defs.calls.get(&key) {
            return Ok(v.clone());
        }
        let v = self.registry_uncached(def, &key.1, &key.2, span)?;
        self.defs.memo_bytes += 64 + 48 * key.1.len();
        self.budget.check_memory(self.defs.memo_bytes).map_err(Stop::Budget)?;
        self.defs.calls.insert(key, v.clone());
        Ok(v)
    }

    fn registry_uncached(
        &mut self,
        def: &'static FunctionDef,
        args: &[DVal],
        forms: &[ArgForm],
        span: &Span,
    ) -> Result<DVal, Stop> {
        // The call's text is the arguments' values, so a function's message quotes them.
        let mut src = String::new();
        let mut spans = Vec::with_capacity(args.len());
        for (i, a) in args.iter().enumerate() {
            if i > 0 {
                src.push_str(", ");
            }
            let start = src.len();
            src.push_str(&self.show(a));
            spans.push(start..src.len());
        }
        // A rule argument is its name, as a statement writes it (`grundy(kayles, 5)`).
        let rules: Vec<Option<CallArg>> = forms
            .iter()
            .zip(&spans)
            .map(|(f, span)| match f {
                ArgForm::Rule(name) => {
                    Some(CallArg::Expr(Spanned::new(ExprKind::Name(name.to_string()), span.clone())))
                }
                _ => None,
            })
            .collect();
        let mut call_args = Vec::with_capacity(args.len());
        for (i, a) in args.iter().enumerate() {
            call_args.push(match (&rules[i], &forms[i]) {
                (Some(rule), _) => Arg::Syntax(rule),
                (None, form) => {
                    let form = match form {
                        ArgForm::Position(text) => Some(text.clone()),
                        _ => None,
                    };
                    Arg::Value(ArgValue { value: self.s.value_of_dval(a), form, span: spans[i].clone() })
                }
            });
        }
        let name = Spanned::new(def.name.to_string(), 0..0);
        let whole = 0..src.len();
        let ctx = Ctx { budget: self.budget, src: &src, top: None, moves: false };
        // The session's definitions are lent back for the call: a function of a user rule
        // (`grundy(sq, n)`) reads the rule's table, and may evaluate the rule's body.
        std::mem::swap(self.defs, self.s.table::<super::Defs>());
        let out = (def.eval)(self.s, &Call { name: &name, args: &call_args, span: &whole, def }, &ctx);
        std::mem::swap(self.defs, self.s.table::<super::Defs>());
        let value = match out {
            Ok(c) => c.value,
            Err(d) => {
                // A function that gave up on the budget stops the body as a budget stop (the
                // clock read now: `check` looks at it only every few hundred calls).
                self.budget.check_now().map_err(Stop::Budget)?;
                let message = match &d.hint {
                    Some(h) => format!("{}({src}): {} ({h})", def.name, d.message),
                    None => format!("{}({src}): {}", def.name, d.message),
                };
                return Err(Stop::Fail(Box::new(Fail { span: span.clone(), message, chain: Vec::new() })));
            }
        };
        match to_dval(&value, &mut self.s.games) {
            Some(v) => Ok(v),
            None => Ok(DVal::Text(Arc::from(self.s.show(&value)))),
        }
    }
}

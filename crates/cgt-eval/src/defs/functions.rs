//! Calling the functions of the registry (`mean`, `temp`, `grundy`, `nimsum`, `cool`, ...) from
//! inside a definition's body: the argument values are bound to names no program can write,
//! the function's row evaluates a call of those names exactly as it would in a statement, and
//! its result comes back as a value of the definition language. The theory is each function's
//! own (docs/src/reference/functions.md); results are memoised per function and arguments like calls of definitions.

use std::sync::Arc;

use cgt_syntax::{CallArg, ExprKind, Span, Spanned};

use super::machine::Machine;
use super::{DVal, Fail, Stop, to_dval};
use crate::Binding;
use crate::context::Ctx;
use crate::registry::{Call, FunctionDef};

impl Machine<'_> {
    /// `def(args)` for a function of the registry.
    pub(super) fn registry(
        &mut self,
        def: &'static FunctionDef,
        args: Vec<DVal>,
        forms: Vec<Option<Arc<str>>>,
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
        forms: &[Option<Arc<str>>],
        span: &Span,
    ) -> Result<DVal, Stop> {
        // The call's text is the arguments' values, so a function's message quotes them.
        let mut src = String::new();
        let mut call_args = Vec::with_capacity(args.len());
        for (i, a) in args.iter().enumerate() {
            if i > 0 {
                src.push_str(", ");
            }
            let start = src.len();
            src.push_str(&self.show(a));
            let name = format!("#{i}");
            let value = self.s.value_of_dval(a);
            let form = forms.get(i).cloned().flatten();
            self.s.env.insert(name.clone(), Binding { value, form, span: 0..0 });
            call_args.push(CallArg::Expr(Spanned::new(ExprKind::Name(name), start..src.len())));
        }
        let name = Spanned::new(def.name.to_string(), 0..0);
        let whole = 0..src.len();
        let ctx = Ctx { budget: self.budget, src: &src, top: None, moves: false };
        let out = (def.eval)(self.s, &Call { name: &name, args: &call_args, span: &whole, def }, &ctx);
        for i in 0..args.len() {
            self.s.env.remove(&format!("#{i}"));
        }
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
                return Err(Stop::Fail(Fail { span: span.clone(), message, chain: Vec::new() }));
            }
        };
        match to_dval(&value, &mut self.s.games) {
            Some(v) => Ok(v),
            None => Ok(DVal::Text(Arc::from(self.s.show(&value)))),
        }
    }
}

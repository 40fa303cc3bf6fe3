//! The forms of `let` names. A `let` binds its value, but misère play, `explain` and
//! `options` depend on how a game was written, not only on its value: after
//! `let t2 = {*2 | *2}`, `misere t2` must be P as `misere {*2 | *2}` is, not N as for its
//! value 0. So each `let` also keeps its expression's text, with the names it used replaced by
//! their own forms in brackets (so the text stands alone and never changes meaning when a
//! name is bound again). The functions that need forms evaluate their argument on that text.

use cgt_syntax::{Diagnostic, Expr, NameRole, StmtKind, expr_name_refs};

use crate::context::Ctx;
use crate::session::Session;
use crate::value::EvalResult;

/// The longest form kept for a `let` name; a longer one is not kept, and functions of forms
/// take the name's value (and say so).
pub(crate) const MAX_FORM: usize = 1 << 16;

impl Session {
    /// The text of `e` (in `src`) with every `let` name that has a form replaced by it, and
    /// whether any was replaced; `None` when the text would be longer than [`MAX_FORM`].
    pub(crate) fn substituted_form(&self, e: &Expr, src: &str) -> Option<(String, bool)> {
        let mut out = String::new();
        let mut at = e.span.start;
        let mut changed = false;
        for r in expr_name_refs(e) {
            let replacement = match r.role {
                // `kayles[k]`: the number itself, as the brackets read it.
                NameRole::Argument => self.whole_number_named(&r.name.node),
                NameRole::Value => self.env.get(&r.name.node).and_then(|b| b.form.as_ref()).map(|f| format!("({f})")),
                _ => None,
            };
            let Some(replacement) = replacement else { continue };
            out.push_str(&src[at..r.name.span.start]);
            out.push_str(&replacement);
            at = r.name.span.end;
            changed = true;
            if out.len() > MAX_FORM {
                return None;
            }
        }
        out.push_str(&src[at..e.span.end]);
        (out.len() <= MAX_FORM).then_some((out, changed))
    }

    /// Evaluates `f` on `e` as written: where `e` uses `let` names, on the text with their
    /// forms in place (errors there are reported at `e`).
    pub(crate) fn with_forms<T>(
        &mut self,
        e: &Expr,
        ctx: &Ctx,
        f: impl FnOnce(&mut Session, &Expr, &Ctx) -> EvalResult<T>,
    ) -> EvalResult<T> {
        let Some((text, true)) = self.substituted_form(e, ctx.src) else { return f(self, e, ctx) };
        let parsed = cgt_syntax::parse(&text);
        let expr = match parsed.stmts.as_slice() {
            [stmt] if parsed.errors.is_empty() => match &stmt.kind {
                StmtKind::Expr(x) => x.clone(),
                _ => return f(self, e, ctx),
            },
            _ => return f(self, e, ctx),
        };
        let top = if ctx.is_top(&e.span) { Some(expr.span.clone()) } else { None };
        let inner = Ctx { budget: ctx.budget, src: &text, top, moves: ctx.moves };
        f(self, &expr, &inner).map_err(|d| relocated(*d, e))
    }
}

/// A diagnostic from a form's text, moved to the expression that used the form.
fn relocated(mut d: Diagnostic, e: &Expr) -> Box<Diagnostic> {
    d.span = e.span.clone();
    d.labels.clear();
    Box::new(d)
}

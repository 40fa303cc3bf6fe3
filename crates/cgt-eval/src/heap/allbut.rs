//! All-but subtraction games (`stones[n] allbut=[2, 3, 7]`) at any heap size: the arithmetic
//! period `g(n + p) = g(n) + s` that `cgt_rules::octal::AllButTable` proves from the computed
//! values (Angela Siegel's theorem that every all-but game is arithmetic-periodic; the condition
//! checked is stated there).

use cgt_core::Budget;
use cgt_rules::heap::HeapRule;
use cgt_rules::octal::AllButTable;
use cgt_syntax::Span;

use crate::session::Session;
use crate::value::EvalResult;

/// Heaps below this are read from the table directly; at and above it, through the period.
pub(super) const DIRECT: u64 = 1 << 12;

impl Session {
    /// The rule's values extended by a proven arithmetic period, when the rule is an all-but
    /// subtraction game (not Nim) and tables of growing size prove one; `None` otherwise.
    pub(super) fn all_but_table(
        &mut self,
        rule: &HeapRule,
        span: &Span,
        budget: &Budget,
    ) -> EvalResult<Option<AllButTable>> {
        let HeapRule::Octal(code) = rule else { return Ok(None) };
        if code.all_but().is_none() || code.closed_form().is_some() {
            return Ok(None);
        }
        for limit in [DIRECT, 1 << 14, 1 << 16] {
            let table = self.grundy_table(rule, limit - 1, span, budget)?;
            if let Some(t) = code.all_but_table(table.values()) {
                return Ok(Some(t));
            }
        }
        Ok(None)
    }
}

//! What the conformance checks share: evaluating a text as a statement, and the outcome class
//! from who wins moving first.

use cgt_core::Budget;
use cgt_syntax::StmtKind;

use crate::context::Ctx;
use crate::session::Session;
use crate::value::Value;

/// Evaluates `text` (one expression) in `s` as a whole statement.
pub(super) fn eval(s: &mut Session, text: &str) -> Value {
    let parsed = cgt_syntax::parse(text);
    assert!(parsed.errors.is_empty(), "{text}: {:?}", parsed.errors);
    let [stmt] = parsed.stmts.as_slice() else { panic!("{text}: one statement expected") };
    let StmtKind::Expr(e) = &stmt.kind else { panic!("{text}: an expression expected") };
    let budget = Budget::new(std::time::Duration::from_secs(20), 2 << 30);
    let ctx = Ctx { budget: &budget, src: text, top: Some(e.span.clone()), moves: true };
    s.eval(e, &ctx).unwrap_or_else(|d| panic!("{text}: {}", d.message))
}

/// The outcome class from who wins moving first.
pub(super) fn class(left_first: bool, right_first: bool) -> &'static str {
    match (left_first, right_first) {
        (true, true) => "N",
        (false, false) => "P",
        (true, false) => "L",
        (false, true) => "R",
    }
}

//! Programs of the definition language (`def`, `rule`, comprehensions, `if`/`else`, calls of
//! user definitions and built-ins), parsed and evaluated with a small budget per statement
//! (20 ms, 64 MiB). Seeds: `seeds/defs/` (examples/definitions.cgt, the book's define page and
//! the evaluator's tests of `def` and `rule`).
//!
//! Checks: nothing panics or overflows the stack (deep recursion of a user definition must
//! end in a diagnostic); no statement runs more than 3 s past its budget; every diagnostic
//! span is inside the text; and evaluation is deterministic: a second session evaluating the
//! same text prints the same values and diagnostics, unless a budget ran out in either.
#![no_main]

use std::time::{Duration, Instant};

use cgt_eval::{Config, LineCounter, Session, StmtReport};
use cgt_syntax::Code;
use libfuzzer_sys::fuzz_target;

const TIME: Duration = Duration::from_millis(20);
const MEMORY: usize = 64 << 20;
/// How far past its budget a statement may run before it counts as a hang (generous: the
/// machine is shared and instrumented code is slow).
const OVERSHOOT: Duration = Duration::from_secs(3);
/// Only this many statements are evaluated, so that one input stays well under `-timeout`.
const MAX_STMTS: usize = 32;

/// Evaluates the statements of `text` in a fresh session, timing each.
fn run(text: &str, parsed: &cgt_syntax::ParsedFile) -> Vec<StmtReport> {
    let config = Config { time: TIME, memory: MEMORY, threads: 1, ..Config::default() };
    let mut session = Session::new(config);
    let mut lines = LineCounter::default();
    let mut reports = Vec::new();
    for stmt in parsed.stmts.iter().take(MAX_STMTS) {
        let budget = session.budget();
        let start = Instant::now();
        let report = session.run_statement(stmt, text, lines.line_of(text, stmt.span.start), &budget);
        let took = start.elapsed();
        assert!(
            took < TIME + OVERSHOOT,
            "statement {:?} took {took:?} with a budget of {TIME:?}",
            &text[stmt.span.clone()]
        );
        for d in &report.diagnostics {
            assert!(d.span.start <= d.span.end && d.span.end <= text.len(), "diagnostic span {:?}", d.span);
            assert!(d.code != Code::Internal, "{}", d.message);
        }
        reports.push(report);
    }
    reports
}

/// Whether a statement ran out of its budget (its result then depends on timing).
fn out_of_budget(r: &StmtReport) -> bool {
    r.diagnostics.iter().any(|d| d.code == Code::Budget)
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let parsed = cgt_syntax::parse(&text);
    let first = run(&text, &parsed);
    if first.iter().any(out_of_budget) {
        return;
    }
    let second = run(&text, &parsed);
    if second.iter().any(out_of_budget) {
        return;
    }
    for (a, b) in first.iter().zip(&second) {
        let messages = |r: &StmtReport| r.diagnostics.iter().map(|d| d.message.clone()).collect::<Vec<_>>();
        assert_eq!(
            (&a.value, &a.outcome, &a.check),
            (&b.value, &b.outcome, &b.check),
            "{:?} differs between runs",
            a.source
        );
        assert_eq!(messages(a), messages(b), "{:?}: other diagnostics in a second run", a.source);
    }
});

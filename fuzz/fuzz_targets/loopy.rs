//! Loopy game literals: `pass`, `on`, `off`, `over`, `under`, `upon`, `dud`, `{pass | *}`,
//! labelled loops `a{0 | a}`, sides `A & B`, with sums, negatives and ordinal sums of them.
//! The input is one expression (the text up to the first line break; the seeds are in
//! `seeds/loopy/`), evaluated as `let x = INPUT` with a budget of 50 ms / 64 MiB.
//!
//! Checks: parse, evaluation and printing never panic and keep to the budget (3 s of
//! slack); every diagnostic span is inside the text; and when the printed value `P` reads
//! back (the statement `x == (P)` evaluates without an error), the check passes: the printed
//! form names the value it was printed from. A printed form that does not read back is
//! skipped, unless `CGT_FUZZ_READBACK=1` is set (then it is a crash, to list such forms).
#![no_main]

use std::time::{Duration, Instant};

use cgt_eval::{CheckStatus, Config, Session, StmtReport};
use cgt_syntax::{Code, Severity};
use libfuzzer_sys::fuzz_target;

const TIME: Duration = Duration::from_millis(50);
const MEMORY: usize = 64 << 20;
const OVERSHOOT: Duration = Duration::from_secs(3);

/// Evaluates the one-statement program `text` in `session`; `None` unless it is one statement.
fn run(session: &mut Session, text: &str) -> Option<StmtReport> {
    let parsed = cgt_syntax::parse(text);
    let [stmt] = parsed.stmts.as_slice() else { return None };
    if !parsed.errors.is_empty() {
        return None;
    }
    let budget = session.budget();
    let start = Instant::now();
    let report = session.run_statement(stmt, text, 1, &budget);
    let took = start.elapsed();
    assert!(took < TIME + OVERSHOOT, "{text:?} took {took:?} with a budget of {TIME:?}");
    for d in &report.diagnostics {
        assert!(d.span.start <= d.span.end && d.span.end <= text.len(), "{text:?}: diagnostic span {:?}", d.span);
        assert!(d.code != Code::Internal, "{text:?}: {}", d.message);
    }
    Some(report)
}

/// Whether the statement gave no result (an error) or ran out of budget.
fn failed(r: &StmtReport) -> bool {
    r.diagnostics.iter().any(|d| d.severity == Severity::Error || d.code == Code::Budget)
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let expr = text.lines().next().unwrap_or("");
    // `#` starts a comment: what follows could not be part of the expression.
    if expr.contains('#') {
        return;
    }
    let config = Config { time: TIME, memory: MEMORY, threads: 1, ..Config::default() };
    let mut session = Session::new(config);
    let Some(report) = run(&mut session, &format!("let x = {expr}")) else { return };
    if failed(&report) {
        return;
    }
    let Some(printed) = report.value else { return };
    let check = format!("x == ({printed})");
    let Some(back) = run(&mut session, &check) else {
        assert!(
            std::env::var_os("CGT_FUZZ_READBACK").is_none(),
            "{expr:?} prints as {printed:?}, which does not parse"
        );
        return;
    };
    if back.diagnostics.iter().any(|d| d.code == Code::Budget) {
        return;
    }
    // A check fails both when it does not hold (a `check` diagnostic) and when an operand
    // has no value (the printed form did not read back).
    let unequal = back.diagnostics.iter().any(|d| d.code == Code::Check);
    match back.check {
        Some(CheckStatus::Passed | CheckStatus::Undecided) => {}
        Some(CheckStatus::Failed) if unequal => {
            panic!("{expr:?} prints as {printed:?}, which reads back as another value")
        }
        _ => assert!(
            std::env::var_os("CGT_FUZZ_READBACK").is_none(),
            "{expr:?} prints as {printed:?}, which does not read back: {:?}",
            back.diagnostics.iter().map(|d| &d.message).collect::<Vec<_>>()
        ),
    }
});

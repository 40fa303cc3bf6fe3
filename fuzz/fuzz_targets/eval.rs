//! Arbitrary bytes, read as UTF-8 (lossily), parsed and evaluated with a small budget per
//! statement (20 ms, 64 MiB).
//!
//! Checks: nothing panics or overflows the stack; every statement respects its budget within
//! a generous margin (a statement running far past its deadline means a loop that does not
//! call `Budget::check`); `cgt_eval::evaluate` gives one report per statement.
//!
//! `CGT_FUZZ_SMALL_INTS=1` skips inputs with a run of 6 or more digits, to fuzz past the known
//! bug of huge nimbers (see `regression_huge_nimbers_in_general_games_respect_the_budget` in
//! crates/cgt-cli/tests/hostile.rs) and look for others.
#![no_main]

use std::time::{Duration, Instant};

use cgt_eval::{Config, LineCounter, Session};
use libfuzzer_sys::fuzz_target;

const TIME: Duration = Duration::from_millis(20);
const MEMORY: usize = 64 << 20;
/// How far past its 20 ms budget a statement may run before it counts as a hang. Generous:
/// the fuzzer shares the machine and instrumented code is slow.
const OVERSHOOT: Duration = Duration::from_secs(3);
/// Only this many statements of an input are evaluated, so that one input (every statement hitting
/// its budget) stays well under libFuzzer's `-timeout`.
const MAX_STMTS: usize = 64;

fuzz_target!(|data: &[u8]| {
    if std::env::var_os("CGT_FUZZ_SMALL_INTS").is_some() && data.windows(6).any(|w| w.iter().all(u8::is_ascii_digit)) {
        return;
    }
    let text = String::from_utf8_lossy(data);
    let config = Config {
        time: TIME,
        memory: MEMORY,
        unicode: data.first() == Some(&b'u'),
        details: false,
        threads: 1,
        ..Config::default()
    };
    let parsed = cgt_syntax::parse(&text);
    // The same loop as `cgt_eval::evaluate`, timing each statement.
    let mut session = Session::new(config.clone());
    let mut lines = LineCounter::default();
    for stmt in parsed.stmts.iter().take(MAX_STMTS) {
        let budget = session.budget();
        let start = Instant::now();
        let report = session.run_statement(stmt, &text, lines.line_of(&text, stmt.span.start), &budget);
        let took = start.elapsed();
        assert!(
            took < TIME + OVERSHOOT,
            "statement {:?} took {took:?} with a budget of {TIME:?}",
            &text[stmt.span.clone()]
        );
        for d in &report.diagnostics {
            assert!(d.span.start <= d.span.end && d.span.end <= text.len(), "diagnostic span {:?}", d.span);
        }
    }
    // And the public entry point, with details (the editor's setting).
    if parsed.stmts.len() <= 8 {
        let reports = cgt_eval::evaluate(&text, &Config { details: true, ..config });
        assert_eq!(reports.len(), parsed.stmts.len());
    }
});

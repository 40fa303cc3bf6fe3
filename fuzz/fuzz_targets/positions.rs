//! Every ruleset row's position parser. The first byte picks a row of the registry
//! (`cgt_eval::rulesets()`) and the form of the statement; the rest of the input, up to the
//! first line break, is the text inside the brackets, and what follows the line break is the
//! settings: `NAME[TEXT] SETTINGS`, also inside `options(...)`, `explain(...)`, `misere ...`
//! or a sum `... + NAME[TEXT]`. Evaluated with a budget of 20 ms / 64 MiB.
//!
//! Checks: nothing panics or overflows the stack; the statement keeps to its budget (3 s of
//! slack); every diagnostic span (and label span) is inside the text on character boundaries.
#![no_main]

use std::time::{Duration, Instant};

use cgt_eval::{Config, Session};
use libfuzzer_sys::fuzz_target;

const TIME: Duration = Duration::from_millis(20);
const MEMORY: usize = 64 << 20;
const OVERSHOOT: Duration = Duration::from_secs(3);

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else { return };
    let rows = cgt_eval::rulesets();
    let row = &rows[pick as usize % rows.len()];
    let rest = String::from_utf8_lossy(rest);
    let (inside, settings) = rest.split_once('\n').unwrap_or((&rest, ""));
    let position = format!("{}[{inside}] {settings}", row.name);
    // The high bits of the first byte choose how the position is used.
    let text = match (pick as usize / rows.len()) % 6 {
        0 => position,
        1 => format!("options({position})"),
        2 => format!("explain({position})"),
        3 => format!("misere {position}"),
        4 => format!("{} + {position}", row.example),
        _ => format!("let p = {position}\np + p\noptions(p)"),
    };
    let parsed = cgt_syntax::parse(&text);
    let config = Config { time: TIME, memory: MEMORY, threads: 1, ..Config::default() };
    let mut session = Session::new(config);
    let inside_text = |s: &std::ops::Range<usize>| {
        s.start <= s.end && s.end <= text.len() && text.is_char_boundary(s.start) && text.is_char_boundary(s.end)
    };
    for (line, stmt) in parsed.stmts.iter().enumerate() {
        let budget = session.budget();
        let start = Instant::now();
        let report = session.run_statement(stmt, &text, line + 1, &budget);
        let took = start.elapsed();
        assert!(took < TIME + OVERSHOOT, "{text:?} took {took:?} with a budget of {TIME:?}");
        for d in &report.diagnostics {
            assert!(inside_text(&d.span), "{text:?}: diagnostic span {:?} ({})", d.span, d.message);
            assert!(d.code != cgt_syntax::Code::Internal, "{text:?}: {}", d.message);
            for l in &d.labels {
                assert!(inside_text(&l.span), "{text:?}: label span {:?} ({})", l.span, d.message);
            }
        }
    }
});

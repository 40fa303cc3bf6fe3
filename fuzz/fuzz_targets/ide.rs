//! A document edited step by step, each version evaluated by one `DocumentEngine` with a tiny
//! budget, and every IDE feature called at arbitrary byte offsets, including offsets inside
//! multi-byte characters and at the very end.
//!
//! Checks: nothing panics; every span, offset and edit the features return lies inside the
//! text on character boundaries (so the language server can convert it and an editor can
//! apply it).
//!
//! The input is the document's first version, then (after a NUL byte, if any) the operations,
//! decoded with `arbitrary`: so any .cgt file is a seed as it is.
//!
//! Two switches keep fuzzing past a known bug: `CGT_FUZZ_SNAP=hover,rename` (feature names, or
//! `all`) moves those features' offsets back to character boundaries (what the language server
//! itself passes), and `CGT_FUZZ_SKIP=completions` does not call those features at all.
#![no_main]

use std::ops::Range;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use arbitrary::Arbitrary;
use cgt_ide::{Analysis, DocumentEngine, EngineConfig};
use libfuzzer_sys::fuzz_target;

#[derive(Arbitrary, Debug)]
enum Op {
    /// Replace `delete` bytes at `at` (moved to character boundaries) with `insert`, then
    /// evaluate the new version.
    Edit { at: u16, delete: u8, insert: String },
    /// Evaluate the current version with the cancel flag already set.
    Cancelled,
    /// Evaluate again with other settings.
    Config { unicode: bool, slow: bool },
    /// Call one feature (or all of them, for an unknown `feature`) at `offset`.
    Query { feature: u8, offset: u16, name: String },
}

fn config(unicode: bool, slow: bool) -> EngineConfig {
    EngineConfig {
        budget: Duration::from_millis(if slow { 30 } else { 10 }),
        quick: Duration::from_millis(2),
        memory: 32 << 20,
        unicode,
    }
}

fn span_ok(text: &str, s: &Range<usize>, what: &str) {
    assert!(s.start <= s.end && s.end <= text.len(), "{what}: span {s:?} outside the text of {} bytes", text.len());
    assert!(text.is_char_boundary(s.start) && text.is_char_boundary(s.end), "{what}: span {s:?} splits a character");
}

fn edits_ok(text: &str, edits: &[(Range<usize>, String)], what: &str) {
    for (s, _) in edits {
        span_ok(text, s, what);
    }
}

fn evaluate(engine: &mut DocumentEngine, text: &str, cancel: bool) -> Option<Analysis> {
    let flag = Arc::new(AtomicBool::new(cancel));
    let mut snapshots = 0;
    let a = engine.evaluate(text, &flag, |partial| {
        // Features on a partly evaluated document (pending statements).
        snapshots += 1;
        if snapshots <= 2 {
            let _ = cgt_ide::inlay_hints(partial, None);
            let _ = cgt_ide::diagnostics(partial);
            let _ = cgt_ide::hover(partial, partial.text.len() / 2);
        }
    });
    if cancel {
        // (A document without statements has nothing to cancel.)
        assert!(
            a.as_ref().is_none_or(|a| a.parsed.stmts.is_empty()),
            "an evaluation cancelled before it started returned a result"
        );
    }
    a
}

fn listed(var: &str, feature: &str) -> bool {
    std::env::var(var).unwrap_or_default().split(',').any(|s| s.trim() == feature || s.trim() == "all")
}

/// Whether offsets given to `feature` are moved to character boundaries (`CGT_FUZZ_SNAP`).
fn snapped(feature: &str) -> bool {
    static SNAP: std::sync::OnceLock<[bool; 8]> = std::sync::OnceLock::new();
    SNAP.get_or_init(|| FEATURES.map(|f| listed("CGT_FUZZ_SNAP", f)))[index(feature)]
}

/// Whether `feature` is not called (`CGT_FUZZ_SKIP`).
fn skipped(feature: &str) -> bool {
    static SKIP: std::sync::OnceLock<[bool; 8]> = std::sync::OnceLock::new();
    SKIP.get_or_init(|| FEATURES.map(|f| listed("CGT_FUZZ_SKIP", f)))[index(feature)]
}

const FEATURES: [&str; 8] =
    ["inlay_hints", "hover", "completions", "definition", "references", "rename", "code_actions", "stmt_at"];

fn index(feature: &str) -> usize {
    FEATURES.iter().position(|f| *f == feature).expect("a known feature")
}

fn query(a: &Analysis, feature: u8, raw_offset: usize, name: &str) {
    let text = a.text.as_str();
    let at = |f: &str| if snapped(f) { boundary(text, raw_offset) } else { raw_offset };
    let all = feature % 12 == 11;
    let f = feature % 12;
    if (all || f == 0) && !skipped("inlay_hints") {
        let len = at("inlay_hints").min(text.len());
        for h in cgt_ide::inlay_hints(a, Some(0..len)) {
            assert!(h.offset <= text.len(), "hint offset {} past the end", h.offset);
        }
    }
    if all || f == 1 {
        for d in cgt_ide::diagnostics(a) {
            span_ok(text, &d.span, "diagnostic");
            for l in &d.labels {
                span_ok(text, &l.span, "diagnostic label");
            }
        }
    }
    if (all || f == 2) && !skipped("hover") {
        if let Some(h) = cgt_ide::hover(a, at("hover")) {
            span_ok(text, &h.span, "hover");
        }
    }
    if (all || f == 3) && !skipped("completions") {
        let _ = cgt_ide::completions(a, at("completions"));
    }
    if (all || f == 4) && !skipped("definition") {
        if let Some(s) = cgt_ide::definition(a, at("definition")) {
            span_ok(text, &s, "definition");
        }
    }
    if (all || f == 5) && !skipped("references") {
        for r in cgt_ide::references(a, at("references")) {
            span_ok(text, &r.span, "reference");
        }
    }
    if (all || f == 6) && !skipped("rename") {
        if let Ok(edits) = cgt_ide::rename(a, at("rename"), name) {
            edits_ok(text, &edits, "rename");
        }
    }
    if all || f == 7 {
        edits_ok(text, &cgt_ide::format_edits(text), "format");
    }
    if (all || f == 8) && !skipped("code_actions") {
        for action in cgt_ide::code_actions(a, at("code_actions")) {
            edits_ok(text, &action.edits, "code action");
        }
    }
    if all || f == 9 {
        for s in cgt_ide::symbols(a) {
            span_ok(text, &s.span, "symbol");
            span_ok(text, &s.name_span, "symbol name");
        }
    }
    if (all || f == 10) && !skipped("stmt_at") {
        if let Some(i) = a.stmt_at(at("stmt_at")) {
            let _ = a.report(i);
        }
    }
}

fn boundary(text: &str, mut i: usize) -> usize {
    i = i.min(text.len());
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

fuzz_target!(|data: &[u8]| {
    let split = data.iter().position(|&b| b == 0).unwrap_or(data.len());
    let mut text = String::from_utf8_lossy(&data[..split]).into_owned();
    let rest = data.get(split + 1..).unwrap_or(&[]);
    let ops: Vec<Op> = Vec::arbitrary_take_rest(arbitrary::Unstructured::new(rest)).unwrap_or_default();
    let mut engine = DocumentEngine::new(config(false, false));
    let Some(mut analysis) = evaluate(&mut engine, &text, false) else { panic!("not cancelled") };
    for op in ops.into_iter().take(16) {
        match op {
            Op::Edit { at, delete, insert } => {
                let start = boundary(&text, at as usize);
                let end = boundary(&text, start + delete as usize);
                text.replace_range(start..end, &insert);
                analysis = evaluate(&mut engine, &text, false).expect("not cancelled");
            }
            Op::Cancelled => {
                evaluate(&mut engine, &text, true);
            }
            Op::Config { unicode, slow } => {
                engine.set_config(config(unicode, slow));
                analysis = evaluate(&mut engine, &text, false).expect("not cancelled");
            }
            Op::Query { feature, offset, name } => {
                let offset = offset as usize % (text.len() + 1);
                query(&analysis, feature, offset, &name);
            }
        }
    }
    // Every feature at every offset of the final version (at 32 spread offsets and the end
    // for longer documents).
    let len = analysis.text.len();
    let step = (len / 32).max(1);
    for offset in (0..=len).step_by(step).chain([len]) {
        query(&analysis, 11, offset, "renamed");
    }
});

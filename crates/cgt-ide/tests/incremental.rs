//! The editor's incremental analysis against a fresh one: example files are edited at random
//! (lines inserted, deleted and split, strings, comments and brackets opened), and after every
//! edit the engine that saw every version (parse cache and report cache) must give the same
//! parse, diagnostics and hints as a new engine given only the final text.

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use cgt_ide::{Analysis, DocumentEngine, EngineConfig, diagnostics, inlay_hints};
use cgt_testkit::Rng;

/// Quick examples: each evaluates in well under a second in a debug build.
const FILES: &[&str] = &["boxes", "nim", "mistakes", "tour", "strips", "definitions"];

/// Lines and fragments typed in by the edits.
const TYPED: &[&str] = &[
    "\"",
    "#",
    "{",
    "}",
    "(",
    ")",
    "[",
    "|",
    "\n",
    "let x = 3",
    "x + *",
    "1/2",
    "WBBW.BW == 1/8",
    "def f(n) = n",
    "f(3) == 3",
    "nim[3, 4]",
    " # note",
    "let y = x + ^",
    "y is N",
    "{1 | 0}",
    "@",
];

fn analyse(engine: &mut DocumentEngine, text: &str) -> Analysis {
    engine.evaluate(text, &Arc::new(AtomicBool::new(false)), |_| {}).expect("not cancelled")
}

fn edit(rng: &mut Rng, text: &str) -> String {
    let starts: Vec<usize> = std::iter::once(0).chain(text.match_indices('\n').map(|(i, _)| i + 1)).collect();
    let line = rng.index(starts.len());
    let (start, end) = (starts[line], starts.get(line + 1).copied().unwrap_or(text.len()));
    let mut out = text.to_string();
    let typed = rng.pick(TYPED).copied().unwrap_or(" ");
    match rng.below(4) {
        0 => out.insert_str(start, &format!("{typed}\n")),
        1 => out.replace_range(start..end, ""),
        _ => {
            let mut at = start + rng.index(end - start + 1);
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            out.insert_str(at, typed);
        }
    }
    out
}

#[test]
fn incremental_analysis_equals_a_fresh_one_after_random_edits() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples");
    let mut rng = Rng::new(0x1de_0018);
    for name in FILES {
        let path = root.join(format!("{name}.cgt"));
        let mut text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let mut engine = DocumentEngine::new(EngineConfig::default());
        for step in 0..6 {
            let a = analyse(&mut engine, &text);
            let fresh = analyse(&mut DocumentEngine::new(EngineConfig::default()), &text);
            let context = format!("{name} after {step} edits:\n{text}");
            assert_eq!(a.parsed, fresh.parsed, "{context}");
            assert_eq!(diagnostics(&a), diagnostics(&fresh), "{context}");
            assert_eq!(inlay_hints(&a, None), inlay_hints(&fresh, None), "{context}");
            text = edit(&mut rng, &text);
        }
    }
}

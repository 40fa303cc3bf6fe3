//! Tests of the IDE layer on definitions (`def`, `rule`, tables; SPEC §3.6 and §5): which
//! statements the engine evaluates again after an edit, hints, hover, completion, navigation,
//! rename and semantic tokens.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use cgt_ide::*;
use cgt_testkit::Rng;

#[allow(dead_code)] // used by the feature tests below
fn analyse(text: &str) -> Analysis {
    let mut engine = DocumentEngine::new(EngineConfig::default());
    engine.evaluate(text, &Arc::new(AtomicBool::new(false)), |_| {}).expect("not cancelled")
}

/// Each statement's printed value and diagnostics, as the engine gives them.
fn results(a: &Analysis) -> Vec<(Option<String>, Vec<String>)> {
    (0..a.parsed.stmts.len())
        .map(|i| {
            let r = a.report(i).expect("evaluated");
            (r.value.clone(), r.diagnostics.iter().map(|d| format!("{:?} {}", d.span, d.message)).collect())
        })
        .collect()
}

/// The same, from a fresh evaluation of the whole file (no cache, no editor).
fn fresh(text: &str) -> Vec<(Option<String>, Vec<String>)> {
    let config = cgt_eval::Config { details: true, ..Default::default() };
    cgt_eval::evaluate(text, &config)
        .into_iter()
        .map(|r| (r.value, r.diagnostics.iter().map(|d| format!("{:?} {}", d.span, d.message)).collect()))
        .collect()
}

const DOC: &str = "\
def f(n) = n + 1
def g(n) = f(n) times 2
def h(n) = n
f(1)
g(1)
h(1)
[g(n) for n in 1..3]
rule r(n) = [n - k for k in [1, 2] if k <= n]
r[5]
grundy(r, 0..5)
misere r[2, 3]
";

#[test]
fn editing_a_definition_evaluates_exactly_its_users_again() {
    let mut engine = DocumentEngine::new(EngineConfig::default());
    let cancel = Arc::new(AtomicBool::new(false));
    let a = engine.evaluate(DOC, &cancel, |_| {}).unwrap();
    assert_eq!(engine.evaluated_statements(), 11);
    assert_eq!(results(&a), fresh(DOC));
    // `f` changes: `g` calls it, so `g` is compiled again, and every user of either runs again;
    // `h`, `h(1)` and the rule's lines come from the cache.
    let before = engine.evaluated_statements();
    let edited = DOC.replace("n + 1", "n + 5");
    let a = engine.evaluate(&edited, &cancel, |_| {}).unwrap();
    assert_eq!(engine.evaluated_statements() - before, 5);
    assert_eq!(results(&a), fresh(&edited));
    assert_eq!(a.report(4).unwrap().value.as_deref(), Some("12"));
    // The rule changes: its three uses (`r[..]`, `grundy(r, ..)`, `misere r[..]`) run again.
    let before = engine.evaluated_statements();
    let edited = edited.replace("[1, 2] if", "[1, 2, 3] if");
    let a = engine.evaluate(&edited, &cancel, |_| {}).unwrap();
    assert_eq!(engine.evaluated_statements() - before, 4);
    assert_eq!(results(&a), fresh(&edited));
    // Back to the first text: every statement comes from the cache, with the first results.
    let before = engine.evaluated_statements();
    let a = engine.evaluate(DOC, &cancel, |_| {}).unwrap();
    assert_eq!(engine.evaluated_statements(), before);
    assert_eq!(results(&a), fresh(DOC));
    // Deleting a definition: its users now fail as a fresh evaluation says they do.
    let deleted = DOC.replace("def f(n) = n + 1\n", "");
    let a = engine.evaluate(&deleted, &cancel, |_| {}).unwrap();
    assert_eq!(results(&a), fresh(&deleted));
    assert!(a.report(0).unwrap().has_error());
}

/// A random document of definitions calling earlier ones, `let` names, tables and rules.
fn random_doc(rng: &mut Rng) -> Vec<String> {
    let mut lines = Vec::new();
    let mut defs: Vec<String> = Vec::new();
    for i in 0..3 + rng.index(4) {
        let c = rng.below(4);
        let body = match (defs.is_empty(), rng.below(3)) {
            (false, 0) => format!("{}(n) + {c}", rng.pick(&defs).unwrap()),
            (false, 1) => format!("if n < {c} then n else {}(n - 1) + x", rng.pick(&defs).unwrap()),
            _ => format!("n times {c} + x"),
        };
        if rng.chance(1, 4) {
            lines.push(format!("let x = {c}"));
        }
        lines.push(format!("def d{i}(n) = {body}"));
        defs.push(format!("d{i}"));
        let d = rng.pick(&defs).unwrap().clone();
        lines.push(match rng.below(3) {
            0 => format!("{d}({})", rng.below(5)),
            1 => format!("[{d}(k) for k in 0..{}]", rng.below(4)),
            _ => format!("{d}(2) == {}", rng.below(9)),
        });
    }
    let take = rng.below(3) + 1;
    lines.push(format!("rule r(n) = [n - k for k in 1..{take} if k <= n]"));
    lines.push(format!("grundy(r, 0..{})", rng.below(6)));
    lines.insert(0, "let x = 1".to_string());
    lines
}

/// Changes one number of one random line (or deletes the line).
fn random_edit(rng: &mut Rng, lines: &mut Vec<String>) {
    let i = rng.index(lines.len());
    if rng.chance(1, 6) {
        lines.remove(i);
        return;
    }
    let digits: Vec<usize> = lines[i].char_indices().filter(|(_, c)| c.is_ascii_digit()).map(|(k, _)| k).collect();
    if let Some(&k) = rng.pick(&digits) {
        let d = char::from(b'0' + rng.below(10) as u8);
        lines[i].replace_range(k..k + 1, &d.to_string());
    }
}

#[test]
fn random_edits_give_the_results_of_a_fresh_evaluation() {
    let mut rng = Rng::new(0x5eed_def5);
    let cancel = Arc::new(AtomicBool::new(false));
    for _ in 0..40 {
        let mut engine = DocumentEngine::new(EngineConfig::default());
        let mut lines = random_doc(&mut rng);
        for _ in 0..6 {
            let text = lines.join("\n") + "\n";
            let a = engine.evaluate(&text, &cancel, |_| {}).unwrap();
            assert_eq!(results(&a), fresh(&text), "{text}");
            random_edit(&mut rng, &mut lines);
        }
    }
}

//! Tests of the IDE layer on definitions (`def`, `rule`, tables; docs/src/howto/define.md): which
//! statements the engine evaluates again after an edit, hints, hover, completion, navigation,
//! rename and semantic tokens.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use cgt_ide::*;
use cgt_testkit::Rng;

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

/// The text with each hint spliced in at its offset, then the diagnostics with the text they
/// cover.
fn hints(text: &str) -> String {
    let a = analyse(text);
    let mut out = String::new();
    let mut pos = 0;
    for h in inlay_hints(&a, None) {
        out.push_str(&text[pos..h.offset]);
        out.push_str(&format!("  [{}]", h.label));
        pos = h.offset;
    }
    out.push_str(&text[pos..]);
    for d in diagnostics(&a) {
        out.push_str(&format!("\n`{}`: {}", &text[d.span.clone()], d.message));
    }
    out
}

#[test]
fn definition_lines_show_their_signature_or_their_error() {
    let text = "\
# Cutcake, as CGSuite plays it.
def cutcake(w, h) = { cutcake(a, h) + cutcake(w - a, h) for a in 1..w-1 | cutcake(w, b) + cutcake(w, h - b) for b in 1..h-1 }
rule lnim(n) = [n - k for k in 1..n] ++ [(a, n - a) for a in 1..n-1]
def bad(n) = n + q
def worse(n) = [k for k in 1..n] ++ nope(n)
cutcake(2, 1)
lnim[5, 3]
bad(1)
";
    expect_test::expect![[r#"
        # Cutcake, as CGSuite plays it.
        def cutcake(w, h) = { cutcake(a, h) + cutcake(w - a, h) for a in 1..w-1 | cutcake(w, b) + cutcake(w, h - b) for b in 1..h-1 }  [cutcake(w, h)]
        rule lnim(n) = [n - k for k in 1..n] ++ [(a, n - a) for a in 1..n-1]  [rule lnim(n)]
        def bad(n) = n + q  [✗ unknown name `q`: not a parameter, a `for` variable or a `le…]
        def worse(n) = [k for k in 1..n] ++ nope(n)  [✗ unknown function `nope`: define it first with `def`, or use …]
        cutcake(2, 1)  [= 1 · L]
        lnim[5, 3]  [= * · N]
        bad(1)

        `q`: unknown name `q`: not a parameter, a `for` variable or a `let` name
        `nope(n)`: unknown function `nope`: define it first with `def`, or use min, max, mex, sum, len, isqrt
        `bad`: unknown function `bad`"#]]
    .assert_eq(&hints(text));
    // The doc comment is the signature's tooltip.
    let a = analyse(text);
    assert_eq!(inlay_hints(&a, None)[0].tooltip.as_deref(), Some("Cutcake, as CGSuite plays it."));
}

const GAMES: &str = "\
let x = 1
# Cutcake: Left cuts between columns,
# Right between rows.
def cut(w, h) = { cut(a, h) + cut(w - a, h) for a in 1..w-1 | cut(w, b) + cut(w, h - b) for b in 1..h-1 }
def twice(w) = cut(w, 1) + cut(w, 1) + x
rule r(n) = [n - k for k in [1, 2] if k <= n]
cut(3, 1)
grundy(r, 0..6)
misere r[2, 3]
[twice(w) for w in 1..3]
";

/// The offset of the `nth` (from 0) occurrence of `needle` in `text`.
fn at(text: &str, needle: &str, nth: usize) -> usize {
    text.match_indices(needle).nth(nth).unwrap_or_else(|| panic!("no {nth}th `{needle}`")).0
}

fn hover_text(a: &Analysis, offset: usize) -> String {
    let h = hover(a, offset).expect("a hover");
    format!("{}\n{}", &a.text[h.span.clone()], h.markdown)
}

#[test]
fn hovers_on_definitions_and_parameters() {
    let a = analyse(GAMES);
    // A call: the signature, the doc comment and this line's value.
    expect_test::expect![[r#"
        cut
        ```cgt
        def cut(w, h)
        ```
        Cutcake: Left cuts between columns,
        Right between rows.

        **This line** `2` · outcome **L**"#]]
    .assert_eq(&hover_text(&a, at(GAMES, "cut(3, 1)", 0)));
    // The definition itself, a recursive call: no line value.
    let def = hover_text(&a, at(GAMES, "cut(w, h)", 0));
    assert!(def.starts_with("cut\n```cgt\ndef cut(w, h)\n```\nCutcake") && !def.contains("This line"), "{def}");
    assert_eq!(hover_text(&a, at(GAMES, "cut(a, h)", 0)), def);
    // A rule given by name and as a position.
    expect_test::expect![[r#"
        r
        ```cgt
        rule r(n)
        ```

        **This line** `[0, 1, 2, 0, 1, 2, 0]`"#]]
    .assert_eq(&hover_text(&a, at(GAMES, "r, 0..6", 0)));
    assert!(
        hover_text(&a, at(GAMES, "r[2, 3]", 0)).ends_with("**This line** `N`"),
        "{}",
        hover_text(&a, at(GAMES, "r[2, 3]", 0))
    );
    // Parameters and `for` variables say whose they are.
    assert_eq!(hover_text(&a, at(GAMES, "w - a", 0)), "w\n`w`: a parameter of `cut(w, h)`");
    assert_eq!(hover_text(&a, at(GAMES, "w, 1)", 0)), "w\n`w`: a parameter of `twice(w)`");
    assert_eq!(hover_text(&a, at(GAMES, "a, h)", 0)), "a\n`a`: a `for` variable in `cut(w, h)`");
    assert_eq!(hover_text(&a, at(GAMES, "w) for", 0)), "w\n`w`: a `for` variable in this table");
    // A `let` name used in a body.
    assert!(hover_text(&a, at(GAMES, "x\n", 0)).starts_with("x\n`x` (defined on line 1)"));
}

#[test]
fn completion_of_definitions_and_parameters() {
    let text = format!("{GAMES}tw");
    let a = analyse(&text);
    let c = completions(&a, text.len());
    assert_eq!(c.len(), 1);
    assert_eq!(
        (c[0].kind, c[0].detail.as_str(), c[0].insert.as_str(), c[0].snippet),
        (CompletionKind::Definition, "twice(w)", "twice(${1:w})", true)
    );
    let text = format!("{GAMES}cu");
    let a = analyse(&text);
    let c: Vec<_> = completions(&a, text.len()).into_iter().filter(|c| c.kind == CompletionKind::Definition).collect();
    assert_eq!(c[0].insert, "cut(${1:w}, ${2:h})");
    assert_eq!(c[0].documentation, "Cutcake: Left cuts between columns,\nRight between rows.");
    let text = format!("{GAMES}r");
    let a = analyse(&text);
    let c: Vec<_> = completions(&a, text.len()).into_iter().filter(|c| c.kind == CompletionKind::Definition).collect();
    assert_eq!((c[0].detail.as_str(), c[0].insert.as_str(), c[0].snippet), ("rule r(n)", "r[", false));
    // Inside a body being written: the parameters, the `for` variables before the cursor, and
    // the definition itself (for recursion), though the statement does not parse yet.
    for (text, want) in [
        ("def grid(width, height) = { grid(a, height) for a in 1..wi", vec!["width"]),
        ("def grid(width, height) = { grid(a, he", vec!["height"]),
        ("def grid(width, height) = { grid(a, height) for apple in 1..width | a", vec!["apple"]),
        ("def grid(width, height) = gr", vec!["grid"]),
        ("def grid(width, height) = width + ", vec!["width", "height", "grid"]),
    ] {
        let a = analyse(text);
        let got: Vec<String> = completions(&a, text.len())
            .into_iter()
            .filter(|c| matches!(c.kind, CompletionKind::Parameter | CompletionKind::Definition))
            .map(|c| c.label)
            .collect();
        assert_eq!(got, want, "{text}");
    }
    // Parameters are not offered in the parameter list itself, nor after the statement.
    let text = "def grid(width, height) = width\nwi";
    let a = analyse(text);
    assert!(completions(&a, text.len()).iter().all(|c| c.kind != CompletionKind::Parameter));
}

/// `text` with every occurrence of `rename(offset)` applied.
fn renamed(a: &Analysis, offset: usize, new: &str) -> String {
    let mut out = a.text.clone();
    let edits = rename(a, offset, new).expect("renamed");
    for (span, new) in edits.iter().rev() {
        out.replace_range(span.clone(), new);
    }
    out
}

#[test]
fn navigation_and_rename_of_definitions_and_parameters() {
    let a = analyse(GAMES);
    let decl = at(GAMES, "cut(w, h)", 0);
    assert_eq!(definition(&a, at(GAMES, "cut(3, 1)", 0)), Some(decl..decl + 3));
    assert_eq!(definition(&a, at(GAMES, "cut(w - a", 0) + 1), Some(decl..decl + 3));
    let r = at(GAMES, "r(n)", 0);
    assert_eq!(definition(&a, at(GAMES, "r[2, 3]", 0)), Some(r..r + 1));
    assert_eq!(definition(&a, at(GAMES, "r, 0..6", 0)), Some(r..r + 1));
    let w = at(GAMES, "w, h)", 0);
    assert_eq!(definition(&a, at(GAMES, "w - a", 0)), Some(w..w + 1));
    // References of `cut`: its binding, four recursive calls, two calls in `twice`, one line.
    let refs = references(&a, decl);
    assert_eq!(refs.len(), 8);
    assert_eq!(refs.iter().filter(|o| o.definition).count(), 1);
    // Renaming a definition renames its calls everywhere, not the parameters.
    let out = renamed(&a, decl, "cake");
    assert_eq!(out.matches("cake(").count(), 8);
    assert!(!out.contains("cut("));
    // Renaming a parameter touches only its own definition (`twice` has a `w` too, and the
    // table a `for` variable `w`).
    let out = renamed(&a, at(GAMES, "w - a", 0), "width");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[3],
        "def cut(width, h) = { cut(a, h) + cut(width - a, h) for a in 1..width-1 | cut(width, b) + cut(width, h - b) for b in 1..h-1 }"
    );
    assert_eq!(lines[4], "def twice(w) = cut(w, 1) + cut(w, 1) + x");
    assert_eq!(lines[9], "[twice(w) for w in 1..3]");
    // A rule renamed: its positions and its use as an argument.
    let out = renamed(&a, r, "moves");
    assert!(out.contains("grundy(moves, 0..6)") && out.contains("misere moves[2, 3]"), "{out}");
    // Keywords, built-in functions and rulesets are not renamed; names must be valid.
    for word in ["def", "for ", "in 1", "grundy", "misere", "times"] {
        if let Some(k) = GAMES.find(word) {
            assert_eq!(prepare_rename(&a, k + 1), None, "{word}");
        }
    }
    assert_eq!(prepare_rename(&a, w), Some(w..w + 1));
    assert!(rename(&a, w, "for").is_err());
    assert!(rename(&a, w, "times").is_err());
    assert!(rename(&a, at(GAMES, "grundy", 0), "g").is_err());
}

#[test]
fn semantic_tokens_of_names() {
    let text = "let x = 1\ndef f(n) = [n + x for k in 1..n]\nrule r(n) = [n - 1]\nf(2)\nr[3] + x\ngrundy(r, 0..3)\n";
    let a = analyse(text);
    let got: Vec<String> = semantic_tokens(&a)
        .iter()
        .map(|t| format!("{}:{:?}{}", &text[t.span.clone()], t.kind, if t.declaration { "*" } else { "" }))
        .collect();
    assert_eq!(
        got,
        [
            "x:Variable*",
            "f:Function*",
            "n:Parameter*",
            "n:Parameter",
            "x:Variable",
            "k:Variable*",
            "n:Parameter",
            "r:Rule*",
            "n:Parameter*",
            "n:Parameter",
            "f:Function",
            "r:Rule",
            "x:Variable",
            "r:Rule",
        ]
    );
}

/// Each statement's value and whether it has an error: what a rename must not change (a
/// definition's value is its signature, which names it, so it is left out).
fn values(text: &str) -> Vec<(Option<String>, bool)> {
    cgt_eval::evaluate(text, &cgt_eval::Config::default())
        .into_iter()
        .map(|r| (r.has_error(), r.value))
        .map(|(e, v)| (v.filter(|v| !v.starts_with("def ") && !v.starts_with("rule ")), e))
        .collect()
}

#[test]
fn renaming_any_binding_of_random_documents_keeps_every_value() {
    let mut rng = Rng::new(0x4e4a_3e11);
    for _ in 0..12 {
        let text = random_doc(&mut rng).join("\n") + "\n";
        let a = analyse(&text);
        let want = values(&text);
        let bindings: Vec<usize> =
            semantic_tokens(&a).into_iter().filter(|t| t.declaration).map(|t| t.span.start).collect();
        assert!(bindings.len() >= 4, "{text}");
        for at in bindings {
            let out = renamed(&a, at, "fresh_name");
            assert_eq!(values(&out), want, "renaming at {at}:\n{text}\n{out}");
            // Every occurrence of the binding, and nothing else, changed.
            let refs = references(&a, at);
            assert_eq!(out.matches("fresh_name").count(), refs.len());
            assert_eq!(
                out.len(),
                text.len() + refs.len() * "fresh_name".len() - refs.iter().map(|o| o.span.len()).sum::<usize>()
            );
        }
    }
}

#[test]
fn errors_inside_bodies_keep_their_place_when_taken_from_the_cache() {
    let mut engine = DocumentEngine::new(EngineConfig::default());
    let cancel = Arc::new(AtomicBool::new(false));
    let text = "def ok(n) = n\ndef bad(n) = [k for k in 1..n] ++ ok(q)\n";
    engine.evaluate(text, &cancel, |_| {}).unwrap();
    let before = engine.evaluated_statements();
    let moved = format!("# two lines\n# above\n{text}");
    let a = engine.evaluate(&moved, &cancel, |_| {}).unwrap();
    assert_eq!(engine.evaluated_statements(), before);
    let d = diagnostics(&a);
    assert_eq!(d.len(), 1);
    assert_eq!(&moved[d[0].span.clone()], "q");
    assert_eq!(a.report(1).unwrap().line, 4);
}

//! The registry and the results of the registry issue: every row's example evaluates, names are
//! unique, settings are checked, nimbers of any size and CGSuite's notations are values that
//! print and read back, and CGSuite's spellings get this language's spelling as a hint.

use std::collections::HashSet;

use cgt_eval::{Config, evaluate, functions, rulesets};

/// The value, or the first diagnostic's message and hint, of each statement of `src`.
fn results(src: &str) -> Vec<String> {
    evaluate(src, &Config::default())
        .iter()
        .map(|r| match r.diagnostics.first() {
            Some(d) => format!("{}: {} ({})", d.code, d.message, d.hint.as_deref().unwrap_or("")),
            None => r.value.clone().unwrap_or_default(),
        })
        .collect()
}

fn one(src: &str) -> String {
    results(src).remove(0)
}

#[test]
fn every_rulesets_example_evaluates() {
    for r in rulesets() {
        for example in r.example.split(" or ") {
            let got = one(example);
            assert!(!got.contains(": "), "{}: `{example}` gave {got}", r.name);
        }
        assert!(!r.doc.is_empty() && r.settings.iter().all(|s| !s.doc.is_empty()), "{} is documented", r.name);
    }
}

#[test]
fn names_are_unique_and_documented() {
    let mut seen = HashSet::new();
    for name in rulesets().iter().map(|r| r.name) {
        assert!(seen.insert(name), "ruleset {name} twice");
    }
    let mut seen = HashSet::new();
    for f in functions() {
        for name in std::iter::once(f.name).chain(f.aliases.iter().copied()) {
            assert!(seen.insert(name), "function {name} twice");
        }
        assert!(f.signature.starts_with(f.name) && !f.doc.is_empty(), "{} is documented", f.name);
    }
}

#[test]
fn settings_are_checked_before_the_ruleset_runs() {
    assert!(one("nim[3] k=1 k=2").contains("the setting `k` is given twice"));
    assert!(one("stones[3] tkae=[1]").contains("did you mean `take`?"));
    assert!(one("toppling[BW] k=1").contains("`toppling` takes no settings"));
    assert!(one("nim[3] k=0").contains("k must be at least 1"));
}

#[test]
fn nimbers_of_any_size_are_values() {
    let big = "*123456789012345678901234567891";
    assert_eq!(one(big), big);
    assert_eq!(one(&format!("{big} + *")), "*123456789012345678901234567890");
    assert_eq!(one(&format!("{big} + {big}")), "0");
    assert_eq!(one(&format!("{big} == nim[123456789012345678901234567891]")), "*123456789012345678901234567891");
    assert_eq!(one("nim[18446744073709551616] + *"), "*18446744073709551617");
    assert_eq!(one(&format!("grundy({big})")), "123456789012345678901234567891");
    assert_eq!(one(&format!("1/2^{big}")), format!("1/2^{big}"));
}

#[test]
fn cgsuite_notations_read_and_print() {
    for (input, printed) in [
        ("+-{1, 1*}", "+-{1,1*}"),
        ("{1, 1* | -1, -1*}", "+-{1,1*}"),
        ("+-(1, 1*)", "+-{1,1*}"),
        ("{0 | v*}", "^<2>"),
        ("{^ | *}", "^[2]"),
        ("^<2>*", "^<2>*"),
        ("-3/4v[3]*2", "-3/4v[3]*2"),
        ("^<3> - ^<3>", "0"),
        ("^[3] - ^<1> - ^<2> - ^<3>", "0"),
    ] {
        assert_eq!(one(input), printed, "{input}");
        assert_eq!(one(printed), printed, "{printed} reads back");
    }
}

#[test]
fn cgsuite_spellings_get_a_hint() {
    assert!(one("G := {1|0}").contains("write `let G = ...`"));
    assert!(one("{3|-2}.Cool(1)").contains("`cool(G, ...)`"));
    assert!(one("*2 Heat 2").contains("`heat(G, t)`"));
    assert!(one("BRR").contains("trees use B, R and G"));
}

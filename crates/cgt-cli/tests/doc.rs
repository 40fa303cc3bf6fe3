//! `cgt doc` through the real binary: the index names every ruleset and function, every name
//! has an entry (the hover's text and its example run), and an unknown name is an error with a
//! suggestion and exit status 1.

use std::process::{Command, Output};

fn doc(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cgt")).arg("doc").args(args).output().expect("the cgt binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn the_index_lists_every_name_by_group() {
    let out = doc(&[]);
    assert_eq!(out.status.code(), Some(0));
    let index = text(&out.stdout);
    assert!(index.starts_with("Rulesets\n  giving a game:\n"), "{index}");
    assert!(index.contains("\nFunctions\n"), "{index}");
    for e in cgt_eval::manual::entries() {
        assert!(index.contains(e.name()), "the index does not list {}", e.name());
    }
}

#[test]
fn every_name_has_its_entry_with_the_example_run() {
    for e in cgt_eval::manual::entries() {
        let out = doc(&[e.name()]);
        assert_eq!(out.status.code(), Some(0), "cgt doc {}", e.name());
        let page = text(&out.stdout);
        assert!(page.starts_with(&e.markdown()), "cgt doc {} does not print the hover's entry:\n{page}", e.name());
        assert!(page.contains("\nExample:\n1 │ "), "cgt doc {}:\n{page}", e.name());
        assert!(!page.contains("error"), "the example of {} fails:\n{page}", e.name());
    }
}

#[test]
fn an_entry_shows_the_value_of_its_example() {
    let out = doc(&["toppling"]);
    let page = text(&out.stdout);
    assert!(page.starts_with("**toppling**: "), "{page}");
    assert!(page.contains("toppling[BWWB]   = ^ · L"), "{page}");
    assert!(page.contains("docs/src/reference/rulesets.md#toppling"), "{page}");
    let out = doc(&["Tiny"]);
    assert!(text(&out.stdout).contains("(function `tiny`;"), "an alias finds its function");
}

#[test]
fn an_unknown_name_is_an_error_with_a_suggestion() {
    let out = doc(&["clobbr"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let err = text(&out.stderr);
    assert!(err.contains("no ruleset or function is named `clobbr`"), "{err}");
    assert!(err.contains("did you mean `clobber`?"), "{err}");
    let out = doc(&["qqqqqqqqqq"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("`cgt doc` lists every ruleset and function"));
}

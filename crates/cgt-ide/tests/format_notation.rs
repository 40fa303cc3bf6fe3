//! Formatting of the notations added with the registry (uptimals, the printed loopy forms,
//! undirected edges and keyed values are written without inner spaces, and formatting them
//! twice changes nothing), and how the editor shows a check that gave up.

use cgt_ide::format;

#[test]
fn notations_keep_their_spelling() {
    for (input, want) in [
        ("^ <2> *\n", "^<2>*\n"),
        ("v[3]*2+1\n", "v[3]*2 + 1\n"),
        ("{0|v*}==^<2>\n", "{0 | v*} == ^<2>\n"),
        ("^ < 2\n", "^ < 2\n"),
        ("hackenbush[0 - 1 B, 1-2 R]\n", "hackenbush[0-1 B, 1-2 R]\n"),
        ("1-2\n", "1 - 2\n"),
        ("deque[1, -2]\n", "deque[1, -2]\n"),
        ("graph[1->2] from=1 values=[1 :3, 2: -1]\n", "graph[1->2] from=1 values=[1: 3, 2: -1]\n"),
        ("1 : 1\n", "1 : 1\n"),
        (
            "rule l(n) = [n - k for k in 1..n] ++ [(a, n - a) for a in 1..n-1]\n",
            "rule l(n) = [n - k for k in 1..n] ++ [(a, n - a) for a in 1..n-1]\n",
        ),
        ("def f(n) = { f(n - 1) for k in [1] if n > 0 | }\n", "def f(n) = { f(n - 1) for k in [1] if n > 0 | }\n"),
        ("5over+3/2under\n", "5over + 3/2under\n"),
        ("2^[on]*3 == -1/4v[on]\n", "2^[on]*3 == -1/4v[on]\n"),
        ("^<on>* + v<on>\n", "^<on>* + v<on>\n"),
        ("^ < on\n", "^ < on\n"),
        ("a{1|1,{1*|a||*}||0} & a{0|0}\n", "a{1 | 1, {1* | a || *} || 0} & a{0 | 0}\n"),
    ] {
        let once = format(input);
        assert_eq!(once, want, "{input:?}");
        assert_eq!(format(&once), once, "idempotent on {input:?}");
    }
}

/// A check that gives up is shown as undecided in the editor, never as passed.
#[test]
fn an_undecided_check_is_hinted_as_undecided() {
    let mut engine = cgt_ide::DocumentEngine::new(cgt_ide::EngineConfig {
        budget: std::time::Duration::from_millis(200),
        ..cgt_ide::EngineConfig::default()
    });
    let cancel = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let a = engine.evaluate("domineering[6x6] == 1\n", &cancel, |_| {}).expect("not cancelled");
    let hints = cgt_ide::inlay_hints(&a, None);
    assert_eq!(hints.len(), 1, "{hints:?}");
    assert_eq!(hints[0].label, "undecided");
}

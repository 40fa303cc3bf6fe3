//! Hostile input against the real `cgt` binary (docs/src/reference/exit-statuses.md): deep nesting of every
//! bracket, the nesting limit, long flat chains and unclosed brackets.

mod common;

use common::*;

#[test]
fn deep_nesting_of_every_bracket_is_a_clear_error() {
    let opens = ["{", "(", "[", "<", "{1|", "<1|", "{|", "-(", "nim[", "cf(", "+-(", "{0||"];
    for open in opens {
        // Unclosed, then closed: both nest 100,000 deep.
        let unclosed = open.repeat(N);
        let close: String = open
            .chars()
            .rev()
            .filter_map(|c| match c {
                '{' => Some('}'),
                '(' => Some(')'),
                '[' => Some(']'),
                '<' => Some('>'),
                _ => None,
            })
            .collect();
        let closed = format!("{}0{}", open.repeat(N), close.repeat(N));
        for (kind, src) in [("unclosed", unclosed), ("closed", closed)] {
            let what = format!("{N} x {open:?} {kind}");
            eval(&format!("{src}\nWBBW.BW\n"))
                .assert_code(1, &what)
                .assert_stderr("nested more than 256 deep", &what)
                // The statement after it is still evaluated.
                .assert_stdout("= 1/8 · L", &what);
        }
    }
}

#[test]
fn nesting_at_the_limit_evaluates_and_one_more_is_an_error() {
    let at = |d: usize| format!("{}1{}", "(".repeat(d), ")".repeat(d));
    eval(&at(256)).assert_code(0, "256 parentheses").assert_stdout("= 1 · L", "256 parentheses");
    eval(&at(257)).assert_code(1, "257 parentheses").assert_stderr("nested more than 256 deep", "257 parentheses");
    // A game nested 256 deep: {0|{0|...{0|}...}}.
    let game = format!("{}{}", "{0|".repeat(256), "}".repeat(256));
    eval(&game).assert_code(0, "a game nested 256 deep").assert_stdout("· ", "a game nested 256 deep");
    let game = format!("{}{}", "{0|".repeat(257), "}".repeat(257));
    eval(&game).assert_code(1, "a game nested 257 deep").assert_stderr("nested more than 256 deep", "257");
}

#[test]
fn long_flat_chains_are_fine() {
    let sum = vec!["1"; N].join(" + ");
    eval(&sum).assert_code(0, "a sum of 100,000 ones").assert_stdout("= 100000 · L", "sum");
    let negations = format!("{}1", "- ".repeat(N));
    eval(&negations).assert_code(0, "100,000 negations").assert_stdout("= 1 · L", "negations");
    let stars = vec!["*"; N].join(" + ");
    eval(&stars).assert_code(0, "100,000 stars").assert_stdout("= 0 · P", "stars");
    let ordinal = vec!["1"; 2000].join(" : ");
    eval(&ordinal).assert_sane("an ordinal chain of 2,000 ones");
    let options = format!("{{{}|}}", vec!["0"; N].join(", "));
    eval(&options).assert_code(0, "a game with 100,000 equal options").assert_stdout("= 1 · L", "options");
    let piles = vec!["BW"; N].join(".");
    eval(&piles).assert_code(0, "100,000 box piles").assert_stdout("= 50000 · L", "piles");
    let settings = format!("nim[1]{}", " k=1".repeat(1000));
    eval(&settings).assert_sane("a setting repeated 1,000 times");
}

#[test]
fn unclosed_brackets_are_cut_back_to_their_line() {
    for open in ["{1|", "(", "[", "<0|", "nim[1, ", "tree[B(", "graph[1->2", "\"..#", "cf("] {
        let what = format!("unclosed {open:?}");
        eval(&format!("{open}\nWBBW.BW\n^ + ^\n"))
            .assert_code(1, &what)
            .assert_stdout("= 1/8 · L", &what)
            .assert_stdout("= ^^ · L", &what);
    }
    // Closers without openers.
    eval("}}}]]])))>>>\nWBBW.BW\n").assert_code(1, "stray closers").assert_stdout("= 1/8 · L", "stray closers");
}

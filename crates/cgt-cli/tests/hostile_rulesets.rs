//! Hostile input against the real `cgt` binary (docs/src/reference/exit-statuses.md): deep and wide trees,
//! budgets on every expensive statement, and every ruleset's and function's error cases.

use std::time::{Duration, Instant};

mod common;

use common::*;

/// A path deeper than the parser's nesting limit: either the clear nesting error, or (if tree
/// arguments are read without that limit) the right value. Never a crash.
#[test]
fn a_tree_path_of_100_000_edges() {
    let path = |n: usize| format!("tree[{}B{}]", "B(".repeat(n), ")".repeat(n));
    let what = "a path of 100,000 edges";
    let run = eval(&format!("{}\nWBBW.BW\n", path(N - 1)));
    run.assert_sane(what).assert_stdout("= 1/8 · L", what);
    assert!(
        run.stdout.contains("= 100000 · L") || run.stderr.contains("nested more than 256 deep"),
        "{what}: neither the value nor the nesting error\n{}",
        run.tail()
    );
    let green = format!("tree[{}G{}]", "G(".repeat(N - 1), ")".repeat(N - 1));
    let run = eval(&green);
    run.assert_sane("a green path of 100,000 edges");
    assert!(run.stdout.contains("= *100000") || run.stderr.contains("nested more than 256 deep"), "{}", run.tail());
    let mixed: String = format!("tree[{}R{}]", "B(G(".repeat(N / 2 - 1), "))".repeat(N / 2 - 1));
    eval_args(&mixed, &["--budget", "5s"]).assert_sane("a mixed path of 100,000 edges");
    // Within the limit: a path of 255 edges (254 nested brackets plus the ruleset's).
    eval(&path(254)).assert_code(0, "a path of 255 edges").assert_stdout("= 255 · L", "a path of 255 edges");
    eval(&format!("tree[{}G{}]", "G(".repeat(254), ")".repeat(254)))
        .assert_code(0, "a green path of 255 edges")
        .assert_stdout("= *255", "a green path of 255 edges");
    eval(&format!("tree[{}R{}]", "B(".repeat(254), ")".repeat(254))).assert_sane("a blue path topped by red");
}

#[test]
fn wide_trees_of_100_000_edges() {
    let wide = |edge: &str| format!("tree[{}]", vec![edge; N].join(", "));
    eval(&wide("B")).assert_code(0, "100,000 blue edges").assert_stdout("= 100000 · L", "blue");
    eval(&wide("G")).assert_code(0, "100,000 green edges").assert_stdout("= 0 · P", "green");
    eval(&wide("R")).assert_code(0, "100,000 red edges").assert_stdout("= -100000 · R", "red");
    // One vertex with 100,000 children.
    let bush = format!("tree[B({})]", vec!["R"; N].join(", "));
    eval_args(&bush, &["--budget", "20s"]).assert_sane("a blue edge under 100,000 red ones");
    let green_bush = format!("tree[G({})]", vec!["G"; N].join(", "));
    eval_args(&green_bush, &["--budget", "20s"])
        .assert_code(0, "a green edge under 100,000 green ones")
        .assert_stdout("= * · N", "green bush");
    let mixed = format!("tree[{}]", (0..N).map(|i| ["B(R)", "G(B)", "R(G, G)"][i % 3]).collect::<Vec<_>>().join(", "));
    eval_args(&mixed, &["--budget", "5s"]).assert_sane("100,000 mixed branches");
}

// ---------------------------------------------------------------------------- budgets

#[test]
fn domineering_10x10_gives_up_within_the_budget() {
    let start = Instant::now();
    let run = eval_args("domineering[10x10]\nWBBW.BW\n", &["--budget", "1s"]);
    run.assert_sane("domineering[10x10] --budget 1s");
    assert!(run.stdout.contains("gave up"), "{}", run.tail());
    assert!(run.stderr.contains("exceeded the budget") || run.stdout.contains("budget"), "{}", run.tail());
    assert!(run.stdout.contains("= 1/8 · L"), "the next statement still runs\n{}", run.tail());
    assert!(start.elapsed() < Duration::from_secs(15), "took {:?}", start.elapsed());
}

#[test]
fn memory_budget_gives_up_cleanly() {
    let run = eval_args("domineering[10x10]\nWBBW.BW\n", &["--budget", "30s,32MiB"]);
    run.assert_sane("domineering[10x10] in 32 MiB");
    assert!(run.stdout.contains("gave up"), "{}", run.tail());
    assert!(run.stdout.contains("= 1/8 · L"), "{}", run.tail());
}

#[test]
fn budgets_hold_for_every_expensive_statement() {
    let cases = [
        "domineering[9x9]",
        "domineering[\"........\", \"........\", \"........\", \"........\", \"........\", \"........\", \"........\"]",
        "toppling[BWGBWGBWGBWGBWGBWGBWGBWGBWGBWGBWGBWGBWG]",
        "toppling[GGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGG]",
        "tree[G(B, R, G(B, R, G(B, R, G(B, R, G(B, R, G(B, R))))))]",
        "misere nim[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]",
        "outcome(boxes[BGWBGWBGWBGWBGWBGWBGWBGWBGWBGWBGWBGWBGWBGWBGWBGWBGWBGWBGWBGW])",
        "deque[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30]",
        "fair[B, W, WB, WB, BWW, BWW, BW, WB, BBW, WWB, BWB, WBW, BB, WW, BWBW, WBWB, BBWW, WWBB, B, W, BW, WB, BWW, WWB, BWBWB, WBWBW]",
        "grundy(octal code=0.137, 0..100000000)",
        "period(octal code=0.7777777777777777)",
        "1 : 100000",
        "thermograph(domineering[4x5])",
        "options(domineering[5x5])",
        "temp(toppling[BWBWBWBWBWBWBWBWBWBWBWBWBWBWBW])",
    ];
    let failures = over_budget(&cases, "1s,256MiB", Duration::from_secs(20));
    assert!(failures.is_empty(), "over a 1 s budget: {failures:#?}");
}

// ------------------------------------------------------------------- ruleset errors

/// Every ruleset's and function's error cases: exit 1 with an error report, no crash.
#[test]
fn ruleset_and_function_errors_are_clear() {
    let cases = [
        "boxes[BXW]",
        "boxes[]",
        "boxes[1]",
        "boxes[\"BW\"]",
        "BXW",
        "WBG",
        "tree[X]",
        "tree[B(X)]",
        "tree[]",
        "tree[1]",
        "tree[B()]",
        "tree[B(R,)]",
        "toppling[BXW]",
        "toppling[]",
        "toppling[3]",
        "domineering[]",
        "domineering[3]",
        "domineering[x3]",
        "domineering[-3x3]",
        "domineering[\"..\", \"...\"]",
        "domineering[\"a.\"]",
        "domineering[\"\"]",
        "domineering[2x2, 3x3]",
        "domineering[BW]",
        "nim[]",
        "nim[-1]",
        "nim[B]",
        "nim[1] k=0",
        "nim[1] k=-1",
        "nim[1] k",
        "nim[1] q=3",
        "nim[1] k=[1, 2]",
        "stones[5]",
        "stones[5] take=[]",
        "stones[5] take=[0]",
        "stones[5] take=[-1]",
        "stones[5] take=3",
        "stones[-5] take=[1]",
        "stones take=[1]",
        "octal[5]",
        "octal[5] code=0.9",
        "octal[5] code=1.5",
        "octal[5] code=0.8",
        "octal[5] code=7",
        "octal[5] code=0.0",
        "octal[-5] code=0.7",
        "kayles[-1]",
        "kayles[B]",
        "dawson[x]",
        "dawson[1.5]",
        "deque[]",
        "deque[B]",
        "deque[1.5]",
        "graph[1->2]",
        "graph[1->2] from=3",
        "graph[] from=1",
        "graph[1->2] from=1 values=[1] stop",
        "graph[1->2] from=1 values=[1, 2, 3] stop",
        "graph[1->-2] from=1",
        "graph[1->2] from=-1",
        "graph[a->b] from=a",
        "fair[]",
        "fair[X]",
        "fair[1]",
        "foo[1]",
        "Nim[1]",
        "grundy(kayles, 5..1)",
        "grundy(foo, 0..3)",
        "grundy(kayles)",
        "grundy(kayles, 0..3, 1)",
        "grundy(1, 0..3)",
        "period(stones)",
        "period(octal)",
        "period(foo)",
        "period(1)",
        "cf()",
        "cf(1, 2)",
        "options()",
        "temp()",
        "thermograph(kayles)",
        "outcome(graph[1->2] from=1)",
        "nosuchfunction(1)",
        "misere nim[1, 2] + 1",
        "atomic(1)",
        "diminished()",
        "let = 1",
        "let 1 = 1",
        "let x = ",
        "1 is Q",
        "1 is",
        "is P",
        "1 == ",
        "{1|2|3}",
        "{1,|0}",
        "<1|0",
        "1/0",
        "1/3",
        "*-1",
        "^-1",
    ];
    for src in cases {
        let run = eval(&format!("{src}\nWBBW.BW\n"));
        run.assert_sane(src);
        assert!(matches!(run.code, Some(0 | 1)), "{src}: {}", run.tail());
        assert!(run.stdout.contains("= 1/8 · L"), "{src}: the next line is still evaluated\n{}", run.tail());
        if run.code == Some(1) {
            assert!(run.stderr.contains("Error"), "{src}: exit 1 without an error report\n{}", run.tail());
        }
    }
}

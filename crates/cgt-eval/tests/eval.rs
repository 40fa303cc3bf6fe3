//! Evaluation tests: each statement's result is spliced after it, `[= value · outcome]`,
//! `[✓]`, or `[error code: message]`, and the whole is compared with expect-test
//! (`UPDATE_EXPECT=1` to accept changes).

use cgt_eval::{CheckStatus, Config, evaluate};
use expect_test::{Expect, expect};

fn check(src: &str, want: Expect) {
    let reports = evaluate(src, &Config::default());
    let mut out = String::new();
    for r in &reports {
        let result = match (r.diagnostics.first(), r.check) {
            (Some(d), _) => format!("{} {}: {}", if r.has_error() { "error" } else { "warning" }, d.code, d.message),
            (None, Some(CheckStatus::Passed)) => "✓".to_string(),
            _ => format!("= {} · {}", r.value.as_deref().unwrap_or("?"), r.outcome.as_deref().unwrap_or("?")),
        };
        out.push_str(&format!("{}  [{result}]\n", r.source));
    }
    want.assert_eq(&out);
}

#[test]
fn boxes_seed_table() {
    check(
        "WBBW\nBW\nWBBW.BW\nBBBWBBW\nWWBWW\nBBBWBBW.WWBWW\nB.WB.WB\n_\nboxes[WBBW, BW]\nboxes[B.W]\nboxes[BGW]\nboxes[G]\nboxes[GG]",
        expect![[r#"
            WBBW  [= -3/8 · R]
            BW  [= 1/2 · L]
            WBBW.BW  [= 1/8 · L]
            BBBWBBW  [= 45/16 · L]
            WWBWW  [= -15/8 · R]
            BBBWBBW.WWBWW  [= 15/16 · L]
            B.WB.WB  [= 0 · P]
            _  [= 0 · P]
            boxes[WBBW, BW]  [= 1/8 · L]
            boxes[B.W]  [= 0 · P]
            boxes[BGW]  [= 1v* · L]
            boxes[G]  [= * · N]
            boxes[GG]  [= *2 · N]
        "#]],
    );
}

#[test]
fn numbers_and_checks() {
    check(
        "3/8 + 1/8\n-15/8 - 1/8\n1/3\n1/0\n2/4\nWBBW == 1/2\nWBBW != 1/2\nWBBW < 0\nWBBW <= -3/8\nBW > WBBW\nBW >= 1\n{1|-1} <> 0\n1/2 <> 0\nBW is L\nWBBW is L\nBW is win",
        expect![[r#"
            3/8 + 1/8  [= 1/2 · L]
            -15/8 - 1/8  [= -2 · R]
            1/3  [error dyadic: 1/3 is not a dyadic rational]
            1/0  [error number: 1/0 divides by zero]
            2/4  [= 1/2 · L]
            WBBW == 1/2  [error check: check failed: `WBBW` is -3/8, which is less than 1/2, so `==` does not hold]
            WBBW != 1/2  [✓]
            WBBW < 0  [✓]
            WBBW <= -3/8  [✓]
            BW > WBBW  [✓]
            BW >= 1  [error check: check failed: `BW` is 1/2, which is less than 1, so `>=` does not hold]
            {1|-1} <> 0  [✓]
            1/2 <> 0  [error check: check failed: `1/2` is greater than 0, so `<>` does not hold]
            BW is L  [✓]
            WBBW is L  [error check: check failed: `WBBW` = -3/8 is R (Right wins whoever starts), not L]
            BW is win  [error type: `is win`, `is loss` and `is draw` apply to games on graphs (`graph[...]`)]
        "#]],
    );
}

#[test]
fn names() {
    check(
        "let pile = BBBWBBW\npile - 45/16\npyle\nlet B = 1\nx\ntemp\nGBW",
        expect![[r#"
            let pile = BBBWBBW  [= 45/16 · L]
            pile - 45/16  [= 0 · P]
            pyle  [error name: unknown name `pyle`]
            let B = 1  [error syntax: unexpected `B`, expected `(`, `[` or a name]
            x  [error name: unknown name `x`]
            temp  [error name: unknown name `temp`]
            GBW  [error name: unknown name `GBW`]
        "#]],
    );
}

#[test]
fn games_and_printing() {
    check(
        "{2 | {1|0}}\n{3 || 2 | 1}\n<0 | 1>\n^ + v\n^ + ^ + *\n1/2^*\n-1v*3\n-(1v*3)\n{0|*}\n{0,*|0}\n*2 + *3\n{|}\n{1|}\n1 : 1\n1 : -1\nbirthday({2||1|0})\noutcome(^*)\noptions(^)\ncf({0|*})",
        expect![[r#"
            {2 | {1|0}}  [= {2||1|0} · L]
            {3 || 2 | 1}  [= {3||2|1} · L]
            <0 | 1>  [= 1/2 · L]
            ^ + v  [= 0 · P]
            ^ + ^ + *  [= ^^* · L]
            1/2^*  [= 1/2^* · L]
            -1v*3  [= -1v*3 · R]
            -(1v*3)  [= -1^*3 · R]
            {0|*}  [= ^ · L]
            {0,*|0}  [= ^* · N]
            *2 + *3  [= * · N]
            {|}  [= 0 · P]
            {1|}  [= 2 · L]
            1 : 1  [= 2 · L]
            1 : -1  [= 1/2 · L]
            birthday({2||1|0})  [= 3 · ?]
            outcome(^*)  [= N · N]
            options(^)  [= Left: 0; Right: * · ?]
            cf({0|*})  [= ^ · L]
        "#]],
    );
}

#[test]
fn errors_name_what_is_wrong() {
    check(
        "atomic(^^*)\natomic(1)\nmisere {1|0}\nmisere nim[1]\nfrob(1)\nfoo[1]",
        expect![[r#"
            atomic(^^*)  [= 2 · ?]
            atomic(1)  [error type: 1 has no atomic weight: it is not infinitesimal]
            misere {1|0}  [= P · P]
            misere nim[1]  [= P · P]
            frob(1)  [error name: unknown function `frob`]
            foo[1]  [error name: unknown ruleset `foo`]
        "#]],
    );
}

/// A file whose second-to-last statement sums forty hot games `{2i | {0 | -i}}` (far too much
/// work for any budget), and whose last is `BW`.
fn heavy_file() -> String {
    let mut src = String::new();
    let mut expr = String::from("0");
    for i in 1..40 {
        src.push_str(&format!("let g{i} = {{{}|{{0|-{i}}}}}\n", 2 * i));
        expr.push_str(&format!(" + g{i}"));
    }
    src + &expr + "\nBW\n"
}

fn assert_gave_up(config: Config, what: &str) {
    let reports = evaluate(&heavy_file(), &config);
    let sum = &reports[reports.len() - 2];
    assert!(sum.gave_up(), "{:?}", sum.diagnostics);
    assert!(sum.diagnostics[0].message.starts_with("gave up:"), "{}", sum.diagnostics[0].message);
    assert!(sum.diagnostics[0].message.contains(what), "{}", sum.diagnostics[0].message);
    assert!(!sum.has_error(), "a budget is a warning");
    assert_eq!(reports.last().unwrap().value.as_deref(), Some("1/2"), "the file goes on");
}

#[test]
fn time_budget_gives_up_and_the_file_goes_on() {
    assert_gave_up(Config { time: std::time::Duration::ZERO, ..Config::default() }, "time budget");
}

#[test]
fn memory_budget_gives_up_and_the_file_goes_on() {
    assert_gave_up(Config { memory: 16 << 10, ..Config::default() }, "memory budget");
}

#[test]
fn temperature_functions() {
    check(
        "temp({3|-2})\nmean({3|-2})\nleftstop({2||1|0})\nrightstop({2||1|0})\ntemp(1/2)\ntemp(3)\ntemp(^)\ntemp({3|-2}) == 5/2\nmean(+-1) + 1\nthermograph({3|-2})\ntemp(1, 2)",
        expect![[r#"
            temp({3|-2})  [= 5/2 · ?]
            mean({3|-2})  [= 1/2 · ?]
            leftstop({2||1|0})  [= 2 · ?]
            rightstop({2||1|0})  [= 1 · ?]
            temp(1/2)  [= -1/2 · ?]
            temp(3)  [= -1 · ?]
            temp(^)  [= 0 · ?]
            temp({3|-2}) == 5/2  [✓]
            mean(+-1) + 1  [= 1 · L]
            thermograph({3|-2})  [= mast 1/2 from t = 5/2; left wall 4 at t = -1, 1/2 at t = 5/2; right wall -3 at t = -1, 1/2 at t = 5/2 · ?]
            temp(1, 2)  [error arity: `temp` takes one game]
        "#]],
    );
}

/// Boards of one row or column past the outcome search's 128-bit masks (its shifts reach
/// three rows and a cell past a cell) get their class from the value, which is quick; boards
/// of three rows or more that do not fit are refused with the search's limit as the hint.
#[test]
fn outcomes_of_thin_boards_past_the_search() {
    check(
        "outcome(domineering[1x127])\noutcome(domineering[127x1])\noutcome(domineering[1x42])\noutcome(domineering[1x41])\noutcome(domineering[3x50])",
        expect![[r#"
            outcome(domineering[1x127])  [= R · R]
            outcome(domineering[127x1])  [= L · L]
            outcome(domineering[1x42])  [= R · R]
            outcome(domineering[1x41])  [= R · R]
            outcome(domineering[3x50])  [error argument: this board is too large for the outcome search]
        "#]],
    );
}

#[test]
fn cram_outcomes_by_search() {
    // Whether the value is 0, without the value: 5x5 is 0 and 4x7 is *3 (Beling's table), boards
    // with an even side and an odd one are first-player wins and even by even ones second-player
    // wins (WW ch. 23), past the pruned search's 64 cells too; under 24 free cells the value
    // is computed and shown.
    check(
        "outcome(cram[5x5])\noutcome(cram[4x7])\ncram[6x7] is N\noutcome(cram[8x10])\noutcome(cram[9x10])\ncram[\"#....\", \".....\", \".....\", \".....\", \".....\"] is N\ncram[4x5] is N",
        expect![[r##"
            outcome(cram[5x5])  [= P · P]
            outcome(cram[4x7])  [= N · N]
            cram[6x7] is N  [✓]
            outcome(cram[8x10])  [= P · P]
            outcome(cram[9x10])  [= N · N]
            cram["#....", ".....", ".....", ".....", "....."] is N  [✓]
            cram[4x5] is N  [✓]
        "##]],
    );
}

#[test]
fn a_board_that_gives_up_points_to_its_outcome_search() {
    // A whole statement of a ruleset with an outcome search says that `outcome(...)` still
    // answers; inside a sum, or for a ruleset without one, the hint is the usual one.
    let config = Config { time: std::time::Duration::ZERO, ..Config::default() };
    let reports = evaluate("domineering[8x8]\ncram[7x7]\ndomineering[8x8] + 1\nkayles[5] + cram[7x7]\n", &config);
    let hints: Vec<String> = reports.iter().map(|r| r.diagnostics[0].hint.clone().unwrap_or_default()).collect();
    assert!(reports.iter().all(|r| r.gave_up()), "{reports:?}");
    assert!(
        hints[0].contains("`outcome(domineering[8x8])`, which searches who wins without the value"),
        "{}",
        hints[0]
    );
    assert!(hints[1].contains("`outcome(cram[7x7])`"), "{}", hints[1]);
    for hint in &hints[2..] {
        assert!(!hint.contains("outcome("), "{hint}");
        assert!(hint.starts_with("raise the budget"), "{hint}");
    }
}

//! Crashes and hangs of the real `cgt` binary found by fuzzing (`fuzz/`) or by hand, each as a
//! test named `regression_*` with the story of the bug.

use std::time::Duration;

mod common;

use common::*;

/// Found by `fuzz/` (target `parse`): a statement that is a syntax error only because of a
/// trailing vertical tab (U+000B, or U+0085) is kept as written, then the tab is trimmed as
/// trailing whitespace, so formatting the result again changes it: `1+1\v` formats to `1+1\n`,
/// which formats to `1 + 1\n`. Formatting must be idempotent.
#[test]
fn regression_format_is_idempotent_with_trailing_vertical_tab() {
    for src in ["1+1\u{b}", "1+1\u{85}", "+-(1, {2|1||})\u{b}", "{1|0}\u{b}\n"] {
        let once = cgt_with(&["fmt", "-"], src.as_bytes(), LIMIT);
        once.assert_code(0, src);
        let twice = cgt_with(&["fmt", "-"], once.stdout.as_bytes(), LIMIT);
        assert_eq!(once.stdout, twice.stdout, "format(format({src:?})) != format({src:?})");
    }
}

/// Found by `fuzz/` (targets `eval` and `ide`; every crash and out-of-memory they reported
/// comes down to this): the options of a nimber `*n` are listed one by one (`Nus::options` in
/// cgt-core/src/game/nus.rs, `(0..m).map(...).collect()`), outside any budget, whenever a
/// nimber is used as a general game: `options(*n)`, a sum or comparison with a game that is not
/// a number/up/star value, an ordinal sum, a game literal with `*n` as an option, and the
/// editor's hover details (`Session::details`, cgt-eval/src/value.rs:159). For n =
/// 4000000000000 the process aborts ("memory allocation of 224000000000000 bytes failed",
/// exit 134); for n = 100000000 it runs past any budget, eating memory. The language server
/// dies the same way. Minimal inputs: `*4000000000000 + {1|0}`, `options(*39999999999999)`,
/// `{*4000000000000|}`, `*100000000 : *`.
#[test]
fn regression_huge_nimbers_in_general_games_respect_the_budget() {
    let cases = [
        "options(*39999999999999)",
        "options(*100000000)",
        "options(nim[100000000])",
        "*4000000000000 + {1|0}",
        "{1|0} + *4000000000000",
        "*4000000000000 == {1|0}",
        "{*4000000000000|}",
        "{*4000000000000 | *4000000000000}",
        "cf({*4000000000000|})",
        "*4000000000000 : 1",
        "1 : *4000000000000",
        "nim[4000000000000] : 1",
        "*100000000 : *",
        "*100000000 + {1|0}",
    ];
    let failures = over_budget(&cases, "2s,256MiB", Duration::from_secs(30));
    assert!(failures.is_empty(), "crashed or over a 2 s budget (30 s allowed): {failures:#?}");
}

/// Found by hand while writing these tests: an ordinal sum whose right side is a large integer
/// recurses once per unit (`Games::ordinal` in cgt-core/src/game/ops.rs calls itself on
/// `a : (n-1)`), so `1 : 1000000` overflows even the 256 MiB evaluation stack and aborts
/// ("thread has overflowed its stack", exit 134) after about 2 s, instead of giving the value
/// (1000001) or giving up within the budget. The language server's
/// worker thread dies the same way.
#[test]
fn regression_ordinal_sum_with_a_large_integer_does_not_overflow_the_stack() {
    for src in ["1 : 1000000", "0 : 1000000", "* : 1000000", "1 : -1000000", "1 : 99999999999999999999"] {
        let run = eval_args(src, &["--budget", "2s,1GiB"]);
        run.assert_sane(src);
    }
}

/// Found by hand while writing these tests: printing a canonical form is not under the budget,
/// and its text can be exponentially longer than the game's DAG. `boxes[BGW x 7]` (21 boxes)
/// prints 3.7 MB in 3 s with `--budget 1s`; each 3 more boxes cost 10 times more, so
/// `boxes[BGW x 19]` never finishes (killed after 60 s), and its memory grows with the text.
/// A long mixed tree takes 8.4 s under a 1 s budget for the same reason. (`outcome(...)` and
/// `birthday(...)` of the same positions answer at once: the value is computed in time, it is
/// the display that runs on.) Printing must give up (or abbreviate) within the budget.
#[test]
fn regression_printing_a_huge_canonical_form_respects_the_budget() {
    let cases = [
        "boxes[BGWBGWBGWBGWBGWBGWBGWBGWBGW]",
        "boxes[BGWBGWBGWBGWBGWBGWBGWBGWBGWBGWBGWBGWBGWBGWBGWBGWBGWBGWBGW]",
        "boxes[BGWBGWBGWBGWBGWBGWBGWBGWBGWBGWBGWBGWBGWBGWBGWBGWBGWBGWBGW] == 0",
        "tree[G(B(R(G(B(R(G(B(R(G)))))))), B(R(G(B(R(G(B(R(G))))))))), R(G(B(R(G(B(R(G(B)))))))), G(G(G(B(R(G)))))]",
    ];
    let failures = over_budget(&cases, "1s,256MiB", Duration::from_secs(10));
    assert!(failures.is_empty(), "over a 1 s budget (10 s allowed): {failures:#?}");
}

/// Found by hand while writing these tests: `grundy(kayles, 18446744073709551614..
/// 18446744073709551615)` panics in debug builds ("attempt to add with overflow" at
/// cgt-eval/src/value.rs:118, `start + values.len() as u64 - 1` when printing the sequence),
/// so `cgt eval` prints "internal error" and exits 1. (Release builds wrap and happen to print
/// the right end.) The range is accepted, so the sequence must print.
#[test]
fn regression_grundy_range_at_the_top_of_u64() {
    for src in [
        "grundy(kayles, 18446744073709551614..18446744073709551615)",
        "grundy(kayles, 18446744073709551615..18446744073709551615)",
        "grundy(stones take=[1, 2], 18446744073709551610..18446744073709551615)",
    ] {
        eval(src).assert_sane(src);
    }
}

/// Found by `fuzz/` (target `positions`): `explain(nim[2929])` ran 5.6 s past a 20 ms budget
/// (8 s in a debug build). Explaining `*2929` canonicalises a game with 2929 options, and
/// `Games::remove_dominated` (cgt-core/src/game/canonical.rs) compares millions of pairs of
/// nimbers, which `Games::less_eq` decides as number-up-star values without calling
/// `Budget::check`. Every comparison of the reduction now counts against the budget.
#[test]
fn regression_explain_of_a_big_nimber_respects_the_budget() {
    let cases = ["explain(nim[2929])", "explain(*3000)", "explain(nim[2929] + *5)"];
    let failures = over_budget(&cases, "100ms,256MiB", Duration::from_secs(4));
    assert!(failures.is_empty(), "over a 100 ms budget (4 s allowed): {failures:#?}");
}

/// Found by `fuzz/` (target `misere`): `misere *[((231)2[#1]2#)(0#0)[1]]` printed its misère
/// form as `*[2[#-2]3]`, which does not read back ("no game G with G + *2 = ..."): the printer
/// (cgt-core/src/misere/print.rs) wrote an option G as `S-2` with S = G + *2 = `*[2#]`, but the
/// reader looks for G only among the options of S and theirs, where G is not. The printer now
/// writes `S-i` only when the reader finds G there.
#[test]
fn regression_misere_forms_read_back() {
    for src in ["misere *[((231)2[#1]2#)(0#0)[1]]", "misere *[2[#1]3]"] {
        let run = eval(src);
        run.assert_code(0, src);
        let form = run.stdout.split("misère form: ").nth(1).map(str::trim).expect("a misère form");
        let again = format!("misere {form}");
        let back = eval(&again);
        back.assert_code(0, &again);
        let form_again = back.stdout.split("misère form: ").nth(1).map(str::trim);
        assert_eq!(form_again, Some(form), "{src} prints {form}, which reads back as another game");
    }
}

/// Found by `fuzz/` (target `loopy`): `*9900 & 99` ran 9 s under a 100 ms budget (debug build)
/// before giving up. Making a loopy graph of a short game (`LoopyGraph::add_short` in
/// cgt-core/src/loopy/graph.rs) lists the options of each follower: `*k` has k of them, so
/// 256 followers between two looks at the clock were tens of millions of options. The clock is
/// now read at every follower.
#[test]
fn regression_a_big_nimber_in_a_loopy_game_respects_the_budget() {
    let cases = ["*9900 & 99", "9*9850 & 9*99", "*9900 + on", "{pass | *9000}"];
    let failures = over_budget(&cases, "100ms,256MiB", Duration::from_secs(4));
    assert!(failures.is_empty(), "over a 100 ms budget (4 s allowed): {failures:#?}");
}

/// Found by `fuzz/` (target `eval`, session 14's runs): `^ : 388` took 118 s to print under a
/// 20 ms budget (debug build). The printer looks for an uptimal name (`^[389]`) by building
/// uptimals and sums up to the game's depth, without a budget. Names are now looked for only up
/// to `^<64>`, the largest the language reads, so deeper games print as braces at once.
#[test]
fn regression_printing_deep_ordinal_sums_respects_the_budget() {
    let cases = ["^ : 388", "+-0 : 300", "0202575 : v9 : 159 : v64"];
    let failures = over_budget(&cases, "20ms,256MiB", Duration::from_secs(4));
    assert!(failures.is_empty(), "over a 20 ms budget (4 s allowed): {failures:#?}");
}

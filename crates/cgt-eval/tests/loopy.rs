//! Loopy games (docs/src/theory/stoppers.md): each statement's result is spliced after it, `[= value · outcome ·
//! extras]`, `[✓]`, or `[error code: message]` (expect-test, `UPDATE_EXPECT=1` to accept).

use cgt_eval::{CheckStatus, Config, evaluate};
use expect_test::{Expect, expect};

fn check(src: &str, want: Expect) {
    let reports = evaluate(src, &Config::default());
    let mut out = String::new();
    for r in &reports {
        let result = match (r.diagnostics.first(), r.check) {
            (Some(d), _) => {
                format!("error {}: {} (outcome {})", d.code, d.message, r.outcome.as_deref().unwrap_or("none"))
            }
            (None, Some(CheckStatus::Passed)) => "✓".to_string(),
            _ => {
                let extras: Vec<String> =
                    r.extras.iter().filter(|(k, _)| k != "vertices").map(|(k, v)| format!(" · {k}: {v}")).collect();
                format!(
                    "= {} · {}{}",
                    r.value.as_deref().unwrap_or("?"),
                    r.outcome.as_deref().unwrap_or("?"),
                    extras.concat()
                )
            }
        };
        out.push_str(&format!("{}  [{result}]\n", r.source));
    }
    want.assert_eq(&out);
}

#[test]
fn constants() {
    check(
        "on\noff\nover\nunder\nupon\ndud\ndud is D\ndud is P",
        expect![[r#"
            on  [= on · L]
            off  [= off · R]
            over  [= over · L]
            under  [= under · R]
            upon  [= ^[on] · L]
            dud  [= dud · D]
            dud is D  [✓]
            dud is P  [error check: check failed: `dud` = dud is D (a draw whoever starts (loopy games)), not P (outcome D)]
        "#]],
    );
}

#[test]
fn literals_with_pass_and_labels() {
    check(
        "{pass | pass}\n{0 | pass}\nx{0 | x}\nx{x | 0} == under\n{pass | *}\n{pass | 3/2}\na{1 || a | 0}\nx{0 | 1}\n{pass, 1 | 0}\n{over | under}\nb{0 | {b | 0}}",
        expect![[r#"
            {pass | pass}  [= dud · D]
            {0 | pass}  [= over · L]
            x{0 | x}  [= over · L]
            x{x | 0} == under  [✓]
            {pass | *}  [= ^[on] · L]
            {pass | 3/2}  [= 3/2under · L]
            a{1 || a | 0}  [= 2 & +-1 · NHat]
            x{0 | 1}  [= 1/2 · L]
            {pass, 1 | 0}  [= {1,pass|0} · N]
            {over | under}  [= +-over · N]
            b{0 | {b | 0}}  [= 1 & {0|-1} · NHat]
        "#]],
    );
}

#[test]
fn sums_negatives_and_ordinal_sums() {
    check(
        "over + 5\nover + ^ == over\non + off\nover + under\n-over\n-over == under\n+-over\n1 : off\n1 : off == over\nover - over\non + 1",
        expect![[r#"
            over + 5  [= 5over · L]
            over + ^ == over  [✓]
            on + off  [= dud · D]
            over + under  [= over & under · D]
            -over  [= under · R]
            -over == under  [✓]
            +-over  [= +-over · N]
            1 : off  [= over · L]
            1 : off == over  [✓]
            over - over  [= over & under · D]
            on + 1  [= on · L]
        "#]],
    );
}

#[test]
fn comparisons() {
    check(
        "over > 0\nover < 1/64\nover <> *\non >= over\nupon > *\nupon == {pass | *}\nover == 0\ndud == 0\n0 <= dud",
        expect![[r#"
            over > 0  [✓]
            over < 1/64  [✓]
            over <> *  [error check: check failed: `over` is greater than *, so `<>` does not hold (outcome L)]
            on >= over  [✓]
            upon > *  [error check: check failed: `upon` is ^[on], which is confused with (incomparable to) *, so `>` does not hold (outcome L)]
            upon == {pass | *}  [✓]
            over == 0  [error check: check failed: `over` is greater than 0, so `==` does not hold (outcome L)]
            dud == 0  [error check: check failed: `dud` is confused with (incomparable to) 0, so `==` does not hold (outcome D)]
            0 <= dud  [error check: check failed: `0` is confused with (incomparable to) dud, so `<=` does not hold (outcome P)]
        "#]],
    );
}

#[test]
fn labels_and_pass_out_of_place() {
    check(
        "x{0 | x} + x\nx{x + 1 | 0}\ny{0 | pass} == y\npass\ngraph[1->2] from=1 + over\n{graph[1->2] from=1 | 0}",
        expect![[r#"
        x{0 | x} + x  [error name: the label `x` names its literal's position only as an option inside that literal (outcome none)]
        x{x + 1 | 0}  [error name: the label `x` names its literal's position only as an option inside that literal (outcome none)]
        y{0 | pass} == y  [error name: the label `y` names its literal's position only as an option inside that literal (outcome L)]
        pass  [error name: unknown name `pass` (outcome none)]
        graph[1->2] from=1 + over  [error type: a game on a graph adds only to games on graphs and nimbers (impartial games) (outcome none)]
        {graph[1->2] from=1 | 0}  [error type: a game on a graph adds only to games on graphs and nimbers (impartial games) (outcome none)]
    "#]],
    );
}

#[test]
fn games_on_graphs_and_their_sums() {
    check(
        "graph[1->2, 2->3, 3->1, 3->4] from=1\ngraph[1->2, 2->3, 3->1, 3->4] from=3\ngraph[1->2, 2->3, 3->1, 3->4] from=1 + graph[1->2, 2->3, 3->1, 3->4] from=3\ngraph[1->2, 2->3, 3->1, 3->4] from=1 + *2\ngraph[1->2, 2->3, 3->1, 3->4] from=1 + nim[3]\ngraph[1->2, 2->1] from=1\ngraph[1->2, 2->1] from=1 + *\ngraph[1->2, 2->1, 1->3] from=1 + * is loss\ngraph[1->2, 2->1] from=1 + 1/2",
        expect![[r#"
            graph[1->2, 2->3, 3->1, 3->4] from=1  [= win · win · gsg: *]
            graph[1->2, 2->3, 3->1, 3->4] from=3  [= win · win · gsg: *2]
            graph[1->2, 2->3, 3->1, 3->4] from=1 + graph[1->2, 2->3, 3->1, 3->4] from=3  [= win · win · gsg: *3]
            graph[1->2, 2->3, 3->1, 3->4] from=1 + *2  [= win · win · gsg: *3]
            graph[1->2, 2->3, 3->1, 3->4] from=1 + nim[3]  [= win · win · gsg: *2]
            graph[1->2, 2->1] from=1  [= draw · draw · gsg: inf]
            graph[1->2, 2->1] from=1 + *  [= draw · draw · gsg: inf]
            graph[1->2, 2->1, 1->3] from=1 + * is loss  [✓]
            graph[1->2, 2->1] from=1 + 1/2  [error type: a game on a graph adds only to games on graphs and nimbers (impartial games) (outcome none)]
        "#]],
    );
}

#[test]
fn sided_values() {
    check(
        "a{1 || a | 0}\nonside(a{1 || a | 0})\noffside(a{1 || a | 0})\nonside(dud)\noffside(over)\n2 & +-1\n2 & +-1 == a{1 || a | 0}\nover & over\n1 & 2\ndud & 0\n(2 & +-1) + 1\n-(2 & +-1)\n(1 & 0) - (1 & 0)\n{dud | 0}\n{2 & +-1 | -5}\n+-(1 & 0)\nx{(1 & 0) | x}\ndud : 1\n2 & +-1 > 1 & -2\n2 & +-1 >= 2\nonside(graph[1->2] from=1)",
        expect![[r#"
            a{1 || a | 0}  [= 2 & +-1 · NHat]
            onside(a{1 || a | 0})  [= 2 · L]
            offside(a{1 || a | 0})  [= +-1 · N]
            onside(dud)  [= on · L]
            offside(over)  [= over · L]
            2 & +-1  [= 2 & +-1 · NHat]
            2 & +-1 == a{1 || a | 0}  [✓]
            over & over  [= over · L]
            1 & 2  [error loopy: the onside of `G & H` must be at least its offside (outcome none)]
            dud & 0  [= on & 0 · PHat]
            (2 & +-1) + 1  [= 3 & {2|0} · NHat]
            -(2 & +-1)  [= +-1 & -2 · NCheck]
            (1 & 0) - (1 & 0)  [= 1 & -1 · D]
            {dud | 0}  [= {on|0} & -1 · NCheck]
            {2 & +-1 | -5}  [= {2|-5} & {+-1|-5} · NCheck]
            +-(1 & 0)  [= {1|0} & {0|-1} · N]
            x{(1 & 0) | x}  [= 1over & over · L]
            dud : 1  [error loopy: `dud` is not a stopper: its onside and offside differ (outcome none)]
            2 & +-1 > 1 & -2  [✓]
            2 & +-1 >= 2  [error check: check failed: `2 & +-1` is less than 2, so `>=` does not hold (outcome NHat)]
            onside(graph[1->2] from=1)  [error type: a game on a graph adds only to games on graphs and nimbers (impartial games) (outcome none)]
        "#]],
    );
}

#[test]
fn bachs_carousel() {
    // WW ch. 11; CGSuite's SidedValue test data: its sides are not stoppers, and CGSuite prints
    // it `a{1|1,{1*|a||*}||0} & a{0,{1|||1*|a||*}|0}` (outcome class N).
    let bach = "a{0, {1 | 1, {*, {1* | 1*, a} | *}} | 0}";
    let src = ["", " is N", " + 0", " == 0", " + 1", " >= -1"].map(|s| format!("{bach}{s}")).join("\n");
    let calls = ["-", "onside", "offside"].map(|f| format!("{f}({bach})")).join("\n");
    check(
        &format!("{src}\n{calls}\nlet g = {bach}\ng == g"),
        expect![[r#"
            a{0, {1 | 1, {*, {1* | 1*, a} | *}} | 0}  [= a{1|1,{1*|a||*}||0} & a{0,{1|||1*|a||*}|0} · N]
            a{0, {1 | 1, {*, {1* | 1*, a} | *}} | 0} is N  [✓]
            a{0, {1 | 1, {*, {1* | 1*, a} | *}} | 0} + 0  [= a{1|1,{1*|a||*}||0} & a{0,{1|||1*|a||*}|0} · N]
            a{0, {1 | 1, {*, {1* | 1*, a} | *}} | 0} == 0  [error check: check failed: `a{0, {1 | 1, {*, {1* | 1*, a} | *}} | 0}` is a{1|1,{1*|a||*}||0} & a{0,{1|||1*|a||*}|0}, which is confused with (incomparable to) 0, so `==` does not hold (outcome N)]
            a{0, {1 | 1, {*, {1* | 1*, a} | *}} | 0} + 1  [= a{2|2,{2*|a||1*}||1} & a{1,{2|||2*|a||1*}|1} · L]
            a{0, {1 | 1, {*, {1* | 1*, a} | *}} | 0} >= -1  [✓]
            -(a{0, {1 | 1, {*, {1* | 1*, a} | *}} | 0})  [= a{0|0,{*||a|-1*|||-1}} & a{0||-1,{*||a|-1*}|-1} · N]
            onside(a{0, {1 | 1, {*, {1* | 1*, a} | *}} | 0})  [= a{1|1,{1*|a||*}||0} & Miny(1) · NCheck]
            offside(a{0, {1 | 1, {*, {1* | 1*, a} | *}} | 0})  [= {1Tiny(1*)|0} & a{0,{1|||1*|a||*}|0} · N]
            let g = a{0, {1 | 1, {*, {1* | 1*, a} | *}} | 0}  [= a{1|1,{1*|a||*}||0} & a{0,{1|||1*|a||*}|0} · N]
            g == g  [✓]
        "#]],
    );
}

#[test]
fn printed_forms_and_cgsuite_names_read_back() {
    check(
        "5over == {5 | pass}\n3/2under == {pass | 3/2}\n-1/4over\n^[on] == {pass | *}\n^[on]* == {pass, 0 | 0}\n2^[on]*3 == {pass | 2*2}\n-1/4v[on] == {-1/4* | pass}\n↑[on]*\n^<on> == {0 || 0 | 0, pass}\n^<on> == {0 | v[on]*}\nv<on>* == -^<on> + *\n^<on>\n+-{0 | pass}\n+-over == +-{0 | pass}\na{1|1,{1*|a||*}||0} & a{0,{1|||1*|a||*}|0}\na{0, {1 | 1, {*, {1* | 1*, a} | *}} | 0} == a{1|1,{1*|a||*}||0} & a{0,{1|||1*|a||*}|0}\ndud & 0\n^[5]\nover5\nv[off]",
        expect![[r#"
            5over == {5 | pass}  [✓]
            3/2under == {pass | 3/2}  [✓]
            -1/4over  [= -1/4over · R]
            ^[on] == {pass | *}  [✓]
            ^[on]* == {pass, 0 | 0}  [✓]
            2^[on]*3 == {pass | 2*2}  [✓]
            -1/4v[on] == {-1/4* | pass}  [✓]
            ↑[on]*  [= ^[on]* · N]
            ^<on> == {0 || 0 | 0, pass}  [✓]
            ^<on> == {0 | v[on]*}  [✓]
            v<on>* == -^<on> + *  [✓]
            ^<on>  [= {0|v[on]*} · L]
            +-{0 | pass}  [= +-over · N]
            +-over == +-{0 | pass}  [✓]
            a{1|1,{1*|a||*}||0} & a{0,{1|||1*|a||*}|0}  [= a{1|1,{1*|a||*}||0} & a{0,{1|||1*|a||*}|0} · N]
            a{0, {1 | 1, {*, {1* | 1*, a} | *}} | 0} == a{1|1,{1*|a||*}||0} & a{0,{1|||1*|a||*}|0}  [✓]
            dud & 0  [= on & 0 · PHat]
            ^[5]  [= ^[5] · L]
            over5  [error name: unknown name `over5` (outcome none)]
            v[off]  [error syntax: `v[off]` is not an uptimal: its index is a whole number or `on` (outcome none)]
        "#]],
    );
}

/// The stops, degree and variety of stoppers: CGSuite's published values for its canonical
/// stoppers (its `CanonicalStopperTestCase` data: `LeftStop`, `RightStop`, `Degree`,
/// `Variety`), then the laws `leftstop(-G) == -rightstop(G)` and `leftstop(G + x) ==
/// leftstop(G) + x` for numbers x, and the errors off the domain.
#[test]
fn stops_degree_and_variety_of_stoppers() {
    check(
        "leftstop(on) == on
rightstop(off) == off
leftstop(over) == over
rightstop(over) == over
leftstop({pass|3/2}) == 3/2under
rightstop({pass|3/2}) == 3/2under
leftstop({-1/4+*|pass}) == -1/4
rightstop({-1/4+*|pass}) == -1/4
leftstop({0|||0||0|{|pass}}) == 0
leftstop({{pass|}|0||0}) == 0
rightstop({0|||0||pass|0}) == 0
leftstop(+-{0|pass}) == over
rightstop(+-{0|pass}) == under
leftstop(+-{5|pass}) == 5over
rightstop(+-{5|pass}) == -5under
degree(on) == on
degree(off) == on
degree(over) == over
degree({pass|3/2}) == over
degree({-1/4+*|pass}) == {0||0|0,pass}
degree({0|||0||0|{|pass}}) == {0||||0|||{on|0||0}|0||off}
degree({{pass|}|0||0}) == Tiny(on)
degree({0|||0||pass|0}) == Tiny(over)
degree(+-{5|pass}) == over
variety(on) == on
variety(off) == off
variety(over) == over
variety({pass|3/2}) == under
variety({-1/4+*|pass}) == {0||0|0,pass}
variety({{pass|}|0||0}) == Miny(on)
variety({0|||0||pass|0}) == Tiny(over)
variety(+-{0|pass}) == +-over
variety(+-{5|pass}) == +-{10over|over}
leftstop(-{-1/4+*|pass}) == -rightstop({-1/4+*|pass})
leftstop(-(+-{5|pass})) == -rightstop(+-{5|pass})
leftstop({-1/4+*|pass} + 3/2) == leftstop({-1/4+*|pass}) + 3/2
rightstop(+-{5|pass} + 1) == -4under
leftstop(over + 7/4) == 7/4over
degree(3/2)
variety(*)
variety({0|||0||0|{|pass}})
leftstop(dud)
degree(graph[1->2] from=1)",
        expect![[r#"
            leftstop(on) == on  [✓]
            rightstop(off) == off  [✓]
            leftstop(over) == over  [✓]
            rightstop(over) == over  [✓]
            leftstop({pass|3/2}) == 3/2under  [✓]
            rightstop({pass|3/2}) == 3/2under  [✓]
            leftstop({-1/4+*|pass}) == -1/4  [✓]
            rightstop({-1/4+*|pass}) == -1/4  [✓]
            leftstop({0|||0||0|{|pass}}) == 0  [✓]
            leftstop({{pass|}|0||0}) == 0  [✓]
            rightstop({0|||0||pass|0}) == 0  [✓]
            leftstop(+-{0|pass}) == over  [✓]
            rightstop(+-{0|pass}) == under  [✓]
            leftstop(+-{5|pass}) == 5over  [✓]
            rightstop(+-{5|pass}) == -5under  [✓]
            degree(on) == on  [✓]
            degree(off) == on  [✓]
            degree(over) == over  [✓]
            degree({pass|3/2}) == over  [✓]
            degree({-1/4+*|pass}) == {0||0|0,pass}  [✓]
            degree({0|||0||0|{|pass}}) == {0||||0|||{on|0||0}|0||off}  [✓]
            degree({{pass|}|0||0}) == Tiny(on)  [✓]
            degree({0|||0||pass|0}) == Tiny(over)  [✓]
            degree(+-{5|pass}) == over  [✓]
            variety(on) == on  [✓]
            variety(off) == off  [✓]
            variety(over) == over  [✓]
            variety({pass|3/2}) == under  [✓]
            variety({-1/4+*|pass}) == {0||0|0,pass}  [✓]
            variety({{pass|}|0||0}) == Miny(on)  [✓]
            variety({0|||0||pass|0}) == Tiny(over)  [✓]
            variety(+-{0|pass}) == +-over  [✓]
            variety(+-{5|pass}) == +-{10over|over}  [✓]
            leftstop(-{-1/4+*|pass}) == -rightstop({-1/4+*|pass})  [✓]
            leftstop(-(+-{5|pass})) == -rightstop(+-{5|pass})  [✓]
            leftstop({-1/4+*|pass} + 3/2) == leftstop({-1/4+*|pass}) + 3/2  [✓]
            rightstop(+-{5|pass} + 1) == -4under  [✓]
            leftstop(over + 7/4) == 7/4over  [✓]
            degree(3/2)  [= 0 · P]
            variety(*)  [= 0 · P]
            variety({0|||0||0|{|pass}})  [error loopy: `{0|||0||0|{|pass}}`: the variety is defined only when the degree D is idempotent (D + D = D) (outcome none)]
            leftstop(dud)  [error loopy: `dud` is dud, a loopy game that is not a stopper: `leftstop` is defined for stoppers (outcome none)]
            degree(graph[1->2] from=1)  [error loopy: `graph[1->2] from=1` is win, a game on a graph: `degree` is defined for stoppers (outcome none)]
        "#]],
    );
}

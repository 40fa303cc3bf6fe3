//! The structure of short games as functions of the language (docs/src/reference/functions.md): published values
//! (CGSuite, CGT ch. II, ONAG), errors for arguments out of their domain, the general
//! compounds beside the heap ones, and `explain`. Each statement's result is spliced after it,
//! `[= value · outcome]`, `[✓]` or `[error code: message]` (`UPDATE_EXPECT=1` to accept).

use cgt_eval::{CheckStatus, Config, evaluate};
use expect_test::{Expect, expect};

fn check(src: &str, want: Expect) {
    let reports = evaluate(src, &Config::default());
    let mut out = String::new();
    for r in &reports {
        let result = match (r.diagnostics.first(), r.check) {
            (Some(d), _) => format!("{} {}: {}", if r.has_error() { "error" } else { "warning" }, d.code, d.message),
            (None, Some(CheckStatus::Passed)) => "✓".to_string(),
            _ => format!("= {} · {}", r.value.as_deref().unwrap_or("?"), r.outcome.as_deref().unwrap_or("-")),
        };
        out.push_str(&format!("{}  [{result}]\n", r.source));
    }
    want.assert_eq(&out);
}

#[test]
fn published_values() {
    check(
        "heat(*2, 2) == +-{2,{4|0}}
norton(1/2, ^) == {^^*|v*}
conway(*19, *23) == *86
conway(*4, *4) == *6
pow(^, 3) == ^<3>
powto(^, 3) == ^[3]
cool({3||2*|1*}, 1/2) == {5/2|2*}
rcf({3||2*|1*}) == {3||2|1}
cool({3|-2}, 1) == {2|-1}
heat(*, 2) == +-2
rcf({1|0} + ^) == {1|0}
conjunctive(+-1, ^^) == {0|-1}
tiny(2) == {0||0|-2}
born(3) == 1474
selective(*5, *6) == *11",
        expect![[r#"
            heat(*2, 2) == +-{2,{4|0}}  [✓]
            norton(1/2, ^) == {^^*|v*}  [✓]
            conway(*19, *23) == *86  [✓]
            conway(*4, *4) == *6  [✓]
            pow(^, 3) == ^<3>  [✓]
            powto(^, 3) == ^[3]  [✓]
            cool({3||2*|1*}, 1/2) == {5/2|2*}  [✓]
            rcf({3||2*|1*}) == {3||2|1}  [✓]
            cool({3|-2}, 1) == {2|-1}  [✓]
            heat(*, 2) == +-2  [✓]
            rcf({1|0} + ^) == {1|0}  [✓]
            conjunctive(+-1, ^^) == {0|-1}  [✓]
            tiny(2) == {0||0|-2}  [✓]
            born(3) == 1474  [✓]
            selective(*5, *6) == *11  [✓]
        "#]],
    );
}

#[test]
fn values_as_printed() {
    check(
        "tiny(2)\nTiny(1)\nMiny(2)\n2Tiny(2)\npow(^, 2)\npowto(^, 2)\npowto(^, 0)\nfreeze({3|-2})\nfreeze(5)\n\
         overheat(7/16, 0, 0)\nleftincentives({3|-2})\nrightincentives({2|{1|0}})\nleftincentives(0)\n\
         uptimal(^[3] + ^<2> + *)\nuptimal(v<2>)\nuptimal(*3)\nuptimal(0)\nborn(0)\nborn(1)\nborn(2)\nconway(2, 3/4)\n\
         norton(3, ^)\nnorton(-2, *)\nheat(1/2, 5)",
        expect![[r#"
            tiny(2)  [= Tiny(2) · L]
            Tiny(1)  [= Tiny(1) · L]
            Miny(2)  [= Miny(2) · R]
            2Tiny(2)  [= 2Tiny(2) · L]
            pow(^, 2)  [= ^<2> · L]
            powto(^, 2)  [= ^[2] · L]
            powto(^, 0)  [= 0 · P]
            freeze({3|-2})  [= 1/2* · L]
            freeze(5)  [= 5 · L]
            overheat(7/16, 0, 0)  [= ^[3] · L]
            leftincentives({3|-2})  [= [{5|0}] · -]
            rightincentives({2|{1|0}})  [= [{1,{2|1}|0}] · -]
            leftincentives(0)  [= [] · -]
            uptimal(^[3] + ^<2> + *)  [= ^<1> + 2·^<2> + ^<3> + * · -]
            uptimal(v<2>)  [= v<2> · -]
            uptimal(*3)  [= *3 · -]
            uptimal(0)  [= 0 · -]
            born(0)  [= 1 · -]
            born(1)  [= 4 · -]
            born(2)  [= 22 · -]
            conway(2, 3/4)  [= 3/2 · L]
            norton(3, ^)  [= ^3 · L]
            norton(-2, *)  [= 0 · P]
            heat(1/2, 5)  [= 1/2 · L]
        "#]],
    );
}

#[test]
fn arguments_out_of_their_domain() {
    check(
        "cool({3|-2}, -2)\ncool({3|-2}, *)\nnorton(*, ^)\nnorton(1/2, v)\npow(^, 0)\npow(^, -1)\npow(^, 1/2)\n\
         pow({1|0}, 2)\nborn(4)\nborn(*)\nuptimal({1|0})\nuptimal({0|{0|-1}} + {0|{0|-2}})\ntiny(2, 3)\ncool(1)\n\
         overheat(1, 2)\nexplain()\nexplain(grundy(*3))\nleftincentives(outcome(*))",
        expect![[r#"
            cool({3|-2}, -2)  [error argument: cooling is defined for t > -1, but t is -2]
            cool({3|-2}, *)  [error argument: the temperature to cool by must be a number, but it is *]
            norton(*, ^)  [error argument: the first argument of the Norton product must be a number, but it is *]
            norton(1/2, v)  [error argument: the Norton product by a number that is not an integer needs U > 0, but it is v]
            pow(^, 0)  [error argument: pow(G, n) needs n >= 1]
            pow(^, -1)  [error argument: `-1` is -1, not a whole number >= 0]
            pow(^, 1/2)  [error argument: `1/2` is 1/2, not a whole number >= 0]
            pow({1|0}, 2)  [error argument: pow and powto need a game of the form {0 | H}, but it is {1|0}]
            born(4)  [error argument: born(4) is too large to compute: only days up to 3 are counted (more than 10^12 games are born by day 4)]
            born(*)  [error argument: `*` is *, not a whole number >= 0]
            uptimal({1|0})  [error argument: uptimal(G) needs an infinitesimal G, but it is {1|0}]
            uptimal({0|{0|-1}} + {0|{0|-2}})  [error argument: uptimal(G) needs a sum of up-nths and a nimber, but it is {Tiny(1)||Tiny(1)|-2Tiny(1)}]
            tiny(2, 3)  [error arity: `tiny` takes one game]
            cool(1)  [error arity: `cool` takes two games]
            overheat(1, 2)  [error arity: `overheat` takes three games: G, s and t]
            explain()  [error arity: `explain` takes one game]
            explain(grundy(*3))  [error type: `grundy(*3)` is 3: a Grundy value, a plain number, not a game]
            leftincentives(outcome(*))  [error type: `outcome(*)` is N: an outcome, not a game]
        "#]],
    );
}

#[test]
fn compounds_of_heaps_and_of_games() {
    check(
        "selective(nim[3], nim[4])\nselective(nim[3], *4)\nselective(*5, *6)\nselective(1, -1)\nconjunctive(nim[3], nim[4])\n\
         conjunctive(*3, *4)\nconjunctive(+-1, ^^)\nconjunctive(*, *, nim[1])\nselective(*, *, *)\nmisere selective(*, *)",
        expect![[r#"
            selective(nim[3], nim[4])  [= N · N]
            selective(nim[3], *4)  [= *7 · N]
            selective(*5, *6)  [= *11 · N]
            selective(1, -1)  [= 0 · P]
            conjunctive(nim[3], nim[4])  [= N · N]
            conjunctive(*3, *4)  [= *3 · N]
            conjunctive(+-1, ^^)  [= {0|-1} · N]
            conjunctive(*, *, nim[1])  [= N · N]
            selective(*, *, *)  [= N · N]
            misere selective(*, *)  [= N · N]
        "#]],
    );
}

#[test]
fn explain_names_each_step() {
    let text = |src: &str| {
        let reports = evaluate(src, &Config::default());
        assert!(reports.iter().all(|r| r.diagnostics.is_empty()), "{src}: {:?}", reports[0].diagnostics);
        reports.last().and_then(|r| r.value.clone()).expect("a value")
    };
    let dominated = text("explain({0, -1 | 1})");
    assert!(dominated.contains("Left's option `-1` is dominated by `0`"), "{dominated}");
    assert!(dominated.ends_with("The canonical form is `1/2`"), "{dominated}");
    let reversible = text("explain({^ | v})");
    assert!(reversible.contains("Left's option `^` is reversible through `*`"), "{reversible}");
    assert!(reversible.contains("Right's option `v` is reversible through `*`"), "{reversible}");
    assert!(reversible.ends_with("the canonical form is `*`"), "{reversible}");
    let simplest = text("explain({0 | 1})");
    assert!(simplest.contains("`{0|1}` is the simplest number between `0` and `1`: `1/2`"), "{simplest}");
    let sum = text("explain({1 | 0} + 1/2)");
    assert!(sum.contains("number avoidance"), "{sum}");
    assert!(sum.contains("the canonical form is `{3/2|1/2}`"), "{sum}");
    // A sum names each player's winning move by its term; a ruleset position in its notation.
    assert!(sum.ends_with("Left wins moving first: in term 1, `{1 | 0}` → `1`, leaving `3/2` (>= 0)\nRight has no winning move moving first: no Right move leaves a position <= 0"), "{sum}");
    let toads = text("explain(toads[\"TT.F\"])");
    assert!(
        toads.ends_with("Right wins moving first: `toads[\"TT.F\"]` → `toads[\"TTF.\"]`, of value `0` (<= 0)"),
        "{toads}"
    );
    // A `let` name is explained from the form it was written in (its options as written);
    // a difference from the sum with the negative.
    let named = text("let g = {0, -1 | 1}\nexplain(g)");
    assert_eq!(named, dominated, "a name is explained as its literal is");
    let difference = text("explain(* - *)");
    assert!(difference.starts_with("G = `* + *`"), "{difference}");
}

#[test]
fn explanations_beside_game_statements_with_details() {
    let config = Config { details: true, ..Config::default() };
    let reports = evaluate("{0, -1 | 1}\nlet x = * + *\nx == 0\ngrundy(*3)\nexplain(*)\n{1|}\n", &config);
    let first = &reports[0].explanation;
    assert_eq!(first.first().map(String::as_str), Some("G = `{0,-1|1}`"));
    assert!(first.iter().any(|l| l.contains("dominated")), "{first:?}");
    assert!(reports[1].explanation.iter().any(|l| l.contains("reversible")), "{:?}", reports[1].explanation);
    assert_eq!(reports[2].explanation.first().map(String::as_str), Some("G = `{|}`"));
    // Not games: no explanation; `{1|}` is explained by the simplicity rule.
    assert!(reports[3].explanation.is_empty() && reports[4].explanation.is_empty());
    assert!(reports[5].explanation.iter().any(|l| l.contains("simplest number")), "{:?}", reports[5].explanation);
    // Without details there is none.
    assert!(evaluate("{0, -1 | 1}", &Config::default())[0].explanation.is_empty());
}

#[test]
fn ordinal_products_and_companions_as_cgsuite_gives_them() {
    // CGSuite's test suite: CompoundGameTestCase (OrdinalProduct) and CanonicalShortGameTestCase
    // (Companion), each input with the result CGSuite prints for it.
    check(
        "companion(0) == *\n\
         companion(5) == 5\n\
         companion(-1823437481924) == -1823437481924\n\
         companion(-1/2) == -1/2\n\
         companion(25/16) == 25/16\n\
         companion(*8) == *8\n\
         companion(9/8*) == 9/8*\n\
         companion(^) == ^*\n\
         companion(v*) == v\n\
         companion(6^*) == 6^*\n\
         companion(^*6) == ^*6\n\
         companion(73/16v9*8) == 73/16v9*8\n\
         companion(^[4]) == ^[4]*\n\
         companion({0||0|v*}) == {0|^<2>*}\n\
         companion({0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}) == {0,{0,*||*,v|vv*}||{0,*||*,v|vv*|||vv*,{*,v|vv*}},{0,*||*,v|vv*}|{0,*||*,v|vv*|||vv*,{*,v|vv*}||||vv*}}\n\
         companion({0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}) == {0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}\n\
         companion({0||0|vvv}) == {0,*||*|v3*}\n\
         companion({^^^|vv}) == {^3*|vv*}\n\
         companion({0||0|-3/2}) == {0,*||*|-3/2}\n\
         companion({0|||0||-1|-3}) == {0,*|||*||-1|-3}\n\
         companion({5||3|1|||0||||0}) == {5||3|1|||*||||0,*}\n\
         companion({1|^^||^}) == {1|^^*||^*}\n\
         companion({1|^^^||^}) == {1|^3*||^*}\n\
         companion({3||2+*|1+*}) == {3||2*|1*}\n\
         companion({3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}) == {3/2*|1/2||{*|-3},{-1*,{-1/2|-1*}|-5/2}}\n\
         ordinalproduct(1/2, 1/4) == 11/32\n\
         ordinalproduct(*5, *6) == *30\n\
         ordinalproduct(+-1, ^^) == +-1\n\
         ordinalproduct({1|0}, 0) == 0\n\
         ordinalproduct({*|*}, 3) == 0\n\
         ordinalproduct(*2, *5) == *10",
        expect![[r#"
            companion(0) == *  [✓]
            companion(5) == 5  [✓]
            companion(-1823437481924) == -1823437481924  [✓]
            companion(-1/2) == -1/2  [✓]
            companion(25/16) == 25/16  [✓]
            companion(*8) == *8  [✓]
            companion(9/8*) == 9/8*  [✓]
            companion(^) == ^*  [✓]
            companion(v*) == v  [✓]
            companion(6^*) == 6^*  [✓]
            companion(^*6) == ^*6  [✓]
            companion(73/16v9*8) == 73/16v9*8  [✓]
            companion(^[4]) == ^[4]*  [✓]
            companion({0||0|v*}) == {0|^<2>*}  [✓]
            companion({0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}) == {0,{0,*||*,v|vv*}||{0,*||*,v|vv*|||vv*,{*,v|vv*}},{0,*||*,v|vv*}|{0,*||*,v|vv*|||vv*,{*,v|vv*}||||vv*}}  [✓]
            companion({0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}) == {0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}  [✓]
            companion({0||0|vvv}) == {0,*||*|v3*}  [✓]
            companion({^^^|vv}) == {^3*|vv*}  [✓]
            companion({0||0|-3/2}) == {0,*||*|-3/2}  [✓]
            companion({0|||0||-1|-3}) == {0,*|||*||-1|-3}  [✓]
            companion({5||3|1|||0||||0}) == {5||3|1|||*||||0,*}  [✓]
            companion({1|^^||^}) == {1|^^*||^*}  [✓]
            companion({1|^^^||^}) == {1|^3*||^*}  [✓]
            companion({3||2+*|1+*}) == {3||2*|1*}  [✓]
            companion({3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}) == {3/2*|1/2||{*|-3},{-1*,{-1/2|-1*}|-5/2}}  [✓]
            ordinalproduct(1/2, 1/4) == 11/32  [✓]
            ordinalproduct(*5, *6) == *30  [✓]
            ordinalproduct(+-1, ^^) == +-1  [✓]
            ordinalproduct({1|0}, 0) == 0  [✓]
            ordinalproduct({*|*}, 3) == 0  [✓]
            ordinalproduct(*2, *5) == *10  [✓]
        "#]],
    );
}

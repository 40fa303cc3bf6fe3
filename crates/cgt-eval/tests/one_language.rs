//! One language (docs/src/reference/language.md): ruleset positions take computed arguments in
//! every place (a `let` name at the top level, a parameter or a `for` variable in definitions
//! and comprehensions), and definitions call every built-in function with values computed in
//! their bodies. Each form is checked against the same position or call written out.

use cgt_eval::{Config, evaluate};
use cgt_testkit::Rng;

/// The value, or the first diagnostic's message, of each statement.
fn results(src: &str) -> Vec<String> {
    evaluate(src, &Config::default())
        .iter()
        .map(|r| match r.diagnostics.first() {
            Some(d) => format!("error: {}", d.message),
            None => r.value.clone().unwrap_or_default(),
        })
        .collect()
}

/// The values of `exprs`, each written out as its own statement.
fn one_by_one(exprs: &[String]) -> Vec<String> {
    results(&exprs.iter().map(|e| format!("{e}\n")).collect::<String>())
}

#[test]
fn let_names_in_ruleset_brackets_equal_the_numbers_written_out() {
    let mut rng = Rng::new(35);
    for _ in 0..12 {
        let (k, r, c) = (rng.below(12), 1 + rng.below(3), 1 + rng.below(4));
        let src = format!(
            "let k = {k}\nlet r = {r}\nlet c = {c}\nkayles[k]\ndomineering[r x c]\nnim[k, r, c]\nstones[k] take=[1, r]\n"
        );
        let got = results(&src);
        let want = one_by_one(&[
            format!("kayles[{k}]"),
            format!("domineering[{r}x{c}]"),
            format!("nim[{k}, {r}, {c}]"),
            format!("stones[{k}] take=[1, {r}]"),
        ]);
        assert_eq!(got[3..], want[..], "k={k} r={r} c={c}");
    }
}

#[test]
fn functions_of_forms_see_the_position_a_let_name_sizes() {
    // `genus` and `misere` depend on the position, not only on its value (kayles[5] = *4).
    let got = results("let k = 5\ngenus(kayles[k])\nmisere kayles[k]\n");
    let want = one_by_one(&["genus(kayles[5])".into(), "misere kayles[5]".into()]);
    assert_eq!(got[1..], want[..]);
    assert_ne!(got[1], results("genus(*4)\n")[0], "the genus of the position, not of its value");
}

#[test]
fn comprehensions_build_positions_from_their_variables() {
    let mut rng = Rng::new(3500);
    for _ in 0..6 {
        let (a, b) = (rng.below(4), 1 + rng.below(3));
        let lists = [
            (format!("[kayles[n] for n in 0..{}]", a + 4), (0..=a + 4).map(|n| format!("kayles[{n}]")).collect()),
            (
                format!("[domineering[r x c] for r in 1..{b} for c in 1..3]"),
                (1..=b).flat_map(|r| (1..=3).map(move |c| format!("domineering[{r}x{c}]"))).collect::<Vec<_>>(),
            ),
            (
                format!("[genus(kayles[n]) for n in {a}..{}]", a + 5),
                (a..=a + 5).map(|n| format!("genus(kayles[{n}])")).collect(),
            ),
            (format!("[wythoff[{a}, c] for c in 0..4]"), (0..=4).map(|c| format!("wythoff[{a}, {c}]")).collect()),
        ];
        for (list, items) in lists {
            let got = results(&format!("{list}\n")).pop().unwrap();
            let want =
                format!("[{}]", one_by_one(&items).iter().map(|v| strip_class(v)).collect::<Vec<_>>().join(", "));
            assert_eq!(got, want, "{list}");
        }
    }
}

/// A statement's value without its outcome class and move (`*4 · N · winning move ...` → `*4`).
fn strip_class(v: &str) -> String {
    v.split(" · ").next().unwrap_or(v).to_string()
}

#[test]
fn definitions_return_positions_and_still_index_their_lists() {
    let got = results(
        "def f(n) = kayles[n]\nf(7)\ndef g(xs, i) = xs[i]\ng([4, 5, 6], 2)\n[outcome(domineering[n x n]) for n in 1..4]\n",
    );
    assert_eq!(strip_class(&got[1]), strip_class(&results("kayles[7]\n")[0]));
    assert_eq!(strip_class(&got[3]), "6");
    let outcomes: Vec<String> =
        (1..=4).map(|n| strip_class(&results(&format!("outcome(domineering[{n}x{n}])\n"))[0])).collect();
    assert_eq!(got[4], format!("[{}]", outcomes.join(", ")));
}

#[test]
fn a_word_that_names_nothing_keeps_its_meaning_in_the_notation() {
    let got = results("let B = 2\nclobber[\"WB\"]\n[toppling[BW] for n in 1..1]\n");
    assert_eq!(strip_class(&got[1]), strip_class(&results("clobber[\"WB\"]\n")[0]));
    assert_eq!(got[2], format!("[{}]", strip_class(&results("toppling[BW]\n")[0])));
}

#[test]
fn unknown_names_and_values_that_are_not_arguments_say_so() {
    let got = results("[foo[n] for n in 1..2]\n[kayles[x] for x in [*2]]\n");
    assert!(got[0].contains("unknown name `foo`"), "{}", got[0]);
    assert!(got[1].contains("a ruleset's brackets take whole numbers and strings"), "{}", got[1]);
}

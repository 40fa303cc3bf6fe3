//! One language (docs/src/reference/language.md): ruleset positions take computed arguments in
//! every place (a `let` name at the top level, a parameter or a `for` variable in definitions
//! and comprehensions), and definitions call every built-in function with values computed in
//! their bodies. Each form is checked against the same position or call written out.

use cgt_eval::{CheckStatus, Config, evaluate};
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

#[test]
fn integer_multiples_equal_repeated_sums_in_both_languages() {
    let games = ["^", "*", "{1 | 0}", "{2 | -1}", "1/2", "^*", "{0 | ^}", "-3/4"];
    let mut rng = Rng::new(3535);
    for _ in 0..16 {
        let g = games[rng.index(games.len())];
        let n = rng.below(6);
        let sum = if n == 0 { "0".to_string() } else { vec![format!("({g})"); n as usize].join(" + ") };
        let src = format!("{n} * {g} == {sum}\n-{n} * {g} == -({sum})\n[k * ({g}) for k in {n}..{n}] == [{sum}]\n");
        for (i, r) in evaluate(&src, &Config::default()).iter().enumerate() {
            assert!(r.diagnostics.is_empty(), "{n} * {g}, line {i}: {:?}", r.diagnostics);
            assert_eq!(r.check, Some(cgt_eval::CheckStatus::Passed), "{n} * {g}, line {i}");
        }
    }
    // A star right after a number is still that number plus star.
    assert_eq!(strip_class(&results("3*\n")[0]), "3*");
    assert_eq!(strip_class(&results("[3*, 2 * 3]\n")[0]), "[3*, 6]");
}

#[test]
fn builtins_of_definitions_work_in_statements() {
    let got = results("let L = [3, 1, 2]\nsum([x for x in 1..10])\nmex([0, 1, 3]) + 1\nlen(L)\nmax(L)\nisqrt(99)\n");
    let got: Vec<String> = got.iter().map(|v| strip_class(v)).collect();
    assert_eq!(got[1..], ["55", "3", "3", "3", "9"]);
    let mut rng = Rng::new(9);
    for _ in 0..50 {
        let n = rng.next_u64() >> rng.below(60);
        let want = (n as f64).sqrt() as u64;
        let want =
            (want.saturating_sub(2)..=want + 2).filter(|r| (*r as u128) * (*r as u128) <= n as u128).max().unwrap();
        assert_eq!(strip_class(&results(&format!("isqrt({n})\n"))[0]), want.to_string(), "isqrt({n})");
    }
}

#[test]
fn a_definition_that_hides_a_built_in_is_warned_at_its_name_and_is_used() {
    let src = "def temp(g) = 3\ntemp({1 | 0})\nrule kayles(n) = [n - 1]\ndef sum(xs) = 7\nsum([1])\ndef mine(g) = 1\n";
    let r = evaluate(src, &Config::default());
    for (line, hidden) in [(0, "function `temp`"), (2, "ruleset `kayles`"), (3, "`sum` of the definition language")] {
        let d = &r[line].diagnostics;
        assert_eq!(d.len(), 1, "line {line}: {d:?}");
        assert_eq!(d[0].severity, cgt_syntax::Severity::Warning);
        assert!(d[0].message.contains(hidden), "{}", d[0].message);
        let name = src.lines().nth(line).unwrap().split(['(', ' ']).nth(1).unwrap();
        assert_eq!(&src.lines().nth(line).unwrap()[d[0].span.start - offset(src, line)..][..name.len()], name);
        assert!(!r[line].is_incomplete(), "a warning does not fail the file");
    }
    assert_eq!(strip_class(r[1].value.as_deref().unwrap()), "3");
    assert_eq!(strip_class(r[4].value.as_deref().unwrap()), "7");
    assert!(r[5].diagnostics.is_empty());
}

/// The offset of line `line` in `src`.
fn offset(src: &str, line: usize) -> usize {
    src.lines().take(line).map(|l| l.len() + 1).sum()
}

#[test]
fn functions_apply_to_loopy_games_as_the_theory_defines_them() {
    let loopy =
        ["over", "under", "on", "off", "upon", "5over", "3/2under", "{0 | over}", "{on | 0}", "^[on]", "-over + 1"];
    for g in loopy {
        let out = strip_class(&results(&format!("outcome({g})\n"))[0]);
        // `G is X` is the independent decision of the same class.
        let holds: Vec<&str> = ["L", "R", "P", "N"]
            .into_iter()
            .filter(|x| {
                let r = evaluate(&format!("{g} is {x}\n"), &Config::default());
                r[0].check == Some(cgt_eval::CheckStatus::Passed)
            })
            .collect();
        assert_eq!(holds, [out.as_str()], "outcome({g})");
        // Tiny and Miny of a stopper are the literals around it.
        for (f, lit) in [("Tiny", format!("{{0 || 0 | -({g})}}")), ("Miny", format!("{{{g} | 0 || 0}}"))] {
            let r = evaluate(&format!("{f}({g}) == {lit}\n"), &Config::default());
            assert_eq!(r[0].check, Some(cgt_eval::CheckStatus::Passed), "{f}({g}): {:?}", r[0].diagnostics);
        }
    }
    assert_eq!(strip_class(&results("outcome(dud)\n")[0]), "D");
    assert_eq!(results("[outcome(g) for g in [over, under, 0]]\n")[0], "[L, R, P]");
}

#[test]
fn a_stopper_is_the_game_of_its_listed_options() {
    for g in ["over", "under", "on", "off", "upon", "5over", "3/2under", "{0 | over}", "^[on]*", "{on | 0}"] {
        let listed = strip_class(&results(&format!("options({g})\n"))[0]);
        let (left, right) = listed
            .strip_prefix("Left: ")
            .and_then(|s| s.split_once("; Right: "))
            .unwrap_or_else(|| panic!("options({g}) = {listed}"));
        let side = |s: &str| if s == "none" { String::new() } else { s.to_string() };
        let check = format!("{{{} | {}}} == {g}\n", side(left), side(right));
        let r = evaluate(&check, &Config::default());
        assert_eq!(r[0].check, Some(cgt_eval::CheckStatus::Passed), "{check}: {:?}", r[0].diagnostics);
    }
}

#[test]
fn let_binds_what_the_definition_language_computes() {
    let got =
        results("let L = [x times x for x in 1..5]\nsum(L)\nlet s = \"TT..FF\"\nlen(s)\n[toads[s]]\nlet M = [1, 2]\n");
    assert_eq!(got[0], "[1, 4, 9, 16, 25]");
    assert_eq!(strip_class(&got[1]), "55");
    assert_eq!(strip_class(&got[3]), "6");
    assert_eq!(got[4], format!("[{}]", strip_class(&results("toads[\"TT..FF\"]\n")[0])));
    assert_eq!(got[5], "[1, 2]");
}

#[test]
fn while_stops_its_for_at_the_first_false_value() {
    // Subtract-a-square three ways: filtered, stopped early, and bounded by isqrt.
    let src = "rule a(n) = [n - k times k for k in 1..n if k times k <= n]\n\
               rule b(n) = [n - k times k for k in 1..n while k times k <= n]\n\
               rule c(n) = [n - k times k for k in 1..isqrt(n)]\n\
               grundy(a, 0..300) == grundy(b, 0..300)\ngrundy(b, 0..2000) == grundy(c, 0..2000)\n";
    for r in &evaluate(src, &Config::default())[3..] {
        assert_eq!(r.check, Some(cgt_eval::CheckStatus::Passed), "{:?}", r.diagnostics);
    }
    let mut rng = Rng::new(77);
    for _ in 0..20 {
        let (n, m) = (rng.below(20), rng.below(30));
        let got = results(&format!("[(a, b) for a in 0..{n} for b in 0..{m} while b times b <= a]\n"));
        let want: Vec<String> =
            (0..=n).flat_map(|a| (0..=m).take_while(move |b| b * b <= a).map(move |b| format!("({a}, {b})"))).collect();
        assert_eq!(got[0], format!("[{}]", want.join(", ")), "n={n} m={m}");
    }
}

/// A call of each built-in function from a definition's body: the definition's parameters,
/// its body, the arguments it is called with, and the same call written out as a statement.
const CALLS_FROM_BODIES: &[(&str, &str, &str, &str, &str)] = &[
    ("outcome", "n", "outcome({n | -1})", "3", "outcome({3 | -1})"),
    ("cf", "n", "cf({n | n})", "3", "cf({3 | 3})"),
    ("options", "n", "options({n | 0, -n})", "3", "options({3 | 0, -3})"),
    ("birthday", "n", "birthday({n | -n})", "3", "birthday({3 | -3})"),
    ("leftstop", "n", "leftstop({n | -n})", "3", "leftstop({3 | -3})"),
    ("rightstop", "n", "rightstop({n | -n})", "3", "rightstop({3 | -3})"),
    ("mean", "n", "mean({n | 1})", "3", "mean({3 | 1})"),
    ("temp", "n", "temp({n | -n})", "3", "temp({3 | -3})"),
    ("thermograph", "n", "thermograph({n | -n})", "3", "thermograph({3 | -3})"),
    ("atomic", "n", "atomic(n * {0 | *})", "3", "atomic(3 * {0 | *})"),
    ("cool", "n", "cool({n | -n}, n - 2)", "3", "cool({3 | -3}, 1)"),
    ("heat", "n", "heat({n | -n}, n - 2)", "3", "heat({3 | -3}, 1)"),
    ("overheat", "n", "overheat({n | -n}, 1, n - 2)", "3", "overheat({3 | -3}, 1, 1)"),
    ("freeze", "n", "freeze({n | -n})", "3", "freeze({3 | -3})"),
    ("rcf", "n", "rcf({n | -n})", "3", "rcf({3 | -3})"),
    ("leftincentives", "n", "leftincentives({n | -n})", "3", "leftincentives({3 | -3})"),
    ("rightincentives", "n", "rightincentives({n | -n})", "3", "rightincentives({3 | -3})"),
    ("tiny", "n", "tiny(n + 1)", "3", "tiny(4)"),
    ("miny", "n", "Miny(n + 1)", "3", "miny(4)"),
    ("pow", "n", "pow({0 | *}, n - 1)", "3", "pow({0 | *}, 2)"),
    ("powto", "n", "powto({0 | *}, n - 1)", "3", "powto({0 | *}, 2)"),
    ("uptimal", "n", "uptimal(n * {0 | *})", "3", "uptimal(3 * {0 | *})"),
    ("norton", "n", "norton(n, {1 | 0})", "3", "norton(3, {1 | 0})"),
    ("conway", "n", "conway(n, n + 1)", "3", "conway(3, 4)"),
    ("ordinalproduct", "n", "ordinalproduct(n, n + 1)", "3", "ordinalproduct(3, 4)"),
    ("companion", "n", "companion(n * {0 | *})", "3", "companion(3 * {0 | *})"),
    ("born", "n", "born(n - 1)", "3", "born(2)"),
    ("explain", "n", "explain({n | -n})", "3", "explain({3 | -3})"),
    ("grundy", "n", "grundy(kayles[n] + *)", "3", "grundy(kayles[3] + *)"),
    ("period", "n", "period(kayles)", "3", "period(kayles)"),
    ("nimsum", "n", "nimsum(n, n + 2)", "3", "nimsum(3, 5)"),
    ("nimprod", "n", "nimprod(n, n + 2)", "3", "nimprod(3, 5)"),
    ("diminished", "a, b", "diminished(kayles[a], kayles[b])", "3, 4", "diminished(kayles[3], kayles[4])"),
    ("selective", "n", "selective(kayles[n], kayles[n])", "3", "selective(kayles[3], kayles[3])"),
    ("shortened", "a, b", "shortened(kayles[a], kayles[b])", "3, 5", "shortened(kayles[3], kayles[5])"),
    ("conjunctive", "n", "conjunctive(kayles[n], kayles[n])", "3", "conjunctive(kayles[3], kayles[3])"),
    ("continued", "a, b", "continued(kayles[a], kayles[b])", "3, 4", "continued(kayles[3], kayles[4])"),
    ("genus", "n", "genus(kayles[n + 1])", "3", "genus(kayles[4])"),
    ("mate", "n", "mate(kayles[n])", "3", "mate(kayles[3])"),
    ("miserenim", "n", "miserenim(kayles[n])", "3", "miserenim(kayles[3])"),
    ("quotient", "n", "quotient(kayles, n + 1)", "3", "quotient(kayles, 4)"),
    ("onside", "n", "onside({n | -n})", "3", "onside({3 | -3})"),
    ("degree", "n", "degree({n | over})", "3", "degree({3 | over})"),
    ("variety", "n", "variety({n | {n | off}})", "3", "variety({3 | {3 | off}})"),
    ("leftstop", "n", "leftstop({over | n})", "3", "leftstop({over | 3})"),
    ("offside", "n", "offside({n | -n})", "3", "offside({3 | -3})"),
    ("tex", "n", "tex({n | -n})", "3", "tex({3 | -3})"),
];

/// A statement's value without the outcome class and the extras after ` · `: a definition's
/// whole-number result is a game (with its class), a statement's a plain number.
fn value_part(v: &str) -> &str {
    v.split(" · ").next().unwrap_or(v)
}

#[test]
fn definitions_call_every_built_in_function_with_values_computed_in_their_bodies() {
    let mut src = String::new();
    for (i, (_, params, body, args, _)) in CALLS_FROM_BODIES.iter().enumerate() {
        src.push_str(&format!("def call{i}({params}) = {body}\ncall{i}({args})\n"));
    }
    let got = results(&src);
    let want = one_by_one(&CALLS_FROM_BODIES.iter().map(|c| c.4.to_string()).collect::<Vec<_>>());
    for (i, (name, ..)) in CALLS_FROM_BODIES.iter().enumerate() {
        let (g, w) = (&got[2 * i + 1], &want[i]);
        assert!(!w.starts_with("error") && !g.starts_with("error"), "{name}: {g} / {w}");
        assert_eq!(value_part(g), value_part(w), "{name} from a definition's body");
    }
    // Every function of the registry has its case, but `table`, a statement of its own.
    for f in cgt_eval::functions() {
        let has_case = CALLS_FROM_BODIES.iter().any(|c| c.0 == f.name);
        assert!(has_case || f.name == "table", "no call of `{}` from a definition's body", f.name);
    }
    let table = results("def t(n) = table([[n]])\nt(3)\n");
    assert!(table[1].contains("`table(...)` is a statement of its own"), "{}", table[1]);
}

#[test]
fn rule_names_are_arguments_inside_definitions() {
    let src = "rule sq(n) = [n - k times k for k in 1..isqrt(n)]\n\
               [grundy(sq, n) for n in 0..30]\n\
               grundy(sq, 0..30)\n\
               def k(n) = grundy(kayles, n)\n\
               [k(n) for n in 0..30]\n\
               grundy(kayles, 0..30)\n";
    let got = results(src);
    assert_eq!(got[1], value_part(&got[2]), "a user rule by its name");
    assert_eq!(got[4], value_part(&got[5]), "a ruleset by its name");
    // A name that is a value in scope stays the value: here `kayles` is a parameter.
    let shadow = results("def f(kayles) = kayles + 1\nf(2)\n");
    assert_eq!(value_part(&shadow[1]), "3");
}

/// The game notation of statements, written in a definition's body with a parameter `n` where
/// a statement has a number (docs/src/reference/language.md, "The definition language").
const GAME_FORMS: &[&str] = &[
    "{n || n | off}",
    "{n ||| n | 0 || -n}",
    "{0, pass | n, {pass | n}}",
    "{n | pass}",
    "{pass | n, pass}",
    "over + n",
    "n - over",
    "-({n | pass})",
    "+-{n | pass}",
    "+-{n | -n}",
    "n * over",
    "n * {1 | pass}",
    "{n | pass} >= n",
    "{n | pass} > n",
    "over + n == {n | pass}",
    "on & n",
    "(n & 0) + 1",
    "n : 1/2",
    "{n | pass} : 1",
    "n * ^<3>",
    "n * ^[2] + v<2>",
    "↓[2] + n",
    "v[2] + n",
    "5over + n",
    "n + 3/2under",
    "[x : 1 for x in 0..n]",
    "graph[1->2, 2->1] from=1 + *",
    "upon + n",
    "{n | upon}",
    "a{n | a}",
    "x{ { x | n } | }",
    "a{ b{ a | b } | n }",
    "p{ 0, {p | n} | pass }",
];

/// `form` with the parameter `n` (a letter alone, not inside a word) replaced by `k`.
fn with_n(form: &str, k: u64) -> String {
    let chars: Vec<char> = form.chars().collect();
    let word = |i: Option<usize>| i.and_then(|i| chars.get(i)).is_some_and(|c| c.is_alphanumeric() || *c == '_');
    let mut out = String::new();
    for (i, &c) in chars.iter().enumerate() {
        if c == 'n' && !word(i.checked_sub(1)) && !word(Some(i + 1)) {
            out.push_str(&k.to_string());
        } else {
            out.push(c);
        }
    }
    out
}

#[test]
fn game_notation_in_definition_bodies_is_the_statements_notation() {
    let mut rng = Rng::new(36);
    for (i, form) in GAME_FORMS.iter().enumerate() {
        let n = rng.below(4);
        let src = format!("def f{i}(n) = {form}\nf{i}({n})\n");
        let got = results(&src);
        let written = with_n(form, n);
        // A comparison is a check in a statement: it passes or fails.
        let check = evaluate(&written, &Config::default())[0].check;
        let want = &match check {
            Some(c) => (c == CheckStatus::Passed).to_string(),
            None => one_by_one(std::slice::from_ref(&written))[0].clone(),
        };
        assert!(!got[1].starts_with("error") && !want.starts_with("error"), "{form}: {} / {written}: {want}", got[1]);
        assert_eq!(value_part(&got[1]), value_part(want), "{form} with n = {n}, against {written}");
    }
}

#[test]
fn a_let_name_that_does_not_fit_a_position_leaves_the_words_as_written() {
    // `G` is a green box in `boxes[G]`; `let G = 1` does not make it `boxes[1]`, which is no
    // position. A name that fits (`kayles[k]`) is still read as its number.
    let got = results("boxes[G]\nlet G = 1\nboxes[G]\nlet k = 5\nkayles[k]\nkayles[5]\n");
    assert_eq!(got[0], got[2], "{got:?}");
    assert_eq!(value_part(&got[4]), value_part(&got[5]), "{got:?}");
}

//! Definitions written in the language (`def`, `rule`) against independent computations: the
//! built-in Cutcake, Lasker's Nim's closed form, Grundy's game's published values, the built-in
//! subtraction game; deep recursion, loopy self-reference and the call chain in errors.

use cgt_eval::{Config, evaluate};

/// The value, or the first diagnostic's message, of each statement.
fn results(src: &str, config: &Config) -> Vec<String> {
    evaluate(src, config)
        .iter()
        .map(|r| match r.diagnostics.first() {
            Some(d) => format!("error: {}", d.message),
            None => r.value.clone().unwrap_or_default(),
        })
        .collect()
}

fn last(src: &str) -> String {
    results(src, &Config::default()).pop().unwrap_or_default()
}

#[test]
fn cutcake_as_a_definition_agrees_with_the_ruleset() {
    let def = "def cutcake(w, h) = { cutcake(a, h) + cutcake(w - a, h) for a in 1..w-1 | cutcake(w, b) + cutcake(w, h - b) for b in 1..h-1 }\n";
    for w in 1..=5 {
        for h in 1..=5 {
            let src = format!("{def}cutcake({w}, {h}) == cutcake[{h}x{w}]\n");
            let r = evaluate(&src, &Config::default());
            assert!(r[1].diagnostics.is_empty(), "{w}x{h}: {:?}", r[1].diagnostics);
        }
    }
}

#[test]
fn eatcake_as_a_definition_agrees_with_the_ruleset() {
    // Eatcake (WW ch. 8): Left eats a column, Right a row, leaving the parts on either side.
    let def = "def eatcake(w, h) = if w == 0 or h == 0 then 0 else { eatcake(a, h) + eatcake(w - 1 - a, h) \
               for a in 0..w-1 | eatcake(w, b) + eatcake(w, h - 1 - b) for b in 0..h-1 }\n";
    for w in 1..=5 {
        for h in 1..=5 {
            let src = format!("{def}eatcake({w}, {h}) == eatcake[{h}x{w}]\n");
            let r = evaluate(&src, &Config::default());
            assert!(r[0].diagnostics.is_empty() && r[1].diagnostics.is_empty(), "{w}x{h}: {:?}", r[1].diagnostics);
            assert_eq!(r[1].check, Some(cgt_eval::CheckStatus::Passed), "{w}x{h}");
        }
    }
}

#[test]
fn lasker_rule_agrees_with_its_closed_form() {
    let got = last("rule lasker(n) = [n - k for k in 1..n] ++ [(a, n - a) for a in 1..n-1]\ngrundy(lasker, 0..60)\n");
    let want: Vec<String> = (0u64..=60)
        .map(|n| match n % 4 {
            0 if n > 0 => n - 1,
            3 => n + 1,
            _ => n,
        })
        .map(|g| g.to_string())
        .collect();
    assert_eq!(got, format!("[{}]", want.join(", ")));
}

#[test]
fn grundys_game_as_a_rule_gives_the_published_values() {
    let got = last("rule g(n) = [(a, n - a) for a in 1..n-1 if a != n - a]\ngrundy(g, 1..20)\n");
    assert_eq!(got, "[0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]");
}

#[test]
fn a_user_rule_equal_to_a_subtraction_game_gives_its_values() {
    let user = last("rule s(n) = [n - k for k in [1, 3, 4] if k <= n]\ngrundy(s, 0..200)\n");
    let built_in = last("grundy(stones take=[1, 3, 4], 0..200)\n");
    assert_eq!(user, built_in);
    assert_eq!(
        last("rule s(n) = [n - k for k in [1, 3, 4] if k <= n]\ns[22, 5] == stones[22, 5] take=[1, 3, 4]\n"),
        "*2"
    );
}

#[test]
fn deep_recursion_does_not_overflow_the_stack() {
    assert_eq!(last("def d(n) = if n == 0 then 0 else {d(n - 1) | }\nd(100000)\n"), "100000");
}

#[test]
fn self_reference_is_loopy_or_an_error_naming_the_call_chain() {
    // As an option of a game literal, a repeat is a loopy game; where a value is needed, an error.
    assert_eq!(last("def f(n) = { f(n) | }\nf(3)\n"), "on");
    let got = last("def f(n) = if f(n) == 0 then 0 else 1\nf(3)\n");
    assert!(got.contains("f(3) needs its own value") && got.contains("loopy game"), "{got}");
    let got = last("def g(n) = if n == 0 then [1][5] else { g(n - 1) | }\ng(2)\n");
    assert!(got.contains("g(2)") && got.contains("g(1)"), "{got}");
}

#[test]
fn an_exponential_definition_gives_up_within_its_budget() {
    let config = Config { time: std::time::Duration::from_secs(1), ..Config::default() };
    let src = "def e(n, k) = if n == 0 then k else { e(n - 1, 2 times k) , e(n - 1, 2 times k + 1) | }\ne(40, 0)\n";
    let started = std::time::Instant::now();
    let got = results(src, &config).pop().unwrap_or_default();
    assert!(got.contains("gave up"), "{got}");
    assert!(started.elapsed().as_secs() < 10);
}

#[test]
fn functions_of_the_registry_can_be_called_in_bodies() {
    // Each list computed in a body against the same functions called in plain statements.
    let mut rng = cgt_testkit::Rng::new(5);
    for _ in 0..8 {
        let (a, b, n) = (rng.below(9) as i64 - 2, rng.below(5) as i64 - 6, rng.below(9));
        let g = format!("{{{a} | {b}}}");
        let calls = [
            format!("mean({g})"),
            format!("temp({g})"),
            format!("leftstop({g})"),
            format!("cool({g}, 1/2)"),
            format!("heat({g}, *)"),
            format!("nimsum({n}, 5)"),
            format!("grundy(*{n} + *3)"),
        ];
        let src = format!(
            "def f(g, n, s) = [mean(g), temp(g), leftstop(g), cool(g, 1/2), heat(g, *), nimsum(n, 5), grundy(*3 + s)]\n\
             f({g}, {n}, *{n})\n{}\n",
            calls.join("\n")
        );
        let got = results(&src, &Config::default());
        assert_eq!(got[1], format!("[{}]", got[2..].join(", ")), "{g}, {n}");
    }
}

#[test]
fn functions_that_give_text_are_text_in_bodies_and_errors_keep_their_chain() {
    let got = results(
        "def o(g) = outcome(g)\ndef p(g) = grundy(g)\np({1 | 0})\ndef q(n) = if n == 0 then grundy(1) else q(n - 1)\nq(2)\n\
         [o(g) for g in [{1 | 0}, {0 | 1}, 0, *]]\n[g for g in [1, -1, 0, *] if o(g) == \"N\"]\n",
        &Config::default(),
    );
    assert_eq!(got[0], "def o(g)");
    assert_eq!(got[5], "[N, L, P, N]");
    assert_eq!(got[6], "[*]");
    assert!(got[2].contains("grundy({1|0})") && got[2].contains("not impartial"), "{}", got[2]);
    assert!(got[4].contains("q(2) → q(1) → q(0)"), "{}", got[4]);
}

#[test]
fn names_that_statements_read_otherwise_are_refused() {
    // `v(2)` would parse as a down arrow followed by `(`: the definition could never be called.
    let got = last("def v(n) = n\n");
    assert!(got.contains("`v` cannot name a definition") && got.contains("down arrow"), "{got}");
    let got = last("rule WB(n) = [n - 1]\n");
    assert!(got.contains("`WB` cannot name a definition") && got.contains("boxes"), "{got}");
    assert_eq!(last("def vee(n) = n\nvee(2)\n"), "2");
}

/// A random whole-number (`int`) or truth-value expression over `x` and `y`, fully bracketed,
/// with constants at the edges of machine words, where the interpreter's fast arithmetic hands
/// over to big numbers.
fn random_expr(rng: &mut cgt_testkit::Rng, int: bool, depth: u32) -> String {
    const CONSTS: &[&str] =
        &["0", "1", "3", "7", "-2", "4611686018427387904", "9223372036854775807", "-9223372036854775808"];
    if int {
        if depth == 0 || rng.chance(1, 4) {
            return match rng.below(4) {
                0 => "x".into(),
                1 => "y".into(),
                _ => rng.pick(CONSTS).expect("not empty").to_string(),
            };
        }
        if rng.chance(1, 8) {
            return format!("(- {})", random_expr(rng, true, depth - 1));
        }
        let op = *rng.pick(&["+", "-", "*", "div", "mod"]).expect("not empty");
        return format!("({} {op} {})", random_expr(rng, true, depth - 1), random_expr(rng, true, depth - 1));
    }
    match if depth == 0 { 0 } else { rng.below(4) } {
        0 | 1 => {
            let op = *rng.pick(&["==", "!=", "<", "<=", ">", ">="]).expect("not empty");
            format!("({} {op} {})", random_expr(rng, true, depth), random_expr(rng, true, depth))
        }
        2 if depth > 0 => format!("(not {})", random_expr(rng, false, depth - 1)),
        _ => {
            let op = *rng.pick(&["and", "or"]).expect("not empty");
            format!("({} {op} {})", random_expr(rng, false, depth - 1), random_expr(rng, false, depth - 1))
        }
    }
}

/// The reference: the same expression read and computed on `BigInt`s from the rules of the
/// language (`div` rounds down, `mod` takes the divisor's sign, `and`/`or` stop early). `None`
/// for a division by zero.
fn reference(src: &str, x: &num_bigint::BigInt, y: &num_bigint::BigInt) -> Option<String> {
    use num_bigint::BigInt;
    #[derive(Clone)]
    enum V {
        I(BigInt),
        B(bool),
    }
    fn floor_div(a: &BigInt, b: &BigInt) -> BigInt {
        let q = a / b;
        if (a % b) != BigInt::from(0) && ((a < &BigInt::from(0)) != (b < &BigInt::from(0))) { q - 1 } else { q }
    }
    fn eval(t: &[&str], i: &mut usize, x: &BigInt, y: &BigInt) -> Option<V> {
        let tok = t[*i];
        *i += 1;
        if tok != "(" {
            return Some(match tok {
                "x" => V::I(x.clone()),
                "y" => V::I(y.clone()),
                n => V::I(n.parse().expect("a constant")),
            });
        }
        // A binary operator never comes first in its brackets: a first `-` is a negation.
        let v = if t[*i] == "-" {
            *i += 1;
            let V::I(a) = eval(t, i, x, y)? else { unreachable!() };
            V::I(-a)
        } else if t[*i] == "not" {
            *i += 1;
            let V::B(a) = eval(t, i, x, y)? else { unreachable!() };
            V::B(!a)
        } else {
            let a = eval(t, i, x, y)?;
            let op = t[*i];
            *i += 1;
            match (op, a) {
                ("and", V::B(false)) | ("or", V::B(true)) => {
                    skip(t, i);
                    V::B(op == "or")
                }
                ("and" | "or", V::B(_)) => eval(t, i, x, y)?,
                (op, V::I(a)) => {
                    let V::I(b) = eval(t, i, x, y)? else { unreachable!() };
                    let zero = BigInt::from(0);
                    match op {
                        "+" => V::I(a + b),
                        "-" => V::I(a - b),
                        "*" => V::I(a * b),
                        "div" | "mod" if b == zero => return None,
                        "div" => V::I(floor_div(&a, &b)),
                        "mod" => V::I(&a - floor_div(&a, &b) * &b),
                        "==" => V::B(a == b),
                        "!=" => V::B(a != b),
                        "<" => V::B(a < b),
                        "<=" => V::B(a <= b),
                        ">" => V::B(a > b),
                        _ => V::B(a >= b),
                    }
                }
                _ => unreachable!("typed by construction"),
            }
        };
        assert_eq!(t[*i], ")");
        *i += 1;
        Some(v)
    }
    fn skip(t: &[&str], i: &mut usize) {
        let mut depth = 0;
        loop {
            match t[*i] {
                "(" => depth += 1,
                ")" => depth -= 1,
                _ => {}
            }
            *i += 1;
            if depth == 0 {
                return;
            }
        }
    }
    let spaced = src.replace('(', " ( ").replace(')', " ) ");
    let t: Vec<&str> = spaced.split_whitespace().collect();
    Some(match eval(&t, &mut 0, x, y)? {
        V::I(n) => n.to_string(),
        V::B(b) => b.to_string(),
    })
}

/// Arithmetic and comparisons in comprehensions, where the interpreter runs machine words and
/// falls back to big numbers on overflow, agree with a plain `BigInt` reading of the same
/// expressions on operands at the edges of `i64`.
#[test]
fn arithmetic_in_bodies_agrees_with_big_numbers_at_the_edges_of_machine_words() {
    use num_bigint::BigInt;
    let xs = ["-9223372036854775808", "-5", "0", "2", "3037000500", "9223372036854775807", "9223372036854775808"];
    let ys = ["-1", "0", "7", "-4611686018427387905"];
    let mut rng = cgt_testkit::Rng::new(3500);
    let mut src = String::new();
    let mut exprs = Vec::new();
    for k in 0..150 {
        let e = random_expr(&mut rng, k % 2 == 0, 3);
        src.push_str(&format!("[{e} for x in [{}] for y in [{}]]\n", xs.join(", "), ys.join(", ")));
        // The same with `x` counted by a range across the end of machine words.
        src.push_str(&format!("[{e} for x in 9223372036854775806..9223372036854775808 for y in -1..0]\n"));
        exprs.push(e);
    }
    let got = results(&src, &Config::default());
    let mut fired = [0, 0];
    for (k, e) in exprs.iter().enumerate() {
        for (line, (xs, ys)) in [
            (xs.to_vec(), ys.to_vec()),
            (vec!["9223372036854775806", "9223372036854775807", "9223372036854775808"], vec!["-1", "0"]),
        ]
        .into_iter()
        .enumerate()
        {
            let mut want = Vec::new();
            for x in &xs {
                for y in &ys {
                    want.push(reference(e, &x.parse::<BigInt>().unwrap(), &y.parse::<BigInt>().unwrap()));
                }
            }
            let got = &got[2 * k + line];
            if want.iter().any(Option::is_none) {
                fired[0] += 1;
                assert!(got.contains("division by zero"), "{e}: {got}");
            } else {
                fired[1] += 1;
                let want: Vec<String> = want.into_iter().flatten().collect();
                assert_eq!(got, &format!("[{}]", want.join(", ")), "{e}");
            }
        }
    }
    assert!(fired[0] > 10 && fired[1] > 100, "both kinds are exercised: {fired:?}");
}

/// `len` and `sum` of a comprehension count and add its values as they come; they give what
/// they give on the same list built first (`++ []` builds it).
#[test]
fn len_and_sum_of_a_comprehension_equal_those_of_its_list() {
    let forms = [
        "sum([k * k for k in 1..100])",
        "len([k for k in 1..100 if k mod 3 == 0])",
        "len([(i, j) for i in 1..4 for j in 1..i])",
        "sum([k for k in 1..10 while k < 4])",
        "sum([^ for k in 1..3])",
        "sum([x for x in [1, ^, *, 1/2]])",
        "sum([k for k in 9223372036854775800..9223372036854775807])",
        "sum([x for x in [1, true]])",
        "len([k div (k - 3) for k in 1..5])",
        "sum([k for k in 1..0])",
    ];
    let mut src = String::new();
    for f in forms {
        let (head, list) = f.split_once('(').expect("a call");
        let list = list.strip_suffix(')').expect("a call");
        src.push_str(&format!("{f}\n{head}({list} ++ [])\n"));
    }
    let got = results(&src, &Config::default());
    for (k, f) in forms.iter().enumerate() {
        assert_eq!(got[2 * k], got[2 * k + 1], "{f}");
    }
    assert_eq!(got[0], "338350");
    assert_eq!(got[2], "33");
    assert!(got[14].starts_with("error"), "{}", got[14]);
    assert!(got[16].contains("division by zero"), "{}", got[16]);
}

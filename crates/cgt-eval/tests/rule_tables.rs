//! Impartial user rules as tables that grow heap by heap, and `period(RULE)` for them: random
//! octal codes written as rules against the built-in `octal code=...` (values and proven
//! periods), rules that are not octal codes, tables grown in steps, and Lasker's Nim against
//! its closed form.

use cgt_eval::{Config, evaluate};
use cgt_testkit::Rng;

/// The value (with its extras), or the first diagnostic's message, of each statement.
fn results(src: &str) -> Vec<String> {
    evaluate(src, &Config::default())
        .iter()
        .map(|r| match r.diagnostics.first() {
            Some(d) => format!("error: {}", d.message),
            None => r.value.clone().unwrap_or_default(),
        })
        .collect()
}

/// The rule `r` that plays as the octal code `0.d1d2...` (or `4.d1d2...` when `split` is set):
/// digit k's bit 1 removes a whole heap of k, bit 2 removes k and leaves one heap, bit 4
/// removes k and leaves two.
fn rule_of_code(split: bool, digits: &[u8]) -> String {
    let with = |bit: u8| -> String {
        let ks: Vec<String> = (1..=digits.len()).filter(|&k| digits[k - 1] & bit != 0).map(|k| k.to_string()).collect();
        format!("[{}]", ks.join(", "))
    };
    let mut parts = vec![
        format!("[() for k in {} if k == n]", with(1)),
        format!("[n - k for k in {} if k < n]", with(2)),
        format!("[(a, n - k - a) for k in {} if k < n for a in 1..n-k-1]", with(4)),
    ];
    if split {
        parts.push("[(a, n - a) for a in 1..n-1]".to_string());
    }
    format!("rule r(n) = {}\n", parts.join(" ++ "))
}

/// `(pre-period, period)` from "period P from heap E".
fn period(text: &str) -> Option<(u64, u64)> {
    let rest = text.strip_prefix("period ")?;
    let (p, e) = rest.split_once(" from heap ")?;
    Some((e.parse().ok()?, p.parse().ok()?))
}

#[test]
fn random_octal_codes_as_rules_agree_with_the_built_in_codes() {
    let mut rng = Rng::new(2024);
    let mut proven = 0;
    for case in 0..16 {
        let len = 1 + rng.index(3);
        let digits: Vec<u8> =
            (0..len).map(|i| if i + 1 == len { 1 + rng.below(7) as u8 } else { rng.below(8) as u8 }).collect();
        let split = rng.chance(1, 4);
        let code = format!("{}.{}", if split { 4 } else { 0 }, digits.iter().map(u8::to_string).collect::<String>());
        let rule = rule_of_code(split, &digits);
        let got =
            results(&format!("{rule}grundy(r, 0..80)\ngrundy(octal code={code}, 0..80)\nperiod(octal code={code})\n"));
        assert_eq!(got[1], got[2], "case {case}: {code}");
        // The theorem needs the values up to about 2(e + p) + t: compare where that is small.
        let Some((e, p)) = period(&got[3]) else { continue };
        if 2 * (e + p) + len as u64 > 250 {
            continue;
        }
        let user = results(&format!("{rule}period(r)\n"));
        assert_eq!(user[1], got[3], "case {case}: {code}");
        proven += 1;
    }
    assert!(proven >= 8, "only {proven} of 16 periods compared");
}

#[test]
fn a_proven_period_says_which_code_and_how_far_it_was_compared() {
    let kayles = "rule kay(n) = [n - k for k in [1, 2] if k <= n] ++ [(a, n - k - a) for k in [1, 2] if k < n for a in 1..n-k-1]\n";
    let reports = evaluate(&format!("{kayles}period(kay)\n"), &Config::default());
    assert_eq!(reports[1].value.as_deref(), Some("period 12 from heap 71"));
    let extras = format!("{:?}", reports[1].extras);
    assert!(extras.contains("octal game 0.77") && extras.contains("from 0 to 255"), "{extras}");
    // The same answer when earlier statements grew the rule's table further (as in the editor).
    let grown = evaluate(&format!("{kayles}grundy(kay, 0..191)\nperiod(kay)\n"), &Config::default());
    assert_eq!((&grown[2].value, &grown[2].extras), (&reports[1].value, &reports[1].extras));
}

#[test]
fn rules_that_are_not_finite_codes_have_no_period_and_say_why() {
    let got = results(
        "rule g(n) = [(a, n - a) for a in 1..n-1 if a != n - a]\nperiod(g)\n\
         rule lasker(n) = [n - k for k in 1..n] ++ [(a, n - a) for a in 1..n-1]\nperiod(lasker)\n",
    );
    assert!(got[1].contains("no period found among the first 64 values"), "{}", got[1]);
    assert!(got[3].contains("no period found among the first 64 values"), "{}", got[3]);
    let reports = evaluate(
        "rule lasker(n) = [n - k for k in 1..n] ++ [(a, n - a) for a in 1..n-1]\nperiod(lasker)\n",
        &Config::default(),
    );
    let hint = reports[1].diagnostics[0].hint.clone().unwrap_or_default();
    assert!(hint.contains("Lasker"), "{hint}");
}

#[test]
fn tables_grown_in_steps_equal_tables_grown_at_once() {
    let mut rng = Rng::new(99);
    for _ in 0..6 {
        let digits: Vec<u8> = (0..2).map(|_| rng.below(8) as u8).collect();
        let rule = rule_of_code(rng.chance(1, 3), &digits);
        let (a, b) = (rng.below(40), 40 + rng.below(60));
        let stepped = results(&format!("{rule}r[{a}]\ngrundy(r, 0..{a})\nr[{b}, {a}]\ngrundy(r, 0..{b})\n"));
        let at_once = results(&format!("{rule}grundy(r, 0..{b})\n"));
        assert_eq!(stepped[4], at_once[1], "{rule}");
    }
}

#[test]
fn lasker_as_a_rule_agrees_with_its_closed_form_on_hundreds_of_heaps() {
    // 80,000 options in all: beyond the options kept, values come straight from the lists.
    let got =
        results("rule lasker(n) = [n - k for k in 1..n] ++ [(a, n - a) for a in 1..n-1]\ngrundy(lasker, 0..400)\n");
    let want: Vec<String> = (0u64..=400)
        .map(|n| match n % 4 {
            0 if n > 0 => n - 1,
            3 => n + 1,
            _ => n,
        })
        .map(|g| g.to_string())
        .collect();
    assert_eq!(got[1], format!("[{}]", want.join(", ")));
}

//! Quotients against search over sums of heaps (octal rules checked against a plain reading
//! of the code), and published misère nim values.

use std::collections::HashMap;

use cgt_core::Budget;

use super::{HeapRule, quotient};
use crate::octal::OctalCode;

/// The misère nim value of a sum of heaps, from the definition (1 with no move, else mex).
pub(super) fn misere_value(rule: &HeapRule, word: Vec<usize>, memo: &mut HashMap<Vec<usize>, u32>) -> u32 {
    if let Some(&v) = memo.get(&word) {
        return v;
    }
    let mut seen = Vec::new();
    for i in 0..word.len() {
        for opt in rule.options(word[i]) {
            let mut next: Vec<usize> = word[..i].iter().chain(&word[i + 1..]).chain(opt).copied().collect();
            next.sort_unstable();
            seen.push(misere_value(rule, next, memo));
        }
    }
    let v = if seen.is_empty() { 1 } else { (0..).find(|k| !seen.contains(k)).unwrap_or(0) };
    memo.insert(word, v);
    v
}

/// Kayles and Dawson's Kayles, heaps 0..20 (WW ch. 13; Plambeck 2005).
#[test]
fn published_misere_nim_values() {
    let kayles = [1, 0, 2, 3, 0, 1, 3, 2, 1, 0, 2, 4, 0, 1, 2, 5, 1, 6, 3, 2, 0];
    let dawson = [1, 1, 0, 0, 2, 1, 3, 0, 0, 1, 1, 3, 0, 2, 1, 1, 0, 0, 2, 1, 3];
    for (code, want) in [(OctalCode::kayles(), kayles), (OctalCode::dawson(), dawson)] {
        let rule = HeapRule::octal(&code, 20);
        let mut memo = HashMap::new();
        let got: Vec<u32> =
            (0..=20).map(|n| misere_value(&rule, if n == 0 { vec![] } else { vec![n] }, &mut memo)).collect();
        assert_eq!(got, want, "{code}");
    }
}

/// An octal game's options straight from the rules (WW ch. 4): digit dk's bit 1 allows taking
/// k tokens to leave nothing, bit 2 taking k > 0 tokens to leave one heap, bit 4 taking k tokens
/// and splitting the rest into two non-empty heaps; each option sorted, the list sorted.
fn plain_octal_options(code: &OctalCode, n: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    for k in 0..=n {
        let (d, left) = (code.digit(k), n - k);
        if k > 0 && d & 1 != 0 && left == 0 {
            out.push(vec![]);
        }
        if k > 0 && d & 2 != 0 && left > 0 {
            out.push(vec![left]);
        }
        if d & 4 != 0 {
            out.extend((1..left).map(|a| vec![a.min(left - a), a.max(left - a)]));
        }
    }
    out.sort();
    out.dedup();
    out
}

/// The octal rules the searches below play from are the octal games' rules: checked against a
/// plain reading of the code, so that the quotient's move rule is not also its oracle's.
#[test]
fn octal_rules_are_the_codes_rules() {
    for code in ["0.77", "0.07", "0.137", "4.07", "0.4", "0.6", "0.16", "0.7777", "4.7"] {
        let code = OctalCode::parse(code).unwrap();
        let rule = HeapRule::octal(&code, 20);
        for n in 0..=20 {
            let mut got = rule.options(n).to_vec();
            got.sort();
            assert_eq!(got, plain_octal_options(&code, n), "{code:?} heap {n}");
        }
    }
}

/// Every sum of up to four heaps (each within the bound, at most 30 tokens in all) gets its
/// outcome from the quotient as search finds it.
#[test]
fn quotient_outcomes_against_search() {
    for (code, bound) in [("0.77", 8), ("0.07", 10), ("0.137", 7)] {
        let rule = HeapRule::octal(&OctalCode::parse(code).unwrap(), bound);
        let q = quotient(&rule, 500, &Budget::unlimited()).unwrap();
        let mut memo = HashMap::new();
        let mut words = vec![vec![]];
        for _ in 0..4 {
            let mut next = Vec::new();
            for w in &words {
                let last = w.last().copied().unwrap_or(1);
                for h in last..=bound {
                    let mut v: Vec<usize> = w.clone();
                    v.push(h);
                    if v.iter().sum::<usize>() <= 30 {
                        next.push(v);
                    }
                }
            }
            for w in &next {
                let p = misere_value(&rule, w.clone(), &mut memo) == 0;
                assert_eq!(q.is_p(w), Some(p), "{code} {w:?}");
            }
            words = next;
        }
        eprintln!("{code} heaps <= {bound}: order {}", q.order());
    }
}

#[test]
fn misere_nim_is_tame() {
    // Misère Nim on heaps 1..3: the tame quotient T2 = <a, b | a^2 = 1, b^3 = b> of order 6
    // (Plambeck–Siegel 2008).
    let rule = HeapRule::new(3, |n| (0..n).map(|k| vec![k]).collect()).unwrap();
    let q = quotient(&rule, 100, &Budget::unlimited()).unwrap();
    assert_eq!(q.is_p(&[1]), Some(true));
    assert_eq!(q.is_p(&[2, 2]), Some(true));
    assert_eq!(q.is_p(&[1, 2, 3]), Some(true));
    assert_eq!(q.is_p(&[1, 1]), Some(false));
    assert_eq!(q.order(), 6);
}

#[test]
fn gives_up_with_progress() {
    let rule = HeapRule::octal(&OctalCode::kayles(), 12);
    let err = quotient(&rule, 6, &Budget::unlimited()).unwrap_err();
    let partial = err.partial.clone().expect("some heaps done");
    assert!(partial.order() <= 6 && partial.max_heap >= 1);
    assert!(err.to_string().starts_with("gave up"));
}

/// Subtraction games (a heap of 1 has no move when 1 is not in the set) and a user rule.
pub(super) fn small_rules(bound: usize) -> Vec<(String, HeapRule)> {
    let sub = |take: &'static [usize]| {
        HeapRule::new(bound, |n| take.iter().filter(|&&k| k <= n).map(|&k| vec![n - k]).collect()).unwrap()
    };
    // A user rule: take 1 and leave any two heaps, or take 2 from a heap of at least 5.
    let user = HeapRule::new(bound, |n| {
        let mut o: Vec<Vec<usize>> = (0..n).map(|a| vec![a, n - 1 - a]).collect();
        if n >= 5 {
            o.push(vec![n - 2]);
        }
        o
    })
    .unwrap();
    vec![
        ("{1,2}".into(), sub(&[1, 2])),
        ("{2,3}".into(), sub(&[2, 3])),
        ("{1,3,4}".into(), sub(&[1, 3, 4])),
        ("user".into(), user),
    ]
}

/// Every sum of up to `k` heaps of sizes 1..=bound (at most `tokens` in all).
pub(super) fn sums(bound: usize, k: usize, tokens: usize) -> Vec<Vec<usize>> {
    let mut all = Vec::new();
    let mut words = vec![vec![]];
    for _ in 0..k {
        let mut next = Vec::new();
        for w in &words {
            for h in w.last().copied().unwrap_or(1)..=bound {
                let mut v: Vec<usize> = w.clone();
                v.push(h);
                if v.iter().sum::<usize>() <= tokens {
                    next.push(v);
                }
            }
        }
        all.extend(next.iter().cloned());
        words = next;
    }
    all
}

#[test]
fn small_rules_against_search() {
    for (name, rule) in small_rules(19) {
        // The user rule splits heaps, so its positions are many more: smaller heaps.
        let (bound, tokens) = if name == "user" { (10, 24) } else { (19, 40) };
        let rule = HeapRule::new(bound, |n| rule.options(n).to_vec()).unwrap();
        let q = quotient(&rule, 500, &Budget::unlimited()).unwrap();
        let mut memo = HashMap::new();
        for w in sums(bound, 4, tokens) {
            let p = misere_value(&rule, w.clone(), &mut memo) == 0;
            assert_eq!(q.is_p(&w), Some(p), "{name} {w:?}");
        }
    }
}

/// A proven period carries the quotient to heaps far beyond those computed: every sum of up
/// to three heaps below 3N agrees with search.
#[test]
fn proven_periods_against_search() {
    use super::{Shape, solve};
    let mut proven = 0;
    for (name, rule) in small_rules(60).into_iter().take(3) {
        let take = if name == "{1,2}" { 2 } else { 4 };
        let solved = solve(&rule, 500, Some(Shape { max_take: take, parts: 1 }), &Budget::unlimited()).unwrap();
        let Some((n0, p)) = solved.period else { continue };
        proven += 1;
        let q = &solved.quotient;
        let element = |h: usize| if h <= q.max_heap { h } else { n0 + (h - n0) % p };
        let big = HeapRule::new(3 * q.max_heap, |n| rule_options(&rule, n)).unwrap();
        let mut memo = HashMap::new();
        for w in sums(3 * q.max_heap, 3, 3 * q.max_heap) {
            let mapped: Vec<usize> = w.iter().map(|&h| element(h)).collect();
            let p_pos = misere_value(&big, w.clone(), &mut memo) == 0;
            assert_eq!(q.is_p(&mapped), Some(p_pos), "{name} {w:?} (period {p} from {n0})");
        }
    }
    assert_eq!(proven, 3);
}

/// The subtraction rule's options for any heap (the small rules' take sets, read back from
/// the options of a heap past the largest take).
fn rule_options(rule: &HeapRule, n: usize) -> Vec<Vec<usize>> {
    let probe = rule.max_heap();
    let takes: Vec<usize> = rule.options(probe).iter().map(|o| probe - o.iter().sum::<usize>()).collect();
    takes.iter().filter(|&&k| k <= n).map(|&k| vec![n - k]).collect()
}

/// The misère P-positions among single heaps of Kayles and Dawson's Kayles are those of misère
/// nim value 0 in the published tables (the values for heaps 0..20).
#[test]
fn single_heaps_match_published_values() {
    let kayles = [1, 0, 2, 3, 0, 1, 3, 2, 1, 0, 2, 4, 0, 1, 2, 5, 1, 6, 3, 2, 0];
    let dawson = [1, 1, 0, 0, 2, 1, 3, 0, 0, 1, 1, 3, 0, 2, 1, 1, 0, 0, 2, 1, 3];
    for (code, want, bound) in [(OctalCode::kayles(), kayles, 11), (OctalCode::dawson(), dawson, 13)] {
        let q = quotient(&HeapRule::octal(&code, bound), 500, &Budget::unlimited()).unwrap();
        for (n, &v) in want.iter().enumerate().take(bound + 1).skip(1) {
            assert_eq!(q.is_p(&[n]), Some(v == 0), "{code} heap {n}");
        }
    }
}

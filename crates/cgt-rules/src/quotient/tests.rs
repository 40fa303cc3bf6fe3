//! Quotients against search over sums of heaps, and published misère nim values.

use std::collections::HashMap;

use cgt_core::Budget;

use super::{HeapRule, quotient};
use crate::octal::OctalCode;

/// The misère nim value of a sum of heaps, from the definition (1 with no move, else mex).
fn misere_value(rule: &HeapRule, word: Vec<usize>, memo: &mut HashMap<Vec<usize>, u32>) -> u32 {
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

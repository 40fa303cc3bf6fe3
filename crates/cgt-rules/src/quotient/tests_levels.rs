//! Quotients built through the level games of a splitting heap (`levels`) against exhaustive
//! misère search, against the candidate search of `engine`, and against the published orders
//! of Dawson's Kayles' partial quotients.

use std::collections::HashMap;

use cgt_core::Budget;
use cgt_testkit::Rng;

use super::tests::{misere_value, sums};
use super::{HeapRule, Quotient, solve_by_elements};
use crate::octal::OctalCode;

/// The quotient of the heaps of `rule` with the search over positions never used: every heap
/// that splits an element goes through the levels.
fn by_levels(rule: &HeapRule, budget: &Budget) -> Result<Quotient, super::GaveUp> {
    solve_by_elements(rule, 400, None, 0, budget).map(|s| s.quotient)
}

/// With levels at every split (no search over positions at all), the quotient of heaps below
/// 20 is the one the candidate search finds (same order, same outcome on every sum), and
/// every sum of up to four heaps (at most 30 tokens) gets the outcome search finds; for
/// Kayles, Dawson's Kayles, Dawson's Chess, two more published codes, random octal codes and
/// the small subtraction and user rules.
#[test]
fn levels_against_search() {
    let mut rng = Rng::new(25);
    let mut rules: Vec<(String, HeapRule)> = ["0.77", "0.07", "0.137", "0.4", "0.15"]
        .iter()
        .map(|c| (c.to_string(), HeapRule::octal(&OctalCode::parse(c).unwrap(), 19)))
        .collect();
    while rules.len() < 12 {
        let digits: String = (0..3).map(|_| char::from(b'0' + rng.below(8) as u8)).collect();
        let code = format!("0.{digits}");
        rules.push((code.clone(), HeapRule::octal(&OctalCode::parse(&code).unwrap(), 19)));
    }
    for (name, rule) in super::tests::small_rules(12) {
        rules.push((name, rule));
    }
    let (mut by_levels_ok, mut both) = (0, 0);
    for (name, rule) in &rules {
        // A quotient beyond the budget is reported, never guessed.
        let budget = || Budget::new(std::time::Duration::from_secs(5), 1 << 30);
        let q = match by_levels(rule, &budget()) {
            Ok(q) => q,
            Err(e) => {
                assert!(e.to_string().starts_with("gave up"), "{name}: {e}");
                continue;
            }
        };
        by_levels_ok += 1;
        let mut memo = HashMap::new();
        for w in sums(rule.max_heap(), 4, 30) {
            let p = misere_value(rule, w.clone(), &mut memo) == 0;
            assert_eq!(q.is_p(&w), Some(p), "{name} {w:?}");
        }
        // The candidate search gives up on some that the levels solve (0.453, 0.246 here).
        if let Ok(engine) = solve_by_elements(rule, 400, None, usize::MAX, &budget()) {
            assert_eq!(q.order(), engine.quotient.order(), "{name}");
            both += 1;
        }
    }
    assert!(by_levels_ok >= 13 && both >= 10, "{by_levels_ok} {both}");
}

/// Dawson's Kayles (0.07): heap 25 is the first that splits an element of the quotient of
/// the smaller heaps (order 24); the orders of the partial quotients from there are 144 (heaps
/// up to 25, 26), 176 (27 to 29) and 360 (30), the order Siegel gives for Q_30(0.07) ("Some
/// MisereSolver questions answered", 2007). Every sum of up to three heaps, one of them of 25
/// to 30, at most 40 tokens, gets the outcome search finds.
#[test]
fn dawson_kayles_beyond_heap_24() {
    let code = OctalCode::dawson();
    let mut orders = Vec::new();
    let mut last = None;
    for n in 24..=30 {
        let s = solve_by_elements(&HeapRule::octal(&code, n), 1000, None, 12, &Budget::unlimited()).unwrap();
        orders.push(s.quotient.order());
        last = Some(s);
    }
    assert_eq!(orders, [24, 144, 144, 176, 176, 176, 360]);
    let q = last.unwrap();
    let rule = HeapRule::octal(&code, 40);
    let mut memo = HashMap::new();
    let mut checked = 0;
    for w in sums(30, 3, 40).into_iter().filter(|w| w.iter().any(|&h| h >= 25)) {
        let heaps: Vec<u64> = w.iter().map(|&h| h as u64).collect();
        assert_eq!(q.is_p(&heaps), Some(misere_value(&rule, w.clone(), &mut memo) == 0), "{w:?}");
        checked += 1;
    }
    assert!(checked > 300, "{checked}");
}

//! Tests of the compounds: every compound in both conventions against exhaustive search over
//! the product game of random components.

use std::collections::HashMap;
use std::time::Duration;

use super::*;
use crate::heap::fold as values;
use crate::heap::{Component, HeapError, HeapRule};
use crate::octal::OctalCode;
use crate::subtraction::SubtractionGame;

pub(crate) mod oracle;

use oracle::{Graph, Product, RandomRule, Rng};

const CONVENTIONS: [Convention; 2] = [Convention::Normal, Convention::Misere];

/// 2 or 3 random components with heaps up to 8, redrawn smaller until the product game has at
/// most `max_states` states (to keep the search quick).
fn random_instance(rng: &mut Rng, max_states: usize) -> (Vec<Component>, Vec<Graph>) {
    let count = 2 + rng.below(2) as usize;
    let mut max_heap = 9;
    loop {
        let components: Vec<Component> =
            (0..count).map(|_| Component { rule: rng.rule(), heap: random_heap(rng, max_heap) }).collect();
        let graphs: Vec<Graph> = components.iter().map(Graph::of).collect();
        if Product::new(&graphs).size() <= max_states {
            return (components, graphs);
        }
        max_heap = (max_heap - 1).max(3);
    }
}

/// A heap below `max`, rarely empty (an empty component ends most compounds at once).
fn random_heap(rng: &mut Rng, max: u64) -> u64 {
    if rng.below(10) == 0 { 0 } else { 1 + rng.below(max - 1) }
}

/// Checks every compound in both conventions, and returns what decided each.
fn check_against_search(components: &[Component], graphs: &[Graph]) -> Vec<(Compound, Convention, String)> {
    let product = Product::new(graphs);
    let mut decided = Vec::new();
    for compound in Compound::ALL {
        for convention in CONVENTIONS {
            let got = evaluate(compound, convention, components, &Budget::unlimited()).unwrap();
            let want = product.outcome(compound, convention);
            assert_eq!(got.outcome, want, "{compound:?} {convention:?} of {components:?}: {got:?}");
            decided.push((compound, convention, decision_kind(&got.decision)));
        }
    }
    decided
}

/// The decision's variant and, for searches, the misère rule, as text.
fn decision_kind(d: &Decision) -> String {
    let text = format!("{d:?}");
    match d {
        Decision::Misere { rule, .. } => format!("Misere {rule:?}"),
        Decision::AllZero(_) | Decision::NimSum(_) | Decision::Remoteness(_) | Decision::Suspense(_) => {
            let zero = text.ends_with("(0)") || text.ends_with("(true)");
            format!("{} {}", text.split('(').next().unwrap_or_default(), if zero { "zero" } else { "non-zero" })
        }
        _ => text.split([' ', '(']).next().unwrap_or_default().to_string(),
    }
}

/// Every compound in both conventions against exhaustive search over the product game.
#[test]
fn every_compound_agrees_with_search() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut seen: HashMap<(Compound, Convention, String), usize> = HashMap::new();
    for _ in 0..3000 {
        let (components, graphs) = random_instance(&mut rng, 1500);
        for key in check_against_search(&components, &graphs) {
            *seen.entry(key).or_default() += 1;
        }
    }
    // Every branch of every rule is exercised many times.
    let expected = [
        (Compound::Disjunctive, Convention::Misere, "Misere Search"),
        (Compound::Disjunctive, Convention::Misere, "Misere TameSum"),
        (Compound::Disjunctive, Convention::Misere, "Misere MisereNim"),
        (Compound::Diminished, Convention::Normal, "NimSum zero"),
        (Compound::Diminished, Convention::Normal, "NimSum non-zero"),
        (Compound::Diminished, Convention::Misere, "NimSum zero"),
        (Compound::Selective, Convention::Misere, "OnlyLive"),
        (Compound::Selective, Convention::Misere, "AllZero zero"),
        (Compound::Selective, Convention::Misere, "AllZero non-zero"),
        (Compound::Shortened, Convention::Normal, "AllZero zero"),
        (Compound::Shortened, Convention::Misere, "AllZero zero"),
        (Compound::Shortened, Convention::Misere, "AllZero non-zero"),
    ];
    for (compound, convention, kind) in expected {
        let count = seen.get(&(compound, convention, kind.to_string())).copied().unwrap_or(0);
        assert!(count >= 20, "{compound:?} {convention:?} {kind}: only {count} instances");
    }
}

/// All pairs of small heaps of the named games (and Nim), exhaustively.
#[test]
fn all_small_pairs_agree_with_search() {
    let rules = [
        HeapRule::Nim,
        HeapRule::Subtraction(SubtractionGame::new(&[1, 3]).unwrap()),
        HeapRule::Subtraction(SubtractionGame::new(&[2, 3]).unwrap()),
        HeapRule::Octal(OctalCode::kayles()),
        HeapRule::Octal(OctalCode::dawson()),
        HeapRule::Octal(OctalCode::parse("0.137").unwrap()),
        HeapRule::Octal(OctalCode::parse("4.07").unwrap()),
    ];
    for (i, a) in rules.iter().enumerate() {
        for b in &rules[i..] {
            for (x, y) in (0..7).flat_map(|x| (0..7).map(move |y| (x, y))) {
                let components = [Component { rule: a.clone(), heap: x }, Component { rule: b.clone(), heap: y }];
                let graphs: Vec<Graph> = components.iter().map(Graph::of).collect();
                check_against_search(&components, &graphs);
            }
        }
    }
}

/// The components' quantities against their definitions on the component's own positions.
#[test]
fn quantities_match_definitions() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    for _ in 0..400 {
        let c = Component { rule: rng.rule(), heap: rng.below(10) };
        let g = Graph::of(&c);
        let budget = Budget::unlimited();
        assert_eq!(values::grundy(&c, &budget).unwrap(), g.fold(oracle::mex)[0], "{c:?}");
        let steinhaus = |win: u64, prolong: bool| {
            g.fold(|o| {
                let best = o.iter().copied().filter(|r| r % 2 == win);
                let best = if prolong { best.max() } else { best.min() };
                let worst = if prolong { o.iter().copied().min() } else { o.iter().copied().max() };
                best.or(worst).map_or(0, |r| r + 1)
            })[0]
        };
        assert_eq!(component_value::<Remoteness>(&c, &budget).unwrap(), steinhaus(0, false), "{c:?}");
        assert_eq!(component_value::<MisereRemoteness>(&c, &budget).unwrap(), steinhaus(1, false), "{c:?}");
        assert_eq!(component_value::<Suspense>(&c, &budget).unwrap(), steinhaus(0, true), "{c:?}");
        assert_eq!(component_value::<MisereSuspense>(&c, &budget).unwrap(), steinhaus(1, true), "{c:?}");
    }
}

fn check(compound: Compound, convention: Convention, components: &[Component], want: (Outcome, Decision)) {
    let got = evaluate(compound, convention, components, &Budget::unlimited()).unwrap();
    assert_eq!((got.outcome, got.decision), want, "{compound:?} {convention:?} of {components:?}");
}

/// A few positions worked by hand.
#[test]
fn worked_examples() {
    use Compound::*;
    use Convention::*;
    let nim = |hs: &[u64]| hs.iter().map(|&h| Component::nim(h)).collect::<Vec<_>>();
    check(Disjunctive, Normal, &nim(&[3, 4, 5]), (Outcome::N, Decision::NimSum(2)));
    check(Diminished, Normal, &nim(&[3, 4]), (Outcome::N, Decision::CanEnd));
    check(Diminished, Misere, &nim(&[3, 4]), (Outcome::N, Decision::NimSum(2 ^ 3)));
    check(Diminished, Misere, &nim(&[1, 1]), (Outcome::P, Decision::NimSum(0)));
    check(Selective, Misere, &nim(&[1, 0]), (Outcome::P, Decision::OnlyLive { index: 0, misere: 0 }));
    check(Selective, Misere, &nim(&[2, 2]), (Outcome::N, Decision::AllZero(false)));
    check(Shortened, Misere, &nim(&[1, 1, 1]), (Outcome::P, Decision::AllZero(true)));
    // *1 must be finished, so the mover loses; *2 can be left at *1.
    check(Conjunctive, Misere, &nim(&[1, 2]), (Outcome::P, Decision::Remoteness(1)));
    check(Continued, Misere, &nim(&[1, 2]), (Outcome::N, Decision::Suspense(2)));
    check(Continued, Normal, &nim(&[0, 0]), (Outcome::P, Decision::Suspense(0)));
    check(Conjunctive, Normal, &nim(&[0, 5]), (Outcome::P, Decision::Remoteness(0)));
}

/// Heaps of ten thousand are computed per component, so they finish at once.
#[test]
fn large_heaps_finish() {
    let budget = Budget::unlimited();
    let sub = SubtractionGame::new(&[1, 3, 4]).unwrap();
    let components = [
        Component::nim(10_000),
        Component::subtraction(sub, 9_999),
        Component::octal(OctalCode::parse("0.33").unwrap(), 10_000),
    ];
    for convention in CONVENTIONS {
        assert_eq!(evaluate_all(convention, &components, &budget).unwrap().len(), 6);
    }
    let kayles = [Component::octal(OctalCode::kayles(), 10_000), Component::nim(12_345)];
    for compound in [Compound::Disjunctive, Compound::Selective] {
        evaluate(compound, Convention::Normal, &kayles, &budget).unwrap();
    }
}

/// Searches over splitting heaps stop at the budget.
#[test]
fn searches_respect_the_budget() {
    let budget = Budget::new(Duration::from_millis(50), usize::MAX);
    let kayles = [Component::octal(OctalCode::kayles(), 300), Component::nim(1)];
    let err = evaluate(Compound::Conjunctive, Convention::Normal, &kayles, &budget).unwrap_err();
    assert!(matches!(err, HeapError::Exhausted(_) | HeapError::SearchTooLarge { .. }), "{err:?}");
    assert_eq!(evaluate(Compound::Selective, Convention::Normal, &[], &budget), Err(HeapError::NoComponents));
}

/// The mex past the bit set of small values.
#[test]
fn mex_of_large_values() {
    assert_eq!(values::mex(0..200), 200);
    assert_eq!(values::mex((0..128).chain([129, 130])), 128);
    assert_eq!(values::mex((0..130).chain([131, 500]).rev()), 130);
    assert_eq!(values::mex([1, 2, 3]), 0);
    assert_eq!(values::mex([]), 0);
}

/// A heap's options, and a position's in canonical form, against the literal rules.
#[test]
fn options_follow_the_rules() {
    let mut rng = Rng(0x5851_f42d_4c95_7f2d);
    for _ in 0..300 {
        let (rule, heaps) = (rng.rule(), [rng.below(10), rng.below(10)]);
        let mut got = rule.position_options(&rule.canonical(heaps.to_vec()));
        let mut want: Vec<Vec<u64>> =
            oracle::literal_options(&rule, &heaps).into_iter().map(|o| rule.canonical(o)).collect();
        for list in [&mut got, &mut want] {
            list.sort();
            list.dedup();
        }
        assert_eq!(got, want, "{rule:?} {heaps:?}");
        let single: Vec<Vec<u64>> = rule.heap_options(heaps[0]).into_iter().map(|o| rule.canonical(o)).collect();
        let literal: Vec<Vec<u64>> =
            oracle::literal_options(&rule, &heaps[..1]).into_iter().map(|o| rule.canonical(o)).collect();
        assert_eq!(single.len(), literal.len(), "{rule:?} {}", heaps[0]);
    }
}

//! Tests of misère play: Bouton's rule and the tame pairs against search over the sums.

use num_bigint::BigUint;

use super::*;
use crate::compounds::tests::oracle::{self, Graph, Product, RandomRule, Rng};
use crate::octal::OctalCode;
use crate::subtraction::SubtractionGame;

/// The (Grundy, misère) pair of a sum by search over the sum's positions.
fn searched_pair(components: &[Component]) -> Pair {
    let graphs: Vec<Graph> = components.iter().map(Graph::of).collect();
    let product = Product::new(&graphs);
    Pair { normal: product.sum_fold(&oracle::mex), misere: product.sum_fold(&oracle::misere_mex) }
}

/// Whether every position of a component has a tame pair, from the definition.
fn literally_tame(c: &Component) -> bool {
    let g = Graph::of(c);
    let (normal, misere) = (g.fold(oracle::mex), g.fold(oracle::misere_mex));
    normal.iter().zip(&misere).all(|(&n, &m)| Pair { normal: n, misere: m }.is_tame_form())
}

/// Bouton's misère rule against search, for every position of up to four heaps up to 5.
#[test]
fn misere_nim_agrees_with_search() {
    for heaps in (0..6u64.pow(4)).map(|i| (0..4).map(|d| i / 6u64.pow(d) % 6).collect::<Vec<_>>()) {
        let components: Vec<Component> = heaps.iter().map(|&h| Component::nim(h)).collect();
        let got = evaluate(&components, &Budget::unlimited()).unwrap();
        assert_eq!(got.rule, MisereRule::MisereNim);
        assert_eq!(got.pair, searched_pair(&components), "{heaps:?}");
        let big: Vec<BigUint> = heaps.iter().map(|&h| BigUint::from(h)).collect();
        assert_eq!(misere_nim_outcome(&big), got.outcome, "{heaps:?}");
    }
}

/// Random sums of one to three heaps: the pair (by whichever rule applies) against search,
/// and each heap's tameness against the definition.
#[test]
fn pairs_agree_with_search() {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let mut rules_seen = [0; 3];
    for _ in 0..1500 {
        let count = 1 + rng.below(3) as usize;
        let components: Vec<Component> =
            (0..count).map(|_| Component { rule: rng.rule(), heap: rng.below(9) }).collect();
        let got = evaluate(&components, &Budget::unlimited()).unwrap();
        rules_seen[got.rule as usize] += 1;
        assert_eq!(got.pair, searched_pair(&components), "{components:?}: {got:?}");
        assert_eq!(got.outcome == Outcome::P, got.pair.misere == 0);
        for (c, h) in components.iter().zip(&got.components) {
            assert_eq!(h.tame, literally_tame(c), "{c:?}");
            assert_eq!(h.pair, searched_pair(std::slice::from_ref(c)), "{c:?}");
        }
    }
    assert!(rules_seen.iter().all(|&n| n > 50), "every rule is exercised: {rules_seen:?}");
}

/// Heaps too big to search, decided by the tame pairs.
#[test]
fn large_tame_heaps_use_the_pairs() {
    let budget = Budget::unlimited();
    let sub = SubtractionGame::new(&[1, 2]).unwrap();
    let big = [Component::subtraction(sub.clone(), 10_000), Component::subtraction(sub, 9_998), Component::nim(1)];
    let got = evaluate(&big, &budget).unwrap();
    assert_eq!(got.rule, MisereRule::TameSum);
    // Grundy values 10_000 % 3 = 1 and 9_998 % 3 = 2, with *1: nim-sum 2, misère value 2.
    assert_eq!((got.pair, got.outcome), (Pair { normal: 2, misere: 2 }, Outcome::N));
    let dawson = heap_misere(&Component::octal(OctalCode::dawson(), 6), &budget).unwrap();
    assert_eq!(dawson.pair, searched_pair(&[Component::octal(OctalCode::dawson(), 6)]));
}

/// Bouton's rule for heaps of any size.
#[test]
fn huge_misere_nim() {
    let big = BigUint::from(1u32) << 200u32;
    assert_eq!(misere_nim_outcome(&[big.clone(), big.clone()]), Outcome::P);
    assert_eq!(misere_nim_outcome(&[big, BigUint::from(1u32)]), Outcome::N);
    let ones = vec![BigUint::from(1u32); 3];
    assert_eq!(misere_nim_outcome(&ones), Outcome::P);
    assert_eq!(misere_nim_outcome(&[]), Outcome::N);
}

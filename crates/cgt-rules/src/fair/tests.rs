//! Tests of the fair choice of piles: the spec's examples, and agreement with every subset.

use cgt_core::Dyadic;

use super::*;
use crate::boxes::parse_pile;
use crate::test_rng::Rng;

/// Random piles for these tests.
trait RandomPiles {
    fn pile(&mut self, max_len: u64) -> Vec<Colour>;
}

impl RandomPiles for Rng {
    fn pile(&mut self, max_len: u64) -> Vec<Colour> {
        // Short runs make values with small denominators, which cancel more often.
        (0..self.below(max_len + 1)).map(|_| if self.below(2) == 0 { Colour::Black } else { Colour::White }).collect()
    }
}

fn piles(words: &[&str]) -> Vec<Vec<Colour>> {
    words.iter().map(|w| parse_pile(w).unwrap()).collect()
}

/// Checks that the choice is fair and counts its boxes right.
fn check_choice(piles: &[Vec<Colour>], choice: &FairChoice) {
    assert!(choice.piles.windows(2).all(|w| w[0] < w[1]));
    let sum = choice.piles.iter().fold(Dyadic::zero(), |acc, &i| &acc + &pile_value(&piles[i]).unwrap());
    assert!(sum.is_zero(), "{choice:?}");
    assert_eq!(choice.boxes, choice.piles.iter().map(|&i| piles[i].len()).sum::<usize>());
}

/// The most boxes over every subset with value sum 0.
fn brute(piles: &[Vec<Colour>]) -> usize {
    let values: Vec<Dyadic> = piles.iter().map(|p| pile_value(p).unwrap()).collect();
    (0..1u32 << piles.len())
        .filter(|mask| {
            (0..piles.len()).filter(|i| mask >> i & 1 == 1).fold(Dyadic::zero(), |a, i| &a + &values[i]).is_zero()
        })
        .map(|mask| (0..piles.len()).filter(|i| mask >> i & 1 == 1).map(|i| piles[i].len()).sum())
        .max()
        .unwrap()
}

#[test]
fn spec_examples() {
    let budget = Budget::unlimited();
    let p = piles(&["B", "W", "WB", "WB"]);
    let choice = fairest(&p, &budget).unwrap();
    assert_eq!(choice, FairChoice { boxes: 5, piles: vec![0, 2, 3] });
    let p = piles(&["B", "W", "WB", "WB", "BWW", "BWW"]);
    let choice = fairest(&p, &budget).unwrap();
    assert_eq!(choice.boxes, 10);
    check_choice(&p, &choice);
    assert_eq!(fairest(&piles(&["B", "BG"]), &budget), Err(FairError::Green { pile: 1 }));
    assert_eq!(fairest(&[], &budget).unwrap(), FairChoice { boxes: 0, piles: vec![] });
    let p = piles(&["_", "B", "BW"]);
    assert_eq!(fairest(&p, &budget).unwrap(), FairChoice { boxes: 0, piles: vec![0] });
}

#[test]
fn agrees_with_every_subset() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for _ in 0..2000 {
        let p: Vec<Vec<Colour>> = (0..rng.below(11)).map(|_| rng.pile(5)).collect();
        let choice = fairest(&p, &Budget::unlimited()).unwrap();
        check_choice(&p, &choice);
        assert_eq!(choice.boxes, brute(&p), "{p:?}");
    }
}

/// Piles long enough that the sums need big integers.
#[test]
fn long_piles_use_big_integers() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    for _ in 0..20 {
        let mut p: Vec<Vec<Colour>> = (0..8).map(|_| rng.pile(4)).collect();
        let long = rng.pile(150);
        let mirror: Vec<Colour> =
            long.iter().map(|&c| if c == Colour::Black { Colour::White } else { Colour::Black }).collect();
        p.push(long);
        p.push(mirror);
        let choice = fairest(&p, &Budget::unlimited()).unwrap();
        check_choice(&p, &choice);
        assert_eq!(choice.boxes, brute(&p));
    }
}

#[test]
fn many_piles() {
    let mut rng = Rng(0xdead_beef_cafe_f00d);
    let p: Vec<Vec<Colour>> = (0..30).map(|_| rng.pile(40)).collect();
    let choice = fairest(&p, &Budget::unlimited()).unwrap();
    check_choice(&p, &choice);
    let too_many: Vec<Vec<Colour>> = vec![vec![Colour::Black]; MAX_PILES + 1];
    assert_eq!(fairest(&too_many, &Budget::unlimited()), Err(FairError::TooManyPiles { piles: MAX_PILES + 1 }));
}

//! Black-and-White boxes, which are Hackenbush strings: piles of black (Left) and white (Right)
//! boxes, listed bottom to top; a player removes a box of their colour and every box above it.
//!
//! Black/white piles are numbers, computed by van Roode's rule (docs/src/theory/simplicity.md): the
//! first run of equal colours counts ±1 per box, then the i-th box after that run counts
//! ±1/2^i. The rule is exact for piles of any length: the value is assembled as two bit
//! patterns over the common denominator 2^n.

use num_bigint::{BigInt, BigUint};

use cgt_core::game::{GameId, Games};
use cgt_core::{Budget, Dyadic, Exhausted};

/// A position of boxes: piles listed bottom to top, as the moves of [`crate::position`] see it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position(pub Vec<Vec<Colour>>);

impl Position {
    /// The piles after `player`'s moves: each pile cut below each box of a colour it may take.
    fn options(&self, takes: impl Fn(Colour) -> bool) -> Vec<Position> {
        let mut out = Vec::new();
        for (i, pile) in self.0.iter().enumerate() {
            for (j, &c) in pile.iter().enumerate() {
                if takes(c) {
                    let mut next = self.0.clone();
                    next[i].truncate(j);
                    out.push(Position(next));
                }
            }
        }
        out
    }
}

impl crate::position::Partizan for Position {
    fn left_options(&self) -> Vec<Position> {
        self.options(|c| c != Colour::White)
    }

    fn right_options(&self) -> Vec<Position> {
        self.options(|c| c != Colour::Black)
    }

    /// Bare words `WB.BW` (`_` for an empty pile), or `boxes[...]` when a box is green.
    fn notation(&self) -> String {
        let word = |p: &Vec<Colour>| -> String {
            if p.is_empty() {
                return "_".to_owned();
            }
            p.iter()
                .map(|c| match c {
                    Colour::Black => 'B',
                    Colour::White => 'W',
                    Colour::Green => 'G',
                })
                .collect()
        };
        let words: Vec<String> = self.0.iter().map(word).collect();
        if self.0.iter().flatten().any(|&c| c == Colour::Green) {
            format!("boxes[{}]", words.join(", "))
        } else if words.is_empty() {
            "0".to_owned()
        } else {
            words.join(".")
        }
    }
}

/// The colour of a box.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    /// Black: Left's box.
    Black,
    /// White: Right's box.
    White,
    /// Green: either player may take it.
    Green,
}

/// A pile letter that is not `B`, `W`, `G` or `_`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadLetter {
    /// Byte offset of the letter in the word.
    pub offset: usize,
    /// The letter.
    pub letter: char,
}

/// Reads a pile word (`WBBW`, `BGW`, `_` for the empty pile), bottom to top.
pub fn parse_pile(word: &str) -> Result<Vec<Colour>, BadLetter> {
    if word == "_" {
        return Ok(Vec::new());
    }
    word.char_indices()
        .map(|(offset, c)| match c {
            'B' => Ok(Colour::Black),
            'W' => Ok(Colour::White),
            'G' => Ok(Colour::Green),
            letter => Err(BadLetter { offset, letter }),
        })
        .collect()
}

/// The value of a black/white pile by van Roode's rule, or `None` if it has a green box.
pub fn pile_value(pile: &[Colour]) -> Option<Dyadic> {
    if pile.contains(&Colour::Green) {
        return None;
    }
    let Some(&first) = pile.first() else {
        return Some(Dyadic::zero());
    };
    let run = pile.iter().take_while(|&&c| c == first).count();
    let rest = &pile[run..];
    let n = rest.len() as u64;
    // The i-th box after the run (i from 1) contributes ±2^(n-i) over the denominator 2^n.
    let mut plus = BigUint::default();
    let mut minus = BigUint::default();
    for (i, c) in rest.iter().enumerate() {
        let bit = n - 1 - i as u64;
        match c {
            Colour::Black => plus.set_bit(bit, true),
            _ => minus.set_bit(bit, true),
        }
    }
    let whole = BigInt::from(run) << n;
    let whole = if first == Colour::Black { whole } else { -whole };
    Some(Dyadic::new(whole + BigInt::from(plus) - BigInt::from(minus), n))
}

/// The value of a sum of black/white piles, or `None` if a pile has a green box.
pub fn position_value(piles: &[Vec<Colour>]) -> Option<Dyadic> {
    piles.iter().try_fold(Dyadic::zero(), |acc, p| Some(&acc + &pile_value(p)?))
}

/// The canonical value of any pile, green boxes included, from the rules: the options of a
/// pile are its prefixes below a box the mover may take, so the prefixes' values are built
/// bottom up (no recursion, so piles of any height are fine).
pub fn pile_game(games: &mut Games, pile: &[Colour], budget: &Budget) -> Result<GameId, Exhausted> {
    let mut prefix: Vec<GameId> = Vec::with_capacity(pile.len() + 1);
    prefix.push(games.zero());
    for k in 1..=pile.len() {
        budget.check()?;
        let left: Vec<GameId> = (0..k).filter(|&j| pile[j] != Colour::White).map(|j| prefix[j]).collect();
        let right: Vec<GameId> = (0..k).filter(|&j| pile[j] != Colour::Black).map(|j| prefix[j]).collect();
        let g = games.from_options(&left, &right, budget)?;
        prefix.push(g);
    }
    Ok(prefix[pile.len()])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(word: &str) -> String {
        let piles: Vec<Vec<Colour>> = word.split('.').map(|w| parse_pile(w).unwrap()).collect();
        position_value(&piles).unwrap().to_string()
    }

    /// The seed examples (docs/src/theory/sources.md), including the two that published write-ups got wrong.
    #[test]
    fn spec_table() {
        for (word, want) in [
            ("WBBW", "-3/8"),
            ("BW", "1/2"),
            ("WBBW.BW", "1/8"),
            ("BBBWBBW", "45/16"),
            ("WWBWW", "-15/8"),
            ("BBBWBBW.WWBWW", "15/16"),
            ("B.WB.WB", "0"),
            ("_", "0"),
            ("BWB", "3/4"),
        ] {
            assert_eq!(value(word), want, "{word}");
        }
    }

    /// Every pile of up to 12 boxes against the definition: a pile's value is the simplest
    /// number strictly between its best Left option and its best Right option (the options are
    /// the shorter prefixes). Walked depth-first so that each prefix's value is computed once.
    #[test]
    fn van_roode_agrees_with_the_definition_on_all_piles_up_to_12() {
        fn walk(pile: &mut Vec<Colour>, values: &mut Vec<Dyadic>, checked: &mut usize) {
            assert_eq!(pile_value(pile).as_ref(), values.last(), "{pile:?}");
            *checked += 1;
            if pile.len() == 12 {
                return;
            }
            for c in [Colour::Black, Colour::White] {
                pile.push(c);
                let k = pile.len();
                let left = (0..k).filter(|&j| pile[j] == Colour::Black).map(|j| &values[j]).max();
                let right = (0..k).filter(|&j| pile[j] == Colour::White).map(|j| &values[j]).min();
                values.push(Dyadic::simplest_between(left, right).expect("black/white piles are numbers"));
                walk(pile, values, checked);
                values.pop();
                pile.pop();
            }
        }
        let mut checked = 0;
        walk(&mut Vec::new(), &mut vec![Dyadic::zero()], &mut checked);
        assert_eq!(checked, (1 << 13) - 1);
    }

    #[test]
    fn long_piles_are_exact() {
        // B then (W, W, B) repeated: the run is one black box, then the i-th box counts ±1/2^i.
        let pile: Vec<Colour> = (0..10_000).map(|i| if i % 3 == 0 { Colour::Black } else { Colour::White }).collect();
        let v = pile_value(&pile).unwrap();
        assert_eq!(v.exponent(), 9_999);
        let mut sum = Dyadic::integer(1);
        for (i, c) in pile.iter().enumerate().skip(1) {
            let term = Dyadic::half_power(i as u64);
            sum = if *c == Colour::Black { &sum + &term } else { &sum - &term };
        }
        assert_eq!(v, sum);
    }

    /// Sums of random black/white piles: van Roode's rule against the canonical-form engine
    /// building each pile from its options (the rules) and adding the piles as games.
    #[test]
    fn sums_of_random_piles_agree_with_the_engine() {
        let mut rng = crate::test_rng::Rng(0x853c49e6748fea9b);
        let mut next = |n: u64| rng.below(n);
        let budget = Budget::unlimited();
        for _ in 0..300 {
            let mut games = Games::new();
            let piles: Vec<Vec<Colour>> = (0..1 + next(4))
                .map(|_| (0..next(9)).map(|_| if next(2) == 0 { Colour::Black } else { Colour::White }).collect())
                .collect();
            let mut total = games.zero();
            for p in &piles {
                let g = pile_game(&mut games, p, &budget).unwrap();
                total = games.add(total, g, &budget).unwrap();
            }
            let fast = position_value(&piles).unwrap();
            assert_eq!(games.as_number(total), Some(fast), "{piles:?}");
        }
    }

    /// Green boxes: a pile of n green boxes is the nim heap *n; and on black/white piles the
    /// engine, built from the rules, agrees with van Roode's rule.
    #[test]
    fn green_piles() {
        let budget = Budget::unlimited();
        let mut games = Games::new();
        for n in 0..8u64 {
            let pile = vec![Colour::Green; n as usize];
            let g = pile_game(&mut games, &pile, &budget).unwrap();
            assert_eq!(games.nim_value(g), Some(n));
        }
        for len in 0..=8u32 {
            for bits in 0..(1u32 << len) {
                let pile: Vec<Colour> =
                    (0..len).map(|i| if bits >> i & 1 == 1 { Colour::Black } else { Colour::White }).collect();
                let g = pile_game(&mut games, &pile, &budget).unwrap();
                assert_eq!(games.as_number(g), pile_value(&pile), "{pile:?}");
            }
        }
    }
}

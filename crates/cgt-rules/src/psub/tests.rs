//! Partizan subtraction: tables and proven periods against a plain memoised search of the rules
//! with its own move generator, the impartial case against `stones`, and the notation.

use std::collections::HashMap;

use cgt_core::Budget;
use cgt_core::dyadic::Dyadic;
use cgt_core::game::{DisplayStyle, GameId, Games};

use super::{Heaps, Psub, PsubError, Saltus};
use crate::nim::Period;
use crate::position::Partizan;
use crate::subtraction::SubtractionGame;
use crate::test_rng::Rng;

/// The value of a whole position by the definition: every move of either player from the
/// heaps, memoised on the sorted heaps; no table, no period, no splitting into heaps.
fn plain(
    games: &mut Games,
    left: &[u64],
    right: &[u64],
    heaps: Vec<u64>,
    memo: &mut HashMap<Vec<u64>, GameId>,
) -> GameId {
    let mut key = heaps;
    key.sort_unstable();
    if let Some(&g) = memo.get(&key) {
        return g;
    }
    let mut sides = [Vec::new(), Vec::new()];
    for (side, set) in [left, right].into_iter().enumerate() {
        for i in 0..key.len() {
            for &t in set {
                if t <= key[i] {
                    let mut next = key.clone();
                    next[i] -= t;
                    let g = plain(games, left, right, next, memo);
                    sides[side].push(g);
                }
            }
        }
    }
    let g = games.from_options(&sides[0], &sides[1], &Budget::unlimited()).unwrap();
    memo.insert(key, g);
    g
}

fn random_set(rng: &mut Rng) -> Vec<u64> {
    (0..1 + rng.below(3)).map(|_| 1 + rng.below(6)).collect()
}

#[test]
fn tables_and_periods_agree_with_search() {
    let mut rng = Rng(0x3c6e_f372_fe94_f82b);
    let budget = Budget::unlimited();
    let mut games = Games::new();
    let (mut rulesets, mut positions, mut periodic) = (0, 0, 0);
    while rulesets < 200 {
        let (left, right) = (random_set(&mut rng), random_set(&mut rng));
        let Ok(rules) = Psub::new(&left, &right) else { continue };
        rulesets += 1;
        let table = rules.table(&mut games, 300, &budget).unwrap();
        let mut memo = HashMap::new();
        let mut check = |games: &mut Games, heaps: Vec<u64>| {
            let want = plain(games, rules.left(), rules.right(), heaps.clone(), &mut memo);
            let mut got = games.zero();
            for &h in &heaps {
                let v = table.value(h).expect("within the table or its period");
                got = games.add(got, v, &budget).unwrap();
            }
            assert_eq!(got, want, "{left:?} {right:?} {heaps:?}");
        };
        let top = match table.period() {
            Some(p) => {
                periodic += 1;
                // Far past the values computed, through the period.
                table.values().len() as u64 + 3 * p.period + 40
            }
            None => table.values().len() as u64 - 1,
        };
        for n in 0..=top.min(400) {
            check(&mut games, vec![n]);
        }
        for _ in 0..3 {
            let heaps: Vec<u64> = (0..2 + rng.below(2)).map(|_| rng.below(9)).collect();
            check(&mut games, heaps);
            positions += 1;
        }
        if let Some(p) = table.period() {
            // The period is least and the pre-period as short as possible.
            let v = table.values();
            let (pre, per) = (p.preperiod as usize, p.period as usize);
            let far = |i: usize| table.value(i as u64).unwrap();
            for q in 1..per {
                assert!((pre..pre + 2 * per).any(|i| far(i) != far(i + q)), "{left:?} {right:?}: period {q} < {per}");
            }
            if pre > 0 {
                assert_ne!(v[pre - 1], far(pre - 1 + per));
            }
        }
    }
    assert_eq!(positions, 600);
    // Most random pairs of sets have values that grow (arithmetic periodicity), so no pure period.
    assert_eq!(periodic, 60, "periodic of 200");
}

#[test]
fn equal_sets_are_the_impartial_subtraction_game() {
    let budget = Budget::unlimited();
    let mut games = Games::new();
    for take in [vec![1, 2, 3], vec![2, 5, 6], vec![1, 4]] {
        let rules = Psub::new(&take, &take).unwrap();
        let table = rules.table(&mut games, 5000, &budget).unwrap();
        let grundy = SubtractionGame::new(&take).unwrap().grundy_table(5000, &budget).unwrap();
        assert_eq!(table.period(), grundy.period(), "{take:?}");
        for n in 0..200u64 {
            let g = games.nimber(u64::from(grundy.try_value(u128::from(n)).unwrap()));
            assert_eq!(table.value(n), Some(g));
        }
    }
    // WW: S = {1, 2, 3} has values 0, *, *2, *3 with period 4.
    let table = Psub::new(&[1, 2, 3], &[1, 2, 3]).unwrap().table(&mut games, 100, &budget).unwrap();
    assert_eq!(table.period(), Some(Period { preperiod: 0, period: 4 }));
    assert_eq!(games.display(table.value(1_000_000_000_000_000_003).unwrap(), DisplayStyle::default()), "*3");
}

#[test]
fn one_sided_sets_grow_by_an_integer_saltus() {
    // Only Left moves, one at a time: heap n is the integer n, never periodic, and
    // arithmetic-periodic with period 1 and saltus 1 from heap 0.
    let budget = Budget::unlimited();
    let mut games = Games::new();
    let table = Psub::new(&[1], &[]).unwrap().table(&mut games, 50, &budget).unwrap();
    assert_eq!(table.period(), None);
    assert_eq!(games.display(table.value(49).unwrap(), DisplayStyle::default()), "49");
    assert_eq!(table.value(50), None);
    assert_eq!(table.saltus(), Some(&Saltus { preperiod: 0, period: 1, saltus: Dyadic::integer(1) }));
    let far = table.value_in(&mut games, 1_000_000_000_000_000_000, &budget).unwrap().unwrap();
    assert_eq!(games.display(far, DisplayStyle::default()), "1000000000000000000");
    // Only Right moves, 2 or 3 at a time: heap n is -floor(n/2), saltus -1 every 2 heaps.
    let table = Psub::new(&[], &[2, 3]).unwrap().table(&mut games, 50, &budget).unwrap();
    let s = table.saltus().expect("a saltus");
    assert_eq!((s.period, s.saltus.clone()), (2, Dyadic::integer(-1)));
    let far = table.value_in(&mut games, 1_000_000_000_000_000_001, &budget).unwrap().unwrap();
    assert_eq!(games.display(far, DisplayStyle::default()), "-500000000000000000");
}

#[test]
fn notation_options_and_errors() {
    assert_eq!(Psub::new(&[0, 1], &[1]), Err(PsubError::Zero));
    assert_eq!(Psub::new(&[], &[]), Err(PsubError::NoMoves));
    let p = Heaps::new(Psub::new(&[2, 1], &[3, 1]).unwrap(), vec![2, 5]);
    assert_eq!(p.notation(), "psub[2, 5] left=[1, 2] right=[1, 3]");
    let left: Vec<String> = p.left_options().iter().map(|q| q.notation()).collect();
    assert_eq!(left.len(), 4);
    assert_eq!(left[1], "psub[0, 5] left=[1, 2] right=[1, 3]");
    let right: Vec<String> = p.right_options().iter().map(|q| q.notation()).collect();
    assert_eq!(
        right,
        [
            "psub[1, 5] left=[1, 2] right=[1, 3]",
            "psub[2, 4] left=[1, 2] right=[1, 3]",
            "psub[2, 2] left=[1, 2] right=[1, 3]"
        ]
    );
}

#[test]
fn arithmetic_periods_agree_with_search() {
    // Random sets, one of them often empty, whose values have no plain period: where a number
    // saltus is proven, heaps far past the values computed (through the saltus) equal the plain
    // search. (Two random non-empty sets almost never grow by a number: they grow by ups, which
    // are not claimed.)
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let budget = Budget::unlimited();
    let mut games = Games::new();
    let (mut rulesets, mut arithmetic, mut heaps_checked) = (0, 0, 0);
    while rulesets < 300 {
        let (mut left, mut right) = (random_set(&mut rng), random_set(&mut rng));
        match rng.below(3) {
            0 => left.clear(),
            1 => right.clear(),
            _ => {}
        }
        let Ok(rules) = Psub::new(&left, &right) else { continue };
        rulesets += 1;
        let table = rules.table(&mut games, 120, &budget).unwrap();
        if table.period().is_some() {
            continue;
        }
        let Some(saltus) = table.saltus().cloned() else { continue };
        arithmetic += 1;
        assert_eq!(table.period(), None);
        let mut memo = HashMap::new();
        for n in 0..=330u64 {
            let want = plain(&mut games, rules.left(), rules.right(), vec![n], &mut memo);
            let got = table.value_in(&mut games, n, &budget).unwrap().expect("through the saltus");
            assert_eq!(got, want, "{left:?} {right:?} heap {n} ({saltus:?})");
            heaps_checked += 1;
        }
        // The saltus is what the period adds, from the pre-period on.
        let (p, pre) = (saltus.period, saltus.preperiod);
        let s = games.number(&saltus.saltus);
        for n in pre..pre + 2 * p {
            let a = table.value_in(&mut games, n, &budget).unwrap().unwrap();
            let b = table.value_in(&mut games, n + p, &budget).unwrap().unwrap();
            assert_eq!(games.add(a, s, &budget).unwrap(), b);
        }
    }
    assert_eq!((arithmetic, heaps_checked), (201, 66531), "arithmetic of 300");
}

#[test]
fn numbers_are_not_translated() {
    // Values 0, 1/2, 1, 3/2, ... all grow by 1/2, but they are numbers, and `{x + s | }` is
    // not `{x | } + s`: the condition T refuses them, whatever the length of the run.
    let budget = Budget::unlimited();
    let mut games = Games::new();
    let values: Vec<GameId> = (0..200).map(|k| games.number(&Dyadic::new(k, 1))).collect();
    assert_eq!(super::arith::find(&mut games, &values, (&[1], &[1]), &budget).unwrap(), None);
    // For one player's moves alone the same run is accepted (its values are integers there).
    let whole: Vec<GameId> = (0..200).map(|k| games.number(&Dyadic::integer(k))).collect();
    let found = super::arith::find(&mut games, &whole, (&[1], &[]), &budget).unwrap();
    assert_eq!(found, Some(Saltus { preperiod: 0, period: 1, saltus: Dyadic::integer(1) }));
}

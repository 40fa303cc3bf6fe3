//! Partizan subtraction: tables and proven periods against a plain memoised search of the rules
//! with its own move generator, the impartial case against `stones`, and the notation.

use std::collections::HashMap;

use cgt_core::Budget;
use cgt_core::game::{DisplayStyle, GameId, Games};

use super::{Heaps, Psub, PsubError};
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
fn one_sided_sets_grow_and_find_no_period() {
    // Only Left moves, one at a time: heap n is the integer n, never periodic.
    let budget = Budget::unlimited();
    let mut games = Games::new();
    let table = Psub::new(&[1], &[]).unwrap().table(&mut games, 50, &budget).unwrap();
    assert_eq!(table.period(), None);
    assert_eq!(games.display(table.value(49).unwrap(), DisplayStyle::default()), "49");
    assert_eq!(table.value(50), None);
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

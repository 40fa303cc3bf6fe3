//! Tests of subtraction games: Grundy tables against the definition, and proven, least periods.

use std::collections::{HashMap, HashSet};

use super::*;
use crate::test_rng::Rng;

fn random_game(rng: &mut Rng, size: u64, max: u64) -> SubtractionGame {
    let take: Vec<u64> = (0..1 + rng.below(size)).map(|_| 1 + rng.below(max)).collect();
    SubtractionGame::new(&take).unwrap()
}

/// `g(0..len)` straight from the definition.
fn naive(take: &[u64], len: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(len);
    for n in 0..len {
        let options: HashSet<u32> = take.iter().filter(|&&t| t as usize <= n).map(|&t| g[n - t as usize]).collect();
        g.push((0..).find(|v| !options.contains(v)).unwrap());
    }
    g
}

#[test]
fn spec_example() {
    let game = SubtractionGame::new(&[3, 1, 2, 2]).unwrap();
    assert_eq!(game.take_set(), &[1, 2, 3]);
    let table = game.grundy_table(1000, &Budget::unlimited()).unwrap();
    assert_eq!(table.period(), Some(Period { preperiod: 0, period: 4 }));
    assert_eq!(table.sum(&[22]), Ok(2));
    assert_eq!(game.winning_move(&table, &[22]), Ok(Some(TakeMove { heap: 0, take: 2 })));
    assert_eq!(table.sum(&[1_000_000_000_000_000_000]), Ok(0));
    assert_eq!(SubtractionGame::new(&[]), Err(SubtractionError::EmptyTakeSet));
    assert_eq!(SubtractionGame::new(&[0, 3]), Err(SubtractionError::ZeroInTakeSet));
}

#[test]
fn no_period_within_the_limit() {
    let game = SubtractionGame::new(&[1000]).unwrap();
    let table = game.grundy_table(1500, &Budget::unlimited()).unwrap();
    assert_eq!(table.period(), None);
    assert_eq!(table.values().len(), 1500);
    assert_eq!(table.sum(&[1499]), Ok(1));
    assert_eq!(table.sum(&[1500]), Err(BeyondTable { heap: 1500, computed: 1500 }));
    let huge = SubtractionGame::new(&[u64::MAX]).unwrap();
    assert_eq!(huge.grundy_table(10, &Budget::unlimited()).unwrap().values(), &[0; 10]);
}

/// Random take sets: the table agrees with the definition, and the period is proven, least, and
/// starts as early as possible.
#[test]
fn tables_and_periods_agree_with_the_definition() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for _ in 0..1500 {
        let game = random_game(&mut rng, 6, 24);
        let table = game.grundy_table(100_000, &Budget::unlimited()).unwrap();
        let p = table.period().expect("small games are periodic early");
        let (pre, per) = (p.preperiod as usize, p.period as usize);
        let len = table.values().len() + 3 * per + 200;
        let g = naive(game.take_set(), len);
        assert_eq!(table.values(), &g[..table.values().len()]);
        for (n, &v) in g.iter().enumerate() {
            assert_eq!(table.value(n as u128), Some(v), "{:?} n={n}", game.take_set());
        }
        assert!(pre == 0 || g[pre - 1] != g[pre - 1 + per], "{:?} {p:?}", game.take_set());
        for shorter in 1..per {
            assert!((pre..pre + per).any(|n| g[n] != g[n + shorter]), "{:?} {p:?}", game.take_set());
        }
    }
}

/// Win or loss of a sum of heaps (sorted) by search from the rules.
fn wins(heaps: Vec<u64>, take: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    if let Some(&w) = memo.get(&heaps) {
        return w;
    }
    let mut found = false;
    'search: for i in 0..heaps.len() {
        for &t in take.iter().filter(|&&t| t <= heaps[i]) {
            let mut next = heaps.clone();
            next[i] -= t;
            next.sort_unstable();
            if !wins(next, take, memo) {
                found = true;
                break 'search;
            }
        }
    }
    memo.insert(heaps, found);
    found
}

/// Sums of one to three heaps: outcomes agree with search, and winning moves are legal and win.
#[test]
fn sums_agree_with_search() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut checked = 0;
    for _ in 0..60 {
        let game = random_game(&mut rng, 5, 9);
        let table = game.grundy_table(10_000, &Budget::unlimited()).unwrap();
        let mut memo = HashMap::new();
        for _ in 0..60 {
            let heaps: Vec<u64> = (0..1 + rng.below(3)).map(|_| rng.below(22)).collect();
            let mut key = heaps.clone();
            key.sort_unstable();
            let win = wins(key, game.take_set(), &mut memo);
            assert_eq!(table.sum(&heaps).unwrap() != 0, win, "{:?} {heaps:?}", game.take_set());
            match game.winning_move(&table, &heaps).unwrap() {
                None => assert!(!win),
                Some(m) => {
                    assert!(game.take_set().contains(&m.take) && m.take <= heaps[m.heap]);
                    let mut next = heaps.clone();
                    next[m.heap] -= m.take;
                    next.sort_unstable();
                    assert!(!wins(next, game.take_set(), &mut memo), "{:?} {heaps:?} {m:?}", game.take_set());
                }
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 3600);
}

/// Contest limits: a take set of 100 elements up to 10^5 and heaps up to 10^5, directly.
#[test]
fn contest_limits() {
    let mut rng = Rng(0xdead_beef_cafe_f00d);
    let take: Vec<u64> = (0..100).map(|_| 1 + rng.below(100_000)).collect();
    let game = SubtractionGame::new(&take).unwrap();
    let table = game.grundy_table(100_001, &Budget::unlimited()).unwrap();
    let heaps = [100_000, 99_999, 31_337];
    let total = table.sum(&heaps).unwrap();
    if let Some(m) = game.winning_move(&table, &heaps).unwrap() {
        let mut next = heaps;
        next[m.heap] -= m.take;
        assert_eq!(table.sum(&next), Ok(0));
    } else {
        assert_eq!(total, 0);
    }
}

#[test]
fn huge_heaps_use_the_period() {
    let game = SubtractionGame::new(&[3, 7, 10]).unwrap();
    let table = game.grundy_table(1_000_000, &Budget::unlimited()).unwrap();
    let p = table.period().unwrap();
    let heap = 1_000_000_000_000_000_000u64;
    let g = naive(game.take_set(), 400);
    let reduced = p.preperiod + (heap - p.preperiod) % p.period;
    assert_eq!(table.sum(&[heap]), Ok(g[reduced as usize]));
    let m = game.winning_move(&table, &[heap, 5]).unwrap();
    if let Some(m) = m {
        let mut next = [heap, 5];
        next[m.heap] -= m.take;
        assert_eq!(table.sum(&next), Ok(0));
    }
}

//! Tests of Staircase Nim on lines and trees against brute force from the rules.

use std::collections::HashMap;

use super::*;
use crate::test_rng::Rng;

fn big(xs: &[u64]) -> Vec<BigUint> {
    xs.iter().map(|&x| BigUint::from(x)).collect()
}

/// Grundy values by search from the rules: coins on vertices 1..n, `parent` as in the game.
struct Search<'a> {
    parent: &'a [usize],
    memo: HashMap<Vec<u8>, u64>,
}

impl Search<'_> {
    fn grundy(&mut self, coins: &[u8]) -> u64 {
        if let Some(&g) = self.memo.get(coins) {
            return g;
        }
        let mut options = Vec::new();
        for v in 0..coins.len() {
            for count in 1..=coins[v] {
                let mut next = coins.to_vec();
                next[v] -= count;
                if self.parent[v] > 0 {
                    next[self.parent[v] - 1] += count;
                }
                options.push(self.grundy(&next));
            }
        }
        let g = (0..).find(|x| !options.contains(x)).unwrap();
        self.memo.insert(coins.to_vec(), g);
        g
    }
}

/// Applies a move after checking that it is legal.
fn apply(position: &[u8], parent: &[usize], m: &StairMove) -> Vec<u8> {
    let count = m.count.to_string().parse::<u8>().unwrap();
    assert!(count >= 1 && position[m.from - 1] >= count, "{m:?}");
    assert_eq!(parent[m.from - 1], m.to);
    let mut next = position.to_vec();
    next[m.from - 1] -= count;
    if m.to > 0 {
        next[m.to - 1] += count;
    }
    next
}

fn check(position: &Staircase, coins: &[u8], parent: &[usize], search: &mut Search, rng: &mut Rng) {
    let g = search.grundy(coins);
    assert_eq!(position.grundy(), BigUint::from(g), "{}", position.notation());
    match position.winning_move() {
        None => assert_eq!(g, 0),
        Some(m) => assert_eq!(search.grundy(&apply(coins, parent, &m)), 0, "{} {m:?}", position.notation()),
    }
    let target = rng.below(8);
    match position.move_to_value(&BigUint::from(target)) {
        Some(m) => assert_eq!(search.grundy(&apply(coins, parent, &m)), target),
        None => {
            // No option has that value, by search too.
            for v in 0..coins.len() {
                for count in 1..=coins[v] {
                    let m = StairMove { from: v + 1, to: parent[v], count: BigUint::from(count) };
                    assert_ne!(search.grundy(&apply(coins, parent, &m)), target);
                }
            }
        }
    }
}

#[test]
fn published_values() {
    let s = Staircase::line(big(&[3, 5, 6, 1]));
    assert_eq!(s.notation(), "staircase[3, 5, 6, 1]");
    assert_eq!(s.grundy(), BigUint::from(5u32));
    // Steps 1 and 3 hold 3 and 6: 6 -> 3 by moving 3 coins from step 3 to step 2.
    assert_eq!(s.winning_move(), Some(StairMove { from: 3, to: 2, count: BigUint::from(3u32) }));
    let t = Staircase::tree(big(&[1, 2, 3]), vec![0, 1, 1]).unwrap();
    assert_eq!(t.notation(), "staircase[1, 2, 3] parent=[0, 1, 1]");
    assert_eq!(t.grundy(), BigUint::from(1u32));
    assert_eq!(Staircase::tree(big(&[1]), vec![]), Err(StaircaseError::LengthMismatch { coins: 1, parents: 0 }));
    assert_eq!(Staircase::tree(big(&[1, 1]), vec![2, 1]), Err(StaircaseError::Cycle { vertex: 1 }));
    assert_eq!(Staircase::tree(big(&[1]), vec![1]), Err(StaircaseError::Cycle { vertex: 1 }));
    assert_eq!(Staircase::tree(big(&[1]), vec![5]), Err(StaircaseError::NoSuchVertex { vertex: 1, parent: 5 }));
}

/// Every staircase of up to 4 steps with up to 3 coins each, and 5 steps with up to 2.
#[test]
fn lines_agree_with_search() {
    let mut rng = Rng(77);
    for (steps, max) in [(4usize, 4u64), (5, 3)] {
        let parent: Vec<usize> = (0..steps).collect();
        let mut search = Search { parent: &parent, memo: HashMap::new() };
        for code in 0..max.pow(steps as u32) {
            let coins: Vec<u8> = (0..steps).map(|i| (code / max.pow(i as u32) % max) as u8).collect();
            let position = Staircase::line(coins.iter().map(|&c| BigUint::from(c)).collect());
            check(&position, &coins, &parent, &mut search, &mut rng);
        }
    }
}

/// 3000 random trees of up to 6 vertices (numbered in random order) with random coins.
#[test]
fn trees_agree_with_search() {
    let mut rng = Rng(0xdead_beef);
    for _ in 0..300 {
        let n = 1 + rng.below(6) as usize;
        // A random order of the vertices; each one's parent comes earlier in it or is the floor.
        let mut order: Vec<usize> = (1..=n).collect();
        for i in (1..n).rev() {
            order.swap(i, rng.below(i as u64 + 1) as usize);
        }
        let mut parent = vec![0usize; n];
        for (i, &v) in order.iter().enumerate() {
            let p = rng.below(i as u64 + 1) as usize;
            parent[v - 1] = if p == i { 0 } else { order[p] };
        }
        let mut search = Search { parent: &parent, memo: HashMap::new() };
        for _ in 0..10 {
            let coins: Vec<u8> = (0..n).map(|_| rng.below(3) as u8).collect();
            let position = Staircase::tree(coins.iter().map(|&c| BigUint::from(c)).collect(), parent.clone()).unwrap();
            check(&position, &coins, &parent, &mut search, &mut rng);
        }
    }
}

#[test]
fn huge_and_deep() {
    let big_coins = BigUint::from(1u32) << 300u32;
    let s = Staircase::line(vec![big_coins.clone() + 5u32, BigUint::from(9u32), big_coins.clone()]);
    assert_eq!(s.grundy(), BigUint::from(5u32));
    let m = s.winning_move().unwrap();
    assert_eq!((m.from, m.to, m.count), (1, 0, BigUint::from(5u32)));
    // A path of 100,000 vertices given leaf first: no recursion, and depth parity alternates.
    let n = 100_000;
    let parent: Vec<usize> = (0..n).map(|i| if i + 1 == n { 0 } else { i + 2 }).collect();
    let coins: Vec<BigUint> = (0..n).map(|i| BigUint::from(i as u64 % 7)).collect();
    let t = Staircase::tree(coins.clone(), parent).unwrap();
    let expected = (0..n).filter(|i| (n - i) % 2 == 1).fold(0u64, |acc, i| acc ^ (i as u64 % 7));
    assert_eq!(t.grundy(), BigUint::from(expected));
}

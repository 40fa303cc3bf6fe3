//! Weighted Arc Kayles: the solver (components of live edges) against a plain Grundy search of
//! the rules with its own move generator on random weighted graphs, Arc Kayles at weight 1,
//! values by hand, and the notation.

use std::collections::HashMap;

use cgt_core::Budget;
use cgt_core::game::Games;

use super::WeightedArcKayles;
use crate::arckayles::{ArcKayles, Nimbers};
use crate::position::Partizan;
use crate::test_rng::Rng;

/// The Grundy value straight from the rules: weights of vertices 1..=N and edges `(u, v)`;
/// a move picks an edge with both ends' weights positive and lowers each end by one (a loop's
/// vertex once). By the mex over the whole position, memoised on it.
fn grundy(weights: Vec<u64>, edges: &[(u64, u64)], memo: &mut HashMap<Vec<u64>, u64>) -> u64 {
    if let Some(&g) = memo.get(&weights) {
        return g;
    }
    let mut seen = Vec::new();
    for &(u, v) in edges {
        let (a, b) = (u as usize - 1, v as usize - 1);
        if weights[a] > 0 && weights[b] > 0 {
            let mut next = weights.clone();
            next[a] -= 1;
            if a != b {
                next[b] -= 1;
            }
            seen.push(grundy(next, edges, memo));
        }
    }
    let g = (0..).find(|x| !seen.contains(x)).expect("a mex");
    memo.insert(weights, g);
    g
}

fn nim_value(p: &WeightedArcKayles) -> u64 {
    let mut games = Games::new();
    let g = p.game(&mut games, &Budget::unlimited()).unwrap();
    games.nim_value(g).expect("impartial")
}

#[test]
fn solver_agrees_with_search() {
    let mut rng = Rng(0x3e16_47ed_a4c0_11e5);
    for _ in 0..400 {
        let n = 1 + rng.below(5);
        let weights: Vec<u64> = (0..n).map(|_| rng.below(4)).collect();
        let edges: Vec<(u64, u64)> = (0..rng.below(2 * n)).map(|_| (1 + rng.below(n), 1 + rng.below(n))).collect();
        let p = WeightedArcKayles::new(&weights, &edges).unwrap();
        let want = grundy(weights.clone(), &edges, &mut HashMap::new());
        assert_eq!(nim_value(&p), want, "{}", p.notation());
    }
}

#[test]
fn weight_one_is_arc_kayles() {
    let mut rng = Rng(0x0a4c_0001);
    let mut nimbers = Nimbers::new();
    for _ in 0..100 {
        let n = 1 + rng.below(7);
        let edges: Vec<(u64, u64)> = (0..rng.below(2 * n)).map(|_| (1 + rng.below(n), 1 + rng.below(n))).collect();
        let p = WeightedArcKayles::new(&vec![1; n as usize], &edges).unwrap();
        let plain = nimbers.nim_value(&ArcKayles::new(&edges), &Budget::unlimited()).unwrap();
        assert_eq!(nim_value(&p), plain, "{}", p.notation());
    }
}

#[test]
fn values_by_hand() {
    // One edge with weights a and b: min(a, b) moves in a row.
    for (a, b) in [(0, 3), (1, 1), (2, 5), (3, 3)] {
        let p = WeightedArcKayles::new(&[a, b], &[(1, 2)]).unwrap();
        assert_eq!(nim_value(&p), a.min(b) % 2, "{a}, {b}");
    }
    // A loop lowers its vertex once: weight w gives w moves.
    assert_eq!(nim_value(&WeightedArcKayles::new(&[3], &[(1, 1)]).unwrap()), 1);
    // A path 1-2-3 with weights 1, 2, 1: after either edge, vertex 2 keeps weight 1 and the
    // other edge is still live; after both, nothing: two moves in a row, 0.
    assert_eq!(nim_value(&WeightedArcKayles::new(&[1, 2, 1], &[(1, 2), (2, 3)]).unwrap()), 0);
    assert!(WeightedArcKayles::new(&[1], &[(1, 2)]).is_none());
}

#[test]
fn notation_and_options() {
    let p = WeightedArcKayles::new(&[1, 2, 1], &[(2, 1), (2, 3)]).unwrap();
    assert_eq!(p.notation(), "weighted_arckayles[1-2, 2-3] weights=[1, 2, 1]");
    let moves: Vec<String> = p.left_options().iter().map(Partizan::notation).collect();
    assert_eq!(
        moves,
        ["weighted_arckayles[1-2, 2-3] weights=[0, 1, 1]", "weighted_arckayles[1-2, 2-3] weights=[1, 1, 0]"]
    );
}

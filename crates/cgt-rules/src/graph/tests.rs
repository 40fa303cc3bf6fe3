//! Tests of the graph games: outcomes and remoteness against bounded-depth search, and the
//! scoring variant against value iteration, on random graphs.

use super::*;
use crate::test_rng::Rng;

/// Random graphs for these tests.
trait RandomGraphs {
    fn graph(&mut self, max: u64) -> (Vec<u64>, Vec<(u64, u64)>);
}

impl RandomGraphs for Rng {
    /// A random graph on up to `max` vertices with arbitrary labels, self-loops and repeats.
    fn graph(&mut self, max: u64) -> (Vec<u64>, Vec<(u64, u64)>) {
        let n = 1 + self.below(max);
        let labels: Vec<u64> = (0..n).map(|i| i * 1_000_003 + self.below(1000) * u64::from(i % 2 == 0)).collect();
        let edges =
            (0..self.below(3 * n)).map(|_| (labels[self.below(n) as usize], labels[self.below(n) as usize])).collect();
        (labels, edges)
    }
}

/// Outcomes with remoteness by bounded-depth search: a vertex is a win within d moves if some
/// move reaches a loss within d−1, a loss within d if every move reaches a win within d−1 (a
/// vertex without moves is a loss within 0); whatever is decided at no depth up to 2V + 2 is a
/// draw. The least such d is the remoteness.
fn brute(graph: &Graph) -> Vec<GraphOutcome> {
    let n = graph.len();
    let mut result = vec![GraphOutcome::Draw; n];
    let mut win = vec![false; n];
    let mut loss: Vec<bool> = (0..n).map(|v| graph.successors(v).is_empty()).collect();
    for v in (0..n).filter(|&v| loss[v]) {
        result[v] = GraphOutcome::Loss { remoteness: 0 };
    }
    for d in 1..=2 * n as u64 + 2 {
        let new_win: Vec<bool> = (0..n).map(|v| graph.successors(v).iter().any(|&u| loss[u])).collect();
        let new_loss: Vec<bool> = (0..n).map(|v| graph.successors(v).iter().all(|&u| win[u])).collect();
        for v in 0..n {
            if result[v] == GraphOutcome::Draw && new_win[v] {
                result[v] = GraphOutcome::Win { remoteness: d };
            }
            if result[v] == GraphOutcome::Draw && new_loss[v] {
                result[v] = GraphOutcome::Loss { remoteness: d };
            }
        }
        (win, loss) = (new_win, new_loss);
    }
    result
}

/// The scoring variant by value iteration of the minimax from "the game never ends" (below every
/// value) until nothing changes.
fn brute_scores(graph: &Graph, values: &[i64]) -> StopScores {
    let n = graph.len();
    let mut max = vec![i128::MIN; n];
    let mut min = vec![i128::MIN; n];
    loop {
        let new_max: Vec<i128> = (0..n)
            .map(|v| graph.successors(v).iter().map(|&u| min[u]).fold(i128::from(values[v]), i128::max))
            .collect();
        let new_min: Vec<i128> = (0..n)
            .map(|v| graph.successors(v).iter().map(|&u| max[u]).fold(i128::from(values[v]), i128::min))
            .collect();
        if new_max == max && new_min == min {
            break;
        }
        (max, min) = (new_max, new_min);
    }
    let back = |xs: Vec<i128>| xs.into_iter().map(|x| x as i64).collect();
    StopScores { max_to_move: back(max), min_to_move: back(min) }
}

#[test]
fn spec_example() {
    let graph = Graph::new(&[1], &[(1, 2), (2, 3), (3, 1), (3, 4)]);
    let out = outcomes(&graph, &Budget::unlimited()).unwrap();
    let at = |label| out[graph.index(label).unwrap()];
    assert_eq!(at(1), GraphOutcome::Win { remoteness: 3 });
    assert_eq!(at(2), GraphOutcome::Loss { remoteness: 2 });
    assert_eq!(at(3), GraphOutcome::Win { remoteness: 1 });
    assert_eq!(at(4), GraphOutcome::Loss { remoteness: 0 });
    let cycle = Graph::new(&[], &[(1, 2), (2, 1)]);
    assert_eq!(outcomes(&cycle, &Budget::unlimited()).unwrap(), vec![GraphOutcome::Draw; 2]);
    let lonely = Graph::new(&[7], &[]);
    assert_eq!(outcomes(&lonely, &Budget::unlimited()).unwrap(), vec![GraphOutcome::Loss { remoteness: 0 }]);
    assert_eq!(lonely.index(8), None);
}

#[test]
fn scoring_examples() {
    let budget = Budget::unlimited();
    // A 2-cycle: the minimiser at 1 never stops on 3; it moves on, so that the maximiser at 2
    // must stop on -5 or let the game run forever.
    let cycle = Graph::new(&[1, 2], &[(1, 2), (2, 1)]);
    let s = stop_scores(&cycle, &[3, -5], &budget).unwrap();
    assert_eq!(s.max_to_move, vec![3, -5]);
    assert_eq!(s.min_to_move, vec![-5, -5]);
    // The maximiser at 1 can move to 2, where the minimiser must stop at 10.
    let path = Graph::new(&[1, 2], &[(1, 2)]);
    assert_eq!(stop_scores(&path, &[0, 10], &budget).unwrap().max_to_move, vec![10, 10]);
    assert_eq!(stop_scores(&path, &[1], &budget), Err(ScoringError::WrongValueCount { vertices: 2, values: 1 }));
}

#[test]
fn outcomes_agree_with_search() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for _ in 0..3000 {
        let (labels, edges) = rng.graph(9);
        let graph = Graph::new(&labels[..1], &edges);
        assert_eq!(outcomes(&graph, &Budget::unlimited()).unwrap(), brute(&graph), "{edges:?}");
    }
}

#[test]
fn scores_agree_with_value_iteration() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    for _ in 0..3000 {
        let (labels, edges) = rng.graph(9);
        let graph = Graph::new(&labels, &edges);
        let values: Vec<i64> = (0..graph.len()).map(|_| rng.below(11) as i64 - 5).collect();
        let fast = stop_scores(&graph, &values, &Budget::unlimited()).unwrap();
        assert_eq!(fast, brute_scores(&graph, &values), "{edges:?} {values:?}");
    }
}

#[test]
fn large_graphs() {
    let mut rng = Rng(0xdead_beef_cafe_f00d);
    let n = 100_000;
    let edges: Vec<(u64, u64)> = (0..200_000).map(|_| (rng.below(n) << 20, rng.below(n) << 20)).collect();
    let graph = Graph::new(&[], &edges);
    let out = outcomes(&graph, &Budget::unlimited()).unwrap();
    // Spot checks of the definitions at every vertex.
    for v in 0..graph.len() {
        let succ = graph.successors(v);
        match out[v] {
            GraphOutcome::Win { .. } => assert!(succ.iter().any(|&u| matches!(out[u], GraphOutcome::Loss { .. }))),
            GraphOutcome::Loss { .. } => assert!(succ.iter().all(|&u| matches!(out[u], GraphOutcome::Win { .. }))),
            GraphOutcome::Draw => {
                assert!(succ.iter().all(|&u| !matches!(out[u], GraphOutcome::Loss { .. })));
                assert!(succ.iter().any(|&u| out[u] == GraphOutcome::Draw));
            }
        }
    }
    let values: Vec<i64> = (0..graph.len()).map(|_| rng.below(2_000_000_001) as i64 - 1_000_000_000).collect();
    let s = stop_scores(&graph, &values, &Budget::unlimited()).unwrap();
    assert!((0..graph.len()).all(|v| s.max_to_move[v] >= values[v] && s.min_to_move[v] <= values[v]));
}

//! Tests of generalised Sprague-Grundy values of graph games against retrograde analysis.

use super::*;
use crate::graph::{GraphOutcome, outcomes};
use crate::test_rng::Rng;

/// A random graph on 1..=max vertices labelled 10, 20, ... (self-loops and repeats allowed).
fn random_graph(rng: &mut Rng, max: u64) -> Graph {
    let n = 1 + rng.below(max);
    let labels: Vec<u64> = (1..=n).map(|i| 10 * i).collect();
    let edges: Vec<(u64, u64)> =
        (0..rng.below(3 * n)).map(|_| (labels[rng.below(n) as usize], labels[rng.below(n) as usize])).collect();
    Graph::new(&labels, &edges)
}

fn as_result(o: GraphOutcome) -> MoverResult {
    match o {
        GraphOutcome::Win { .. } => MoverResult::Win,
        GraphOutcome::Loss { .. } => MoverResult::Loss,
        GraphOutcome::Draw => MoverResult::Draw,
    }
}

/// The game with two tokens on `g` as one graph (label `1000 * a + b` for tokens on a and b),
/// solved by the retrograde analysis of `graph::outcomes`.
fn two_token_oracle(g: &Graph) -> Vec<((u64, u64), MoverResult)> {
    let labels = g.labels();
    let n = g.len();
    let pair = |a: usize, b: usize| 1000 * labels[a] + labels[b];
    let vertices: Vec<u64> = (0..n * n).map(|s| pair(s / n, s % n)).collect();
    let mut edges = Vec::new();
    for a in 0..n {
        for b in 0..n {
            edges.extend(g.successors(a).iter().map(|&a2| (pair(a, b), pair(a2, b))));
            edges.extend(g.successors(b).iter().map(|&b2| (pair(a, b), pair(a, b2))));
        }
    }
    let product = Graph::new(&vertices, &edges);
    let out = outcomes(&product, &Budget::unlimited()).expect("unlimited budget");
    (0..n * n)
        .map(|s| {
            let v = product.index(vertices[s]).expect("listed vertex");
            ((labels[s / n], labels[s % n]), as_result(out[v]))
        })
        .collect()
}

#[test]
fn two_tokens_on_random_graphs_match_retrograde_analysis_of_the_product() {
    let mut rng = Rng(0x5eed_1234_abcd_0001);
    let budget = Budget::unlimited();
    for _ in 0..1500 {
        let g = random_graph(&mut rng, 8);
        for ((a, b), want) in two_token_oracle(&g) {
            let got = token_sum_outcome(&g, &[a, b], &budget).unwrap();
            assert_eq!(got, Some(want), "{g:?} tokens {a}, {b}");
        }
    }
}

#[test]
fn one_token_matches_the_graph_outcomes() {
    let mut rng = Rng(99);
    let budget = Budget::unlimited();
    for _ in 0..1500 {
        let g = random_graph(&mut rng, 12);
        let out = outcomes(&g, &budget).unwrap();
        let values = gsg_values(&g, &budget).unwrap();
        for v in 0..g.len() {
            assert_eq!(values[v].outcome(), as_result(out[v]), "{g:?} at {v}");
        }
    }
}

#[test]
fn spec_example_and_unknown_tokens() {
    // graph[1->2, 2->3, 3->1, 3->4]: 4 is 0; 3 is *2 (options *1 and 0); 2 is 0 (its only
    // option, *2, can move to 0); 1 is *1 (its only option is 0).
    let g = Graph::new(&[], &[(1, 2), (2, 3), (3, 1), (3, 4)]);
    let budget = Budget::unlimited();
    let text: Vec<String> = gsg_values(&g, &budget).unwrap().iter().map(|v| v.to_string()).collect();
    assert_eq!(text, ["*", "0", "*2", "0"]);
    assert_eq!(token_sum_outcome(&g, &[1, 3], &budget).unwrap(), Some(MoverResult::Win));
    assert_eq!(token_sum_outcome(&g, &[1, 1, 2], &budget).unwrap(), Some(MoverResult::Loss));
    assert_eq!(token_sum_outcome(&g, &[1, 5], &budget).unwrap(), None);
    // A pure cycle: ∞ with no finite options, a draw even beside a nim heap of graph vertices.
    let c = Graph::new(&[], &[(1, 2), (2, 1), (3, 4)]);
    assert_eq!(token_sum_value(&c, &[1], &budget).unwrap().map(|v| v.display(true)), Some("∞".to_string()));
    assert_eq!(token_sum_outcome(&c, &[1, 3], &budget).unwrap(), Some(MoverResult::Draw));
}

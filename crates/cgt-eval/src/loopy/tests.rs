//! Sums of games on graphs and nimbers, as the language evaluates them from generalised
//! Sprague–Grundy values, against retrograde analysis of the product graph.

use cgt_rules::graph::{self as rgraph, Graph, GraphOutcome};

use crate::{Config, evaluate};

/// The workspace's seeded generator, so that failures repeat.
use cgt_testkit::Rng;

/// A component: the vertices 1..=n and the edges of a graph, or a nim heap (a vertex i moves to
/// every j < i) written as `*k`.
struct Component {
    n: u64,
    edges: Vec<(u64, u64)>,
    start: u64,
    text: String,
}

fn random_graph(rng: &mut Rng) -> Component {
    let n = 2 + rng.below(5);
    let m = rng.below(2 * n + 1);
    let edges: Vec<(u64, u64)> = (0..m).map(|_| (1 + rng.below(n), 1 + rng.below(n))).collect();
    let start = 1 + rng.below(n);
    let shown: Vec<String> = edges.iter().map(|(a, b)| format!("{a}->{b}")).collect();
    let all: Vec<String> = (1..=n).map(|v| v.to_string()).collect();
    let text = format!("graph[{}] from={start} vertices=[{}]", shown.join(", "), all.join(", "));
    Component { n, edges, start, text }
}

fn heap(k: u64) -> Component {
    // Vertex i + 1 is a heap of i.
    let edges = (0..=k).flat_map(|i| (0..i).map(move |j| (i + 1, j + 1))).collect();
    Component { n: k + 1, edges, start: k + 1, text: format!("*{k}") }
}

/// Win, loss or draw for the mover in the sum, by retrograde analysis of the product graph.
fn product_outcome(parts: &[Component]) -> &'static str {
    let size: u64 = parts.iter().map(|p| p.n).product();
    let code = |xs: &[u64]| xs.iter().zip(parts).fold(0, |acc, (x, p)| acc * p.n + (x - 1));
    let mut edges = Vec::new();
    for id in 0..size {
        let mut xs = vec![0; parts.len()];
        let mut rest = id;
        for (i, p) in parts.iter().enumerate().rev() {
            xs[i] = rest % p.n + 1;
            rest /= p.n;
        }
        for (i, p) in parts.iter().enumerate() {
            for &(a, b) in &p.edges {
                if a == xs[i] {
                    let mut ys = xs.clone();
                    ys[i] = b;
                    edges.push((id, code(&ys)));
                }
            }
        }
    }
    let all: Vec<u64> = (0..size).collect();
    let g = Graph::new(&all, &edges);
    let starts: Vec<u64> = parts.iter().map(|p| p.start).collect();
    let outcomes = rgraph::outcomes(&g, &cgt_core::Budget::unlimited()).expect("unlimited");
    match outcomes[g.index(code(&starts)).expect("a vertex")] {
        GraphOutcome::Win { .. } => "win",
        GraphOutcome::Loss { .. } => "loss",
        GraphOutcome::Draw => "draw",
    }
}

#[test]
fn sums_of_graphs_and_nimbers_match_the_product() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut seen = std::collections::HashSet::new();
    for round in 0..300 {
        let mut parts = vec![random_graph(&mut rng), random_graph(&mut rng)];
        if round % 3 == 0 {
            parts.push(heap(rng.below(4)));
        }
        let src = parts.iter().map(|p| p.text.as_str()).collect::<Vec<_>>().join(" + ");
        let reports = evaluate(&src, &Config::default());
        let r = &reports[0];
        assert!(!r.has_error(), "{src}: {:?}", r.diagnostics);
        let want = product_outcome(&parts);
        assert_eq!(r.outcome.as_deref(), Some(want), "{src}");
        seen.insert(want);
    }
    assert_eq!(seen.len(), 3, "the random sums cover wins, losses and draws");
}

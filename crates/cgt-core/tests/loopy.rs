//! Loopy games against the definitions: generalised Sprague–Grundy values against retrograde
//! analysis of sums (product graphs, graphs plus nim heaps), and partizan outcomes of random
//! loopy games and their sums against a naive fixpoint over the states.

use cgt_core::Budget;
use cgt_core::loopy::MoverResult;
use cgt_core::loopy::graph::{LoopyGraph, LoopyOutcome, PlayResult, Player, outcome_class, results};
use cgt_core::loopy::gsg::{Gsg, gsg_values, sum_outcome, sum_value};
use cgt_testkit::Rng;

/// Random graphs for these tests.
trait RandomGraphs {
    /// A random directed graph on 1..=max vertices.
    fn digraph(&mut self, max: u64) -> Vec<Vec<usize>>;
}

/// Random loopy graphs for these tests.
trait RandomLoopy {
    /// A random partizan loopy graph on 1..=max positions.
    fn loopy(&mut self, max: u64, density: u64) -> LoopyGraph;
}

impl RandomGraphs for Rng {
    /// A random directed graph on 1..=max vertices (self-loops and repeated edges allowed).
    fn digraph(&mut self, max: u64) -> Vec<Vec<usize>> {
        let n = 1 + self.below(max) as usize;
        let density = 1 + self.below(3);
        (0..n).map(|_| (0..self.below(density * 2 + 1)).map(|_| self.below(n as u64) as usize).collect()).collect()
    }
}

fn values(succ: &[Vec<usize>]) -> Vec<Gsg> {
    gsg_values(succ.len(), |v| succ[v].as_slice(), &Budget::unlimited()).expect("unlimited budget")
}

/// Win, loss or draw for the mover at every state of an impartial game given by a successor
/// function on states `0..n`, by the definition: iterate "some move to a loss is a win, all
/// moves to wins is a loss" until nothing changes; the rest are draws.
fn naive_outcomes(n: usize, succ: impl Fn(usize) -> Vec<usize>) -> Vec<MoverResult> {
    let succs: Vec<Vec<usize>> = (0..n).map(succ).collect();
    let mut r: Vec<Option<MoverResult>> = vec![None; n];
    let mut changed = true;
    while changed {
        changed = false;
        for v in 0..n {
            if r[v].is_some() {
                continue;
            }
            let s = &succs[v];
            let new = if s.iter().any(|&w| r[w] == Some(MoverResult::Loss)) {
                Some(MoverResult::Win)
            } else if s.iter().all(|&w| r[w] == Some(MoverResult::Win)) {
                Some(MoverResult::Loss)
            } else {
                None
            };
            if new.is_some() {
                r[v] = new;
                changed = true;
            }
        }
    }
    r.into_iter().map(|x| x.unwrap_or(MoverResult::Draw)).collect()
}

/// The nim heap *k as a graph: vertex i moves to every j < i.
fn nim_heap(k: usize) -> Vec<Vec<usize>> {
    (0..=k).map(|i| (0..i).collect()).collect()
}

/// Checks the outcomes and values of every position of a + b against the product graph.
fn check_product(a: &[Vec<usize>], b: &[Vec<usize>]) {
    let (va, vb) = (values(a), values(b));
    let nb = b.len();
    let succ = |s: usize| {
        let (x, y) = (s / nb, s % nb);
        let mut out: Vec<usize> = a[x].iter().map(|&x2| x2 * nb + y).collect();
        out.extend(b[y].iter().map(|&y2| x * nb + y2));
        out
    };
    let product: Vec<Vec<usize>> = (0..a.len() * nb).map(succ).collect();
    let oracle = naive_outcomes(product.len(), |s| product[s].clone());
    let vp = values(&product);
    for s in 0..product.len() {
        let parts = [va[s / nb].clone(), vb[s % nb].clone()];
        assert_eq!(sum_outcome(&parts), oracle[s], "a = {a:?}, b = {b:?}, state {s}, values {parts:?}");
        assert_eq!(sum_value(&parts), vp[s], "value of the sum: a = {a:?}, b = {b:?}, state {s}");
    }
}

#[test]
fn gsg_of_sums_of_two_random_graphs_match_the_product_graph() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for _ in 0..3000 {
        let (a, b) = (rng.digraph(8), rng.digraph(8));
        check_product(&a, &b);
    }
}

#[test]
fn gsg_of_a_random_graph_plus_a_nim_heap_match_the_product_graph() {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    for _ in 0..2000 {
        let a = rng.digraph(8);
        let k = rng.below(5) as usize;
        check_product(&a, &nim_heap(k));
    }
}

#[test]
fn gsg_of_a_single_graph_gives_its_outcomes() {
    let mut rng = Rng(77);
    for _ in 0..2000 {
        let a = rng.digraph(10);
        let oracle = naive_outcomes(a.len(), |v| a[v].clone());
        let got: Vec<MoverResult> = values(&a).iter().map(Gsg::outcome).collect();
        assert_eq!(got, oracle, "{a:?}");
    }
}

#[test]
fn gsg_values_meet_the_definition() {
    let mut rng = Rng(4242);
    for _ in 0..2000 {
        let a = rng.digraph(10);
        let v = values(&a);
        for (u, val) in v.iter().enumerate() {
            let finite = |w: usize| match v[w] {
                Gsg::Finite(m) => Some(m),
                Gsg::Infinite(_) => None,
            };
            match val {
                Gsg::Finite(n) => {
                    assert!(a[u].iter().all(|&w| finite(w) != Some(*n)), "{a:?} at {u}");
                    assert!((0..*n).all(|m| a[u].iter().any(|&w| finite(w) == Some(m))), "{a:?} at {u}");
                    let high = a[u].iter().filter(|&&w| finite(w).is_none_or(|m| m > *n));
                    for &w in high {
                        assert!(a[w].iter().any(|&x| finite(x) == Some(*n)), "{a:?} at {u}: option {w}");
                    }
                }
                Gsg::Infinite(k) => {
                    let mut want: Vec<u64> = a[u].iter().filter_map(|&w| finite(w)).collect();
                    want.sort_unstable();
                    want.dedup();
                    assert_eq!(k, &want, "{a:?} at {u}");
                }
            }
        }
    }
}

#[test]
fn gsg_printing() {
    let cases = [
        (Gsg::Finite(0), "0", "0"),
        (Gsg::Finite(1), "*", "*"),
        (Gsg::Finite(7), "*7", "*7"),
        (Gsg::Infinite(vec![0, 2]), "inf{0,2}", "∞{0,2}"),
        (Gsg::Infinite(vec![]), "inf", "∞"),
    ];
    for (g, ascii, unicode) in cases {
        assert_eq!(g.to_string(), ascii);
        assert_eq!(g.display(true), unicode);
    }
}

#[test]
fn gsg_of_small_published_examples() {
    // A 2-cycle with an exit to a terminal vertex: 0 <-> 1, 1 -> 2. Vertex 2 is 0 and vertex 1
    // is *1; vertex 0, whose only option is *1, is 0 (a loss: its move hands over a win).
    let g = vec![vec![1], vec![0, 2], vec![]];
    let v = values(&g);
    assert_eq!(v, [Gsg::Finite(0), Gsg::Finite(1), Gsg::Finite(0)]);
    // A pure cycle is a draw: ∞ with no finite options.
    let c = vec![vec![1], vec![2], vec![0]];
    assert_eq!(values(&c), vec![Gsg::Infinite(vec![]); 3]);
    // A self-loop beside a move to 0 is ∞{0}: a win, but not a finite value.
    let s = vec![vec![0, 1], vec![]];
    assert_eq!(values(&s), [Gsg::Infinite(vec![0]), Gsg::Finite(0)]);
    assert_eq!(sum_outcome(&[Gsg::Infinite(vec![0]), Gsg::Finite(0)]), MoverResult::Win);
    assert_eq!(sum_outcome(&[Gsg::Infinite(vec![0]), Gsg::Finite(1)]), MoverResult::Draw);
    assert_eq!(sum_outcome(&[Gsg::Infinite(vec![0]), Gsg::Infinite(vec![0])]), MoverResult::Draw);
    assert_eq!(sum_outcome(&[Gsg::Finite(3), Gsg::Finite(3)]), MoverResult::Loss);
    assert_eq!(sum_outcome(&[]), MoverResult::Loss);
}

#[test]
fn gsg_of_a_large_graph_is_fast() {
    // 100,000 vertices: a long path with back edges every few vertices.
    let n = 100_000;
    let succ: Vec<Vec<usize>> = (0..n)
        .map(|v| {
            if v == 0 {
                vec![]
            } else if v % 7 == 0 {
                vec![v - 1, v + 1 - 7]
            } else {
                vec![v - 1]
            }
        })
        .collect();
    let start = std::time::Instant::now();
    let v = values(&succ);
    assert!(start.elapsed().as_secs() < 20);
    let oracle = naive_outcomes(50, |u| succ[u].clone());
    let got: Vec<MoverResult> = v[..50].iter().map(Gsg::outcome).collect();
    assert_eq!(got, oracle);
}

// ---- partizan loopy graphs ----

impl RandomLoopy for Rng {
    /// A random partizan loopy graph on 1..=max positions.
    fn loopy(&mut self, max: u64, density: u64) -> LoopyGraph {
        let n = 1 + self.below(max) as usize;
        let side = |rng: &mut Rng| -> Vec<Vec<usize>> {
            (0..n).map(|_| (0..rng.below(density + 1)).map(|_| rng.below(n as u64) as usize).collect()).collect()
        };
        let left = side(self);
        let right = side(self);
        LoopyGraph::new(left, right).expect("options are positions")
    }
}

/// Results (Left starts, Right starts) of every state of a partizan game on states `0..n` by
/// the definition, iterated to a fixpoint.
fn naive_results(n: usize, options: impl Fn(Player, usize) -> Vec<usize>) -> Vec<(PlayResult, PlayResult)> {
    let wins = |p: Player| if p == Player::Left { PlayResult::LeftWins } else { PlayResult::RightWins };
    let idx = |p: Player, v: usize| 2 * v + usize::from(p == Player::Right);
    let mut r: Vec<Option<PlayResult>> = vec![None; 2 * n];
    let mut changed = true;
    while changed {
        changed = false;
        for v in 0..n {
            for p in [Player::Left, Player::Right] {
                if r[idx(p, v)].is_some() {
                    continue;
                }
                let next: Vec<Option<PlayResult>> = options(p, v).iter().map(|&w| r[idx(p.other(), w)]).collect();
                let new = if next.contains(&Some(wins(p))) {
                    Some(wins(p))
                } else if next.iter().all(|&x| x == Some(wins(p.other()))) {
                    Some(wins(p.other()))
                } else {
                    None
                };
                if new.is_some() {
                    r[idx(p, v)] = new;
                    changed = true;
                }
            }
        }
    }
    let get = |s: usize| r[s].unwrap_or(PlayResult::Draw);
    (0..n).map(|v| (get(2 * v), get(2 * v + 1))).collect()
}

#[test]
fn partizan_results_match_the_definition() {
    let mut rng = Rng(31337);
    for _ in 0..3000 {
        let g = rng.loopy(9, 3);
        let want = naive_results(g.len(), |p, v| g.options(p, v).to_vec());
        assert_eq!(results(&g, &Budget::unlimited()).unwrap(), want, "{g:?}");
    }
}

#[test]
fn partizan_sums_match_the_product_by_definition() {
    let mut rng = Rng(2718281828);
    let budget = Budget::unlimited();
    let mut seen = std::collections::HashSet::new();
    for _ in 0..2000 {
        let (a, b) = (rng.loopy(6, 2), rng.loopy(6, 2));
        let nb = b.len();
        let want = naive_results(a.len() * nb, |p, s| {
            let (x, y) = (s / nb, s % nb);
            let mut out: Vec<usize> = a.options(p, x).iter().map(|&x2| x2 * nb + y).collect();
            out.extend(b.options(p, y).iter().map(|&y2| x * nb + y2));
            out
        });
        for x in 0..a.len() {
            for y in 0..nb {
                let sum = a.sum(x, &b, y, &budget).unwrap();
                let got = outcome_class(&sum, 0, &budget).unwrap().expect("position 0 exists");
                let (l, r) = want[x * nb + y];
                assert_eq!(got, LoopyOutcome::from_results(l, r), "{a:?} + {b:?} at ({x}, {y})");
                seen.insert(got);
            }
        }
    }
    assert_eq!(seen.len(), 9, "every outcome class appears: {seen:?}");
}

#[test]
fn outcome_classes_of_the_named_games() {
    let budget = Budget::unlimited();
    // Position 0 of each graph: on = {pass|}, off, dud = {pass|pass}, over = {0|pass},
    // under = {pass|0}, and {0|pass} beside a Right pass only: {|pass} = off.
    let class = |left: Vec<Vec<usize>>, right: Vec<Vec<usize>>| {
        outcome_class(&LoopyGraph::new(left, right).unwrap(), 0, &budget).unwrap().unwrap()
    };
    assert_eq!(class(vec![vec![0]], vec![vec![]]), LoopyOutcome::L);
    assert_eq!(class(vec![vec![]], vec![vec![0]]), LoopyOutcome::R);
    assert_eq!(class(vec![vec![0]], vec![vec![0]]), LoopyOutcome::D);
    assert_eq!(class(vec![vec![1], vec![]], vec![vec![0], vec![]]), LoopyOutcome::L);
    assert_eq!(class(vec![vec![0], vec![]], vec![vec![1], vec![]]), LoopyOutcome::R);
    assert_eq!(class(vec![vec![]], vec![vec![]]), LoopyOutcome::P);
    // {0 | 0} = * is N; {0, pass | pass}: Left wins whoever starts (Right's pass hands Left
    // the move to 0).
    assert_eq!(class(vec![vec![1], vec![]], vec![vec![1], vec![]]), LoopyOutcome::N);
    assert_eq!(class(vec![vec![1, 0], vec![]], vec![vec![0], vec![]]), LoopyOutcome::L);
    // a = {0 | b}, b = {a | b}: Left starts and wins at once; Right starting passes at b for
    // ever or moves to a, so Right never wins and Left cannot force a move from b: NHat.
    assert_eq!(class(vec![vec![2], vec![0], vec![]], vec![vec![1], vec![1], vec![]]), LoopyOutcome::NHat);
    for c in [
        LoopyOutcome::L,
        LoopyOutcome::R,
        LoopyOutcome::P,
        LoopyOutcome::N,
        LoopyOutcome::D,
        LoopyOutcome::PHat,
        LoopyOutcome::PCheck,
        LoopyOutcome::NHat,
        LoopyOutcome::NCheck,
    ] {
        let (l, r) = c.results();
        assert_eq!(LoopyOutcome::from_results(l, r), c);
    }
    assert_eq!(LoopyOutcome::PHat.to_string(), "PHat");
}

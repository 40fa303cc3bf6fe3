//! Hackenbush on graphs: published values, fusion and mixed graphs against a plain search with
//! its own move generator (on every small green multigraph and on random mixed graphs), notation, and a green graph of 100,000 edges.

use std::collections::HashMap;
use std::time::Instant;

use cgt_core::game::{DisplayStyle, Games};
use cgt_core::{Budget, Dyadic};

use super::{Colour, Hackenbush, Player};
use crate::position::testing::plain_value;
use crate::position::{Solver, search};
use crate::test_rng::Rng;
use crate::tree::Tree;
use crate::ugraph::GraphError;

fn position(text: &str) -> Hackenbush {
    Hackenbush::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn shown(text: &str) -> String {
    let mut games = Games::new();
    let g = position(text).value(&mut games, &mut Solver::new(), &Budget::unlimited()).unwrap();
    games.display(g, DisplayStyle::default())
}

/// Values from CGSuite's tests of its Hackenbush (stalks, trees, WW ch. 7's green girl) and
/// small cases worked by hand from the rules.
#[test]
fn published_values() {
    for (text, want) in [
        // CGSuite "lrlrrllr" = 77/128.
        ("hackenbush[0-1 B, 1-2 R, 2-3 B, 3-4 R, 4-5 R, 5-6 B, 6-7 B, 7-8 R]", "77/128"),
        // CGSuite "l(l;rl)" = 3/2.
        ("hackenbush[0-1 B, 1-2 B, 1-3 R, 3-4 B]", "3/2"),
        // CGSuite "eeeeeee" = *7.
        ("hackenbush[0-1, 1-2, 2-3, 3-4, 4-5, 5-6, 6-7]", "*7"),
        // CGSuite "e(ee(e;e);e(eee;ee);e(ee;e))" = *5.
        ("hackenbush[0-1, 1-2, 2-3, 3-4, 3-5, 1-6, 6-7, 7-8, 8-9, 6-10, 10-11, 1-12, 12-13, 13-14, 12-15]", "*5"),
        // WW ch. 7 fig. 3, the green girl (CGSuite's test): *2.
        ("hackenbush[0-1, 1-2, 2-9, 1-3, 3-9, 9-4, 4-5, 5-6, 4-7, 7-8, 7-8, 8-10]", "*2"),
        // A green triangle on the ground: options 0 (two stalks) and *2 (a path), so *.
        ("hackenbush[0-1, 1-2, 2-0]", "*"),
        // A loop is worth an edge; a blue loop is 1, parallel blue edges 2.
        ("hackenbush[0-0 G]", "*"),
        ("hackenbush[0-1 B, 1-1 B]", "2"),
        ("hackenbush[0-1 B, 0-1 B]", "2"),
        ("hackenbush[0-1 R, 1-2 R, 2-0 B]", "-1"),
        // Two ground vertices are one: the edge 1-2 between them is a loop on the ground.
        ("hackenbush[1-2 B, 2-3 R] ground=[1, 2]", "0"),
        ("hackenbush[]", "0"),
        ("hackenbush[1-2 B, 2-3 R]", "0"),
    ] {
        assert_eq!(shown(text), want, "{text}");
    }
}

/// `↑^[n]*`, where `↑^[0]* = *` and `↑^[n]* = {0, ↑^[n-1]* | 0}` (CGT, Siegel; CGSuite `^[n]*`).
pub(crate) fn up_nth_star(games: &mut Games, n: usize) -> cgt_core::GameId {
    let budget = Budget::unlimited();
    let mut g = games.nimber(1);
    for _ in 0..n {
        g = games.from_options(&[games.zero(), g], &[games.zero()], &budget).unwrap();
    }
    g
}

#[test]
fn a_stalk_with_a_green_edge() {
    // CGSuite "lrlerrr" = 3/4v[3]*: 3/4 + ↓^[3]*.
    let mut games = Games::new();
    let budget = Budget::unlimited();
    let p = position("hackenbush[0-1 B, 1-2 R, 2-3 B, 3-4 G, 4-5 R, 5-6 R, 6-7 R]");
    let g = p.value(&mut games, &mut Solver::new(), &budget).unwrap();
    let up = up_nth_star(&mut games, 3);
    let down = games.neg(up, &budget).unwrap();
    let three_quarters = games.number(&Dyadic::new(3, 2));
    assert_eq!(g, games.add(three_quarters, down, &budget).unwrap());
    assert_eq!(g, search(&mut games, p, &budget).unwrap());
}

/// A Hackenbush graph as the plain oracle sees it: edges `(u, v, colour)` with colour `'B'`,
/// `'R'` or `'G'`, sorted, and the ground vertices.
pub(crate) type Plain = (Vec<(u64, u64, char)>, Vec<u64>);

/// The plain form of edges on the ground vertices `ground`.
pub(crate) fn plain_graph(edges: &[(u64, u64, Colour)], ground: &[u64]) -> Plain {
    let letter = |c: Colour| match c {
        Colour::Blue => 'B',
        Colour::Red => 'R',
        Colour::Green => 'G',
    };
    standing((edges.iter().map(|&(u, v, c)| (u, v, letter(c))).collect(), ground.to_vec()))
}

/// The edges still connected to the ground, sorted: grow the set of vertices reached from the
/// ground through edges until it stops growing.
pub(crate) fn standing((edges, ground): Plain) -> Plain {
    let mut reached: Vec<u64> = ground.clone();
    while let Some(&(u, v, _)) = edges.iter().find(|&&(u, v, _)| reached.contains(&u) != reached.contains(&v)) {
        reached.push(if reached.contains(&u) { v } else { u });
    }
    let mut kept: Vec<(u64, u64, char)> = edges.into_iter().filter(|(u, _, _)| reached.contains(u)).collect();
    kept.sort_unstable();
    (kept, ground)
}

/// Hackenbush's moves straight from the rules: cut an edge of the mover's colour or green, and
/// everything no longer connected to the ground falls.
pub(crate) fn plain_moves((edges, ground): &Plain, left: bool) -> Vec<Plain> {
    let mine = if left { 'B' } else { 'R' };
    (0..edges.len())
        .filter(|&i| edges[i].2 == mine || edges[i].2 == 'G')
        .map(|i| {
            let mut rest = edges.clone();
            rest.remove(i);
            standing((rest, ground.clone()))
        })
        .collect()
}

/// Every multigraph with loops on vertices 0..v (ground 0) with up to `max_edges` edges, each
/// as a multiset of edges `u <= v` in increasing order.
fn multigraphs(vertices: u64, max_edges: usize) -> Vec<Vec<(u64, u64)>> {
    let pairs: Vec<(u64, u64)> = (0..vertices).flat_map(|u| (u..vertices).map(move |v| (u, v))).collect();
    let mut out = vec![Vec::new()];
    let mut frontier: Vec<(Vec<(u64, u64)>, usize)> = vec![(Vec::new(), 0)];
    for _ in 0..max_edges {
        let mut next = Vec::new();
        for (g, from) in frontier {
            for (i, &p) in pairs.iter().enumerate().skip(from) {
                let mut h = g.clone();
                h.push(p);
                out.push(h.clone());
                next.push((h, i));
            }
        }
        frontier = next;
    }
    out
}

#[test]
fn fusion_agrees_with_plain_search_on_every_small_multigraph() {
    let mut games = Games::new();
    let mut graphs = multigraphs(5, 4);
    graphs.extend(multigraphs(3, 5).into_iter().filter(|g| g.len() == 5));
    let mut count = 0;
    let mut seen = std::collections::HashSet::new();
    let mut memo = HashMap::new();
    for edges in graphs {
        let coloured: Vec<(u64, u64, Colour)> = edges.iter().map(|&(u, v)| (u, v, Colour::Green)).collect();
        let p = Hackenbush::new(&coloured, &[0]).unwrap();
        // Search each graph once up to relabelling of the vertices off the ground.
        if !seen.insert(canonical(&p)) {
            continue;
        }
        let fused = p.green_value().unwrap();
        let slow = plain_value(&mut games, &mut memo, &plain_graph(&coloured, &[0]), &plain_moves);
        assert_eq!(games.nim_value(slow), Some(fused), "{}", p.to_notation());
        count += 1;
    }
    assert!(count > 150, "{count}");
    eprintln!("{count} graphs");
}

/// The least sorted edge list over every renumbering of the vertices 1..5 (ground 0 fixed).
fn canonical(p: &Hackenbush) -> Vec<(u64, u64)> {
    let mut best: Option<Vec<(u64, u64)>> = None;
    let mut perm = [1u64, 2, 3, 4, 5];
    for _ in 0..120 {
        let map = |v: u64| if v == 0 { 0 } else { perm[v as usize - 1] };
        let mut e: Vec<(u64, u64)> =
            p.edges().iter().map(|&(u, v, _)| (map(u).min(map(v)), map(u).max(map(v)))).collect();
        e.sort_unstable();
        if best.as_ref().is_none_or(|b| e < *b) {
            best = Some(e);
        }
        next_permutation(&mut perm);
    }
    best.unwrap_or_default()
}

/// Steps `perm` to the next permutation in lexicographic order (wrapping round to the first).
fn next_permutation(perm: &mut [u64]) {
    let Some(i) = (1..perm.len()).rev().find(|&i| perm[i - 1] < perm[i]) else {
        perm.reverse();
        return;
    };
    let j = (i..perm.len()).rev().find(|&j| perm[j] > perm[i - 1]).unwrap_or(i);
    perm.swap(i - 1, j);
    perm[i..].reverse();
}

fn random_position(rng: &mut Rng, max_edges: u64, colours: &[Colour]) -> (Hackenbush, Plain) {
    let vertices = 2 + rng.below(5);
    let edges: Vec<(u64, u64, Colour)> = (0..1 + rng.below(max_edges))
        .map(|_| (rng.below(vertices), rng.below(vertices), colours[rng.below(colours.len() as u64) as usize]))
        .collect();
    let ground: Vec<u64> = if rng.below(4) == 0 { vec![0, 1] } else { vec![0] };
    (Hackenbush::new(&edges, &ground).unwrap(), plain_graph(&edges, &ground))
}

#[test]
fn values_agree_with_plain_search_on_random_graphs() {
    let budget = Budget::unlimited();
    let mut games = Games::new();
    let mut solver = Solver::new();
    let mut rng = Rng(0x5eed_4ac3);
    let mut memo = HashMap::new();
    let all = [Colour::Blue, Colour::Red, Colour::Green];
    for round in 0..300 {
        let colours = if round % 3 == 0 { &all[..2] } else { &all[..] };
        let (p, plain) = random_position(&mut rng, 6, colours);
        let fast = p.value(&mut games, &mut solver, &budget).unwrap();
        let slow = plain_value(&mut games, &mut memo, &plain, &plain_moves);
        assert_eq!(fast, slow, "{}: {}", p.to_notation(), games.display(slow, DisplayStyle::default()));
        // The table alone (regions, mirrors), without the green and tree shortcuts.
        assert_eq!(solver.value(&mut games, &p, &budget).unwrap(), slow, "{}", p.to_notation());
        if round % 3 == 0 {
            assert!(games.as_number(slow).is_some(), "blue-red graphs are numbers: {}", p.to_notation());
        }
    }
}

#[test]
fn notation_round_trips() {
    for text in [
        "hackenbush[0-1 B, 1-2 R, 2-0 G, 1-1 G]",
        "hackenbush[5-1 B, 1-2 R] ground=5",
        "hackenbush[0-1 B, 1-5 R] ground=[0, 5]",
        "hackenbush[]",
    ] {
        let p = position(text);
        assert_eq!(p.to_notation(), text);
        assert_eq!(position(&p.to_notation()), p);
    }
    assert_eq!(position("hackenbush[ 0-1, 1 - 2 B , 7 ]").to_notation(), "hackenbush[0-1 G, 1-2 B]");
    assert_eq!(Hackenbush::parse("hackenbush[0-1] ground=[]"), Err(GraphError::NoGround));
    assert!(matches!(Hackenbush::parse("hackenbush[0-1] left=[1]"), Err(GraphError::UnknownSetting(_))));
    assert!(matches!(Hackenbush::parse("hackenbush[0-1 Q]"), Err(GraphError::Syntax { .. })));
    assert!(matches!(Hackenbush::parse("hackenbush[0-18446744073709551616]"), Err(GraphError::Syntax { .. })));
    assert!(Hackenbush::parse("hackenbush[0-18446744073709551615]").is_ok());
}

#[test]
fn moves_are_written_in_notation() {
    let p = position("hackenbush[0-1 B, 1-2 R, 0-1 B, 1-1 G]");
    let left: Vec<(String, String)> = p.moves(Player::Left).into_iter().map(|(m, q)| (m, q.to_notation())).collect();
    assert_eq!(
        left,
        vec![
            ("0-1 B".to_owned(), "hackenbush[1-2 R, 0-1 B, 1-1 G]".to_owned()),
            ("1-1 G".to_owned(), "hackenbush[0-1 B, 1-2 R, 0-1 B]".to_owned()),
        ]
    );
    let right: Vec<String> = p.moves(Player::Right).into_iter().map(|(m, _)| m).collect();
    assert_eq!(right, ["1-2 R", "1-1 G"]);
}

/// A path of `n` green edges from the ground with, at every vertex, a double edge to a new
/// vertex (fused: two loops, worth 0) and a green triangle at its top (three loops, worth *):
/// by fusion the value is *(n + 1). Returns the graph and that value.
fn big_green(n: u64) -> (Hackenbush, u64) {
    let mut edges = Vec::new();
    for v in 0..n {
        edges.push((v, v + 1, Colour::Green));
        let w = n + 1 + v;
        edges.push((v + 1, w, Colour::Green));
        edges.push((w, v + 1, Colour::Green));
    }
    let (a, b) = (3 * n, 3 * n + 1);
    edges.extend([(n, a, Colour::Green), (a, b, Colour::Green), (b, n, Colour::Green)]);
    (Hackenbush::new(&edges, &[0]).unwrap(), n + 1)
}

#[test]
fn a_green_graph_of_100000_edges_by_fusion() {
    let (small, want) = big_green(1);
    let mut games = Games::new();
    let slow = search(&mut games, small.clone(), &Budget::unlimited()).unwrap();
    assert_eq!((small.green_value(), games.nim_value(slow)), (Some(want), Some(want)));
    let start = Instant::now();
    let (p, want) = big_green(33_333);
    assert_eq!(p.edges().len(), 100_002);
    assert_eq!(p.green_value(), Some(want));
    let g = p.value(&mut games, &mut Solver::new(), &Budget::unlimited()).unwrap();
    assert_eq!(games.nim_value(g), Some(want));
    eprintln!("100,002 green edges: built and valued twice in {:?}", start.elapsed());
}

#[test]
fn long_mixed_trees_use_ordinal_sums() {
    // A blue-red stalk of 20,000 edges from the ground, numbered from the top down: a number,
    // as the tree module's sign expansion gives it, computed without search.
    let colour = |v: u64| if v % 3 == 1 { Colour::Red } else { Colour::Blue };
    let n = 20_000;
    let edges: Vec<(u64, u64, Colour)> = (0..n).map(|v| (n - v, n - v - 1, colour(v))).collect();
    let p = Hackenbush::new(&edges, &[0]).unwrap();
    let mut stalk = Tree::new();
    let mut top = None;
    for v in (0..n).rev() {
        top = Some(stalk.add_edge(top, colour(v)));
    }
    let mut games = Games::new();
    let g = p.value(&mut games, &mut Solver::new(), &Budget::unlimited()).unwrap();
    assert_eq!(games.as_number(g), stalk.number_value());
}

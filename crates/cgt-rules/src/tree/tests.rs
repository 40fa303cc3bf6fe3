//! Coloured trees: the values of docs/src/tutorial/numbers.md, every shape up to 7 edges against search from the rules,
//! and trees of 100,000 edges.

use cgt_core::game::{DisplayStyle, Games};
use cgt_core::{Budget, Dyadic};

use super::rules::{RulesEngine, Shapes};
use super::{Branch, Colour, Tree, edge_value};
use crate::boxes;
use crate::test_rng::Rng;

fn tree(text: &str) -> Tree {
    Tree::parse(text).unwrap_or_else(|e| panic!("{text}: {e:?}"))
}

fn shown(text: &str) -> String {
    let mut games = Games::new();
    let g = tree(text).game(&mut games, &Budget::unlimited()).unwrap();
    games.display(g, DisplayStyle::default())
}

#[test]
fn spec_values() {
    for (text, want) in [
        ("B(R)", "1/2"),
        ("B(B, R), R", "0"),
        ("G", "*"),
        ("G(G)", "*2"),
        ("", "0"),
        ("B", "1"),
        ("R(B)", "-1/2"),
        ("B(R(R))", "1/4"),
        ("G, G(G)", "*3"),
        ("B(G)", "1*"),
        ("G(B)", "^*"),
    ] {
        assert_eq!(shown(text), want, "tree[{text}]");
    }
}

#[test]
fn notation_round_trips() {
    for text in ["B(R, B(B)), R", "G", "B(R(G(B, B)), G), R(R), B"] {
        let t = tree(text);
        assert_eq!(t.edge_list(), text);
        assert_eq!(t.to_notation(), format!("tree[{text}]"));
        assert_eq!(tree(&t.edge_list()), t);
    }
    assert_eq!(Tree::new().to_notation(), "0");
    assert_eq!(tree(" B ( R ,B ) ").edge_list(), "B(R, B)");
    for bad in ["B(", "B()", "B R", "(B)", ",B", "B,", "B))", "X", "B(R))"] {
        assert!(Tree::parse(bad).is_err(), "{bad}");
    }
}

#[test]
fn options_are_trees() {
    let t = tree("B(B, R), R");
    let left: Vec<String> = t.left_options().iter().map(Tree::to_notation).collect();
    let right: Vec<String> = t.right_options().iter().map(Tree::to_notation).collect();
    assert_eq!(left, ["tree[R]", "tree[B(R), R]"]);
    assert_eq!(right, ["tree[B(B), R]", "tree[B(B, R)]"]);
    // Options of the same shape are listed once.
    let star = tree("G, G, G(B), G(B)");
    let left: Vec<String> = star.left_options().iter().map(Tree::to_notation).collect();
    assert_eq!(left, ["tree[G, G(B), G(B)]", "tree[G, G, G(B)]", "tree[G, G, G, G(B)]"]);
    assert_eq!(tree("B").left_options()[0].to_notation(), "0");
}

/// The number of each edge bottom up by the formula alone, one edge at a time.
fn number_edge_by_edge(t: &Tree) -> Option<Dyadic> {
    let mut above = vec![Dyadic::zero(); t.len()];
    let mut root = Dyadic::zero();
    for e in (0..t.len()).rev() {
        let v = edge_value(t.colour(e), &above[e])?;
        match t.parent(e) {
            Some(p) => above[p] = &above[p] + &v,
            None => root = &root + &v,
        }
    }
    Some(root)
}

/// Random trees for these tests.
trait RandomTrees {
    fn colour(&mut self, colours: &[Colour]) -> Colour;
    fn tree(&mut self, n: usize, spread: usize, colours: &[Colour]) -> Tree;
}

impl RandomTrees for Rng {
    fn colour(&mut self, colours: &[Colour]) -> Colour {
        colours[self.below(colours.len() as u64) as usize]
    }

    /// A random tree of `n` edges; `spread` bounds how far back a parent may be (1 gives a path).
    fn tree(&mut self, n: usize, spread: usize, colours: &[Colour]) -> Tree {
        let mut t = Tree::new();
        for e in 0..n {
            let back = self.below(spread.min(e + 1) as u64 + 1) as usize;
            let parent = if back == 0 || e == 0 { None } else { Some(e - back.min(e)) };
            t.add_edge(parent, self.colour(colours));
        }
        t
    }
}

const BR: [Colour; 2] = [Colour::Blue, Colour::Red];
const BRG: [Colour; 3] = [Colour::Blue, Colour::Red, Colour::Green];

#[test]
fn chains_agree_with_the_edge_formula() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for i in 0..2000 {
        let n = 1 + rng.below(40) as usize;
        let spread = [1, 2, 3, 40][i % 4];
        let t = rng.tree(n, spread, &BR);
        assert_eq!(t.number_value(), number_edge_by_edge(&t), "{}", t.to_notation());
    }
}

/// Every rooted tree shape with `n` edges (one representative parent list each).
fn shapes(n: usize) -> Vec<Tree> {
    let mut seen = Shapes::default();
    let mut known = std::collections::HashSet::new();
    let mut out = Vec::new();
    let mut parents = vec![0usize; n];
    loop {
        let mut t = Tree::new();
        for (e, &p) in parents.iter().enumerate() {
            t.add_edge(p.checked_sub(1), Colour::Blue);
            debug_assert!(p <= e);
        }
        if known.insert(seen.tree_class(&t)) {
            out.push(t);
        }
        // Next parent list: edge e's entry runs over 0 (the root) and 1 + (0..e).
        let Some(e) = (0..n).rev().find(|&e| parents[e] < e) else { return out };
        parents[e] += 1;
        parents[e + 1..].fill(0);
    }
}

/// Every colouring from `colours` of every shape with `n` edges, distinct up to branch order.
fn coloured_trees(n: usize, colours: &[Colour]) -> Vec<Tree> {
    let mut classes = Shapes::default();
    let mut known = std::collections::HashSet::new();
    let mut out = Vec::new();
    let k = colours.len();
    for shape in shapes(n) {
        for code in 0..k.pow(n as u32) {
            let mut t = Tree::new();
            let mut c = code;
            for e in 0..n {
                t.add_edge(shape.parent(e), colours[c % k]);
                c /= k;
            }
            if known.insert(classes.tree_class(&t)) {
                out.push(t);
            }
        }
    }
    out
}

#[test]
fn shape_counts() {
    let counts: Vec<usize> = (0..=7).map(|n| shapes(n).len()).collect();
    assert_eq!(counts, [1, 1, 2, 4, 9, 20, 48, 115]);
}

/// Every method on `t` against the search from the rules.
fn check_against_rules(games: &mut Games, engine: &mut RulesEngine, t: &Tree) {
    let budget = Budget::unlimited();
    let want = engine.game(games, t, &budget).unwrap();
    let name = t.to_notation();
    assert_eq!(t.game(games, &budget).unwrap(), want, "{name}");
    assert_eq!(t.game_by_ordinal_sums(games, &budget).unwrap(), want, "{name}");
    if let Some(x) = t.number_value() {
        assert_eq!(games.as_number(want), Some(x), "{name}");
    }
    if let Some(n) = t.nim_value() {
        assert_eq!(games.nim_value(want), Some(n), "{name}");
    }
}

#[test]
fn blue_red_trees_up_to_7_edges_agree_with_the_rules() {
    let (mut games, mut engine) = (Games::new(), RulesEngine::default());
    let mut count = 0;
    for n in 0..=7 {
        for t in coloured_trees(n, &BR) {
            check_against_rules(&mut games, &mut engine, &t);
            count += 1;
        }
    }
    assert_eq!(count, 12_157);
}

#[test]
fn all_coloured_trees_up_to_6_edges_agree_with_the_rules() {
    let (mut games, mut engine) = (Games::new(), RulesEngine::default());
    let mut count = 0;
    for n in 0..=6 {
        for t in coloured_trees(n, &BRG) {
            count += 1;
            check_against_rules(&mut games, &mut engine, &t);
        }
    }
    assert_eq!(count, 24_615);
}

#[test]
fn random_green_trees_up_to_9_edges_agree_with_the_rules() {
    let (mut games, mut engine) = (Games::new(), RulesEngine::default());
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    for i in 0..3000 {
        let n = 6 + rng.below(4) as usize;
        let colours: &[Colour] = if i % 5 == 0 { &[Colour::Green] } else { &BRG };
        let spread = 1 + rng.below(n as u64) as usize;
        let t = rng.tree(n, spread, colours);
        check_against_rules(&mut games, &mut engine, &t);
    }
}

/// A path of `n` edges from the root, coloured by `colour(i)` from the bottom.
fn path(n: usize, colour: impl Fn(usize) -> Colour) -> Tree {
    let mut t = Tree::new();
    for i in 0..n {
        t.add_edge(i.checked_sub(1), colour(i));
    }
    t
}

/// Runs `f` on a thread with a 2 MiB stack, the size of a default spawned thread.
fn on_small_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new().stack_size(2 << 20).spawn(f).unwrap().join().unwrap();
}

#[test]
fn deep_paths_on_a_small_stack() {
    on_small_stack(|| {
        const N: usize = 100_000;
        // A blue/red path is a Hackenbush string: van Roode's rule must agree.
        let colour = |i: usize| if i % 3 == 1 { Colour::Red } else { Colour::Blue };
        let t = path(N, colour);
        let pile: Vec<boxes::Colour> = (0..N)
            .map(|i| if colour(i) == Colour::Blue { boxes::Colour::Black } else { boxes::Colour::White })
            .collect();
        assert_eq!(t.number_value(), boxes::pile_value(&pile));
        let mut games = Games::new();
        let g = t.game(&mut games, &Budget::unlimited()).unwrap();
        assert_eq!(games.as_number(g), boxes::pile_value(&pile));
        // A green path is a nim heap.
        let t = path(N, |_| Colour::Green);
        assert_eq!(t.nim_value(), Some(N as u64));
        // Writing and reading back, and nested branches (built and dropped without recursion).
        let text = t.edge_list();
        assert_eq!(Tree::parse(&text).unwrap(), t);
        let mut nested = Branch { colour: Colour::Blue, above: Vec::new() };
        for _ in 1..N {
            nested = Branch { colour: Colour::Blue, above: vec![nested] };
        }
        let t = Tree::from_branches(&[nested]);
        assert_eq!(t.number_value(), Some(Dyadic::integer(N as i64)));
        assert_eq!(t.without_branch(N / 2).len(), N / 2);
    });
}

#[test]
fn big_stars_and_random_trees() {
    const N: usize = 100_000;
    let mut star = Tree::new();
    for i in 0..N {
        star.add_edge(None, if i % 2 == 0 { Colour::Blue } else { Colour::Red });
    }
    assert_eq!(star.number_value(), Some(Dyadic::zero()));
    let green = Tree::from_branches(&vec![Branch { colour: Colour::Green, above: Vec::new() }; N + 1]);
    assert_eq!(green.nim_value(), Some(1));
    let mut rng = Rng(0x1234_5678_9abc_def1);
    for spread in [2, 5, 1000] {
        let t = rng.tree(N, spread, &BR);
        assert_eq!(t.number_value(), number_edge_by_edge(&t));
        let g = rng.tree(N, spread, &[Colour::Green]);
        let by_games = g.nim_value().unwrap();
        assert!(by_games < 1 << 17);
    }
}

#[test]
fn mixed_trees_by_ordinal_sums() {
    // A green edge under a blue one is the ordinal sum * : 1 = {0, * | 0} = ^*.
    let mut games = Games::new();
    let budget = Budget::unlimited();
    let mut engine = RulesEngine::default();
    for text in ["G(B)", "G(B(B))", "B(G, R)", "G(G(B), R(G))", "R(G(B(G)))"] {
        check_against_rules(&mut games, &mut engine, &tree(text));
    }
    let g = tree("G(B)").game(&mut games, &budget).unwrap();
    let star = games.nimber(1);
    let one = games.number(&Dyadic::integer(1));
    assert_eq!(g, games.ordinal_sum(star, one, &budget).unwrap());
    // The arena's ordinal sums agree on random mixed trees too.
    let mut rng = Rng(0x6a09_e667_f3bc_c909);
    for _ in 0..300 {
        let t = rng.tree(12, 4, &BRG);
        let mut want = games.zero();
        let mut above = vec![want; t.len()];
        for e in (0..t.len()).rev() {
            let base = match t.colour(e) {
                Colour::Blue => one,
                Colour::Red => games.number(&Dyadic::integer(-1)),
                Colour::Green => star,
            };
            let branch = games.ordinal_sum(base, above[e], &budget).unwrap();
            let slot = t.parent(e).map_or(&mut want, |p| &mut above[p]);
            *slot = games.add(*slot, branch, &budget).unwrap();
        }
        assert_eq!(t.game(&mut games, &budget).unwrap(), want, "{}", t.to_notation());
    }
}

#[test]
fn deep_mixed_paths_on_a_small_stack() {
    on_small_stack(|| {
        const N: usize = 100_000;
        // Blue edges under a green one: 1 : * = 1*, and 1 : n* = (n + 1)*.
        let t = path(N, |i| if i == N - 1 { Colour::Green } else { Colour::Blue });
        let mut games = Games::new();
        let g = t.game(&mut games, &Budget::unlimited()).unwrap();
        assert_eq!(games.as_nus(g), Some((Dyadic::integer(N as i64 - 1), 0, 1)));
    });
}

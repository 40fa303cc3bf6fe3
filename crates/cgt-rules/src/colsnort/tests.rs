//! Col and Snort: CGSuite's published values, random graphs against a plain search with its own move generator, notation.

use cgt_core::Budget;
use cgt_core::game::{DisplayStyle, Games};

use super::{ColSnort, Rule};
use crate::position::Solver;
use crate::position::testing::Oracle;
use crate::test_rng::Rng;
use crate::tree::Player;
use crate::ugraph::GraphError;

fn shown(rule: Rule, text: &str) -> String {
    let p = ColSnort::parse(rule, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let mut games = Games::new();
    let g = p.value(&mut games, &mut Solver::new(), &Budget::unlimited()).unwrap();
    games.display(g, DisplayStyle::default())
}

#[test]
fn published_values() {
    for (rule, text, want) in [
        // CGSuite's tests: Col("R-.-R-.-L-.-R-.-R-.") = 7/8 (a path of ten, CGSuite's tints).
        (Rule::Col, "col[1-2, 2-3, 3-4, 4-5, 5-6, 6-7, 7-8, 8-9, 9-10] left=[5] right=[1, 3, 7, 9]", "7/8"),
        // Snort("L-.-.-.-L") = {4|0,+-1}.
        (Rule::Snort, "snort[1-2, 2-3, 3-4, 4-5] left=[1, 5]", "{4|0,+-1}"),
        // Snort("1-2-3-4;3-5") = +-{3|2}.
        (Rule::Snort, "snort[1-2, 2-3, 3-4, 3-5]", "+-{3|2}"),
        // By hand: a lone vertex is *; a tinted one belongs to one player; an edge is
        // {-1|1} = 0 in Col (after a colouring only the opponent may colour the other end) and
        // {1|-1} = +-1 in Snort.
        (Rule::Col, "col[1]", "*"),
        (Rule::Col, "col[1] left=[1]", "-1"),
        (Rule::Snort, "snort[1] left=[1]", "1"),
        (Rule::Col, "col[1] left=[1] right=[1]", "0"),
        (Rule::Col, "col[1-2]", "0"),
        (Rule::Snort, "snort[1-2]", "+-1"),
        (Rule::Col, "col[] vertices=3", "*"),
        (Rule::Col, "col[]", "0"),
    ] {
        assert_eq!(shown(rule, text), want, "{text}");
    }
}

fn random_position(rng: &mut Rng, rule: Rule) -> (ColSnort, Plain) {
    let n = 1 + rng.below(6);
    let edges: Vec<(u64, u64)> = (0..rng.below(2 * n)).map(|_| (1 + rng.below(n), 1 + rng.below(n))).collect();
    let pick = |rng: &mut Rng| -> Vec<u64> { (1..=n).filter(|_| rng.below(5) == 0).collect() };
    let (left, right) = (pick(rng), pick(rng));
    let vertices: Vec<u64> = (1..=n).collect();
    (ColSnort::new(rule, &vertices, &edges, &left, &right).unwrap(), plain_graph(n, &edges, &left, &right))
}

/// A Col or Snort graph as the plain oracle sees it: the edges, and each vertex's colour
/// (`'.'` uncoloured, `'L'` or `'R'`); a tint is a coloured neighbour of its own.
type Plain = (Vec<(usize, usize)>, Vec<char>);

/// The plain form of a position on vertices `1..=n`: a tint `left=[v]` becomes a vertex
/// coloured by Left next to v (what the tint stands for).
fn plain_graph(n: u64, edges: &[(u64, u64)], left: &[u64], right: &[u64]) -> Plain {
    let mut colours = vec!['.'; n as usize + 1];
    let mut plain: Vec<(usize, usize)> = edges.iter().map(|&(u, v)| (u as usize, v as usize)).collect();
    for (list, colour) in [(left, 'L'), (right, 'R')] {
        for &v in list {
            plain.push((v as usize, colours.len()));
            colours.push(colour);
        }
    }
    (plain, colours)
}

/// Col's and Snort's moves straight from the rules: colour an uncoloured vertex (vertex 0 is
/// not in the graph) unless a neighbour has the mover's colour (Col) or the opponent's (Snort).
fn plain_moves(rule: Rule, (edges, colours): &Plain, left: bool) -> Vec<Plain> {
    let (me, you) = if left { ('L', 'R') } else { ('R', 'L') };
    let banned = if rule == Rule::Col { me } else { you };
    let neighbours = |v: usize| edges.iter().filter_map(move |&(a, b)| (a == v).then_some(b).or((b == v).then_some(a)));
    (1..colours.len())
        .filter(|&v| colours[v] == '.' && neighbours(v).all(|w| colours[w] != banned))
        .map(|v| {
            let mut next = colours.clone();
            next[v] = me;
            (edges.clone(), next)
        })
        .collect()
}

#[test]
fn values_agree_with_plain_search_on_random_graphs() {
    // One oracle a rule: the plain forms are the same, the moves are not.
    let mut oracles = [Oracle::new(), Oracle::new()];
    let mut rng = Rng(0x0c01_50a7);
    for round in 0..300 {
        let rule = if round % 2 == 0 { Rule::Col } else { Rule::Snort };
        let (p, plain) = random_position(&mut rng, rule);
        let o = &mut oracles[round % 2];
        let fast = p.value(&mut o.games, &mut o.solver, &o.budget).unwrap();
        let slow = o.check(&p, fast, &plain, &|q, left| plain_moves(rule, q, left));
        if rule == Rule::Col {
            // Col is cold: every value is a number or a number plus * (WW ch. 2).
            let nus = o.games.as_nus(slow);
            assert!(nus.is_some_and(|(_, ups, nim)| ups == 0 && nim <= 1), "{}", p.to_notation());
        }
    }
}

#[test]
fn notation_round_trips() {
    for (rule, text) in [
        (Rule::Col, "col[1-2, 2-3, 3-4] left=[1] right=[3]"),
        (Rule::Snort, "snort[1-2, 1-7, 5] right=[5, 7]"),
        (Rule::Col, "col[]"),
    ] {
        let p = ColSnort::parse(rule, text).unwrap();
        assert_eq!(p.to_notation(), text);
        assert_eq!(ColSnort::parse(rule, &p.to_notation()).unwrap(), p);
    }
    let p = ColSnort::parse(Rule::Col, "col[2-1, 1-2, 3-3] vertices=4 left=1").unwrap();
    assert_eq!(p.to_notation(), "col[1-2, 3, 4] left=[1]");
    assert_eq!(ColSnort::parse(Rule::Col, "col[1-2] left=[3]"), Err(GraphError::UnknownVertex(3)));
    assert_eq!(ColSnort::parse(Rule::Col, "col[1-2 B]"), Err(GraphError::UnexpectedColour(1, 2)));
    assert_eq!(ColSnort::parse(Rule::Col, "col[] vertices=2000000"), Err(GraphError::TooManyVertices(2_000_000)));
    assert!(matches!(ColSnort::parse(Rule::Col, "col[] vertices=[1, 2]"), Err(GraphError::Syntax { .. })));
    assert!(matches!(ColSnort::parse(Rule::Snort, "col[1]"), Err(GraphError::Syntax { .. })));
    assert!(matches!(ColSnort::parse(Rule::Col, "col[1] ground=1"), Err(GraphError::UnknownSetting(_))));
}

#[test]
fn moves_name_the_vertex_coloured() {
    let p = ColSnort::parse(Rule::Col, "col[1-2, 2-3] left=[1]").unwrap();
    let left: Vec<(String, String)> = p.moves(Player::Left).into_iter().map(|(m, q)| (m, q.to_notation())).collect();
    assert_eq!(
        left,
        vec![("2".to_owned(), "col[1, 3] left=[1, 3]".to_owned()), ("3".to_owned(), "col[1-2] left=[1, 2]".to_owned())]
    );
    let snort = ColSnort::parse(Rule::Snort, "snort[1-2, 2-3] left=[1]").unwrap();
    let right: Vec<String> = snort.moves(Player::Right).into_iter().map(|(m, _)| m).collect();
    assert_eq!(right, ["2", "3"]);
}

#[test]
fn many_copies_are_regions_of_one_table_entry() {
    // A thousand copies of CGSuite's 7/8 Col path, each on its own vertices: 875.
    let (mut edges, mut left, mut right) = (Vec::new(), Vec::new(), Vec::new());
    for copy in 0..1000u64 {
        let base = 10 * copy;
        edges.extend((1..10).map(|v| (base + v, base + v + 1)));
        left.push(base + 5);
        right.extend([1, 3, 7, 9].map(|v| base + v));
    }
    let p = ColSnort::new(Rule::Col, &[], &edges, &left, &right).unwrap();
    let mut games = Games::new();
    let mut solver = Solver::new();
    let g = p.value(&mut games, &mut solver, &Budget::unlimited()).unwrap();
    assert_eq!(games.display(g, DisplayStyle::default()), "875");
    assert!(solver.len() < 200, "{}", solver.len());
}

//! Childish Hackenbush: CGSuite's published values, random graphs against a plain search with its own move generator, notation.

use cgt_core::game::{DisplayStyle, GameId, Games};
use cgt_core::{Budget, Dyadic};

use super::Childish;
use crate::hackenbush::tests::{Plain, plain_graph, standing, up_nth_star};
use crate::hackenbush::{Colour, Hackenbush, Player};
use crate::position::Solver;
use crate::position::testing::Oracle;
use crate::test_rng::Rng;

fn value(text: &str, games: &mut Games) -> GameId {
    let p = Childish::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    p.value(games, &mut Solver::new(), &Budget::unlimited()).unwrap()
}

fn shown(text: &str) -> String {
    let mut games = Games::new();
    let g = value(text, &mut games);
    games.display(g, DisplayStyle::default())
}

#[test]
fn published_values() {
    for (text, want) in [
        // CGSuite's tests of its ChildishHackenbush: "l(l;rl)" = 2.
        ("childish[0-1 B, 1-2 B, 1-3 R, 3-4 B]", "2"),
        // ":{ground}llllllrrrr:{ground}", a cycle of six blue and four red edges: {4|-2}.
        ("childish[0-1 B, 1-2 B, 2-3 B, 3-4 B, 4-5 B, 5-6 B, 6-7 R, 7-8 R, 8-9 R, 9-0 R]", "{4|-2}"),
        // "r(l:T;r(l:T;r(l:T;r(l:T;rl:T))))", a red stalk with blue edges to one vertex T: 15/16.
        ("childish[0-1 R, 1-6 B, 1-2 R, 2-6 B, 2-3 R, 3-6 B, 3-4 R, 4-6 B, 4-5 R, 5-6 B]", "15/16"),
        // By hand: only the top edge of a stalk may be cut, so a blue stalk is worth its length.
        ("childish[0-1 B, 1-2 B, 2-3 B]", "3"),
        ("childish[0-1 G, 1-2 G]", "*2"),
        ("childish[]", "0"),
    ] {
        assert_eq!(shown(text), want, "{text}");
    }
}

#[test]
fn the_lollipop() {
    // CGSuite "(e:B;e:Bllllllrrr:B)": two green edges from the ground to B and a cycle of six
    // blue and three red edges through B: {0|^[4]*||vv}.
    let mut games = Games::new();
    let budget = Budget::unlimited();
    let g = value("childish[0-9 G, 0-9 G, 9-1 B, 1-2 B, 2-3 B, 3-4 B, 4-5 B, 5-6 B, 6-7 R, 7-8 R, 8-9 R]", &mut games);
    let up = up_nth_star(&mut games, 4);
    let inner = games.from_options(&[games.zero()], &[up], &budget).unwrap();
    let double_down = games.nus(&Dyadic::from(0), -2, 0);
    assert_eq!(g, games.from_options(&[inner], &[double_down], &budget).unwrap());
}

/// Childish Hackenbush's moves straight from the rules: a green edge is cut as in Hackenbush;
/// an edge of the mover's colour only when nothing else falls with it.
fn plain_moves((edges, ground): &Plain, left: bool) -> Vec<Plain> {
    let mine = if left { 'B' } else { 'R' };
    (0..edges.len())
        .filter(|&i| edges[i].2 == mine || edges[i].2 == 'G')
        .filter_map(|i| {
            let mut rest = edges.clone();
            rest.remove(i);
            let after = standing((rest, ground.clone()));
            (edges[i].2 == 'G' || after.0.len() + 1 == edges.len()).then_some(after)
        })
        .collect()
}

#[test]
fn values_agree_with_plain_search_on_random_graphs() {
    let mut o = Oracle::new();
    let mut rng = Rng(0x0c41_1d15);
    let colours = [Colour::Blue, Colour::Red, Colour::Green];
    for _ in 0..300 {
        let vertices = 2 + rng.below(5);
        let edges: Vec<(u64, u64, Colour)> = (0..1 + rng.below(6))
            .map(|_| (rng.below(vertices), rng.below(vertices), colours[rng.below(3) as usize]))
            .collect();
        let p = Childish::new(&edges, &[0]).unwrap();
        let fast = p.value(&mut o.games, &mut o.solver, &o.budget).unwrap();
        o.check(&p, fast, &plain_graph(&edges, &[0]), &plain_moves);
        // Green edges follow Hackenbush's rules: the same value on green graphs.
        if edges.len() > 4 {
            continue;
        }
        let green: Vec<(u64, u64, Colour)> = edges.iter().map(|&(u, v, _)| (u, v, Colour::Green)).collect();
        let (c, h) = (Childish::new(&green, &[0]).unwrap(), Hackenbush::new(&green, &[0]).unwrap());
        let plain_green = o.plain(&plain_graph(&green, &[0]), &plain_moves);
        assert_eq!(plain_green, o.games.nimber(h.green_value().unwrap()));
        assert_eq!(c.value(&mut o.games, &mut o.solver, &o.budget).unwrap(), plain_green);
    }
}

#[test]
fn notation_and_moves() {
    let text = "childish[0-1 B, 1-2 R, 2-0 G, 1-1 G] ground=[0, 7]";
    let p = Childish::parse(text).unwrap();
    assert_eq!(p.to_notation(), text);
    assert_eq!(Childish::parse(&p.to_notation()).unwrap(), p);
    assert!(Childish::parse("hackenbush[0-1]").is_err());
    // Left may not cut 0-1 (1-2 and 1-1 would fall with it); the green loop is free.
    let p = Childish::parse("childish[0-1 B, 1-2 B, 1-1 G]").unwrap();
    let left: Vec<String> = p.moves(Player::Left).into_iter().map(|(m, _)| m).collect();
    assert_eq!(left, ["1-2 B", "1-1 G"]);
    let right: Vec<String> = p.moves(Player::Right).into_iter().map(|(m, _)| m).collect();
    assert_eq!(right, ["1-1 G"]);
}

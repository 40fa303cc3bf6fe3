//! Arc Kayles: CGSuite's published paths, octal games, and random graphs against a plain search
//! with its own move generator.

use std::collections::HashMap;

use cgt_core::Budget;
use cgt_core::game::Games;

use super::{ArcKayles, Nimbers};
use crate::octal::OctalCode;
use crate::position::search;
use crate::position::testing::plain_value;
use crate::test_rng::Rng;
use crate::ugraph::GraphError;

fn path(n: u64, looped: bool) -> ArcKayles {
    let mut edges: Vec<(u64, u64)> = (1..n).map(|v| (v, v + 1)).collect();
    if looped {
        edges.extend((1..=n).map(|v| (v, v)));
    }
    ArcKayles::new(&edges)
}

#[test]
fn paths_are_dawsons_kayles_and_looped_paths_kayles() {
    // CGSuite's tests: ArcKayles(Graph.Path(n)).NimValue for n from 1 to 50, and with a loop at
    // every vertex.
    let paths = [
        0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4, 0, 1, 1,
        2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5,
    ];
    let looped = [
        1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2, 1, 8, 6, 7, 4, 1,
        2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2,
    ];
    let budget = Budget::unlimited();
    let dawson = OctalCode::dawson().grundy_sequence(51, &budget).unwrap();
    let kayles = OctalCode::kayles().grundy_sequence(51, &budget).unwrap();
    let mut nimbers = Nimbers::new();
    for n in 1..=50u64 {
        let plain = nimbers.nim_value(&path(n, false), &budget).unwrap();
        let with_loops = nimbers.nim_value(&path(n, true), &budget).unwrap();
        assert_eq!((plain, with_loops), (paths[n as usize - 1], looped[n as usize - 1]), "n = {n}");
        assert_eq!((plain, with_loops), (u64::from(dawson[n as usize]), u64::from(kayles[n as usize])), "n = {n}");
    }
}

#[test]
fn cycles_and_stars() {
    let budget = Budget::unlimited();
    let mut nimbers = Nimbers::new();
    for n in 3..30u64 {
        // Any move on a cycle of n leaves a path of n - 2.
        let mut edges: Vec<(u64, u64)> = (1..n).map(|v| (v, v + 1)).collect();
        edges.push((n, 1));
        let cycle = nimbers.nim_value(&ArcKayles::new(&edges), &budget).unwrap();
        let rest = nimbers.nim_value(&path(n - 2, false), &budget).unwrap();
        assert_eq!(cycle, u64::from(rest == 0), "cycle of {n}");
        // Every move on a star removes its centre.
        let star: Vec<(u64, u64)> = (1..n).map(|v| (0, v)).collect();
        assert_eq!(nimbers.nim_value(&ArcKayles::new(&star), &budget).unwrap(), 1);
    }
}

/// Arc Kayles's moves straight from the rules (the same for both players): pick an edge and
/// remove both its ends, so every edge at either end goes.
fn plain_moves(edges: &[(u64, u64)]) -> Vec<Vec<(u64, u64)>> {
    let mut out: Vec<Vec<(u64, u64)>> = edges
        .iter()
        .map(|&(u, v)| edges.iter().copied().filter(|&(a, b)| ![u, v].contains(&a) && ![u, v].contains(&b)).collect())
        .collect();
    out.dedup();
    out
}

#[test]
fn nim_values_agree_with_plain_search_on_random_graphs() {
    let budget = Budget::unlimited();
    let mut games = Games::new();
    let mut memo = HashMap::new();
    let mut nimbers = Nimbers::new();
    let mut rng = Rng(0x0a4c_ca1e);
    for _ in 0..400 {
        let n = 1 + rng.below(7);
        let edges: Vec<(u64, u64)> = (0..rng.below(2 * n)).map(|_| (rng.below(n), rng.below(n))).collect();
        let p = ArcKayles::new(&edges);
        let fast = nimbers.nim_value(&p, &budget).unwrap();
        let slow = plain_value(&mut games, &mut memo, &edges, &|e: &Vec<(u64, u64)>, _| plain_moves(e));
        assert_eq!(games.nim_value(slow), Some(fast), "{}", p.to_notation());
        assert_eq!(search(&mut games, p.clone(), &budget).unwrap(), slow, "{}", p.to_notation());
    }
    assert!(!nimbers.is_empty());
}

#[test]
fn notation_round_trips() {
    for text in ["arckayles[1-2, 2-3]", "arckayles[]", "arckayles[1-1, 1-9, 9-18446744073709551615]"] {
        let p = ArcKayles::parse(text).unwrap();
        assert_eq!(p.to_notation(), text);
        assert_eq!(ArcKayles::parse(&p.to_notation()).unwrap(), p);
    }
    assert_eq!(ArcKayles::parse("arckayles[3-2, 2-3, 7] vertices=9").unwrap().to_notation(), "arckayles[2-3]");
    assert_eq!(ArcKayles::parse("arckayles[1-2 G]"), Err(GraphError::UnexpectedColour(1, 2)));
    assert!(matches!(ArcKayles::parse("arckayles[1-2] left=[1]"), Err(GraphError::UnknownSetting(_))));
    let moves: Vec<(String, String)> = ArcKayles::parse("arckayles[1-2, 2-3, 3-4, 4-4]")
        .unwrap()
        .moves()
        .into_iter()
        .map(|(m, p)| (m, p.to_notation()))
        .collect();
    let want = [
        ("1-2", "arckayles[3-4, 4-4]"),
        ("2-3", "arckayles[4-4]"),
        ("3-4", "arckayles[1-2]"),
        ("4-4", "arckayles[1-2, 2-3]"),
    ];
    assert_eq!(moves, want.map(|(m, p)| (m.to_owned(), p.to_owned())));
}

#[test]
fn a_long_path_by_components() {
    // A path of 80 with a loop at every vertex is a Kayles heap of 80.
    let budget = Budget::unlimited();
    let kayles = OctalCode::kayles().grundy_sequence(90, &budget).unwrap();
    let mut nimbers = Nimbers::new();
    let v = nimbers.nim_value(&path(80, true), &budget).unwrap();
    assert_eq!(v, u64::from(kayles[80]));
}

//! Partizan Arc Kayles: the solver (components, colour swap) against a plain memoised search of
//! the rules with its own move generator on random graphs, values by hand, and the notation.

use std::collections::HashMap;

use cgt_core::Budget;
use cgt_core::game::{DisplayStyle, GameId, Games};

use super::PartizanArcKayles;
use crate::position::Partizan;
use crate::test_rng::Rng;
use crate::tree::Colour;

/// The value straight from the rules on a list of edges `(u, v, letter)`: Left picks a `B` or
/// `G` edge, Right an `R` or `G` edge, and every edge with an end at either end of the picked
/// one goes. Memoised on the sorted list, with no components or colour swap.
fn plain(
    games: &mut Games,
    mut edges: Vec<(u64, u64, char)>,
    memo: &mut HashMap<Vec<(u64, u64, char)>, GameId>,
) -> GameId {
    edges.sort_unstable();
    edges.dedup();
    if let Some(&g) = memo.get(&edges) {
        return g;
    }
    let mut sides = [Vec::new(), Vec::new()];
    for (side, mine) in ['B', 'R'].into_iter().enumerate() {
        for &(u, v, c) in &edges {
            if c == mine || c == 'G' {
                let rest: Vec<(u64, u64, char)> =
                    edges.iter().copied().filter(|&(x, y, _)| x != u && x != v && y != u && y != v).collect();
                let g = plain(games, rest, memo);
                sides[side].push(g);
            }
        }
    }
    let g = games.from_options(&sides[0], &sides[1], &Budget::unlimited()).unwrap();
    memo.insert(edges, g);
    g
}

fn letter(c: char) -> Colour {
    Colour::from_letter(c).unwrap()
}

fn shown(edges: &[(u64, u64, char)]) -> String {
    let mut games = Games::new();
    let p = PartizanArcKayles::new(&edges.iter().map(|&(u, v, c)| (u, v, letter(c))).collect::<Vec<_>>());
    let g = p.game(&mut games, &Budget::unlimited()).unwrap();
    games.display(g, DisplayStyle::default())
}

#[test]
fn solver_agrees_with_search() {
    let mut rng = Rng(0x9a27_1a4c_0b1e_5eed);
    let mut games = Games::new();
    let mut memo = HashMap::new();
    let budget = Budget::unlimited();
    for _ in 0..400 {
        let n = 1 + rng.below(7);
        let edges: Vec<(u64, u64, char)> = (0..rng.below(2 * n))
            .map(|_| (rng.below(n), rng.below(n), ['B', 'R', 'G'][rng.below(3) as usize]))
            .collect();
        let want = plain(&mut games, edges.clone(), &mut memo);
        let p = PartizanArcKayles::new(&edges.iter().map(|&(u, v, c)| (u, v, letter(c))).collect::<Vec<_>>());
        let got = p.game(&mut games, &budget).unwrap();
        if got != want {
            let (g, w) = (games.display(got, DisplayStyle::default()), games.display(want, DisplayStyle::default()));
            panic!("{}: solver {g}, search {w}", p.notation());
        }
    }
}

#[test]
fn values_by_hand() {
    // One edge: a move for its owner (both, if green).
    assert_eq!(shown(&[(1, 2, 'B')]), "1");
    assert_eq!(shown(&[(1, 2, 'R')]), "-1");
    assert_eq!(shown(&[(1, 2, 'G')]), "*");
    // A blue-red path: either move removes the middle vertex and so both edges: {0 | 0}.
    assert_eq!(shown(&[(1, 2, 'B'), (2, 3, 'R')]), "*");
    // A blue edge hanging off a red one's end, and a green edge at the other: Left's blue move
    // leaves the green edge (*), Right's red move leaves nothing, the green move leaves blue (1):
    // {*, 1 | 0, 1} = {1 | 0}.
    assert_eq!(shown(&[(1, 2, 'B'), (2, 3, 'R'), (3, 4, 'G')]), "{1|0}");
    // Two blue edges apart, and a red one apart: a sum.
    assert_eq!(shown(&[(1, 2, 'B'), (3, 4, 'B'), (5, 6, 'R')]), "1");
    // A green path of three edges is Arc Kayles' path of 4 vertices: *2 (Dawson's Kayles).
    assert_eq!(shown(&[(1, 2, 'G'), (2, 3, 'G'), (3, 4, 'G')]), "*2");
}

#[test]
fn notation_and_options() {
    let p = PartizanArcKayles::new(&[(1, 2, Colour::Blue), (2, 3, Colour::Red), (3, 4, Colour::Green)]);
    assert_eq!(p.notation(), "partizan_arckayles[1-2 B, 2-3 R, 3-4 G]");
    let left: Vec<String> = p.left_options().iter().map(Partizan::notation).collect();
    assert_eq!(left, ["partizan_arckayles[3-4 G]", "partizan_arckayles[1-2 B]"]);
    let right: Vec<String> = p.right_options().iter().map(Partizan::notation).collect();
    assert_eq!(right, ["partizan_arckayles[]", "partizan_arckayles[1-2 B]"]);
}

//! Cutcake and Eatcake: the values of docs/src/reference/rulesets.md, notation, and the solver (pieces, quarter turns)
//! against a plain search of the rules with its own move generator.

use cgt_core::Budget;
use cgt_core::game::{DisplayStyle, Games};

use super::{Cake, CakeRule};
use crate::grid::GridError;
use crate::position::Partizan;
use crate::position::testing::assert_plain_agrees;

fn shown(rule: CakeRule, pieces: &[(usize, usize)]) -> String {
    let mut games = Games::new();
    let g = Cake::new(rule, pieces).unwrap().game(&mut games, &Budget::unlimited()).unwrap();
    games.display(g, DisplayStyle::default())
}

#[test]
fn published_values() {
    // docs/src/cgsuite.md: CGSuite's Cutcake((8,1)) is -7, Eatcake 8x1 is ^.
    assert_eq!(shown(CakeRule::Cut, &[(8, 1)]), "-7");
    assert_eq!(shown(CakeRule::Cut, &[(1, 8)]), "7");
    assert_eq!(shown(CakeRule::Eat, &[(8, 1)]), "^");
    // By hand: 2x2 is {2x1 + 2x1 | 1x2 + 1x2} = {-2|2}, and 2x3 is {2x1 + 2x2 | 2 x 1x3} = {-1|4}.
    assert_eq!(shown(CakeRule::Cut, &[(2, 2)]), "0");
    assert_eq!(shown(CakeRule::Cut, &[(2, 3)]), "0");
    assert_eq!(shown(CakeRule::Cut, &[(1, 5)]), "4");
    assert_eq!(shown(CakeRule::Cut, &[(1, 1), (0, 5)]), "0");
}

#[test]
fn notation_and_options() {
    assert_eq!(Cake::new(CakeRule::Cut, &[(1 << 20, 2)]), Err(GridError::TooLarge { rows: 1 << 20, cols: 2 }));
    let c = Cake::new(CakeRule::Cut, &[(2, 3)]).unwrap();
    assert_eq!(c.notation(), "cutcake[2x3]");
    let left: Vec<String> = c.left_options().iter().map(Partizan::notation).collect();
    assert_eq!(left, ["cutcake[2x1, 2x2]"]);
    let right: Vec<String> = c.right_options().iter().map(Partizan::notation).collect();
    assert_eq!(right, ["cutcake[1x3, 1x3]"]);
    let e = Cake::new(CakeRule::Eat, &[(1, 3)]).unwrap();
    let left: Vec<String> = e.left_options().iter().map(Partizan::notation).collect();
    assert_eq!(left, ["eatcake[1x2]", "eatcake[1x1, 1x1]"]);
    assert_eq!(e.right_options().iter().map(Partizan::notation).collect::<Vec<_>>(), ["0"]);
}

#[test]
fn solver_agrees_with_search() {
    let mut games = Games::new();
    for rule in [CakeRule::Cut, CakeRule::Eat] {
        let cakes: Vec<(Vec<(usize, usize)>, Cake)> = (1..=5)
            .flat_map(|r| (1..=5).map(move |c| (r, c)))
            .flat_map(|(r, c)| [vec![(r, c)], vec![(r, c), (c % 3 + 1, r % 2 + 1)]])
            .filter(|p| p.iter().map(|(r, c)| r * c).sum::<usize>() <= if p.len() == 1 { 9 } else { 6 })
            .map(|p| (p.clone(), Cake::new(rule, &p).unwrap()))
            .collect();
        let n = cakes.len();
        let moves = |p: &Vec<(usize, usize)>, left: bool| plain_moves(rule, p, left);
        assert_eq!(assert_plain_agrees(&mut games, cakes, &moves), n);
    }
}

/// Cutcake's and Eatcake's moves straight from the rules, on a list of `(rows, columns)`
/// pieces: Left cuts a piece between two columns (Cutcake) or eats one whole column, leaving
/// the parts on either side (Eatcake); Right does the same with rows. Pieces with no cells go.
fn plain_moves(rule: CakeRule, pieces: &[(usize, usize)], left: bool) -> Vec<Vec<(usize, usize)>> {
    let mut out = Vec::new();
    for (i, &(r, c)) in pieces.iter().enumerate() {
        let (along, across) = if left { (c, r) } else { (r, c) };
        let piece = |n: usize| if left { (across, n) } else { (n, across) };
        for a in 0..along {
            let b = match rule {
                CakeRule::Cut if a > 0 => along - a,
                CakeRule::Eat => along - 1 - a,
                _ => continue,
            };
            let mut next = pieces.to_vec();
            next.remove(i);
            next.extend([piece(a), piece(b)].into_iter().filter(|&(r, c)| r * c > 0));
            out.push(next);
        }
    }
    out
}

//! The test helper every partizan ruleset uses: its fast value against [`search`] (the plain
//! definition, CGT II.1) on many positions; and the [`Partizan`] impls of trees, Toppling
//! Dominoes and Domineering held against their own engines through it.

use cgt_core::Budget;
use cgt_core::game::{DisplayStyle, GameId, Games};

use super::{Partizan, Solver, Tabled, search};
use crate::test_rng::Rng;

/// Asserts that `fast` gives every position the value [`search`] gives it; returns how many
/// positions were checked.
pub(crate) fn assert_agrees<P: Partizan + Clone>(
    games: &mut Games,
    positions: impl IntoIterator<Item = P>,
    mut fast: impl FnMut(&mut Games, &P) -> GameId,
) -> usize {
    let budget = Budget::unlimited();
    let mut count = 0;
    for p in positions {
        let want = search(games, p.clone(), &budget).expect("no budget");
        let got = fast(games, &p);
        if got != want {
            let (g, w) = (games.display(got, DisplayStyle::default()), games.display(want, DisplayStyle::default()));
            panic!("{}: fast {g}, search {w}", p.notation());
        }
        count += 1;
    }
    count
}

/// [`assert_agrees`] with one [`Solver`] (table and regions) as the fast method.
pub(crate) fn assert_solver_agrees<P: Tabled>(games: &mut Games, positions: impl IntoIterator<Item = P>) -> usize {
    let mut solver = Solver::new();
    let budget = Budget::unlimited();
    assert_agrees(games, positions, |games, p| solver.value(games, p, &budget).expect("no budget"))
}

/// The value of a position by [`search`], as printed.
pub(crate) fn shown_by_search<P: Partizan>(p: P) -> String {
    let mut games = Games::new();
    let g = search(&mut games, p, &Budget::unlimited()).expect("no budget");
    games.display(g, DisplayStyle::default())
}

#[test]
fn trees_agree_with_search() {
    use crate::tree::{Colour, Tree};
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let colours = [Colour::Blue, Colour::Red, Colour::Green];
    let trees = (0..300).map(|_| {
        let mut t = Tree::new();
        for e in 0..rng.below(8) as usize {
            let parent = rng.below(e as u64 + 1) as usize;
            t.add_edge(parent.checked_sub(1), colours[rng.below(3) as usize]);
        }
        t
    });
    let budget = Budget::unlimited();
    let mut games = Games::new();
    let n = assert_agrees(&mut games, trees, |games, t| t.game(games, &budget).unwrap());
    assert_eq!(n, 300);
}

#[test]
fn toppling_rows_agree_with_search() {
    use crate::toppling::Position;
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let rows = (0..300).map(|_| {
        let text: String = (0..rng.below(8)).map(|_| ['B', 'W', 'G', '.'][rng.below(4) as usize]).collect();
        Position::parse(&text).unwrap()
    });
    let budget = Budget::unlimited();
    let mut games = Games::new();
    assert_eq!(assert_agrees(&mut games, rows, |games, p| p.game(games, &budget).unwrap()), 300);
    assert_eq!(shown_by_search(Position::parse("BWWB").unwrap()), "^");
}

#[test]
fn domineering_boards_agree_with_search() {
    use crate::domineering::Board;
    let mut rng = Rng(0x5851_f42d_4c95_7f2d);
    let boards = (0..300).map(|_| {
        let rows = 1 + rng.below(4) as usize;
        let cols = 1 + rng.below((10 / rows) as u64) as usize;
        let text: Vec<String> =
            (0..rows).map(|_| (0..cols).map(|_| if rng.below(5) == 0 { '#' } else { '.' }).collect()).collect();
        Board::from_rows(&text).unwrap()
    });
    let budget = Budget::unlimited();
    let mut games = Games::new();
    assert_eq!(assert_agrees(&mut games, boards, |games, b| b.game(games, &budget).unwrap()), 300);
    assert_eq!(shown_by_search(Board::empty(2, 2)), "+-1");
}

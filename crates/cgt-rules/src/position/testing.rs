//! The test helper every partizan ruleset uses: its fast value against [`search`] (the plain
//! definition, CGT II.1) on many positions; and the [`Partizan`] impls of trees, Toppling
//! Dominoes and Domineering held against their own engines through it; and [`plain_value`], the
//! driver of the oracles that play from a move generator each ruleset's test writes itself,
//! plainly from the rules, over the position's letters (so that a wrong move rule in a solver
//! cannot pass by being shared with its oracle).

use std::collections::HashMap;
use std::hash::Hash;

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

/// A board as the plain oracles see it: rows of letters.
pub(crate) type Rows = Vec<Vec<char>>;

/// Rows of letters from rows of text.
pub(crate) fn rows_of<S: AsRef<str>>(text: &[S]) -> Rows {
    text.iter().map(|r| r.as_ref().chars().collect()).collect()
}

/// The value of position `p` straight from the definition of a game (CGT II.1): the game whose
/// options are the values of `moves(p, true)` for Left and `moves(p, false)` for Right, where
/// `moves` is the test's own move generator; memoised on the whole position, with no regions,
/// symmetries or negation.
pub(crate) fn plain_value<K: Clone + Eq + Hash>(
    games: &mut Games,
    memo: &mut HashMap<K, GameId>,
    p: &K,
    moves: &dyn Fn(&K, bool) -> Vec<K>,
) -> GameId {
    if let Some(&g) = memo.get(p) {
        return g;
    }
    let mut sides = [Vec::new(), Vec::new()];
    for (side, left) in [true, false].into_iter().enumerate() {
        for q in moves(p, left) {
            let g = plain_value(games, memo, &q, moves);
            sides[side].push(g);
        }
    }
    let g = games.from_options(&sides[0], &sides[1], &Budget::unlimited()).expect("no budget");
    memo.insert(p.clone(), g);
    g
}

/// Asserts that a [`Solver`] gives each position the value [`plain_value`] gives its plain form
/// under `moves`; returns how many positions were checked.
pub(crate) fn assert_plain_agrees<K: Clone + Eq + Hash + std::fmt::Debug, P: Tabled>(
    games: &mut Games,
    positions: impl IntoIterator<Item = (K, P)>,
    moves: &dyn Fn(&K, bool) -> Vec<K>,
) -> usize {
    let mut solver = Solver::new();
    let mut memo = HashMap::new();
    let budget = Budget::unlimited();
    let mut count = 0;
    for (plain, p) in positions {
        let want = plain_value(games, &mut memo, &plain, moves);
        let got = solver.value(games, &p, &budget).expect("no budget");
        if got != want {
            let (g, w) = (games.display(got, DisplayStyle::default()), games.display(want, DisplayStyle::default()));
            panic!("{} ({plain:?}): solver {g}, plain search {w}", p.notation());
        }
        count += 1;
    }
    count
}

/// The cell `k` steps of `(dr, dc)` from `(r, c)` in `rows`, if it is on the board.
pub(crate) fn at(rows: &Rows, (r, c): (usize, usize), (dr, dc): (isize, isize), k: isize) -> Option<(usize, usize)> {
    let (r, c) = (r.checked_add_signed(dr * k)?, c.checked_add_signed(dc * k)?);
    (r < rows.len() && c < rows[r].len()).then_some((r, c))
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

//! AntiClobber: small values by hand, notation, and the solver (regions, symmetries, colour
//! swap) against a plain search of the rules with its own move generator on random boards.

use cgt_core::Budget;
use cgt_core::game::{DisplayStyle, Games};

use super::Board;
use crate::grid::quoted;
use crate::position::testing::{
    Rows, assert_boards_agree, assert_searches_agree, plain_steps, random_rows, shown_by_search,
};
use crate::position::{Partizan, Tabled};
use crate::test_rng::Rng;

#[test]
fn small_values_by_hand() {
    // `x.`: Left moves to `ox`, where nobody can move: {0 | } = 1.
    assert_eq!(Board::shown(&["x."]), "1");
    assert_eq!(Board::shown(&["o."]), "-1");
    // `.x.`: Left's moves leave `xo.` or `.ox`, where only Right moves (to a full board):
    // {-1 | } = 0.
    assert_eq!(Board::shown(&[".x."]), "0");
    // `x.o`: either player moves into the middle and fills the board: {0 | 0} = *.
    assert_eq!(Board::shown(&["x.o"]), "*");
    // Full boards and boards without stones have no moves.
    assert_eq!(Board::shown(&["xo", "ox"]), "0");
    assert_eq!(Board::shown(&["...", "..."]), "0");
    // `#` squares are not on the board: `x#.` has no move.
    assert_eq!(Board::shown(&["x#."]), "0");
    for rows in [&["x."][..], &[".x."], &["x.o"], &["x.", ".o"], &["xo.", "..x"]] {
        assert_eq!(Board::shown(rows), shown_by_search(Board::from_rows(rows).unwrap()), "{rows:?}");
    }
}

#[test]
fn rows_and_notation() {
    let b = Board::from_rows(&["x.o", "#.."]).unwrap();
    assert_eq!(b.notation(), r##"anticlobber["x.o", "#.."]"##);
    let left: Vec<String> = b.left_options().iter().map(Partizan::notation).collect();
    assert_eq!(left, [r##"anticlobber["oxo", "#.."]"##]);
    let right: Vec<String> = b.right_options().iter().map(Partizan::notation).collect();
    assert_eq!(right, [r##"anticlobber["x.x", "#.o"]"##, r##"anticlobber["xox", "#.."]"##]);
    assert_eq!(Board::from_rows(&quoted(&b.notation())).unwrap(), b);
}

#[test]
fn regions_are_the_empty_squares_that_interact() {
    // Empty squares sharing a stone neighbour form one region (`.x.` and the `o` next to both
    // of the last row's empty squares); stones that only touch stones do not join regions.
    assert_eq!(Board::from_rows(&[".x.oo", "ooo.x"]).unwrap().regions().len(), 1);
    let b = Board::from_rows(&["x.oo.x", "oxxooo"]).unwrap();
    let regions = b.regions();
    assert_eq!(regions.len(), 2, "{regions:?}");
    // The regions' values add up to the board's (checked by search in the random test too).
    let mut games = Games::new();
    let budget = Budget::unlimited();
    let mut sum = games.zero();
    for r in &regions {
        let g = r.game(&mut games, &budget).unwrap();
        sum = games.add(sum, g, &budget).unwrap();
    }
    assert_eq!(games.display(sum, DisplayStyle::default()), shown_by_search(b));
}

/// AntiClobber's moves straight from the rules: a stone of the mover's steps onto an
/// orthogonally adjacent empty square (not `#`) and leaves an enemy stone where it stood.
fn plain_moves(rows: &Rows, left: bool) -> Vec<Rows> {
    plain_steps(rows, left, |enemy, there| (there == '.').then_some(enemy))
}

#[test]
fn solver_agrees_with_search_on_random_boards() {
    let mut rng = Rng(0x0a17_c10b_be55_0001);
    // Up to 9 cells: stones, empty squares and a few `#`.
    let boards = (0..300).map(|_| random_rows(&mut rng, 3, 9, 9, &['x', 'o', '.', '.', 'x', 'o', '#']));
    assert_eq!(assert_boards_agree(boards, |text| Board::from_rows(text).unwrap(), &plain_moves), 300);
}

#[test]
fn outcome_search_agrees_with_the_plain_values() {
    let mut rng = Rng(0x0a17_c10b_be55_0002);
    // Up to 12 cells, so that many boards hold a region larger than the 6 cells valued exactly.
    let boards: Vec<Vec<String>> =
        (0..300).map(|_| random_rows(&mut rng, 4, 12, 6, &['x', 'o', '.', '.', 'x', 'o', '#'])).collect();
    assert_searches_agree(boards, |text| Board::from_rows(text).unwrap(), &plain_moves, 50);
}

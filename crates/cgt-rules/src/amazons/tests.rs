//! Amazons: small values by hand, notation and moves, and the solver (parts, symmetries,
//! colour swap) against the plain search on random small boards.

use cgt_core::Budget;
use cgt_core::game::{DisplayStyle, Games};

use super::Board;
use crate::grid::{GridError, quoted};
use crate::position::Partizan;
use crate::position::testing::assert_solver_agrees;
use crate::test_rng::Rng;

fn shown(rows: &[&str]) -> String {
    let mut games = Games::new();
    let g = Board::from_rows(rows).unwrap().game(&mut games, &Budget::unlimited()).unwrap();
    games.display(g, DisplayStyle::default())
}

#[test]
fn small_values() {
    // By hand: on a strip of n empty squares beside her, an amazon alone moves n times (one
    // step, shooting behind), and never more, as each move burns a square.
    assert_eq!(shown(&["x"]), "0");
    assert_eq!(shown(&["x."]), "1");
    assert_eq!(shown(&["x.."]), "2");
    assert_eq!(shown(&["..o"]), "-2");
    // Parts cut apart by burnt squares add up.
    assert_eq!(shown(&["x..", "###", "..o"]), "0");
    assert_eq!(shown(&["x...", "####", "..o#"]), "1");
    assert_eq!(shown(&[""]), "0");
}

#[test]
fn notation_and_moves() {
    assert_eq!(Board::from_rows(&["x.", ".O"]), Err(GridError::BadCell { row: 1, offset: 1, letter: 'O' }));
    let big = vec![".".repeat(9); 8];
    assert_eq!(Board::from_rows(&big), Err(GridError::TooLarge { rows: 8, cols: 9 }));
    let b = Board::from_rows(&["x..", "#.o"]).unwrap();
    assert_eq!(b.notation(), r##"amazons["x..", "#.o"]"##);
    assert_eq!(Board::from_rows(&quoted(&b.notation())).unwrap(), b);
    let left: Vec<String> = b.left_options().iter().map(|o| quoted(&o.notation()).join("/")).collect();
    assert_eq!(left.len(), 9);
    assert_eq!(left[..3], [".x./##o", "#x./#.o", ".x#/#.o"]);
}

#[test]
fn solver_agrees_with_search_on_random_boards() {
    let mut rng = Rng(0xa54f_f53a_5f1d_36f1);
    let boards: Vec<Board> = (0..300)
        .map(|_| {
            let rows = 1 + rng.below(3);
            let cols = 1 + rng.below(7 / rows);
            let text: Vec<String> = (0..rows)
                .map(|_| (0..cols).map(|_| ['x', 'o', '.', '.', '.', '#'][rng.below(6) as usize]).collect())
                .collect();
            Board::from_rows(&text).unwrap()
        })
        .collect();
    let mut games = Games::new();
    assert_eq!(assert_solver_agrees(&mut games, boards), 300);
}

//! Cram: known values, notation, and the Grundy values (regions, symmetries) against the plain
//! partizan search on random boards.

use cgt_core::Budget;
use cgt_core::game::Games;

use super::Board;
use crate::grid::{GridError, quoted};
use crate::position::Partizan;
use crate::position::testing::{assert_agrees, assert_solver_agrees};
use crate::test_rng::Rng;

fn nim(rows: usize, cols: usize) -> u64 {
    Board::empty(rows, cols).unwrap().nim_value(&Budget::unlimited()).unwrap()
}

#[test]
fn known_values() {
    // WW ch. 23: on an even by even board the second player wins by mirroring through the
    // centre (0); on an even by odd board the first player wins (a domino in the middle, then
    // mirroring).
    for (rows, cols) in [(2, 2), (2, 4), (4, 4), (2, 6)] {
        assert_eq!(nim(rows, cols), 0, "{rows}x{cols}");
    }
    for (rows, cols) in [(2, 3), (3, 4), (2, 5)] {
        assert_ne!(nim(rows, cols), 0, "{rows}x{cols}");
    }
    // A 1xn strip is Dawson's Kayles as the octal game 0.07 (WW ch. 4): 0 0 1 1 2 0 3 1 1 0 3 3 ...
    let dawson = [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2];
    for (n, &want) in dawson.iter().enumerate() {
        assert_eq!(nim(1, n), want, "1x{n}");
        assert_eq!(nim(n, 1), want, "{n}x1");
    }
}

#[test]
fn notation() {
    assert_eq!(Board::empty(1 << 20, 1 << 20), Err(GridError::TooLarge { rows: 1 << 20, cols: 1 << 20 }));
    assert_eq!(Board::empty(3, 4).unwrap().notation(), "cram[3x4]");
    let b = Board::from_rows(&["..#", "..."]).unwrap();
    assert_eq!(b.notation(), r##"cram["..#", "..."]"##);
    assert_eq!(Board::from_rows(&quoted(&b.notation())).unwrap(), b);
    assert_eq!(b.left_options(), b.right_options());
    assert_eq!(b.options().len(), 5);
}

#[test]
fn grundy_values_agree_with_search() {
    let mut rng = Rng(0x6a09_e667_f3bc_c908);
    let boards: Vec<Board> = (0..300)
        .map(|_| {
            let rows = 1 + rng.below(4);
            let cols = 1 + rng.below(9 / rows);
            let text: Vec<String> =
                (0..rows).map(|_| (0..cols).map(|_| if rng.below(5) == 0 { '#' } else { '.' }).collect()).collect();
            Board::from_rows(&text).unwrap()
        })
        .collect();
    let mut games = Games::new();
    let mut grundy = super::Grundy::default();
    let budget = Budget::unlimited();
    let n = assert_agrees(&mut games, boards.clone(), |games, b| games.nimber(grundy.value(b, &budget).unwrap()));
    assert_eq!(n, 300);
    // The regions also serve the partizan solver.
    assert_eq!(assert_solver_agrees(&mut games, boards.into_iter().take(100)), 100);
}

//! Amazons: small values by hand, notation and moves, and the solver (parts, symmetries,
//! colour swap) against a plain search of the rules with its own move generator on random
//! small boards.

use std::collections::HashMap;

use cgt_core::Budget;
use cgt_core::game::{DisplayStyle, Games};

use super::{Board, Solver};
use crate::grid::{GridError, quoted};
use crate::position::Partizan;
use crate::position::testing::{
    Rows, assert_boards_agree, assert_outcomes_agree, at, plain_stone_moves, plain_value, random_rows, rows_of,
};
use crate::test_rng::Rng;

#[test]
fn small_values() {
    // By hand: on a strip of n empty squares beside her, an amazon alone moves n times (one
    // step, shooting behind), and never more, as each move burns a square.
    assert_eq!(Board::shown(&["x"]), "0");
    assert_eq!(Board::shown(&["x."]), "1");
    assert_eq!(Board::shown(&["x.."]), "2");
    assert_eq!(Board::shown(&["..o"]), "-2");
    // Parts cut apart by burnt squares add up.
    assert_eq!(Board::shown(&["x..", "###", "..o"]), "0");
    assert_eq!(Board::shown(&["x...", "####", "..o#"]), "1");
    assert_eq!(Board::shown(&[""]), "0");
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
    let boards = (0..300).map(|_| random_rows(&mut rng, 3, 7, 7, &['x', 'o', '.', '.', '.', '#']));
    assert_eq!(assert_boards_agree(boards, |text| Board::from_rows(text).unwrap(), &plain_moves), 300);
}

/// The eight queen directions.
const QUEEN: [(isize, isize); 8] = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)];

/// The empty squares a queen at `from` reaches on `rows`: any distance in one of the eight
/// directions, over empty squares only.
fn reach(rows: &Rows, from: (usize, usize)) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for d in QUEEN {
        let mut k = 1;
        while let Some((r, c)) = at(rows, from, d, k).filter(|&(r, c)| rows[r][c] == '.') {
            out.push((r, c));
            k += 1;
        }
    }
    out
}

/// Amazons' moves straight from the rules: an amazon of the mover's moves like a queen, then
/// shoots an arrow like a queen from where it landed (its old square now empty), burning the
/// square the arrow lands on.
fn plain_moves(rows: &Rows, left: bool) -> Vec<Rows> {
    plain_stone_moves(rows, left, |(r, c), me, _| {
        let mut out = Vec::new();
        for to in reach(rows, (r, c)) {
            let mut moved = rows.clone();
            moved[r][c] = '.';
            moved[to.0][to.1] = me;
            for arrow in reach(&moved, to) {
                let mut next = moved.clone();
                next[arrow.0][arrow.1] = '#';
                out.push(next);
            }
        }
        out
    })
}

#[test]
fn own_solver_agrees_with_search_on_random_boards() {
    // Larger boards than above, some with amazons of one colour only (whose parts the solver
    // values by runs of moves), against the plain search from the rules.
    let mut rng = Rng(0x3c1e_7d0a_92b4_f6e5);
    let mut games = Games::new();
    let mut memo = HashMap::new();
    let mut solver = Solver::new();
    let budget = Budget::unlimited();
    let letters: [&[char]; 3] =
        [&['x', 'o', '.', '.', '.', '#'], &['x', 'x', '.', '.', '.', '.', '#'], &['x', 'o', 'o', '.', '.', '.', '.']];
    for i in 0..300 {
        let text = random_rows(&mut rng, 4, 10, 5, letters[i % 3]);
        let want = plain_value(&mut games, &mut memo, &rows_of(&text), &plain_moves);
        let got = solver.value(&mut games, &Board::from_rows(&text).unwrap(), &budget).unwrap();
        assert_eq!(got, want, "{text:?}: {}", games.display(want, DisplayStyle::default()));
    }
    assert!(!solver.is_empty());
}

#[test]
fn own_solver_takes_a_board_too_large_for_masks() {
    // `Board::of` does not check the size: a 1x65 board goes to the generic solver.
    let mut cells = vec!['#'; 65];
    (cells[0], cells[1], cells[63], cells[64]) = ('x', '.', '.', 'o');
    let text: String = cells.into_iter().collect();
    let grid = crate::grid::Grid::parse(&[text], &['.', 'x', 'o', '#']).unwrap();
    let mut games = Games::new();
    let g = Solver::new().value(&mut games, &Board::of(grid), &Budget::unlimited()).unwrap();
    assert_eq!(games.display(g, DisplayStyle::default()), "0");
}

#[test]
fn outcome_search_agrees_with_the_plain_values() {
    let mut rng = Rng(0xa3a2_0e5e_a4c3_0003);
    // Up to 9 squares (the plain values are slow past that), so regions of up to 6 squares
    // are valued by Amazons' own solver and larger ones searched.
    let boards: Vec<Vec<String>> =
        (0..300).map(|_| random_rows(&mut rng, 3, 9, 9, &['x', 'o', '.', '.', '.', '#'])).collect();
    let (checked, searched) = assert_outcomes_agree(
        boards,
        |text| Board::from_rows(text).unwrap(),
        &plain_moves,
        &[0, 3, 6],
        &mut Solver::new(),
    );
    assert_eq!(checked, 300);
    assert!(searched >= 50, "only {searched} boards had a region over 6 squares");
}

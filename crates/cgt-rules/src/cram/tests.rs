//! Cram: known values, notation, and the Grundy values (regions, symmetries) and the partizan
//! solver against a plain search of the rules with its own move generator on random boards.

use cgt_core::Budget;
use cgt_core::game::Games;

use super::Board;
use crate::grid::{GridError, quoted};
use crate::position::Partizan;
use std::collections::HashMap;

use crate::position::testing::{Rows, assert_plain_agrees, at, plain_value, random_rows, rows_of};
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
    // Up to 9 cells, one in five occupied.
    let boards: Vec<(Rows, Board)> = (0..300)
        .map(|_| random_rows(&mut rng, 4, 9, 9, &['#', '.', '.', '.', '.']))
        .map(|text| (rows_of(&text), Board::from_rows(&text).unwrap()))
        .collect();
    let mut games = Games::new();
    let mut grundy = super::Grundy::default();
    let mut memo = HashMap::new();
    let budget = Budget::unlimited();
    for (rows, b) in &boards {
        let want = plain_value(&mut games, &mut memo, rows, &plain_moves);
        assert_eq!(games.nimber(grundy.value(b, &budget).unwrap()), want, "{rows:?}");
    }
    // The regions also serve the partizan solver.
    assert_eq!(assert_plain_agrees(&mut games, boards.into_iter().take(100), &plain_moves), 100);
}

/// Cram's moves straight from the rules: either player covers two free cells next to each
/// other, across or down, with a domino.
fn plain_moves(rows: &Rows, _left: bool) -> Vec<Rows> {
    let mut out = Vec::new();
    for r in 0..rows.len() {
        for c in 0..rows[r].len() {
            for d in [(0, 1), (1, 0)] {
                if rows[r][c] != '.' {
                    continue;
                }
                if let Some((tr, tc)) = at(rows, (r, c), d, 1).filter(|&(tr, tc)| rows[tr][tc] == '.') {
                    let mut next = rows.clone();
                    next[r][c] = '#';
                    next[tr][tc] = '#';
                    out.push(next);
                }
            }
        }
    }
    out
}

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

#[test]
fn is_zero_agrees_with_the_value() {
    // Boards of up to 30 cells, one in six occupied: whether the value is 0, asked of a solver
    // that has valued nothing and of one that has valued the board's regions before.
    let mut rng = Rng(0x3c6e_f372_fe94_f82b);
    let budget = Budget::unlimited();
    let mut valued = super::Grundy::default();
    let (mut zeros, mut others) = (0, 0);
    for _ in 0..150 {
        let text = random_rows(&mut rng, 5, 30, 6, &['#', '.', '.', '.', '.', '.']);
        let board = Board::from_rows(&text).unwrap();
        let value = valued.value(&board, &budget).unwrap();
        assert_eq!(super::Grundy::default().is_zero(&board, &budget).unwrap(), value == 0, "{text:?}");
        assert_eq!(valued.is_zero(&board, &budget).unwrap(), value == 0, "{text:?}");
        if value == 0 { zeros += 1 } else { others += 1 }
    }
    assert!(zeros > 20 && others > 20, "{zeros} {others}");
}

#[test]
fn the_mirror_strategy_on_whole_boards() {
    // Boards that are their own half-turn image, against the plain mex: the second player's
    // mirror (value 0) and the first player's centre domino and mirror (value not 0).
    let mut rng = Rng(0xbb67_ae85_84ca_a73b);
    let mut mex = super::Grundy::by_mex();
    let budget = Budget::unlimited();
    let mut claims = [0; 2];
    for _ in 0..300 {
        let (rows, cols) = (1 + rng.below(4) as usize, 1 + rng.below(5) as usize);
        let n = rows * cols;
        let mut cells = vec![b'#'; n];
        for i in 0..n.div_ceil(2) {
            if rng.below(4) != 0 {
                cells[i] = b'.';
                cells[n - 1 - i] = b'.';
            }
        }
        let text: Vec<String> = cells.chunks(cols).map(|r| String::from_utf8(r.to_vec()).unwrap()).collect();
        let board = Board::from_rows(&text).unwrap();
        let value = mex.value(&board, &budget).unwrap();
        if let Some(zero) = board.by_mirror() {
            assert_eq!(value == 0, zero, "{text:?}");
            claims[usize::from(zero)] += 1;
        }
    }
    assert!(claims[0] > 20 && claims[1] > 50, "{claims:?}");
    // Boards past the pruned search's 64 cells: settled at once.
    let mut grundy = super::Grundy::default();
    for (rows, cols, zero) in [(8, 10, true), (10, 10, true), (9, 10, false), (7, 12, false), (3, 30, false)] {
        let board = Board::empty(rows, cols).unwrap();
        assert_eq!(grundy.is_zero(&board, &budget).unwrap(), zero, "{rows}x{cols}");
    }
    assert_eq!(grundy.value(&Board::empty(8, 10).unwrap(), &budget).unwrap(), 0);
    let mut centre_taken: Vec<String> = (0..9).map(|_| ".".repeat(9)).collect();
    centre_taken[4].replace_range(4..5, "#");
    assert!(grundy.is_zero(&Board::from_rows(&centre_taken).unwrap(), &budget).unwrap());
}

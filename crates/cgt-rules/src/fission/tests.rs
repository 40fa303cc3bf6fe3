//! Fission: the solver (parts, flips, transposes) against a plain memoised search of the rules
//! with its own move generator on random boards, values by hand, and the notation.

use super::Board;
use crate::grid::GridError;
use crate::position::Partizan;
use crate::position::testing::{Rows, assert_boards_agree, assert_searches_agree, at, random_rows};
use crate::test_rng::Rng;

/// Fission's moves straight from the rules, on rows of letters: every stone with two empty
/// squares of the board on either side (above and below for Left, beside it for Right) splits
/// onto them.
fn plain_moves(rows: &Rows, left: bool) -> Vec<Rows> {
    let (dr, dc) = if left { (1, 0) } else { (0, 1) };
    let mut out = Vec::new();
    for r in 0..rows.len() {
        for c in 0..rows[r].len() {
            let empty = |k| at(rows, (r, c), (dr, dc), k).filter(|&(a, b)| rows[a][b] == '.');
            if let (true, Some(before), Some(after)) = (rows[r][c] == 'x', empty(-1), empty(1)) {
                let mut next = rows.clone();
                next[r][c] = '.';
                next[before.0][before.1] = 'x';
                next[after.0][after.1] = 'x';
                out.push(next);
            }
        }
    }
    out
}

#[test]
fn solver_agrees_with_search() {
    let mut rng = Rng(0x510e_527f_ade6_82d1);
    let boards = (0..400).map(|_| random_rows(&mut rng, 4, 16, 6, &['.', '.', '.', 'x', 'x', '#']));
    assert_eq!(assert_boards_agree(boards, |text| Board::from_rows(text).unwrap(), &plain_moves), 400);
}

#[test]
fn values_by_hand() {
    // One split each way, then no stone has two empty squares beside it.
    assert_eq!(Board::shown(&[".", "x", "."]), "1");
    assert_eq!(Board::shown(&[".x."]), "-1");
    assert_eq!(Board::shown(&["x"]), "0");
    assert_eq!(Board::shown(&["#", "x", "."]), "0");
    // The centre of a 3x3 board: Left leaves stones at the top and bottom middle, each of which
    // Right then splits (and Left's reply can never split them again): {-2 | 2} = 0.
    assert_eq!(Board::shown(&["...", ".x.", "..."]), "0");
    // Two parts apart: a sum.
    assert_eq!(Board::shown(&[".#.", "x#x", ".#."]), "2");
}

#[test]
fn notation_and_options() {
    assert_eq!(Board::from_rows(&["x.", "x"]), Err(GridError::Ragged { row: 1 }));
    let b = Board::from_rows(&["...", ".x.", "..."]).unwrap();
    assert_eq!(b.notation(), r#"fission["...", ".x.", "..."]"#);
    let left: Vec<String> = b.left_options().iter().map(Partizan::notation).collect();
    assert_eq!(left, [r#"fission[".x.", "...", ".x."]"#]);
    let right: Vec<String> = b.right_options().iter().map(Partizan::notation).collect();
    assert_eq!(right, [r#"fission["...", "x.x", "..."]"#]);
}

#[test]
fn outcome_search_agrees_with_the_plain_values() {
    let mut rng = Rng(0x510e_527f_ade6_82d2);
    let boards: Vec<Vec<String>> =
        (0..300).map(|_| random_rows(&mut rng, 4, 16, 6, &['.', '.', '.', 'x', 'x', '#'])).collect();
    assert_searches_agree(boards, |text| Board::from_rows(text).unwrap(), &plain_moves, 50);
}

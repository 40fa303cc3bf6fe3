//! Ski Jumps: the solver (trimmed rows, mirror images) against a plain memoised search of the
//! rules with its own move generator on random boards, Winning Ways' values, and the notation.

use super::Board;
use crate::grid::GridError;
use crate::position::Partizan;
use crate::position::testing::{Rows, assert_boards_agree, assert_searches_agree, random_rows};
use crate::test_rng::Rng;

/// The moves of one side straight from the rules, on rows of letters: every skier of the side
/// slides 1, 2, ... squares its way while the squares are empty, or off the edge once the rest
/// of the row that way is empty; a jumper (upper case) with an opposing skier directly below
/// and an empty square below that jumps there, and the skier jumped over is written in lower case.
fn moves(rows: &Rows, left: bool) -> Vec<Rows> {
    let (jumper, slipper, foe) = if left { ('L', 'l', ['R', 'r']) } else { ('R', 'r', ['L', 'l']) };
    let width = rows.first().map_or(0, Vec::len) as isize;
    let step: isize = if left { 1 } else { -1 };
    let mut out = Vec::new();
    for r in 0..rows.len() {
        for c in 0..rows[r].len() {
            let piece = rows[r][c];
            if piece != jumper && piece != slipper {
                continue;
            }
            let mut k = 1;
            loop {
                let to = c as isize + k * step;
                let mut next = rows.to_vec();
                next[r][c] = '.';
                if to < 0 || to >= width {
                    out.push(next);
                    break;
                }
                if rows[r][to as usize] != '.' {
                    break;
                }
                next[r][to as usize] = piece;
                out.push(next);
                k += 1;
            }
            if piece == jumper && r + 2 < rows.len() && foe.contains(&rows[r + 1][c]) && rows[r + 2][c] == '.' {
                let mut next = rows.to_vec();
                next[r][c] = '.';
                next[r + 1][c] = rows[r + 1][c].to_ascii_lowercase();
                next[r + 2][c] = piece;
                out.push(next);
            }
        }
    }
    out
}

#[test]
fn solver_agrees_with_search() {
    let mut rng = Rng(0x5e1f_0a7d_13c5_2b99);
    let letters = ['.', '.', '.', '.', '.', '.', 'L', 'R', 'l', 'r'];
    let boards = (0..400).map(|_| random_rows(&mut rng, 3, 15, 5, &letters));
    assert_eq!(assert_boards_agree(boards, |text| Board::from_rows(text).unwrap(), &moves), 400);
}

#[test]
fn winning_ways_values() {
    // Positions of Winning Ways ch. 3 ("Ski-Jumps"), as the cgt-tools crate also checks them.
    // Without a jump to come, each skier is worth its distance from its edge (counting the move
    // off the board): 5 - 3 = 2, and 5 - 8 + 2 = -1.
    assert_eq!(Board::shown(&["...L....", "..R.....", "........"]), "2");
    assert_eq!(Board::shown(&["........", "...l....", ".......R", "........", "......L."]), "-1");
    // A jumper over a skier, and one that may come to be over one.
    assert_eq!(Board::shown(&[".L...", ".R...", "....."]), "5/2");
    assert_eq!(Board::shown(&["...R.", "...L.", "....."]), "-5/2");
    assert_eq!(Board::shown(&["L....", "....R", "....."]), "1/2");
}

#[test]
fn values_by_hand() {
    // One Left skier with two squares to its east: three moves in a row for Left.
    assert_eq!(Board::shown(&["L.."]), "3");
    assert_eq!(Board::shown(&["..r"]), "-3");
    // Blocked by a skier of either side until it moves.
    assert_eq!(Board::shown(&["LR"]), "0");
    // No room to land: the jump needs an empty square of the board below the skier jumped over.
    assert_eq!(Board::shown(&["L", "R"]), "0");
    // Left's options: L off (R remains: -1), or the jump (then L and r each have one move
    // off: 0); Right's: R off (L remains: 1). {-1, 0 | 1} = 1/2.
    assert_eq!(Board::shown(&["L", "R", "."]), "1/2");
    assert_eq!(Board::shown(&[".", "."]), "0");
}

#[test]
fn notation_and_options() {
    assert_eq!(Board::from_rows(&["L.", "R"]), Err(GridError::Ragged { row: 1 }));
    assert!(matches!(Board::from_rows(&["x"]), Err(GridError::BadCell { .. })));
    let b = Board::from_rows(&["L.", "R.", ".."]).unwrap();
    assert_eq!(b.notation(), r#"skijumps["L.", "R.", ".."]"#);
    let left: Vec<String> = b.left_options().iter().map(Partizan::notation).collect();
    assert_eq!(
        left,
        [r#"skijumps[".L", "R.", ".."]"#, r#"skijumps["..", "R.", ".."]"#, r#"skijumps["..", "r.", "L."]"#]
    );
    let right: Vec<String> = b.right_options().iter().map(Partizan::notation).collect();
    assert_eq!(right, [r#"skijumps["L.", "..", ".."]"#]);
}

#[test]
fn outcome_search_agrees_with_the_plain_values() {
    let mut rng = Rng(0x5e1f_0a7d_13c5_2b9a);
    let letters = ['.', '.', '.', '.', '.', 'L', 'R', 'l', 'r'];
    let boards: Vec<Vec<String>> = (0..300).map(|_| random_rows(&mut rng, 3, 15, 5, &letters)).collect();
    assert_searches_agree(boards, |text| Board::from_rows(text).unwrap(), &moves, 50);
}

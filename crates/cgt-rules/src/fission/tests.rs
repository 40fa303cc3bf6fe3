//! Fission: the solver (parts, flips, transposes) against a plain memoised search of the rules
//! with its own move generator on random boards, values by hand, and the notation.

use std::collections::HashMap;

use cgt_core::Budget;
use cgt_core::game::{DisplayStyle, GameId, Games};

use super::Board;
use crate::grid::GridError;
use crate::position::Partizan;
use crate::test_rng::Rng;

/// The value of a whole board, rows of letters, straight from the rules: every stone with two
/// empty squares of the board on either side (above and below for Left, beside it for Right)
/// splits; memoised on the whole board, with no parts, symmetries or negation.
fn plain(games: &mut Games, rows: Vec<Vec<char>>, memo: &mut HashMap<Vec<Vec<char>>, GameId>) -> GameId {
    if let Some(&g) = memo.get(&rows) {
        return g;
    }
    let empty = |rows: &Vec<Vec<char>>, r: isize, c: isize| {
        r >= 0 && c >= 0 && rows.get(r as usize).and_then(|row| row.get(c as usize)) == Some(&'.')
    };
    let mut sides = [Vec::new(), Vec::new()];
    for (side, (dr, dc)) in [(1isize, 0isize), (0, 1)].into_iter().enumerate() {
        for r in 0..rows.len() {
            for c in 0..rows[r].len() {
                let (ri, ci) = (r as isize, c as isize);
                if rows[r][c] == 'x' && empty(&rows, ri - dr, ci - dc) && empty(&rows, ri + dr, ci + dc) {
                    let mut next = rows.clone();
                    next[r][c] = '.';
                    next[(ri - dr) as usize][(ci - dc) as usize] = 'x';
                    next[(ri + dr) as usize][(ci + dc) as usize] = 'x';
                    let g = plain(games, next, memo);
                    sides[side].push(g);
                }
            }
        }
    }
    let g = games.from_options(&sides[0], &sides[1], &Budget::unlimited()).unwrap();
    memo.insert(rows, g);
    g
}

fn shown(rows: &[&str]) -> String {
    let mut games = Games::new();
    let g = Board::from_rows(rows).unwrap().game(&mut games, &Budget::unlimited()).unwrap();
    games.display(g, DisplayStyle::default())
}

#[test]
fn solver_agrees_with_search() {
    let mut rng = Rng(0x510e_527f_ade6_82d1);
    let mut games = Games::new();
    let mut memo = HashMap::new();
    let budget = Budget::unlimited();
    for _ in 0..400 {
        let rows = 1 + rng.below(4) as usize;
        let cols = 1 + rng.below((16 / rows).min(6) as u64) as usize;
        let text: Vec<Vec<char>> = (0..rows)
            .map(|_| (0..cols).map(|_| ['.', '.', '.', 'x', 'x', '#'][rng.below(6) as usize]).collect())
            .collect();
        let want = plain(&mut games, text.clone(), &mut memo);
        let strings: Vec<String> = text.iter().map(|r| r.iter().collect()).collect();
        let got = Board::from_rows(&strings).unwrap().game(&mut games, &budget).unwrap();
        if got != want {
            let (g, w) = (games.display(got, DisplayStyle::default()), games.display(want, DisplayStyle::default()));
            panic!("{strings:?}: solver {g}, search {w}");
        }
    }
}

#[test]
fn values_by_hand() {
    // One split each way, then no stone has two empty squares beside it.
    assert_eq!(shown(&[".", "x", "."]), "1");
    assert_eq!(shown(&[".x."]), "-1");
    assert_eq!(shown(&["x"]), "0");
    assert_eq!(shown(&["#", "x", "."]), "0");
    // The centre of a 3x3 board: Left leaves stones at the top and bottom middle, each of which
    // Right then splits (and Left's reply can never split them again): {-2 | 2} = 0.
    assert_eq!(shown(&["...", ".x.", "..."]), "0");
    // Two parts apart: a sum.
    assert_eq!(shown(&[".#.", "x#x", ".#."]), "2");
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

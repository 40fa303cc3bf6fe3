//! Konane: small values by hand, notation and multiple jumps, and the solver (symmetries,
//! colour swap) against the plain search on random boards.

use super::Board;
use crate::grid::{GridError, quoted};
use crate::position::Partizan;
use crate::position::testing::{
    ORTHOGONAL, Rows, assert_boards_agree, assert_searches_agree, at, plain_stone_moves, random_rows,
};
use crate::test_rng::Rng;

#[test]
fn small_values() {
    // By hand: `xo.` gives Left one jump and Right none (1); `.xo.` is {0|0}.
    assert_eq!(Board::shown(&["xo."]), "1");
    assert_eq!(Board::shown(&[".xo."]), "*");
    assert_eq!(Board::shown(&["xo"]), "0");
    assert_eq!(Board::shown(&["x.o"]), "0");
    // Left stops after one jump (`..xo.`, which is {0|0} = *) or jumps twice (`....x`, 0);
    // Right cannot move: {0, *|} = 1.
    assert_eq!(Board::shown(&["xo.o."]), "1");
}

#[test]
fn notation_and_jumps() {
    assert_eq!(Board::from_rows(&["xo", "o"]), Err(GridError::Ragged { row: 1 }));
    let b = Board::from_rows(&["xo.o.", "....."]).unwrap();
    assert_eq!(b.notation(), r#"konane["xo.o.", "....."]"#);
    let left: Vec<String> = b.left_options().iter().map(|o| quoted(&o.notation())[0].clone()).collect();
    assert_eq!(left, ["..xo.", "....x"]);
    assert!(b.right_options().is_empty());
    assert_eq!(Board::from_rows(&quoted(&b.notation())).unwrap(), b);
}

#[test]
fn solver_agrees_with_search_on_random_boards() {
    let mut rng = Rng(0x3c6e_f372_fe94_f82b);
    let boards = (0..400).map(|_| random_rows(&mut rng, 3, 12, 12, &['x', 'o', '.']));
    assert_eq!(assert_boards_agree(boards, |text| Board::from_rows(text).unwrap(), &plain_moves), 400);
}

/// Konane's moves straight from the rules: a stone of the mover's jumps orthogonally over an
/// adjacent enemy stone onto the empty square beyond, which removes the enemy stone, and may
/// jump again in the same direction; stopping after any jump is a move.
fn plain_moves(rows: &Rows, left: bool) -> Vec<Rows> {
    plain_stone_moves(rows, left, |start, me, enemy| {
        let mut out = Vec::new();
        for d in ORTHOGONAL {
            let mut next = rows.clone();
            let mut from = start;
            loop {
                let over = at(&next, from, d, 1).filter(|&(a, b)| next[a][b] == enemy);
                let onto = at(&next, from, d, 2).filter(|&(a, b)| next[a][b] == '.');
                let (Some(o), Some(t)) = (over, onto) else { break };
                next[from.0][from.1] = '.';
                next[o.0][o.1] = '.';
                next[t.0][t.1] = me;
                out.push(next.clone());
                from = t;
            }
        }
        out
    })
}

#[test]
fn outcome_search_agrees_with_the_plain_values() {
    let mut rng = Rng(0x6b0e_a7e0_0c0e_0002);
    let boards: Vec<Vec<String>> = (0..400).map(|_| random_rows(&mut rng, 3, 12, 12, &['x', 'o', '.'])).collect();
    assert_searches_agree(boards, |text| Board::from_rows(text).unwrap(), &plain_moves, 100);
}

//! Hot Clobber and Kings: the solver against a plain memoised search of the rules with its own
//! move generator on random boards, and values by hand.

use std::collections::HashMap;

use cgt_core::Budget;
use cgt_core::game::{DisplayStyle, GameId, Games};

use super::{Board, Variant};
use crate::position::Partizan;
use crate::test_rng::Rng;

/// The value of a whole board straight from the rules: a stone of the mover moves onto a stone
/// next to it (Hot: orthogonally, either colour; Kings: any of eight directions, the enemy's),
/// leaving its square empty; memoised on the whole board, with no groups or symmetries.
fn plain(
    games: &mut Games,
    hot: bool,
    rows: Vec<Vec<char>>,
    memo: &mut HashMap<(bool, Vec<Vec<char>>), GameId>,
) -> GameId {
    if let Some(&g) = memo.get(&(hot, rows.clone())) {
        return g;
    }
    let mut sides = [Vec::new(), Vec::new()];
    for (side, (me, enemy)) in [('x', 'o'), ('o', 'x')].into_iter().enumerate() {
        for r in 0..rows.len() {
            for c in 0..rows[r].len() {
                if rows[r][c] != me {
                    continue;
                }
                for dr in -1isize..=1 {
                    for dc in -1isize..=1 {
                        let diagonal = dr != 0 && dc != 0;
                        if (dr, dc) == (0, 0) || (hot && diagonal) {
                            continue;
                        }
                        let (tr, tc) = (r as isize + dr, c as isize + dc);
                        let Some(&t) = rows.get(tr as usize).and_then(|row| row.get(tc as usize)) else { continue };
                        if tr < 0 || tc < 0 || !(t == enemy || (hot && t == me)) {
                            continue;
                        }
                        let mut next = rows.clone();
                        next[r][c] = '.';
                        next[tr as usize][tc as usize] = me;
                        let g = plain(games, hot, next, memo);
                        sides[side].push(g);
                    }
                }
            }
        }
    }
    let g = games.from_options(&sides[0], &sides[1], &Budget::unlimited()).unwrap();
    memo.insert((hot, rows), g);
    g
}

fn shown(variant: Variant, rows: &[&str]) -> String {
    let mut games = Games::new();
    let g = Board::from_rows(variant, rows).unwrap().game(&mut games, &Budget::unlimited()).unwrap();
    games.display(g, DisplayStyle::default())
}

#[test]
fn solver_agrees_with_search() {
    let mut rng = Rng(0x9b05_688c_2b3e_6c1f);
    let mut games = Games::new();
    let mut memo = HashMap::new();
    let budget = Budget::unlimited();
    for i in 0..400 {
        let (variant, hot) = if i % 2 == 0 { (Variant::Hot, true) } else { (Variant::Kings, false) };
        let rows = 1 + rng.below(3) as usize;
        let cols = 1 + rng.below((9 / rows).min(5) as u64) as usize;
        let text: Vec<Vec<char>> =
            (0..rows).map(|_| (0..cols).map(|_| ['.', 'x', 'o', 'x', 'o'][rng.below(5) as usize]).collect()).collect();
        let want = plain(&mut games, hot, text.clone(), &mut memo);
        let strings: Vec<String> = text.iter().map(|r| r.iter().collect()).collect();
        let got = Board::from_rows(variant, &strings).unwrap().game(&mut games, &budget).unwrap();
        if got != want {
            let (g, w) = (games.display(got, DisplayStyle::default()), games.display(want, DisplayStyle::default()));
            panic!("{variant:?} {strings:?}: solver {g}, search {w}");
        }
    }
}

#[test]
fn values_by_hand() {
    // Hot Clobber: `xx` gives Left two moves to a lone stone, Right none: {0|} = 1.
    assert_eq!(shown(Variant::Hot, &["xx"]), "1");
    // `xo`: either player captures, leaving one stone (no moves): {0|0} = *.
    assert_eq!(shown(Variant::Hot, &["xo"]), "*");
    // Kings: diagonal neighbours capture, `x.` over `.o` is {0|0}; in Clobber it would be 0.
    assert_eq!(shown(Variant::Kings, &["x.", ".o"]), "*");
    assert_eq!(shown(Variant::Kings, &["x.o"]), "0");
}

#[test]
fn notation_and_options() {
    let b = Board::from_rows(Variant::Hot, &["xxo"]).unwrap();
    assert_eq!(b.notation(), r#"hotclobber["xxo"]"#);
    let left: Vec<String> = b.left_options().iter().map(Partizan::notation).collect();
    assert_eq!(left, [r#"hotclobber[".xo"]"#, r#"hotclobber["x.o"]"#, r#"hotclobber["x.x"]"#]);
    let k = Board::from_rows(Variant::Kings, &["x.", ".o"]).unwrap();
    let right: Vec<String> = k.right_options().iter().map(Partizan::notation).collect();
    assert_eq!(right, [r#"kings["o.", ".."]"#]);
}

//! Hot Clobber and Kings: the solver against a plain memoised search of the rules with its own
//! move generator on random boards, and values by hand.

use std::collections::HashMap;

use cgt_core::Budget;
use cgt_core::game::{DisplayStyle, GameId, Games};

use super::{Hot, Kings, Rules, Variant};
use crate::grid::stones::{StoneRules, Stones};
use crate::position::Partizan;
use crate::position::testing::{Rows, assert_searches_agree, random_rows};
use crate::test_rng::Rng;

/// The moves of one side of a variant straight from the rules, on rows of letters: a stone of
/// the mover moves onto a stone along one of its variant's steps (Hot: orthogonally, either
/// colour; Kings: any of eight directions; Knights: a knight's move; Rooks and Queens: sliding
/// over empty squares to the first stone, the enemy's), leaving its square empty.
fn plain_moves(v: Variant, rows: &Rows, left: bool) -> Vec<Rows> {
    let hot = v == Variant::Hot;
    // Every step (dr, dc) with |dr|, |dc| <= 2, kept by the variant's own test.
    let allowed = |dr: isize, dc: isize| match v {
        Variant::Hot | Variant::Rooks => dr.abs() + dc.abs() == 1,
        Variant::Kings | Variant::Queens => dr.abs() <= 1 && dc.abs() <= 1 && (dr, dc) != (0, 0),
        Variant::Knights => dr.abs() * dc.abs() == 2,
    };
    let slides = matches!(v, Variant::Rooks | Variant::Queens);
    let (me, enemy) = if left { ('x', 'o') } else { ('o', 'x') };
    let mut out = Vec::new();
    for r in 0..rows.len() {
        for c in 0..rows[r].len() {
            if rows[r][c] != me {
                continue;
            }
            for dr in -2isize..=2 {
                for dc in -2isize..=2 {
                    if !allowed(dr, dc) {
                        continue;
                    }
                    let at = |k: isize| {
                        let (tr, tc) = (r as isize + k * dr, c as isize + k * dc);
                        if tr < 0 || tc < 0 {
                            return None;
                        }
                        rows.get(tr as usize)
                            .and_then(|row| row.get(tc as usize))
                            .map(|&t| (tr as usize, tc as usize, t))
                    };
                    let mut k = 1;
                    while slides && at(k).is_some_and(|(_, _, t)| t == '.') {
                        k += 1;
                    }
                    let Some((tr, tc, t)) = at(k) else { continue };
                    if !(t == enemy || (hot && t == me)) {
                        continue;
                    }
                    let mut next = rows.clone();
                    next[r][c] = '.';
                    next[tr][tc] = me;
                    out.push(next);
                }
            }
        }
    }
    out
}

/// The value of a whole board straight from the rules ([`plain_moves`]), memoised on the whole
/// board, with no groups or symmetries.
fn plain(games: &mut Games, v: Variant, rows: Rows, memo: &mut HashMap<(Variant, Rows), GameId>) -> GameId {
    if let Some(&g) = memo.get(&(v, rows.clone())) {
        return g;
    }
    let mut sides = [Vec::new(), Vec::new()];
    for (side, left) in [true, false].into_iter().enumerate() {
        for next in plain_moves(v, &rows, left) {
            let g = plain(games, v, next, memo);
            sides[side].push(g);
        }
    }
    let g = games.from_options(&sides[0], &sides[1], &Budget::unlimited()).unwrap();
    memo.insert((v, rows), g);
    g
}

/// The solver's value of a board of the variant.
fn value<S: AsRef<str>>(variant: Variant, rows: &[S], games: &mut Games) -> GameId {
    fn of<R: StoneRules, S: AsRef<str>>(rows: &[S], games: &mut Games) -> GameId {
        Stones::<R>::from_rows(rows).unwrap().game(games, &Budget::unlimited()).unwrap()
    }
    match variant {
        Variant::Hot => of::<Rules<0>, S>(rows, games),
        Variant::Kings => of::<Rules<1>, S>(rows, games),
        Variant::Knights => of::<Rules<2>, S>(rows, games),
        Variant::Rooks => of::<Rules<3>, S>(rows, games),
        Variant::Queens => of::<Rules<4>, S>(rows, games),
    }
}

fn shown(variant: Variant, rows: &[&str]) -> String {
    let mut games = Games::new();
    let g = value(variant, rows, &mut games);
    games.display(g, DisplayStyle::default())
}

#[test]
fn solver_agrees_with_search() {
    let mut rng = Rng(0x9b05_688c_2b3e_6c1f);
    let mut games = Games::new();
    let mut memo = HashMap::new();
    for i in 0..500 {
        let variant = [Variant::Hot, Variant::Kings, Variant::Knights, Variant::Rooks, Variant::Queens][i % 5];
        let rows = 1 + rng.below(3) as usize;
        let cols = 1 + rng.below((9 / rows).min(5) as u64) as usize;
        let text: Vec<Vec<char>> =
            (0..rows).map(|_| (0..cols).map(|_| ['.', 'x', 'o', 'x', 'o'][rng.below(5) as usize]).collect()).collect();
        let want = plain(&mut games, variant, text.clone(), &mut memo);
        let strings: Vec<String> = text.iter().map(|r| r.iter().collect()).collect();
        let got = value(variant, &strings, &mut games);
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
    // Knights: `x` and `o` a knight's move apart capture each other: {0|0}.
    assert_eq!(shown(Variant::Knights, &["x..", "..o"]), "*");
    assert_eq!(shown(Variant::Knights, &["xo"]), "0");
    // Rooks and Queens slide: `x..o` is {0|0}; a diagonal only for Queens.
    assert_eq!(shown(Variant::Rooks, &["x..o"]), "*");
    assert_eq!(shown(Variant::Rooks, &["x..", "...", "..o"]), "0");
    assert_eq!(shown(Variant::Queens, &["x..", "...", "..o"]), "*");
    // The first stone met stops the slide: Left's `x` cannot reach past its own stone.
    assert_eq!(shown(Variant::Rooks, &["xxo"]), "^");
}

#[test]
fn notation_and_options() {
    let b = Hot::from_rows(&["xxo"]).unwrap();
    assert_eq!(b.notation(), r#"hotclobber["xxo"]"#);
    let left: Vec<String> = b.left_options().iter().map(Partizan::notation).collect();
    assert_eq!(left, [r#"hotclobber[".xo"]"#, r#"hotclobber["x.o"]"#, r#"hotclobber["x.x"]"#]);
    let k = Kings::from_rows(&["x.", ".o"]).unwrap();
    let right: Vec<String> = k.right_options().iter().map(Partizan::notation).collect();
    assert_eq!(right, [r#"kings["o.", ".."]"#]);
}

#[test]
fn outcome_search_agrees_with_the_plain_values() {
    /// Boards of up to 10 cells of the variant `v` (rules `R`), at least 20 of them with a
    /// region over 6 cells.
    fn check<R: StoneRules>(v: Variant, rng: &mut Rng) {
        let boards: Vec<Vec<String>> =
            (0..100).map(|_| random_rows(rng, 4, 10, 5, &['.', '.', 'x', 'o', 'x', 'o'])).collect();
        assert_searches_agree(
            boards,
            |text| Stones::<R>::from_rows(text).unwrap(),
            &|rows, left| plain_moves(v, rows, left),
            20,
        );
    }
    let mut rng = Rng(0x7c0b_be55_a11e_0003);
    check::<Rules<0>>(Variant::Hot, &mut rng);
    check::<Rules<1>>(Variant::Kings, &mut rng);
    check::<Rules<2>>(Variant::Knights, &mut rng);
    check::<Rules<3>>(Variant::Rooks, &mut rng);
    check::<Rules<4>>(Variant::Queens, &mut rng);
}

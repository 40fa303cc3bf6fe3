//! Toads and Frogs: published values, notation, frozen pieces, and the solver (splitting at
//! frozen runs, mirror images) against a plain search of the rules with its own move generator
//! on random strips.

use cgt_core::Budget;
use cgt_core::game::{DisplayStyle, Games};

use super::Strip;
use crate::grid::{GridError, quoted};
use crate::position::testing::assert_plain_agrees;
use crate::position::{Partizan, Tabled};
use crate::test_rng::Rng;

fn shown(text: &str) -> String {
    let mut games = Games::new();
    let g = Strip::parse(text).unwrap().game(&mut games, &Budget::unlimited()).unwrap();
    games.display(g, DisplayStyle::default())
}

#[test]
fn published_values() {
    // docs/src/cgsuite.md; WW ch. 1 and Lessons in Play ch. 1 give these small positions.
    assert_eq!(shown("TT.F"), "{1/2|0}");
    assert_eq!(shown("T.F"), "*");
    assert_eq!(shown("TF"), "0");
    assert_eq!(shown("T."), "1");
    assert_eq!(shown(""), "0");
}

#[test]
fn notation_and_options() {
    assert_eq!(Strip::parse("TT.x"), Err(GridError::BadCell { row: 0, offset: 3, letter: 'x' }));
    assert_eq!(Strip::parse(&"T".repeat(300)), Err(GridError::TooLarge { rows: 1, cols: 300 }));
    let s = Strip::parse("TT.F").unwrap();
    assert_eq!(s.notation(), r#"toads["TT.F"]"#);
    let left: Vec<String> = s.left_options().iter().map(Partizan::notation).collect();
    assert_eq!(left, [r#"toads["T.TF"]"#]);
    let right: Vec<String> = s.right_options().iter().map(Partizan::notation).collect();
    assert_eq!(right, [r#"toads["TTF."]"#]);
    assert_eq!(Strip::parse(&quoted(&s.notation())[0]).unwrap(), s);
    assert_eq!(Strip::parse(&quoted(&Strip::parse("").unwrap().notation())[0]).unwrap(), Strip::parse("").unwrap());
}

#[test]
fn frozen_runs_split_the_strip() {
    let words = |s: &str| -> Vec<String> { Strip::parse(s).unwrap().regions().iter().map(Strip::word).collect() };
    assert_eq!(words("T.FTTFF.T.F"), ["T.F", ".T.F"]);
    assert_eq!(words("FF.T..TT"), [".T.."]);
    assert_eq!(words("TF.TF"), ["TF.TF"]);
    assert_eq!(words("TTFF"), Vec::<String>::new());
}

#[test]
fn solver_agrees_with_search_on_random_strips() {
    let mut rng = Rng(0x0dd_ba11_cafe_f00d);
    let strips: Vec<(Vec<char>, Strip)> = (0..400)
        .map(|_| {
            let text: String = (0..rng.below(8)).map(|_| ['T', 'F', '.', 'T', 'F'][rng.below(5) as usize]).collect();
            (text.chars().collect(), Strip::parse(&text).unwrap())
        })
        .collect();
    let mut games = Games::new();
    let moves = |s: &Vec<char>, left: bool| plain_moves(s, left);
    assert_eq!(assert_plain_agrees(&mut games, strips, &moves), 400);
    // Frozen runs between random pieces: the splitting at work.
    let mut piece = |n: u64| -> String { (0..rng.below(n)).map(|_| ['T', 'F', '.'][rng.below(3) as usize]).collect() };
    let split: Vec<(Vec<char>, Strip)> = (0..200)
        .map(|i| {
            let wall = ["TTFF", "TTTFF", "TTFFF", "TF"][i % 4];
            let text = format!("{}{wall}{}", piece(5), piece(3));
            (text.chars().collect(), Strip::parse(&text).unwrap())
        })
        .collect();
    assert_eq!(assert_plain_agrees(&mut games, split, &moves), 200);
}

/// Toads and Frogs' moves straight from the rules: a toad `T` (Left) moves one square right
/// onto an empty square, or jumps right over one frog onto the empty square beyond; a frog `F`
/// (Right) likewise leftwards over a toad.
fn plain_moves(strip: &[char], left: bool) -> Vec<Vec<char>> {
    let (me, other, step) = if left { ('T', 'F', 1) } else { ('F', 'T', -1) };
    let cell = |i: usize, k: isize| i.checked_add_signed(k * step).filter(|&j| j < strip.len());
    let mut out = Vec::new();
    for i in (0..strip.len()).filter(|&i| strip[i] == me) {
        let onto = match cell(i, 1) {
            Some(j) if strip[j] == '.' => Some(j),
            Some(j) if strip[j] == other => cell(i, 2).filter(|&k| strip[k] == '.'),
            _ => None,
        };
        if let Some(j) = onto {
            let mut next = strip.to_vec();
            next[i] = '.';
            next[j] = me;
            out.push(next);
        }
    }
    out
}

//! Push and Shove: the published value, notation and moves, and the solver (cropping, colour
//! swap) against a plain search of the rules with its own move generator on random strips.

use cgt_core::Budget;
use cgt_core::game::{DisplayStyle, Games};

use super::{PushRule, Strip};
use crate::grid::{GridError, quoted};
use crate::position::Partizan;
use crate::position::testing::assert_plain_agrees;
use crate::test_rng::Rng;

fn shown(rule: PushRule, text: &str) -> String {
    let mut games = Games::new();
    let g = Strip::parse(rule, text).unwrap().game(&mut games, &Budget::unlimited()).unwrap();
    games.display(g, DisplayStyle::default())
}

#[test]
fn published_values() {
    // docs/src/cgsuite.md (CGSuite's Push).
    assert_eq!(shown(PushRule::Push, "xo.xo.xo.xo"), "-183/32");
    assert_eq!(shown(PushRule::Push, "x"), "1");
    assert_eq!(shown(PushRule::Shove, "..x"), "3");
    assert_eq!(shown(PushRule::Shove, ""), "0");
}

#[test]
fn notation_and_moves() {
    assert_eq!(Strip::parse(PushRule::Push, "x-o"), Err(GridError::BadCell { row: 0, offset: 1, letter: '-' }));
    let s = Strip::parse(PushRule::Push, "ox.xxo").unwrap();
    assert_eq!(s.notation(), r#"push["ox.xxo"]"#);
    let left: Vec<String> = s.left_options().iter().map(Strip::word).collect();
    assert_eq!(left, ["x..xxo", "oxx.xo", "oxxx.o"]);
    let right: Vec<String> = s.right_options().iter().map(Strip::word).collect();
    assert_eq!(right, [".x.xxo", "oxxxo."]);
    let s = Strip::parse(PushRule::Shove, "ox.xxo").unwrap();
    let left: Vec<String> = s.left_options().iter().map(Strip::word).collect();
    assert_eq!(left, ["x..xxo", "x.x.xo", "x.xx.o"]);
    assert_eq!(Strip::parse(PushRule::Shove, &quoted(&s.notation())[0]).unwrap(), s);
}

#[test]
fn solver_agrees_with_search_on_random_strips() {
    let mut rng = Rng(0x7f4a_7c15_9e37_79b9);
    let mut games = Games::new();
    for rule in [PushRule::Push, PushRule::Shove] {
        let strips: Vec<(Vec<char>, Strip)> = (0..200)
            .map(|_| {
                let text: String = (0..rng.below(6)).map(|_| ['x', 'o', '.', '.'][rng.below(4) as usize]).collect();
                (text.chars().collect(), Strip::parse(rule, &text).unwrap())
            })
            .collect();
        let moves = |s: &Vec<char>, left: bool| plain_moves(rule, s, left);
        assert_eq!(assert_plain_agrees(&mut games, strips, &moves), 200);
    }
}

/// Push's and Shove's moves straight from the rules: a piece of the mover's moves one square
/// left; in Push the pieces in an unbroken run touching it on the left move with it, in Shove
/// every piece to its left does; a piece moved off the left end falls off.
fn plain_moves(rule: PushRule, strip: &[char], left: bool) -> Vec<Vec<char>> {
    let me = if left { 'x' } else { 'o' };
    let mut out = Vec::new();
    for n in (0..strip.len()).filter(|&n| strip[n] == me) {
        // The leftmost piece that moves with the one at `n`.
        let mut first = n;
        while first > 0 && (rule == PushRule::Shove || strip[first - 1] != '.') {
            first -= 1;
        }
        let mut next = strip.to_vec();
        next[first..=n].fill('.');
        for i in (first..=n).filter(|&i| i > 0 && strip[i] != '.') {
            next[i - 1] = strip[i];
        }
        out.push(next);
    }
    out
}

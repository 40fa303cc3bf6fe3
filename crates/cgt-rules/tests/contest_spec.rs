//! The contest rulesets' values from docs/src/howto/contest.md, through the public API as the evaluator uses it.

use cgt_core::Budget;
use cgt_rules::boxes::parse_pile;
use cgt_rules::deque::{self, End};
use cgt_rules::graph::{self, Graph, GraphOutcome};
use cgt_rules::nim::{self, Period};
use cgt_rules::octal::OctalCode;
use cgt_rules::subtraction::{SubtractionGame, TakeMove};
use cgt_rules::{fair, moore};
use num_bigint::BigUint;

fn heaps(xs: &[u64]) -> Vec<BigUint> {
    xs.iter().map(|&x| BigUint::from(x)).collect()
}

#[test]
fn nim_and_moore() {
    assert_eq!(nim::nim_sum(&heaps(&[3, 4, 5])), BigUint::from(2u32));
    let position = heaps(&[22, 11, 42, 23, 19]);
    assert_eq!(moore::is_p_position(&position, 3), Ok(false));
    let changes = moore::winning_move(&position, 3).unwrap().unwrap();
    let mut after = position.clone();
    changes.iter().for_each(|c| after[c.heap] = c.to.clone());
    assert!(changes.len() <= 3 && changes.iter().all(|c| c.to < c.from));
    assert_eq!(moore::is_p_position(&after, 3), Ok(true));
}

#[test]
fn stones() {
    let budget = Budget::unlimited();
    let game = SubtractionGame::new(&[1, 2, 3]).unwrap();
    let table = game.grundy_table(1_000_000, &budget).unwrap();
    assert_eq!(table.sum(&[22]), Ok(2));
    assert_eq!(game.winning_move(&table, &[22]), Ok(Some(TakeMove { heap: 0, take: 2 })));
}

#[test]
fn octal_periods() {
    let budget = Budget::unlimited();
    let period = |code: &OctalCode| code.period(100_000, &budget).unwrap();
    assert_eq!(period(&OctalCode::kayles()), Some(Period { preperiod: 71, period: 12 }));
    assert_eq!(period(&OctalCode::dawson()), Some(Period { preperiod: 53, period: 34 }));
    assert_eq!(period(&OctalCode::parse("0.137").unwrap()), Some(Period { preperiod: 52, period: 34 }));
    let chess = OctalCode::parse("0.137").unwrap().grundy_table(100_000, &budget).unwrap();
    assert_eq!(chess.sum(&[5, 7]), Ok(chess.value(5).unwrap() ^ chess.value(7).unwrap()));
}

#[test]
fn deque_graph_fair() {
    let budget = Budget::unlimited();
    let s = deque::solve(&[10, 80, 90, 30], &budget).unwrap();
    assert_eq!((s.difference, s.first_move), (10, Some(End::Right)));

    let g = Graph::new(&[1], &[(1, 2), (2, 3), (3, 1), (3, 4)]);
    let out = graph::outcomes(&g, &budget).unwrap();
    assert!(matches!(out[g.index(1).unwrap()], GraphOutcome::Win { .. }));

    let piles = |words: &[&str]| words.iter().map(|w| parse_pile(w).unwrap()).collect::<Vec<_>>();
    assert_eq!(fair::fairest(&piles(&["B", "W", "WB", "WB"]), &budget).unwrap().boxes, 5);
    assert_eq!(fair::fairest(&piles(&["B", "W", "WB", "WB", "BWW", "BWW"]), &budget).unwrap().boxes, 10);
}

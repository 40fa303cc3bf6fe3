//! Toppling Dominoes: the values of docs/src/tutorial/outcomes.md, the engine against plain search from
//! the rules on every row up to length 8, and outcomes of differences against a win/loss search.

use std::collections::HashMap;

use cgt_core::Budget;
use cgt_core::game::{Comparison, DisplayStyle, GameId, Games};

use super::{Domino, Position, Toppling, parse_row, row_word};

const ALL: [Domino; 3] = [Domino::Black, Domino::White, Domino::Green];

fn shown(text: &str) -> String {
    let mut games = Games::new();
    let g = Position::parse(text).unwrap().game(&mut games, &Budget::unlimited()).unwrap();
    games.display(g, DisplayStyle::default())
}

#[test]
fn spec_values() {
    for (text, want) in [
        ("BW", "*"),
        ("BWWB", "^"),
        ("BBBBWWWW", "+-3"),
        ("BBBBBBBB", "8"),
        ("BWBWBWBWB", "1/16"),
        ("BWBWBWBW", "*4"),
        ("BW.BW", "0"),
        ("_", "0"),
        ("G", "*"),
        ("B", "1"),
        ("WBBW", "v"),
    ] {
        assert_eq!(shown(text), want, "toppling[{text}]");
    }
}

#[test]
fn parse_errors_and_notation() {
    assert_eq!(Position::parse("BW.BX"), Err(super::BadDomino { offset: 4, letter: 'X' }));
    let p = Position::parse("BW").unwrap();
    let left: Vec<String> = p.left_options().iter().map(Position::to_notation).collect();
    assert_eq!(left, ["toppling[W]", "0"]);
    let right: Vec<String> = p.right_options().iter().map(Position::to_notation).collect();
    assert_eq!(right, ["0", "toppling[B]"]);
    let p = Position::parse("BGW.B").unwrap();
    let left: Vec<String> = p.left_options().iter().map(Position::to_notation).collect();
    assert_eq!(left, ["toppling[GW.B]", "toppling[B]", "toppling[W.B]", "toppling[B.B]", "toppling[BGW]"]);
}

/// Plain search from the rules: each row from its options, memoised on the exact row only.
fn by_rules(games: &mut Games, memo: &mut HashMap<Vec<Domino>, GameId>, row: &[Domino]) -> GameId {
    if let Some(&g) = memo.get(row) {
        return g;
    }
    let budget = Budget::unlimited();
    let mut sides = [Vec::new(), Vec::new()];
    for (side, left) in sides.iter_mut().zip([true, false]) {
        for (i, d) in row.iter().enumerate() {
            if d.playable(left) {
                side.push(by_rules(games, memo, &row[..i]));
                side.push(by_rules(games, memo, &row[i + 1..]));
            }
        }
    }
    let g = games.from_options(&sides[0], &sides[1], &budget).unwrap();
    memo.insert(row.to_vec(), g);
    g
}

/// Every row of length `n`.
fn rows(n: usize) -> impl Iterator<Item = Vec<Domino>> {
    (0..3usize.pow(n as u32)).map(move |mut code| {
        (0..n)
            .map(|_| {
                let d = ALL[code % 3];
                code /= 3;
                d
            })
            .collect()
    })
}

#[test]
fn every_row_up_to_8_agrees_with_the_rules() {
    let budget = Budget::unlimited();
    let mut games = Games::new();
    let mut memo = HashMap::new();
    let mut shared = Toppling::new();
    let mut count = 0;
    for n in 0..=8 {
        for (i, row) in rows(n).enumerate() {
            let want = by_rules(&mut games, &mut memo, &row);
            assert_eq!(shared.row_game(&mut games, &row, &budget).unwrap(), want, "{}", row_word(&row));
            if i % 37 == 0 {
                let fresh = Toppling::new().row_game(&mut games, &row, &budget).unwrap();
                assert_eq!(fresh, want, "{}", row_word(&row));
            }
            // Swapping the colours negates the value.
            let swapped: Vec<Domino> = row.iter().map(|&d| swap(d)).collect();
            let neg = games.neg(want, &budget).unwrap();
            assert_eq!(by_rules(&mut games, &mut memo, &swapped), neg);
            count += 1;
        }
    }
    assert_eq!(count, (3usize.pow(9) - 1) / 2);
}

fn swap(d: Domino) -> Domino {
    match d {
        Domino::Black => Domino::White,
        Domino::White => Domino::Black,
        Domino::Green => Domino::Green,
    }
}

/// Whether the player to move wins a sum of rows, by plain win/loss search.
fn first_player_wins(rows: &[Vec<Domino>], left: bool, memo: &mut HashMap<(Vec<Vec<Domino>>, bool), bool>) -> bool {
    let mut key: Vec<Vec<Domino>> = rows.iter().filter(|r| !r.is_empty()).cloned().collect();
    key.sort();
    if let Some(&w) = memo.get(&(key.clone(), left)) {
        return w;
    }
    let p = Position { rows: key.clone() };
    let options = if left { p.left_options() } else { p.right_options() };
    let wins = options.iter().any(|o| !first_player_wins(&o.rows, !left, memo));
    memo.insert((key, left), wins);
    wins
}

/// For random pairs of rows A and B, how the values compare must match who wins A - B (B with
/// the colours swapped) with either player starting.
#[test]
fn comparisons_agree_with_win_loss_search() {
    let budget = Budget::unlimited();
    let mut games = Games::new();
    let mut table = Toppling::new();
    let mut memo = HashMap::new();
    let mut rng = crate::test_rng::Rng(0x853c_49e6_748f_ea9b);
    let mut next = |n: u64| rng.below(n);
    for _ in 0..400 {
        let (la, lb) = (1 + next(5), 1 + next(5));
        let a: Vec<Domino> = (0..la).map(|_| ALL[next(3) as usize]).collect();
        let b: Vec<Domino> = (0..lb).map(|_| ALL[next(3) as usize]).collect();
        let (ga, gb) =
            (table.row_game(&mut games, &a, &budget).unwrap(), table.row_game(&mut games, &b, &budget).unwrap());
        let minus_b: Vec<Domino> = b.iter().map(|&d| swap(d)).collect();
        let sum = [a.clone(), minus_b];
        let left_first = first_player_wins(&sum, true, &mut memo);
        let right_first = first_player_wins(&sum, false, &mut memo);
        let want = match (left_first, right_first) {
            (true, false) => Comparison::Greater,
            (false, true) => Comparison::Less,
            (false, false) => Comparison::Equal,
            (true, true) => Comparison::Confused,
        };
        assert_eq!(games.compare(ga, gb, &budget).unwrap(), want, "{} vs {}", row_word(&a), row_word(&b));
    }
}

#[test]
fn rows_parse() {
    assert_eq!(parse_row("_").unwrap(), Vec::<Domino>::new());
    assert_eq!(row_word(&parse_row("BGW").unwrap()), "BGW");
}

//! `explain`'s winning moves (docs/src/reference/functions.md) on random small positions of Clobber, Toads and Frogs
//! and Domineering, alone and in sums of two: each named move is checked to be a legal move of
//! the named term (by the rules in cgt-rules) and its result to be a win for the mover by plain
//! search from the rules (`cgt_rules::position::search`, no table, no splitting); each claim
//! that a player has no winning move is checked against every move; and the editor's path
//! (`Config::details`, the statement report's explanation) names the same moves.

use cgt_core::{Budget, GameId, Games};
use cgt_eval::{Config, evaluate};
use cgt_rules::position::{Partizan, search};
use cgt_testkit::Rng;

/// A position of one of the rulesets under test.
#[derive(Clone)]
enum Pos {
    Clobber(cgt_rules::clobber::Board),
    Toads(cgt_rules::toads::Strip),
    Domineering(cgt_rules::domineering::Board),
}

impl Pos {
    fn random(rng: &mut Rng) -> Pos {
        let word = |rng: &mut Rng, letters: &[char], len: usize| -> String {
            (0..len).map(|_| *rng.pick(letters).unwrap()).collect()
        };
        match rng.below(3) {
            0 => {
                let (rows, cols) = (1 + rng.index(2), 2 + rng.index(3));
                let rows: Vec<String> = (0..rows).map(|_| word(rng, &['x', 'o', 'o', 'x', '.'], cols)).collect();
                Pos::Clobber(cgt_rules::clobber::Board::from_rows(&rows).unwrap())
            }
            1 => {
                let len = 3 + rng.index(4);
                Pos::Toads(cgt_rules::toads::Strip::parse(&word(rng, &['T', 'F', '.', '.'], len)).unwrap())
            }
            _ => {
                let (rows, cols) = (1 + rng.index(3), 2 + rng.index(2));
                let rows: Vec<String> = (0..rows).map(|_| word(rng, &['.', '.', '.', '#'], cols)).collect();
                Pos::Domineering(cgt_rules::domineering::Board::from_rows(&rows).unwrap())
            }
        }
    }

    fn notation(&self) -> String {
        match self {
            Pos::Clobber(p) => p.notation(),
            Pos::Toads(p) => p.notation(),
            Pos::Domineering(p) => p.notation(),
        }
    }

    /// The player's moves, each written in notation, with its value by plain search.
    fn moves(&self, left: bool, games: &mut Games) -> Vec<(String, GameId)> {
        fn each<P: Partizan>(ps: Vec<P>, games: &mut Games) -> Vec<(String, GameId)> {
            let b = Budget::unlimited();
            ps.into_iter().map(|p| (p.notation(), search(games, p, &b).unwrap())).collect()
        }
        match (self, left) {
            (Pos::Clobber(p), true) => each(p.left_options(), games),
            (Pos::Clobber(p), false) => each(p.right_options(), games),
            (Pos::Toads(p), true) => each(p.left_options(), games),
            (Pos::Toads(p), false) => each(p.right_options(), games),
            (Pos::Domineering(p), true) => each(p.left_options(), games),
            (Pos::Domineering(p), false) => each(p.right_options(), games),
        }
    }

    fn value(&self, games: &mut Games) -> GameId {
        let b = Budget::unlimited();
        match self {
            Pos::Clobber(p) => search(games, p.clone(), &b).unwrap(),
            Pos::Toads(p) => search(games, p.clone(), &b).unwrap(),
            Pos::Domineering(p) => search(games, p.clone(), &b).unwrap(),
        }
    }
}

/// What the explanation says for one player.
#[derive(Debug, PartialEq)]
enum Claim {
    /// `in term i` (0 for a single position), from, to.
    Wins(usize, String, String),
    NoWinningMove,
    NoMove,
}

/// The claim about `who` in the explanation's lines.
fn claim(lines: &[&str], who: &str) -> Claim {
    let ours = |l: &&&str| ["wins", "has"].iter().any(|w| l.trim_start().starts_with(&format!("{who} {w} ")));
    let line = lines.iter().find(ours).unwrap_or_else(|| panic!("no {who} line in {lines:?}"));
    let line = line.trim_start();
    if line == format!("{who} has no move") {
        return Claim::NoMove;
    }
    if line.starts_with(&format!("{who} has no winning move moving first")) {
        return Claim::NoWinningMove;
    }
    let rest = line.strip_prefix(&format!("{who} wins moving first: ")).unwrap_or_else(|| panic!("{line}"));
    let (term, rest) = match rest.strip_prefix("in term ") {
        Some(r) => {
            let (n, r) = r.split_once(", ").unwrap();
            (n.parse::<usize>().unwrap(), r)
        }
        None => (0, rest),
    };
    let quoted: Vec<&str> = rest.split('`').collect();
    Claim::Wins(term, quoted[1].to_string(), quoted[3].to_string())
}

/// Checks the claims of `explain` on the sum of `terms` against the rules and search.
fn check(terms: &[Pos], rng_seed: u64) {
    let src: Vec<String> = terms.iter().map(Pos::notation).collect();
    let src = src.join(" + ");
    let reports = evaluate(&format!("explain({src})"), &Config::default());
    let text = reports[0].value.clone().unwrap_or_else(|| panic!("{src}: {:?}", reports[0].diagnostics));
    let lines: Vec<&str> = text.lines().collect();
    // The hover's explanation (the statement report) names the same moves.
    let details = Config { details: true, ..Config::default() };
    let hover = evaluate(&src, &details);
    let hover_lines: Vec<&str> = hover[0].explanation.iter().map(String::as_str).collect();
    let mut games = Games::new();
    let b = Budget::unlimited();
    let values: Vec<GameId> = terms.iter().map(|t| t.value(&mut games)).collect();
    let mut total = games.zero();
    for &v in &values {
        total = games.add(total, v, &b).unwrap();
    }
    for (who, left) in [("Left", true), ("Right", false)] {
        let said = claim(&lines, who);
        assert_eq!(said, claim(&hover_lines, who), "{src}: the hover differs");
        // Every move of the sum, by term, with the value of the sum after it.
        let mut all = Vec::new();
        for (i, t) in terms.iter().enumerate() {
            let rest = games.sub(total, values[i], &b).unwrap();
            for (to, v) in t.moves(left, &mut games) {
                let after = games.add(rest, v, &b).unwrap();
                let zero = games.zero();
                let wins = if left { games.leq(zero, after, &b).unwrap() } else { games.leq(after, zero, &b).unwrap() };
                all.push((i, to, wins));
            }
        }
        match said {
            Claim::NoMove => assert!(all.is_empty(), "{src} (seed {rng_seed}): {who} has moves"),
            Claim::NoWinningMove => {
                assert!(!all.is_empty(), "{src}: {who} has no move at all");
                assert!(all.iter().all(|(_, _, w)| !w), "{src} (seed {rng_seed}): {who} has a winning move");
            }
            Claim::Wins(term, from, to) => {
                let i = if terms.len() == 1 { 0 } else { term - 1 };
                assert_eq!(from, terms[i].notation(), "{src}: the term named");
                let found = all.iter().find(|(j, t, _)| *j == i && *t == to);
                let (_, _, wins) = found.unwrap_or_else(|| panic!("{src}: {to} is not a {who} move of term {term}"));
                assert!(wins, "{src} (seed {rng_seed}): {who}'s move to {to} does not win");
            }
        }
    }
}

#[test]
fn winning_moves_of_single_positions_are_legal_and_win() {
    let mut rng = Rng::new(0x5eed_0001);
    for i in 0..60 {
        let p = Pos::random(&mut rng);
        check(&[p], i);
    }
}

#[test]
fn winning_moves_of_sums_name_the_term_and_win() {
    let mut rng = Rng::new(0x5eed_0002);
    for i in 0..40 {
        let (a, b) = (Pos::random(&mut rng), Pos::random(&mut rng));
        check(&[a, b], i);
    }
}

//! The sides of Backsliding Toads and Frogs (toads may also step back left, frogs right),
//! built here from the rules with its own move generator: CGSuite's published value of
//! `TTT..FFF`, `{on||0|-1/2} & {1/2|0||off}`, checked by the sides' defining property (G + X
//! and S + X have the same results for many test games X when every infinite play is Left's,
//! G + X and T + X when it is Right's, by a naive fixpoint over the states written here) and
//! by the computed sides; the sides of the smaller boards by the same property.

use std::collections::HashMap;

use cgt_core::loopy::graph::{LoopyGraph, PlayResult, Player};
use cgt_core::loopy::sides::Sided;
use cgt_core::loopy::stopper::Stopper;
use cgt_core::{Budget, DisplayStyle, Dyadic, Games};

/// The moves of `p` from the board `s`: Left's toads (T) step right onto an empty square or
/// jump one frog, or step back left; Right's frogs (F) likewise leftwards and back.
fn backsliding_moves(s: &[u8], p: Player) -> Vec<Vec<u8>> {
    let (me, you, dir): (u8, u8, isize) = if p == Player::Left { (b'T', b'F', 1) } else { (b'F', b'T', -1) };
    let mut out = Vec::new();
    let at = |i: isize| if i >= 0 && (i as usize) < s.len() { Some(s[i as usize]) } else { None };
    for i in 0..s.len() as isize {
        if s[i as usize] != me {
            continue;
        }
        let mut go = |to: isize| {
            let mut t = s.to_vec();
            t.swap(i as usize, to as usize);
            out.push(t);
        };
        if at(i + dir) == Some(b'.') {
            go(i + dir);
        }
        if at(i + dir) == Some(you) && at(i + 2 * dir) == Some(b'.') {
            go(i + 2 * dir);
        }
        if at(i - dir) == Some(b'.') {
            go(i - dir);
        }
    }
    out
}

/// The graph of every board reachable from `start`; the start is position 0.
fn backsliding_graph(start: &str) -> LoopyGraph {
    let mut ids: HashMap<Vec<u8>, usize> = HashMap::from([(start.as_bytes().to_vec(), 0)]);
    let mut boards = vec![start.as_bytes().to_vec()];
    let mut g = LoopyGraph::default();
    g.add_position();
    let mut head = 0;
    while head < boards.len() {
        let b = boards[head].clone();
        for p in [Player::Left, Player::Right] {
            for t in backsliding_moves(&b, p) {
                let w = *ids.entry(t.clone()).or_insert_with(|| {
                    boards.push(t);
                    g.add_position()
                });
                g.add_option(p, head, w).unwrap();
            }
        }
        head += 1;
    }
    g
}

/// Results (Left starts, Right starts) of state 0 of a game on states `0..n` by the
/// definition, iterated to a fixpoint; a play that never ends goes to `infinite`.
fn naive_result(
    n: usize,
    options: impl Fn(Player, usize) -> Vec<usize>,
    infinite: PlayResult,
) -> (PlayResult, PlayResult) {
    let wins = |p: Player| if p == Player::Left { PlayResult::LeftWins } else { PlayResult::RightWins };
    let idx = |p: Player, v: usize| 2 * v + usize::from(p == Player::Right);
    let mut r: Vec<Option<PlayResult>> = vec![None; 2 * n];
    let mut changed = true;
    while changed {
        changed = false;
        for v in 0..n {
            for p in [Player::Left, Player::Right] {
                if r[idx(p, v)].is_some() {
                    continue;
                }
                let next: Vec<Option<PlayResult>> = options(p, v).iter().map(|&w| r[idx(p.other(), w)]).collect();
                let new = if next.contains(&Some(wins(p))) {
                    Some(wins(p))
                } else if next.iter().all(|&x| x == Some(wins(p.other()))) {
                    Some(wins(p.other()))
                } else {
                    None
                };
                if new.is_some() {
                    r[idx(p, v)] = new;
                    changed = true;
                }
            }
        }
    }
    (r[0].unwrap_or(infinite), r[1].unwrap_or(infinite))
}

/// The results of `a + b` (positions 0) with every infinite play going to `infinite`.
fn sum_result(a: &LoopyGraph, b: &LoopyGraph, infinite: PlayResult) -> (PlayResult, PlayResult) {
    let nb = b.len();
    let options = |p: Player, s: usize| -> Vec<usize> {
        let (x, y) = (s / nb, s % nb);
        let mut out: Vec<usize> = a.options(p, x).iter().map(|&x2| x2 * nb + y).collect();
        out.extend(b.options(p, y).iter().map(|&y2| x * nb + y2));
        out
    };
    naive_result(a.len() * nb, options, infinite)
}

/// Test games X: short games, the named stoppers and their negatives.
fn test_games(games: &mut Games) -> Vec<LoopyGraph> {
    let budget = Budget::unlimited();
    let mut xs = Vec::new();
    let num = |games: &mut Games, n: i64, e: u64| games.number(&Dyadic::new(n, e));
    let zero = games.zero();
    let star = games.nimber(1);
    let up = games.from_options(&[zero], &[star], &budget).unwrap();
    let (one, m_one) = (num(games, 1, 0), num(games, -1, 0));
    let pm1 = games.from_options(&[one], &[m_one], &budget).unwrap();
    let shorts = [num(games, 0, 0), num(games, 1, 1), one, num(games, 2, 0), star, up, pm1];
    for x in shorts {
        let g = LoopyGraph::from_short(games, x, &budget).unwrap();
        xs.push(g.negated());
        xs.push(g);
    }
    for s in [Stopper::on(games), Stopper::over(games), Stopper::upon(games)] {
        xs.push(s.graph().negated());
        xs.push(s.graph().clone());
    }
    xs
}

/// `{on||0|-1/2}`, written out: position 0 has the Left option on (Left passes forever) and the
/// Right option `{0|-1/2}`.
fn published_onside(games: &mut Games) -> LoopyGraph {
    let budget = Budget::unlimited();
    let mut g = LoopyGraph::default();
    let (root, on, right) = (g.add_position(), g.add_position(), g.add_position());
    g.add_option(Player::Left, on, on).unwrap();
    g.add_option(Player::Left, root, on).unwrap();
    g.add_option(Player::Right, root, right).unwrap();
    let zero = games.zero();
    let m_half = games.number(&Dyadic::new(-1, 1));
    let z = g.add_short(games, zero, &budget).unwrap();
    let h = g.add_short(games, m_half, &budget).unwrap();
    g.add_option(Player::Left, right, z).unwrap();
    g.add_option(Player::Right, right, h).unwrap();
    g
}

/// Whether S and T meet the defining property of the onside and offside of g against `xs`
/// (and -S, -T).
fn are_sides(g: &LoopyGraph, s: &LoopyGraph, t: &LoopyGraph, xs: &[LoopyGraph]) -> bool {
    let own = [s.negated(), t.negated()];
    xs.iter().chain(&own).all(|x| {
        sum_result(g, x, PlayResult::LeftWins) == sum_result(s, x, PlayResult::LeftWins)
            && sum_result(g, x, PlayResult::RightWins) == sum_result(t, x, PlayResult::RightWins)
    })
}

#[test]
fn backsliding_toads_and_frogs_has_cgsuites_published_value() {
    let mut games = Games::new();
    let xs = test_games(&mut games);
    let g = backsliding_graph("TTT..FFF");
    assert_eq!(g.len(), 560);
    // The published sides, by the definition alone; the offside `{1/2|0||off}` is the
    // negative of the onside.
    let on = published_onside(&mut games);
    let off = on.negated();
    assert!(are_sides(&g, &on, &off, &xs));
    // A wrong value fails the same check: `{on||0|-1}` for the onside.
    let mut wrong = on.clone();
    let m_one = games.number(&Dyadic::new(-1, 0));
    let w = wrong.add_short(&mut games, m_one, &Budget::unlimited()).unwrap();
    // Position 2 is `{0|-1/2}`; with -1 also Right's it is `{0|-1}`.
    wrong.add_option(Player::Right, 2, w).unwrap();
    assert!(!are_sides(&g, &wrong, &off, &xs));
}

#[test]
fn backsliding_toads_and_frogs_sides_meet_their_definition() {
    let mut games = Games::new();
    let xs = test_games(&mut games);
    let budget = Budget::unlimited();
    // The values printed are this program's (regression values); the definition checks them.
    for (start, value) in [("TT..F", "on"), ("T..F", "*"), ("TT..FF", "*")] {
        let g = backsliding_graph(start);
        let s = Sided::new(&g, 0, &budget).unwrap();
        assert_eq!(s.display(&mut games, DisplayStyle::default(), &budget).unwrap(), value, "{start}");
        assert!(are_sides(&g, s.onside().graph(), s.offside().graph(), &xs), "{start}");
    }
}

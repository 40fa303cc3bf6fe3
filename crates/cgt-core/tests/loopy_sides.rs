//! Sides of loopy games against the definitions: CGSuite's documented sided values (`dud`,
//! `a{1||a|0}` = `2 & +-1`, ...), Bach's Carousel refused, the side order against the survival
//! order on stoppers, and on random small loopy games the computed onside S and offside T
//! checked by outcomes: G + X and S + X have the same outcomes when every infinite play is
//! Left's, G + X and T + X when every infinite play is Right's, for many test games X (among
//! them -S and -T), by a naive fixpoint over the states written here; outcome classes and sums
//! against the game graph.

use cgt_core::loopy::graph::{LoopyGraph, PlayResult, Player, outcome_class};
use cgt_core::loopy::sides::{Side, Sided, SidesError, side_leq};
use cgt_core::loopy::stopper::{Stopper, is_stopper};
use cgt_core::{Budget, Comparison, DisplayStyle, Dyadic, GameId, Games};
use cgt_testkit::Rng;

/// An option in a hand-written graph: a position of the graph or a short game.
#[derive(Clone, Copy)]
enum Opt {
    P(usize),
    S(GameId),
}

/// The graph whose position i has the options `spec[i]`; the game is position 0.
fn build(games: &mut Games, spec: &[(Vec<Opt>, Vec<Opt>)]) -> LoopyGraph {
    let budget = Budget::unlimited();
    let mut g = LoopyGraph::default();
    spec.iter().for_each(|_| {
        g.add_position();
    });
    for (v, (left, right)) in spec.iter().enumerate() {
        for (p, side) in [(Player::Left, left), (Player::Right, right)] {
            for o in side {
                let w = match *o {
                    Opt::P(w) => w,
                    Opt::S(x) => g.add_short(games, x, &budget).unwrap(),
                };
                g.add_option(p, v, w).unwrap();
            }
        }
    }
    g
}

fn num(games: &mut Games, n: i64) -> GameId {
    games.number(&Dyadic::new(n, 0))
}

fn text(games: &mut Games, s: &Sided) -> String {
    s.display(games, DisplayStyle::default(), &Budget::unlimited()).unwrap()
}

fn sides_text(games: &mut Games, spec: &[(Vec<Opt>, Vec<Opt>)]) -> String {
    let g = build(games, spec);
    let s = Sided::new(&g, 0, &Budget::unlimited()).unwrap();
    text(games, &s)
}

#[test]
fn cgsuite_documented_sided_values() {
    use Opt::*;
    let mut games = Games::new();
    let (zero, one, star) = (games.zero(), num(&mut games, 1), games.nimber(1));
    // dud = {pass | pass} = on & off, printed dud.
    assert_eq!(sides_text(&mut games, &[(vec![P(0)], vec![P(0)])]), "dud");
    // a{1 || a | 0} = 2 & +-1.
    let spec = [(vec![S(one)], vec![P(1)]), (vec![P(0)], vec![S(zero)])];
    assert_eq!(sides_text(&mut games, &spec), "2 & +-1");
    // a{{| a} |} = 1 & 0 (CGSuite's SidedValueTestCase).
    assert_eq!(sides_text(&mut games, &[(vec![P(1)], vec![]), (vec![], vec![P(0)])]), "1 & 0");
    // {0 | {dud |}, *} = ^ & v*.
    let spec = [(vec![S(zero)], vec![P(1), S(star)]), (vec![P(2)], vec![]), (vec![P(2)], vec![P(2)])];
    assert_eq!(sides_text(&mut games, &spec), "^ & v*");
    // on + off = dud.
    let budget = Budget::unlimited();
    let on = Sided::from_stopper(Stopper::on(&mut games));
    let off = Sided::from_stopper(Stopper::off(&mut games));
    let sum = on.add(&off, &budget).unwrap();
    assert_eq!(text(&mut games, &sum), "dud");
    // A stopper's sides are the stopper: over = over & over, printed over.
    let g = build(&mut games, &[(vec![S(zero)], vec![P(0)])]);
    assert_eq!(text(&mut games, &Sided::new(&g, 0, &budget).unwrap()), "over");
}

#[test]
fn bachs_carousel_has_no_stopper_sides() {
    use Opt::*;
    let mut games = Games::new();
    let (zero, one, star) = (games.zero(), num(&mut games, 1), games.nimber(1));
    let one_star = games.add(one, star, &Budget::unlimited()).unwrap();
    // a{0, {1 | 1, {*, {1* | 1*, a} | *}} | 0} (WW ch. 11; CGSuite's loopy-games tutorial).
    let spec = [
        (vec![S(zero), P(1)], vec![S(zero)]),
        (vec![S(one)], vec![S(one), P(2)]),
        (vec![S(star), P(3)], vec![S(star)]),
        (vec![S(one_star)], vec![S(one_star), P(0)]),
    ];
    let g = build(&mut games, &spec);
    let r = Sided::new(&g, 0, &Budget::unlimited());
    assert!(matches!(r, Err(SidesError::NotStopperSided(_))), "{r:?}");
}

/// Results (Left starts, Right starts) of every state of a game on states `0..n` by the
/// definition, iterated to a fixpoint; a play that never ends goes to `infinite`.
fn naive_results(
    n: usize,
    options: impl Fn(Player, usize) -> Vec<usize>,
    infinite: PlayResult,
) -> Vec<(PlayResult, PlayResult)> {
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
    let get = |s: usize| r[s].unwrap_or(infinite);
    (0..n).map(|v| (get(2 * v), get(2 * v + 1))).collect()
}

/// The results of `a + b` (positions 0) with every infinite play going to `infinite`.
fn sum_results(a: &LoopyGraph, b: &LoopyGraph, infinite: PlayResult) -> (PlayResult, PlayResult) {
    let nb = b.len();
    let options = |p: Player, s: usize| -> Vec<usize> {
        let (x, y) = (s / nb, s % nb);
        let mut out: Vec<usize> = a.options(p, x).iter().map(|&x2| x2 * nb + y).collect();
        out.extend(b.options(p, y).iter().map(|&y2| x * nb + y2));
        out
    };
    naive_results(a.len() * nb, options, infinite)[0]
}

fn random_loopy(rng: &mut Rng, max: u64, density: u64) -> LoopyGraph {
    let n = 1 + rng.below(max) as usize;
    let side = |rng: &mut Rng| -> Vec<Vec<usize>> {
        (0..n).map(|_| (0..rng.below(density + 1)).map(|_| rng.below(n as u64) as usize).collect()).collect()
    };
    let left = side(rng);
    let right = side(rng);
    LoopyGraph::new(left, right).unwrap()
}

/// Test games X: short games, the named stoppers and small random stoppers.
fn test_games(games: &mut Games, rng: &mut Rng) -> Vec<LoopyGraph> {
    let budget = Budget::unlimited();
    let mut xs = Vec::new();
    let zero = games.zero();
    let shorts = [-2i64, -1, 0, 1, 2].map(|k| num(games, k));
    let star = games.nimber(1);
    let up = games.from_options(&[zero], &[star], &budget).unwrap();
    let one = num(games, 1);
    let pm1 = games.from_options(&[one], &[shorts[1]], &budget).unwrap();
    let half = games.from_options(&[zero], &[one], &budget).unwrap();
    for x in shorts.into_iter().chain([star, up, pm1, half]) {
        let g = LoopyGraph::from_short(games, x, &budget).unwrap();
        xs.push(g.negated());
        xs.push(g);
    }
    for s in [Stopper::on(games), Stopper::over(games), Stopper::upon(games)] {
        xs.push(s.graph().negated());
        xs.push(s.graph().clone());
    }
    while xs.len() < 36 {
        let g = random_loopy(rng, 3, 2);
        if is_stopper(&g, 0) {
            xs.push(g.reachable(0).0);
        }
    }
    xs
}

fn on_results(a: &LoopyGraph, b: &LoopyGraph) -> (PlayResult, PlayResult) {
    sum_results(a, b, PlayResult::LeftWins)
}

fn off_results(a: &LoopyGraph, b: &LoopyGraph) -> (PlayResult, PlayResult) {
    sum_results(a, b, PlayResult::RightWins)
}

#[test]
fn random_sides_meet_their_definition() {
    let mut games = Games::new();
    let mut rng = Rng(0x51de_5eed);
    let budget = Budget::unlimited();
    let xs = test_games(&mut games, &mut rng);
    let (mut sided, mut refused, mut two_sided) = (0, 0, 0);
    for _ in 0..150 {
        let g = random_loopy(&mut rng, 4, 2).reachable(0).0;
        let s = match Sided::new(&g, 0, &budget) {
            Ok(s) => s,
            Err(SidesError::NotStopperSided(_)) => {
                refused += 1;
                continue;
            }
            Err(e) => panic!("{e}"),
        };
        sided += 1;
        two_sided += usize::from(s.as_stopper(&budget).unwrap().is_none());
        let (on, off) = (s.onside().graph(), s.offside().graph());
        // S >= T, as for every sided value.
        assert!(s.offside().leq(s.onside(), &budget).unwrap(), "{g:?}");
        let own = [on.negated(), off.negated()];
        for x in xs.iter().chain(&own) {
            assert_eq!(on_results(&g, x), on_results(on, x), "onside of {g:?} against {x:?}");
            assert_eq!(off_results(&g, x), off_results(off, x), "offside of {g:?} against {x:?}");
        }
        let class = outcome_class(&g, 0, &budget).unwrap().unwrap();
        assert_eq!(s.outcome_class(&budget).unwrap(), class, "{g:?}");
    }
    assert!(
        sided >= 100 && two_sided >= 30,
        "{sided} games were sided ({two_sided} with two sides), {refused} refused"
    );
}

#[test]
fn sums_of_sided_values_match_the_sum_graph() {
    let mut rng = Rng(0xadd5_1de5);
    let budget = Budget::unlimited();
    let mut checked = 0;
    for _ in 0..120 {
        let (a, b) = (random_loopy(&mut rng, 3, 2), random_loopy(&mut rng, 3, 2));
        let (Ok(sa), Ok(sb)) = (Sided::new(&a, 0, &budget), Sided::new(&b, 0, &budget)) else { continue };
        let graph = a.sum(0, &b, 0, &budget).unwrap();
        let Ok(direct) = Sided::new(&graph, 0, &budget) else { continue };
        let added = sa.add(&sb, &budget).unwrap();
        assert_eq!(added.compare(&direct, &budget).unwrap(), Comparison::Equal, "{a:?} + {b:?}");
        let class = outcome_class(&graph, 0, &budget).unwrap().unwrap();
        assert_eq!(added.outcome_class(&budget).unwrap(), class, "{a:?} + {b:?}");
        checked += 1;
    }
    assert!(checked >= 60, "{checked}");
}

#[test]
fn the_side_order_on_stoppers_is_the_survival_order() {
    let mut rng = Rng(0x0de2);
    let budget = Budget::unlimited();
    let mut stoppers = Vec::new();
    while stoppers.len() < 25 {
        let g = random_loopy(&mut rng, 4, 2);
        if is_stopper(&g, 0) {
            stoppers.push(g.reachable(0).0);
        }
    }
    let mut seen = [0usize; 2];
    for a in &stoppers {
        for b in &stoppers {
            let sa = Stopper::new(a, 0, &budget).unwrap();
            let sb = Stopper::new(b, 0, &budget).unwrap();
            let want = sa.leq(&sb, &budget).unwrap();
            seen[usize::from(want)] += 1;
            for side in [Side::On, Side::Off] {
                assert_eq!(side_leq(a, 0, b, 0, side, &budget).unwrap(), want, "{a:?} <= {b:?} ({side:?})");
            }
        }
    }
    assert!(seen[0] > 50 && seen[1] > 50, "{seen:?}");
}

//! Sides of loopy games against the definitions: CGSuite's documented sided values (`dud`,
//! `a{1||a|0}` = `2 & +-1`, its SidedValue test cases, Bach's Carousel printed as CGSuite prints
//! it), the side order against the survival order on stoppers, and on random small loopy games
//! (and random games whose sides are not stoppers) the computed onside S and offside T checked
//! by outcomes: G + X and S + X have the same outcomes when every infinite play is Left's,
//! G + X and T + X when every infinite play is Right's, for many test games X (among them -S
//! and -T), by a naive fixpoint over the states written here; outcome classes and sums against
//! the game graph; sides that are not stoppers are minimal (no option can be deleted).

use cgt_core::loopy::graph::{LoopyGraph, LoopyOutcome, PlayResult, Player, outcome_class};
use cgt_core::loopy::sides::{Side, Sided, side_leq};
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

/// The printed value, whether both sides are stoppers, and the outcome class.
fn sided_facts(games: &mut Games, spec: &[(Vec<Opt>, Vec<Opt>)]) -> (String, bool, LoopyOutcome) {
    let budget = Budget::unlimited();
    let g = build(games, spec);
    let s = Sided::new(&g, 0, &budget).unwrap();
    let class = s.outcome_class(&budget).unwrap();
    assert_eq!(Some(class), outcome_class(&g, 0, &budget).unwrap(), "{g:?}");
    (text(games, &s), s.is_stopper_sided(), class)
}

/// a{0, {1 | 1, {*, {1* | 1*, a} | *}} | 0} (WW ch. 11; CGSuite's SidedValueTestCase).
fn carousel_spec(games: &mut Games) -> Vec<(Vec<Opt>, Vec<Opt>)> {
    use Opt::*;
    let (zero, one, star) = (games.zero(), num(games, 1), games.nimber(1));
    let one_star = games.add(one, star, &Budget::unlimited()).unwrap();
    vec![
        (vec![S(zero), P(1)], vec![S(zero)]),
        (vec![S(one)], vec![S(one), P(2)]),
        (vec![S(star), P(3)], vec![S(star)]),
        (vec![S(one_star)], vec![S(one_star), P(0)]),
    ]
}

#[test]
fn cgsuite_sided_value_test_cases() {
    use LoopyOutcome::{D, N, NHat, PHat};
    use Opt::*;
    let mut games = Games::new();
    let (zero, star) = (games.zero(), games.nimber(1));
    // CGSuite's SidedValueTestCase: input, output, IsStopperSided, OutcomeClass.
    let dud = [(vec![P(0)], vec![P(0)])];
    assert_eq!(sided_facts(&mut games, &dud), ("dud".to_string(), true, D));
    let one_zero = [(vec![P(1)], vec![]), (vec![], vec![P(0)])];
    assert_eq!(sided_facts(&mut games, &one_zero), ("1 & 0".to_string(), true, PHat));
    let spec = [(vec![S(zero)], vec![P(1), S(star)]), (vec![P(2)], vec![]), (vec![P(2)], vec![P(2)])];
    assert_eq!(sided_facts(&mut games, &spec), ("^ & v*".to_string(), true, NHat));
    let carousel = carousel_spec(&mut games);
    let want = "a{1|1,{1*|a||*}||0} & a{0,{1|||1*|a||*}|0}".to_string();
    assert_eq!(sided_facts(&mut games, &carousel), (want, false, N));
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
fn bachs_carousel_sides_are_cgsuites_and_not_stoppers() {
    let mut games = Games::new();
    let budget = Budget::unlimited();
    let spec = carousel_spec(&mut games);
    let g = build(&mut games, &spec);
    let s = Sided::new(&g, 0, &budget).unwrap();
    assert!(s.onside().as_stopper().is_none() && s.offside().as_stopper().is_none());
    let style = DisplayStyle::default();
    assert_eq!(s.onside().display(&mut games, style, &budget).unwrap(), "a{1|1,{1*|a||*}||0}");
    assert_eq!(s.offside().display(&mut games, style, &budget).unwrap(), "a{0,{1|||1*|a||*}|0}");
    // -(S & T) = -T & -S.
    assert_eq!(text(&mut games, &s.neg()), "a{0|0,{*||a|-1*|||-1}} & a{0||-1,{*||a|-1*}|-1}");
    // G + 1 from the sides against the sides of the graph of the sum; G against 0.
    let one = num(&mut games, 1);
    let one = Stopper::from_short(&mut games, one, &budget).unwrap();
    let sum = s.add(&Sided::from_stopper(one.clone()), &budget).unwrap();
    let graph = g.sum(0, one.graph(), 0, &budget).unwrap();
    let direct = Sided::new(&graph, 0, &budget).unwrap();
    assert_eq!(sum.compare(&direct, &budget).unwrap(), Comparison::Equal);
    assert_eq!(text(&mut games, &sum), text(&mut games, &direct));
    assert_eq!(Some(sum.outcome_class(&budget).unwrap()), outcome_class(&graph, 0, &budget).unwrap());
    let zero = games.zero();
    let zero = Sided::from_stopper(Stopper::from_short(&mut games, zero, &budget).unwrap());
    assert_eq!(s.compare(&zero, &budget).unwrap(), Comparison::Confused);
    assert_eq!(text(&mut games, &sum), "a{2|2,{2*|a||1*}||1} & a{1,{2|||2*|a||1*}|1}");
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
    let (mut sided, mut two_sided) = (0, 0);
    for _ in 0..150 {
        let g = random_loopy(&mut rng, 4, 2).reachable(0).0;
        let s = Sided::new(&g, 0, &budget).unwrap();
        sided += 1;
        two_sided += usize::from(s.as_stopper(&budget).unwrap().is_none());
        // S >= T, as for every sided value.
        let (on, off) = (s.onside().as_stopper().unwrap(), s.offside().as_stopper().unwrap());
        assert!(off.leq(on, &budget).unwrap(), "{g:?}");
        check_sides(&g, &s, &xs);
    }
    assert!(sided >= 100 && two_sided >= 30, "{sided} games were sided ({two_sided} with two sides)");
}

/// The sides of `g` meet their definition against the test games `xs` (and their own
/// negatives), and give the outcome class of `g`.
fn check_sides(g: &LoopyGraph, s: &Sided, xs: &[LoopyGraph]) {
    let budget = Budget::unlimited();
    let (on, off) = (s.onside().graph(), s.offside().graph());
    let own = [on.negated(), off.negated()];
    for x in xs.iter().chain(&own) {
        assert_eq!(on_results(g, x), on_results(on, x), "onside of {g:?} against {x:?}");
        assert_eq!(off_results(g, x), off_results(off, x), "offside of {g:?} against {x:?}");
    }
    let class = outcome_class(g, 0, &budget).unwrap().unwrap();
    assert_eq!(s.outcome_class(&budget).unwrap(), class, "{g:?}");
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

/// Bach's Carousel with one or two random options added (a short game, or a move back into
/// the carousel), most of which keep sides that are not stoppers.
fn random_carousel(games: &mut Games, rng: &mut Rng, shorts: &[GameId]) -> LoopyGraph {
    let spec = carousel_spec(games);
    let mut g = build(games, &spec);
    for _ in 0..1 + rng.below(2) {
        let v = rng.below(4) as usize;
        let p = if rng.below(2) == 0 { Player::Left } else { Player::Right };
        let w = match rng.below(4) {
            0 => rng.below(4) as usize,
            _ => g.add_short(games, shorts[rng.below(shorts.len() as u64) as usize], &Budget::unlimited()).unwrap(),
        };
        g.add_option(p, v, w).unwrap();
    }
    g.reachable(0).0
}

/// Deleting any option at a position of a side that reaches an alternating cycle changes the
/// side (the deletion stopped only when no option could go).
fn assert_minimal(g: &LoopyGraph, side: Side) {
    let budget = Budget::unlimited();
    for v in 0..g.len() {
        if is_stopper(g, v) {
            continue;
        }
        for p in [Player::Left, Player::Right] {
            for i in 0..g.options(p, v).len() {
                let mut left: Vec<Vec<usize>> = (0..g.len()).map(|u| g.options(Player::Left, u).to_vec()).collect();
                let mut right: Vec<Vec<usize>> = (0..g.len()).map(|u| g.options(Player::Right, u).to_vec()).collect();
                match p {
                    Player::Left => left[v].remove(i),
                    Player::Right => right[v].remove(i),
                };
                let h = LoopyGraph::new(left, right).unwrap();
                let same =
                    side_leq(g, 0, &h, 0, side, &budget).unwrap() && side_leq(&h, 0, g, 0, side, &budget).unwrap();
                assert!(!same, "{side:?} {g:?}: option {i} of {p:?} at {v} could go");
            }
        }
    }
}

#[test]
fn sides_that_are_not_stoppers_meet_their_definition() {
    let mut games = Games::new();
    let mut rng = Rng(0xca20_05e1);
    let budget = Budget::unlimited();
    let xs = test_games(&mut games, &mut rng);
    let mut shorts: Vec<GameId> = (-2..=2).map(|k| num(&mut games, k)).collect();
    let star = games.nimber(1);
    for k in 0..5 {
        let x = shorts[k];
        shorts.push(games.add(x, star, &budget).unwrap());
    }
    let (mut loopy, mut texts) = (0, std::collections::BTreeSet::new());
    for round in 0..130 {
        let g = random_carousel(&mut games, &mut rng, &shorts);
        let s = Sided::new(&g, 0, &budget).unwrap();
        if s.is_stopper_sided() {
            continue;
        }
        loopy += 1;
        texts.insert(text(&mut games, &s));
        check_sides(&g, &s, &xs);
        if round % 32 == 0 {
            check_plus_one(&mut games, &g, &s);
        }
        if round % 4 == 0 {
            for (form, side) in [(s.onside(), Side::On), (s.offside(), Side::Off)] {
                if form.as_stopper().is_none() {
                    assert_minimal(form.graph(), side);
                }
            }
        }
    }
    assert!(loopy >= 100 && texts.len() >= 20, "{loopy} games with sides not stoppers, {} values", texts.len());
}

/// `G + 1` from the sides of G equals the sides of the graph of the sum, has its outcome class,
/// and is greater than G.
fn check_plus_one(games: &mut Games, g: &LoopyGraph, s: &Sided) {
    let budget = Budget::unlimited();
    let one = num(games, 1);
    let one = Stopper::from_short(games, one, &budget).unwrap();
    let sum = s.add(&Sided::from_stopper(one.clone()), &budget).unwrap();
    let graph = g.sum(0, one.graph(), 0, &budget).unwrap();
    let direct = Sided::new(&graph, 0, &budget).unwrap();
    assert_eq!(sum.compare(&direct, &budget).unwrap(), Comparison::Equal, "{g:?}");
    assert_eq!(Some(sum.outcome_class(&budget).unwrap()), outcome_class(&graph, 0, &budget).unwrap());
    assert_eq!(s.compare(&sum, &budget).unwrap(), Comparison::Less, "{g:?}");
}

//! Stoppers against the definitions: simplest forms equal to the game they came from and unique
//! (equal stoppers print identically), the order against outcomes of sums (G >= H gives every
//! sum G + X an outcome at least that of H + X), short games against the short-game arena, and
//! the named values and printed forms CGSuite gives (on, off, over, under, upon, 5over, ...).

use cgt_core::loopy::graph::{LoopyGraph, Player, results};
use cgt_core::loopy::stopper::{Stopper, StopperError, geq_table, is_stopper};
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

fn num(games: &mut Games, n: i64, d: u32) -> GameId {
    games.number(&Dyadic::new(n, u64::from(d)))
}

fn stopper(games: &mut Games, spec: &[(Vec<Opt>, Vec<Opt>)]) -> Stopper {
    Stopper::new(&build(games, spec), 0, &Budget::unlimited()).unwrap()
}

fn text(games: &mut Games, s: &Stopper) -> String {
    s.display(games, DisplayStyle::default(), &Budget::unlimited()).unwrap()
}

fn short(games: &mut Games, x: GameId) -> Stopper {
    Stopper::from_short(games, x, &Budget::unlimited()).unwrap()
}

#[test]
fn named_stoppers_print_as_cgsuite_does() {
    let mut games = Games::new();
    let budget = Budget::unlimited();
    let on = Stopper::on(&mut games);
    let off = Stopper::off(&mut games);
    let over = Stopper::over(&mut games);
    let under = Stopper::under(&mut games);
    let upon = Stopper::upon(&mut games);
    for (s, want) in [(&on, "on"), (&off, "off"), (&over, "over"), (&under, "under"), (&upon, "^[on]")] {
        assert_eq!(text(&mut games, s), want);
    }
    assert_eq!(text(&mut games, &upon.neg()), "v[on]");
    let unicode = upon.display(&mut games, DisplayStyle { unicode: true }, &budget).unwrap();
    assert_eq!(unicode, "↑[on]");
    // over + 5 = 5over; {pass | 3/2} = 3/2under; its negative -3/2over.
    let five = num(&mut games, 5, 0);
    let five = short(&mut games, five);
    let five_over = over.add(&five, &budget).unwrap();
    assert_eq!(text(&mut games, &five_over), "5over");
    let x = num(&mut games, 3, 1);
    let three_halves_under = stopper(&mut games, &[(vec![Opt::P(0)], vec![Opt::S(x)])]);
    assert_eq!(text(&mut games, &three_halves_under), "3/2under");
    assert_eq!(text(&mut games, &three_halves_under.neg()), "-3/2over");
    // {pass | *} is upon; {pass | 1*} is 1^[on]; {pass | *2} is ^[on]*3; {pass, 0 | 0} is ^[on]*.
    let star = games.nimber(1);
    let s = stopper(&mut games, &[(vec![Opt::P(0)], vec![Opt::S(star)])]);
    assert_eq!(text(&mut games, &s), "^[on]");
    let one_star = games.nus(&Dyadic::integer(1), 0, 1);
    let s = stopper(&mut games, &[(vec![Opt::P(0)], vec![Opt::S(one_star)])]);
    assert_eq!(text(&mut games, &s), "1^[on]");
    let star2 = games.nimber(2);
    let s = stopper(&mut games, &[(vec![Opt::P(0)], vec![Opt::S(star2)])]);
    assert_eq!(text(&mut games, &s), "^[on]*3");
    let zero = games.zero();
    let upon_star = stopper(&mut games, &[(vec![Opt::P(0), Opt::S(zero)], vec![Opt::S(zero)])]);
    assert_eq!(text(&mut games, &upon_star), "^[on]*");
    // x{x|0} is under, written with a label.
    let x_under = stopper(&mut games, &[(vec![Opt::P(0)], vec![Opt::S(zero)])]);
    assert_eq!(x_under.compare(&under, &budget).unwrap(), Comparison::Equal);
    // Short games print as short games.
    let half = num(&mut games, 1, 1);
    let s = short(&mut games, half);
    assert_eq!(text(&mut games, &s), "1/2");
}

#[test]
fn general_stoppers_print_with_pass_and_labels() {
    let mut games = Games::new();
    let zero = games.zero();
    let one = num(&mut games, 1, 0);
    let minus_one = num(&mut games, -1, 0);
    // a = {0 | b}, b = {-1 | a} is *: 0 >= b (Right moving first in -b = {-a | 1} must give
    // Left 1), so a reverses out of b through 0, b = {-1 |} = 0 and a = {0 | 0}.
    let g = stopper(&mut games, &[(vec![Opt::S(zero)], vec![Opt::P(1)]), (vec![Opt::S(minus_one)], vec![Opt::P(0)])]);
    assert_eq!(text(&mut games, &g), "*");
    // a = {b | ^}, b = {0 | c}, c = {0 | d}, d = {a | 0}: a cycle through four positions in
    // simplest form, written with a label and nested slashes (three at most, then braces).
    let up = games.nus(&Dyadic::zero(), 1, 0);
    let spec = [
        (vec![Opt::P(1)], vec![Opt::S(up)]),
        (vec![Opt::S(zero)], vec![Opt::P(2)]),
        (vec![Opt::S(zero)], vec![Opt::P(3)]),
        (vec![Opt::P(0)], vec![Opt::S(zero)]),
    ];
    let g = stopper(&mut games, &spec);
    assert_eq!(g.graph().len(), 7);
    assert_eq!(text(&mut games, &g), "a{{0|||0||a|0}|^}");
    // {1 | pass} is 1over, and {on | 1} keeps braces around nothing: {on|1}.
    let on = Stopper::on(&mut games);
    let _ = on;
    let h = stopper(&mut games, &[(vec![Opt::P(1)], vec![Opt::S(one)]), (vec![Opt::P(1)], vec![])]);
    assert_eq!(text(&mut games, &h), "{on|1}");
    // {on | off} is +-on.
    let pm = stopper(
        &mut games,
        &[(vec![Opt::P(1)], vec![Opt::P(2)]), (vec![Opt::P(1)], vec![]), (vec![], vec![Opt::P(2)])],
    );
    assert_eq!(text(&mut games, &pm), "+-on");
}

#[test]
fn dud_and_on_plus_off_are_not_stoppers() {
    let mut games = Games::new();
    let budget = Budget::unlimited();
    let dud = build(&mut games, &[(vec![Opt::P(0)], vec![Opt::P(0)])]);
    assert!(!is_stopper(&dud, 0));
    assert_eq!(Stopper::new(&dud, 0, &budget).unwrap_err(), StopperError::NotStopper);
    let (on, off) = (Stopper::on(&mut games), Stopper::off(&mut games));
    assert_eq!(on.add(&off, &budget).unwrap_err(), StopperError::NotStopper);
    // a{1||a|0}: a = {1 | b}, b = {a | 0} alternates forever (a, b, a, ...).
    let one = num(&mut games, 1, 0);
    let zero = games.zero();
    let a = build(&mut games, &[(vec![Opt::S(one)], vec![Opt::P(1)]), (vec![Opt::P(0)], vec![Opt::S(zero)])]);
    assert!(!is_stopper(&a, 0));
    assert_eq!(Stopper::new(&a, 7, &budget).unwrap_err(), StopperError::NoSuchPosition);
}

#[test]
fn order_of_the_named_stoppers() {
    let mut games = Games::new();
    let budget = Budget::unlimited();
    let on = Stopper::on(&mut games);
    let off = Stopper::off(&mut games);
    let over = Stopper::over(&mut games);
    let under = Stopper::under(&mut games);
    let upon = Stopper::upon(&mut games);
    let zero = games.zero();
    let zero = short(&mut games, zero);
    let up = games.nus(&Dyadic::zero(), 1, 0);
    let up = short(&mut games, up);
    let tiny_number = num(&mut games, 1, 6);
    let tiny_number = short(&mut games, tiny_number);
    let big = num(&mut games, 1000, 0);
    let big = short(&mut games, big);
    let cmp = |a: &Stopper, b: &Stopper| a.compare(b, &budget).unwrap();
    assert_eq!(cmp(&on, &big), Comparison::Greater);
    assert_eq!(cmp(&off, &big.neg()), Comparison::Less);
    assert_eq!(cmp(&over, &zero), Comparison::Greater);
    assert_eq!(cmp(&over, &tiny_number), Comparison::Less);
    assert_eq!(cmp(&over, &up), Comparison::Greater);
    assert_eq!(cmp(&under, &zero), Comparison::Less);
    assert_eq!(cmp(&upon, &up), Comparison::Greater);
    assert_eq!(cmp(&on, &on), Comparison::Equal);
    // over + ^ = over.
    let sum = over.add(&up, &budget).unwrap();
    assert_eq!(cmp(&sum, &over), Comparison::Equal);
    assert_eq!(text(&mut games, &sum), "over");
    // on + 5 = on; over + over = over.
    assert_eq!(cmp(&on.add(&big, &budget).unwrap(), &on), Comparison::Equal);
    assert_eq!(text(&mut games, &over.add(&over, &budget).unwrap()), "over");
}

/// A pool of random short games.
fn short_pool(games: &mut Games, rng: &mut Rng, size: usize) -> Vec<GameId> {
    let budget = Budget::unlimited();
    let mut pool = vec![games.zero()];
    while pool.len() < size {
        let pick = |rng: &mut Rng, pool: &[GameId]| -> Vec<GameId> {
            (0..rng.below(3)).map(|_| pool[rng.below(pool.len() as u64) as usize]).collect()
        };
        let (l, r) = (pick(rng, &pool), pick(rng, &pool));
        pool.push(games.from_options(&l, &r, &budget).unwrap());
    }
    pool
}

#[test]
fn short_games_as_stoppers_agree_with_the_short_game_arena() {
    let mut games = Games::new();
    let budget = Budget::unlimited();
    let mut rng = Rng(0xfeed_beef);
    let pool = short_pool(&mut games, &mut rng, 24);
    let stoppers: Vec<Stopper> = pool.iter().map(|&g| short(&mut games, g)).collect();
    for (i, &g) in pool.iter().enumerate() {
        assert_eq!(stoppers[i].as_short(&mut games, &budget).unwrap(), Some(g));
        let want = games.display(g, DisplayStyle::default());
        assert_eq!(text(&mut games, &stoppers[i]), want);
        for (j, &h) in pool.iter().enumerate() {
            assert_eq!(stoppers[i].compare(&stoppers[j], &budget).unwrap(), games.compare(g, h, &budget).unwrap());
            let sum = stoppers[i].add(&stoppers[j], &budget).unwrap();
            let want = games.add(g, h, &budget).unwrap();
            assert_eq!(sum.as_short(&mut games, &budget).unwrap(), Some(want));
        }
    }
}

/// A random stopper graph: up to `max` loopy positions whose options are positions or a few
/// short games; `None` if it is not a stopper.
fn random_stopper_graph(games: &mut Games, rng: &mut Rng, max: u64, shorts: &[GameId]) -> Option<LoopyGraph> {
    let n = 1 + rng.below(max) as usize;
    let spec: Vec<(Vec<Opt>, Vec<Opt>)> = (0..n)
        .map(|_| {
            let mut side = || -> Vec<Opt> {
                (0..rng.below(3))
                    .map(|_| match rng.below(3) {
                        0 => Opt::S(shorts[rng.below(shorts.len() as u64) as usize]),
                        _ => Opt::P(rng.below(n as u64) as usize),
                    })
                    .collect()
            };
            (side(), side())
        })
        .collect();
    let g = build(games, &spec);
    is_stopper(&g, 0).then_some(g)
}

fn basic_shorts(games: &mut Games) -> Vec<GameId> {
    let zero = games.zero();
    let one = num(games, 1, 0);
    let minus_one = num(games, -1, 0);
    let half = num(games, 1, 1);
    let star = games.nimber(1);
    let up = games.nus(&Dyadic::zero(), 1, 0);
    vec![zero, one, minus_one, half, star, up]
}

/// Whether position 0 of `a` equals position 0 of `b`.
fn equal(a: &LoopyGraph, b: &LoopyGraph) -> bool {
    let budget = Budget::unlimited();
    geq_table(a, b, &budget).unwrap()[0] && geq_table(b, a, &budget).unwrap()[0]
}

/// A graph equal to `g` position by position but built differently: every position doubled
/// (each option going to a random copy), options listed in a random order, and a dominated
/// option added where one exists.
fn disguise(g: &LoopyGraph, rng: &mut Rng) -> LoopyGraph {
    let n = g.len();
    let mut h = LoopyGraph::default();
    (0..2 * n).for_each(|_| {
        h.add_position();
    });
    // Copy c of position v is position 2v + c, except that position 0 stays the start.
    for v in 0..2 * n {
        for p in [Player::Left, Player::Right] {
            let mut opts: Vec<usize> = g.options(p, v / 2).iter().map(|&w| 2 * w + rng.below(2) as usize).collect();
            for i in (1..opts.len()).rev() {
                opts.swap(i, rng.below(i as u64 + 1) as usize);
            }
            opts.into_iter().for_each(|w| h.add_option(p, v, w).unwrap());
        }
    }
    h
}

#[test]
fn simplest_forms_are_equal_and_unique() {
    let mut games = Games::new();
    let budget = Budget::unlimited();
    let shorts = basic_shorts(&mut games);
    let mut rng = Rng(0x0dd_ba11);
    let mut checked = 0;
    while checked < 1500 {
        let Some(g) = random_stopper_graph(&mut games, &mut rng, 5, &shorts) else { continue };
        checked += 1;
        let s = Stopper::new(&g, 0, &budget).unwrap();
        assert!(equal(&g, s.graph()), "simplest form differs from {g:?}: {:?}", s.graph());
        assert!(is_stopper(s.graph(), 0), "simplest form of {g:?} is not a stopper: {:?}", s.graph());
        let h = disguise(&g, &mut rng);
        assert!(equal(&g, &h));
        let t = Stopper::new(&h, 0, &budget).unwrap();
        assert_eq!(s.graph().len(), t.graph().len(), "{g:?} vs {h:?}");
        assert_eq!(text(&mut games, &s), text(&mut games, &t), "{g:?} vs {h:?}");
        // The simplest form is its own simplest form.
        let again = Stopper::new(s.graph(), 0, &budget).unwrap();
        assert_eq!(again.graph().len(), s.graph().len());
    }
}

/// Results (Left starts, Right starts) of position 0 of the sum of position 0 of a and b.
fn sum_results(
    a: &LoopyGraph,
    b: &LoopyGraph,
) -> (cgt_core::loopy::graph::PlayResult, cgt_core::loopy::graph::PlayResult) {
    let budget = Budget::unlimited();
    results(&a.sum(0, b, 0, &budget).unwrap(), &budget).unwrap()[0]
}

#[test]
fn order_of_random_stoppers_agrees_with_outcomes_of_sums() {
    let mut games = Games::new();
    let budget = Budget::unlimited();
    let shorts = basic_shorts(&mut games);
    let mut rng = Rng(0xabad_cafe);
    let mut stoppers = Vec::new();
    while stoppers.len() < 40 {
        if let Some(g) = random_stopper_graph(&mut games, &mut rng, 4, &shorts) {
            stoppers.push(g);
        }
    }
    let mut comparable = 0;
    for g in &stoppers {
        for h in &stoppers {
            let ge = geq_table(g, h, &budget).unwrap()[0];
            if !ge {
                // Witness: Right, moving first in g - h, wins, but not in h - h.
                let neg = h.negated();
                assert_eq!(sum_results(g, &neg).1, cgt_core::loopy::graph::PlayResult::RightWins);
                assert_ne!(sum_results(h, &neg).1, cgt_core::loopy::graph::PlayResult::RightWins);
                continue;
            }
            comparable += 1;
            for x in &stoppers {
                let (gl, gr) = sum_results(g, x);
                let (hl, hr) = sum_results(h, x);
                assert!(gl >= hl && gr >= hr, "{g:?} >= {h:?} but not with {x:?}");
            }
        }
    }
    assert!(comparable > 100, "only {comparable} comparable pairs");
}

#[test]
fn ordinal_sums() {
    let mut games = Games::new();
    let budget = Budget::unlimited();
    // 1 : off = {0 | pass} = over; 1 : on = {0, pass |} = on; 0 : G = G.
    let one = num(&mut games, 1, 0);
    let one = short(&mut games, one);
    let (on, off) = (Stopper::on(&mut games), Stopper::off(&mut games));
    let over = one.ordinal_sum(&off, &budget).unwrap();
    assert_eq!(text(&mut games, &over), "over");
    assert_eq!(text(&mut games, &one.ordinal_sum(&on, &budget).unwrap()), "on");
    let upon = Stopper::upon(&mut games);
    let zero = games.zero();
    let zero = short(&mut games, zero);
    assert_eq!(text(&mut games, &zero.ordinal_sum(&upon, &budget).unwrap()), "^[on]");
    // Short games: as the short-game arena computes them.
    let mut rng = Rng(0x0bad_5eed);
    let pool = short_pool(&mut games, &mut rng, 16);
    for &g in &pool {
        for &h in &pool {
            let (sg, sh) = (short(&mut games, g), short(&mut games, h));
            let got = sg.ordinal_sum(&sh, &budget).unwrap().as_short(&mut games, &budget).unwrap();
            assert_eq!(got, Some(games.ordinal_sum(g, h, &budget).unwrap()));
        }
    }
}

#[test]
fn budgets_stop_large_work() {
    use cgt_core::Exhausted;
    use std::time::Duration;
    // A chain of 1,000 positions, each {0 | next}, the last {0 | pass}: over, written long.
    let n = 1000;
    let left: Vec<Vec<usize>> = (0..=n).map(|v| if v < n { vec![n] } else { vec![] }).collect();
    let right: Vec<Vec<usize>> = (0..=n)
        .map(|v| {
            if v + 1 < n {
                vec![v + 1]
            } else if v + 1 == n {
                vec![v]
            } else {
                vec![]
            }
        })
        .collect();
    let g = LoopyGraph::new(left, right).unwrap();
    let tiny_memory = Budget::new(Duration::from_secs(60), 1000);
    assert_eq!(Stopper::new(&g, 0, &tiny_memory).unwrap_err(), StopperError::Exhausted(Exhausted::Memory));
    let no_time = Budget::new(Duration::ZERO, usize::MAX);
    assert_eq!(Stopper::new(&g, 0, &no_time).unwrap_err(), StopperError::Exhausted(Exhausted::Time));
    let succ: Vec<Vec<usize>> = (0..100_000).map(|v: usize| if v == 0 { vec![] } else { vec![v - 1, v / 2] }).collect();
    let r = cgt_core::loopy::gsg::gsg_values(succ.len(), |v| succ[v].as_slice(), &no_time);
    assert_eq!(r.unwrap_err(), Exhausted::Time);
}

#[test]
fn simplest_forms_of_many_roots_at_once_are_those_of_each_root() {
    // `Stopper::new_many` prunes the whole graph once: each root's form must be the one
    // `Stopper::new` gives (same size and printing: simplest forms are unique), also when some
    // positions are not stoppers (then it falls back to one root at a time).
    let mut games = Games::new();
    let budget = Budget::unlimited();
    let shorts = basic_shorts(&mut games);
    let mut rng = Rng(0x5eed_f00d);
    let (mut whole, mut partial) = (0, 0);
    while whole + partial < 800 {
        let Some(g) = random_stopper_graph(&mut games, &mut rng, 7, &shorts) else { continue };
        let h = disguise(&g, &mut rng);
        let roots: Vec<usize> = (0..h.len()).filter(|&v| is_stopper(&h, v)).collect();
        if roots.len() == h.len() {
            whole += 1;
        } else {
            partial += 1;
        }
        let many = Stopper::new_many(&h, &roots, &budget).unwrap();
        for (&r, m) in roots.iter().zip(&many) {
            let one = Stopper::new(&h, r, &budget).unwrap();
            assert_eq!(m.graph().len(), one.graph().len(), "{h:?} at {r}");
            assert_eq!(text(&mut games, m), text(&mut games, &one), "{h:?} at {r}");
            assert_eq!(m.compare(&one, &budget).unwrap(), Comparison::Equal);
        }
        if roots.len() < h.len() {
            let bad = (0..h.len()).find(|v| !roots.contains(v)).unwrap();
            assert!(matches!(Stopper::new_many(&h, &[bad], &budget), Err(StopperError::NotStopper)));
        }
    }
    assert!(whole > 300 && partial > 100, "{whole} whole, {partial} partial");
}

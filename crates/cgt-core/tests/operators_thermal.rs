//! Cooling, heating, freezing, reduced canonical forms, incentives, Tiny and Norton products
//! against slow implementations from the definitions and against theorems, on random games.

use cgt_testkit::Rng;
use std::collections::HashMap;

use cgt_core::operators;
use cgt_core::{Budget, Comparison, Dyadic, GameId, Games};

/// The grid step is `1/2^GRID`; every temperature of the random games below lies on the grid.
const GRID: u64 = 5;
/// No game below is hotter than this.
const HOTTEST: i64 = 6;

/// Stops and cooling by the definitions, on canonical options, memoised.
#[derive(Default)]
struct Reference {
    stops: HashMap<GameId, (Dyadic, Dyadic)>,
    formula: HashMap<(GameId, Dyadic), GameId>,
    frozen: HashMap<GameId, (Dyadic, Dyadic)>,
}

impl Reference {
    /// A number's stops are itself; otherwise `LS = max RS(G^L)`, `RS = min LS(G^R)`.
    fn stops(&mut self, games: &mut Games, g: GameId) -> (Dyadic, Dyadic) {
        if let Some(s) = self.stops.get(&g) {
            return s.clone();
        }
        let s = match games.as_number(g) {
            Some(x) => (x.clone(), x),
            None => {
                let ls = games.left_options(g).into_iter().map(|l| self.stops(games, l).1).max().unwrap();
                let rs = games.right_options(g).into_iter().map(|r| self.stops(games, r).0).min().unwrap();
                (ls, rs)
            }
        };
        self.stops.insert(g, s.clone());
        s
    }

    /// `G_t`: an integer cools to itself; other games to the mean above the freezing point and
    /// to the formula at or below it.
    fn cool(&mut self, games: &mut Games, g: GameId, t: &Dyadic) -> GameId {
        let (temp, mean) = self.freeze(games, g);
        if games.as_number(g).is_some_and(|x| x.is_integer()) || t > &temp {
            return games.number(&mean);
        }
        self.formula(games, g, t)
    }

    /// `{G^L_t - t | G^R_t + t}`.
    fn formula(&mut self, games: &mut Games, g: GameId, t: &Dyadic) -> GameId {
        if let Some(&h) = self.formula.get(&(g, t.clone())) {
            return h;
        }
        let b = Budget::unlimited();
        let (minus, plus) = (games.number(&-t.clone()), games.number(t));
        let mut left = Vec::new();
        for l in games.left_options(g) {
            let c = self.cool(games, l, t);
            left.push(games.add(c, minus, &b).unwrap());
        }
        let mut right = Vec::new();
        for r in games.right_options(g) {
            let c = self.cool(games, r, t);
            right.push(games.add(c, plus, &b).unwrap());
        }
        let h = games.from_options(&left, &right, &b).unwrap();
        self.formula.insert((g, t.clone()), h);
        h
    }

    /// The first grid point where the formula is infinitely close to a number (equal stops),
    /// and that number; integers freeze at -1.
    fn freeze(&mut self, games: &mut Games, g: GameId) -> (Dyadic, Dyadic) {
        if let Some(f) = self.frozen.get(&g) {
            return f.clone();
        }
        let f = match games.as_number(g) {
            Some(n) if n.is_integer() => (Dyadic::integer(-1), n),
            _ => (0..((HOTTEST + 1) << GRID))
                .map(|k| Dyadic::new(k - (1 << GRID), GRID))
                .find_map(|t| {
                    let h = self.formula(games, g, &t);
                    let (ls, rs) = self.stops(games, h);
                    (ls == rs).then_some((t, ls))
                })
                .expect("a freezing point on the grid"),
        };
        self.frozen.insert(g, f.clone());
        f
    }
}

/// Random games two levels above a pool of small values (all temperatures on the grid).
fn random_games(games: &mut Games, count: usize, seed: u64) -> Vec<GameId> {
    let b = Budget::unlimited();
    let d = |n: i64, e: u64| Dyadic::new(n, e);
    let mut pool: Vec<GameId> = vec![
        games.zero(),
        games.number(&d(1, 0)),
        games.number(&d(-1, 0)),
        games.number(&d(2, 0)),
        games.number(&d(1, 1)),
        games.number(&d(-3, 2)),
        games.nimber(1),
        games.nimber(2),
        games.nus(&d(0, 0), 1, 0),
        games.nus(&d(0, 0), -1, 1),
        games.nus(&d(1, 1), 1, 1),
    ];
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let pick = |rng: &mut Rng| (0..1 + rng.index(3)).map(|_| pool[rng.index(pool.len())]).collect::<Vec<_>>();
        let (left, right) = (pick(&mut rng), pick(&mut rng));
        let g = games.from_options(&left, &right, &b).unwrap();
        if games.as_number(g).is_none() && !out.contains(&g) {
            out.push(g);
            if out.len().is_multiple_of(3) {
                pool.push(g);
            }
        }
    }
    out
}

fn grid(from: i64, to: i64) -> Vec<Dyadic> {
    (from << GRID..=to << GRID).step_by(3).map(|k| Dyadic::new(k, GRID)).collect()
}

#[test]
fn cooling_agrees_with_the_definition() {
    let mut games = Games::new();
    let mut reference = Reference::default();
    let b = Budget::unlimited();
    for g in random_games(&mut games, 80, 0x9e37_79b9_7f4a_7c15) {
        for t in grid(0, 3).into_iter().chain([Dyadic::new(-1, 1), Dyadic::new(-1, 2)]) {
            let tg = games.number(&t);
            let got = operators::cool(&mut games, g, tg, &b).unwrap();
            let want = reference.cool(&mut games, g, &t);
            let name = games.display(g, Default::default());
            assert_eq!(got, want, "{name} cooled by {t}");
        }
        // Frozen: cooled by the temperature, infinitely close to the mean.
        let (_, mean) = reference.freeze(&mut games, g);
        let frozen = operators::freeze(&mut games, g, &b).unwrap();
        assert_eq!(reference.stops(&mut games, frozen), (mean.clone(), mean));
    }
}

/// Theorem (from CGT II.5: cooling depends only on the value, and `(X + x)_t = X_t + x` for a
/// number x): for `t > 0`, if every heated non-number subposition `∫^t X` of G has temperature at
/// least `t`, then `(∫^t G)_t = G`. By induction: `∫^t G = {∫^t G^L + t | ∫^t G^R - t}` is not
/// frozen at t, so cooling it gives `{(∫^t G^L)_t | (∫^t G^R)_t} = {G^L | G^R}`; a number
/// option x heats to x and cools back to x since `t > 0 > temp(x)`.
#[test]
fn cooling_undoes_heating_of_hot_enough_games() {
    let mut games = Games::new();
    let mut reference = Reference::default();
    let b = Budget::unlimited();
    let (mut checked, mut skipped) = (0, 0);
    for g in random_games(&mut games, 80, 77) {
        for t in [Dyadic::new(1, 1), Dyadic::integer(1), Dyadic::integer(2)] {
            let tg = games.number(&t);
            if !heats_hot_enough(&mut games, &mut reference, g, tg, &t) {
                skipped += 1;
                continue;
            }
            let hot = operators::heat(&mut games, g, tg, &b).unwrap();
            let name = games.display(g, Default::default());
            assert_eq!(operators::cool(&mut games, hot, tg, &b).unwrap(), g, "{name} heated and cooled by {t}");
            checked += 1;
        }
    }
    assert!(checked > 100, "checked {checked}, skipped {skipped}");
}

/// Whether every non-number subposition X of `g` has `∫^t X` of temperature at least `t`.
fn heats_hot_enough(games: &mut Games, reference: &mut Reference, g: GameId, tg: GameId, t: &Dyadic) -> bool {
    if games.as_number(g).is_some() {
        return true;
    }
    let hot = operators::heat(games, g, tg, &Budget::unlimited()).unwrap();
    let (temp, _) = reference.freeze(games, hot);
    let options: Vec<GameId> = games.left_options(g).into_iter().chain(games.right_options(g)).collect();
    &temp >= t && options.into_iter().all(|o| heats_hot_enough(games, reference, o, tg, t))
}

#[test]
fn reduced_canonical_forms_are_infinitesimally_close_and_unique() {
    let mut games = Games::new();
    let mut reference = Reference::default();
    let b = Budget::unlimited();
    let d0 = Dyadic::zero();
    let one = games.number(&Dyadic::integer(1));
    let tiny = operators::tiny(&mut games, one, &b).unwrap();
    let infinitesimals = [games.nus(&d0, 1, 0), games.nimber(1), games.nus(&d0, -1, 1), games.nus(&d0, 2, 2), tiny];
    for g in random_games(&mut games, 150, 4242) {
        let name = games.display(g, Default::default());
        let r = operators::rcf(&mut games, g, &b).unwrap();
        // G - rcf(G) is infinitesimal: both stops 0 (by the definition).
        let diff = games.sub(g, r, &b).unwrap();
        assert_eq!(reference.stops(&mut games, diff), (d0.clone(), d0.clone()), "rcf of {name}");
        assert_eq!(operators::rcf(&mut games, r, &b).unwrap(), r, "rcf of rcf of {name}");
        assert!(games.birthday(r) <= games.birthday(g), "rcf of {name} is not simpler");
        // Infinitesimally close games have the same reduced canonical form.
        for &e in &infinitesimals {
            let moved = games.add(g, e, &b).unwrap();
            assert_eq!(operators::rcf(&mut games, moved, &b).unwrap(), r, "rcf of {name} + an infinitesimal");
        }
    }
}

#[test]
fn incentives_tiny_and_norton_products() {
    let mut games = Games::new();
    let b = Budget::unlimited();
    let zero = games.zero();
    // Number avoidance (CGT II.3): every incentive of a number is negative.
    for (n, e) in [(1, 0), (3, 1), (-5, 2), (7, 3), (2, 0)] {
        let x = games.number(&Dyadic::new(n, e));
        let mut all = operators::left_incentives(&mut games, x, &b).unwrap();
        all.extend(operators::right_incentives(&mut games, x, &b).unwrap());
        for i in all {
            assert_eq!(games.compare(i, zero, &b).unwrap(), Comparison::Less);
        }
    }
    let gs = random_games(&mut games, 40, 99);
    for &g in &gs {
        let (l, r) = (games.left_options(g), games.right_options(g));
        let li = operators::left_incentives(&mut games, g, &b).unwrap();
        let ri = operators::right_incentives(&mut games, g, &b).unwrap();
        for (o, i) in l.into_iter().zip(li) {
            assert_eq!(games.add(g, i, &b).unwrap(), o);
        }
        for (o, i) in r.into_iter().zip(ri) {
            assert_eq!(games.sub(g, i, &b).unwrap(), o);
        }
    }
    // Tiny(x) is a positive infinitesimal for x > 0, Miny its negative.
    for x in [1, 2, 5] {
        let xg = games.number(&Dyadic::integer(x));
        let t = operators::tiny(&mut games, xg, &b).unwrap();
        let m = operators::miny(&mut games, xg, &b).unwrap();
        assert_eq!(games.neg(t, &b).unwrap(), m);
        let small = games.number(&Dyadic::new(1, 8));
        let up = games.nus(&Dyadic::zero(), 1, 0);
        assert_eq!(games.compare(t, zero, &b).unwrap(), Comparison::Greater);
        assert_eq!(games.compare(t, small, &b).unwrap(), Comparison::Less);
        assert_eq!(games.compare(t, up, &b).unwrap(), Comparison::Less);
    }
}

/// Norton multiplication by a positive U is additive in the number (ONAG ch. 15):
/// `x.U + y.U = (x + y).U`.
#[test]
fn norton_products_are_additive() {
    let mut games = Games::new();
    let b = Budget::unlimited();
    let d0 = Dyadic::zero();
    let one = Dyadic::integer(1);
    let units = [games.nus(&d0, 1, 0), games.nus(&d0, 2, 1), games.nus(&one, 0, 1), games.number(&one)];
    let xs: Vec<Dyadic> =
        [(1, 1), (3, 2), (-1, 2), (5, 3), (1, 0), (-3, 1)].iter().map(|&(n, e)| Dyadic::new(n, e)).collect();
    for &u in &units {
        for x in &xs {
            for y in &xs {
                let (gx, gy, gs) = (games.number(x), games.number(y), games.number(&(x + y)));
                let px = operators::norton(&mut games, gx, u, &b).unwrap();
                let py = operators::norton(&mut games, gy, u, &b).unwrap();
                let sum = games.add(px, py, &b).unwrap();
                let name = games.display(u, Default::default());
                assert_eq!(operators::norton(&mut games, gs, u, &b).unwrap(), sum, "{x}.{name} + {y}.{name}");
            }
        }
    }
}

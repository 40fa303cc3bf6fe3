//! Atomic weights: published values, the calculus against the `k·↑ + *m` shortcut, and
//! additivity (`aw(G + H) = aw(G) + aw(H)` for all-small G, H; Winning Ways ch. 8) on random
//! all-small games; games that are not all-small against CGSuite's published values and
//! against the definition (`o(G + X + *m) = o(W.↑ + X + *m)`) on random infinitesimals.

use cgt_core::atomic::{NoAtomicWeight, atomic_weight, atomic_weight_by_calculus, up_multiple};
use cgt_core::game::{DisplayStyle, GameId, Games};
use cgt_core::{Budget, Dyadic, thermo};
use cgt_testkit::Rng;
use proptest::prelude::*;

fn show(games: &mut Games, g: GameId) -> String {
    games.display(g, DisplayStyle::default())
}

#[test]
fn published_values() {
    let b = Budget::unlimited();
    let mut games = Games::new();
    // aw(↑) = 1, aw(*) = 0, aw(↑*) = 1, aw(↑↑↑*3) = 3 (Winning Ways ch. 8; Lessons in Play ch. 9).
    for (ups, nim, want) in [(1, 0, "1"), (0, 1, "0"), (1, 1, "1"), (3, 3, "3"), (-2, 0, "-2"), (0, 0, "0")] {
        let g = games.nus(&Dyadic::zero(), ups, nim);
        let w = atomic_weight(&mut games, g, &b).unwrap();
        assert_eq!(show(&mut games, w), want, "{ups} ups *{nim}");
    }
    // Numbers and hot games are not infinitesimal.
    let one = games.number(&Dyadic::integer(1));
    assert_eq!(atomic_weight(&mut games, one, &b), Err(NoAtomicWeight::NotInfinitesimal));
    let minus = games.number(&Dyadic::integer(-1));
    let switch = games.from_options(&[one], &[minus], &b).unwrap();
    assert_eq!(atomic_weight(&mut games, switch, &b), Err(NoAtomicWeight::NotInfinitesimal));
}

/// A game from its Left and Right options.
fn g(games: &mut Games, l: &[GameId], r: &[GameId]) -> GameId {
    games.from_options(l, r, &Budget::unlimited()).unwrap()
}

/// CGSuite's test cases (lib/core/src/test/scala/org/cgsuite/lang/CanonicalShortGameTestCase.scala):
/// `{1|^^||^}` has atomic weight 2 (also CGSuite's documentation), `{1|^^^||^}` is infinitesimal but
/// not atomic, Tiny(3/2), Tiny({3|1}) and Miny({5||3|1}) have atomic weight 0, `{^^^|vv}` has
/// `{1|0}`, and `9/8*`, `6^*`, `{3||2*|1*}` are not infinitesimal.
#[test]
fn cgsuite_values_of_games_that_are_not_all_small() {
    let b = Budget::unlimited();
    let mut games = Games::new();
    let n = |games: &mut Games, p: i64, q: u64| games.number(&Dyadic::new(p, q));
    let (zero, one) = (games.zero(), n(&mut games, 1, 0));
    let ups = |games: &mut Games, k: i64, m: u64| games.nus(&Dyadic::zero(), k, m);
    let (up, up2, up3) = (ups(&mut games, 1, 0), ups(&mut games, 2, 0), ups(&mut games, 3, 0));
    let one_up2 = g(&mut games, &[one], &[up2]);
    let example = g(&mut games, &[one_up2], &[up]);
    let w = atomic_weight(&mut games, example, &b).unwrap();
    assert_eq!(show(&mut games, w), "2");
    let one_up3 = g(&mut games, &[one], &[up3]);
    let not_atomic = g(&mut games, &[one_up3], &[up]);
    assert!(matches!(atomic_weight(&mut games, not_atomic, &b), Err(NoAtomicWeight::NotAtomic(_))));
    // Tiny(3/2) = {0||0|-3/2}; Tiny({3|1}) = {0|||0||-1|-3}; Miny({5||3|1}) = {5||3|1|||0||||0}.
    let m32 = n(&mut games, -3, 1);
    let inner = g(&mut games, &[zero], &[m32]);
    let tiny = g(&mut games, &[zero], &[inner]);
    let (m1, m3, three, five) = (n(&mut games, -1, 0), n(&mut games, -3, 0), n(&mut games, 3, 0), n(&mut games, 5, 0));
    let sw = g(&mut games, &[m1], &[m3]);
    let a = g(&mut games, &[zero], &[sw]);
    let tiny31 = g(&mut games, &[zero], &[a]);
    let sw2 = g(&mut games, &[three], &[one]);
    let c = g(&mut games, &[five], &[sw2]);
    let d = g(&mut games, &[c], &[zero]);
    let miny = g(&mut games, &[d], &[zero]);
    for (x, want) in [(tiny, "0"), (tiny31, "0"), (miny, "0")] {
        let w = atomic_weight(&mut games, x, &b).unwrap();
        assert_eq!(show(&mut games, w), want, "{}", show(&mut games, x));
    }
    let down2 = ups(&mut games, -2, 0);
    let hot_up = g(&mut games, &[up3], &[down2]);
    let w = atomic_weight(&mut games, hot_up, &b).unwrap();
    assert_eq!(show(&mut games, w), "{1|0}");
    let nine8 = games.nus(&Dyadic::new(9, 3), 0, 1);
    let six = games.nus(&Dyadic::integer(6), 1, 1);
    let (two_s, one_s) = (games.nus(&Dyadic::integer(2), 0, 1), games.nus(&Dyadic::integer(1), 0, 1));
    let e = g(&mut games, &[two_s], &[one_s]);
    let hot = g(&mut games, &[three], &[e]);
    for x in [nine8, six, hot] {
        assert_eq!(atomic_weight(&mut games, x, &b), Err(NoAtomicWeight::NotInfinitesimal), "{}", show(&mut games, x));
    }
}

/// Random games of small birthday, numbers and hot games among them.
fn any_games(seed: u64, n: usize, birthday: u64) -> (Games, Vec<GameId>) {
    let b = Budget::unlimited();
    let mut games = Games::new();
    let mut pool =
        vec![games.zero(), games.nimber(1), games.nus(&Dyadic::zero(), 1, 0), games.nus(&Dyadic::zero(), -1, 0)];
    for (p, q) in [(1, 0), (-1, 0), (1, 1), (-1, 1)] {
        pool.push(games.number(&Dyadic::new(p, q)));
    }
    // Games with one stop 0 and the other not, so that infinitesimals built on them are not
    // all-small: {1|0}, {0|-1}, {1|^^}, {vv|-1}.
    let (zero, one, minus_one) = (games.zero(), pool[4], pool[5]);
    let (up2, down2) = (games.nus(&Dyadic::zero(), 2, 0), games.nus(&Dyadic::zero(), -2, 0));
    for (l, r) in [(one, zero), (zero, minus_one), (one, up2), (down2, minus_one)] {
        pool.push(games.from_options(&[l], &[r], &b).unwrap());
    }
    let mut rng = Rng(seed | 1);
    while pool.len() < n {
        let (kl, kr) = (rng.index(3), rng.index(3));
        let l: Vec<GameId> = (0..kl).map(|_| pool[rng.index(pool.len())]).collect();
        let r: Vec<GameId> = (0..kr).map(|_| pool[rng.index(pool.len())]).collect();
        let x = games.from_options(&l, &r, &b).unwrap();
        if games.birthday(x) <= birthday {
            pool.push(x);
        }
    }
    (games, pool)
}

/// Random infinitesimals, mostly not all-small: `{GL | GR}` with Left options of right stop 0
/// and Right options of left stop 0, drawn from a random pool of games of birthday at most 3.
fn infinitesimals(seed: u64, n: usize) -> (Games, Vec<GameId>, Vec<GameId>) {
    let b = Budget::unlimited();
    let (mut games, pool) = any_games(seed, 40, 3);
    let stops: Vec<(Dyadic, Dyadic)> = pool
        .iter()
        .map(|&x| (thermo::left_stop(&mut games, x, &b).unwrap(), thermo::right_stop(&mut games, x, &b).unwrap()))
        .collect();
    let lefts: Vec<GameId> = pool.iter().zip(&stops).filter(|(_, s)| s.1.is_zero()).map(|(&x, _)| x).collect();
    let rights: Vec<GameId> = pool.iter().zip(&stops).filter(|(_, s)| s.0.is_zero()).map(|(&x, _)| x).collect();
    let mut rng = Rng(seed.wrapping_mul(7) | 1);
    let mut out = Vec::new();
    while out.len() < n {
        let l: Vec<GameId> = (0..1 + rng.index(2)).map(|_| lefts[rng.index(lefts.len())]).collect();
        let r: Vec<GameId> = (0..1 + rng.index(2)).map(|_| rights[rng.index(rights.len())]).collect();
        out.push(games.from_options(&l, &r, &b).unwrap());
    }
    let xs = pool.into_iter().filter(|&x| games.birthday(x) <= 2).take(10).collect();
    (games, out, xs)
}

/// The definition of atomic weight (CGSuite's documentation of `AtomicWeight`): `G ~ W.↑`,
/// that is `o(G + X + *m) = o(W.↑ + X + *m)` for every X and large m, checked on random
/// infinitesimals that have a weight, against every game X of a random pool, with m = 64
/// (beyond every nimber in these games). Both atomic and non-atomic games must occur.
#[test]
fn weights_of_infinitesimals_satisfy_the_definition() {
    let b = Budget::unlimited();
    let (mut small_seen, mut other_seen, mut not_atomic_seen) = (0, 0, 0);
    for seed in 0..40u64 {
        let (mut games, candidates, xs) = infinitesimals(seed, 20);
        let far = games.nimber(64);
        for &x in &candidates {
            let w = match atomic_weight(&mut games, x, &b) {
                Ok(w) => w,
                Err(NoAtomicWeight::NotAtomic(_)) => {
                    not_atomic_seen += 1;
                    continue;
                }
                Err(e) => panic!("{}: {e:?}, but it is infinitesimal", show(&mut games, x)),
            };
            if is_all_small(&mut games, x) {
                // All-small games: the calculus is Siegel's theorem, tested for additivity above.
                small_seen += 1;
                continue;
            }
            other_seen += 1;
            let wu = up_multiple(&mut games, w, &b).unwrap();
            for &y in &xs {
                // The outcome of `A + *m` is how A compares with `*m` (as `-*m = *m`).
                let gy = games.add(x, y, &b).unwrap();
                let wy = games.add(wu, y, &b).unwrap();
                let (og, ow) = (games.compare(gy, far, &b).unwrap(), games.compare(wy, far, &b).unwrap());
                assert_eq!(
                    og,
                    ow,
                    "G = {}, W = {}, X = {}",
                    show(&mut games, x),
                    show(&mut games, w),
                    show(&mut games, y)
                );
            }
        }
    }
    assert!(
        other_seen > 150 && not_atomic_seen > 20,
        "{small_seen} all-small, {other_seen} other atomic, {not_atomic_seen} not atomic"
    );
}

/// Whether every position has moves for both players or for neither (written from the
/// definition, apart from the weight's own check).
fn is_all_small(games: &mut Games, x: GameId) -> bool {
    let (l, r) = (games.left_options(x), games.right_options(x));
    if l.is_empty() != r.is_empty() {
        return false;
    }
    l.into_iter().chain(r).all(|o| is_all_small(games, o))
}

#[test]
fn calculus_agrees_with_the_shortcut_on_ups_and_stars() {
    let b = Budget::unlimited();
    let mut games = Games::new();
    for ups in -5..=5 {
        for nim in 0..5 {
            let g = games.nus(&Dyadic::zero(), ups, nim);
            let by_calc = atomic_weight_by_calculus(&mut games, g, &b).unwrap();
            assert_eq!(games.as_number(by_calc), Some(Dyadic::integer(ups)), "{} ups *{nim}", ups);
        }
    }
}

/// Random all-small games: options drawn from a growing pool of all-small games.
fn all_small(seed: u64, n: usize) -> (Games, Vec<GameId>) {
    let b = Budget::unlimited();
    let mut games = Games::new();
    let mut pool = vec![games.zero(), games.nus(&Dyadic::zero(), 0, 1), games.nus(&Dyadic::zero(), 1, 0)];
    let mut rng = Rng(seed | 1);
    let mut next = |m: usize| rng.index(m);
    while pool.len() < n {
        let (kl, kr) = (1 + next(2), 1 + next(2));
        let l: Vec<GameId> = (0..kl).map(|_| pool[next(pool.len())]).collect();
        let r: Vec<GameId> = (0..kr).map(|_| pool[next(pool.len())]).collect();
        let g = games.from_options(&l, &r, &b).unwrap();
        if games.birthday(g) <= 4 {
            pool.push(g);
        }
    }
    (games, pool)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 60, ..ProptestConfig::default() })]

    #[test]
    fn atomic_weight_is_additive(seed in any::<u64>(), i in 0usize..24, j in 0usize..24) {
        let b = Budget::unlimited();
        let (mut games, pool) = all_small(seed, 24);
        let (g, h) = (pool[i], pool[j]);
        let sum = games.add(g, h, &b).unwrap();
        let (wg, wh, ws) = (
            atomic_weight(&mut games, g, &b).unwrap(),
            atomic_weight(&mut games, h, &b).unwrap(),
            atomic_weight(&mut games, sum, &b).unwrap(),
        );
        let both = games.add(wg, wh, &b).unwrap();
        prop_assert_eq!(ws, both, "aw({}) = {}, aw({}) = {}, aw(sum) = {}",
            show(&mut games, g), show(&mut games, wg), show(&mut games, h), show(&mut games, wh), show(&mut games, ws));
    }
}

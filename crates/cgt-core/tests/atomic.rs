//! Atomic weights: published values, the calculus against the `k·↑ + *m` shortcut, and
//! additivity (`aw(G + H) = aw(G) + aw(H)` for all-small G, H; Winning Ways ch. 8) on random
//! all-small games.

use cgt_core::atomic::{NoAtomicWeight, atomic_weight, atomic_weight_by_calculus};
use cgt_core::game::{DisplayStyle, GameId, Games};
use cgt_core::{Budget, Dyadic};
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
    // Numbers and hot games are not all-small.
    let one = games.number(&Dyadic::integer(1));
    assert_eq!(atomic_weight(&mut games, one, &b), Err(NoAtomicWeight::NotAllSmall));
    let minus = games.number(&Dyadic::integer(-1));
    let switch = games.from_options(&[one], &[minus], &b).unwrap();
    assert_eq!(atomic_weight(&mut games, switch, &b), Err(NoAtomicWeight::NotAllSmall));
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

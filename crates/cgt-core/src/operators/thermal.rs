//! Cooling, heating, overheating and freezing (CGT II.5; WW ch. 6; LiP ch. 6; docs/src/theory/temperature.md,
//! "Heating and overheating").
//!
//! * Cooling by a number `t > -1`: `G_t = {G^L_t - t | G^R_t + t}`, except that above the
//!   temperature (where `G_t` first becomes infinitesimally close to a number) `G_t` is the
//!   mean. The temperature and mean come from [`crate::thermo`], whose thermographs are tested
//!   against cooling by this definition; so `G_t` is the formula for `t <= temp(G)` and the
//!   mean for `t > temp(G)` (a dyadic `m/2^j`, of temperature `-1/2^j`, cools by the formula
//!   below that: CGSuite's `(1/4).Cool(-1/4) = 1/4*`).
//! * Heating by any game `t`: `∫^t G = G` for a number G, else `{∫^t G^L + t | ∫^t G^R - t}`.
//! * Overheating from `s` to `t` (Berlekamp): `∫_s^t n = n·s` for an integer n, otherwise
//!   `{t + ∫_s^t G^L | -t + ∫_s^t G^R}` (so `7/16` overheats from 0 to 0 to `^[3]`).
//! * Freezing: cooling by the temperature; an integer (temperature -1) is frozen already.
//!
//! Heating and overheating depend on the form of G; the canonical form is used.

use std::collections::HashMap;

use super::common::{OpError, OpResult, listable, need_number, shift_all};
use crate::budget::Budget;
use crate::dyadic::Dyadic;
use crate::game::{GameId, Games};
use crate::thermo;

/// `G` cooled by the number `t > -1`.
pub fn cool(games: &mut Games, g: GameId, t: GameId, budget: &Budget) -> OpResult<GameId> {
    let t = need_number(games, t, "the temperature to cool by")?;
    if t <= Dyadic::integer(-1) {
        return Err(OpError::Undefined(format!("cooling is defined for t > -1, but t is {t}")));
    }
    Cooler::new(games, t).cool(games, g, budget)
}

/// `G` frozen: cooled by its own temperature (an integer is frozen already).
pub fn freeze(games: &mut Games, g: GameId, budget: &Budget) -> OpResult<GameId> {
    if games.as_number(g).is_some_and(|x| x.is_integer()) {
        return Ok(g);
    }
    let t = thermo::temperature(games, g, budget)?;
    Cooler::new(games, t).cool(games, g, budget)
}

/// `G` heated by the game `t`.
pub fn heat(games: &mut Games, g: GameId, t: GameId, budget: &Budget) -> OpResult<GameId> {
    let mt = games.neg(t, budget)?;
    let mut memo = HashMap::new();
    heat_rec(games, g, (t, mt), &mut memo, budget)
}

/// `G` overheated from `s` to `t`.
pub fn overheat(games: &mut Games, g: GameId, s: GameId, t: GameId, budget: &Budget) -> OpResult<GameId> {
    let mt = games.neg(t, budget)?;
    let mut memo = HashMap::new();
    overheat_rec(games, g, s, (t, mt), &mut memo, budget)
}

/// Cooling by one fixed `t`, memoised per game.
struct Cooler {
    t: Dyadic,
    plus: GameId,
    minus: GameId,
    memo: HashMap<GameId, GameId>,
}

impl Cooler {
    fn new(games: &mut Games, t: Dyadic) -> Self {
        let plus = games.number(&t);
        let minus = games.number(&-t.clone());
        Cooler { t, plus, minus, memo: HashMap::new() }
    }

    fn cool(&mut self, games: &mut Games, g: GameId, budget: &Budget) -> OpResult<GameId> {
        if let Some(&c) = self.memo.get(&g) {
            return Ok(c);
        }
        budget.check()?;
        let c = self.cool_uncached(games, g, budget)?;
        self.memo.insert(g, c);
        Ok(c)
    }

    fn cool_uncached(&mut self, games: &mut Games, g: GameId, budget: &Budget) -> OpResult<GameId> {
        let temp = thermo::temperature(games, g, budget)?;
        if self.t > temp {
            let mean = thermo::mean(games, g, budget)?;
            return Ok(games.number(&mean));
        }
        listable(games, g)?;
        let (lefts, rights) = (games.left_options(g), games.right_options(g));
        let left = self.cool_all(games, &lefts, budget)?;
        let left = shift_all(games, &left, self.minus, budget)?;
        let right = self.cool_all(games, &rights, budget)?;
        let right = shift_all(games, &right, self.plus, budget)?;
        Ok(games.from_options(&left, &right, budget)?)
    }

    fn cool_all(&mut self, games: &mut Games, options: &[GameId], budget: &Budget) -> OpResult<Vec<GameId>> {
        options.iter().map(|&o| self.cool(games, o, budget)).collect()
    }
}

/// `∫^t G` with `pm = (t, -t)`, memoised.
fn heat_rec(
    games: &mut Games,
    g: GameId,
    pm: (GameId, GameId),
    memo: &mut HashMap<GameId, GameId>,
    budget: &Budget,
) -> OpResult<GameId> {
    if games.as_number(g).is_some() {
        return Ok(g);
    }
    if let Some(&h) = memo.get(&g) {
        return Ok(h);
    }
    budget.check()?;
    listable(games, g)?;
    let mut left = Vec::new();
    for l in games.left_options(g) {
        let h = heat_rec(games, l, pm, memo, budget)?;
        left.push(games.add(h, pm.0, budget)?);
    }
    let mut right = Vec::new();
    for r in games.right_options(g) {
        let h = heat_rec(games, r, pm, memo, budget)?;
        right.push(games.add(h, pm.1, budget)?);
    }
    let h = games.from_options(&left, &right, budget)?;
    memo.insert(g, h);
    Ok(h)
}

/// `∫_s^t G` with `pm = (t, -t)`, memoised.
fn overheat_rec(
    games: &mut Games,
    g: GameId,
    s: GameId,
    pm: (GameId, GameId),
    memo: &mut HashMap<GameId, GameId>,
    budget: &Budget,
) -> OpResult<GameId> {
    if let Some(n) = games.as_number(g).filter(|x| x.is_integer()) {
        return multiple(games, &n, s, budget);
    }
    if let Some(&h) = memo.get(&g) {
        return Ok(h);
    }
    budget.check()?;
    listable(games, g)?;
    let mut left = Vec::new();
    for l in games.left_options(g) {
        let h = overheat_rec(games, l, s, pm, memo, budget)?;
        left.push(games.add(h, pm.0, budget)?);
    }
    let mut right = Vec::new();
    for r in games.right_options(g) {
        let h = overheat_rec(games, r, s, pm, memo, budget)?;
        right.push(games.add(h, pm.1, budget)?);
    }
    let h = games.from_options(&left, &right, budget)?;
    memo.insert(g, h);
    Ok(h)
}

/// `n·s`: `n` copies of `s` (of `-s` for negative n), by doubling.
pub fn multiple(games: &mut Games, n: &Dyadic, s: GameId, budget: &Budget) -> OpResult<GameId> {
    let (mut base, mut k) = match n.signum() {
        -1 => (games.neg(s, budget)?, (-n.clone()).numerator().clone()),
        _ => (s, n.numerator().clone()),
    };
    let zero = num_bigint::BigInt::from(0);
    let mut acc = games.zero();
    while k > zero {
        budget.check()?;
        if k.bit(0) {
            acc = games.add(acc, base, budget)?;
        }
        k >>= 1;
        if k > zero {
            base = games.add(base, base, budget)?;
        }
    }
    Ok(acc)
}

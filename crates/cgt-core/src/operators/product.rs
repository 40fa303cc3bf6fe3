//! Products of games: Norton's product `G.U` (ONAG ch. 15; CGT II.6) and Conway's product
//! `G·H` (ONAG ch. 1 and 6), with nim multiplication (ONAG ch. 6; WW ch. 14).
//!
//! * Norton product, G a number: for an integer n, `n.U = U + ... + U` (n copies; `-U` for
//!   negative n). For any other number G (in canonical form `{G^L | G^R}`),
//!   `G.U = {G^L.U + U + I | G^R.U - U - I}`, I ranging over the incentives of U (Left's
//!   `U^L - U` and Right's `U - U^R`); so `1/2.^ = {^^* | v*}`.
//! * Conway product: `G·H = {G^L·H + G·H^L - G^L·H^L, G^R·H + G·H^R - G^R·H^R |
//!   G^L·H + G·H^R - G^L·H^R, G^R·H + G·H^L - G^R·H^L}` on canonical forms. On numbers it is
//!   the product of the numbers and on nimbers nim multiplication, which are used directly.
//! * Nim multiplication: `*a·*b = *mex{a'·b ⊕ a·b' ⊕ a'·b' : a' < a, b' < b}`, computed by the
//!   Fermat 2-power rules (`crate::nimarith`, nimbers of any size): for `F = 2^(2^k)`,
//!   `F·x = F x` (ordinary) for `x < F`, and `F·F = 3F/2`.

use std::collections::HashMap;

use super::common::{OpResult, listable, need_number, undefined};
use super::thermal::multiple;
use crate::budget::Budget;
use crate::game::{Comparison, GameId, Games};
use crate::nimarith::{nim_product, nim_product_u64};

/// The Norton product `G.U` for a number G (U > 0 unless G is an integer).
pub fn norton(games: &mut Games, g: GameId, u: GameId, budget: &Budget) -> OpResult<GameId> {
    let x = need_number(games, g, "the first argument of the Norton product")?;
    if x.is_integer() {
        return multiple(games, &x, u, budget);
    }
    let zero = games.zero();
    if games.compare(u, zero, budget)? != Comparison::Greater {
        return Err(undefined(games, "the Norton product by a number that is not an integer needs U > 0", u));
    }
    let incentives = norton_steps(games, u, budget)?;
    let mut memo = HashMap::new();
    norton_rec(games, g, u, &incentives, &mut memo, budget)
}

/// `U + I` for each incentive I of U: the Left options `U^L` and `2U - U^R`.
fn norton_steps(games: &mut Games, u: GameId, budget: &Budget) -> OpResult<Vec<GameId>> {
    listable(games, u)?;
    let mut steps = games.left_options(u);
    let two_u = games.add(u, u, budget)?;
    for r in games.right_options(u) {
        steps.push(games.sub(two_u, r, budget)?);
    }
    Ok(steps)
}

fn norton_rec(
    games: &mut Games,
    g: GameId,
    u: GameId,
    steps: &[GameId],
    memo: &mut HashMap<GameId, GameId>,
    budget: &Budget,
) -> OpResult<GameId> {
    if let Some(n) = games.as_number(g).filter(|x| x.is_integer()) {
        return multiple(games, &n, u, budget);
    }
    if let Some(&p) = memo.get(&g) {
        return Ok(p);
    }
    budget.check()?;
    let mut left = Vec::new();
    for l in games.left_options(g) {
        let p = norton_rec(games, l, u, steps, memo, budget)?;
        for &s in steps {
            left.push(games.add(p, s, budget)?);
        }
    }
    let mut right = Vec::new();
    for r in games.right_options(g) {
        let p = norton_rec(games, r, u, steps, memo, budget)?;
        for &s in steps {
            right.push(games.sub(p, s, budget)?);
        }
    }
    let p = games.from_options(&left, &right, budget)?;
    memo.insert(g, p);
    Ok(p)
}

/// The Conway product `G·H` of the canonical forms.
pub fn conway(games: &mut Games, g: GameId, h: GameId, budget: &Budget) -> OpResult<GameId> {
    let mut memo = HashMap::new();
    Conway { memo: &mut memo }.product(games, g, h, budget)
}

struct Conway<'a> {
    memo: &'a mut HashMap<(GameId, GameId), GameId>,
}

impl Conway<'_> {
    fn product(&mut self, games: &mut Games, g: GameId, h: GameId, budget: &Budget) -> OpResult<GameId> {
        if let (Some(x), Some(y)) = (games.as_number(g), games.as_number(h)) {
            return Ok(games.number(&x.mul(&y)));
        }
        if let (Some(a), Some(b)) = (games.nim_value_big(g), games.nim_value_big(h)) {
            return Ok(games.nimber_big(&nim_product(&a, &b, budget)?));
        }
        if let Some(&p) = self.memo.get(&(g, h)) {
            return Ok(p);
        }
        budget.check()?;
        listable(games, g)?;
        listable(games, h)?;
        let (gl, gr) = (games.left_options(g), games.right_options(g));
        let (hl, hr) = (games.left_options(h), games.right_options(h));
        let mut left = self.terms(games, (g, h), (&gl, &hl), budget)?;
        left.extend(self.terms(games, (g, h), (&gr, &hr), budget)?);
        let mut right = self.terms(games, (g, h), (&gl, &hr), budget)?;
        right.extend(self.terms(games, (g, h), (&gr, &hl), budget)?);
        let p = games.from_options(&left, &right, budget)?;
        self.memo.insert((g, h), p);
        Ok(p)
    }

    /// `a·H + G·b - a·b` for each `a` in `aa` and `b` in `bb`.
    fn terms(
        &mut self,
        games: &mut Games,
        (g, h): (GameId, GameId),
        (aa, bb): (&[GameId], &[GameId]),
        budget: &Budget,
    ) -> OpResult<Vec<GameId>> {
        let mut out = Vec::with_capacity(aa.len() * bb.len());
        for &a in aa {
            let ah = self.product(games, a, h, budget)?;
            for &b in bb {
                budget.check()?;
                let gb = self.product(games, g, b, budget)?;
                let ab = self.product(games, a, b, budget)?;
                let s = games.add(ah, gb, budget)?;
                out.push(games.sub(s, ab, budget)?);
            }
        }
        Ok(out)
    }
}

/// The nim product of `a` and `b` (the field of characteristic 2 on the integers below
/// `2^64`); [`crate::nimarith::nim_product`] takes integers of any size.
pub fn nim_multiply(a: u64, b: u64) -> u64 {
    nim_product_u64(a, b)
}

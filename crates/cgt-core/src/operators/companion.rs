//! The companion `G°` of a short game (Siegel, *Combinatorial Game Theory*, ch. III.2, the
//! lattice of games born by day n; CGSuite's `Companion`): the map `G -> G°` is the unique
//! non-trivial automorphism of the lattice of games born by day n, for every n >= 1. On
//! canonical forms it is defined by
//!
//! * `0° = *`;
//! * `G° = {0, (G^L)° | (G^R)°}` for `G > 0`, `{(G^L)° | 0, (G^R)°}` for `G < 0`, and
//!   `{(G^L)° | (G^R)°}` for `G || 0`.
//!
//! On the values `x + k·^ + *m` it has a closed form, checked against the definition in the
//! tests and agreeing with CGSuite's printed results (`^° = ^*`, `(v*)° = v`, `(*8)° = *8`,
//! `(9/8*)° = 9/8*`): `*` is added to `k·^ + *m` when `m <= 1` (so `0` and `*` swap) and
//! every other such value is its own companion; this also covers nimbers too large to list.

use std::collections::HashMap;

use super::common::{OpResult, listable};
use crate::budget::Budget;
use crate::dyadic::Dyadic;
use crate::game::{Comparison, GameId, Games};
use num_bigint::BigUint;

/// The companion `G°` of the canonical form of `g`.
pub fn companion(games: &mut Games, g: GameId, budget: &Budget) -> OpResult<GameId> {
    companion_rec(games, g, &mut HashMap::new(), budget)
}

fn companion_rec(
    games: &mut Games,
    g: GameId,
    memo: &mut HashMap<GameId, GameId>,
    budget: &Budget,
) -> OpResult<GameId> {
    if let Some((x, k, m)) = games.as_nus_big(g) {
        return Ok(nus_companion(games, &x, k, &m, g));
    }
    if let Some(&c) = memo.get(&g) {
        return Ok(c);
    }
    budget.check()?;
    listable(games, g)?;
    let (gl, gr) = games.try_options(g)?;
    let (mut left, mut right) = (Vec::with_capacity(gl.len() + 1), Vec::with_capacity(gr.len() + 1));
    for o in gl {
        left.push(companion_rec(games, o, memo, budget)?);
    }
    for o in gr {
        right.push(companion_rec(games, o, memo, budget)?);
    }
    let zero = games.zero();
    match games.compare(g, zero, budget)? {
        Comparison::Greater => left.push(zero),
        Comparison::Less => right.push(zero),
        // Only 0 itself is equal to 0, and it is a number (handled above).
        Comparison::Equal | Comparison::Confused => {}
    }
    let c = games.from_options(&left, &right, budget)?;
    memo.insert(g, c);
    Ok(c)
}

/// The companion of `x + k·^ + *m` (the value `g`): `k·^ + *(m ⊕ 1)` when `x = 0` and
/// `m <= 1`, otherwise `g` itself.
fn nus_companion(games: &mut Games, x: &Dyadic, k: i64, m: &BigUint, g: GameId) -> GameId {
    let one = BigUint::from(1u8);
    if x.is_zero() && *m <= one {
        return games.nus_big(x, k, &(m ^ &one));
    }
    g
}

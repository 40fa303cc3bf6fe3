//! Uptimal powers and expansions (CGT II.4, "uptimals"; WW ch. 7; docs/src/theory/rulesets.md).
//!
//! For a game `G = {0 | H}` (in canonical form), `G^1 = G` and
//! `G^n = {0 | H - G^{→(n-1)}}`, where `G^{→n} = G^1 + ... + G^n`. For `G = ^` this gives
//! up-nth `^<n>` (`^<2> = {0 | v*}`) and `^[n] = ^<1> + ... + ^<n>` (`^[2] = {^ | *}`): CGSuite's
//! `Pow` and `PowTo`.
//!
//! The uptimal expansion of a game is `a_1·^<1> + ... + a_n·^<n> + *m` where it is one. It is
//! found greedily from the lexicographic order of uptimals (CGT II.4): with the star removed
//! (each candidate `*m` tried), `a_k` is the integer with `-^<k> < 2(X - a_k·^<k>) < ^<k>` for
//! the remainder X (the doubled remainder `2(a_{k+1}·^<k+1> + ...)` is still smaller than
//! `^<k>`, while a wrong `a_k` leaves at least `^<k>` in it); the result is only returned after
//! checking that the sum equals the game.

use super::common::{OpError, OpResult, listable, undefined};
use crate::budget::Budget;
use crate::game::{Comparison, GameId, Games};
use crate::thermo;

/// The uptimal expansion `a_1·^<1> + ... + a_n·^<n> + *nim` of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Uptimal {
    /// `a_1, ..., a_n`, the last one non-zero (empty for a nimber).
    pub coefficients: Vec<i64>,
    /// The nimber added.
    pub nim: u64,
}

/// `G^n` for `G = {0 | H}` and `n >= 1` (CGSuite's `G.Pow(n)`; `pow(^, 3) = ^<3>`).
pub fn pow(games: &mut Games, g: GameId, n: u64, budget: &Budget) -> OpResult<GameId> {
    if n == 0 {
        return Err(OpError::Undefined("pow(G, n) needs n >= 1".into()));
    }
    Ok(powers(games, g, n, budget)?.0)
}

/// `G^{→n} = G^1 + ... + G^n` for `G = {0 | H}` (CGSuite's `G.PowTo(n)`; `powto(^, 3) = ^[3]`);
/// `G^{→0} = 0`.
pub fn powto(games: &mut Games, g: GameId, n: u64, budget: &Budget) -> OpResult<GameId> {
    if n == 0 {
        return Ok(games.zero());
    }
    Ok(powers(games, g, n, budget)?.1)
}

/// `(G^n, G^{→n})` for `n >= 1`.
fn powers(games: &mut Games, g: GameId, n: u64, budget: &Budget) -> OpResult<(GameId, GameId)> {
    let h = right_of_zero_switch(games, g)?;
    let zero = games.zero();
    let (mut power, mut sum) = (g, g);
    for _ in 1..n {
        budget.check()?;
        let right = games.sub(h, sum, budget)?;
        power = games.from_options(&[zero], &[right], budget)?;
        sum = games.add(sum, power, budget)?;
    }
    Ok((power, sum))
}

/// `H` if `G = {0 | H}`.
fn right_of_zero_switch(games: &mut Games, g: GameId) -> OpResult<GameId> {
    listable(games, g)?;
    let zero = games.zero();
    match (games.left_options(g).as_slice(), games.right_options(g).as_slice()) {
        ([l], [h]) if *l == zero => Ok(*h),
        _ => Err(undefined(games, "pow and powto need a game of the form {0 | H}", g)),
    }
}

/// The uptimal expansion of `G`, or an error if G is not infinitesimal or has none.
pub fn uptimal(games: &mut Games, g: GameId, budget: &Budget) -> OpResult<Uptimal> {
    if let Some((x, ups, nim)) = games.as_nus(g)
        && x.is_zero()
    {
        let coefficients = if ups == 0 { vec![] } else { vec![ups] };
        return Ok(Uptimal { coefficients, nim });
    }
    let (ls, rs) = (thermo::left_stop(games, g, budget)?, thermo::right_stop(games, g, budget)?);
    if !(ls.is_zero() && rs.is_zero()) {
        return Err(undefined(games, "uptimal(G) needs an infinitesimal G", g));
    }
    let depth = games.birthday(g).saturating_add(1);
    for nim in 0..star_candidates(depth) {
        budget.check()?;
        let star = games.nimber(nim);
        let x = games.add(g, star, budget)?;
        if let Some(coefficients) = expand(games, x, depth, budget)? {
            return Ok(Uptimal { coefficients, nim });
        }
    }
    Err(undefined(games, "uptimal(G) needs a sum of up-nths and a nimber", g))
}

/// How many nimbers to try: a game born by day `b` has nimber parts below `2^⌈log2(b+1)⌉`.
fn star_candidates(depth: u64) -> u64 {
    depth.min(1 << 16).next_power_of_two()
}

/// The coefficients of `x` (no star) up to `^<depth>`, if `x` is such a sum.
fn expand(games: &mut Games, x: GameId, depth: u64, budget: &Budget) -> OpResult<Option<Vec<i64>>> {
    let up = games.nus(&crate::dyadic::Dyadic::zero(), 1, 0);
    let zero = games.zero();
    let (mut rest, mut coefficients) = (x, Vec::new());
    let mut power = up;
    for k in 1..=depth {
        if rest == zero {
            break;
        }
        if k > 1 {
            power = pow(games, up, k, budget)?;
        }
        let Some(a) = coefficient(games, rest, power, depth, budget)? else { return Ok(None) };
        coefficients.push(a);
        let step = super::thermal::multiple(games, &a.into(), power, budget)?;
        rest = games.sub(rest, step, budget)?;
    }
    while coefficients.last() == Some(&0) {
        coefficients.pop();
    }
    Ok((rest == zero).then_some(coefficients))
}

/// The integer `a` with `-p < 2(x - a·p) < p`, searched within `±bound`.
fn coefficient(games: &mut Games, x: GameId, p: GameId, bound: u64, budget: &Budget) -> OpResult<Option<i64>> {
    let bound = i64::try_from(bound).unwrap_or(i64::MAX);
    let np = games.neg(p, budget)?;
    let (mut a, mut r) = (0i64, x);
    while a.abs() <= bound {
        budget.check()?;
        let twice = games.add(r, r, budget)?;
        let above = games.compare(twice, p, budget)?;
        let below = games.compare(twice, np, budget)?;
        match (above, below) {
            (Comparison::Less, Comparison::Greater) => return Ok(Some(a)),
            (Comparison::Greater | Comparison::Equal, _) => {
                a += 1;
                r = games.sub(r, p, budget)?;
            }
            (_, Comparison::Less | Comparison::Equal) => {
                a -= 1;
                r = games.add(r, p, budget)?;
            }
            _ => return Ok(None),
        }
    }
    Ok(None)
}

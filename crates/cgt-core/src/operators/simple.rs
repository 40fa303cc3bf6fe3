//! Tiny and Miny (WW ch. 5; CGT II.4: `Tiny(x) = {0 || 0 | -x}`, `Miny(x) = {x | 0 || 0}`),
//! incentives (WW ch. 6; CGT II.3: Left's `G^L - G`, Right's `G - G^R`), and the number of
//! games born by day n (CGT II.2, Table: 1, 4, 22, 1474 by days 0-3), counted by building every
//! game born by day n from antichains of the games born by day n - 1.

use std::collections::HashSet;

use super::common::{OpError, OpResult, listable};
use crate::budget::Budget;
use crate::game::{Comparison, GameId, Games};

/// `Tiny(x) = {0 || 0 | -x}`.
pub fn tiny(games: &mut Games, x: GameId, budget: &Budget) -> OpResult<GameId> {
    let zero = games.zero();
    let mx = games.neg(x, budget)?;
    let inner = games.from_options(&[zero], &[mx], budget)?;
    Ok(games.from_options(&[zero], &[inner], budget)?)
}

/// `Miny(x) = {x | 0 || 0} = -Tiny(x)`.
pub fn miny(games: &mut Games, x: GameId, budget: &Budget) -> OpResult<GameId> {
    let zero = games.zero();
    let inner = games.from_options(&[x], &[zero], budget)?;
    Ok(games.from_options(&[inner], &[zero], budget)?)
}

/// Left's incentives `G^L - G`, one for each canonical Left option, in the options' order.
pub fn left_incentives(games: &mut Games, g: GameId, budget: &Budget) -> OpResult<Vec<GameId>> {
    listable(games, g)?;
    let mut out = Vec::new();
    for l in games.left_options(g) {
        budget.check()?;
        out.push(games.sub(l, g, budget)?);
    }
    Ok(out)
}

/// Right's incentives `G - G^R`, one for each canonical Right option, in the options' order.
pub fn right_incentives(games: &mut Games, g: GameId, budget: &Budget) -> OpResult<Vec<GameId>> {
    listable(games, g)?;
    let mut out = Vec::new();
    for r in games.right_options(g) {
        budget.check()?;
        out.push(games.sub(g, r, budget)?);
    }
    Ok(out)
}

/// The largest day [`born`] counts: day 4 has about 3·10^12 games.
pub const BORN_MAX_DAY: u64 = 3;

/// The number of distinct games born by day `n` (1, 4, 22, 1474), computed by building them.
pub fn born(games: &mut Games, n: u64, budget: &Budget) -> OpResult<u64> {
    if n > BORN_MAX_DAY {
        return Err(OpError::Undefined(format!(
            "born({n}) is too large to compute: only days up to {BORN_MAX_DAY} are counted \
             (more than 10^12 games are born by day 4)"
        )));
    }
    let mut day = vec![games.zero()];
    for _ in 0..n {
        day = next_day(games, &day, budget)?;
    }
    Ok(day.len() as u64)
}

/// Every game born by the next day: `{A | B}` for antichains `A`, `B` of `day`. Dominated
/// options never change a game's value, so antichains give every value once or more.
fn next_day(games: &mut Games, day: &[GameId], budget: &Budget) -> OpResult<Vec<GameId>> {
    let chains = antichains(games, day, budget)?;
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for a in &chains {
        for b in &chains {
            budget.check()?;
            let g = games.from_options(a, b, budget)?;
            if seen.insert(g) {
                out.push(g);
            }
        }
    }
    Ok(out)
}

/// Every set of pairwise incomparable (confused) games of `day`, the empty set included.
fn antichains(games: &mut Games, day: &[GameId], budget: &Budget) -> OpResult<Vec<Vec<GameId>>> {
    let n = day.len();
    let mut confused = vec![vec![false; n]; n];
    for i in 0..n {
        for j in 0..n {
            budget.check()?;
            confused[i][j] = games.compare(day[i], day[j], budget)? == Comparison::Confused;
        }
    }
    // Grow each antichain by elements of larger index only, so each is made once.
    let mut out: Vec<Vec<usize>> = vec![vec![]];
    let mut k = 0;
    while k < out.len() {
        let start = out[k].last().map_or(0, |&i| i + 1);
        budget.check()?;
        let fits: Vec<usize> = (start..n).filter(|&j| out[k].iter().all(|&i| confused[i][j])).collect();
        for j in fits {
            let mut grown = out[k].clone();
            grown.push(j);
            out.push(grown);
        }
        k += 1;
    }
    Ok(out.into_iter().map(|c| c.into_iter().map(|i| day[i]).collect()).collect())
}

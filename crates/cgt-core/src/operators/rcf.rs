//! Reduced canonical forms (Calistrate 1996; Grossman–Siegel 2009; CGT II.6): the simplest
//! game infinitesimally close to G.
//!
//! `G >= H` modulo infinitesimals (`G >=_Inf H`: `G + ε >= H` for some infinitesimal ε) holds
//! exactly when the right stop of `G - H` is at least 0 (CGT II.6). The reduced canonical form
//! is built bottom-up: a game infinitesimally close to a number (equal stops) reduces to that
//! number; otherwise its options are reduced, Inf-dominated options are removed (a Left option
//! `A` when another `B >=_Inf A`), and Inf-reversible options are bypassed (a Left option `A`
//! with some `A^R <=_Inf G` is replaced by the Left options of that `A^R`; symmetrically for
//! Right), until neither applies.

use std::collections::HashMap;

use super::common::{OpResult, listable};
use crate::budget::Budget;
use crate::game::{GameId, Games};
use crate::thermo;

/// Whether `G >= H` modulo infinitesimals: the right stop of `G - H` is at least 0.
pub fn inf_geq(games: &mut Games, g: GameId, h: GameId, budget: &Budget) -> OpResult<bool> {
    let d = games.sub(g, h, budget)?;
    Ok(thermo::right_stop(games, d, budget)?.signum() >= 0)
}

/// The reduced canonical form of `G`.
pub fn rcf(games: &mut Games, g: GameId, budget: &Budget) -> OpResult<GameId> {
    let mut memo = HashMap::new();
    reduce(games, g, &mut memo, budget)
}

fn reduce(games: &mut Games, g: GameId, memo: &mut HashMap<GameId, GameId>, budget: &Budget) -> OpResult<GameId> {
    if let Some((x, _, _)) = games.as_nus(g) {
        return Ok(games.number(&x));
    }
    if let Some(&r) = memo.get(&g) {
        return Ok(r);
    }
    budget.check()?;
    let (ls, rs) = (thermo::left_stop(games, g, budget)?, thermo::right_stop(games, g, budget)?);
    let r = if ls == rs {
        games.number(&ls)
    } else {
        listable(games, g)?;
        let (lefts, rights) = (games.left_options(g), games.right_options(g));
        let left = reduce_all(games, &lefts, memo, budget)?;
        let right = reduce_all(games, &rights, memo, budget)?;
        simplify(games, left, right, budget)?
    };
    memo.insert(g, r);
    Ok(r)
}

fn reduce_all(
    games: &mut Games,
    options: &[GameId],
    memo: &mut HashMap<GameId, GameId>,
    budget: &Budget,
) -> OpResult<Vec<GameId>> {
    options.iter().map(|&o| reduce(games, o, memo, budget)).collect()
}

/// Removes Inf-dominated and bypasses Inf-reversible options of `{left | right}` until
/// neither applies, then canonicalises.
fn simplify(games: &mut Games, mut left: Vec<GameId>, mut right: Vec<GameId>, budget: &Budget) -> OpResult<GameId> {
    loop {
        budget.check()?;
        left = undominated(games, left, Side::Left, budget)?;
        right = undominated(games, right, Side::Right, budget)?;
        let g = games.from_options(&left, &right, budget)?;
        if let Some(l) = bypass(games, g, &left, Side::Left, budget)? {
            left = l;
            continue;
        }
        if let Some(r) = bypass(games, g, &right, Side::Right, budget)? {
            right = r;
            continue;
        }
        return Ok(g);
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    Left,
    Right,
}

/// Whether `a` is at least as good as `b` for the player on `side`, modulo infinitesimals.
fn better(games: &mut Games, a: GameId, b: GameId, side: Side, budget: &Budget) -> OpResult<bool> {
    match side {
        Side::Left => inf_geq(games, a, b, budget),
        Side::Right => inf_geq(games, b, a, budget),
    }
}

/// The options with those Inf-dominated by another removed (of equivalent ones, the first
/// stays).
fn undominated(games: &mut Games, all: Vec<GameId>, side: Side, budget: &Budget) -> OpResult<Vec<GameId>> {
    let mut opts: Vec<GameId> = Vec::with_capacity(all.len());
    for o in all {
        if !opts.contains(&o) {
            opts.push(o);
        }
    }
    let mut keep: Vec<GameId> = Vec::new();
    for (i, &a) in opts.iter().enumerate() {
        let mut dominated = false;
        for (j, &b) in opts.iter().enumerate() {
            if i == j {
                continue;
            }
            budget.check()?;
            if better(games, b, a, side, budget)? && (j < i || !better(games, a, b, side, budget)?) {
                dominated = true;
                break;
            }
        }
        if !dominated {
            keep.push(a);
        }
    }
    Ok(keep)
}

/// The options with the first Inf-reversible one bypassed, or `None` if none is: a Left
/// option `A` is Inf-reversible through `A^R` when `G >=_Inf A^R`, and is replaced by the
/// Left options of `A^R` (symmetrically for Right).
fn bypass(games: &mut Games, g: GameId, opts: &[GameId], side: Side, budget: &Budget) -> OpResult<Option<Vec<GameId>>> {
    for (i, &a) in opts.iter().enumerate() {
        listable(games, a)?;
        let replies = match side {
            Side::Left => games.right_options(a),
            Side::Right => games.left_options(a),
        };
        for reply in replies {
            budget.check()?;
            if better(games, g, reply, side, budget)? {
                let mut out: Vec<GameId> = opts[..i].to_vec();
                out.extend_from_slice(&opts[i + 1..]);
                out.extend(match side {
                    Side::Left => games.left_options(reply),
                    Side::Right => games.right_options(reply),
                });
                return Ok(Some(out));
            }
        }
    }
    Ok(None)
}

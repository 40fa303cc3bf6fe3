//! Recognising the uptimals CGSuite names: `x + ^<n> + *m`, `x + v<n> + *m`,
//! `x + ^[n] + *m` and `x + v[n] + *m` for `n >= 2` (Siegel, *Combinatorial Game Theory*,
//! II.7, "uptimals"; the names and the printed forms are CGSuite's).
//!
//! The definitions used are CGSuite's: `^<1> = ^`, `^<n+1> = {0 | v[n]*}` where
//! `^[n] = ^<1> + ... + ^<n>`, so `^<2> = {0 | v*}` and `^[2] = {^ | *}`; `v<n> = -^<n>` and
//! `v[n] = -^[n]`.
//!
//! A game is recognised by construction: every option of an uptimal is an uptimal with the
//! same number part, so the number part `x` is read off the number-up-star values among the
//! followers, and the length `n` is close to the longest chain of general followers; each
//! candidate `U` (a handful) is then checked exactly, by whether `G - x - U` is a nimber.
//! The tests check that every uptimal of this shape with small `n` and `m` is found.
//! Games with more than [`MAX_FOLLOWERS`] general followers are not tried.

use std::collections::HashMap;

/// The largest index of an uptimal the printer names and the language reads (`^<64>`, `^[64]`).
pub const MAX_UPTIMAL_NAME: u64 = 64;

use super::arena::{FxMap, insert_bounded};
use super::nimber::Nimber;
use super::{GameId, Games};
use crate::budget::{Budget, Exhausted};
use crate::dyadic::Dyadic;

/// General followers beyond which a game is not tried as an uptimal.
pub(crate) const MAX_FOLLOWERS: usize = 512;
/// Entries of the recognition cache before it is cleared.
const UPTIMAL_CACHE_MAX: usize = 1 << 16;

/// Which uptimal family: a single `^<n>` or the sum `^[n]`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Family {
    /// `^<n>` (up-nth).
    Unit,
    /// `^[n] = ^<1> + ... + ^<n>`.
    Sum,
}

/// A recognised uptimal `x ± U + *m`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct UptimalName {
    /// The number part.
    pub x: Dyadic,
    /// Whether it is `^...` (true) or `v...` (false).
    pub up: bool,
    /// The family.
    pub family: Family,
    /// The index `n >= 2`.
    pub n: u64,
    /// The nimber part.
    pub nim: Nimber,
}

/// The uptimals built so far, by index: `units[n]` is `^<n>` and `sums[n]` is `^[n]`.
#[derive(Default)]
pub(crate) struct UptimalTable {
    units: Vec<GameId>,
    sums: Vec<GameId>,
    known: FxMap<GameId, Option<UptimalName>>,
}

impl Games {
    /// The uptimal name of a general game, if CGSuite gives it one.
    pub(crate) fn uptimal_name(&mut self, g: GameId) -> Option<UptimalName> {
        if let Some(known) = self.uptimals.known.get(&g) {
            return known.clone();
        }
        let found = self.find_uptimal(g).ok().flatten();
        insert_bounded(&mut self.uptimals.known, UPTIMAL_CACHE_MAX, g, found.clone());
        found
    }

    /// `^<n>` (`up` true) or `v<n>`, `^[n]` or `v[n]`, for `n >= 1`.
    pub(crate) fn uptimal(&mut self, family: Family, up: bool, n: u64, budget: &Budget) -> Result<GameId, Exhausted> {
        let g = self.positive_uptimal(family, n, budget)?;
        if up { Ok(g) } else { self.negate(g, budget) }
    }

    fn positive_uptimal(&mut self, family: Family, n: u64, budget: &Budget) -> Result<GameId, Exhausted> {
        let n = usize::try_from(n).map_err(|_| Exhausted::Memory)?;
        if self.uptimals.units.is_empty() {
            let zero = self.zero();
            let up = self.nus(&Dyadic::zero(), 1, 0);
            self.uptimals.units = vec![zero, up];
            self.uptimals.sums = vec![zero, up];
        }
        while self.uptimals.units.len() <= n {
            budget.check()?;
            let k = self.uptimals.units.len();
            // ^<k> = {0 | v[k-1]*}, then ^[k] = ^[k-1] + ^<k>.
            let prev_sum = self.uptimals.sums[k - 1];
            let star = self.nimber(1);
            let down = self.negate(prev_sum, budget)?;
            let right = self.sum(down, star, budget)?;
            let zero = self.zero();
            let unit = self.canonicalise(vec![zero], vec![right], budget)?;
            let sum = self.sum(prev_sum, unit, budget)?;
            self.uptimals.units.push(unit);
            self.uptimals.sums.push(sum);
        }
        Ok(match family {
            Family::Unit => self.uptimals.units[n],
            Family::Sum => self.uptimals.sums[n],
        })
    }

    fn find_uptimal(&mut self, g: GameId) -> Result<Option<UptimalName>, Exhausted> {
        let Some((x, depth)) = self.uptimal_shape(g)? else { return Ok(None) };
        // The language reads `^<n>` and `^[n]` up to n = 64 (MAX_UPTIMAL_NAME), so deeper ones are
        // not named: a name that does not read back is no use, and the search below grows
        // with the depth without a budget (`^ : 388` took two minutes to print; found by
        // fuzzing).
        if depth > MAX_UPTIMAL_NAME + 1 {
            return Ok(None);
        }
        let budget = Budget::unlimited();
        let (l, r) = self.try_opts(g)?;
        let xid = self.number(&-&x);
        let e = self.sum(g, xid, &budget)?;
        let lo = depth.saturating_sub(1).max(2);
        for n in lo..=(depth + 2).min(MAX_UPTIMAL_NAME) {
            for family in [Family::Unit, Family::Sum] {
                for up in [true, false] {
                    // An uptimal with a positive last coefficient has exactly one Right option.
                    if (up && r.len() != 1) || (!up && l.len() != 1) {
                        continue;
                    }
                    let u = self.uptimal(family, up, n, &budget)?;
                    let nu = self.negate(u, &budget)?;
                    let d = self.sum(e, nu, &budget)?;
                    if let Some(m) = self.nus_of(d)
                        && m.x.is_zero()
                        && m.ups == 0
                    {
                        return Ok(Some(UptimalName { x, up, family, n, nim: m.nim.clone() }));
                    }
                }
            }
        }
        Ok(None)
    }

    /// The number part shared by every number-up-star follower of `g`, and the longest chain
    /// of general followers from `g`, if `g` could be an uptimal: every general follower has
    /// a single option on at least one side, and there are at most [`MAX_FOLLOWERS`].
    fn uptimal_shape(&mut self, g: GameId) -> Result<Option<(Dyadic, u64)>, Exhausted> {
        let mut x: Option<Dyadic> = None;
        let mut depth: HashMap<GameId, u64> = HashMap::new();
        // `(h, true)`: every option of h is done, so its depth can be computed.
        let mut stack = vec![(g, false)];
        let mut expanded = 0;
        while let Some((h, done)) = stack.pop() {
            let (l, r) = self.try_opts(h)?;
            if done {
                let d = l.iter().chain(r.iter()).filter_map(|o| depth.get(o)).max().map_or(1, |d| d + 1);
                depth.insert(h, d);
                continue;
            }
            if depth.contains_key(&h) {
                continue;
            }
            expanded += 1;
            if (l.len() > 1 && r.len() > 1) || expanded > MAX_FOLLOWERS {
                return Ok(None);
            }
            stack.push((h, true));
            for &o in l.iter().chain(r.iter()) {
                match self.nus_of(o) {
                    Some(n) if x.as_ref().is_some_and(|x| *x != n.x) => return Ok(None),
                    Some(n) => x = Some(n.x.clone()),
                    None if !depth.contains_key(&o) => stack.push((o, false)),
                    None => {}
                }
            }
        }
        Ok(x.zip(depth.get(&g).copied()))
    }
}

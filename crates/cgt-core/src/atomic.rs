//! Atomic weights of all-small games: how many copies of `↑` a game is worth.
//!
//! Computed by the atomic weight calculus, in the constructive form of Siegel's theorem
//! (Conway, *On Numbers and Games* ch. 16; Berlekamp–Conway–Guy, *Winning Ways* ch. 8; the
//! implementable statement is Larsson–Nowakowski, arXiv:2007.03949, Thm. 10): with
//! `A = { aw(G^L) - 2 | aw(G^R) + 2 }` (a game built from the options' atomic weights),
//! `aw(G) = A` unless `A` is an integer; then, with a far star `☆ = *N` (N larger than every
//! nimber in G), `aw(G) = 0` if `G || ☆` or `G = ☆`; if `G > ☆`, the largest integer `n` with
//! `n ◁| A^R` (not `A^R <= n`) for every Right option `A^R = aw(G^R) + 2`; if `G < ☆`, the
//! least integer `n` with `n |▷ A^L` (not `n <= A^L`) for every `A^L = aw(G^L) - 2`.
//! For `k·↑ + *m` the atomic weight is `k` directly.

use std::collections::HashMap;

use num_bigint::BigInt;

use crate::budget::{Budget, Exhausted};
use crate::dyadic::Dyadic;
use crate::game::{Comparison, GameId, Games};

/// Why a game has no atomic weight here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoAtomicWeight {
    /// The game is not all-small (some position has moves for one player only).
    NotAllSmall,
    /// The budget ran out.
    Exhausted(Exhausted),
}

impl From<Exhausted> for NoAtomicWeight {
    fn from(e: Exhausted) -> Self {
        NoAtomicWeight::Exhausted(e)
    }
}

/// The atomic weight of an all-small game, as a game (usually an integer).
pub fn atomic_weight(games: &mut Games, g: GameId, budget: &Budget) -> Result<GameId, NoAtomicWeight> {
    let mut calc = Calculus { memo: HashMap::new(), far: None, use_nus: true };
    calc.weight(games, g, budget)
}

/// The same by the calculus alone, never taking the `k·↑ + *m` shortcut (for tests).
pub fn atomic_weight_by_calculus(games: &mut Games, g: GameId, budget: &Budget) -> Result<GameId, NoAtomicWeight> {
    let mut calc = Calculus { memo: HashMap::new(), far: None, use_nus: false };
    calc.weight(games, g, budget)
}

struct Calculus {
    memo: HashMap<GameId, GameId>,
    far: Option<GameId>,
    use_nus: bool,
}

impl Calculus {
    fn weight(&mut self, games: &mut Games, g: GameId, budget: &Budget) -> Result<GameId, NoAtomicWeight> {
        if self.far.is_none() {
            check_all_small(games, g, budget)?;
            let n = max_nimber(games, g, budget)?;
            // Positions of `k·↑ + *m` hold nimbers up to `m ^ 1`, so twice the next power of
            // two above every nimber part seen is beyond all of them.
            self.far = Some(games.nimber(n.saturating_add(1).next_power_of_two().saturating_mul(2)));
        }
        self.weight_of(games, g, budget)
    }

    fn weight_of(&mut self, games: &mut Games, g: GameId, budget: &Budget) -> Result<GameId, NoAtomicWeight> {
        budget.check()?;
        if let Some(&w) = self.memo.get(&g) {
            return Ok(w);
        }
        let w = match games.as_nus(g) {
            Some((x, k, _)) if self.use_nus && x.is_zero() => games.number(&Dyadic::integer(k)),
            _ => self.by_calculus(games, g, budget)?,
        };
        self.memo.insert(g, w);
        Ok(w)
    }

    fn by_calculus(&mut self, games: &mut Games, g: GameId, budget: &Budget) -> Result<GameId, NoAtomicWeight> {
        let (two, minus_two) = (games.number(&Dyadic::integer(2)), games.number(&Dyadic::integer(-2)));
        let mut left = Vec::new();
        for o in games.left_options(g) {
            let w = self.weight_of(games, o, budget)?;
            left.push(games.add(w, minus_two, budget)?);
        }
        let mut right = Vec::new();
        for o in games.right_options(g) {
            let w = self.weight_of(games, o, budget)?;
            right.push(games.add(w, two, budget)?);
        }
        let a = games.from_options(&left, &right, budget)?;
        if !games.as_number(a).is_some_and(|x| x.is_integer()) {
            return Ok(a);
        }
        let far = self.far.expect("set by weight()");
        let n = match games.compare(g, far, budget)? {
            Comparison::Confused | Comparison::Equal => BigInt::from(0),
            Comparison::Greater => extreme_integer(games, &right, true, budget)?,
            Comparison::Less => extreme_integer(games, &left, false, budget)?,
        };
        Ok(games.number(&Dyadic::integer(n)))
    }
}

/// With `largest`: the largest integer `n` with `not (x <= n)` for every `x` in `options`;
/// otherwise the least integer `n` with `not (n <= x)` for every `x`.
fn extreme_integer(games: &mut Games, options: &[GameId], largest: bool, budget: &Budget) -> Result<BigInt, Exhausted> {
    // Every option lies between its stops, so integers beyond all stops satisfy (or fail)
    // the condition for all options: scan inwards from just beyond them.
    let mut bound = BigInt::from(0);
    for &x in options {
        let (ls, rs) = (crate::thermo::left_stop(games, x, budget)?, crate::thermo::right_stop(games, x, budget)?);
        bound = if largest { bound.max(ls.ceil() + 1) } else { bound.min(rs.floor() - 1) };
    }
    let mut n = bound;
    loop {
        budget.check()?;
        let id = games.number(&Dyadic::integer(n.clone()));
        let mut ok = true;
        for &x in options {
            let holds = if largest { !games.leq(x, id, budget)? } else { !games.leq(id, x, budget)? };
            if !holds {
                ok = false;
                break;
            }
        }
        if ok {
            return Ok(n);
        }
        n = if largest { n - 1 } else { n + 1 };
    }
}

/// Fails unless every position of `g` has Left options exactly when it has Right options.
fn check_all_small(games: &mut Games, g: GameId, budget: &Budget) -> Result<(), NoAtomicWeight> {
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![g];
    while let Some(x) = stack.pop() {
        budget.check()?;
        if !seen.insert(x) {
            continue;
        }
        if let Some((n, _, _)) = games.as_nus(x) {
            if n.is_zero() {
                continue;
            }
            return Err(NoAtomicWeight::NotAllSmall);
        }
        let (l, r) = (games.left_options(x), games.right_options(x));
        if l.is_empty() != r.is_empty() {
            return Err(NoAtomicWeight::NotAllSmall);
        }
        stack.extend(l);
        stack.extend(r);
    }
    Ok(())
}

/// The largest nimber part among the positions of `g`.
fn max_nimber(games: &mut Games, g: GameId, budget: &Budget) -> Result<u64, Exhausted> {
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![g];
    let mut best = 0;
    while let Some(x) = stack.pop() {
        budget.check()?;
        if !seen.insert(x) {
            continue;
        }
        if let Some((_, _, m)) = games.as_nus(x) {
            best = best.max(m);
            continue;
        }
        stack.extend(games.left_options(x));
        stack.extend(games.right_options(x));
    }
    Ok(best)
}

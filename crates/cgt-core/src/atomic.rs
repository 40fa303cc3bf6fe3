//! Atomic weights: how many copies of `↑` a game is worth, for every game that has one.
//!
//! Computed by the atomic weight calculus, in the constructive form of Siegel's theorem
//! (Conway, *On Numbers and Games* ch. 16; Berlekamp–Conway–Guy, *Winning Ways* ch. 8; the
//! implementable statement is Larsson–Nowakowski, arXiv:2007.03949, Thm. 10): with
//! `A = { aw(G^L) - 2 | aw(G^R) + 2 }` (a game built from the options' atomic weights),
//! `aw(G) = A` unless `A` is an integer; then, with a far star `☆ = *N` (N larger than every
//! nimber in G), `aw(G) = 0` if `G || ☆` or `G = ☆`; if `G > ☆`, the largest integer `n` with
//! `n ◁| A^R` (not `A^R <= n`) for every Right option `A^R = aw(G^R) + 2`; if `G < ☆`, the
//! least integer `n` with `n |▷ A^L` (not `n <= A^L`) for every `A^L = aw(G^L) - 2`.
//! For `x + k·↑ + *m` the atomic weight is `k` directly.
//!
//! Every all-small game has an atomic weight. Other games may too (CGSuite's
//! `CanonicalShortGame.AtomicWeight`): the atomic weight of G is the W with `G ~ W.↑`, where
//! `G ~ H` when `o(G + X + *m) = o(H + X + *m)` for every X and every large enough m. Only an
//! infinitesimal (both stops 0) can have one. For an infinitesimal G that is not all-small, the
//! calculus gives the candidate W (a number's weight taken as its multiple of `↑`, as CGSuite
//! does), and G is atomic when `-ε <= G - W.↑ <= ε` for `ε = ↑* + (☆ : -1)`, the ordinal sum of
//! a far star and -1 (CGSuite's test); `W.↑` is Norton's product (`{W^L.↑ + S | W^R.↑ - S}`
//! for S in `{0, ↑↑*}`, the `↑ + I` of ↑'s incentives I).

use std::collections::HashMap;

use num_bigint::BigInt;

use crate::budget::{Budget, Exhausted};
use crate::dyadic::Dyadic;
use crate::game::{Comparison, GameId, Games};

/// Why a game has no atomic weight here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoAtomicWeight {
    /// The game is not infinitesimal (a stop is not 0), so it is not like any multiple of `↑`.
    NotInfinitesimal,
    /// The game is infinitesimal but not atomic: `G - W.↑` is not within `↑* + (☆ : -1)` of 0
    /// for the weight `W` (given) that the calculus finds.
    NotAtomic(GameId),
    /// The budget ran out.
    Exhausted(Exhausted),
}

impl From<Exhausted> for NoAtomicWeight {
    fn from(e: Exhausted) -> Self {
        NoAtomicWeight::Exhausted(e)
    }
}

/// The atomic weight of a game, as a game (usually an integer), if it has one.
pub fn atomic_weight(games: &mut Games, g: GameId, budget: &Budget) -> Result<GameId, NoAtomicWeight> {
    weigh(games, g, true, budget)
}

/// The same by the calculus alone, never taking the `k·↑ + *m` shortcut on the positions of
/// an all-small game (for tests).
pub fn atomic_weight_by_calculus(games: &mut Games, g: GameId, budget: &Budget) -> Result<GameId, NoAtomicWeight> {
    weigh(games, g, false, budget)
}

fn weigh(games: &mut Games, g: GameId, use_nus: bool, budget: &Budget) -> Result<GameId, NoAtomicWeight> {
    let small = is_all_small(games, g, budget)?;
    if !small && !is_infinitesimal(games, g, budget)? {
        return Err(NoAtomicWeight::NotInfinitesimal);
    }
    let mut calc = Calculus { memo: HashMap::new(), far: None, use_nus };
    let w = calc.weight(games, g, budget)?;
    let far = calc.far.expect("set by weight()");
    if !small && !within_kite(games, g, w, far, budget)? {
        return Err(NoAtomicWeight::NotAtomic(w));
    }
    Ok(w)
}

/// Both stops of `g` are 0.
fn is_infinitesimal(games: &mut Games, g: GameId, budget: &Budget) -> Result<bool, Exhausted> {
    Ok(crate::thermo::left_stop(games, g, budget)?.is_zero() && crate::thermo::right_stop(games, g, budget)?.is_zero())
}

/// `-ε <= g - w.↑ <= ε` for `ε = ↑* + (far : -1)`: CGSuite's test that the infinitesimal `g`
/// is atomic with weight `w`.
fn within_kite(games: &mut Games, g: GameId, w: GameId, far: GameId, budget: &Budget) -> Result<bool, Exhausted> {
    let up_star = games.nus(&Dyadic::zero(), 1, 1);
    let wu = up_multiple(games, w, budget)?;
    let d = games.sub(g, wu, budget)?;
    let minus_one = games.number(&Dyadic::integer(-1));
    let kite = games.ordinal_sum(far, minus_one, budget)?;
    let eps = games.add(up_star, kite, budget)?;
    let minus_eps = games.neg(eps, budget)?;
    Ok(games.leq(d, eps, budget)? && games.leq(minus_eps, d, budget)?)
}

/// Norton's product `w.↑` for any game `w` (the game an atomic weight `w` stands for).
pub fn up_multiple(games: &mut Games, w: GameId, budget: &Budget) -> Result<GameId, Exhausted> {
    let steps = [games.zero(), games.nus(&Dyadic::zero(), 2, 1)];
    times_up(games, w, &steps, &mut HashMap::new(), budget)
}

/// Norton's product `w.↑`: `n·↑` for an integer n, otherwise
/// `{w^L.↑ + S | w^R.↑ - S}` for S in `steps` = `{0, ↑↑*}` (ONAG ch. 15; CGT II.6).
fn times_up(
    games: &mut Games,
    w: GameId,
    steps: &[GameId; 2],
    memo: &mut HashMap<GameId, GameId>,
    budget: &Budget,
) -> Result<GameId, Exhausted> {
    budget.check()?;
    if let Some(n) = games.as_number(w).filter(|x| x.is_integer()) {
        let k = i64::try_from(n.floor()).map_err(|_| Exhausted::Memory)?;
        return Ok(games.nus(&Dyadic::zero(), k, 0));
    }
    if let Some(&p) = memo.get(&w) {
        return Ok(p);
    }
    let (mut left, mut right) = (Vec::new(), Vec::new());
    for l in games.left_options(w) {
        let p = times_up(games, l, steps, memo, budget)?;
        for &s in steps {
            left.push(games.add(p, s, budget)?);
        }
    }
    for r in games.right_options(w) {
        let p = times_up(games, r, steps, memo, budget)?;
        for &s in steps {
            right.push(games.sub(p, s, budget)?);
        }
    }
    let p = games.from_options(&left, &right, budget)?;
    memo.insert(w, p);
    Ok(p)
}

struct Calculus {
    memo: HashMap<GameId, GameId>,
    far: Option<GameId>,
    use_nus: bool,
}

impl Calculus {
    fn weight(&mut self, games: &mut Games, g: GameId, budget: &Budget) -> Result<GameId, NoAtomicWeight> {
        if self.far.is_none() {
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
            // A number's weight is its multiple of `↑` (0), as in CGSuite, not the calculus's
            // (which would give 1/2 the weight 1).
            Some((x, k, _)) if self.use_nus || !x.is_zero() => games.number(&Dyadic::integer(k)),
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

/// Whether every position of `g` has Left options exactly when it has Right options.
fn is_all_small(games: &mut Games, g: GameId, budget: &Budget) -> Result<bool, Exhausted> {
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
            return Ok(false);
        }
        let (l, r) = (games.left_options(x), games.right_options(x));
        if l.is_empty() != r.is_empty() {
            return Ok(false);
        }
        stack.extend(l);
        stack.extend(r);
    }
    Ok(true)
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

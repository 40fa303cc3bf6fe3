//! Temperature theory: stops, thermographs, means and temperatures of canonical short games,
//! all exact (docs/src/theory/temperature.md; Siegel, *Combinatorial Game Theory*, II.5;
//! Berlekamp–Conway–Guy, *Winning Ways*, ch. 6).
//!
//! # Conventions
//!
//! Cooling follows Siegel's definition for `t >= -1`: an integer `n` cools to `n`; any other
//! game cools to `G_t = {G^L_t - t | G^R_t + t}` until it first becomes infinitely close to a
//! number, and stays that number (the mean) above. A dyadic `m/2^j` is not a base case: it
//! cools through its options `{(m-1)/2^j | (m+1)/2^j}`, which gives CGSuite's temperatures
//! `temp(n) = -1` for integers and `temp(m/2^j) = -1/2^j`; infinitesimals have temperature 0.
//!
//! The walls are built from the options' walls (the thermograph theorem, CGT II.5): the left
//! wall is the maximum over `G^L` of `RW_{G^L}(t) - t`, the right wall the minimum over `G^R`
//! of `LW_{G^R}(t) + t`, up to the least `t` where they meet; above it both are the mast.
//!
//! Every function walks the game's DAG once, bottom-up with an explicit stack (no recursion, so
//! deep games cannot overflow the stack), memoising per [`GameId`] within the call.

mod render;
mod tikz;
mod trajectory;

use std::collections::{HashMap, HashSet};

use trajectory::{Extreme, minus_one};
pub use trajectory::{Piece, Trajectory};

use crate::budget::{Budget, Exhausted};
use crate::dyadic::Dyadic;
use crate::game::{GameId, Games};

/// The thermograph of a game: its two walls, its temperature and the mean where the mast stands.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Thermograph {
    /// Left's wall (the larger values; drawn on the left).
    pub left: Trajectory,
    /// Right's wall (the smaller values; drawn on the right).
    pub right: Trajectory,
    /// The temperature: where the walls meet and the mast begins.
    pub temperature: Dyadic,
    /// The mean: the value of the mast.
    pub mast: Dyadic,
}

/// The left stop of `g`: the number reached when Left starts and both play to the first number.
pub fn left_stop(games: &mut Games, g: GameId, budget: &Budget) -> Result<Dyadic, Exhausted> {
    Ok(stops(games, g, budget)?.0)
}

/// The right stop of `g`: the number reached when Right starts.
pub fn right_stop(games: &mut Games, g: GameId, budget: &Budget) -> Result<Dyadic, Exhausted> {
    Ok(stops(games, g, budget)?.1)
}

/// The thermograph of `g`.
pub fn thermograph(games: &mut Games, g: GameId, budget: &Budget) -> Result<Thermograph, Exhausted> {
    let mut memo: HashMap<GameId, Thermograph> = HashMap::new();
    for h in post_order(games, g, is_thermal_leaf, budget)? {
        let t = thermograph_from_options(games, h, &memo, budget)?;
        memo.insert(h, t);
    }
    Ok(memo.remove(&g).expect("the root comes last in the post-order"))
}

/// The mean of `g`: the value of the mast of its thermograph.
pub fn mean(games: &mut Games, g: GameId, budget: &Budget) -> Result<Dyadic, Exhausted> {
    if let Some(x) = games.as_nus(g).map(|(x, _, _)| x) {
        return Ok(x);
    }
    Ok(thermograph(games, g, budget)?.mast)
}

/// The temperature of `g`, with CGSuite's convention for numbers (`-1` for integers,
/// `-1/2^j` for `m/2^j`).
pub fn temperature(games: &mut Games, g: GameId, budget: &Budget) -> Result<Dyadic, Exhausted> {
    if let Some(t) = nus_temperature(games, g) {
        return Ok(t);
    }
    Ok(thermograph(games, g, budget)?.temperature)
}

impl Thermograph {
    /// The thermograph of the integer `n`: a mast from `t = -1`.
    fn integer(n: Dyadic) -> Self {
        Thermograph {
            left: Trajectory::constant(n.clone()),
            right: Trajectory::constant(n.clone()),
            temperature: minus_one(),
            mast: n,
        }
    }

    /// Joins two walls at their first meeting point and puts the mast above it.
    fn from_walls(left: Trajectory, right: Trajectory) -> Self {
        let (temperature, mast) = match Trajectory::first_meet(&left, &right) {
            Some(t) => {
                let x = left.value_at(&t);
                (t, x)
            }
            // Unreachable for games with options on both sides: the left wall ends with slope
            // -1 and the right wall with slope +1, so they always meet.
            None => {
                let t = left.breakpoints().last().map_or_else(minus_one, |(t, _)| t.clone());
                let x = left.value_at(&t);
                (t, x)
            }
        };
        Thermograph {
            left: left.with_mast(&temperature, mast.clone()),
            right: right.with_mast(&temperature, mast.clone()),
            temperature,
            mast,
        }
    }
}

/// The temperature of a number-up-star value, known without building walls: `-1` for an
/// integer, `-1/2^j` for `m/2^j`, and 0 for the infinitesimally shifted numbers.
fn nus_temperature(games: &Games, g: GameId) -> Option<Dyadic> {
    let (x, ups, nim) = games.as_nus(g)?;
    Some(match (ups, nim) {
        (0, 0) if x.is_integer() => minus_one(),
        (0, 0) => -Dyadic::half_power(x.exponent()),
        _ => Dyadic::zero(),
    })
}

/// Whether the thermograph of `g` is known without looking at its options: integers, and
/// nimbers `n + *m` on an integer `n`.
fn is_thermal_leaf(games: &Games, g: GameId) -> bool {
    matches!(games.as_nus(g), Some((x, 0, _)) if x.is_integer())
}

/// The thermograph of `g` from the thermographs of its options, all in `memo`.
fn thermograph_from_options(
    games: &mut Games,
    g: GameId,
    memo: &HashMap<GameId, Thermograph>,
    budget: &Budget,
) -> Result<Thermograph, Exhausted> {
    if let Some((x, 0, nim)) = games.as_nus(g)
        && x.is_integer()
    {
        return Ok(integer_nimber(x, nim));
    }
    let lefts = games.left_options(g);
    let rights = games.right_options(g);
    let left = extreme_wall(&lefts, memo, |t| t.right.tilt(-1), Extreme::Max, budget)?;
    let right = extreme_wall(&rights, memo, |t| t.left.tilt(1), Extreme::Min, budget)?;
    Ok(match (left, right) {
        (Some(l), Some(r)) => Thermograph::from_walls(l, r),
        // Canonical games with an empty side are integers, caught above; stay total anyway by
        // standing the mast on the wall there is.
        (Some(w), None) | (None, Some(w)) => Thermograph::integer(w.value_at(&Dyadic::zero())),
        (None, None) => Thermograph::integer(Dyadic::zero()),
    })
}

/// The thermograph of `n + *m` for an integer `n`. For `m >= 1` the walls are `n - t` and
/// `n + t` up to `t = 0`: by induction on `m`, the option `n` contributes `n - t` to the left
/// wall and each `n + *j` (j >= 1) contributes `(n + t) - t = n` below 0 and `n - t` above.
fn integer_nimber(n: Dyadic, nim: u64) -> Thermograph {
    if nim == 0 {
        return Thermograph::integer(n);
    }
    let one = Dyadic::integer(1);
    Thermograph::from_walls(Trajectory::line(&n + &one, -1), Trajectory::line(&n - &one, 1))
}

/// The pointwise extreme of `wall(thermograph of o)` over the options `o`, or `None` if there
/// are no options.
fn extreme_wall(
    options: &[GameId],
    memo: &HashMap<GameId, Thermograph>,
    wall: impl Fn(&Thermograph) -> Trajectory,
    extreme: Extreme,
    budget: &Budget,
) -> Result<Option<Trajectory>, Exhausted> {
    let mut acc: Option<Trajectory> = None;
    for o in options {
        budget.check()?;
        let w = wall(&memo[o]);
        acc = Some(match acc {
            None => w,
            Some(a) => a.combine(&w, extreme),
        });
    }
    Ok(acc)
}

/// Both stops of `g`, from the definition, bottom-up over the DAG.
fn stops(games: &mut Games, g: GameId, budget: &Budget) -> Result<(Dyadic, Dyadic), Exhausted> {
    let mut memo: HashMap<GameId, (Dyadic, Dyadic)> = HashMap::new();
    for h in post_order(games, g, |games, h| games.as_number(h).is_some(), budget)? {
        let s = stops_from_options(games, h, &memo, budget)?;
        memo.insert(h, s);
    }
    Ok(memo.remove(&g).expect("the root comes last in the post-order"))
}

/// The stops of `g` from those of its options: a number's stops are itself; otherwise
/// `LS = max RS(G^L)` and `RS = min LS(G^R)`.
fn stops_from_options(
    games: &mut Games,
    g: GameId,
    memo: &HashMap<GameId, (Dyadic, Dyadic)>,
    budget: &Budget,
) -> Result<(Dyadic, Dyadic), Exhausted> {
    if let Some(x) = games.as_number(g) {
        return Ok((x.clone(), x));
    }
    let mut ls: Option<Dyadic> = None;
    for l in games.left_options(g) {
        budget.check()?;
        let rs = &memo[&l].1;
        ls = Some(ls.map_or_else(|| rs.clone(), |a| a.max(rs.clone())));
    }
    let mut rs: Option<Dyadic> = None;
    for r in games.right_options(g) {
        budget.check()?;
        let ls = &memo[&r].0;
        rs = Some(rs.map_or_else(|| ls.clone(), |a| a.min(ls.clone())));
    }
    // Only numbers lack options on a side in canonical form; stay total anyway.
    Ok(match (ls, rs) {
        (Some(l), Some(r)) => (l, r),
        (Some(x), None) | (None, Some(x)) => (x.clone(), x),
        (None, None) => (Dyadic::zero(), Dyadic::zero()),
    })
}

/// Every game reachable from `root` through options, children before parents, each once; the
/// options of games for which `is_leaf` holds are not visited.
fn post_order(
    games: &mut Games,
    root: GameId,
    is_leaf: impl Fn(&Games, GameId) -> bool,
    budget: &Budget,
) -> Result<Vec<GameId>, Exhausted> {
    let mut seen: HashSet<GameId> = HashSet::new();
    let mut order = Vec::new();
    // `(g, true)` means all of g's options have been dealt with and g can be finished.
    let mut stack = vec![(root, false)];
    while let Some((g, expanded)) = stack.pop() {
        budget.check()?;
        if expanded {
            order.push(g);
            continue;
        }
        if !seen.insert(g) {
            continue;
        }
        stack.push((g, true));
        if is_leaf(games, g) {
            continue;
        }
        if games.has_huge_options(g) {
            // `x + *n` with n in the millions: listing its options is not an option.
            return Err(Exhausted::Memory);
        }
        let options = games.left_options(g).into_iter().chain(games.right_options(g));
        stack.extend(options.filter(|o| !seen.contains(o)).map(|o| (o, false)));
    }
    Ok(order)
}

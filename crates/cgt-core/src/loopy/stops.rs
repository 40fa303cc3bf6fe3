//! Stops, degree and variety of stoppers (Siegel *CGT* ch. VI; the definitions CGSuite uses for
//! its `LeftStop`, `RightStop`, `Degree` and `Variety` of a canonical stopper).
//!
//! * **Pseudonumbers** are the stoppers `on`, `off`, the numbers x, and `x + over = {x | pass}`
//!   and `x + under = {pass | x}`. They are totally ordered:
//!   `off < x+under < x < x+over < y+under < ... < on` for numbers `x < y`.
//! * **Stops.** A pseudonumber is its own left and right stop; a short game has its usual
//!   stops; otherwise `LS(G) = max RS(G^L)` and `RS(G) = min LS(G^R)` over the simplest form.
//!   The recursion alternates the players, so it ends on a stopper (no infinite alternating
//!   play): it is evaluated here over the states (position, player to move) in reverse
//!   topological order, without recursion.
//! * **Degree** (degree of loopiness): `0` for a short game, else the onside of `G - G`.
//! * **Variety**: when the degree D is idempotent (`D + D = D`), the onside of
//!   `G + (-G - D)^-` (the offside of `-G - D`), which equals the offside of
//!   `G + (-G + D)^+`; CGSuite checks the two agree (Siegel's stability conjecture) and so do we.

use std::cmp::Ordering;

use super::graph::{LoopyGraph, Player};
use super::sides::{Side, SidesError, side};
use super::simplify::SideForm;
use super::stopper::{Stopper, StopperError, short_values};
use crate::budget::{Budget, Exhausted};
use crate::dyadic::Dyadic;
use crate::game::{Comparison, Games};
use crate::thermo;

/// A pseudonumber: a possible stop of a stopper.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pseudo {
    /// `off = {| pass}`.
    Off,
    /// `x + under = {pass | x}`.
    Under(Dyadic),
    /// The number x.
    Number(Dyadic),
    /// `x + over = {x | pass}`.
    Over(Dyadic),
    /// `on = {pass |}`.
    On,
}

impl Pseudo {
    /// The sort key: (-1 for off, 0 for the adorned numbers, 1 for on), the number, and the
    /// adornment (-1 under, 0 none, 1 over).
    fn key(&self) -> (i8, Option<&Dyadic>, i8) {
        match self {
            Pseudo::Off => (-1, None, 0),
            Pseudo::Under(x) => (0, Some(x), -1),
            Pseudo::Number(x) => (0, Some(x), 0),
            Pseudo::Over(x) => (0, Some(x), 1),
            Pseudo::On => (1, None, 0),
        }
    }

    /// The pseudonumber as a stopper in simplest form (a number is a short game, which a
    /// stopper may be).
    pub fn to_stopper(&self, games: &mut Games, budget: &Budget) -> Result<Stopper, StopperError> {
        let mut graph = LoopyGraph::default();
        let root = graph.add_position();
        let number = |graph: &mut LoopyGraph, games: &mut Games, x: &Dyadic| -> Result<usize, Exhausted> {
            let g = games.number(x);
            graph.add_short(games, g, budget)
        };
        match self {
            Pseudo::Off => graph.options_push(Player::Right, root, root),
            Pseudo::On => graph.options_push(Player::Left, root, root),
            Pseudo::Number(x) => {
                let g = games.number(x);
                return Stopper::from_short(games, g, budget);
            }
            Pseudo::Over(x) => {
                let w = number(&mut graph, games, x)?;
                graph.options_push(Player::Left, root, w);
                graph.options_push(Player::Right, root, root);
            }
            Pseudo::Under(x) => {
                let w = number(&mut graph, games, x)?;
                graph.options_push(Player::Left, root, root);
                graph.options_push(Player::Right, root, w);
            }
        }
        Stopper::new(&graph, root, budget)
    }
}

impl Ord for Pseudo {
    fn cmp(&self, other: &Self) -> Ordering {
        self.key().cmp(&other.key())
    }
}

impl PartialOrd for Pseudo {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// Why the stops, degree or variety of a stopper could not be given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopsError {
    /// A position that is not a pseudonumber has no options for the player to move (never
    /// seen on a simplest form; an error rather than a guess).
    NoOption,
    /// The degree is not idempotent, so the variety is not defined.
    DegreeNotIdempotent,
    /// The two constructions of the variety differ (a counterexample to Siegel's stability
    /// conjecture), or a side needed was not a stopper.
    Unstable,
    /// The budget ran out.
    Exhausted(Exhausted),
}

impl From<Exhausted> for StopsError {
    fn from(e: Exhausted) -> Self {
        StopsError::Exhausted(e)
    }
}

impl From<StopperError> for StopsError {
    fn from(e: StopperError) -> Self {
        match e {
            StopperError::Exhausted(x) => StopsError::Exhausted(x),
            _ => StopsError::Unstable,
        }
    }
}

impl From<SidesError> for StopsError {
    fn from(e: SidesError) -> Self {
        match e {
            SidesError::Exhausted(x) => StopsError::Exhausted(x),
            _ => StopsError::Unstable,
        }
    }
}

impl std::fmt::Display for StopsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            StopsError::NoOption => "a position that is not a pseudonumber has no move for the player to move",
            StopsError::DegreeNotIdempotent => {
                "the variety is defined only when the degree D is idempotent (D + D = D)"
            }
            StopsError::Unstable => "the two constructions of the variety differ",
            StopsError::Exhausted(_) => "the budget ran out",
        })
    }
}

/// The pseudonumber position `v` of a simplest form is, if it is one (`short` gives the short
/// games of the positions on no cycle).
fn pseudonumber(g: &LoopyGraph, v: usize, short: &[Option<crate::game::GameId>], games: &Games) -> Option<Pseudo> {
    let number = |w: usize| short[w].and_then(|id| games.as_number(id));
    match (g.options(Player::Left, v), g.options(Player::Right, v)) {
        ([l], []) if *l == v => Some(Pseudo::On),
        ([], [r]) if *r == v => Some(Pseudo::Off),
        ([l], [r]) if *r == v && *l != v => number(*l).map(Pseudo::Over),
        ([l], [r]) if *l == v && *r != v => number(*r).map(Pseudo::Under),
        _ => None,
    }
}

/// The left and right stops of a stopper.
pub fn stops(s: &Stopper, games: &mut Games, budget: &Budget) -> Result<(Pseudo, Pseudo), StopsError> {
    let g = s.graph();
    let n = g.len();
    let short = short_values(g, games, budget)?;
    // State 2v + 0: Left to move at v (its left stop); 2v + 1: Right to move (its right stop).
    let mut stop: Vec<Option<Pseudo>> = vec![None; 2 * n];
    let mut waiting = vec![0usize; 2 * n];
    let mut preds: Vec<Vec<usize>> = vec![Vec::new(); 2 * n];
    let mut ready = Vec::new();
    for v in 0..n {
        budget.check()?;
        let fixed = match short[v] {
            Some(id) => Some((
                Pseudo::Number(thermo::left_stop(games, id, budget)?),
                Pseudo::Number(thermo::right_stop(games, id, budget)?),
            )),
            None => pseudonumber(g, v, &short, games).map(|p| (p.clone(), p)),
        };
        if let Some((l, r)) = fixed {
            stop[2 * v] = Some(l);
            stop[2 * v + 1] = Some(r);
            ready.extend([2 * v, 2 * v + 1]);
            continue;
        }
        for (p, player) in [(0, Player::Left), (1, Player::Right)] {
            let opts = g.options(player, v);
            if opts.is_empty() {
                return Err(StopsError::NoOption);
            }
            waiting[2 * v + p] = opts.len();
            // After the mover's move, the other player is to move.
            opts.iter().for_each(|&w| preds[2 * w + (1 - p)].push(2 * v + p));
        }
    }
    let mut pending: Vec<usize> = Vec::new();
    while let Some(state) = ready.pop() {
        budget.check()?;
        for &u in &preds[state] {
            waiting[u] -= 1;
            if waiting[u] == 0 {
                pending.push(u);
            }
        }
        for u in pending.drain(..) {
            let (v, left) = (u / 2, u % 2 == 0);
            let player = if left { Player::Left } else { Player::Right };
            let after = g.options(player, v).iter().filter_map(|&w| stop[2 * w + usize::from(left)].clone());
            stop[u] = if left { after.max() } else { after.min() };
            ready.push(u);
        }
    }
    match (stop[0].take(), stop[1].take()) {
        (Some(l), Some(r)) => Ok((l, r)),
        // Every state is resolved on a stopper (no cycle of alternating moves).
        _ => Err(StopsError::NoOption),
    }
}

/// The onside of `a + b` as a stopper.
fn upsum(a: &Stopper, b: &Stopper, budget: &Budget) -> Result<Stopper, StopsError> {
    let sum = a.graph().sum(0, b.graph(), 0, budget)?;
    one_side(&sum, Side::On, budget)
}

/// The offside of `a + b` as a stopper.
fn downsum(a: &Stopper, b: &Stopper, budget: &Budget) -> Result<Stopper, StopsError> {
    let sum = a.graph().sum(0, b.graph(), 0, budget)?;
    one_side(&sum, Side::Off, budget)
}

/// A side of position 0 of `g`, which must be a stopper (the sides of sums of stoppers are).
fn one_side(g: &LoopyGraph, which: Side, budget: &Budget) -> Result<Stopper, StopsError> {
    match side(g, 0, which, budget)? {
        SideForm::Stopper(s) => Ok(s),
        SideForm::Loopy(_) => Err(StopsError::Unstable),
    }
}

/// The degree of loopiness: 0 for a short game, else the onside of `G - G`.
pub fn degree(s: &Stopper, games: &mut Games, budget: &Budget) -> Result<Stopper, StopsError> {
    if s.is_short() {
        let zero = games.zero();
        return Ok(Stopper::from_short(games, zero, budget)?);
    }
    upsum(s, &s.neg(), budget)
}

/// The variety of G: with D its degree, idempotent, the onside of `G + (-G - D)^-`, checked
/// equal to the offside of `G + (-G + D)^+`.
pub fn variety(s: &Stopper, games: &mut Games, budget: &Budget) -> Result<Stopper, StopsError> {
    let d = degree(s, games, budget)?;
    if !is_idempotent(&d, budget)? {
        return Err(StopsError::DegreeNotIdempotent);
    }
    let neg = s.neg();
    let up = upsum(s, &downsum(&neg, &d.neg(), budget)?, budget)?;
    let down = downsum(s, &upsum(&neg, &d, budget)?, budget)?;
    if up.compare(&down, budget)? != Comparison::Equal {
        return Err(StopsError::Unstable);
    }
    Ok(up)
}

/// Whether `d + d = d` (both sides of the sum equal d).
fn is_idempotent(d: &Stopper, budget: &Budget) -> Result<bool, StopsError> {
    let sum = d.graph().sum(0, d.graph(), 0, budget)?;
    for which in [Side::On, Side::Off] {
        let equal = match side(&sum, 0, which, budget)? {
            SideForm::Stopper(x) => x.compare(d, budget)? == Comparison::Equal,
            SideForm::Loopy(_) => false,
        };
        if !equal {
            return Ok(false);
        }
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pseudos() -> Vec<Pseudo> {
        let xs = [Dyadic::integer(-2), Dyadic::new(-1, 2), Dyadic::zero(), Dyadic::new(3, 1), Dyadic::integer(5)];
        let mut out = vec![Pseudo::Off, Pseudo::On];
        for x in xs {
            out.extend([Pseudo::Under(x.clone()), Pseudo::Number(x.clone()), Pseudo::Over(x)]);
        }
        out
    }

    #[test]
    fn a_pseudonumber_is_its_own_stops_and_the_order_is_the_stopper_order() {
        let mut games = Games::new();
        let budget = Budget::unlimited();
        let all = pseudos();
        let stoppers: Vec<Stopper> = all.iter().map(|p| p.to_stopper(&mut games, &budget).expect("stopper")).collect();
        for (p, s) in all.iter().zip(&stoppers) {
            let (l, r) = stops(s, &mut games, &budget).expect("stops");
            assert_eq!((&l, &r), (p, p), "stops of {p:?}");
        }
        // The order of pseudonumbers is the order of the stoppers they are.
        for (p, s) in all.iter().zip(&stoppers) {
            for (q, t) in all.iter().zip(&stoppers) {
                let want = match p.cmp(q) {
                    Ordering::Less => Comparison::Less,
                    Ordering::Equal => Comparison::Equal,
                    Ordering::Greater => Comparison::Greater,
                };
                assert_eq!(s.compare(t, &budget).expect("compare"), want, "{p:?} vs {q:?}");
            }
        }
    }
}

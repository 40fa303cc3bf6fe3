//! Onsides and offsides of loopy games (Siegel *CGT* ch. VI.4-5 "sides" and sidling; WW ch. 11;
//! Conway, "Loopy games", 1978), and sided values `S & T` with their sums, negatives and order.
//!
//! * The onside `G+` of G is G played with every infinite play a win for Left, the offside `G-`
//!   with every infinite play a win for Right. A game is stopper-sided when both are (equal to)
//!   stoppers; its value is written `G+ & G-`, and a stopper S is `S & S`.
//! * The order of sides: `G+ <= H+` iff Left, moving second, survives `H - G` when an infinite
//!   play counts for Left exactly when the component H is moved in infinitely often (H is taken
//!   on its onside, so infinite play there favours Left; -G on its offside, so infinite play
//!   confined to it favours Right). `G- <= H-` iff `(-H)+ <= (-G)+`. Each is a Büchi game on the
//!   states (position of G, position of H, mover) (`loopy/buchi.rs`); on stoppers both agree
//!   with the survival order.
//! * A game of several strongly connected components is valued component by component, sinks
//!   first, each lower position a higher one moves to replaced by the stopper of its onside
//!   (`loopy/components.rs`, with the proof); the root's stopper is checked against the game.
//! * Sides are found by deleting options while the onside of the root stays equal
//!   (`loopy/prune.rs`: dominated Left options at once, dominated Right options in checked
//!   batches, then options on alternating cycles one at a time); once no alternating cycle is
//!   left, the graph is a stopper equal to the side, put in simplest form, and checked once more
//!   against the game at its root. The old path (one edge at a time, each checked at the
//!   position it leaves, starting again after every deletion) is kept to test against. When this finds no stopper (Bach's Carousel, whose sides are
//!   not stoppers), the side is the game simplified as a loopy graph (`loopy/simplify.rs`).
//! * Sums: `(G + H)+` is the onside of `G+ + H+` and `(G + H)-` the offside of `G- + H-`;
//!   `-(S & T) = -T & -S`; `G >= H` iff `G+ >= H+` and `G- >= H-` (by `side_leq` when a side
//!   is not a stopper). The outcome class is read from the sides: Left starting wins G iff she
//!   wins `G-` with infinite play Right's, and draws iff she wins only `G+` with it Left's.

pub(crate) use super::buchi::{onside_leq, onside_table};
use super::components::onside_by_components;
use super::graph::{LoopyGraph, LoopyOutcome, PlayResult, Player};
use super::prune::delete_to_stopper;
#[cfg(test)]
use super::simplify::without_option;
use super::simplify::{SideForm, simplified_onside};
#[cfg(test)]
use super::stopper::alternating_acyclic;
use super::stopper::{Stopper, StopperError};
use crate::budget::{Budget, Exhausted};
use crate::game::{Comparison, DisplayStyle, Games};

/// Which side of a loopy game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The onside: infinite play is a win for Left.
    On,
    /// The offside: infinite play is a win for Right.
    Off,
}

/// Why the sides of a game could not be given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SidesError {
    /// The side found failed its final check against the game (never seen in the tests; the
    /// value is then not given rather than guessed).
    NotStopperSided(Side),
    /// The start is not a position of the graph.
    NoSuchPosition,
    /// The budget ran out.
    Exhausted(Exhausted),
}

impl From<Exhausted> for SidesError {
    fn from(e: Exhausted) -> Self {
        SidesError::Exhausted(e)
    }
}

impl From<StopperError> for SidesError {
    fn from(e: StopperError) -> Self {
        match e {
            StopperError::Exhausted(x) => SidesError::Exhausted(x),
            StopperError::NoSuchPosition => SidesError::NoSuchPosition,
            // A graph without alternating cycles is always a stopper.
            StopperError::NotStopper => SidesError::NotStopperSided(Side::On),
        }
    }
}

impl std::fmt::Display for SidesError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SidesError::NotStopperSided(side) => {
                let which = if *side == Side::On { "onside" } else { "offside" };
                write!(f, "the {which} found is not equal to the game's (a simplification failed its check)")
            }
            SidesError::NoSuchPosition => f.write_str("the start is not a position of the graph"),
            SidesError::Exhausted(e) => write!(f, "stopped: {e}"),
        }
    }
}

/// A sided value `onside & offside`, each side a stopper in simplest form or, when it is not a
/// stopper (Bach's Carousel), a simplified loopy graph.
#[derive(Clone, Debug)]
pub struct Sided {
    onside: SideForm,
    offside: SideForm,
}

/// Whether `side` of position `gv` of `g` is at most `side` of position `hv` of `h`.
pub fn side_leq(
    g: &LoopyGraph,
    gv: usize,
    h: &LoopyGraph,
    hv: usize,
    side: Side,
    budget: &Budget,
) -> Result<bool, Exhausted> {
    match side {
        Side::On => onside_leq(g, gv, h, hv, budget),
        Side::Off => onside_leq(&h.negated(), hv, &g.negated(), gv, budget),
    }
}

/// The side of position `root` of `graph`: a stopper in simplest form, or a simplified graph.
pub fn side(graph: &LoopyGraph, root: usize, side: Side, budget: &Budget) -> Result<SideForm, SidesError> {
    if root >= graph.len() {
        return Err(SidesError::NoSuchPosition);
    }
    match side {
        Side::On => onside(graph, root, budget),
        Side::Off => match onside(&graph.negated(), root, budget) {
            Ok(s) => Ok(s.neg()),
            Err(SidesError::NotStopperSided(_)) => Err(SidesError::NotStopperSided(Side::Off)),
            Err(e) => Err(e),
        },
    }
}

impl Sided {
    /// The sides of position `root` of `graph`.
    pub fn new(graph: &LoopyGraph, root: usize, budget: &Budget) -> Result<Sided, SidesError> {
        let onside = side(graph, root, Side::On, budget)?;
        let offside = side(graph, root, Side::Off, budget)?;
        Ok(Sided { onside, offside })
    }

    /// The value `onside & offside` of two stoppers, defined when `onside >= offside` (`None`
    /// otherwise).
    pub fn from_sides(onside: Stopper, offside: Stopper, budget: &Budget) -> Result<Option<Sided>, Exhausted> {
        let ok = offside.leq(&onside, budget)?;
        Ok(ok.then_some(Sided { onside: SideForm::Stopper(onside), offside: SideForm::Stopper(offside) }))
    }

    /// The value with these sides, found as the sides of one game (so `onside >= offside`; for
    /// two stoppers this is checked, and `None` returned if it fails).
    pub fn from_forms(onside: SideForm, offside: SideForm, budget: &Budget) -> Result<Option<Sided>, Exhausted> {
        match (onside, offside) {
            (SideForm::Stopper(a), SideForm::Stopper(b)) => Sided::from_sides(a, b, budget),
            (onside, offside) => Ok(Some(Sided { onside, offside })),
        }
    }

    /// A stopper as a sided value (both sides are the stopper).
    pub fn from_stopper(s: Stopper) -> Sided {
        Sided { onside: SideForm::Stopper(s.clone()), offside: SideForm::Stopper(s) }
    }

    /// The onside.
    pub fn onside(&self) -> &SideForm {
        &self.onside
    }

    /// The offside.
    pub fn offside(&self) -> &SideForm {
        &self.offside
    }

    /// Whether both sides are stoppers (CGSuite's `IsStopperSided`).
    pub fn is_stopper_sided(&self) -> bool {
        self.onside.as_stopper().is_some() && self.offside.as_stopper().is_some()
    }

    /// The stopper this value equals, if its sides are equal stoppers.
    pub fn as_stopper(&self, budget: &Budget) -> Result<Option<&Stopper>, Exhausted> {
        let (Some(on), Some(off)) = (self.onside.as_stopper(), self.offside.as_stopper()) else { return Ok(None) };
        let equal = on.compare(off, budget)? == Comparison::Equal;
        Ok(equal.then_some(on))
    }

    /// `-(S & T) = -T & -S`.
    pub fn neg(&self) -> Sided {
        Sided { onside: self.offside.neg(), offside: self.onside.neg() }
    }

    /// `(G + H)+ & (G + H)-`: the onside of the sum of the onsides, the offside of the sum of
    /// the offsides.
    pub fn add(&self, other: &Sided, budget: &Budget) -> Result<Sided, SidesError> {
        let on = self.onside.graph().sum(0, other.onside.graph(), 0, budget)?;
        let off = self.offside.graph().sum(0, other.offside.graph(), 0, budget)?;
        Ok(Sided { onside: side(&on, 0, Side::On, budget)?, offside: side(&off, 0, Side::Off, budget)? })
    }

    /// How `self` compares with `other`: `G <= H` iff `G+ <= H+` and `G- <= H-`.
    pub fn compare(&self, other: &Sided, budget: &Budget) -> Result<Comparison, Exhausted> {
        let leq = |a: &Sided, b: &Sided| -> Result<bool, Exhausted> {
            Ok(a.onside.leq(&b.onside, Side::On, budget)? && a.offside.leq(&b.offside, Side::Off, budget)?)
        };
        Ok(match (leq(self, other)?, leq(other, self)?) {
            (true, true) => Comparison::Equal,
            (true, false) => Comparison::Less,
            (false, true) => Comparison::Greater,
            (false, false) => Comparison::Confused,
        })
    }

    /// The outcome class: Left starting wins if she wins the offside (infinite play Right's),
    /// draws if she wins only the onside (infinite play Left's); Right likewise with the sides
    /// exchanged.
    pub fn outcome_class(&self, budget: &Budget) -> Result<LoopyOutcome, Exhausted> {
        let (on_l, on_r) = self.onside.results(Side::On, budget)?;
        let (off_l, off_r) = self.offside.results(Side::Off, budget)?;
        let left_starts = match (off_l, on_l) {
            (PlayResult::LeftWins, _) => PlayResult::LeftWins,
            (_, PlayResult::LeftWins) => PlayResult::Draw,
            _ => PlayResult::RightWins,
        };
        let right_starts = match (on_r, off_r) {
            (PlayResult::RightWins, _) => PlayResult::RightWins,
            (_, PlayResult::RightWins) => PlayResult::Draw,
            _ => PlayResult::LeftWins,
        };
        Ok(LoopyOutcome::from_results(left_starts, right_starts))
    }

    /// The value as CGSuite writes it: the stopper when the sides are equal, `dud` for
    /// `on & off`, else `S & T`.
    pub fn display(&self, games: &mut Games, style: DisplayStyle, budget: &Budget) -> Result<String, Exhausted> {
        if self.as_stopper(budget)?.is_some() {
            return self.onside.display(games, style, budget);
        }
        let on = self.onside.display(games, style, budget)?;
        let off = self.offside.display(games, style, budget)?;
        if on == "on" && off == "off" {
            return Ok("dud".to_string());
        }
        Ok(format!("{on} & {off}"))
    }
}

/// The onside of position `root` (a position of `graph`): by deleting options that do not
/// change it until a stopper is left (`loopy/prune.rs`), else by simplifying the graph
/// (`loopy/simplify.rs`).
fn onside(graph: &LoopyGraph, root: usize, budget: &Budget) -> Result<SideForm, SidesError> {
    let (original, _) = graph.reachable(root);
    // Component by component first (`loopy/components.rs`); its stopper is checked here too,
    // and the whole graph is pruned if it fails.
    if let Some(g) = onside_by_components(&original, budget)? {
        let same = onside_leq(&original, 0, &g, 0, budget)? && onside_leq(&g, 0, &original, 0, budget)?;
        if same {
            return Ok(SideForm::Stopper(Stopper::new(&g, 0, budget)?));
        }
    }
    match delete_to_stopper(&original, budget)? {
        Some(g) => checked_stopper(&original, g, budget),
        None => simplified_onside(&original, budget),
    }
}

/// The stopper `g` as the onside of position 0 of `original`, once both inequalities are
/// checked (else the simplified graph).
fn checked_stopper(original: &LoopyGraph, g: LoopyGraph, budget: &Budget) -> Result<SideForm, SidesError> {
    let same = onside_leq(original, 0, &g, 0, budget)? && onside_leq(&g, 0, original, 0, budget)?;
    if !same {
        return simplified_onside(original, budget);
    }
    Ok(SideForm::Stopper(Stopper::new(&g, 0, budget)?))
}

/// The onside as the old path finds it (kept to test the new one against): one edge on an
/// alternating cycle deleted at a time, each checked by a Büchi game at the position it
/// leaves, starting again from the first position after every deletion.
#[cfg(test)]
pub(crate) fn onside_by_single_deletions(
    graph: &LoopyGraph,
    root: usize,
    budget: &Budget,
) -> Result<SideForm, SidesError> {
    let (original, _) = graph.reachable(root);
    let mut g = original.clone();
    while !alternating_acyclic(&g) {
        if !delete_one_edge(&mut g, budget)? {
            return simplified_onside(&original, budget);
        }
        g = g.reachable(0).0;
    }
    checked_stopper(&original, g, budget)
}

/// Deletes one edge on an alternating cycle whose deletion keeps the onside of the position it
/// leaves; whether one was found.
#[cfg(test)]
fn delete_one_edge(g: &mut LoopyGraph, budget: &Budget) -> Result<bool, Exhausted> {
    for v in 0..g.len() {
        for p in [Player::Left, Player::Right] {
            for (i, &w) in g.options(p, v).iter().enumerate() {
                budget.check()?;
                if !on_alternating_cycle(g, v, p, w) {
                    continue;
                }
                let h = without_option(g, p, v, i);
                // Fewer Left options can only lower the onside, fewer Right options only raise it.
                let keeps = match p {
                    Player::Left => onside_leq(g, v, &h, v, budget)?,
                    Player::Right => onside_leq(&h, v, g, v, budget)?,
                };
                if keeps {
                    *g = h;
                    return Ok(true);
                }
            }
        }
    }
    Ok(false)
}

/// Whether the move of `p` from v to w lies on an alternating cycle: from w with the other
/// player to move, alternating play can come back to v with `p` to move.
pub(crate) fn on_alternating_cycle(g: &LoopyGraph, v: usize, p: Player, w: usize) -> bool {
    let target = (v, p);
    let mut seen = vec![[false; 2]; g.len()];
    let index = |q: Player| usize::from(q == Player::Right);
    let mut stack = vec![(w, p.other())];
    seen[w][index(p.other())] = true;
    while let Some((x, q)) = stack.pop() {
        if (x, q) == target {
            return true;
        }
        for &y in g.options(q, x) {
            if !seen[y][index(q.other())] {
                seen[y][index(q.other())] = true;
                stack.push((y, q.other()));
            }
        }
    }
    false
}

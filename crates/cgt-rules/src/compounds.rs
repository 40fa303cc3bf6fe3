//! The six compounds of impartial games (WW ch. 9 and 14; docs/src/theory/rulesets.md,
//! "Compounds of impartial games"), each under normal play (the last mover wins) or misère play (the last mover
//! loses), decided from one quantity per component, never by searching the product game.
//!
//! Components are heaps ([`Component`]); "over" means a component has no move.
//!
//! * **Disjunctive** (move in exactly one component). Normal: the nim-sum of the Grundy values
//!   (Sprague–Grundy). Misère: [`crate::misere`] (misère Nim, tame pairs, or search).
//! * **Diminished disjunctive** (as disjunctive, but play ends as soon as a component is over).
//!   Normal: if a component is over, P; else if one can be finished in one move, N (that move
//!   ends the game); else moving to a position that can be finished loses at once, so play is
//!   the disjunctive sum of the *cold* games (positions neither over nor finishable, moves
//!   between them): N iff the nim-sum of their Grundy values is non-zero. Misère: if a component
//!   is over, N; else finishing a component loses at once, so play is the disjunctive sum of the
//!   games on the positions not over, whose Grundy values give the outcome by nim-sum (a
//!   position whose every move finishes it has value 0: its mover must finish and lose).
//! * **Selective** (move in any non-empty set of components). Normal: P iff every Grundy value
//!   is 0 (move every N component to a P option; from all-P every move leaves an N component).
//!   Misère, derived (cf. WW ch. 14): with no live (not over) component, N; with exactly one, the
//!   misère outcome of that component; with two or more, P iff every component's Grundy value
//!   is 0, as in normal play. *Argument*: from all-P with two or more live components, every
//!   move leaves the moved components at N positions, which are live, so the number of live
//!   components stays at least two and some component is N. From a position with an N
//!   component, moving each N component to a P option works unless it leaves at most one live
//!   component; then at most one live component is P, and every N component has only finished
//!   P options (so it can be finished) except perhaps one; finishing all but one live component
//!   H (a P one if there is one, else the N one with a live P option, else any) and moving H to
//!   a misère P option (or leaving it, if already misère P) leaves one live misère P component.
//! * **Shortened selective** (selective, ending as soon as a component is over). As for the
//!   diminished compound, play reduces to the *selective* compound of the cold games (normal)
//!   or of the games on live positions (misère): after the same first checks, P iff all those
//!   restricted Grundy values are 0.
//! * **Conjunctive** (move in every component; over when any is over). Normal: remoteness
//!   (Steinhaus, WW ch. 9), the compound's is the least, N iff odd. Misère, derived: finishing a
//!   component loses, so play is the normal conjunctive compound of the games on live positions;
//!   their remoteness, shifted by one so that a finished component counts 0, follows Steinhaus's
//!   rule with the parities swapped (a winning option is one of *odd* misère remoteness): N iff
//!   the least misère remoteness is even.
//! * **Continued conjunctive** (move in every component that can; over when none can). Normal:
//!   suspense (WW ch. 9), the compound's is the greatest, N iff odd. Misère: the same rule with
//!   winning options of odd misère suspense, so that the number counts the moves to the end
//!   including the fatal one; N iff the greatest is even.
//!
//! Nim heaps have closed forms; other heaps that never split are computed by dynamic
//! programming over heap sizes (O(heap · moves)); splitting octal heaps need search over
//! multisets of heaps, memoised, bounded by the budget and `MAX_STATES` (2,000,000) positions:
//! in a release build a Kayles heap of 40 takes about half a second, of 50 a few seconds (the
//! positions are the partitions of the numbers up to the heap). The misère sum search of
//! [`crate::misere`] has the same limits.

use cgt_core::{Budget, Outcome};

use crate::heap::fold::{self, Fold, component_value};
use crate::heap::{Component, HeapError};
use crate::misere::{self, HeapMisere, MisereRule, Pair};

pub(crate) mod values;

use values::{Alive, Cold, MisereRemoteness, MisereSuspense, Remoteness, Suspense};

/// Who wins when play ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Convention {
    /// The last player to move wins.
    Normal,
    /// The last player to move loses.
    Misere,
}

/// How the components of a compound are played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Compound {
    /// Move in exactly one component (the sum).
    Disjunctive,
    /// Move in exactly one component; play ends when any component is over.
    Diminished,
    /// Move in any non-empty set of components.
    Selective,
    /// Move in any non-empty set of components; play ends when any component is over.
    Shortened,
    /// Move in every component; play ends when any component is over.
    Conjunctive,
    /// Move in every component that can move; play ends when none can.
    Continued,
}

impl Compound {
    /// The six compounds.
    pub const ALL: [Compound; 6] = [
        Compound::Disjunctive,
        Compound::Diminished,
        Compound::Selective,
        Compound::Shortened,
        Compound::Conjunctive,
        Compound::Continued,
    ];
}

/// A component's Grundy value on a restricted game (diminished and shortened compounds).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Restricted {
    /// The component has no move.
    Over,
    /// Normal play only: a move finishes the component, so it ends the game and wins.
    CanEnd,
    /// The Grundy value of the restricted game: cold positions (normal), live ones (misère).
    Grundy(u64),
}

impl Restricted {
    /// The restricted Grundy value, if the component has one.
    pub fn grundy(&self) -> Option<u64> {
        match self {
            Restricted::Grundy(g) => Some(*g),
            _ => None,
        }
    }
}

/// The quantity of one component that a compound's rule uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ComponentValue {
    /// The Grundy value (normal disjunctive and selective compounds).
    Grundy(u64),
    /// The misère pair and tameness (misère disjunctive compound).
    Misere(HeapMisere),
    /// The restricted Grundy value (diminished and shortened compounds).
    Restricted(Restricted),
    /// Grundy value, misère value and whether over (misère selective compound).
    Selective {
        /// The Grundy value.
        grundy: u64,
        /// The misère nim value.
        misere: u64,
        /// Whether the component has no move.
        over: bool,
    },
    /// Remoteness (normal conjunctive compound; N iff odd).
    Remoteness(u64),
    /// Misère remoteness (misère conjunctive compound; N iff even).
    MisereRemoteness(u64),
    /// Suspense (normal continued conjunctive compound; N iff odd).
    Suspense(u64),
    /// Misère suspense (misère continued conjunctive compound; N iff even).
    MisereSuspense(u64),
}

/// What decided a compound's outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Decision {
    /// The compound is over before any move (a component over, or all of them for selective).
    Over,
    /// Normal play: a component can be finished at once, which ends the game.
    CanEnd,
    /// The nim-sum of the components' (possibly restricted) Grundy values.
    NimSum(u64),
    /// Whether every component's (possibly restricted) Grundy value is 0.
    AllZero(bool),
    /// Misère selective with one live component: its index and misère nim value.
    OnlyLive {
        /// The index of the live component.
        index: usize,
        /// Its misère nim value.
        misere: u64,
    },
    /// The compound's (misère) remoteness: the least of the components'.
    Remoteness(u64),
    /// The compound's (misère) suspense: the greatest of the components'.
    Suspense(u64),
    /// The misère sum's rule and pair.
    Misere {
        /// The rule that decided it.
        rule: MisereRule,
        /// The sum's pair.
        pair: Pair,
    },
}

/// The outcome of a compound, with the rule and the components' quantities behind it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompoundResult {
    /// The compound.
    pub compound: Compound,
    /// The play convention.
    pub convention: Convention,
    /// P or N.
    pub outcome: Outcome,
    /// What decided the outcome.
    pub decision: Decision,
    /// Each component's quantity, in the order given.
    pub components: Vec<ComponentValue>,
}

/// The outcome of `compound` of `components` under `convention`.
pub fn evaluate(
    compound: Compound,
    convention: Convention,
    components: &[Component],
    budget: &Budget,
) -> Result<CompoundResult, HeapError> {
    if components.is_empty() {
        return Err(HeapError::NoComponents);
    }
    let (outcome, decision, values) = match (compound, convention) {
        (Compound::Disjunctive, Convention::Normal) => disjunctive(components, budget)?,
        (Compound::Disjunctive, Convention::Misere) => misere_disjunctive(components, budget)?,
        (Compound::Diminished, c) => diminished(c, &restricted(c, components, budget)?),
        (Compound::Selective, Convention::Normal) => selective(components, budget)?,
        (Compound::Selective, Convention::Misere) => misere_selective(components, budget)?,
        (Compound::Shortened, c) => shortened(c, &restricted(c, components, budget)?),
        (Compound::Conjunctive, c) => conjunctive(c, components, budget)?,
        (Compound::Continued, c) => continued(c, components, budget)?,
    };
    Ok(CompoundResult { compound, convention, outcome, decision, components: values })
}

/// The six compounds of `components` under `convention`, in the order of [`Compound::ALL`].
pub fn evaluate_all(
    convention: Convention,
    components: &[Component],
    budget: &Budget,
) -> Result<Vec<CompoundResult>, HeapError> {
    Compound::ALL.iter().map(|&c| evaluate(c, convention, components, budget)).collect()
}

/// An outcome and what decided it, with the components' quantities.
type Decided = (Outcome, Decision, Vec<ComponentValue>);

/// P if `p`, else N.
fn p_if(p: bool) -> Outcome {
    if p { Outcome::P } else { Outcome::N }
}

/// Each component's value under the fold `F`.
fn fold_all<F: Fold>(components: &[Component], budget: &Budget) -> Result<Vec<F::Value>, HeapError> {
    components.iter().map(|c| component_value::<F>(c, budget)).collect()
}

fn grundy_values(components: &[Component], budget: &Budget) -> Result<Vec<u64>, HeapError> {
    components.iter().map(|c| fold::grundy(c, budget)).collect()
}

fn disjunctive(components: &[Component], budget: &Budget) -> Result<Decided, HeapError> {
    let g = grundy_values(components, budget)?;
    let x = g.iter().fold(0, |x, v| x ^ v);
    Ok((p_if(x == 0), Decision::NimSum(x), g.into_iter().map(ComponentValue::Grundy).collect()))
}

fn misere_disjunctive(components: &[Component], budget: &Budget) -> Result<Decided, HeapError> {
    let r = misere::evaluate(components, budget)?;
    let values = r.components.iter().map(|&h| ComponentValue::Misere(h)).collect();
    Ok((r.outcome, Decision::Misere { rule: r.rule, pair: r.pair }, values))
}

/// The restricted values: cold games (normal) or live games (misère).
fn restricted(c: Convention, components: &[Component], budget: &Budget) -> Result<Vec<Restricted>, HeapError> {
    match c {
        Convention::Normal => fold_all::<Cold>(components, budget),
        Convention::Misere => fold_all::<Alive>(components, budget),
    }
}

/// The checks before play that the diminished and shortened compounds share: a component over
/// ends the game (the mover loses in normal play, wins in misère); a component that can be
/// finished wins for the mover in normal play.
fn ended(c: Convention, values: &[Restricted]) -> Option<(Outcome, Decision)> {
    if values.contains(&Restricted::Over) {
        return Some((p_if(c == Convention::Normal), Decision::Over));
    }
    values.contains(&Restricted::CanEnd).then_some((Outcome::N, Decision::CanEnd))
}

fn restricted_values(values: &[Restricted]) -> Vec<ComponentValue> {
    values.iter().map(|&r| ComponentValue::Restricted(r)).collect()
}

fn diminished(c: Convention, values: &[Restricted]) -> Decided {
    let (outcome, decision) = ended(c, values).unwrap_or_else(|| {
        let x = values.iter().filter_map(Restricted::grundy).fold(0, |x, g| x ^ g);
        (p_if(x == 0), Decision::NimSum(x))
    });
    (outcome, decision, restricted_values(values))
}

fn shortened(c: Convention, values: &[Restricted]) -> Decided {
    let (outcome, decision) = ended(c, values).unwrap_or_else(|| {
        let zero = values.iter().all(|r| r.grundy() == Some(0));
        (p_if(zero), Decision::AllZero(zero))
    });
    (outcome, decision, restricted_values(values))
}

fn selective(components: &[Component], budget: &Budget) -> Result<Decided, HeapError> {
    let g = grundy_values(components, budget)?;
    let zero = g.iter().all(|&v| v == 0);
    Ok((p_if(zero), Decision::AllZero(zero), g.into_iter().map(ComponentValue::Grundy).collect()))
}

fn misere_selective(components: &[Component], budget: &Budget) -> Result<Decided, HeapError> {
    let mut values = Vec::with_capacity(components.len());
    for c in components {
        let misere = misere::heap_misere(c, budget)?.pair.misere;
        values.push(ComponentValue::Selective { grundy: fold::grundy(c, budget)?, misere, over: c.is_over() });
    }
    let live: Vec<usize> = (0..components.len()).filter(|&i| !components[i].is_over()).collect();
    let (outcome, decision) = match live.as_slice() {
        [] => (Outcome::N, Decision::Over),
        &[index] => {
            let ComponentValue::Selective { misere, .. } = values[index] else { unreachable!("built above") };
            (p_if(misere == 0), Decision::OnlyLive { index, misere })
        }
        _ => {
            let zero = values.iter().all(|v| matches!(v, ComponentValue::Selective { grundy: 0, .. }));
            (p_if(zero), Decision::AllZero(zero))
        }
    };
    Ok((outcome, decision, values))
}

fn conjunctive(c: Convention, components: &[Component], budget: &Budget) -> Result<Decided, HeapError> {
    let (r, wrap): (Vec<u64>, fn(u64) -> ComponentValue) = match c {
        Convention::Normal => (fold_all::<Remoteness>(components, budget)?, ComponentValue::Remoteness),
        Convention::Misere => (fold_all::<MisereRemoteness>(components, budget)?, ComponentValue::MisereRemoteness),
    };
    let least = *r.iter().min().expect("at least one component");
    Ok((parity_outcome(c, least), Decision::Remoteness(least), r.into_iter().map(wrap).collect()))
}

fn continued(c: Convention, components: &[Component], budget: &Budget) -> Result<Decided, HeapError> {
    let (s, wrap): (Vec<u64>, fn(u64) -> ComponentValue) = match c {
        Convention::Normal => (fold_all::<Suspense>(components, budget)?, ComponentValue::Suspense),
        Convention::Misere => (fold_all::<MisereSuspense>(components, budget)?, ComponentValue::MisereSuspense),
    };
    let greatest = *s.iter().max().expect("at least one component");
    Ok((parity_outcome(c, greatest), Decision::Suspense(greatest), s.into_iter().map(wrap).collect()))
}

/// The outcome from a count of moves to the end: the mover wins if it is odd in normal play
/// (they make the last move) and if it is even in misère play.
fn parity_outcome(c: Convention, moves: u64) -> Outcome {
    let odd = moves % 2 == 1;
    p_if(odd != (c == Convention::Normal))
}

#[cfg(test)]
pub(crate) mod tests;

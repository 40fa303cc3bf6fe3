//! Per-component quantities of the compounds, as folds over the options' quantities:
//! remoteness and suspense in both conventions, and the restricted Grundy values of the
//! diminished and shortened compounds.

use crate::heap::fold::{Fold, mex};

use super::Restricted;

/// Steinhaus's rule, shared by the four remoteness and suspense numbers: a position without a
/// move has 0; a *winning* option is one of parity `win`; with a winning option the value is 1
/// plus the least (hurry) or greatest (`prolong`) winning value, otherwise 1 plus the greatest
/// (delay) or least (`prolong`: the loser hurries) value of all options.
fn steinhaus(options: &[u64], win: u64, prolong: bool) -> u64 {
    let winning = options.iter().copied().filter(|r| r % 2 == win);
    let best = if prolong { winning.max() } else { winning.min() };
    let worst = || if prolong { options.iter().copied().min() } else { options.iter().copied().max() };
    match best.or_else(worst) {
        Some(r) => r + 1,
        None => 0,
    }
}

/// Remoteness (normal play): winners hurry to an even option; N iff odd.
pub(crate) struct Remoteness;

impl Fold for Remoteness {
    type Value = u64;
    fn fold(options: &[u64]) -> u64 {
        steinhaus(options, 0, false)
    }
    fn nim(heap: u64) -> u64 {
        u64::from(heap > 0)
    }
}

/// Misère remoteness: winners hurry to an odd option; 0 without a move; N iff even.
pub(crate) struct MisereRemoteness;

impl Fold for MisereRemoteness {
    type Value = u64;
    fn fold(options: &[u64]) -> u64 {
        steinhaus(options, 1, false)
    }
    fn nim(heap: u64) -> u64 {
        heap.min(2)
    }
}

/// Suspense (normal play): winners prolong to an even option; N iff odd.
pub(crate) struct Suspense;

impl Fold for Suspense {
    type Value = u64;
    fn fold(options: &[u64]) -> u64 {
        steinhaus(options, 0, true)
    }
    fn nim(heap: u64) -> u64 {
        u64::from(heap > 0)
    }
}

/// Misère suspense: winners prolong to an odd option; 0 without a move; N iff even.
pub(crate) struct MisereSuspense;

impl Fold for MisereSuspense {
    type Value = u64;
    fn fold(options: &[u64]) -> u64 {
        steinhaus(options, 1, true)
    }
    fn nim(heap: u64) -> u64 {
        heap.min(2)
    }
}

/// Normal play of a compound that ends with its first finished component: a position is over,
/// can end at once, or gets the Grundy value of the game on the *cold* positions (neither over
/// nor able to end), whose moves are the moves to cold positions.
pub(crate) struct Cold;

impl Fold for Cold {
    type Value = Restricted;
    fn fold(options: &[Restricted]) -> Restricted {
        if options.is_empty() {
            return Restricted::Over;
        }
        if options.contains(&Restricted::Over) {
            return Restricted::CanEnd;
        }
        Restricted::Grundy(mex(options.iter().filter_map(Restricted::grundy)))
    }
    fn nim(heap: u64) -> Restricted {
        if heap == 0 { Restricted::Over } else { Restricted::CanEnd }
    }
}

/// Misère play of a compound that ends with its first finished component: a position is over,
/// or gets the Grundy value of the game on the positions not over, whose moves are the moves
/// that do not finish the component (finishing it loses at once).
pub(crate) struct Alive;

impl Fold for Alive {
    type Value = Restricted;
    fn fold(options: &[Restricted]) -> Restricted {
        if options.is_empty() {
            return Restricted::Over;
        }
        Restricted::Grundy(mex(options.iter().filter_map(Restricted::grundy)))
    }
    fn nim(heap: u64) -> Restricted {
        match heap {
            0 => Restricted::Over,
            h => Restricted::Grundy(h - 1),
        }
    }
}

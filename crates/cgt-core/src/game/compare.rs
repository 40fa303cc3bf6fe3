//! Comparison of canonical games: `G <= H` iff no `G^L >= H` and no `H^R <= G` (docs/src/theory/canonical-forms.md),
//! memoised, with two fast paths: two number-up-star values compare arithmetically (the sign
//! rule of docs/src/theory/canonical-forms.md), and a number `x` against a game `H` that is not a number needs
//! only one side of the definition, because `H - x = {H^L - x | H^R - x}` (number
//! translation, CGT II.3): `x <= H` iff no `H^R <= x`, and `H <= x` iff no `H^L >= x`.
//!
//! Before any search, the stops stored with each game rule out `a <= b` when a stop of `a`
//! exceeds the same stop of `b` (stops are monotone, Siegel CGT II.6), and prove it when the
//! Left stop of `a` is below the Right stop of `b` (then `b - a` has a positive Right stop).
//! A search for a witness against `a <= b` (some `a^L >= b` or `b^R <= a`) first looks for one
//! that these checks decide, on both sides, and only then searches the others, after asking
//! the processor to load their memo slots together (their cache misses overlap).
//!
//! Also comparisons with a game that is not built yet (`{L | R}` given by its option lists),
//! which canonicalisation needs to find reversible options.

use super::arena::{FxMap, Kind};
use super::{GameId, Games};
use crate::budget::{Budget, Exhausted};

impl Games {
    /// Whether `a <= b`, memoised.
    pub(crate) fn less_eq(&mut self, a: GameId, b: GameId, budget: &Budget) -> Result<bool, Exhausted> {
        if let Some(r) = self.decided_leq(a, b) {
            return Ok(r);
        }
        if let Some(r) = self.caches.leq.get(a.0, b.0) {
            return Ok(r);
        }
        budget.check()?;
        // `a <= b` unless some `a^L >= b` or some `b^R <= a`; with a number on one side only
        // the other side's options can be such witnesses (number translation, above).
        let lefts = match self.kind(a) {
            Kind::Number => None,
            _ => Some(self.lefts(a)?),
        };
        let rights = match self.kind(b) {
            Kind::Number => None,
            _ => Some(self.rights(b)?),
        };
        let (lefts, rights) = (lefts.as_deref().unwrap_or(&[]), rights.as_deref().unwrap_or(&[]));
        // The witnesses that the stops or the nus arithmetic show first, on both sides; then
        // the others by search.
        let mut witness = lefts.iter().any(|&al| self.decided_leq(b, al) == Some(true))
            || rights.iter().any(|&br| self.decided_leq(br, a) == Some(true));
        if !witness {
            for &al in lefts {
                self.caches.leq.prefetch(b.0, al.0);
            }
            for &br in rights {
                self.caches.leq.prefetch(br.0, a.0);
            }
            for &al in lefts {
                if self.decided_leq(b, al).is_none() && self.less_eq(b, al, budget)? {
                    witness = true;
                    break;
                }
            }
        }
        if !witness {
            for &br in rights {
                if self.decided_leq(br, a).is_none() && self.less_eq(br, a, budget)? {
                    witness = true;
                    break;
                }
            }
        }
        let r = !witness;
        self.caches.leq.insert(a.0, b.0, r);
        Ok(r)
    }

    /// Whether `a <= b` by what is known without search: equal ids, two number-up-star values,
    /// or the stops.
    fn decided_leq(&self, a: GameId, b: GameId) -> Option<bool> {
        if a == b {
            return Some(true);
        }
        // The stops first: they are a dense array, and they decide two numbers but equal ones
        // (which are one id) and two nus values of different numbers; the nodes themselves
        // (boxed) are loaded only for two nus values the stops leave open.
        let (sa, sb) = (self.stops_of(a), self.stops_of(b));
        if sa.refute_leq(&sb) {
            return Some(false);
        }
        if sa.prove_less(&sb) {
            return Some(true);
        }
        let (ka, kb) = (self.kind(a), self.kind(b));
        if ka != Kind::General
            && kb != Kind::General
            && let (Some(x), Some(y)) = (self.nus_of(a), self.nus_of(b))
        {
            return Some(x.leq(y));
        }
        None
    }
}

/// A game `G = {left | right}` that is not (yet) in the arena, with memo tables for
/// comparisons against it. Its options are canonical games of the arena; changing them is
/// allowed only in ways that keep the value of `G` (the memos stay valid).
pub(crate) struct Pending {
    pub left: Vec<GameId>,
    pub right: Vec<GameId>,
    memos: PendingMemos,
}

/// The memos of comparisons against a [`Pending`] game: `h <= G` and `G <= h`. An arena keeps
/// one pair to reuse, emptied, for the next game it builds.
#[derive(Default)]
pub(crate) struct PendingMemos {
    below: FxMap<GameId, bool>,
    above: FxMap<GameId, bool>,
}

/// Memos that grew past this many entries are not kept for reuse (emptying a table costs
/// time in proportion to its size).
const REUSED_MEMO_ENTRIES: usize = 1 << 10;

impl Pending {
    /// The game `{left | right}`, with memos made empty from `memos`.
    pub fn reusing(left: Vec<GameId>, right: Vec<GameId>, mut memos: PendingMemos) -> Self {
        for memo in [&mut memos.below, &mut memos.above] {
            if memo.capacity() > REUSED_MEMO_ENTRIES {
                *memo = FxMap::default();
            } else {
                memo.clear();
            }
        }
        Pending { left, right, memos }
    }

    /// The option lists and the memos, to be reused.
    pub fn into_parts(self) -> (Vec<GameId>, Vec<GameId>, PendingMemos) {
        (self.left, self.right, self.memos)
    }
}

impl Games {
    /// Whether `h <= G`: no `h^L >= G` and no `G^R <= h`.
    pub(crate) fn leq_pending(&mut self, h: GameId, g: &mut Pending, budget: &Budget) -> Result<bool, Exhausted> {
        if let Some(&r) = g.memos.below.get(&h) {
            return Ok(r);
        }
        budget.check()?;
        let mut r = true;
        for &gr in &g.right {
            if self.less_eq(gr, h, budget)? {
                r = false;
                break;
            }
        }
        if r {
            for &hl in self.lefts(h)?.iter() {
                if self.pending_leq(g, hl, budget)? {
                    r = false;
                    break;
                }
            }
        }
        g.memos.below.insert(h, r);
        Ok(r)
    }

    /// Whether `G <= h`: no `G^L >= h` and no `h^R <= G`.
    pub(crate) fn pending_leq(&mut self, g: &mut Pending, h: GameId, budget: &Budget) -> Result<bool, Exhausted> {
        if let Some(&r) = g.memos.above.get(&h) {
            return Ok(r);
        }
        budget.check()?;
        let mut r = true;
        for &gl in &g.left {
            if self.less_eq(h, gl, budget)? {
                r = false;
                break;
            }
        }
        if r {
            for &hr in self.rights(h)?.iter() {
                if self.leq_pending(hr, g, budget)? {
                    r = false;
                    break;
                }
            }
        }
        g.memos.above.insert(h, r);
        Ok(r)
    }
}

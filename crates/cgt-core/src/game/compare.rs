//! Comparison of canonical games: `G <= H` iff no `G^L >= H` and no `H^R <= G` (docs/src/theory/canonical-forms.md),
//! memoised, with two fast paths: two number-up-star values compare arithmetically (the sign
//! rule of docs/src/theory/canonical-forms.md), and a number `x` against a game `H` that is not a number needs
//! only one side of the definition, because `H - x = {H^L - x | H^R - x}` (number
//! translation, CGT II.3): `x <= H` iff no `H^R <= x`, and `H <= x` iff no `H^L >= x`.
//!
//! Before any search, the stops stored with each game rule out `a <= b` when a stop of `a`
//! exceeds the same stop of `b` (stops are monotone, Siegel CGT II.6), and prove it when the
//! Left stop of `a` is below the Right stop of `b` (then `b - a` has a positive Right stop).
//!
//! Also comparisons with a game that is not built yet (`{L | R}` given by its option lists),
//! which canonicalisation needs to find reversible options.

use super::arena::{FxMap, Kind};
use super::{GameId, Games};
use crate::budget::{Budget, Exhausted};

impl Games {
    /// Whether `a <= b`, memoised.
    pub(crate) fn less_eq(&mut self, a: GameId, b: GameId, budget: &Budget) -> Result<bool, Exhausted> {
        if a == b {
            return Ok(true);
        }
        // The kinds are a dense array: the nodes themselves are loaded only for two nus values.
        let (ka, kb) = (self.kind(a), self.kind(b));
        if ka != Kind::General
            && kb != Kind::General
            && let (Some(x), Some(y)) = (self.nus_of(a), self.nus_of(b))
        {
            return Ok(x.leq(y));
        }
        let (sa, sb) = (self.stops_of(a), self.stops_of(b));
        if sa.refute_leq(&sb) {
            return Ok(false);
        }
        if sa.prove_less(&sb) {
            return Ok(true);
        }
        if let Some(r) = self.caches.leq.get(a.0, b.0) {
            return Ok(r == 1);
        }
        budget.check()?;
        let r = match (ka, kb) {
            (Kind::Number, _) => !self.some_right_leq(b, a, budget)?,
            (_, Kind::Number) => !self.some_left_geq(a, b, budget)?,
            _ => !self.some_left_geq(a, b, budget)? && !self.some_right_leq(b, a, budget)?,
        };
        self.caches.leq.insert(a.0, b.0, u32::from(r));
        Ok(r)
    }

    /// Whether some Left option of `g` is `>= h`.
    fn some_left_geq(&mut self, g: GameId, h: GameId, budget: &Budget) -> Result<bool, Exhausted> {
        for &gl in self.lefts(g)?.iter() {
            if self.less_eq(h, gl, budget)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Whether some Right option of `g` is `<= h`.
    fn some_right_leq(&mut self, g: GameId, h: GameId, budget: &Budget) -> Result<bool, Exhausted> {
        for &gr in self.rights(g)?.iter() {
            if self.less_eq(gr, h, budget)? {
                return Ok(true);
            }
        }
        Ok(false)
    }
}

/// A game `G = {left | right}` that is not (yet) in the arena, with memo tables for
/// comparisons against it. Its options are canonical games of the arena; changing them is
/// allowed only in ways that keep the value of `G` (the memos stay valid).
pub(crate) struct Pending {
    pub left: Vec<GameId>,
    pub right: Vec<GameId>,
    below: FxMap<GameId, bool>,
    above: FxMap<GameId, bool>,
}

impl Pending {
    /// The game `{left | right}`.
    pub fn new(left: Vec<GameId>, right: Vec<GameId>) -> Self {
        Pending { left, right, below: FxMap::default(), above: FxMap::default() }
    }
}

impl Games {
    /// Whether `h <= G`: no `h^L >= G` and no `G^R <= h`.
    pub(crate) fn leq_pending(&mut self, h: GameId, g: &mut Pending, budget: &Budget) -> Result<bool, Exhausted> {
        if let Some(&r) = g.below.get(&h) {
            return Ok(r);
        }
        budget.check()?;
        let mut r = true;
        for &gr in &g.right.clone() {
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
        g.below.insert(h, r);
        Ok(r)
    }

    /// Whether `G <= h`: no `G^L >= h` and no `h^R <= G`.
    pub(crate) fn pending_leq(&mut self, g: &mut Pending, h: GameId, budget: &Budget) -> Result<bool, Exhausted> {
        if let Some(&r) = g.above.get(&h) {
            return Ok(r);
        }
        budget.check()?;
        let mut r = true;
        for &gl in &g.left.clone() {
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
        g.above.insert(h, r);
        Ok(r)
    }
}

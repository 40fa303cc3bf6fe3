//! Negation, disjunctive sums and ordinal sums of canonical games, memoised.
//!
//! * `-G = {-G^R | -G^L}` is canonical when `G` is, so it is stored without further work.
//! * Two nus values add componentwise (docs/src/theory/canonical-forms.md).
//! * A number `x` plus a game `G` that is not a number is `{G^L + x | G^R + x}` (number
//!   translation, CGT II.3), and translating a canonical form gives a canonical form, so
//!   it is stored without canonicalising (the tests check this against canonicalisation).
//! * Anything else: `G + H = {G^L + H, G + H^L | G^R + H, G + H^R}`, canonicalised.

use super::arena::{Kind, OP_CACHE_MAX, insert_bounded};
use super::nus::Nus;
use super::{GameId, Games};
use crate::budget::{Budget, Exhausted};
use crate::dyadic::Dyadic;

impl Games {
    /// `-g`, memoised.
    pub(crate) fn negate(&mut self, g: GameId, budget: &Budget) -> Result<GameId, Exhausted> {
        // The memo comes first even for nus values: it spares their big-integer arithmetic
        // and interning, which searches such as Domineering's would repeat for every image.
        if let Some(r) = self.known_negative(g) {
            return Ok(r);
        }
        if let Some(n) = self.nus_of(g) {
            // Ups beyond an i64 cannot arise within any sane budget; refuse them cleanly.
            let n = n.neg().ok_or(Exhausted::Memory)?;
            let neg = self.intern_nus(n);
            self.record_negatives(g, neg);
            return Ok(neg);
        }
        budget.check()?;
        let (l, r) = self.try_opts(g)?;
        let mut left = self.spare_list();
        for &o in r.iter() {
            left.push(self.negate(o, budget)?);
        }
        let mut right = self.spare_list();
        for &o in l.iter() {
            right.push(self.negate(o, budget)?);
        }
        let neg = self.store_general(left, right, budget)?;
        self.record_negatives(g, neg);
        Ok(neg)
    }

    /// `a + b`, memoised under the unordered pair.
    pub(crate) fn sum(&mut self, a: GameId, b: GameId, budget: &Budget) -> Result<GameId, Exhausted> {
        let zero = self.zero();
        if a == zero {
            return Ok(b);
        }
        if b == zero {
            return Ok(a);
        }
        // The memo comes first even for two nus values, as in `negate`.
        let key = if a.0 <= b.0 { (a, b) } else { (b, a) };
        if let Some(r) = self.caches.add.get(key.0.0, key.1.0) {
            return Ok(GameId(r));
        }
        let r = if let (Some(x), Some(y)) = (self.nus_of(a), self.nus_of(b)) {
            let s = x.add(y).ok_or(Exhausted::Memory)?;
            self.intern_nus(s)
        } else {
            budget.check()?;
            self.sum_uncached(a, b, budget)?
        };
        self.caches.add.insert(key.0.0, key.1.0, r.0);
        Ok(r)
    }

    /// Asks for the memo slot of `a + b` ahead of [`Games::sum`].
    fn prefetch_sum(&self, a: GameId, b: GameId) {
        let key = if a.0 <= b.0 { (a, b) } else { (b, a) };
        self.caches.add.prefetch(key.0.0, key.1.0);
    }

    fn sum_uncached(&mut self, a: GameId, b: GameId, budget: &Budget) -> Result<GameId, Exhausted> {
        // Put the nus value (if any) second; at most one of the two is nus here.
        let (g, h) = if self.kind(a) != Kind::General { (b, a) } else { (a, b) };
        if self.kind(h) == Kind::Number {
            return self.translate(g, h, budget);
        }
        if let Some(n) = self.nus_of(h).cloned()
            && !n.x.is_zero()
        {
            // g + (x + e) = (g + e) + x: the infinitesimal part first, then translate.
            let e = self.intern_nus(Nus { x: Dyadic::zero(), ..n.clone() });
            let ge = self.sum(g, e, budget)?;
            let x = self.number(&n.x);
            return self.sum(ge, x, budget);
        }
        self.sum_by_definition(g, h, budget)
    }

    fn sum_by_definition(&mut self, g: GameId, h: GameId, budget: &Budget) -> Result<GameId, Exhausted> {
        let (gl, gr) = self.try_opts(g)?;
        let (hl, hr) = self.try_opts(h)?;
        // Every sum below is looked up in the memo first: ask for all their slots at once, so
        // that the cache misses overlap instead of coming one after another.
        for list in [&gl, &gr] {
            for &o in list.iter() {
                self.prefetch_sum(o, h);
            }
        }
        for list in [&hl, &hr] {
            for &o in list.iter() {
                self.prefetch_sum(g, o);
            }
        }
        let mut left = self.spare_list();
        for &o in gl.iter() {
            left.push(self.sum(o, h, budget)?);
        }
        for &o in hl.iter() {
            left.push(self.sum(g, o, budget)?);
        }
        let mut right = self.spare_list();
        for &o in gr.iter() {
            right.push(self.sum(o, h, budget)?);
        }
        for &o in hr.iter() {
            right.push(self.sum(g, o, budget)?);
        }
        self.canonicalise(left, right, budget)
    }

    /// `g + x` for a general game `g` and the number `x` (its id): `{g^L + x | g^R + x}`.
    fn translate(&mut self, g: GameId, xid: GameId, budget: &Budget) -> Result<GameId, Exhausted> {
        let (l, r) = self.try_opts(g)?;
        for &o in l.iter().chain(r.iter()) {
            self.prefetch_sum(o, xid);
        }
        let mut left = self.spare_list();
        for &o in l.iter() {
            left.push(self.sum(o, xid, budget)?);
        }
        let mut right = self.spare_list();
        for &o in r.iter() {
            right.push(self.sum(o, xid, budget)?);
        }
        self.store_general(left, right, budget)
    }

    /// Stores options already known to form a canonical general game, after sorting them.
    fn store_general(
        &mut self,
        mut left: Vec<GameId>,
        mut right: Vec<GameId>,
        budget: &Budget,
    ) -> Result<GameId, Exhausted> {
        self.sort_struct(&mut left);
        self.sort_struct(&mut right);
        let r = self.intern_general_checked(&left, &right, budget);
        self.recycle_lists(left, right);
        r
    }

    /// The ordinal sum `a : b` (docs/src/theory/rulesets.md), memoised.
    pub(crate) fn ordinal(&mut self, a: GameId, b: GameId, budget: &Budget) -> Result<GameId, Exhausted> {
        // `G : x` for a number x only depends on x's value (the colon principle), and ordinal
        // sums associate, so it is G followed by x's sign expansion one ±1 at a time: no
        // recursion on x's birthday, which may be in the millions.
        if let Some(x) = self.as_number(b)
            && !x.is_zero()
        {
            let one = self.number(&Dyadic::integer(1));
            let minus_one = self.number(&Dyadic::integer(-1));
            let mut acc = a;
            for plus in x.sign_expansion() {
                budget.check()?;
                acc = self.ordinal_rec(acc, if plus { one } else { minus_one }, budget)?;
            }
            return Ok(acc);
        }
        self.ordinal_rec(a, b, budget)
    }

    /// The ordinal sum from the definition, recursing on `b`'s options.
    fn ordinal_rec(&mut self, a: GameId, b: GameId, budget: &Budget) -> Result<GameId, Exhausted> {
        if b == self.zero() {
            return Ok(a);
        }
        if let Some(&r) = self.caches.ordinal.get(&(a, b)) {
            return Ok(r);
        }
        budget.check()?;
        let (al, ar) = self.try_opts(a)?;
        let (bl, br) = self.try_opts(b)?;
        let mut left: Vec<GameId> = al.to_vec();
        for &o in bl.iter() {
            left.push(self.ordinal(a, o, budget)?);
        }
        let mut right: Vec<GameId> = ar.to_vec();
        for &o in br.iter() {
            right.push(self.ordinal(a, o, budget)?);
        }
        let r = self.canonicalise(left, right, budget)?;
        insert_bounded(&mut self.caches.ordinal, OP_CACHE_MAX, (a, b), r);
        Ok(r)
    }
}

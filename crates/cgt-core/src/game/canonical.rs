//! Canonicalisation of `{L | R}` (docs/src/theory/canonical-forms.md): delete dominated options,
//! bypass reversible ones, repeat until neither applies; then store the result once, as a
//! number-up-star value when it is one.

use std::cmp::Ordering;

use super::compare::Pending;
use super::nus::Nus;
use super::{GameId, Games};
use crate::budget::{Budget, Exhausted};
use crate::dyadic::Dyadic;

impl Games {
    /// The id of the canonical form of `{left | right}`, whose options are canonical games.
    pub(crate) fn canonicalise(
        &mut self,
        mut left: Vec<GameId>,
        mut right: Vec<GameId>,
        budget: &Budget,
    ) -> Result<GameId, Exhausted> {
        dedup(&mut left);
        dedup(&mut right);
        if let Some(x) = self.simplest_number(&left, &right) {
            return Ok(self.number(&x));
        }
        let mut g = Pending::new(left, right);
        loop {
            budget.check()?;
            self.remove_dominated(&mut g.left, Side::Left, budget)?;
            self.remove_dominated(&mut g.right, Side::Right, budget)?;
            let bypassed_left = self.bypass_reversible(&mut g, Side::Left, budget)?;
            let bypassed_right = self.bypass_reversible(&mut g, Side::Right, budget)?;
            if !bypassed_left && !bypassed_right {
                break;
            }
        }
        self.intern_canonical(g.left, g.right, budget)
    }

    /// The value of `{left | right}` by the simplicity theorem, if every option is a number
    /// and every Left option is less than every Right option.
    fn simplest_number(&self, left: &[GameId], right: &[GameId]) -> Option<Dyadic> {
        let max_l = self.extreme_number(left, Ordering::Greater)?;
        let min_r = self.extreme_number(right, Ordering::Less)?;
        Dyadic::simplest_between(max_l.as_ref(), min_r.as_ref())
    }

    /// `Some(None)` for an empty list, `Some(Some(extreme))` if all are numbers, else `None`.
    fn extreme_number(&self, list: &[GameId], want: Ordering) -> Option<Option<Dyadic>> {
        let mut best: Option<&Dyadic> = None;
        for &g in list {
            let x = self.number_of(g)?;
            if best.is_none_or(|b| x.cmp(b) == want) {
                best = Some(x);
            }
        }
        Some(best.cloned())
    }

    /// Deletes the options dominated by another option on the same side.
    ///
    /// The options are distinct canonical games, so domination is a strict partial order and
    /// the options kept are its maximal elements (for Left; minimal for Right). They are found
    /// in one pass: each option is compared only with the options kept so far, which are few
    /// in a canonical form, instead of with every other option. They come best first by their
    /// stops (for Left, the highest Right stop first), so that the options kept early are the
    /// ones that dominate most others, which the stops then show without a search: an option
    /// whose Left stop is below a kept option's Right stop is less than it.
    fn remove_dominated(&mut self, list: &mut Vec<GameId>, side: Side, budget: &Budget) -> Result<(), Exhausted> {
        let mut keep: Vec<GameId> = Vec::with_capacity(4);
        match side {
            Side::Left => list.sort_by_key(|&g| {
                let s = self.stops_of(g);
                (std::cmp::Reverse(s.right), std::cmp::Reverse(s.left))
            }),
            Side::Right => list.sort_by_key(|&g| {
                let s = self.stops_of(g);
                (s.left, s.right)
            }),
        }
        for &a in list.iter() {
            // The comparisons with the options kept, both ways, are looked up in the memo
            // first: ask for all their slots at once (their cache misses overlap).
            for &k in &keep {
                self.caches.leq.prefetch(a.0, k.0);
                self.caches.leq.prefetch(k.0, a.0);
            }
            let mut dominated = false;
            for &k in &keep {
                if self.dominated_by(a, k, side, budget)? {
                    dominated = true;
                    break;
                }
            }
            if dominated {
                continue;
            }
            let mut i = 0;
            while i < keep.len() {
                if self.dominated_by(keep[i], a, side, budget)? {
                    keep.swap_remove(i);
                } else {
                    i += 1;
                }
            }
            keep.push(a);
        }
        *list = keep;
        Ok(())
    }

    /// Whether the option `a` is no better than the option `b` for the player of `side`.
    fn dominated_by(&mut self, a: GameId, b: GameId, side: Side, budget: &Budget) -> Result<bool, Exhausted> {
        // `less_eq` decides number-up-star pairs (nimbers among them) without a budget check,
        // and thousands of options make millions of pairs (`explain(nim[2929])`).
        budget.check()?;
        match side {
            Side::Left => self.less_eq(a, b, budget),
            Side::Right => self.less_eq(b, a, budget),
        }
    }

    /// Bypasses every reversible option on one side; reports whether any was found.
    ///
    /// A Left option `A` is reversible when some `A^R <= G`; it is then replaced by the Left
    /// options of that `A^R`. Symmetrically on the Right. The value of `G` never changes, so
    /// all of them can be found against the same `G`.
    fn bypass_reversible(&mut self, g: &mut Pending, side: Side, budget: &Budget) -> Result<bool, Exhausted> {
        let list = match side {
            Side::Left => g.left.clone(),
            Side::Right => g.right.clone(),
        };
        let mut out = Vec::with_capacity(list.len());
        let mut changed = false;
        for a in list {
            match self.reversing_option(a, g, side, budget)? {
                Some(r) => {
                    changed = true;
                    let replacement = match side {
                        Side::Left => self.lefts(r)?,
                        Side::Right => self.rights(r)?,
                    };
                    out.extend(replacement.iter().copied());
                }
                None => out.push(a),
            }
        }
        if changed {
            dedup(&mut out);
            match side {
                Side::Left => g.left = out,
                Side::Right => g.right = out,
            }
        }
        Ok(changed)
    }

    /// An option of `a` through which `a` reverses in `G`, if there is one.
    fn reversing_option(
        &mut self,
        a: GameId,
        g: &mut Pending,
        side: Side,
        budget: &Budget,
    ) -> Result<Option<GameId>, Exhausted> {
        let replies = match side {
            Side::Left => self.rights(a)?,
            Side::Right => self.lefts(a)?,
        };
        for &r in replies.iter() {
            let reverses = match side {
                Side::Left => self.leq_pending(r, g, budget)?,
                Side::Right => self.pending_leq(g, r, budget)?,
            };
            if reverses {
                return Ok(Some(r));
            }
        }
        Ok(None)
    }

    /// Stores a canonical `{left | right}`: as a number or nus value when it is one,
    /// otherwise as a general node with sorted options.
    pub(crate) fn intern_canonical(
        &mut self,
        mut left: Vec<GameId>,
        mut right: Vec<GameId>,
        budget: &Budget,
    ) -> Result<GameId, Exhausted> {
        if let Some(x) = self.simplest_number(&left, &right) {
            return Ok(self.number(&x));
        }
        if let Some(n) = self.recognise_nus(&left, &right) {
            return Ok(self.intern_nus(n));
        }
        self.sort_struct(&mut left);
        self.sort_struct(&mut right);
        self.intern_general_checked(&left, &right, budget)
    }

    /// The nus value whose canonical options are exactly these, if there is one.
    fn recognise_nus(&self, left: &[GameId], right: &[GameId]) -> Option<Nus> {
        let l = self.sorted_nus_values(left)?;
        let r = self.sorted_nus_values(right)?;
        let cand = Nus::candidate(&l, &r)?;
        let (mut cl, mut cr) = cand.options();
        cl.sort_by(nus_order);
        cr.sort_by(nus_order);
        (cl == l && cr == r).then_some(cand)
    }

    fn sorted_nus_values(&self, list: &[GameId]) -> Option<Vec<Nus>> {
        let mut v: Vec<Nus> = list.iter().map(|&g| self.nus_of(g).cloned()).collect::<Option<_>>()?;
        v.sort_by(nus_order);
        Some(v)
    }
}

/// The structural order restricted to nus values: numbers first.
fn nus_order(a: &Nus, b: &Nus) -> Ordering {
    b.is_number().cmp(&a.is_number()).then(a.cmp_parts(b))
}

/// Which player's options.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    Left,
    Right,
}

/// Removes repeated ids (the order is fixed later).
fn dedup(v: &mut Vec<GameId>) {
    v.sort_unstable_by_key(|g| g.0);
    v.dedup();
}

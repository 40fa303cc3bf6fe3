//! Canonicalisation of `{L | R}` (docs/src/theory/canonical-forms.md): delete dominated options,
//! bypass reversible ones, repeat until neither applies; then store the result once, as a
//! number-up-star value when it is one.

use std::cmp::Ordering;

use super::compare::Pending;
use super::nus::Nus;
use super::{GameId, Games};
use crate::budget::{Budget, Exhausted};
use crate::dyadic::Dyadic;

/// How many option lists canonicalisation keeps for reuse ([`Games::spare_list`]).
const SPARE_LISTS: usize = 16;

/// Lists with room for more options than this are not kept for reuse.
const SPARE_LIST_CAPACITY: usize = 1 << 10;

impl Games {
    /// The id of the canonical form of `{left | right}`, whose options are canonical games.
    pub(crate) fn canonicalise(
        &mut self,
        left: Vec<GameId>,
        right: Vec<GameId>,
        budget: &Budget,
    ) -> Result<GameId, Exhausted> {
        // Repeated options go in the first pass of `remove_dominated`.
        if let Some(x) = self.simplest_number(&left, &right) {
            self.recycle_lists(left, right);
            return Ok(self.number(&x));
        }
        let mut g = Pending::reusing(left, right, std::mem::take(&mut self.pending_memos));
        let r = self.reduce(&mut g, budget).and_then(|()| self.intern_canonical(&mut g.left, &mut g.right, budget));
        let (left, right, memos) = g.into_parts();
        self.pending_memos = memos;
        self.recycle_lists(left, right);
        r
    }

    /// Deletes dominated options and bypasses reversible ones until neither applies.
    fn reduce(&mut self, g: &mut Pending, budget: &Budget) -> Result<(), Exhausted> {
        loop {
            budget.check()?;
            self.remove_dominated(&mut g.left, Side::Left, budget)?;
            self.remove_dominated(&mut g.right, Side::Right, budget)?;
            let bypassed_left = self.bypass_reversible(g, Side::Left, budget)?;
            let bypassed_right = self.bypass_reversible(g, Side::Right, budget)?;
            if !bypassed_left && !bypassed_right {
                return Ok(());
            }
        }
    }

    /// An empty option list, reusing one that a finished canonicalisation gave back (the
    /// lists of the games being built are the arena's most frequent allocations).
    pub(crate) fn spare_list(&mut self) -> Vec<GameId> {
        self.spare_lists.pop().unwrap_or_default()
    }

    /// Keeps two option lists for [`Games::spare_list`] (a few, and none that grew large).
    pub(crate) fn recycle_lists(&mut self, left: Vec<GameId>, right: Vec<GameId>) {
        for mut list in [left, right] {
            if self.spare_lists.len() < SPARE_LISTS && list.capacity() <= SPARE_LIST_CAPACITY {
                list.clear();
                self.spare_lists.push(list);
            }
        }
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
        // Each option's sort key is read once (not at every comparison of the sort), with the
        // id last so that equal options come together and are met once. The options kept are
        // then gathered in `list` itself.
        let mut keyed = std::mem::take(&mut self.dominance_keys);
        keyed.clear();
        keyed.extend(list.iter().map(|&g| {
            let s = self.stops_of(g);
            match side {
                // `!x` reverses the order of i64 without overflow.
                Side::Left => (!s.right, !s.left, g.0),
                Side::Right => (s.left, s.right, g.0),
            }
        }));
        keyed.sort_unstable();
        keyed.dedup_by_key(|k| k.2);
        list.clear();
        for &(_, _, a) in &keyed {
            let a = GameId(a);
            // The comparisons with the options kept, both ways, are looked up in the memo
            // first: ask for all their slots at once (their cache misses overlap).
            for &k in list.iter() {
                self.caches.leq.prefetch(a.0, k.0);
                self.caches.leq.prefetch(k.0, a.0);
            }
            let mut dominated = false;
            for &k in list.iter() {
                if self.dominated_by(a, k, side, budget)? {
                    dominated = true;
                    break;
                }
            }
            if dominated {
                continue;
            }
            let mut i = 0;
            while i < list.len() {
                if self.dominated_by(list[i], a, side, budget)? {
                    list.swap_remove(i);
                } else {
                    i += 1;
                }
            }
            list.push(a);
        }
        self.dominance_keys = keyed;
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
        fn list(g: &Pending, side: Side) -> &[GameId] {
            match side {
                Side::Left => &g.left,
                Side::Right => &g.right,
            }
        }
        // The list stays as it is while its options are tested (they are tested against the
        // same G); a new one is made only once a reversible option is found.
        let len = list(g, side).len();
        let mut out: Option<Vec<GameId>> = None;
        for i in 0..len {
            let a = list(g, side)[i];
            match self.reversing_option(a, g, side, budget)? {
                Some(r) => {
                    let replacement = match side {
                        Side::Left => self.lefts(r)?,
                        Side::Right => self.rights(r)?,
                    };
                    let out = out.get_or_insert_with(|| list(g, side)[..i].to_vec());
                    out.extend(replacement.iter().copied());
                }
                None => {
                    if let Some(out) = &mut out {
                        out.push(a);
                    }
                }
            }
        }
        let Some(mut out) = out else { return Ok(false) };
        dedup(&mut out);
        match side {
            Side::Left => g.left = out,
            Side::Right => g.right = out,
        }
        Ok(true)
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
        left: &mut [GameId],
        right: &mut [GameId],
        budget: &Budget,
    ) -> Result<GameId, Exhausted> {
        if let Some(x) = self.simplest_number(left, right) {
            return Ok(self.number(&x));
        }
        if let Some(n) = self.recognise_nus(left, right) {
            return Ok(self.intern_nus(n));
        }
        self.sort_struct(left);
        self.sort_struct(right);
        self.intern_general_checked(left, right, budget)
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

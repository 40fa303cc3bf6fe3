//! The sparse-space engine for finite codes whose moves leave at most two heaps (octal codes,
//! also with `!` on the two-heap moves): WW ch. 4, "Sparse Space Spells Speed"; A. Flammenkamp's
//! tables of octal games (spaces "in the range" and "in the domain"); P. Beling's description of
//! the rare/common (RC) method of his `ogsolve`, which searches for all missing values at once.
//!
//! For a mask m, call a value *common* if `popcount(v & m)` is odd and *rare* otherwise. common
//! XOR common is rare, so a split into two common heaps only reaches rare values. To compute g(n):
//! 1. mark the values of every move that leaves no heap, one heap, or a split with a rare heap
//!    (rare heaps are few, so this is cheap);
//! 2. the first unmarked value c whose parity no split into two common heaps has is not an
//!    option, so g(n) <= c; the unmarked values below c are the *pending* ones;
//! 3. one scan over the splits into two common heaps marks pending values until none is left
//!    (then g(n) = c) or the splits run out (then g(n) is the least pending value left).
//!
//! The scan ([`scan`]) reads every split of those heaps in order, also the few with a rare heap
//! (they reach only marked values), so that both heaps come from memory read forwards
//! ([`copies`]); values are read as `u16` while they all fit. While many values are pending,
//! blocks of splits mark their values without a branch; once few are left, blocks of splits are
//! compared with them at once (vectorised).
//!
//! Heaps are computed in batches of 32 (from a multiple of 32). Most marks of step 1, and the
//! first splits of each scan, need only values known before the batch: the split of heap m + b
//! with a rare heap r reads g(m + b - r), and for the 32 heaps of the batch these are 32 values
//! in a row. The batch marks them all at once, each heap in its own table of bytes: one read of
//! 32 values and 32 stores per rare heap, where one heap at a time cost a read and an index
//! computation per store. Each heap then marks the few splits that read values of its own batch,
//! and scans from where the batch stopped. How many first splits the batch marks follows where
//! the scans are left with few pending values. Where rare heaps are dense (no scan), the batch
//! marks every split of its least heap the same way.
//!
//! With a good space, g(n) is almost always c and the pending values are few and found early in
//! the scan, so a heap costs about the number of rare heaps instead of n/2. Some games need the
//! space "in the domain" (the parity of the heap size joins the mask's parity, Flammenkamp), e.g.
//! 0.106. The space is chosen again, to make rare heaps as few as possible, whenever n doubles.
//! The method is exact for every space; the space only decides the speed.

mod copies;
mod scan;

use cgt_core::{Budget, Exhausted};

use self::copies::{Copies, Splits};
use super::code::{Code, Constraint};

/// Heaps below this size are computed without a mask; the first mask is chosen here.
const FIRST_MASK_AT: usize = 64;
/// Masks are chosen among the values below `2^MASK_BITS`.
const MASK_BITS: u32 = 12;
/// Heaps taken together: a batch is `BATCH` heaps from a multiple of `BATCH`, and the options of
/// its heaps that need only values known before it starts are marked for all of them at once
/// ([`scan::mark_batch`]). A power of two at most [`FIRST_MASK_AT`], so that the space changes
/// only between batches.
const BATCH: usize = scan::BATCH;
/// The batch marks the first splits of each heap too, up to about this many, at first (then as
/// far as the scans find their pending values reduced to a few, see [`Engine::adapt_prefix`]).
const FIRST_PREFIX: usize = 256;

/// How heaps are sorted into common and rare: heap i is common when
/// `popcount(g(i) & mask) + (flip ? i + shift : 0)` is odd. With the flip by the heap's parity this
/// is Flammenkamp's sparse space "in the domain"; without it, "in the range".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Space {
    mask: u32,
    flip: bool,
    shift: bool,
}

impl Space {
    fn parity(self, v: u32) -> u32 {
        (v & self.mask).count_ones() % 2
    }

    fn is_common(self, i: usize, v: u32) -> bool {
        self.parity(v) ^ (self.flip && (i % 2 == 1) != self.shift) as u32 == 1
    }

    /// The parity of every value `g(a) XOR g(b)` with a + b = m and both heaps common: the
    /// other values of splits of m involve a rare heap.
    fn common_pair_parity(self, m: usize) -> u32 {
        (self.flip && m % 2 == 1) as u32
    }
}

/// What a batch marked for one split (take k, leave two heaps), for all its heaps: the splits
/// with a rare heap `rare[start..skip_from]` and `rare[skip_to..end]`, and the splits `(a, m - a)`
/// with `BATCH <= a < prefix`. The rest is each heap's own.
#[derive(Clone, Copy, Debug)]
struct Far {
    start: usize,
    skip_from: usize,
    skip_to: usize,
    end: usize,
    prefix: usize,
    /// Rare heaps are dense: the batch marked every split `(a, m - a)` with `a >= BATCH` of its
    /// least m (then `prefix` is one more than the last of them), and nothing is left to the scan.
    dense: bool,
}

/// The sparse-space computation of `g(0), g(1), ...`.
#[derive(Clone)]
pub(super) struct Engine {
    /// Heap sizes k with each kind of move: take k, leave nothing / one heap / two heaps.
    whole: Vec<usize>,
    single: Vec<usize>,
    split: Vec<usize>,
    /// For each split, whether its two heaps must be unequal (`!`).
    unequal: Vec<bool>,
    /// Whether the splits remove numbers of tokens of both parities (then spaces in the domain
    /// would leave both parities to the scan, so only spaces in the range are used).
    mixed_parities: bool,
    pub(super) values: Vec<u32>,
    /// The values as the splits read them.
    copies: Copies,
    space: Space,
    /// Heaps i >= 1 that are rare, ascending, each with its value (side by side: one stream to
    /// read when marking).
    rare: Vec<(u32, u32)>,
    /// `BATCH` tables of `cover` bytes, `cover` a power of two above every value (so above every
    /// XOR of two): table `n % BATCH` holds the option values of heap n marked so far (nonzero:
    /// marked). The batch clears them all when it starts.
    tables: Vec<u8>,
    cover: usize,
    /// The pending values of the scan, not reached yet.
    pending_list: Vec<u32>,
    /// For each split, the first split `(a, m - a)` left to the scan (those below are marked),
    /// if its splits into two common heaps are left to the scan at all.
    scan: Vec<Option<usize>>,
    /// For each split, what the current batch marked for all its heaps.
    far: Vec<Option<Far>>,
    /// How many first splits of each heap the batches mark, and whether it adapts (see
    /// [`Engine::adapt_prefix`]).
    prefix: usize,
    adapt: bool,
}

impl Engine {
    /// The engine for a finite code whose digits are below 8.
    pub(super) fn new(code: &Code) -> Self {
        let digits = &code.finite;
        let with_bit = |bit: u8| (0..digits.len()).filter(|&k| digits[k].bits & bit != 0).collect::<Vec<_>>();
        let split = with_bit(4);
        Engine {
            whole: with_bit(1),
            single: with_bit(2),
            unequal: split.iter().map(|&k| digits[k].constraint != Constraint::Free).collect(),
            mixed_parities: split.iter().any(|k| k % 2 != split[0] % 2),
            scan: vec![None; split.len()],
            far: vec![None; split.len()],
            split,
            values: Vec::new(),
            copies: Copies::new(),
            space: Space { mask: 0, flip: false, shift: false },
            rare: Vec::new(),
            tables: vec![0; 1 << 16],
            cover: 2,
            pending_list: Vec::new(),
            prefix: FIRST_PREFIX,
            adapt: true,
        }
    }

    /// The engine with the batches' prefix of splits fixed (the values are the same whatever it
    /// is; tests try the extremes).
    #[cfg(test)]
    pub(super) fn with_prefix(code: &Code, prefix: usize) -> Self {
        Engine { prefix, adapt: false, ..Engine::new(code) }
    }

    /// Computes the next value g(n), n = the number of values so far.
    pub(super) fn push(&mut self, budget: &Budget) -> Result<(), Exhausted> {
        let n = self.values.len();
        if n >= FIRST_MASK_AT && n.is_power_of_two() {
            self.choose_space();
            // The values, their `u16` copy and its reversed copy, with room to grow.
            budget.check_memory(n * 20)?;
        }
        if n.is_multiple_of(BATCH) {
            self.start_batch(n, budget)?;
        }
        self.mark_cheap_options(n, budget)?;
        let v = self.mex(n, budget)?;
        self.append(v);
        Ok(())
    }

    /// Takes in the next value, g(n) for n = the number of values so far.
    fn append(&mut self, v: u32) {
        let n = self.values.len();
        self.values.push(v);
        self.copies.push(&self.values);
        let cover = (v as usize + 1).next_power_of_two();
        if cover > self.cover {
            // Each table keeps what it holds, in the first `self.cover` of its new bytes.
            let mut tables = vec![0; (BATCH * cover).max(1 << 16)];
            for (new, old) in tables.chunks_exact_mut(cover).zip(self.tables.chunks_exact(self.cover)).take(BATCH) {
                new[..old.len()].copy_from_slice(old);
            }
            (self.tables, self.cover) = (tables, cover);
        }
        if n > 0 && !self.space.is_common(n, v) {
            self.rare.push((n as u32, v));
        }
    }

    /// Clears the tables of the batch of heaps `n..n + BATCH`, and marks for each of those heaps
    /// the values of the splits whose heaps are all below n: for each split, either those with
    /// a rare heap at least `BATCH` and the splits `(a, m - a)` with `BATCH <= a < prefix`, the
    /// rest being left to the scan, or, where rare heaps are dense, every split with
    /// `a >= BATCH` of the batch's least m.
    fn start_batch(&mut self, n: usize, budget: &Budget) -> Result<(), Exhausted> {
        self.tables[..BATCH * self.cover].fill(0);
        self.far.fill(None);
        for i in 0..self.split.len() {
            let k = self.split[i];
            // The heaps of the batch split m, m + 1, ..., m + BATCH - 1.
            let Some(m) = n.checked_sub(k).filter(|&m| m >= FIRST_MASK_AT) else { continue };
            let end = self.rare.partition_point(|&(r, _)| (r as usize) < m);
            let last = last_split(m, self.unequal[i]);
            let far = if 4 * end > m {
                Far { start: end, skip_from: end, skip_to: end, end, prefix: last + 1, dense: true }
            } else {
                let start = self.rare.partition_point(|&(r, _)| (r as usize) < BATCH);
                // With `!`, a heap m' of the batch has no split (m' / 2, m' / 2): those rare heaps
                // are left to each heap.
                let (skip_from, skip_to) = if self.unequal[i] {
                    let from = self.rare.partition_point(|&(r, _)| 2 * (r as usize) < m).clamp(start, end);
                    (from, self.rare.partition_point(|&(r, _)| 2 * (r as usize) < m + BATCH).clamp(from, end))
                } else {
                    (end, end)
                };
                let prefix = self.prefix.min(last + 1).max(BATCH);
                Far { start, skip_from, skip_to, end, prefix, dense: false }
            };
            let (tables, cover) = (&mut self.tables, self.cover);
            // Split (r, m' - r) of heap m' = m + b: the value of rare heap r XOR g(m - r + b).
            let rare = self.rare[far.start..far.skip_from].chunks(scan::CHUNK);
            for part in rare.chain(self.rare[far.skip_to..far.end].chunks(scan::CHUNK)) {
                budget.check()?;
                let windows = part.iter().map(|&(r, v)| (m - r as usize, v));
                match self.copies.narrow() {
                    Some(g) => scan::mark_batch(g, windows, tables, cover),
                    None => scan::mark_batch(&self.values, windows, tables, cover),
                }
            }
            // Split (a, m' - a): g(a) XOR g(m - a + b).
            for from in (BATCH..far.prefix).step_by(scan::CHUNK) {
                budget.check()?;
                let firsts = from..(from + scan::CHUNK).min(far.prefix);
                match self.copies.narrow() {
                    Some(g) => scan::mark_batch(g, firsts.map(|a| (m - a, u32::from(g[a]))), tables, cover),
                    None => {
                        let g = &self.values;
                        scan::mark_batch(g, firsts.map(|a| (m - a, g[a])), tables, cover);
                    }
                }
            }
            self.far[i] = Some(far);
        }
        Ok(())
    }

    /// Marks every option value except those of splits into two common heaps. Where rare heaps
    /// are dense, marking all splits directly is cheaper, and nothing is left to the scan.
    fn mark_cheap_options(&mut self, n: usize, budget: &Budget) -> Result<(), Exhausted> {
        let at = n % BATCH * self.cover;
        let seen = &mut self.tables[at..at + self.cover];
        if self.whole.contains(&n) {
            seen[0] = 1;
        }
        for &k in self.single.iter().filter(|&&k| k < n) {
            seen[self.values[n - k] as usize] = 1;
        }
        for i in 0..self.split.len() {
            let k = self.split[i];
            self.scan[i] = None;
            if k + 2 > n {
                continue;
            }
            budget.check()?;
            let m = n - k;
            // With `!`, the split into two equal heaps is not a move.
            let unequal = self.unequal[i];
            let last = last_split(m, unequal);
            let rare_below = self.rare.partition_point(|&(r, _)| (r as usize) < m);
            if let Some(far) = self.far[i] {
                // The batch marked the rest; the first splits read values of this batch.
                let rare = &self.rare;
                let near = [&rare[..far.start], &rare[far.skip_from..far.skip_to], &rare[far.end..rare_below]];
                let near_splits = last.min(BATCH - 1);
                // Where rare heaps are dense the batch marked every split up to the batch's
                // least m, and this heap marks the others.
                let (near, rest) = if far.dense { (&near[..0], far.prefix) } else { (&near[..], last + 1) };
                match self.copies.narrow() {
                    Some(g) => {
                        near.iter().for_each(|rare| scan::mark_rare(g, m, rare, unequal, seen));
                        scan::mark_splits(g, m, 1, near_splits, seen);
                        scan::mark_splits(g, m, rest, last, seen);
                    }
                    None => {
                        near.iter().for_each(|rare| scan::mark_rare(&self.values, m, rare, unequal, seen));
                        scan::mark_splits(&self.values, m, 1, near_splits, seen);
                        scan::mark_splits(&self.values, m, rest, last, seen);
                    }
                }
                self.scan[i] = (!far.dense && far.prefix <= last).then_some(far.prefix);
            } else if 4 * rare_below > m {
                match self.copies.narrow() {
                    Some(g) => scan::mark_splits(g, m, 1, last, seen),
                    None => scan::mark_splits(&self.values, m, 1, last, seen),
                }
            } else {
                let rare = &self.rare[..rare_below];
                match self.copies.narrow() {
                    Some(g) => scan::mark_rare(g, m, rare, unequal, seen),
                    None => scan::mark_rare(&self.values, m, rare, unequal, seen),
                }
                self.scan[i] = Some(1);
            }
        }
        Ok(())
    }

    /// g(n), once the cheap options are marked: steps 2 and 3 of the method.
    fn mex(&mut self, n: usize, budget: &Budget) -> Result<u32, Exhausted> {
        // Bit p of `parities`: some split left to the scan reaches values of parity p.
        let parities = (0..self.split.len())
            .filter(|&i| self.scan[i].is_some())
            .fold(0u32, |acc, i| acc | 1 << self.space.common_pair_parity(n - self.split[i]));
        let at = n % BATCH * self.cover;
        let seen = &self.tables[at..at + self.cover];
        let unmarked = |v: usize| seen[v] == 0;
        let reachable = |v: usize| parities >> self.space.parity(v as u32) & 1 == 1;
        let bound = (0..self.cover).find(|&v| unmarked(v) && !reachable(v)).unwrap_or(self.cover);
        let pending = (0..bound).any(unmarked);
        let (done, marked) = if pending { self.scan_common_pairs(n, bound, budget)? } else { (true, 0) };
        if self.far.iter().any(|far| far.is_some_and(|far| !far.dense)) {
            self.adapt_prefix(marked);
        }
        if !done {
            let seen = &self.tables[at..at + self.cover];
            return Ok((0..bound).find(|&v| seen[v] == 0).unwrap_or(bound) as u32);
        }
        Ok(bound as u32)
    }

    /// Marks the values below `bound` reached by the splits left to the scan (all their splits
    /// from the first left: those with a rare heap reach only marked values, and reading every
    /// split keeps both heaps readable forwards), stopping once the unmarked values there are
    /// all marked; whether they were, and how many splits the scan marked while many values
    /// were pending. (The scan marks other values of those splits too: they are options all
    /// the same.)
    fn scan_common_pairs(&mut self, n: usize, bound: usize, budget: &Budget) -> Result<(bool, usize), Exhausted> {
        let at = n % BATCH * self.cover;
        let seen = &mut self.tables[at..at + self.cover];
        self.pending_list.clear();
        self.pending_list.extend((0..bound as u32).filter(|&v| seen[v as usize] == 0));
        let mut p = scan::Pending { list: &mut self.pending_list, seen, marked: 0 };
        for i in 0..self.split.len() {
            let Some(from) = self.scan[i] else { continue };
            let m = n - self.split[i];
            let last = last_split(m, self.unequal[i]);
            let done = match self.copies.splits(&self.values, m, from, last) {
                Splits::Narrow(front, back) => scan::scan_splits(front, back, &mut p, budget)?,
                Splits::Wide(front, back) => scan::scan_splits(front, back, &mut p, budget)?,
            };
            if done {
                return Ok((true, p.marked));
            }
        }
        Ok((false, p.marked))
    }

    /// Moves the batches' prefix of splits towards where the scans are left with at most
    /// [`scan::TARGETS`] pending values: a split marked by a batch costs less than one marked by
    /// the scan itself, and more than one compared with a few pending values. `marked`: the
    /// splits the scan of this heap marked (while more values were pending).
    fn adapt_prefix(&mut self, marked: usize) {
        if !self.adapt {
            return;
        }
        self.prefix = if marked > 0 {
            self.prefix.saturating_add(marked.div_ceil(8))
        } else {
            self.prefix.saturating_sub(self.prefix / 256 + 1)
        };
    }

    /// Picks the space that makes the fewest heaps rare, and sorts the heaps again.
    fn choose_space(&mut self) {
        let low = (1u32 << MASK_BITS) - 1;
        // count[2 v + i % 2]: heaps i >= 1 with low bits v of g(i).
        let mut count = vec![0usize; 2 << MASK_BITS];
        for (i, &v) in self.values.iter().enumerate().skip(1) {
            count[2 * (v & low) as usize + i % 2] += 1;
        }
        let used: Vec<(usize, usize)> = (0..count.len()).filter(|&c| count[c] > 0).map(|c| (c, count[c])).collect();
        let top = used.iter().map(|&(c, _)| (c / 2) as u32).max().unwrap_or(0);
        let masks = 1u32 << (32 - top.leading_zeros());
        let rare_heaps = |space: Space| {
            used.iter().filter(|&&(c, _)| !space.is_common(c % 2, (c / 2) as u32)).map(|&(_, k)| k).sum::<usize>()
        };
        let spaces: &[(bool, bool)] =
            if self.mixed_parities { &[(false, false)] } else { &[(false, false), (true, false), (true, true)] };
        let candidates =
            (0..masks).flat_map(|mask| spaces.iter().map(move |&(flip, shift)| Space { mask, flip, shift }));
        let best = candidates.min_by_key(|&sp| (rare_heaps(sp), sp != self.space)).unwrap_or(self.space);
        if best == self.space {
            return;
        }
        self.space = best;
        let values = &self.values;
        let rare = (1..values.len()).filter(|&i| !best.is_common(i, values[i]));
        self.rare = rare.map(|i| (i as u32, values[i])).collect();
    }
}

/// The largest a of a split `(a, m - a)` with `a <= m - a`; with `unequal` (`!`), `a < m - a`.
fn last_split(m: usize, unequal: bool) -> usize {
    if unequal { m.saturating_sub(1) / 2 } else { m / 2 }
}

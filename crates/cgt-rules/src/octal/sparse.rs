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
    /// `seen[v] == n` marks v as an option value of the heap n being computed; its length is a
    /// power of two above every value, so it covers every option value.
    seen: Vec<usize>,
    /// The pending values of the scan, not reached yet.
    pending_list: Vec<u32>,
    /// For each split, whether its splits into two common heaps are left to the scan.
    scan: Vec<bool>,
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
            scan: vec![false; split.len()],
            split,
            values: Vec::new(),
            copies: Copies::new(),
            space: Space { mask: 0, flip: false, shift: false },
            rare: Vec::new(),
            seen: vec![usize::MAX; 2],
            pending_list: Vec::new(),
        }
    }

    /// Computes the next value g(n), n = the number of values so far.
    pub(super) fn push(&mut self, budget: &Budget) -> Result<(), Exhausted> {
        let n = self.values.len();
        if n >= FIRST_MASK_AT && n.is_power_of_two() {
            self.choose_space();
            // The values, their `u16` copy and its reversed copy, with room to grow.
            budget.check_memory(n * 20)?;
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
        if cover > self.seen.len() {
            self.seen.resize(cover, usize::MAX);
        }
        if n > 0 && !self.space.is_common(n, v) {
            self.rare.push((n as u32, v));
        }
    }

    /// Marks every option value except those of splits into two common heaps. Where rare heaps
    /// are dense, marking all splits directly is cheaper, and nothing is left to the scan.
    fn mark_cheap_options(&mut self, n: usize, budget: &Budget) -> Result<(), Exhausted> {
        if self.whole.contains(&n) {
            self.seen[0] = n;
        }
        for &k in self.single.iter().filter(|&&k| k < n) {
            self.seen[self.values[n - k] as usize] = n;
        }
        for i in 0..self.split.len() {
            let k = self.split[i];
            self.scan[i] = false;
            if k + 2 > n {
                continue;
            }
            budget.check()?;
            let m = n - k;
            // With `!`, the split into two equal heaps is not a move.
            let unequal = self.unequal[i];
            let seen = &mut self.seen;
            let rare_below = self.rare.partition_point(|&(r, _)| (r as usize) < m);
            let last = last_split(m, unequal);
            if 4 * rare_below > m {
                match self.copies.narrow() {
                    Some(g) => scan::mark_splits(g, m, last, seen, n),
                    None => scan::mark_splits(&self.values, m, last, seen, n),
                }
            } else {
                let rare = &self.rare[..rare_below];
                match self.copies.narrow() {
                    Some(g) => scan::mark_rare(g, m, rare, unequal, seen, n),
                    None => scan::mark_rare(&self.values, m, rare, unequal, seen, n),
                }
                self.scan[i] = true;
            }
        }
        Ok(())
    }

    /// g(n), once the cheap options are marked: steps 2 and 3 of the method.
    fn mex(&mut self, n: usize, budget: &Budget) -> Result<u32, Exhausted> {
        // Bit p of `parities`: some split left to the scan reaches values of parity p.
        let parities = (0..self.split.len())
            .filter(|&i| self.scan[i])
            .fold(0u32, |acc, i| acc | 1 << self.space.common_pair_parity(n - self.split[i]));
        let cover = self.seen.len();
        let unmarked = |v: usize| self.seen[v] != n;
        let reachable = |v: usize| parities >> self.space.parity(v as u32) & 1 == 1;
        let bound = (0..cover).find(|&v| unmarked(v) && !reachable(v)).unwrap_or(cover);
        let pending = (0..bound).any(unmarked);
        if pending && !self.scan_common_pairs(n, bound, budget)? {
            return Ok((0..bound).find(|&v| self.seen[v] != n).unwrap_or(bound) as u32);
        }
        Ok(bound as u32)
    }

    /// Marks the values below `bound` reached by the splits left to the scan (all their splits:
    /// those with a rare heap reach only marked values, and reading every split keeps both heaps
    /// readable forwards), stopping once the unmarked values there are all marked; whether they
    /// were. (The scan marks other values of those splits too: they are options all the same.)
    fn scan_common_pairs(&mut self, n: usize, bound: usize, budget: &Budget) -> Result<bool, Exhausted> {
        let seen = &mut self.seen;
        self.pending_list.clear();
        self.pending_list.extend((0..bound as u32).filter(|&v| seen[v as usize] != n));
        let mut p = scan::Pending { list: &mut self.pending_list, seen, n };
        for i in (0..self.split.len()).filter(|&i| self.scan[i]) {
            let m = n - self.split[i];
            let last = last_split(m, self.unequal[i]);
            let done = match self.copies.splits(&self.values, m, last) {
                Splits::Narrow(front, back) => scan::scan_splits(front, back, &mut p, budget)?,
                Splits::Wide(front, back) => scan::scan_splits(front, back, &mut p, budget)?,
            };
            if done {
                return Ok(true);
            }
        }
        Ok(false)
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

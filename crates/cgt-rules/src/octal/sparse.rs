//! The sparse-space engine for finite codes whose moves leave at most two heaps (octal codes,
//! also with `!` on the two-heap moves): WW ch. 4, "Sparse Space Spells Speed", and
//! A. Flammenkamp's tables of octal games.
//!
//! For a mask m, call a value *common* if `popcount(v & m)` is odd and *rare* otherwise. common
//! XOR common is rare, so a common option value of a split needs a heap with a rare value; those
//! heaps are few, so the common options are all found cheaply, and a rare candidate for the mex is
//! usually an option, which a short search confirms. Some games need the space "in the domain"
//! (the parity of the heap size joins the mask's parity, Flammenkamp), e.g. 0.106. The space is
//! chosen again, to make rare heaps as few as possible, whenever n doubles. The method is exact
//! for every space; the space only decides the speed.

use cgt_core::{Budget, Exhausted};

use super::code::{Code, Constraint};

/// Heaps below this size are computed without a mask; the first mask is chosen here.
const FIRST_MASK_AT: usize = 64;
/// Masks are chosen among the values below `2^MASK_BITS`.
const MASK_BITS: u32 = 10;

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
pub(super) struct Engine {
    /// Heap sizes k with each kind of move: take k, leave nothing / one heap / two heaps.
    whole: Vec<usize>,
    single: Vec<usize>,
    split: Vec<usize>,
    /// For each split, whether its two heaps must be unequal (`!`).
    unequal: Vec<bool>,
    pub(super) values: Vec<u32>,
    space: Space,
    /// Heaps i >= 1 that are rare, and that are common, ascending.
    rare: Vec<usize>,
    common: Vec<usize>,
    /// `seen[v] == n` marks v as an option value of the heap n being computed.
    seen: Vec<usize>,
    /// For each split, whether all its option values are marked for the current heap.
    complete: Vec<bool>,
    /// A running average of the splits tried per heap in searches for witnesses; when the
    /// search and the rare heaps together cost more than marking every split, every split is
    /// marked (except on every 64th heap, which samples the sparse method again).
    search_cost: usize,
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
            complete: vec![true; split.len()],
            split,
            values: Vec::new(),
            space: Space { mask: 0, flip: false, shift: false },
            rare: Vec::new(),
            common: Vec::new(),
            seen: vec![usize::MAX; 2],
            search_cost: 0,
        }
    }

    /// Marks `v`, which is below `seen.len()`: an option value of a single heap is a value,
    /// and a split's is the XOR of two values, both below the power of two `seen` covers.
    fn mark(&mut self, v: u32, n: usize) {
        self.seen[v as usize] = n;
    }

    fn is_marked(&self, v: u32, n: usize) -> bool {
        self.seen.get(v as usize) == Some(&n)
    }

    /// Computes the next value g(n), n = the number of values so far.
    pub(super) fn push(&mut self, budget: &Budget) -> Result<(), Exhausted> {
        let n = self.values.len();
        if n >= FIRST_MASK_AT && n.is_power_of_two() {
            self.choose_space();
            budget.check_memory(n * 12)?;
        }
        self.mark_cheap_options(n, budget)?;
        let (mut v, mut scanned) = (0, 0);
        while self.is_marked(v, n) || self.split_of_common_heaps_reaches(v, n, &mut scanned) {
            budget.check()?;
            v += 1;
        }
        if self.complete.iter().any(|&c| !c) {
            self.search_cost = self.search_cost - self.search_cost / 16 + scanned / 16;
        }
        self.values.push(v);
        let cover = (v as usize + 1).next_power_of_two();
        if cover > self.seen.len() {
            self.seen.resize(cover, usize::MAX);
        }
        if n > 0 {
            if self.space.is_common(n, v) { self.common.push(n) } else { self.rare.push(n) }
        }
        Ok(())
    }

    /// Marks every option value except those of splits into two common heaps. Where rare heaps
    /// are dense or witnesses hard to find, marking all splits directly is cheaper, and the split
    /// is then `complete`.
    fn mark_cheap_options(&mut self, n: usize, budget: &Budget) -> Result<(), Exhausted> {
        if self.whole.contains(&n) {
            self.mark(0, n);
        }
        for i in 0..self.single.len() {
            let k = self.single[i];
            if k < n {
                self.mark(self.values[n - k], n);
            }
        }
        for i in 0..self.split.len() {
            let k = self.split[i];
            self.complete[i] = true;
            if k + 2 > n {
                continue;
            }
            budget.check()?;
            let m = n - k;
            // With `!`, the split into two equal heaps is not a move.
            let allowed = |a: usize| !self.unequal[i] || 2 * a != m;
            let (g, seen) = (&self.values, &mut self.seen);
            let rare_below = self.rare.partition_point(|&r| r < m);
            let sample = n.is_multiple_of(64);
            if !sample && rare_below + self.search_cost > m / 2 {
                (1..=m / 2).filter(|&a| allowed(a)).for_each(|a| seen[(g[a] ^ g[m - a]) as usize] = n);
            } else {
                self.rare[..rare_below]
                    .iter()
                    .filter(|&&r| allowed(r))
                    .for_each(|&r| seen[(g[r] ^ g[m - r]) as usize] = n);
                self.complete[i] = false;
            }
        }
        Ok(())
    }

    /// Whether `v` is the value of a split of n into two common heaps (not yet marked). Only
    /// splits whose common pairs have the parity of `v` can be; with a good space that is rarely
    /// any, and when it is, a witness usually turns up early in the search.
    fn split_of_common_heaps_reaches(&self, v: u32, n: usize, scanned: &mut usize) -> bool {
        let parity = self.space.parity(v);
        (0..self.split.len()).any(|i| {
            let k = self.split[i];
            if self.complete[i] || k + 2 > n || self.space.common_pair_parity(n - k) != parity {
                return false;
            }
            let m = n - k;
            let half = self.common.partition_point(|&a| a <= m / 2);
            let unequal = self.unequal[i];
            let found = self.common[..half]
                .iter()
                .position(|&a| self.values[a] ^ self.values[m - a] == v && !(unequal && 2 * a == m));
            *scanned += found.map_or(half, |i| i + 1);
            found.is_some()
        })
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
        let spaces = [(false, false), (true, false), (true, true)];
        let candidates = (0..masks).flat_map(|mask| spaces.map(|(flip, shift)| Space { mask, flip, shift }));
        let best = candidates.min_by_key(|&sp| (rare_heaps(sp), sp != self.space)).unwrap_or(self.space);
        if best == self.space {
            return;
        }
        self.space = best;
        let values = &self.values;
        (self.common, self.rare) = (1..values.len()).partition(|&i| best.is_common(i, values[i]));
    }
}

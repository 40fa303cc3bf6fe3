//! Octal games `d0.d1d2d3...`: take-and-break heap games such as Kayles (0.77), Dawson's Kayles
//! (0.07) and Dawson's Chess (0.137).
//!
//! Digit `dk` (0-7) says what removing k tokens from a heap may leave: bit 1, nothing (the heap
//! had exactly k tokens); bit 2, one non-empty heap; bit 4, two non-empty heaps. The whole digit
//! `d0` may be 0 or 4 (4: a heap may be split in two without removing anything); `.07` means
//! `0.07`. Grundy values of a split are XORs (Sprague–Grundy).
//!
//! The values are computed with the sparse-space method (WW ch. 4, "Sparse Space Spells Speed";
//! A. Flammenkamp's tables): for a mask m, call a value *common* if `popcount(v & m)` is odd and
//! *rare* otherwise. common XOR common is rare, so a common option value of a split needs a heap
//! with a rare value; those heaps are few, so the common options are all found cheaply, and a rare
//! candidate for the mex is usually an option, which a short search confirms. Some games need the
//! space "in the domain" (the parity of the heap size joins the mask's parity, Flammenkamp), e.g.
//! 0.106. The space is chosen again, to make rare heaps as few as possible, whenever n doubles.
//! The method is exact for every space; the space only decides the speed.
//!
//! Periodicity is proven with the Guy–Smith theorem (WW ch. 4; CGT IV.2): if the game removes at
//! most t tokens (t = index of the last non-zero digit) and `g(n + p) = g(n)` for all n with
//! `n0 <= n < 2·n0 + p + t`, then `g(n + p) = g(n)` for all `n >= n0`. (The proof splits an
//! option of n + p into heaps a <= b; b >= n0 + p because n >= 2·n0 + p + t, so b - p is in the
//! range already known. It holds for `d0 = 4` too, removing 0 <= t tokens.) The pre-period
//! reported is the least n0 for the least period, so that Kayles is periodic from 71 (its last
//! exceptional value is g(70), as in WW) with period 12.

use std::fmt;

use cgt_core::{Budget, Exhausted};

use crate::nim::{BeyondTable, GrundyTable, Period};

/// Why an octal code was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OctalError {
    /// The code has no digits.
    Empty,
    /// A character that is not an octal digit (0-7), at this byte offset.
    BadDigit {
        /// Byte offset in the code.
        offset: usize,
        /// The character found.
        found: char,
    },
    /// The digit before the point must be 0 or 4.
    BadWholeDigit(u8),
    /// There is more than one digit before the point.
    LongWholePart,
}

impl fmt::Display for OctalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OctalError::Empty => f.write_str("the octal code has no digits"),
            OctalError::BadDigit { found, .. } => write!(f, "`{found}` is not an octal digit (0 to 7)"),
            OctalError::BadWholeDigit(d) => {
                write!(f, "the digit before the point is {d}, but only 0 and 4 (split without taking) make sense")
            }
            OctalError::LongWholePart => f.write_str("an octal code has one digit before the point"),
        }
    }
}

/// An octal game: `digits[k]` is the digit `dk`, `digits[0]` the one before the point; trailing
/// zeros are dropped, so `digits.len() - 1` is t, the most tokens a move removes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct OctalCode {
    digits: Vec<u8>,
}

/// A move in a sum of octal heaps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OctalMove {
    /// Index of the heap played in.
    pub heap: usize,
    /// How many tokens are removed.
    pub take: u64,
    /// The non-empty heaps left in its place (none, one or two).
    pub leave: Vec<u64>,
}

impl OctalCode {
    /// Reads a code such as `0.137`, `.07` or `4.07`.
    pub fn parse(code: &str) -> Result<Self, OctalError> {
        let (whole, frac, frac_start) = match code.find('.') {
            Some(dot) => (&code[..dot], &code[dot + 1..], dot + 1),
            None => (code, "", code.len()),
        };
        if whole.is_empty() && frac.is_empty() {
            return Err(OctalError::Empty);
        }
        let d0 = match digits_of(whole, 0)?.as_slice() {
            [] => 0,
            [d] => *d,
            _ => return Err(OctalError::LongWholePart),
        };
        OctalCode::from_digits(d0, &digits_of(frac, frac_start)?)
    }

    /// The code `d0.d1d2...` from its digits (`d0` is 0 or 4, the others 0 to 7).
    pub fn from_digits(d0: u8, digits: &[u8]) -> Result<Self, OctalError> {
        if d0 != 0 && d0 != 4 {
            return Err(OctalError::BadWholeDigit(d0));
        }
        if let Some((i, &d)) = digits.iter().enumerate().find(|&(_, &d)| d > 7) {
            return Err(OctalError::BadDigit { offset: i, found: char::from_digit(u32::from(d), 36).unwrap_or('?') });
        }
        let mut all = vec![d0];
        all.extend_from_slice(digits);
        while all.len() > 1 && all.last() == Some(&0) {
            all.pop();
        }
        Ok(OctalCode { digits: all })
    }

    /// Kayles, `0.77`.
    pub fn kayles() -> Self {
        OctalCode { digits: vec![0, 7, 7] }
    }

    /// Dawson's Kayles, `0.07`.
    pub fn dawson() -> Self {
        OctalCode { digits: vec![0, 0, 7] }
    }

    /// The most tokens a move removes (t in the periodicity theorem).
    pub fn max_take(&self) -> u64 {
        self.digits.len() as u64 - 1
    }

    /// The digit `dk` (0 beyond the code).
    pub fn digit(&self, k: usize) -> u8 {
        self.digits.get(k).copied().unwrap_or(0)
    }

    /// The Grundy values from `g(0)` on, stopping as soon as the periodicity theorem proves a
    /// period, or when `limit` values have been computed.
    pub fn grundy_table(&self, limit: usize, budget: &Budget) -> Result<GrundyTable, Exhausted> {
        let mut engine = Engine::new(self);
        let mut checkpoint = 32;
        while engine.values.len() < limit {
            engine.push(budget)?;
            let n = engine.values.len();
            if n == checkpoint || n == limit {
                if let Some(period) = prove_period(&engine.values, self.max_take(), budget)? {
                    return Ok(GrundyTable::new(engine.values, Some(period)));
                }
                checkpoint *= 2;
            }
        }
        Ok(GrundyTable::new(engine.values, None))
    }

    /// The least period and its least pre-period, searching heaps below `limit`; `None` means
    /// "not found within `limit`".
    pub fn period(&self, limit: usize, budget: &Budget) -> Result<Option<Period>, Exhausted> {
        Ok(self.grundy_table(limit, budget)?.period())
    }

    /// `g(0), ..., g(len - 1)`, read through the period once it is proven.
    pub fn grundy_sequence(&self, len: usize, budget: &Budget) -> Result<Vec<u32>, Exhausted> {
        let table = self.grundy_table(len, budget)?;
        Ok((0..len).map(|n| table.value(n as u128).expect("computed or periodic")).collect())
    }

    /// A winning move in the sum of `heaps` (values from `table`, which must be this game's), or
    /// `Ok(None)` for a P-position. Splits of a big heap are searched only up to one period past
    /// the pre-period, as every other split repeats one of those values.
    pub fn winning_move(&self, table: &GrundyTable, heaps: &[u64]) -> Result<Option<OctalMove>, BeyondTable> {
        let total = table.sum(heaps)?;
        if total == 0 {
            return Ok(None);
        }
        for (heap, &h) in heaps.iter().enumerate() {
            let target = table.try_value(u128::from(h))? ^ total;
            if target < table.try_value(u128::from(h))?
                && let Some((take, leave)) = self.option_with_value(table, h, target)?
            {
                return Ok(Some(OctalMove { heap, take, leave }));
            }
        }
        Ok(None)
    }

    /// An option of the heap `h` with Grundy value `target`, as (tokens taken, heaps left).
    fn option_with_value(
        &self,
        table: &GrundyTable,
        h: u64,
        target: u32,
    ) -> Result<Option<(u64, Vec<u64>)>, BeyondTable> {
        let g = |n: u64| table.try_value(u128::from(n));
        for (k, &d) in self.digits.iter().enumerate() {
            let k = k as u64;
            if k > h {
                break;
            }
            let m = h - k;
            if d & 1 != 0 && m == 0 && target == 0 {
                return Ok(Some((k, vec![])));
            }
            if d & 2 != 0 && m > 0 && g(m)? == target {
                return Ok(Some((k, vec![m])));
            }
            if d & 4 != 0 && m >= 2 {
                let last = match table.period() {
                    Some(p) => (m / 2).min(p.preperiod.max(1) + p.period),
                    None => m / 2,
                };
                for a in 1..=last {
                    if g(a)? ^ g(m - a)? == target {
                        return Ok(Some((k, vec![a, m - a])));
                    }
                }
            }
        }
        Ok(None)
    }
}

impl fmt::Display for OctalCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.", self.digits[0])?;
        if self.digits.len() == 1 {
            return f.write_str("0");
        }
        self.digits[1..].iter().try_for_each(|d| write!(f, "{d}"))
    }
}

/// The octal digits of `text`, whose first byte is at `start` in the whole code.
fn digits_of(text: &str, start: usize) -> Result<Vec<u8>, OctalError> {
    text.char_indices()
        .map(|(i, c)| match c {
            '0'..='7' => Ok(c as u8 - b'0'),
            found => Err(OctalError::BadDigit { offset: start + i, found }),
        })
        .collect()
}

/// Finds the least period p that the periodicity theorem proves from `values`, with its least
/// pre-period: n0(p) is one past the last n with `g(n) != g(n + p)`, and p is proven when the
/// values reach `2·n0 + 2p + t`. A proven p is a true period, and every true period is a
/// multiple of the least one with the same least pre-period, so the first p proven is the least.
fn prove_period(values: &[u32], t: u64, budget: &Budget) -> Result<Option<Period>, Exhausted> {
    let len = values.len() as u64;
    let mut p = 1;
    while 2 * p + t <= len {
        budget.check()?;
        // Proven iff there is no mismatch for n in [bound, len - p).
        let bound = (len - 2 * p - t) / 2;
        let mismatch = |n: &u64| values[*n as usize] != values[(*n + p) as usize];
        if !(bound..len - p).rev().any(|n| mismatch(&n)) {
            let n0 = (0..bound).rev().find(mismatch).map_or(0, |n| n + 1);
            return Ok(Some(Period { preperiod: n0, period: p }));
        }
        p += 1;
    }
    Ok(None)
}

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
struct Engine {
    /// Heap sizes k with each kind of move: take k, leave nothing / one heap / two heaps.
    whole: Vec<usize>,
    single: Vec<usize>,
    split: Vec<usize>,
    values: Vec<u32>,
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
    fn new(code: &OctalCode) -> Self {
        let with_bit = |bit: u8| (0..code.digits.len()).filter(|&k| code.digits[k] & bit != 0).collect();
        Engine {
            whole: with_bit(1),
            single: with_bit(2),
            split: with_bit(4),
            values: Vec::new(),
            space: Space { mask: 0, flip: false, shift: false },
            rare: Vec::new(),
            common: Vec::new(),
            seen: vec![usize::MAX; 2],
            complete: vec![true; code.digits.iter().filter(|&&d| d & 4 != 0).count()],
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
    fn push(&mut self, budget: &Budget) -> Result<(), Exhausted> {
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
            let (g, seen) = (&self.values, &mut self.seen);
            let rare_below = self.rare.partition_point(|&r| r < m);
            let sample = n.is_multiple_of(64);
            if !sample && rare_below + self.search_cost > m / 2 {
                (1..=m / 2).for_each(|a| seen[(g[a] ^ g[m - a]) as usize] = n);
            } else {
                self.rare[..rare_below].iter().for_each(|&r| seen[(g[r] ^ g[m - r]) as usize] = n);
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
            let found = self.common[..half].iter().position(|&a| self.values[a] ^ self.values[m - a] == v);
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

#[cfg(test)]
mod tests;

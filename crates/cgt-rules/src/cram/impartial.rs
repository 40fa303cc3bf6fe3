//! The Grundy values of Cram regions of at most 64 cells by outcome search, the method of
//! Lemoine & Viennot ("Nimbers are inevitable", TCS 462, 2012): the value of a region G is the
//! least k for which G + *k is a P-position (Sprague–Grundy, CGT IV.1), and G + *k is decided
//! by looking for one winning move, not by valuing every option.
//!
//! A move in G + *k to G' + *k, where G' is the sum of regions A + B + ... + Z with Z the
//! largest, wins when Z + *(k ^ g(A) ^ ... ) is P: the small regions' values are found (and
//! kept) first, and only the largest one is searched with a nim heap beside it. If no move in G
//! wins, no option of G has value k, so g(G) <= k, and G + *k is P exactly when every G + *j
//! with j < k is N. Every region is kept in its normal form with what is known of it: its value,
//! or the heaps k for which G + *k is known to be N.
//!
//! The search recurses, each level on a region with fewer free cells, so its depth is at most a
//! few times 64.

use cgt_core::hash::FxHashMap;
use cgt_core::{Budget, Exhausted};

use self::small::SmallValues;
use super::bits::Region;

mod small;
#[cfg(test)]
mod tests;

/// What is known of one region.
#[derive(Clone, Copy, Default)]
struct Known {
    /// The Grundy value, once found.
    value: Option<u8>,
    /// Bit k set: G + *k is known to be N (so the value is not k); heaps of 64 or more are
    /// not kept (a smaller entry makes a denser table).
    not: u64,
}

impl Known {
    /// Whether G + *k is known to be an N-position.
    fn is_not(self, k: u64) -> bool {
        k < 64 && self.not >> k & 1 == 1
    }
}

/// The table of regions' values and outcomes; keep one to share work between boards.
#[derive(Default)]
pub(crate) struct Solver {
    /// What is known of regions, each keyed by its normal form.
    known: FxHashMap<Region, Known>,
    /// The values of small regions by their bit boards, as seen (no normal form, no hashing).
    small: SmallValues,
}

/// Bytes a table entry takes, about: key, value and the hash table's slack.
const ENTRY_BYTES: usize = 64;

impl Solver {
    /// The Grundy value of a board: the nim-sum of its regions' values.
    pub(crate) fn value(&mut self, board: Region, budget: &Budget) -> Result<u64, Exhausted> {
        let mut parts = Vec::new();
        board.regions(&mut parts, self.small.cells());
        let mut total = 0;
        for part in parts {
            total ^= self.region_value(part, budget)?;
        }
        Ok(total)
    }

    /// The Grundy value of a region in normal form: the least k with G + *k a P-position.
    fn region_value(&mut self, region: Region, budget: &Budget) -> Result<u64, Exhausted> {
        if let Some(v) = self.settled(region) {
            return Ok(v);
        }
        // The loop ends by k = the number of options at the latest, which no option's value
        // (at most its own, smaller, number of options) reaches.
        let mut k = 0;
        while !self.is_p(region, k, budget)? {
            k += 1;
        }
        Ok(k)
    }

    /// The value of a region when it is known without search.
    fn settled(&mut self, region: Region) -> Option<u64> {
        self.lookup(region).value.map(u64::from)
    }

    /// Whether region + *k is a P-position, that is whether the region's value is k.
    fn is_p(&mut self, region: Region, k: u64, budget: &Budget) -> Result<bool, Exhausted> {
        budget.check()?;
        let known = self.lookup(region);
        if let Some(v) = known.value {
            return Ok(u64::from(v) == k);
        }
        if k > u64::from(region.move_count()) || known.is_not(k) {
            return Ok(false);
        }
        if self.winning_move(region, k, budget)? {
            self.record_not(region, k, budget)?;
            return Ok(false);
        }
        // No option has value k, so the value is the least j <= k with region + *j a P-position.
        for j in 0..k {
            if self.is_p(region, j, budget)? {
                self.record_not(region, k, budget)?;
                return Ok(false);
            }
        }
        self.record_value(region, k, budget)?;
        Ok(true)
    }

    /// Whether some move in the region leads to an option G' with G' + *k a P-position. The
    /// options the table decides are settled first; the others, one of each up to symmetry, are
    /// searched, those whose largest region has the fewest moves first.
    fn winning_move(&mut self, region: Region, k: u64, budget: &Budget) -> Result<bool, Exhausted> {
        let mut options = Vec::new();
        region.options(&mut options);
        let mut parts = Vec::new();
        let mut open = Vec::with_capacity(options.len());
        for bits in options {
            let start = parts.len();
            region.with_bits(bits).regions(&mut parts, self.small.cells());
            parts[start..].sort_unstable();
            match self.quick_sum(&parts[start..], k) {
                Some(true) => return Ok(true),
                Some(false) => parts.truncate(start),
                None => {
                    let largest = parts[start..].iter().map(|p| p.move_count()).max().unwrap_or(0);
                    let moves = parts[start..].iter().map(|p| p.move_count()).sum::<u32>();
                    open.push(((largest, moves), start, parts.len()));
                }
            }
        }
        open.sort_unstable_by(|a, b| a.0.cmp(&b.0).then_with(|| parts[a.1..a.2].cmp(&parts[b.1..b.2])));
        open.dedup_by(|a, b| parts[a.1..a.2] == parts[b.1..b.2]);
        let mut sum = Vec::new();
        for (_, start, end) in open {
            sum.clear();
            sum.extend_from_slice(&parts[start..end]);
            if self.sum_is_p(&mut sum, k, budget)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Whether parts + *k is a P-position, when the table tells without search: all parts'
    /// values known, or all but one, whose outcome beside the heap is known to be N.
    fn quick_sum(&mut self, parts: &[Region], k: u64) -> Option<bool> {
        let (mut heap, mut unknown) = (k, None);
        for &part in parts {
            let known = self.lookup(part);
            match known.value {
                Some(v) => heap ^= u64::from(v),
                None if unknown.is_none() => unknown = Some((part, known)),
                None => return None,
            }
        }
        let Some((part, known)) = unknown else {
            return Some(heap == 0);
        };
        (heap > u64::from(part.move_count()) || known.is_not(heap)).then_some(false)
    }

    /// What is known of a region: its value when the mirror strategy or the table gives it.
    fn lookup(&mut self, region: Region) -> Known {
        if region.mirror_wins() {
            return Known { value: Some(0), not: 0 };
        }
        if let Some(v) = self.small.get(region) {
            return Known { value: Some(v), not: 0 };
        }
        let known = self.known.get(&self.key(region)).copied().unwrap_or_default();
        if let Some(v) = known.value {
            self.small.set(region, v);
        }
        known
    }

    /// The table's key of a region: its normal form (small regions come in any image).
    fn key(&self, region: Region) -> Region {
        if self.small.holds(region) { region.normal_form() } else { region }
    }

    /// Whether the sum of `parts` and *k is a P-position: the values of all parts but the
    /// largest are found, and the largest is searched beside the heap of their nim-sum with k.
    fn sum_is_p(&mut self, parts: &mut [Region], k: u64, budget: &Budget) -> Result<bool, Exhausted> {
        let Some(largest) = (0..parts.len()).max_by_key(|&i| parts[i].free()) else {
            return Ok(k == 0);
        };
        let last = parts.len() - 1;
        parts.swap(largest, last);
        let mut heap = k;
        for &part in &parts[..last] {
            heap ^= self.region_value(part, budget)?;
        }
        self.is_p(parts[last], heap, budget)
    }

    fn record_not(&mut self, region: Region, k: u64, budget: &Budget) -> Result<(), Exhausted> {
        budget.check_memory(self.known.len() * ENTRY_BYTES)?;
        if k < 64 {
            let key = self.key(region);
            self.known.entry(key).or_default().not |= 1 << k;
        }
        Ok(())
    }

    fn record_value(&mut self, region: Region, k: u64, budget: &Budget) -> Result<(), Exhausted> {
        budget.check_memory(self.known.len() * ENTRY_BYTES)?;
        self.small.set(region, k as u8);
        self.known.entry(self.key(region)).or_default().value = Some(k as u8);
        Ok(())
    }
}

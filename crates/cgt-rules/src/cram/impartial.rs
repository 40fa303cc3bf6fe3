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

use super::bits::Region;

#[cfg(test)]
mod tests;

/// What is known of one region.
#[derive(Clone, Copy, Default)]
struct Known {
    /// The Grundy value, once found.
    value: Option<u8>,
    /// Bit k set: G + *k is known to be N (so the value is not k).
    not: u128,
}

/// The table of regions' values and outcomes; keep one to share work between boards.
#[derive(Default)]
pub(crate) struct Solver {
    known: FxHashMap<Region, Known>,
}

/// Bytes a table entry takes, about: key, value and the hash table's slack.
const ENTRY_BYTES: usize = 64;

impl Solver {
    /// The Grundy value of a board: the nim-sum of its regions' values.
    pub(crate) fn value(&mut self, board: Region, budget: &Budget) -> Result<u64, Exhausted> {
        let mut parts = Vec::new();
        board.regions(&mut parts);
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
    fn settled(&self, region: Region) -> Option<u64> {
        if region.mirror_wins() {
            return Some(0);
        }
        self.known.get(&region).and_then(|k| k.value).map(u64::from)
    }

    /// Whether region + *k is a P-position, that is whether the region's value is k.
    fn is_p(&mut self, region: Region, k: u64, budget: &Budget) -> Result<bool, Exhausted> {
        budget.check()?;
        if let Some(v) = self.settled(region) {
            return Ok(v == k);
        }
        if k > u64::from(region.move_count()) || self.known_not(region, k) {
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

    /// Whether some move in the region leads to an option G' with G' + *k a P-position.
    fn winning_move(&mut self, region: Region, k: u64, budget: &Budget) -> Result<bool, Exhausted> {
        let mut options = Vec::new();
        region.options(&mut options);
        let mut parts = Vec::new();
        for bits in options {
            parts.clear();
            region.with_bits(bits).regions(&mut parts);
            if self.sum_is_p(&mut parts, k, budget)? {
                return Ok(true);
            }
        }
        Ok(false)
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

    fn known_not(&self, region: Region, k: u64) -> bool {
        k < 128 && self.known.get(&region).is_some_and(|known| known.not >> k & 1 == 1)
    }

    fn record_not(&mut self, region: Region, k: u64, budget: &Budget) -> Result<(), Exhausted> {
        budget.check_memory(self.known.len() * ENTRY_BYTES)?;
        // Values are at most 112 (the most places a domino fits in 64 cells), so k < 128 here.
        self.known.entry(region).or_default().not |= 1 << k;
        Ok(())
    }

    fn record_value(&mut self, region: Region, k: u64, budget: &Budget) -> Result<(), Exhausted> {
        budget.check_memory(self.known.len() * ENTRY_BYTES)?;
        self.known.entry(region).or_default().value = Some(k as u8);
        Ok(())
    }
}

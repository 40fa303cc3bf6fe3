//! The table of bit-board regions' values: open addressing over 16-byte slots, so that a
//! lookup (the most frequent operation of the Domineering search, and a cache miss in a large
//! table) reads one cache line instead of a control byte and then a bucket.
//!
//! It is exact: entries are never dropped (values of regions under normal form, CGT II.1).

use cgt_core::game::GameId;

use super::bits::Bits;

/// A slot: the region's cells, its size (`rows << 8 | cols`, [`EMPTY`] for a free slot) and
/// its value.
#[derive(Clone, Copy)]
struct Slot {
    bits: u64,
    dims: u16,
    id: GameId,
}

/// The size of a free slot (no region is 255 x 255).
const EMPTY: u16 = u16::MAX;

/// The slots of the first table.
const MIN_SLOTS: usize = 1 << 10;

/// A map from regions (in normal form) to their values.
#[derive(Default)]
pub(super) struct RegionTable {
    slots: Vec<Slot>,
    len: usize,
}

impl RegionTable {
    /// The value stored for the region.
    pub(super) fn get(&self, region: Bits) -> Option<GameId> {
        if self.slots.is_empty() {
            return None;
        }
        let (bits, dims) = key(region);
        let mask = self.slots.len() - 1;
        let mut i = self.home(bits, dims);
        loop {
            let s = &self.slots[i];
            if s.dims == EMPTY {
                return None;
            }
            if s.bits == bits && s.dims == dims {
                return Some(s.id);
            }
            i = (i + 1) & mask;
        }
    }

    /// Stores the value of a region (replacing the value stored before, if any).
    pub(super) fn insert(&mut self, region: Bits, id: GameId) {
        if (self.len + 1) * 2 > self.slots.len() {
            self.grow(id);
        }
        let (bits, dims) = key(region);
        self.put(Slot { bits, dims, id });
    }

    /// The bytes of the larger table the next insertion of a new region moves to, if it
    /// moves (both tables are held while the entries move, so the caller checks its memory
    /// budget for both first).
    pub(super) fn growth_bytes(&self) -> Option<usize> {
        ((self.len + 1) * 2 > self.slots.len()).then(|| (self.slots.len() * 2).max(MIN_SLOTS) * size_of::<Slot>())
    }

    /// How many regions are stored.
    pub(super) fn len(&self) -> usize {
        self.len
    }

    /// The bytes the table holds.
    pub(super) fn bytes(&self) -> usize {
        self.slots.capacity() * size_of::<Slot>()
    }

    fn put(&mut self, slot: Slot) {
        let mask = self.slots.len() - 1;
        let mut i = self.home(slot.bits, slot.dims);
        loop {
            let s = &mut self.slots[i];
            if s.dims == EMPTY {
                *s = slot;
                self.len += 1;
                return;
            }
            if s.bits == slot.bits && s.dims == slot.dims {
                s.id = slot.id;
                return;
            }
            i = (i + 1) & mask;
        }
    }

    /// Doubles the table (or makes the first one) and puts the entries back; free slots hold
    /// `filler`, which is never read.
    fn grow(&mut self, filler: GameId) {
        let size = (self.slots.len() * 2).max(MIN_SLOTS);
        let free = Slot { bits: 0, dims: EMPTY, id: filler };
        let old = std::mem::replace(&mut self.slots, cgt_core::pages::filled(size, free));
        self.len = 0;
        for s in old.into_iter().filter(|s| s.dims != EMPTY) {
            self.put(s);
        }
    }

    /// The first slot probed for a key.
    fn home(&self, bits: u64, dims: u16) -> usize {
        let shift = 64 - self.slots.len().trailing_zeros();
        // Fibonacci hashing: the high bits of the product mix every bit of the key.
        let h = (bits.rotate_left(11) ^ u64::from(dims)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        (h >> shift) as usize
    }
}

/// A region's cells and size.
fn key(region: Bits) -> (u64, u16) {
    (region.bits(), ((region.rows() as u16) << 8) | region.cols() as u16)
}

#[cfg(test)]
mod tests {
    use super::{MIN_SLOTS, RegionTable, Slot};
    use crate::domineering::bits::Bits;

    /// `growth_bytes` tells, before an insertion of a new region, exactly the size the table
    /// then moves to (the engine checks its memory budget for it first), and nothing when the
    /// table stays.
    #[test]
    fn growth_is_told_before_it_happens() {
        let zero = cgt_core::game::Games::new().zero();
        let mut table = RegionTable::default();
        assert_eq!(table.growth_bytes(), Some(MIN_SLOTS * size_of::<Slot>()));
        let mut grew = 0;
        for cells in 1..=20_000u64 {
            let (before, told) = (table.bytes(), table.growth_bytes());
            table.insert(Bits::new(8, 8, cells).unwrap(), zero);
            match told {
                Some(bytes) => {
                    assert_eq!(table.bytes(), bytes);
                    grew += 1;
                }
                None => assert_eq!(table.bytes(), before),
            }
        }
        assert_eq!(table.len(), 20_000);
        assert!(grew >= 5, "{grew}");
    }
}

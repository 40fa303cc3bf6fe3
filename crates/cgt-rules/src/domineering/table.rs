//! The table of bit-board regions' values: open addressing over 16-byte slots, so that a
//! lookup (the most frequent operation of the Domineering search, and a cache miss in a large
//! table) reads one cache line instead of a control byte and then a bucket.
//!
//! It is exact: entries are never dropped (values of regions under normal form, CGT II.1).
//!
//! The table doubles when it would be more than three quarters full. At half full (the rule
//! before) `domineering[6x6]` held a table of 256 MiB for its 4.2-6.3 million regions; at three
//! quarters it is 128 MiB, the probes a little longer, and with two threads the whole run about
//! a tenth faster, since fresh memory is what this kind of machine is slowest at (BENCHMARKS.md,
//! session 42).

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

/// The mark of an entry not yet rehashed while the table grows (no region has 128 rows, so
/// no size has this bit; [`EMPTY`] has it but is told apart first).
const MOVING: u16 = 0x8000;

/// Whether a slot's size marks an entry not yet rehashed.
fn moving(dims: u16) -> bool {
    dims != EMPTY && dims & MOVING != 0
}

/// The slots of the first table.
const MIN_SLOTS: usize = 1 << 10;

/// A map from regions (in normal form) to their values.
#[derive(Default)]
pub(super) struct RegionTable {
    slots: cgt_core::pages::Column<Slot>,
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
        if self.full_after_one_more() {
            self.grow(id);
        }
        let (bits, dims) = key(region);
        self.put(Slot { bits, dims, id });
    }

    /// The bytes of the larger table the next insertion of a new region moves to, if it
    /// moves (both tables are held while the entries move, so the caller checks its memory
    /// budget for both first).
    pub(super) fn growth_bytes(&self) -> Option<usize> {
        self.full_after_one_more().then(|| (self.slots.len() * 2).max(MIN_SLOTS) * size_of::<Slot>())
    }

    /// How many regions are stored.
    pub(super) fn len(&self) -> usize {
        self.len
    }

    /// The bytes the table holds.
    pub(super) fn bytes(&self) -> usize {
        self.slots.capacity() * size_of::<Slot>()
    }

    /// Whether one more region would make the table more than three quarters full.
    fn full_after_one_more(&self) -> bool {
        (self.len + 1) * 4 > self.slots.len() * 3
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

    /// Doubles the table (or makes the first one) in its own memory and puts the entries
    /// where the larger table wants them; free slots hold `filler`, which is never read.
    ///
    /// A large table grows inside its reservation ([`cgt_core::pages::Column`]) instead of
    /// being copied into a new one, so growing touches only the new half of the memory.
    /// The entries are then rehashed in place: each is marked [`MOVING`], and slot by slot a
    /// marked entry is taken out and put at the first slot from its new home that is free or
    /// holds a marked entry, which is then taken out and placed in turn. A placed entry's
    /// probe path holds only placed entries, which never move again, so every entry is found
    /// from its home when the last one is placed.
    fn grow(&mut self, filler: GameId) {
        let size = (self.slots.len() * 2).max(MIN_SLOTS);
        let free = Slot { bits: 0, dims: EMPTY, id: filler };
        for s in &mut self.slots {
            if s.dims != EMPTY {
                s.dims |= MOVING;
            }
        }
        self.slots.extend_filled(size, free);
        let mask = size - 1;
        for i in 0..size {
            if !moving(self.slots[i].dims) {
                continue;
            }
            let mut carried = std::mem::replace(&mut self.slots[i], free);
            loop {
                carried.dims &= !MOVING;
                let mut j = self.home(carried.bits, carried.dims);
                while self.slots[j].dims != EMPTY && !moving(self.slots[j].dims) {
                    j = (j + 1) & mask;
                }
                carried = std::mem::replace(&mut self.slots[j], carried);
                if carried.dims == EMPTY {
                    break;
                }
            }
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

    /// Against a plain map, over many growths in place: every region stored is found with
    /// its latest value, regions never stored are not found, and sizes tell regions apart.
    #[test]
    fn agrees_with_a_map_across_growths() {
        let mut games = cgt_core::game::Games::new();
        let ids: Vec<_> = (0..64).map(|n| games.nimber(n)).collect();
        let mut rng = cgt_testkit::Rng(0x7ab1_e5e5_0001);
        let mut table = RegionTable::default();
        let mut map = std::collections::HashMap::new();
        let shapes = [(8, 8), (4, 4), (2, 3), (3, 2), (5, 6), (1, 7)];
        for round in 0..120_000 {
            let (rows, cols) = shapes[rng.index(shapes.len())];
            let cells = rows * cols;
            // Few cells set in the large shapes, so that regions come back and get new values.
            let bits = rng.next_u64() & rng.next_u64() & rng.next_u64() & (u64::MAX >> (64 - cells));
            let region = Bits::new(rows, cols, bits).unwrap();
            let id = ids[rng.index(ids.len())];
            table.insert(region, id);
            map.insert((rows, cols, bits), id);
            if round % 1999 == 0 {
                for (&(rows, cols, bits), &id) in &map {
                    assert_eq!(table.get(Bits::new(rows, cols, bits).unwrap()), Some(id));
                }
                let absent = Bits::new(8, 8, rng.next_u64() | 1 << 63).unwrap();
                assert_eq!(table.get(absent).is_some(), map.contains_key(&(8, 8, absent.bits())));
            }
        }
        assert_eq!(table.len(), map.len());
        assert!(table.bytes() >= 1 << 20, "{}", table.bytes());
    }
}

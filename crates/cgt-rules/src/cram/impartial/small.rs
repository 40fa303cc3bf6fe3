//! A direct-mapped array of the Grundy values of small Cram regions (bounding box of at most 16
//! cells), indexed by the cropped bit board itself, so that a known small region is found
//! without its normal form and without hashing (the values are those of the pruned search of
//! the parent module; every image of a region has its value, WW ch. 23). Until the array is in
//! use, a small table keyed by the image does the same for the regions it still holds.

use super::super::bits::Region;

/// The most cells of a bounding box kept in the array.
const SMALL_CELLS: usize = 16;

/// The values of small regions, each image of a region kept where it was seen.
pub(super) struct SmallValues {
    /// Where the boards of `rows` x `cols` cells start, at `(rows - 1) * SMALL_CELLS + cols - 1`.
    offsets: Vec<usize>,
    /// The value plus one, or 0 when not known; empty until the array is in use.
    values: Vec<u8>,
    /// The length of `values` in use.
    size: usize,
    /// Whether the array is in use: only once the search has found some values, since each
    /// page of it costs a page fault when first read or written, which a small search does not
    /// win back (`cram[4x5]` made 700 page faults with this array and the table of excluded
    /// values in full use from the start, and about 210 with both put off).
    on: bool,
    /// Until then, a few small regions' values by their images, each in a slot picked by a hash
    /// and taking it from whatever was there: `bits | (rows - 1) << 16 | (cols - 1) << 20 |
    /// (value + 1) << 24`, 0 when empty. It spares most normal forms of a small search (a
    /// third of `cram[4x5]`'s work was finding the normal forms of regions of known value) in
    /// 16 KB.
    recent: Vec<u32>,
}

/// The slots of `SmallValues::recent`: 2^12.
const RECENT_BITS: u32 = 12;

/// Values found before the array is used.
const ON_FROM: usize = 512;

impl Default for SmallValues {
    fn default() -> SmallValues {
        let mut offsets = vec![usize::MAX; SMALL_CELLS * SMALL_CELLS];
        let mut next = 0;
        for rows in 1..=SMALL_CELLS {
            for cols in 1..=SMALL_CELLS / rows {
                offsets[(rows - 1) * SMALL_CELLS + cols - 1] = next;
                next += 1 << (rows * cols);
            }
        }
        // The array itself is allocated when it comes into use (see `found`).
        SmallValues { offsets, values: Vec::new(), size: next, on: false, recent: vec![0; 1 << RECENT_BITS] }
    }
}

impl SmallValues {
    /// The place of a region in the array, when its bounding box is small.
    fn index(&self, region: Region) -> Option<usize> {
        let (rows, cols) = (region.rows(), region.cols());
        if rows == 0 || cols == 0 || rows * cols > SMALL_CELLS {
            return None;
        }
        Some(self.offsets[(rows - 1) * SMALL_CELLS + cols - 1] + region.bits() as usize)
    }

    /// The most cells of a bounding box kept here: larger regions come in normal form.
    pub(super) fn cells(&self) -> usize {
        SMALL_CELLS
    }

    /// Whether the region is small enough to be kept here.
    pub(super) fn holds(&self, region: Region) -> bool {
        self.index(region).is_some()
    }

    /// Uses the array from now on when `found` values are known.
    pub(super) fn found(&mut self, found: usize) {
        if !self.on && found >= ON_FROM {
            self.on = true;
            self.values = vec![0; self.size];
        }
    }

    /// The value of a small region, when the array (once in use) or the table of images
    /// before it knows it.
    pub(super) fn get(&self, region: Region) -> Option<u8> {
        if !self.on {
            let key = recent_key(region)?;
            let slot = self.recent[recent_slot(key)];
            return (slot & 0xff_ffff == key && slot != 0).then(|| (slot >> 24) as u8 - 1);
        }
        let v = *self.values.get(self.index(region)?)?;
        v.checked_sub(1)
    }

    /// Keeps the value of a small region in the array, or in the table of images until the
    /// array is in use (values of at most 16 cells are small, well under 255).
    pub(super) fn set(&mut self, region: Region, value: u8) {
        if !self.on {
            if let Some(key) = recent_key(region)
                && value < u8::MAX
            {
                self.recent[recent_slot(key)] = key | (u32::from(value) + 1) << 24;
            }
            return;
        }
        if let Some(slot) = self.index(region).filter(|_| self.on).and_then(|i| self.values.get_mut(i))
            && value < u8::MAX
        {
            *slot = value + 1;
        }
    }
}

/// A small region's image as 24 bits: its cells, then its rows and columns less one.
fn recent_key(region: Region) -> Option<u32> {
    let (rows, cols) = (region.rows(), region.cols());
    (rows > 0 && cols > 0 && rows * cols <= SMALL_CELLS)
        .then(|| region.bits() as u32 | ((rows - 1) << 16 | (cols - 1) << 20) as u32)
}

/// The slot of a key in `SmallValues::recent` (a multiplicative hash).
fn recent_slot(key: u32) -> usize {
    (key.wrapping_mul(0x9e37_79b1) >> (32 - RECENT_BITS)) as usize
}

//! A direct-mapped array of the Grundy values of small Cram regions (bounding box of at most 16
//! cells), indexed by the cropped bit board itself, so that a known small region is found
//! without its normal form and without hashing (the values are those of the pruned search of
//! the parent module; every image of a region has its value, WW ch. 23).

use super::super::bits::Region;

/// The most cells of a bounding box kept in the array.
const SMALL_CELLS: usize = 16;

/// The values of small regions, each image of a region kept where it was seen.
pub(super) struct SmallValues {
    /// Where the boards of `rows` x `cols` cells start, at `(rows - 1) * SMALL_CELLS + cols - 1`.
    offsets: Vec<usize>,
    /// The value plus one, or 0 when not known.
    values: Vec<u8>,
    /// Whether the array is in use: only once the search has found some values, since each
    /// page of it costs a page fault when first read or written, which a small search does not
    /// win back (`cram[4x5]` made 700 page faults with this array and the table of excluded
    /// values in full use from the start, and about 210 with both put off).
    on: bool,
}

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
        SmallValues { offsets, values: vec![0; next], on: false }
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
        self.on |= found >= ON_FROM;
    }

    /// The value of a small region, when known (and the array is in use).
    pub(super) fn get(&self, region: Region) -> Option<u8> {
        if !self.on {
            return None;
        }
        let v = *self.values.get(self.index(region)?)?;
        v.checked_sub(1)
    }

    /// Keeps the value of a small region (values of at most 16 cells are small, well under 255).
    pub(super) fn set(&mut self, region: Region, value: u8) {
        if let Some(slot) = self.index(region).filter(|_| self.on).and_then(|i| self.values.get_mut(i))
            && value < u8::MAX
        {
            *slot = value + 1;
        }
    }
}

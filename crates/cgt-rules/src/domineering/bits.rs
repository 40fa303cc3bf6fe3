//! Domineering positions of at most 64 cells as one `u64` bit board: moves, regions and the
//! normal form under the rectangle's symmetries with shifts and masks, and no heap.
//!
//! The regions are the 4-connected components of the free cells (CGT II.1: a board is the
//! disjunctive sum of its regions); the eight symmetries of a rectangle keep a region's value,
//! except that the ones that transpose it swap the players' roles and negate it.

use crate::eight::{self, Eight};

/// A board of `rows` x `cols` cells with `rows * cols <= 64`: bit `r * cols + c` is set when
/// the cell in row `r`, column `c` is free. The derived order (rows, then columns, then bits)
/// picks the normal form among a region's images.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(super) struct Bits {
    rows: u8,
    cols: u8,
    bits: u64,
}

/// The most cells a [`Bits`] board holds.
pub(super) const MAX_CELLS: usize = 64;

impl Bits {
    /// A board of the given size and free cells; `None` when it has more than 64 cells.
    pub(super) fn new(rows: usize, cols: usize, bits: u64) -> Option<Bits> {
        let cells = rows.checked_mul(cols)?;
        (cells <= MAX_CELLS).then(|| Bits { rows: rows as u8, cols: cols as u8, bits: bits & full(cells) })
    }

    /// The number of rows.
    pub(super) fn rows(self) -> usize {
        self.rows as usize
    }

    /// The number of columns.
    pub(super) fn cols(self) -> usize {
        self.cols as usize
    }

    /// The free cells, bit `r * cols + c` for row `r`, column `c`.
    pub(super) fn bits(self) -> u64 {
        self.bits
    }

    /// The cells of the first column.
    fn first_col(self) -> u64 {
        let mut m = 0u64;
        for r in 0..self.rows() {
            m |= 1 << (r * self.cols());
        }
        m
    }

    /// The boards after a domino placed at every place it fits: vertical (Left) or
    /// horizontal (Right), in reading order of the domino's first cell.
    pub(super) fn placements(self, vertical: bool, out: &mut Vec<u64>) {
        let b = self.bits;
        let (tops, step) = if vertical {
            (b & b.checked_shr(self.cols as u32).unwrap_or(0), self.cols as u32)
        } else {
            let last_col = self.first_col() << self.cols().saturating_sub(1).min(63);
            (b & (b >> 1) & !last_col, 1)
        };
        let mut t = tops;
        while t != 0 {
            let i = t.trailing_zeros();
            t &= t - 1;
            out.push(b & !(1u64 << i) & !(1u64 << (i + step)));
        }
    }

    /// The 4-connected regions of the free cells, each cropped to its bounding box, in the
    /// order of their first cell.
    pub(super) fn regions(self, out: &mut Vec<Bits>) {
        let first = self.first_col();
        let last = first << self.cols().saturating_sub(1).min(63);
        let cols = self.cols as u32;
        let mut rest = self.bits;
        while rest != 0 {
            let mut comp = rest & rest.wrapping_neg();
            loop {
                let grown = comp
                    | comp.checked_shl(cols).unwrap_or(0)
                    | comp.checked_shr(cols).unwrap_or(0)
                    | ((comp << 1) & !first)
                    | ((comp >> 1) & !last);
                let grown = grown & rest;
                if grown == comp {
                    break;
                }
                comp = grown;
            }
            rest &= !comp;
            out.push(Bits { bits: comp, ..self }.cropped());
        }
    }

    /// Row `r` as `cols` low bits.
    fn row(self, r: usize) -> u64 {
        (self.bits >> (r * self.cols())) & full(self.cols())
    }

    /// The board cropped to the bounding box of its free cells (0x0 when none is free).
    fn cropped(self) -> Bits {
        let (mut r0, mut r1, mut seen) = (usize::MAX, 0, 0u64);
        for r in 0..self.rows() {
            let row = self.row(r);
            if row != 0 {
                r0 = r0.min(r);
                r1 = r;
                seen |= row;
            }
        }
        if seen == 0 {
            return Bits { rows: 0, cols: 0, bits: 0 };
        }
        let c0 = seen.trailing_zeros() as usize;
        let cols = 64 - seen.leading_zeros() as usize - c0;
        let mut bits = 0u64;
        for r in r0..=r1 {
            bits |= (self.row(r) >> c0) << ((r - r0) * cols);
        }
        Bits { rows: (r1 - r0 + 1) as u8, cols: cols as u8, bits }
    }

    /// The least of the images of the board under the eight symmetries of the rectangle, and
    /// whether that image is transposed (which swaps the players' roles).
    pub(super) fn normal_form(self) -> (Bits, bool) {
        // An image of fewer rows is always less, so the transposed images only compete when
        // the board has at least as many rows as columns, and the others when it has at most.
        let mut best: Option<(Bits, bool)> = None;
        let mut consider = |b: Bits, transposed: bool| {
            for img in b.flips() {
                if best.is_none_or(|(x, _)| img < x) {
                    best = Some((img, transposed));
                }
            }
        };
        if self.rows <= self.cols {
            consider(self, false);
        }
        if self.rows >= self.cols {
            consider(self.transposed(), true);
        }
        best.unwrap_or((self, false))
    }

    /// The board and its images flipped top to bottom, left to right and both.
    fn flips(self) -> [Bits; 4] {
        let (rows, cols) = (self.rows(), self.cols());
        let (mut ud, mut lr, mut both) = (0u64, 0u64, 0u64);
        for r in 0..rows {
            let row = self.row(r);
            let rev = if cols == 0 { 0 } else { row.reverse_bits() >> (64 - cols) };
            let (here, there) = (r * cols, (rows - 1 - r) * cols);
            ud |= row << there;
            lr |= rev << here;
            both |= rev << there;
        }
        [self, Bits { bits: ud, ..self }, Bits { bits: lr, ..self }, Bits { bits: both, ..self }]
    }

    /// The board reflected in its main diagonal: rows become columns.
    pub(super) fn transposed(self) -> Bits {
        let (rows, cols) = (self.rows(), self.cols());
        let mut bits = 0u64;
        let mut b = self.bits;
        while b != 0 {
            let i = b.trailing_zeros() as usize;
            b &= b - 1;
            let (r, c) = (i / cols, i % cols);
            bits |= 1 << (c * rows + r);
        }
        Bits { rows: self.cols, cols: self.rows, bits }
    }
}

impl Bits {
    /// Whether the board has at most 8 rows and 8 columns, so that
    /// [`Bits::option_parts_eight`] can take it.
    pub(super) fn fits_eight(self) -> bool {
        self.rows <= 8 && self.cols <= 8
    }

    /// For a board of at most 8x8: the regions of the board after each placement of one side
    /// (in reading order of the domino's first cell) but those another placement dominates
    /// ([`dominated_eight`]: the value does not need them), each in normal form, pushed onto
    /// `parts`, with where each placement's regions end pushed onto `ends`. The same as
    /// [`Bits::placements`], then [`Bits::regions`] and [`Bits::normal_form`] of each, with
    /// the board laid out 8 cells to a row ([`crate::eight`]), where the flood fill needs no
    /// edge masks but two, cropping is a few shifts and the symmetries are word operations.
    pub(super) fn option_parts_eight(self, vertical: bool, parts: &mut Vec<(Bits, bool)>, ends: &mut Vec<usize>) {
        debug_assert!(self.fits_eight());
        let b = Eight::new(self.rows, self.cols).spread(self.bits);
        let (tops, step) = if vertical { (b & b >> 8, 8) } else { (b & b >> 1 & !eight::LAST_COLUMN, 1) };
        let mut tops = tops & !dominated_eight(b, vertical);
        while tops != 0 {
            let i = tops.trailing_zeros();
            tops &= tops - 1;
            let mut free = b & !(1u64 << i) & !(1u64 << (i + step));
            while free != 0 {
                let region = eight::part(free & free.wrapping_neg(), free);
                free &= !region;
                parts.push(normal_form_eight(region));
            }
            ends.push(parts.len());
        }
    }
}

/// The first cells (8 cells to a row) of the moves of one side (vertical: Left) on the board
/// `b` (laid out 8 cells to a row) that another move of the same side is at least as good as:
/// the options the value can do without (a dominated option, CGT II.2, leaves the canonical
/// form as it is). The rules and their proofs are those of the outcome search's
/// `Geometry::dominated` (`outcome/wide.rs`): a move beside the end of its run that leaves a
/// cell only the other side could use, where the next move along leaves a cell only the
/// side could use; and the side's safe moves (both cells with no free cell across, so that
/// `G^m <= G - 1` for Left) while it has a cheap move left (`G^n >= G - 1`). A move is
/// dropped only for one that is kept.
pub(super) fn dominated_eight(b: u64, vertical: bool) -> u64 {
    // `ahead(x, k)` has at cell `i` what `x` has at `i + k` steps along the side's line, and
    // `behind(x, k)` what it has at `i - k` steps; a cell off the board (off the line) is 0,
    // not free.
    let columns_from = |k: u32| eight::FIRST_COLUMN * (0xFFu64 << k & 0xFF);
    let ahead =
        |x: u64, k: u32| if vertical { x.checked_shr(8 * k).unwrap_or(0) } else { x >> k & !columns_from(8 - k) };
    let behind = |x: u64, k: u32| if vertical { x.checked_shl(8 * k).unwrap_or(0) } else { x << k & columns_from(k) };
    let anchors = b & ahead(b, 1);
    let across =
        if vertical { (b << 1 & !eight::FIRST_COLUMN) | (b >> 1 & !eight::LAST_COLUMN) } else { (b << 8) | (b >> 8) };
    let useless_to_other = b & !across;
    let towards_end = anchors & ahead(anchors, 1) & !ahead(b, 3) & useless_to_other;
    let towards_start = anchors & behind(anchors, 1) & !behind(b, 2) & ahead(useless_to_other, 1);
    let drop = towards_end | (towards_start & !behind(towards_end, 1));
    let safe = anchors & useless_to_other & ahead(useless_to_other, 1);
    let (before, after) = (behind(b, 1), ahead(b, 2));
    let cheap = anchors
        & ((!before & !after) | (!before & ahead(useless_to_other, 2)) | (!after & behind(useless_to_other, 1)))
        & !drop;
    if cheap & !safe != 0 {
        drop | safe
    } else if cheap != 0 {
        drop | (safe & !(cheap & cheap.wrapping_neg()))
    } else {
        drop
    }
}

/// [`Bits::normal_form`] of a nonzero region laid out 8 cells to a row. The images are
/// compared spread (the same order as in the board's layout, [`crate::eight::Eight`]) in the
/// order `Bits::normal_form` makes them, untransposed first, so ties pick the same one.
fn normal_form_eight(region: u64) -> (Bits, bool) {
    let (rows, cols, m) = eight::crop(region);
    // As in `Bits::normal_form`, the images of fewer rows win: the transposed ones compete
    // only when the region has at least as many rows as columns, and the others only when it
    // has at most as many.
    let mut best: Option<(u64, bool)> = None;
    let mut consider = |images: [u64; 4], transposed: bool| {
        for image in images {
            if best.is_none_or(|(b, _)| image < b) {
                best = Some((image, transposed));
            }
        }
    };
    if rows <= cols {
        consider(Eight::new(rows, cols).flips(m), false);
    }
    if rows >= cols {
        consider(Eight::new(cols, rows).flips(eight::transposed(m)), true);
    }
    let (image, transposed) = best.expect("a region has an image of its own shape or of its transpose");
    let (rows, cols) = if transposed { (cols, rows) } else { (rows, cols) };
    (Bits { rows, cols, bits: Eight::new(rows, cols).gather(image) }, transposed)
}

/// The low `n` bits set (`n <= 64`).
fn full(n: usize) -> u64 {
    if n >= 64 { u64::MAX } else { (1u64 << n) - 1 }
}

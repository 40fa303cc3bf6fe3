//! Amazons boards as bit masks, for the solver: moves by queen rays over a mask of free
//! squares, parts of the board by flood fill (a mask grown one king step at a time), and each
//! part's key, the least of its images under the eight symmetries of the square and the
//! colour swap.
//!
//! A board of at most 64 squares (cell `r * cols + c`) is three masks: Left's amazons,
//! Right's amazons and empty squares; every other square of the rectangle is burnt. Masks
//! are copied and hashed as a few words, where the generic grid code built and hashed a
//! vector for every position and every symmetry.

use crate::eight::{Eight, low_bits, transposed};
use crate::grid::Grid;

/// The eight queen (and king) directions, as (row, column) steps.
const DIRECTIONS: [(i32, i32); 8] = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)];

/// An Amazons board of at most 64 squares as bit masks over its cells (`r * cols + c`):
/// Left's amazons, Right's amazons and the empty squares; the other squares are burnt. The
/// order (shape, then masks) is only used to pick one image as a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Bits {
    rows: u8,
    cols: u8,
    left: u64,
    right: u64,
    empty: u64,
}

/// The cells of a mask, lowest first.
fn cells(mut m: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let i = m.trailing_zeros();
            m &= m - 1;
            i
        })
    })
}

impl Bits {
    /// The board of a grid of Amazons codes (0 empty, 1 Left's, 2 Right's, 3 burnt) of at
    /// most 64 cells.
    pub(crate) fn of(g: &Grid) -> Bits {
        assert!(g.cells().len() <= 64, "an Amazons board has at most 64 squares");
        let mask = |code: u8| g.cells().iter().enumerate().filter(|&(_, &c)| c == code).fold(0, |m, (i, _)| m | 1 << i);
        Bits { rows: g.rows() as u8, cols: g.cols() as u8, left: mask(1), right: mask(2), empty: mask(0) }
    }

    /// The grid of the board, in the codes of [`Bits::of`].
    #[cfg(test)]
    pub(crate) fn grid(&self) -> Grid {
        let mut g = Grid::filled(self.rows as usize, self.cols as usize, 3).expect("at most 64 squares");
        for (mask, code) in [(self.left, 1), (self.right, 2), (self.empty, 0)] {
            for i in cells(mask) {
                g.set(i as usize / self.cols as usize, i as usize % self.cols as usize, code);
            }
        }
        g
    }

    /// Whether Left has an amazon here.
    pub(crate) fn has_left(&self) -> bool {
        self.left != 0
    }

    /// Whether Right has an amazon here.
    pub(crate) fn has_right(&self) -> bool {
        self.right != 0
    }

    /// The number of empty squares: every move burns one, so no player moves more often.
    pub(crate) fn empties(&self) -> u32 {
        self.empty.count_ones()
    }

    /// The squares that are not burnt.
    fn open(&self) -> u64 {
        self.left | self.right | self.empty
    }

    /// The squares a queen on cell `from` reaches over the squares of `free`.
    fn reach(&self, from: u32, free: u64) -> u64 {
        let (rows, cols) = (i32::from(self.rows), i32::from(self.cols));
        let (r0, c0) = (from as i32 / cols, from as i32 % cols);
        let mut out = 0;
        for (dr, dc) in DIRECTIONS {
            let (mut r, mut c) = (r0 + dr, c0 + dc);
            while r >= 0 && r < rows && c >= 0 && c < cols && free >> (r * cols + c) & 1 == 1 {
                out |= 1 << (r * cols + c);
                r += dr;
                c += dc;
            }
        }
        out
    }

    /// The boards Left (if `left`) or Right moves to: an amazon moves like a queen over empty
    /// squares (the square it leaves becomes empty), then shoots an arrow like a queen from
    /// where it landed, burning the square the arrow lands on.
    pub(crate) fn moves(&self, left: bool) -> Vec<Bits> {
        // Room for the moves of one or two amazons on a small board without growing.
        let mut out = Vec::with_capacity(128);
        let mine = if left { self.left } else { self.right };
        for from in cells(mine) {
            let free = self.empty | 1 << from;
            for to in cells(self.reach(from, free)) {
                let landed = free & !(1 << to);
                let amazons = (mine & !(1 << from)) | 1 << to;
                for arrow in cells(self.reach(to, landed)) {
                    let empty = landed & !(1 << arrow);
                    let (l, r) = if left { (amazons, self.right) } else { (self.left, amazons) };
                    out.push(Bits { left: l, right: r, empty, ..*self });
                }
            }
        }
        out
    }

    /// The parts of the board with an amazon, each on its bounding box (in no particular
    /// image): amazons and arrows only cross unburnt squares, one king step at a time, so
    /// the 8-connected parts of the unburnt squares never interact, and the board is their
    /// sum (CGT II.1); a part without an amazon has no move for either player and is 0.
    pub(crate) fn parts(&self) -> impl Iterator<Item = Bits> + '_ {
        let open = self.open();
        let edges = self.edges();
        let mut todo = self.left | self.right;
        std::iter::from_fn(move || {
            let seed = todo & todo.wrapping_neg();
            (seed != 0).then(|| {
                let mut part = seed;
                loop {
                    let grown = self.grow(part, edges) & open;
                    if grown == part {
                        break;
                    }
                    part = grown;
                }
                todo &= !part;
                self.crop(part)
            })
        })
    }

    /// The masks of the first column, of the last column, and of the whole board.
    fn edges(&self) -> (u64, u64, u64) {
        let (rows, cols) = (u32::from(self.rows), u32::from(self.cols));
        let first = (0..rows).fold(0u64, |m, r| m | 1 << (r * cols));
        let all = if rows * cols == 64 { !0 } else { (1u64 << (rows * cols)) - 1 };
        (first, first << cols.saturating_sub(1), all)
    }

    /// `m` and every square a king step from it.
    fn grow(&self, m: u64, (first, last, all): (u64, u64, u64)) -> u64 {
        let cols = u32::from(self.cols);
        // Masked before the vertical shifts: a square shifted past the last cell would come
        // back onto the board one row up.
        let row = (m | (m << 1 & !first) | (m >> 1 & !last)) & all;
        (row | row.checked_shl(cols).unwrap_or(0) | row.checked_shr(cols).unwrap_or(0)) & all
    }

    /// The squares of `part` on their bounding box, the rest of the box burnt, read a row at a
    /// time.
    fn crop(&self, part: u64) -> Bits {
        let (rows, cols) = (u32::from(self.rows), u32::from(self.cols));
        let row_mask = low_bits(cols);
        let (mut r0, mut r1, mut columns) = (u32::MAX, 0, 0u64);
        for r in 0..rows {
            let row = part >> (r * cols) & row_mask;
            if row != 0 {
                (r0, r1) = (r0.min(r), r);
                columns |= row;
            }
        }
        let (c0, c1) = (columns.trailing_zeros(), 63 - columns.leading_zeros());
        let width = c1 - c0 + 1;
        let box_row = low_bits(width);
        let mut out = Bits { rows: (r1 - r0 + 1) as u8, cols: width as u8, left: 0, right: 0, empty: 0 };
        for r in r0..=r1 {
            let at = r * cols + c0;
            let shift = (r - r0) * width;
            let row = part >> at & box_row;
            out.left |= (self.left >> at & row) << shift;
            out.right |= (self.right >> at & row) << shift;
            out.empty |= (self.empty >> at & row) << shift;
        }
        out
    }

    /// The image under symmetry `t` (0..8): bit 0 flips rows, bit 1 flips columns, then bit 2
    /// transposes.
    #[cfg(test)]
    fn image(&self, t: u8) -> Bits {
        let (rows, cols) = self.image_shape(t);
        let (left, right, empty) =
            (self.image_mask(self.left, t), self.image_mask(self.right, t), self.image_mask(self.empty, t));
        Bits { rows, cols, left, right, empty }
    }

    /// The shape of the image under symmetry `t`.
    fn image_shape(&self, t: u8) -> (u8, u8) {
        if t & 4 != 0 { (self.cols, self.rows) } else { (self.rows, self.cols) }
    }

    /// The image of the squares of `m` under symmetry `t` (see [`Bits::image`]).
    fn image_mask(&self, m: u64, t: u8) -> u64 {
        let (rows, cols) = (u32::from(self.rows), u32::from(self.cols));
        cells(m).fold(0, |out, i| {
            let (mut r, mut c) = (i / cols, i % cols);
            if t & 1 != 0 {
                r = rows - 1 - r;
            }
            if t & 2 != 0 {
                c = cols - 1 - c;
            }
            out | 1 << if t & 4 != 0 { c * rows + r } else { r * cols + c }
        })
    }

    /// The board with the colours swapped, whose value is the negative (the players swap).
    #[cfg(test)]
    fn swapped(&self) -> Bits {
        Bits { left: self.right, right: self.left, ..*self }
    }

    /// The key of a part with amazons of both colours: the least of its eight images and of
    /// theirs with the colours swapped (every symmetry of the square keeps the rules), and
    /// whether that key is colour-swapped, so that the part's value is the key's negative.
    pub(crate) fn key(&self) -> (Bits, bool) {
        self.least(true)
    }

    /// The key of a part with amazons of one colour only: the part with every amazon made
    /// Left's, in the least of its eight images. (The other player has no move there, now or
    /// later, so the part's value is an integer, its owner's longest run of moves alone.)
    pub(crate) fn solo_key(&self) -> Bits {
        Bits { left: self.left | self.right, right: 0, ..*self }.least(false).0
    }

    /// The least of the eight images (and of their colour swaps, with `swaps`), and whether it
    /// is a colour swap. Images compare by shape, then Left's amazons, then Right's, then the
    /// empty squares: the amazons are few, so the least shape and amazons are found from them
    /// alone, and the empty squares' images are built only for the images that tie there.
    fn least(&self, swaps: bool) -> (Bits, bool) {
        if self.rows <= 8 && self.cols <= 8 {
            return self.least_on_eight(swaps);
        }
        self.least_by_squares(swaps)
    }

    /// [`Bits::least`] with every image built square by square (any shape).
    fn least_by_squares(&self, swaps: bool) -> (Bits, bool) {
        let mut heads = [(0u8, 0u8, 0u64, 0u64, 0u8, false); 16];
        let mut n = 0;
        // Shapes compare first: on a board that is not square, half the images (those with
        // more rows than columns, or with fewer) lose at once.
        let shape = (self.rows.min(self.cols), self.rows.max(self.cols));
        for t in (0..8).filter(|&t| self.image_shape(t) == shape) {
            let (rows, cols) = shape;
            let (l, r) = (self.image_mask(self.left, t), self.image_mask(self.right, t));
            heads[n] = (rows, cols, l, r, t, false);
            n += 1;
            if swaps {
                heads[n] = (rows, cols, r, l, t, true);
                n += 1;
            }
        }
        let head = |h: &(u8, u8, u64, u64, u8, bool)| (h.0, h.1, h.2, h.3);
        let least = heads[..n].iter().map(head).min().expect("eight images");
        let tied = heads[..n].iter().filter(|h| head(h) == least);
        let key = |h: &(u8, u8, u64, u64, u8, bool)| (self.image_mask(self.empty, h.4), h.5);
        let (empty, swapped) = tied.map(key).min().expect("the least image ties with itself");
        (Bits { rows: least.0, cols: least.1, left: least.2, right: least.3, empty }, swapped)
    }

    /// [`Bits::least`] for a board of at most 8 rows and 8 columns: the same key, with the
    /// images made by a few word operations on masks laid out 8 squares to a row
    /// ([`Eight`]) instead of square by square.
    fn least_on_eight(&self, swaps: bool) -> (Bits, bool) {
        let shape = (self.rows.min(self.cols), self.rows.max(self.cols));
        let eight = Eight::new(self.rows, self.cols);
        // The images keep the shape under symmetries 0-3 (flips) and swap it under 4-7 (the
        // flips transposed): on a board that is not square only one half has the least shape.
        let (left, right) = (eight.flips(eight.spread(self.left)), eight.flips(eight.spread(self.right)));
        let symmetries = match (self.rows == self.cols, self.rows < self.cols) {
            (true, _) => 0..8,
            (false, true) => 0..4,
            (false, false) => 4..8,
        };
        let mut best: Option<(u64, u64, u8, bool)> = None;
        let mut tied = [(0u8, false); 16];
        let mut n = 0;
        for t in symmetries {
            let flip = usize::from(t & 3);
            let (l, r) =
                if t < 4 { (left[flip], right[flip]) } else { (transposed(left[flip]), transposed(right[flip])) };
            let candidates = [(l, r, false), (r, l, true)];
            for &(a, b, swapped) in &candidates[..1 + usize::from(swaps)] {
                match best {
                    Some((x, y, _, _)) if (a, b) > (x, y) => {}
                    Some((x, y, _, _)) if (a, b) == (x, y) => {
                        tied[n] = (t, swapped);
                        n += 1;
                    }
                    _ => {
                        best = Some((a, b, t, swapped));
                        tied[0] = (t, swapped);
                        n = 1;
                    }
                }
            }
        }
        let (l, r, _, _) = best.expect("the identity has the board's own shape or its transpose");
        let empty = eight.spread(self.empty);
        let (empty, swapped) =
            tied[..n].iter().map(|&(t, swapped)| (eight.image(empty, t), swapped)).min().expect("one image at least");
        let (rows, cols) = shape;
        let image = Eight::new(rows, cols);
        (Bits { rows, cols, left: image.gather(l), right: image.gather(r), empty: image.gather(empty) }, swapped)
    }
}

#[cfg(test)]
mod tests;

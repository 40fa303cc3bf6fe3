//! Cram regions of at most 64 cells as one `u64` bit board: the placements of a domino, the
//! 4-connected regions of the free cells, and a region's normal form under the symmetries of
//! its rectangle, all with shifts and masks (WW ch. 23: a Cram board is the disjunctive sum of
//! its regions, CGT II.1, and since both players have the same moves every symmetry of the
//! rectangle keeps a region's value, transpositions included).

/// A board of `rows` x `cols` cells with `rows * cols <= 64`: bit `r * cols + c` is set when
/// the cell in row `r`, column `c` is free. The derived order (rows, then columns, then bits)
/// picks the normal form among a region's images.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Region {
    rows: u8,
    cols: u8,
    bits: u64,
}

impl std::hash::Hash for Region {
    /// Two words, not three: the size and the cells.
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.bits);
        state.write_u16(u16::from(self.rows) << 8 | u16::from(self.cols));
    }
}

/// The most cells a [`Region`] holds.
pub(crate) const MAX_CELLS: usize = 64;

impl Region {
    /// A board of the given size and free cells; `None` when it has more than 64 cells.
    pub(crate) fn new(rows: usize, cols: usize, bits: u64) -> Option<Region> {
        let cells = rows.checked_mul(cols)?;
        (cells <= MAX_CELLS).then(|| Region { rows: rows as u8, cols: cols as u8, bits: bits & full(cells) })
    }

    /// The free cells.
    pub(crate) fn bits(self) -> u64 {
        self.bits
    }

    /// The number of free cells.
    pub(crate) fn free(self) -> u32 {
        self.bits.count_ones()
    }

    /// The number of rows.
    pub(crate) fn rows(self) -> usize {
        self.rows as usize
    }

    /// The number of columns.
    pub(crate) fn cols(self) -> usize {
        self.cols as usize
    }

    /// The cells of the first column.
    fn first_col(self) -> u64 {
        let mut m = 0u64;
        for r in 0..self.rows() {
            m |= 1 << (r * self.cols());
        }
        m
    }

    /// The cells of the last column.
    fn last_col(self) -> u64 {
        self.first_col() << self.cols().saturating_sub(1).min(63)
    }

    /// The first cells of the dominoes that fit: vertical ones (the cell below is free too) and
    /// horizontal ones (the cell to the right).
    fn tops(self) -> (u64, u64) {
        let b = self.bits;
        let vertical = b & b.checked_shr(self.cols as u32).unwrap_or(0);
        let horizontal = b & (b >> 1) & !self.last_col();
        (vertical, horizontal)
    }

    /// Whether a domino fits.
    pub(crate) fn has_move(self) -> bool {
        let (v, h) = self.tops();
        v | h != 0
    }

    /// The number of places a domino fits (at least the Grundy value, a mex of that many).
    pub(crate) fn move_count(self) -> u32 {
        let (v, h) = self.tops();
        v.count_ones() + h.count_ones()
    }

    /// The free cells after a domino is placed, at every place it fits: vertical ones first,
    /// each in reading order of the domino's first cell.
    pub(crate) fn options(self, out: &mut Vec<u64>) {
        let (v, h) = self.tops();
        for (mut t, step) in [(v, self.cols as u32), (h, 1)] {
            while t != 0 {
                let i = t.trailing_zeros();
                t &= t - 1;
                out.push(self.bits & !(1u64 << i) & !(1u64 << (i + step)));
            }
        }
    }

    /// The board with other free cells.
    pub(crate) fn with_bits(self, bits: u64) -> Region {
        Region { bits, ..self }
    }

    /// The 4-connected regions of the free cells in which a domino fits, each cropped to its
    /// bounding box and in normal form when that box has more than `small` cells (the caller
    /// keeps smaller ones by every image).
    pub(crate) fn regions(self, out: &mut Vec<Region>, small: usize) {
        let (first, last) = (self.first_col(), self.last_col());
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
            let part = self.with_bits(comp);
            if comp.count_ones() >= 2 && part.has_move() {
                let part = part.cropped();
                out.push(if part.rows() * part.cols() > small { part.normal_form() } else { part });
            }
        }
    }

    /// Row `r` as `cols` low bits.
    fn row(self, r: usize) -> u64 {
        (self.bits >> (r * self.cols())) & full(self.cols())
    }

    /// The board cropped to the bounding box of its free cells (0x0 when none is free).
    pub(crate) fn cropped(self) -> Region {
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
            return Region { rows: 0, cols: 0, bits: 0 };
        }
        let c0 = seen.trailing_zeros() as usize;
        let cols = 64 - seen.leading_zeros() as usize - c0;
        let mut bits = 0u64;
        for r in r0..=r1 {
            bits |= (self.row(r) >> c0) << ((r - r0) * cols);
        }
        Region { rows: (r1 - r0 + 1) as u8, cols: cols as u8, bits }
    }

    /// The least of the board's images under the symmetries of its rectangle: four, or eight
    /// when it is square (an image of fewer rows is less, so a transposed image only competes
    /// when the board has at least as many rows as columns, and the others when it has at most).
    pub(crate) fn normal_form(self) -> Region {
        let mut best = self;
        if self.rows <= self.cols {
            best = self.flips().into_iter().min().unwrap_or(self);
        }
        if self.rows >= self.cols {
            let t = self.transposed().flips().into_iter().min().unwrap_or(self);
            if self.rows > self.cols || t < best {
                best = t;
            }
        }
        best
    }

    /// The board and its images flipped top to bottom, left to right and both.
    fn flips(self) -> [Region; 4] {
        let (rows, cols) = (self.rows(), self.cols());
        let (mut ud, mut lr) = (0u64, 0u64);
        for r in 0..rows {
            let row = self.row(r);
            let rev = if cols == 0 { 0 } else { row.reverse_bits() >> (64 - cols) };
            ud |= row << ((rows - 1 - r) * cols);
            lr |= rev << (r * cols);
        }
        [self, self.with_bits(ud), self.with_bits(lr), self.with_bits(self.turned())]
    }

    /// The free cells of the board turned by a half turn: the reading order reversed.
    fn turned(self) -> u64 {
        let n = self.rows() * self.cols();
        if n == 0 { 0 } else { self.bits.reverse_bits() >> (64 - n) }
    }

    /// The board reflected in its main diagonal.
    fn transposed(self) -> Region {
        let cols = self.cols();
        let (mut t, mut rest) = (0u64, self.bits);
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            t |= 1 << ((i % cols) * self.rows() + i / cols);
        }
        Region { rows: self.cols, cols: self.rows, bits: t }
    }

    /// Whether the second player wins by the half-turn mirror strategy (WW ch. 23: on an even by
    /// even board the second player answers every domino by its image through the centre). It
    /// works on any board that is its own half-turn image, when no domino is its own image and
    /// the centre is not a free cell: rows and columns both even, or both odd with the centre
    /// taken. The mirror domino is then free and disjoint from the one just placed, and the board
    /// stays symmetric, so the second player always has a move: the value is 0.
    pub(crate) fn mirror_wins(self) -> bool {
        let (rows, cols) = (self.rows(), self.cols());
        if rows % 2 != cols % 2 || self.turned() != self.bits {
            return false;
        }
        rows % 2 == 0 || self.bits >> ((rows / 2) * cols + cols / 2) & 1 == 0
    }
}

/// The `n` low bits set.
fn full(n: usize) -> u64 {
    if n >= 64 { u64::MAX } else { (1u64 << n) - 1 }
}

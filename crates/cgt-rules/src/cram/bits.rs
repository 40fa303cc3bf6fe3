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
        FIRST_COLUMNS[self.cols()] & full(self.rows() * self.cols())
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

    /// The board with other free cells.
    pub(crate) fn with_bits(self, bits: u64) -> Region {
        Region { bits, ..self }
    }

    /// The 4-connected regions of the free cells in which a domino fits, each cropped to its
    /// bounding box and in normal form when that box has more than `small` cells (the caller
    /// keeps smaller ones by every image), where the cells in `cut` are not joined to the cell
    /// on their right.
    pub(crate) fn regions_cut(self, cut: u64, out: &mut Vec<Region>, small: usize) {
        let p = self.bits;
        let cols = self.cols as u32;
        // The cells joined to the cell on their right, and to the cell below.
        let right = p & (p >> 1) & !self.last_col() & !cut;
        let down = p & p.checked_shr(cols).unwrap_or(0);
        let below = cols.min(63);
        // One step of a breadth-first fill: the regions of a search are small and round, so a
        // fill takes a few steps, and a step is a few instructions. (A fill along rows and
        // columns in doubling steps, Kogge–Stone, took 7% more instructions on `cram[4x5]` and
        // 10% more on `cram[5x5]`, and no less time on `cram[5x7]`.)
        let spread = |x: u64| x | (x & right) << 1 | (x >> 1) & right | (x & down) << below | (x >> below) & down;
        let mut rest = p;
        while rest != 0 {
            let mut comp = rest & rest.wrapping_neg();
            loop {
                let grown = spread(comp);
                // A component that has taken every cell left cannot grow: no spread to check.
                if grown == comp || grown == rest {
                    comp = grown;
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

    /// The board with cells taken away that do not change its value as a Grundy game (not as
    /// a partizan one), after Beling & Rogalski (AI 283, 2020, on Cram): a *tuft* is a free cell
    /// whose only free neighbour is its *centre*. Of two tufts of one centre one goes: placing a
    /// domino on either leaves the other one isolated, so both moves lead to the same position,
    /// and every other move keeps both tufts. A *bridge*, a free cell whose free neighbours are
    /// all centres, goes too: a domino on it and a centre leaves the same position as one on
    /// that centre and its tuft (the bridge then has no use either), and every other move keeps
    /// it a bridge. Isolated cells go as well. Checked against plain search in the tests.
    pub(crate) fn reduced(self) -> Region {
        let p = self.bits;
        let cols = u32::from(self.cols);
        let (first, last) = (self.first_col(), self.last_col());
        // The free cells with a free neighbour below, above, to the right and to the left.
        let below = p & p.checked_shr(cols).unwrap_or(0);
        let above = p & p.checked_shl(cols).unwrap_or(0);
        let right = p & (p >> 1) & !last;
        let left = p & (p << 1) & !first;
        let some = below | above | right | left;
        let two = (below & (above | right | left)) | (above & (right | left)) | (right & left);
        let tufts = some & !two;
        // The centres of the tufts, by the side their tuft is on.
        let from_above = (tufts & below).checked_shl(cols).unwrap_or(0);
        let from_left = (tufts & right) << 1;
        let from_below = (tufts & above).checked_shr(cols).unwrap_or(0);
        let from_right = (tufts & left) >> 1;
        let mut bits = p;
        let mut centres = from_above;
        bits &= !((from_left & centres) >> 1);
        centres |= from_left;
        bits &= !(from_below & centres).checked_shl(cols).unwrap_or(0);
        centres |= from_below;
        bits &= !((from_right & centres) << 1);
        centres |= from_right;
        let others = p & !tufts & !centres;
        let touching = others.checked_shl(cols).unwrap_or(0)
            | others.checked_shr(cols).unwrap_or(0)
            | ((others << 1) & !first)
            | ((others >> 1) & !last);
        let bridges = others & !touching;
        self.with_bits(bits & !bridges & full(self.rows() * self.cols()))
    }

    /// The horizontal dominoes that need not be played in a Grundy game (not a partizan one),
    /// each as its left cell, after Beling & Rogalski (AI 283, 2020, on Cram): those of a 2x2
    /// block of free cells a b / d e where a's only free neighbours are b and d and e's are b
    /// and d (or, mirrored, b's are a and e and d's are a and e). A domino on a b leaves e
    /// hanging on d alone, as one on b e leaves a: the same board up to the graph of free
    /// cells, which is all a Grundy value depends on. The game without these dominoes has the
    /// same value, since any other move either keeps the block or leaves d (or b) with two
    /// hanging cells, of which one is worth nothing (see [`Region::reduced`]); the board then
    /// splits where only these dominoes joined it ([`Region::grundy_regions`]).
    pub(crate) fn idle_horizontals(self) -> u64 {
        let p = self.bits;
        let cols = u32::from(self.cols);
        let (first, last) = (self.first_col(), self.last_col());
        let down = |x: u64| x.checked_shr(cols).unwrap_or(0);
        let up = |x: u64| x.checked_shl(cols).unwrap_or(0);
        let no_left = p & !((p << 1) & !first);
        let no_right = p & !((p >> 1) & !last);
        let no_top = p & !up(p);
        let no_bottom = p & !down(p);
        // Blocks by their top left cell x: x, x + 1, x + cols, x + cols + 1 all free.
        let blocks = p & !last & (p >> 1) & down(p) & down(p >> 1);
        let main = blocks & no_left & no_top & down((no_right & no_bottom) >> 1);
        let anti = blocks & ((no_top & no_right) >> 1) & down(no_left & no_bottom);
        let idle = main | anti;
        idle | up(idle)
    }

    /// The free cells after a domino is placed, at every place it fits but the horizontal ones
    /// whose left cells are in `idle` (see [`Region::idle_horizontals`]; 0 for all of them):
    /// vertical ones first, each in reading order of the domino's first cell (the search takes
    /// them in another order, [`Region::grundy_options_by_contact`]; the tests hold both).
    #[cfg(test)]
    pub(crate) fn grundy_options(self, idle: u64, out: &mut Vec<u64>) {
        let (v, h) = self.tops();
        for (mut t, step) in [(v, self.cols as u32), (h & !idle, 1)] {
            while t != 0 {
                let i = t.trailing_zeros();
                t &= t - 1;
                out.push(self.bits & !(1u64 << i) & !(1u64 << (i + step)));
            }
        }
    }

    /// The same options as `Region::grundy_options` in another order: first the dominoes
    /// that may cut the board (their free neighbours, taken round the domino, make at least
    /// two runs not joined by a free corner cell), then the others; within each, those with
    /// the most free neighbours first (six, then five, ...), vertical ones first, each in
    /// reading order. Why: a search asked whether a region has some value stops at the first
    /// option whose regions all have known values of that sum (see `Solver::open_options`),
    /// and the regions of a board cut into pieces are smaller, so more often known. On
    /// `cram[5x7]` 16% fewer options are split into regions than in reading order (5.12 M to
    /// 4.29 M; 5x8 and 4x9 likewise, 16% and 13%).
    pub(crate) fn grundy_options_by_contact(self, idle: u64, out: &mut Vec<u64>) {
        let (v, h) = self.tops();
        let (p, cols) = (self.bits, u32::from(self.cols));
        let (first, last) = (self.first_col(), self.last_col());
        let next_last = last >> 1;
        let down = |k: u32| p.checked_shr(k).unwrap_or(0);
        let up = |k: u32| p.checked_shl(k).unwrap_or(0);
        // For each domino, by its first cell: whether each of its six neighbours is free, in
        // order round the domino (clockwise), and whether each is joined to the one before it
        // (directly, or by the free corner cell between them).
        let vertical = Ring {
            free: [
                up(cols),
                (p >> 1) & !last,
                down(cols + 1) & !last,
                down(2 * cols),
                down(cols.wrapping_sub(1)) & !first,
                (p << 1) & !first,
            ],
            joined: [
                up(cols + 1) & !first,
                up(cols.wrapping_sub(1)) & !last,
                u64::MAX,
                down(2 * cols + 1) & !last,
                down((2 * cols).wrapping_sub(1)) & !first,
                u64::MAX,
            ],
        };
        let horizontal = Ring {
            free: [
                (p << 1) & !first,
                up(cols),
                up(cols.wrapping_sub(1)),
                (p >> 2) & !next_last,
                down(cols + 1),
                down(cols),
            ],
            joined: [
                down(cols.wrapping_sub(1)) & !first,
                up(cols + 1) & !first,
                u64::MAX,
                up(cols.wrapping_sub(2)) & !next_last,
                down(cols + 2) & !next_last,
                u64::MAX,
            ],
        };
        let kinds = [(v, vertical.tally(), cols), (h & !idle, horizontal.tally(), 1)];
        for cutting in [true, false] {
            for count in (0..=6).rev() {
                for &(tops, (counts, cuts), step) in &kinds {
                    let mut t = tops & if cutting { cuts } else { !cuts } & equal_to(counts, count);
                    while t != 0 {
                        let i = t.trailing_zeros();
                        t &= t - 1;
                        out.push(self.bits & !(1u64 << i) & !(1u64 << (i + step)));
                    }
                }
            }
        }
    }

    /// The regions of a Grundy game on the board (see [`Region::regions_cut`]): the idle
    /// horizontal dominoes do not join cells.
    pub(crate) fn grundy_regions(self, out: &mut Vec<Region>, small: usize) {
        self.regions_cut(self.idle_horizontals(), out, small);
    }

    /// Row `r` as `cols` low bits.
    fn row(self, r: usize) -> u64 {
        (self.bits >> (r * self.cols())) & full(self.cols())
    }

    /// The board cropped to the bounding box of its free cells (0x0 when none is free).
    pub(crate) fn cropped(self) -> Region {
        if self.bits == 0 {
            return Region { rows: 0, cols: 0, bits: 0 };
        }
        let cols = self.cols();
        let r0 = row_of(self.bits.trailing_zeros() as usize, cols);
        let r1 = row_of(63 - self.bits.leading_zeros() as usize, cols);
        let rows = r1 - r0 + 1;
        // The rows folded onto the first one: the columns in use.
        let mut folded = self.bits >> (r0 * cols);
        let mut span = 1;
        while span < rows {
            folded |= folded >> (span * cols);
            span *= 2;
        }
        let seen = folded & full(cols);
        let c0 = seen.trailing_zeros() as usize;
        let width = 64 - seen.leading_zeros() as usize - c0;
        let bits = if width == cols {
            self.bits >> (r0 * cols)
        } else {
            let mut bits = 0u64;
            for r in r0..=r1 {
                bits |= (self.row(r) >> c0) << ((r - r0) * width);
            }
            bits
        };
        Region { rows: rows as u8, cols: width as u8, bits }
    }

    /// The least of the board's images under the symmetries of its rectangle: four, or eight
    /// when it is square (an image of fewer rows is less, so a transposed image only competes
    /// when the board has at least as many rows as columns, and the others when it has at most).
    pub(crate) fn normal_form(self) -> Region {
        if self.rows < self.cols {
            return self.with_bits(self.least_flip());
        }
        let t = self.transposed();
        let least = t.with_bits(t.least_flip());
        if self.rows > self.cols {
            return least;
        }
        // Square: every image has the same shape, so the cells alone decide.
        least.with_bits(least.bits.min(self.least_flip()))
    }

    /// The least of the free cells of the board and of its images flipped top to bottom, left
    /// to right and both (all of one shape, so their order is that of their cells).
    fn least_flip(self) -> u64 {
        let (rows, cols) = (self.rows(), self.cols());
        // The half turn reverses every row and their order: its rows in reverse order are the
        // board's rows each reversed.
        let (turned, row) = (self.turned(), full(cols));
        let (mut ud, mut lr) = (0u64, 0u64);
        for r in 0..rows {
            let to = (rows - 1 - r) * cols;
            ud |= (self.bits >> (r * cols) & row) << to;
            lr |= (turned >> (r * cols) & row) << to;
        }
        self.bits.min(ud).min(lr).min(turned)
    }

    /// The free cells of the board turned by a half turn: the reading order reversed.
    fn turned(self) -> u64 {
        let n = self.rows() * self.cols();
        if n == 0 { 0 } else { self.bits.reverse_bits() >> (64 - n) }
    }

    /// The board reflected in its main diagonal.
    fn transposed(self) -> Region {
        let (rows, cols) = (self.rows(), self.cols());
        let mut t = 0u64;
        if rows > cols {
            // Cell (r, c) goes to bit c * rows + r. A row's cells j < cols, times the sum of
            // 2^(k * (rows - 1)) for k < cols, land at j + k * (rows - 1): all different places
            // (two of them differ by less than rows - 1 in j), so no carries, and the place is
            // a multiple of rows only when k = j, which is the one wanted, j * rows.
            let spread = FIRST_COLUMNS[rows - 1] & full((cols - 1) * (rows - 1) + 1);
            let wanted = FIRST_COLUMNS[rows] & full((cols - 1) * rows + 1);
            for r in 0..rows {
                t |= (self.row(r).wrapping_mul(spread) & wanted) << r;
            }
        } else {
            // Row by row, so that no cell's place takes a division.
            for r in 0..rows {
                let mut row = self.row(r);
                while row != 0 {
                    let c = row.trailing_zeros() as usize;
                    row &= row - 1;
                    t |= 1 << (c * rows + r);
                }
            }
        }
        Region { rows: self.cols, cols: self.rows, bits: t }
    }

    /// Whether the second player wins by the half-turn mirror strategy (WW ch. 23: on an even by
    /// even board the second player answers every domino by its image through the centre). It
    /// works on any board that is its own half-turn image when no free cell is its own image
    /// and no domino that fits is its own image: the mirror domino is then free and disjoint
    /// from the one just placed, and the board stays symmetric, so the second player always has
    /// a move, and the value is 0. A cell is its own image only at the centre of an odd by odd
    /// board, and a domino only across the centre of a board with one side even and one odd
    /// (the two middle cells of the odd side's middle line); both contain the cell in row
    /// `rows / 2`, column `cols / 2`, and on a symmetric board the other cell of such a domino
    /// is free exactly when that one is. So: rows and columns both even, or that cell taken.
    pub(crate) fn mirror_wins(self) -> bool {
        let (rows, cols) = (self.rows(), self.cols());
        let centre_taken = self.bits >> ((rows / 2) * cols + cols / 2) & 1 == 0;
        // The symmetry last: it costs the most, and most regions fail the first test.
        ((rows % 2 == 0 && cols % 2 == 0) || centre_taken) && self.turned() == self.bits
    }
}

/// The six neighbours of every domino of one orientation, as masks over the dominoes' first
/// cells (see [`Region::grundy_options_by_contact`]).
struct Ring {
    /// Whether neighbour i is free.
    free: [u64; 6],
    /// Whether neighbour i is joined to neighbour i - 1 (mod 6) when both are free.
    joined: [u64; 6],
}

impl Ring {
    /// The number of free neighbours (as bit planes), and the dominoes whose free neighbours
    /// make at least two runs round them.
    fn tally(&self) -> ([u64; 3], u64) {
        let starts: [u64; 6] = std::array::from_fn(|i| self.free[i] & !(self.free[(i + 5) % 6] & self.joined[i]));
        let runs = bit_sliced_count(&starts);
        (bit_sliced_count(&self.free), runs[1] | runs[2])
    }
}

/// The number of masks with each bit set, as three bit planes (at most 7 masks).
fn bit_sliced_count(masks: &[u64]) -> [u64; 3] {
    let mut planes = [0u64; 3];
    for &m in masks {
        let carry0 = planes[0] & m;
        planes[0] ^= m;
        let carry1 = planes[1] & carry0;
        planes[1] ^= carry0;
        planes[2] ^= carry1;
    }
    planes
}

/// The bits where the count in `planes` (see [`bit_sliced_count`]) is `count`.
fn equal_to(planes: [u64; 3], count: u32) -> u64 {
    let mut eq = u64::MAX;
    for (b, plane) in planes.into_iter().enumerate() {
        eq &= if count >> b & 1 == 1 { plane } else { !plane };
    }
    eq
}

/// For each number of columns c, the first column of a board of c columns and as many rows
/// as fit in 64 bits: bits 0, c, 2c, ...
const FIRST_COLUMNS: [u64; MAX_CELLS + 1] = {
    let mut t = [0u64; MAX_CELLS + 1];
    let mut c = 1;
    while c <= MAX_CELLS {
        let mut i = 0;
        while i < MAX_CELLS {
            t[c] |= 1 << i;
            i += c;
        }
        c += 1;
    }
    t
};

/// The row of cell `i` (below 64) on a board of `cols` columns (1 to 64): `i / cols` without a
/// division, which takes tens of cycles, as `i * ceil(2^12 / cols) >> 12` (exact for every
/// such `i` and `cols`; checked in the tests).
fn row_of(i: usize, cols: usize) -> usize {
    (i * usize::from(RECIPROCALS[cols])) >> 12
}

/// `ceil(2^12 / c)` for c from 1 to 64 (0 for 0, never used).
const RECIPROCALS: [u16; MAX_CELLS + 1] = {
    let mut t = [0u16; MAX_CELLS + 1];
    let mut c = 1;
    while c <= MAX_CELLS {
        t[c] = 4096_usize.div_ceil(c) as u16;
        c += 1;
    }
    t
};

/// The `n` low bits set.
fn full(n: usize) -> u64 {
    if n >= 64 { u64::MAX } else { (1u64 << n) - 1 }
}

#[cfg(test)]
mod tests {
    use super::{MAX_CELLS, Region, row_of};
    use crate::test_rng::Rng;

    #[test]
    fn rows_without_division() {
        for cols in 1..=MAX_CELLS {
            for i in 0..MAX_CELLS {
                assert_eq!(row_of(i, cols), i / cols, "{i} / {cols}");
            }
        }
    }

    /// A domino's free neighbours and whether they make two runs or more round it, from
    /// coordinates: the cells round the domino's box, clockwise, where two free neighbours
    /// are in one run when the cells between them (a corner, or none) are free.
    fn ring(region: Region, domino: u64) -> (bool, usize) {
        let (rows, cols) = (region.rows() as i64, region.cols() as i64);
        let free = |(r, c): (i64, i64)| {
            (0..rows).contains(&r) && (0..cols).contains(&c) && region.bits() >> (r * cols + c) & 1 == 1
        };
        let cells: Vec<(i64, i64)> =
            (0..rows * cols).filter(|i| domino >> i & 1 == 1).map(|i| (i / cols, i % cols)).collect();
        let (top, left) = (cells[0].0 - 1, cells[0].1 - 1);
        let (bottom, right) = (cells[1].0 + 1, cells[1].1 + 1);
        let mut border = Vec::new();
        border.extend((left..right).map(|c| (top, c)));
        border.extend((top..bottom).map(|r| (r, right)));
        border.extend((left + 1..=right).rev().map(|c| (bottom, c)));
        border.extend((top + 1..=bottom).rev().map(|r| (r, left)));
        let corner = |(r, c): (i64, i64)| (r == top || r == bottom) && (c == left || c == right);
        let count = border.iter().filter(|&&x| !corner(x) && free(x)).count();
        let Some(gap) = border.iter().position(|&x| !free(x)) else { return (false, count) };
        border.rotate_left(gap);
        let (mut runs, mut in_run) = (0, false);
        for x in border.iter().map(|&x| (free(x), corner(x))).chain([(false, true)]) {
            match x {
                (true, false) if !in_run => {
                    runs += 1;
                    in_run = true;
                }
                (true, _) => {}
                (false, _) => in_run = false,
            }
        }
        // Each run counts once, at its first free neighbour (a free corner alone is no run).
        (runs >= 2, count)
    }

    /// The options by contact are the options, each once, those that may cut the board first,
    /// then the most free neighbours first.
    #[test]
    fn options_by_contact_are_the_options_reordered() {
        let mut rng = Rng(0x9b05_688c_2b3e_6c1f);
        for _ in 0..3000 {
            let (rows, cols) = (1 + rng.below(8) as usize, 1 + rng.below(8) as usize);
            let holes = 2 + rng.below(4);
            let bits = (0..64).filter(|_| rng.below(holes) != 0).fold(0u64, |b, i| b | 1 << i);
            let region = Region::new(rows, cols, bits).unwrap();
            for idle in [0, region.idle_horizontals()] {
                let (mut plain, mut ordered) = (Vec::new(), Vec::new());
                region.grundy_options(idle, &mut plain);
                region.grundy_options_by_contact(idle, &mut ordered);
                let keys: Vec<(bool, usize)> = ordered.iter().map(|&o| ring(region, region.bits() ^ o)).collect();
                assert!(keys.windows(2).all(|w| w[0] >= w[1]), "{region:?}: {keys:?}");
                ordered.sort_unstable();
                plain.sort_unstable();
                assert_eq!(ordered, plain, "{region:?}");
            }
        }
    }

    /// The transposition against its definition, cell by cell, on every shape of at most 64
    /// cells (the multiplication used for tall boards included).
    #[test]
    fn transposition_moves_each_cell() {
        let mut rng = Rng(0x2545_f491_4f6c_dd1d);
        for rows in 1..=MAX_CELLS {
            for cols in 1..=MAX_CELLS / rows {
                for _ in 0..20 {
                    let board = Region::new(rows, cols, rng.below(u64::MAX)).unwrap();
                    let mut want = 0u64;
                    for r in 0..rows {
                        for c in 0..cols {
                            if board.bits() >> (r * cols + c) & 1 == 1 {
                                want |= 1 << (c * rows + r);
                            }
                        }
                    }
                    let t = board.transposed();
                    assert_eq!((t.rows(), t.cols(), t.bits()), (cols, rows, want), "{board:?}");
                }
            }
        }
    }
}

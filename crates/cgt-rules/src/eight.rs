//! Boards of at most 8 rows and 8 columns laid out 8 squares to a row, where the symmetries
//! of the rectangle, cropping and flood fills are a few word operations (the Amazons and
//! Domineering keys).

/// The squares of column 0 of a spread mask.
pub(crate) const FIRST_COLUMN: u64 = 0x0101_0101_0101_0101;
/// The squares of column 7 of a spread mask.
pub(crate) const LAST_COLUMN: u64 = 0x8080_8080_8080_8080;

/// The masks `(1 << n) - 1` for `n` up to 64.
pub(crate) fn low_bits(n: u32) -> u64 {
    if n >= 64 { !0 } else { (1 << n) - 1 }
}

/// Masks of a board of at most 8 rows and 8 columns laid out 8 squares to a row (square `(r,
/// c)` at bit `8 r + c`), where the symmetries of the square are a few word operations: the
/// rows reversed by reversing the bytes, the columns by reversing the bits of each byte, the
/// transpose by three exchanges of bit blocks; then the image is shifted back to the corner.
/// Both layouts number the squares row by row, so two masks of one shape compare as integers
/// the same way in either: a board's images can be compared spread, and the least gathered
/// back is the least of the images made square by square.
#[derive(Clone, Copy)]
pub(crate) struct Eight {
    rows: u32,
    cols: u32,
}

impl Eight {
    /// The layout of a board of `rows` x `cols` squares, both at most 8.
    pub(crate) fn new(rows: u8, cols: u8) -> Eight {
        debug_assert!(rows <= 8 && cols <= 8);
        Eight { rows: u32::from(rows), cols: u32::from(cols) }
    }

    /// A mask of the board's layout (`r * cols + c`) laid out 8 squares to a row.
    pub(crate) fn spread(self, m: u64) -> u64 {
        let row = low_bits(self.cols);
        (0..self.rows).fold(0, |out, r| out | (m >> (r * self.cols) & row) << (8 * r))
    }

    /// A mask laid out 8 squares to a row back in the board's layout.
    pub(crate) fn gather(self, m: u64) -> u64 {
        let row = low_bits(self.cols);
        (0..self.rows).fold(0, |out, r| out | (m >> (8 * r) & row) << (r * self.cols))
    }

    /// The image of a spread mask under symmetry `t`, spread for the image's shape: rows
    /// reversed (bit 0), columns reversed (bit 1), then transposed (bit 2).
    pub(crate) fn image(self, mut m: u64, t: u8) -> u64 {
        if t & 1 != 0 {
            m = self.rows_reversed(m);
        }
        if t & 2 != 0 {
            m = self.columns_reversed(m);
        }
        if t & 4 != 0 {
            m = transposed(m);
        }
        m
    }

    /// The images of a spread mask under symmetries 0-3 of [`Eight::image`] (the board, its
    /// rows reversed, its columns reversed, both), with two byte swaps and one reversal.
    pub(crate) fn flips(self, m: u64) -> [u64; 4] {
        let columns = self.columns_reversed(m);
        [m, self.rows_reversed(m), columns, self.rows_reversed(columns)]
    }

    /// A spread mask with its rows in reverse order, back in the corner.
    fn rows_reversed(self, m: u64) -> u64 {
        m.swap_bytes() >> (8 * (8 - self.rows))
    }

    /// A spread mask with its columns in reverse order (the bits of each byte reversed), back
    /// in the corner.
    fn columns_reversed(self, mut m: u64) -> u64 {
        m = (m >> 1 & 0x5555_5555_5555_5555) | (m & 0x5555_5555_5555_5555) << 1;
        m = (m >> 2 & 0x3333_3333_3333_3333) | (m & 0x3333_3333_3333_3333) << 2;
        m = (m >> 4 & 0x0f0f_0f0f_0f0f_0f0f) | (m & 0x0f0f_0f0f_0f0f_0f0f) << 4;
        m >> (8 - self.cols)
    }
}

/// A spread mask reflected in its main diagonal, square `(r, c)` to `(c, r)`: blocks of 4, 2
/// and 1 squares exchanged across the diagonal.
pub(crate) fn transposed(mut m: u64) -> u64 {
    let mut x = 0x0f0f_0f0f_0000_0000 & (m ^ m << 28);
    m ^= x ^ x >> 28;
    x = 0x3333_0000_3333_0000 & (m ^ m << 14);
    m ^= x ^ x >> 14;
    x = 0x5500_5500_5500_5500 & (m ^ m << 7);
    m ^ x ^ x >> 7
}

/// A nonzero spread mask cropped to its bounding box: its rows, its columns and the mask
/// shifted to the corner (still 8 squares to a row).
pub(crate) fn crop(m: u64) -> (u8, u8, u64) {
    debug_assert_ne!(m, 0);
    let (r0, r1) = (m.trailing_zeros() / 8, (63 - m.leading_zeros()) / 8);
    // The columns in use: every row's byte folded onto the lowest.
    let mut seen = m | m >> 32;
    seen |= seen >> 16;
    seen |= seen >> 8;
    let seen = (seen & 0xff) as u8;
    let (c0, c1) = (seen.trailing_zeros(), 7 - seen.leading_zeros());
    ((r1 - r0 + 1) as u8, (c1 - c0 + 1) as u8, m >> (8 * r0 + c0))
}

/// The 4-connected part of `free` (a spread mask) holding the squares of `seed`.
pub(crate) fn part(seed: u64, free: u64) -> u64 {
    let mut comp = seed & free;
    loop {
        let grown = (comp | comp << 8 | comp >> 8 | (comp << 1 & !FIRST_COLUMN) | (comp >> 1 & !LAST_COLUMN)) & free;
        if grown == comp {
            return comp;
        }
        comp = grown;
    }
}

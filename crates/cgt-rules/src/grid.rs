//! Boards of the grid rulesets (Clobber, Konane, Amazons, Cram): reading rows of letters and
//! writing them back, cropping, the eight symmetries of the square, and connected regions.
//!
//! A board is a rectangle of small cell codes; each ruleset names its codes by letters (its
//! alphabet: code `i` is written `alphabet[i]`). The normal forms here are what the rulesets'
//! transposition tables key on (as CGSuite's grid games do, and as in CGT II.1 for disjunctive
//! sums of regions that cannot interact).

pub mod stones;

use std::fmt;

/// The most cells a board (or strip, or side of a cake) may have. Values of larger positions
/// are out of reach anyway, and the cap bounds the memory a search holds before its time runs
/// out (every pending position keeps all its options).
pub const MAX_CELLS: usize = 256;

/// A rectangle of cells, each a small code. Both dimensions are 0 when either is.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Grid {
    rows: usize,
    cols: usize,
    cells: Vec<u8>,
}

/// Why rows of letters (or dimensions) do not make a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GridError {
    /// Row `row` (from 0) has a different length from the first row.
    Ragged {
        /// The row.
        row: usize,
    },
    /// A letter that is not in the ruleset's alphabet.
    BadCell {
        /// The row (from 0).
        row: usize,
        /// Byte offset in the row.
        offset: usize,
        /// The letter.
        letter: char,
    },
    /// More than [`MAX_CELLS`] cells.
    TooLarge {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
    },
}

impl fmt::Display for GridError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GridError::Ragged { row } => write!(f, "row {} is not as long as the first row", row + 1),
            GridError::BadCell { row, offset, letter } => {
                write!(f, "row {}, offset {offset}: `{letter}` is not a cell of this ruleset", row + 1)
            }
            GridError::TooLarge { rows, cols } => {
                write!(f, "a {rows}x{cols} board has more than {MAX_CELLS} cells")
            }
        }
    }
}

impl Grid {
    /// A board from its rows, top to bottom, each letter the code of its place in `alphabet`.
    pub fn parse<S: AsRef<str>>(rows: &[S], alphabet: &[char]) -> Result<Grid, GridError> {
        let cols = rows.first().map_or(0, |r| r.as_ref().chars().count());
        let mut cells = Vec::new();
        for (row, text) in rows.iter().enumerate() {
            let text = text.as_ref();
            if text.chars().count() != cols {
                return Err(GridError::Ragged { row });
            }
            if cells.len() + cols > MAX_CELLS {
                return Err(GridError::TooLarge { rows: rows.len(), cols });
            }
            for (offset, letter) in text.char_indices() {
                match alphabet.iter().position(|&a| a == letter) {
                    Some(code) => cells.push(code as u8),
                    None => return Err(GridError::BadCell { row, offset, letter }),
                }
            }
        }
        Ok(Grid::from_cells(rows.len(), cols, cells))
    }

    /// A `rows` x `cols` board of cells `code`.
    pub fn filled(rows: usize, cols: usize, code: u8) -> Result<Grid, GridError> {
        match rows.checked_mul(cols) {
            Some(n) if n <= MAX_CELLS => Ok(Grid::from_cells(rows, cols, vec![code; n])),
            _ => Err(GridError::TooLarge { rows, cols }),
        }
    }

    fn from_cells(rows: usize, cols: usize, cells: Vec<u8>) -> Grid {
        if rows == 0 || cols == 0 {
            return Grid { rows: 0, cols: 0, cells: Vec::new() };
        }
        Grid { rows, cols, cells }
    }

    /// The number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The cells in reading order.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The code of the cell in row `r`, column `c` (from 0, top left).
    pub fn get(&self, r: usize, c: usize) -> u8 {
        self.cells[r * self.cols + c]
    }

    /// The code at `(r, c)` moved by `(dr, dc)` steps of `k`, or `None` off the board.
    pub fn step(&self, r: usize, c: usize, (dr, dc): (isize, isize), k: usize) -> Option<(usize, usize)> {
        let r = r.checked_add_signed(dr * k as isize)?;
        let c = c.checked_add_signed(dc * k as isize)?;
        (r < self.rows && c < self.cols).then_some((r, c))
    }

    /// Sets the cell in row `r`, column `c`.
    pub fn set(&mut self, r: usize, c: usize, code: u8) {
        self.cells[r * self.cols + c] = code;
    }

    /// Every cell position, in reading order.
    pub fn positions(&self) -> impl Iterator<Item = (usize, usize)> + use<> {
        let cols = self.cols;
        (0..self.rows * cols).map(move |i| (i / cols, i % cols))
    }

    /// The board with every code replaced through `f`.
    pub fn map(&self, f: impl Fn(u8) -> u8) -> Grid {
        Grid { rows: self.rows, cols: self.cols, cells: self.cells.iter().map(|&c| f(c)).collect() }
    }

    /// The rows as the language quotes them: `"xo.x", "o..."` (`""` for the empty board).
    pub fn quoted_rows(&self, alphabet: &[char]) -> String {
        if self.cells.is_empty() {
            return "\"\"".to_owned();
        }
        let rows: Vec<String> = self
            .cells
            .chunks(self.cols)
            .map(|row| format!("\"{}\"", row.iter().map(|&c| alphabet[c as usize]).collect::<String>()))
            .collect();
        rows.join(", ")
    }

    /// The board cut down to the bounding box of the cells where `keep` holds (empty if none).
    pub fn crop(&self, keep: impl Fn(u8) -> bool) -> Grid {
        let kept: Vec<(usize, usize)> = self.positions().filter(|&(r, c)| keep(self.get(r, c))).collect();
        let (Some(r0), Some(r1)) = (kept.iter().map(|p| p.0).min(), kept.iter().map(|p| p.0).max()) else {
            return Grid::from_cells(0, 0, Vec::new());
        };
        let c0 = kept.iter().map(|p| p.1).min().unwrap_or(0);
        let c1 = kept.iter().map(|p| p.1).max().unwrap_or(0);
        let cells = (r0..=r1).flat_map(|r| (c0..=c1).map(move |c| (r, c))).map(|(r, c)| self.get(r, c)).collect();
        Grid::from_cells(r1 - r0 + 1, c1 - c0 + 1, cells)
    }

    /// The image under symmetry `t` (0..8): bit 0 flips rows, bit 1 flips columns, bit 2
    /// transposes.
    pub fn image(&self, t: u8) -> Grid {
        let (rows, cols) = self.image_size(t);
        Grid::from_cells(rows, cols, self.image_cells(t).collect())
    }

    /// The least of the board's images under the eight symmetries of the square (or the four
    /// that keep rows as rows, when `transpose` is false).
    pub fn least_image(&self, transpose: bool) -> Grid {
        // Images are compared as `Grid`s are ordered (rows, columns, then cells in reading
        // order), cell by cell without building them; only the least one is built.
        let count = if transpose { 8 } else { 4 };
        let key = |t: u8| self.image_size(t);
        let best = (1..count).fold(0, |best, t| {
            let less = key(t).cmp(&key(best)).then_with(|| self.image_cells(t).cmp(self.image_cells(best))).is_lt();
            if less { t } else { best }
        });
        if best == 0 { self.clone() } else { self.image(best) }
    }

    /// The dimensions of the image under symmetry `t`.
    fn image_size(&self, t: u8) -> (usize, usize) {
        if t & 4 != 0 { (self.cols, self.rows) } else { (self.rows, self.cols) }
    }

    /// The cells of the image under symmetry `t`, in its reading order.
    fn image_cells(&self, t: u8) -> impl Iterator<Item = u8> + '_ {
        let (rows, cols) = self.image_size(t);
        (0..rows).flat_map(move |r| (0..cols).map(move |c| (r, c))).map(move |(r, c)| {
            let (r, c) = if t & 4 != 0 { (c, r) } else { (r, c) };
            let r = if t & 1 != 0 { self.rows - 1 - r } else { r };
            let c = if t & 2 != 0 { self.cols - 1 - c } else { c };
            self.get(r, c)
        })
    }

    /// The connected parts of the cells where `member` holds (4-connected, or 8-connected
    /// with `diagonal`), each on the bounding box of the part, with every cell of the box
    /// outside the part set to `outside`; in reading order of their first cells.
    pub fn components(&self, member: impl Fn(u8) -> bool, diagonal: bool, outside: u8) -> Vec<Grid> {
        let mut out = Vec::new();
        self.flood(&member, |_, there| member(there), diagonal, |part| out.push(self.part(part, outside)));
        out
    }

    /// Gives `each` the cells (indices, the first in reading order first) of each part a flood
    /// fill finds, in order of their first cells: a part starts at each cell where `start`
    /// holds that no earlier part holds, and grows from each of its cells to each neighbour
    /// (4-connected, or 8-connected with `diagonal`) not in a part yet where `joins(code here,
    /// code there)` holds.
    pub fn flood(
        &self,
        start: impl Fn(u8) -> bool,
        joins: impl Fn(u8, u8) -> bool,
        diagonal: bool,
        mut each: impl FnMut(&[usize]),
    ) {
        let mut seen = vec![false; self.cells.len()];
        // One buffer for every part (a search reads the regions of very many small boards).
        let mut part = Vec::new();
        for first in 0..self.cells.len() {
            if seen[first] || !start(self.cells[first]) {
                continue;
            }
            seen[first] = true;
            part.clear();
            part.push(first);
            let mut i = 0;
            while let Some(&cell) = part.get(i) {
                i += 1;
                let (r, c) = (cell / self.cols, cell % self.cols);
                for d in NEIGHBOURS.iter().take(if diagonal { 8 } else { 4 }) {
                    if let Some((nr, nc)) = self.step(r, c, *d, 1) {
                        let n = nr * self.cols + nc;
                        if !seen[n] && joins(self.cells[cell], self.cells[n]) {
                            seen[n] = true;
                            part.push(n);
                        }
                    }
                }
            }
            each(&part);
        }
    }

    /// The cells `part` (indices) on their bounding box, the rest of the box `outside`.
    fn part(&self, part: &[usize], outside: u8) -> Grid {
        let rows = part.iter().map(|&i| i / self.cols);
        let cols = part.iter().map(|&i| i % self.cols);
        let (r0, r1) = (rows.clone().min().unwrap_or(0), rows.max().unwrap_or(0));
        let (c0, c1) = (cols.clone().min().unwrap_or(0), cols.max().unwrap_or(0));
        let width = c1 - c0 + 1;
        let mut cells = vec![outside; (r1 - r0 + 1) * width];
        for &i in part {
            cells[(i / self.cols - r0) * width + i % self.cols - c0] = self.cells[i];
        }
        Grid::from_cells(r1 - r0 + 1, width, cells)
    }
}

/// The four orthogonal steps, then the four diagonal ones.
pub const NEIGHBOURS: [(isize, isize); 8] = [(-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (-1, 1), (1, -1), (1, 1)];

/// The contents of the quoted strings in a notation (`clobber["xo", ".x"]` gives `xo`, `.x`),
/// for the tests' round trips.
#[cfg(test)]
pub(crate) fn quoted(notation: &str) -> Vec<String> {
    notation.split('"').skip(1).step_by(2).map(str::to_owned).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const ABC: [char; 3] = ['.', 'x', 'o'];

    #[test]
    fn parse_errors_and_round_trip() {
        assert_eq!(Grid::parse(&["x.", "x"], &ABC), Err(GridError::Ragged { row: 1 }));
        assert_eq!(Grid::parse(&["x.", "xé", "x?"], &ABC), Err(GridError::BadCell { row: 1, offset: 1, letter: 'é' }));
        assert_eq!(Grid::filled(1 << 40, 1 << 40, 0), Err(GridError::TooLarge { rows: 1 << 40, cols: 1 << 40 }));
        let big = vec![".".repeat(100); 100];
        assert_eq!(Grid::parse(&big, &ABC), Err(GridError::TooLarge { rows: 100, cols: 100 }));
        let g = Grid::parse(&["xo.", "..o"], &ABC).unwrap();
        assert_eq!(g.quoted_rows(&ABC), r#""xo.", "..o""#);
        assert_eq!(Grid::parse(&quoted(&g.quoted_rows(&ABC)), &ABC).unwrap(), g);
        let empty = Grid::parse(&[""], &ABC).unwrap();
        assert_eq!(empty, Grid::parse::<&str>(&[], &ABC).unwrap());
        assert_eq!(Grid::parse(&quoted(&empty.quoted_rows(&ABC)), &ABC).unwrap(), empty);
    }

    /// The image under symmetry `t` built cell by cell from the definition: flip rows (bit 0),
    /// flip columns (bit 1), then transpose (bit 2).
    fn image_by_definition(g: &Grid, t: u8) -> Grid {
        let flipped: Vec<Vec<u8>> = (0..g.rows())
            .map(|r| if t & 1 != 0 { g.rows() - 1 - r } else { r })
            .map(|r| (0..g.cols()).map(|c| g.get(r, if t & 2 != 0 { g.cols() - 1 - c } else { c })).collect())
            .collect();
        let rows: Vec<Vec<u8>> = if t & 4 == 0 {
            flipped
        } else {
            (0..g.cols()).map(|c| flipped.iter().map(|row| row[c]).collect()).collect()
        };
        let text: Vec<String> = rows.iter().map(|row| row.iter().map(|&c| ABC[c as usize]).collect()).collect();
        Grid::parse(&text, &ABC).unwrap()
    }

    #[test]
    fn least_image_is_the_least_of_the_built_images() {
        let mut rng = cgt_testkit::Rng::new(18);
        for _ in 0..3000 {
            let (rows, cols) = (rng.below(6) as usize, 1 + rng.below(6) as usize);
            // Few codes, so that symmetric boards and long common prefixes of images are common.
            let codes = 1 + rng.below(3);
            let text: Vec<String> =
                (0..rows).map(|_| (0..cols).map(|_| ABC[rng.below(codes) as usize]).collect()).collect();
            let g = Grid::parse(&text, &ABC).unwrap();
            for t in 0..8 {
                assert_eq!(g.image(t), image_by_definition(&g, t), "{text:?} under {t}");
            }
            for (transpose, count) in [(true, 8), (false, 4)] {
                let least = (0..count).map(|t| image_by_definition(&g, t)).min().unwrap();
                assert_eq!(g.least_image(transpose), least, "{text:?}");
            }
        }
    }

    #[test]
    fn images_crops_and_components() {
        let g = Grid::parse(&["xo.", "..o"], &ABC).unwrap();
        assert_eq!(g.image(4).quoted_rows(&ABC), r#""x.", "o.", ".o""#);
        assert_eq!(g.image(3).quoted_rows(&ABC), r#""o..", ".ox""#);
        let images: std::collections::HashSet<Grid> = (0..8).map(|t| g.image(t)).collect();
        assert_eq!(images.len(), 8);
        for t in 0..8 {
            assert_eq!(g.image(t).least_image(true), g.least_image(true));
        }
        let padded = Grid::parse(&["....", ".x..", "..o.", "...."], &ABC).unwrap();
        assert_eq!(padded.crop(|c| c != 0).quoted_rows(&ABC), r#""x.", ".o""#);
        let parts = padded.components(|c| c != 0, false, 0);
        assert_eq!(parts.len(), 2);
        assert_eq!(padded.components(|c| c != 0, true, 0), vec![padded.crop(|c| c != 0)]);
        let ring = Grid::parse(&["xxx", "x.x", "xxo"], &ABC).unwrap();
        assert_eq!(ring.components(|c| c == 1, false, 2)[0].quoted_rows(&ABC), r#""xxx", "xox", "xxo""#);
    }
}

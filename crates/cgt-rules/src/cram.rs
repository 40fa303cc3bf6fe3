//! Cram (`cram[3x4]`, `cram["..#", "..."]`): impartial Domineering, where either player places
//! a domino on two adjacent free cells in either orientation (WW, ch. 23; CGSuite's `Cram`).
//!
//! Every position is a nimber, so values are Grundy values (Sprague–Grundy: the mex of the
//! options' values, and the nim-sum over a sum; CGT IV.1), computed without recursion with a
//! table of regions: free cells that do not touch (4-connected) are independent regions, and a
//! region is keyed by the least of its eight images under the symmetries of the square, on its
//! bounding box. Boards and regions of at most 64 cells go to the pruned search of
//! [`impartial`] on bit boards instead. [`Board`] is also [`Partizan`], so the tests hold the
//! Grundy values against the plain partizan search.

mod bits;
mod impartial;
#[cfg(test)]
mod tests;

use std::collections::HashMap;

use cgt_core::game::{GameId, Games};
use cgt_core::{Budget, Exhausted};

use self::bits::Region;
use crate::grid::{Grid, GridError};
use crate::position::{Partizan, Tabled};

const ALPHABET: [char; 2] = ['.', '#'];
const FREE: u8 = 0;
const TAKEN: u8 = 1;

/// A Cram board: free and occupied cells.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    grid: Grid,
}

impl Board {
    /// A board from its rows, top to bottom: `.` free, `#` occupied.
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Result<Board, GridError> {
        Grid::parse(rows, &ALPHABET).map(|grid| Board { grid })
    }

    /// An empty board of `rows` x `cols` free cells.
    pub fn empty(rows: usize, cols: usize) -> Result<Board, GridError> {
        Grid::filled(rows, cols, FREE).map(|grid| Board { grid })
    }

    /// The Grundy value (the board is the nimber `*n`).
    pub fn nim_value(&self, budget: &Budget) -> Result<u64, Exhausted> {
        Grundy::default().value(self, budget)
    }

    /// The canonical value: the nimber of [`Board::nim_value`].
    pub fn game(&self, games: &mut Games, budget: &Budget) -> Result<GameId, Exhausted> {
        Ok(games.nimber(self.nim_value(budget)?))
    }

    /// The boards after a domino is placed, vertical ones first, in reading order.
    pub fn options(&self) -> Vec<Board> {
        let g = &self.grid;
        let mut out = Vec::new();
        for d in [(1, 0), (0, 1)] {
            for (r, c) in g.positions().filter(|&(r, c)| g.get(r, c) == FREE) {
                if let Some((r2, c2)) = g.step(r, c, d, 1).filter(|&(r2, c2)| g.get(r2, c2) == FREE) {
                    let mut grid = g.clone();
                    grid.set(r, c, TAKEN);
                    grid.set(r2, c2, TAKEN);
                    out.push(Board { grid });
                }
            }
        }
        out
    }

    /// The board as a bit board, when it has at most 64 cells.
    /// The number of free cells.
    pub fn free_cells(&self) -> usize {
        self.grid.cells().iter().filter(|&&c| c == FREE).count()
    }

    /// Who wins by the half-turn mirror strategy, when the board is its own half-turn image
    /// (WW ch. 23; see `Region::mirror_wins` for the proof): `Some(true)` when the second
    /// player wins by answering every domino with its image (both sides even, or the cell in
    /// row `rows / 2`, column `cols / 2` taken), so the value is 0; `Some(false)` when one side
    /// is even and the other odd and the two centre cells are free, so the first player wins
    /// by the domino on them and then mirrors (the value is not 0); `None` otherwise.
    fn by_mirror(&self) -> Option<bool> {
        let g = &self.grid;
        let (rows, cols, cells) = (g.rows(), g.cols(), g.cells());
        let n = cells.len();
        if n == 0 {
            return Some(true);
        }
        if (0..n / 2).any(|i| (cells[i] == FREE) != (cells[n - 1 - i] == FREE)) {
            return None;
        }
        if (rows % 2 == 0 && cols % 2 == 0) || cells[(rows / 2) * cols + cols / 2] != FREE {
            return Some(true);
        }
        (rows % 2 != cols % 2).then_some(false)
    }

    fn bits(&self) -> Option<Region> {
        let g = &self.grid;
        let mut bits = 0u64;
        for (i, &c) in g.cells().iter().enumerate().take(bits::MAX_CELLS) {
            bits |= u64::from(c == FREE) << i;
        }
        Region::new(g.rows(), g.cols(), bits)
    }
}

impl Partizan for Board {
    fn left_options(&self) -> Vec<Board> {
        self.options()
    }

    fn right_options(&self) -> Vec<Board> {
        self.options()
    }

    /// `cram[3x4]` when every cell is free, otherwise the rows.
    fn notation(&self) -> String {
        let (rows, cols) = (self.grid.rows(), self.grid.cols());
        if rows > 0 && self.grid.cells().iter().all(|&c| c == FREE) {
            return format!("cram[{rows}x{cols}]");
        }
        format!("cram[{}]", self.grid.quoted_rows(&ALPHABET))
    }
}

impl Tabled for Board {
    /// The regions of two or more free cells, each normalised.
    fn regions(&self) -> Vec<Board> {
        self.grid
            .components(|c| c == FREE, false, TAKEN)
            .into_iter()
            .filter(|part| part.cells().iter().filter(|&&c| c == FREE).count() >= 2)
            .map(|part| Board { grid: part.least_image(true) })
            .collect()
    }
}

/// A table of Grundy values of normalised regions; keep one to share work between boards.
pub struct Grundy {
    /// The values of regions of more than 64 cells, each the mex of its options' values.
    table: HashMap<Board, u64>,
    /// The pruned search of boards and regions of at most 64 cells (`None` in the tests that
    /// hold it against the mex of the options).
    fast: Option<impartial::Solver>,
}

/// A region whose options' values are being found.
struct Frame {
    region: Board,
    options: Vec<Board>,
    done: usize,
}

impl Grundy {
    /// The Grundy value of a board: the nim-sum of its regions' values.
    pub fn value(&mut self, board: &Board, budget: &Budget) -> Result<u64, Exhausted> {
        if let (Some(fast), Some(bits)) = (&mut self.fast, board.bits()) {
            return fast.value(bits, budget);
        }
        let mut total = 0;
        for region in board.regions() {
            total ^= self.region_value(region, budget)?;
        }
        Ok(total)
    }

    /// Whether the board's Grundy value is 0 (the player to move loses), decided without the
    /// value where the pruned search can ([`impartial::Solver::has_value`]): a board with a
    /// move to a position of value 0 is settled as soon as that option is found, as by the
    /// mirror strategy on a board with an even side and an odd one (WW ch. 23). A board of
    /// more than 64 cells is settled by the mirror strategy when that applies, and valued in
    /// full otherwise.
    pub fn is_zero(&mut self, board: &Board, budget: &Budget) -> Result<bool, Exhausted> {
        if let (Some(fast), Some(bits)) = (&mut self.fast, board.bits()) {
            return fast.has_value(bits, 0, budget);
        }
        if let Some(zero) = board.by_mirror() {
            return Ok(zero);
        }
        self.value(board, budget).map(|v| v == 0)
    }

    /// A table that values every region by the mex of its options, for the tests.
    #[cfg(test)]
    fn by_mex() -> Grundy {
        Grundy { table: HashMap::new(), fast: None }
    }

    /// The pruned search with the top search of regions of at least `cells` free cells shared
    /// between two threads, for the tests.
    #[cfg(test)]
    fn parallel_from(cells: u32) -> Grundy {
        Grundy { table: HashMap::new(), fast: Some(impartial::Solver::parallel_from(cells)) }
    }

    /// The pruned search with the array of small regions' values in use from the start, for
    /// the tests (a search uses it only once it has found many values).
    #[cfg(test)]
    fn small_array_first() -> Grundy {
        Grundy { table: HashMap::new(), fast: Some(impartial::Solver::small_array_first()) }
    }

    /// The value of a region by the mex of its options' values, without recursion.
    fn region_value(&mut self, region: Board, budget: &Budget) -> Result<u64, Exhausted> {
        if let Some(v) = self.lookup(&region, budget)? {
            return Ok(v);
        }
        let frame = |region: Board| Frame { options: region.options(), region, done: 0 };
        let mut stack = vec![frame(region.clone())];
        while let Some(top) = stack.last_mut() {
            budget.check()?;
            if let Some(option) = top.options.get(top.done) {
                match self.unknown_region(option, budget)? {
                    Some(r) => stack.push(frame(r)),
                    None => top.done += 1,
                }
                continue;
            }
            let top = stack.pop().expect("the loop holds a frame");
            let mut values = Vec::with_capacity(top.options.len());
            for option in &top.options {
                values.push(self.known(option, budget)?);
            }
            budget.check_memory(self.table.len() * (64 + top.region.grid.cells().len()))?;
            self.table.insert(top.region, mex(&values));
        }
        self.lookup(&region, budget).map(|v| v.unwrap_or_default())
    }

    /// The value of a region when it is known: in the table, or found by the fast search, or 0
    /// by the mirror strategy for a larger region (not in the tests' plain mex, which checks
    /// the mirror strategy).
    fn lookup(&mut self, region: &Board, budget: &Budget) -> Result<Option<u64>, Exhausted> {
        if let Some(fast) = &mut self.fast {
            if let Some(bits) = region.bits() {
                return fast.value(bits, budget).map(Some);
            }
            if region.by_mirror() == Some(true) {
                return Ok(Some(0));
            }
        }
        Ok(self.table.get(region).copied())
    }

    /// A region of the board whose value is not known yet.
    fn unknown_region(&mut self, board: &Board, budget: &Budget) -> Result<Option<Board>, Exhausted> {
        for r in board.regions() {
            if self.lookup(&r, budget)?.is_none() {
                return Ok(Some(r));
            }
        }
        Ok(None)
    }

    /// The value of a board whose regions' values are all known.
    fn known(&mut self, board: &Board, budget: &Budget) -> Result<u64, Exhausted> {
        let mut total = 0;
        for r in board.regions() {
            total ^= self.lookup(&r, budget)?.unwrap_or_default();
        }
        Ok(total)
    }
}

impl Default for Grundy {
    fn default() -> Grundy {
        Grundy { table: HashMap::new(), fast: Some(impartial::Solver::default()) }
    }
}

/// The least number not in `values`.
fn mex(values: &[u64]) -> u64 {
    let mut seen = vec![false; values.len() + 1];
    for &v in values {
        if let Some(s) = seen.get_mut(v as usize) {
            *s = true;
        }
    }
    seen.iter().position(|&s| !s).unwrap_or(values.len()) as u64
}

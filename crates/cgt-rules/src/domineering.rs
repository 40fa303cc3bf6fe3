//! Domineering (`domineering[3x4]`, `domineering["..#.", "...."]`): Left places vertical
//! dominoes, Right horizontal ones, on free cells.
//!
//! Values come from the definition `G = {G^L | G^R}` (no closed formula is known), with three
//! exact shortcuts, each tested against the plain search:
//!
//! * regions of free cells that do not touch (4-connected components) are independent, so a
//!   board is the disjunctive sum of its regions (CGT II.1);
//! * a region's value does not change under the symmetries that keep the roles (reflections in
//!   either axis, the half turn), and transposing a region swaps the roles, which negates it;
//!   so each region is cropped to its bounding box and looked up under the least of its eight
//!   images in the transposition table, negated when that image is transposed;
//! * a region one cell wide is a strip only one player can use: `n` cells tall give Left
//!   `floor(n/2)` moves, so the integer `floor(n/2)` (and `-floor(n/2)` lying down).

mod bits;
mod engine;
pub mod outcome;
mod table;
#[cfg(test)]
mod tests;

use cgt_core::game::{GameId, Games};
use cgt_core::{Budget, Exhausted};

pub use engine::Domineering;
pub use outcome::OutcomeSearch;

/// A board: a grid of free and occupied cells.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    rows: usize,
    cols: usize,
    free: Vec<bool>,
}

/// Why row strings do not make a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// Row `row` (from 0) has a different length from the first row.
    Ragged {
        /// The row.
        row: usize,
    },
    /// A character that is neither `.` (free) nor `#` (occupied).
    BadCell {
        /// The row.
        row: usize,
        /// Byte offset in the row.
        offset: usize,
        /// The character.
        letter: char,
    },
}

impl Board {
    /// An empty board of `rows` x `cols` free cells.
    pub fn empty(rows: usize, cols: usize) -> Board {
        Board { rows, cols, free: vec![true; rows * cols] }
    }

    /// A board from its rows, top to bottom: `.` is free, `#` occupied.
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Result<Board, BoardError> {
        let cols = rows.first().map_or(0, |r| r.as_ref().chars().count());
        let mut free = Vec::with_capacity(rows.len() * cols);
        for (row, text) in rows.iter().enumerate() {
            let text = text.as_ref();
            if text.chars().count() != cols {
                return Err(BoardError::Ragged { row });
            }
            for (offset, letter) in text.char_indices() {
                free.push(match letter {
                    '.' => true,
                    '#' => false,
                    _ => return Err(BoardError::BadCell { row, offset, letter }),
                });
            }
        }
        Ok(Board { rows: rows.len(), cols, free })
    }

    /// The number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Whether the cell in row `r`, column `c` (from 0, top left) is free.
    pub fn is_free(&self, r: usize, c: usize) -> bool {
        self.free[r * self.cols + c]
    }

    /// The canonical value of the board.
    pub fn game(&self, games: &mut Games, budget: &Budget) -> Result<GameId, Exhausted> {
        Domineering::new().board_game(games, self, budget)
    }

    /// The boards Left can move to (a vertical domino placed), in reading order of its top cell.
    pub fn left_options(&self) -> Vec<Board> {
        self.placements(1, 0)
    }

    /// The boards Right can move to (a horizontal domino placed), in reading order of its
    /// left cell.
    pub fn right_options(&self) -> Vec<Board> {
        self.placements(0, 1)
    }

    fn placements(&self, dr: usize, dc: usize) -> Vec<Board> {
        let mut out = Vec::new();
        for r in 0..self.rows.saturating_sub(dr) {
            for c in 0..self.cols.saturating_sub(dc) {
                if self.is_free(r, c) && self.is_free(r + dr, c + dc) {
                    let mut b = self.clone();
                    b.free[r * self.cols + c] = false;
                    b.free[(r + dr) * self.cols + c + dc] = false;
                    out.push(b);
                }
            }
        }
        out
    }

    /// The board as the language writes it: `domineering[3x4]` when every cell is free,
    /// otherwise its rows, `domineering["..", "#."]`.
    pub fn to_notation(&self) -> String {
        if self.free.iter().all(|&f| f) && self.rows > 0 && self.cols > 0 {
            return format!("domineering[{}x{}]", self.rows, self.cols);
        }
        let rows: Vec<String> = self
            .free
            .chunks(self.cols.max(1))
            .take(self.rows)
            .map(|row| format!("\"{}\"", row.iter().map(|&f| if f { '.' } else { '#' }).collect::<String>()))
            .collect();
        format!("domineering[{}]", rows.join(", "))
    }
}

impl crate::position::Partizan for Board {
    fn left_options(&self) -> Vec<Board> {
        Board::left_options(self)
    }

    fn right_options(&self) -> Vec<Board> {
        Board::right_options(self)
    }

    fn notation(&self) -> String {
        self.to_notation()
    }
}

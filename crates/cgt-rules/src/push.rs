//! Push and Shove (`push["xo.xo.xo.xo"]`, `shove["xo..o"]`): a strip of squares with Left's
//! pieces `x`, Right's pieces `o` and empty squares `.`. A move picks one of the mover's
//! pieces and moves it one square to the left, and pieces in the way move along: in Shove
//! every piece to its left moves one square left too, in Push only the run of pieces touching
//! it (up to the first empty square, which fills). A piece pushed beyond the left end falls off
//! (*Lessons in Play*; CGSuite's `Push` and `Shove`). `push["xo.xo.xo.xo"]` is -183/32.
//!
//! Values come from the definition through [`Solver`]. Nothing ever moves right, so empty
//! squares after the last piece never matter and are cropped; swapping the colours swaps the
//! players, which negates.

#[cfg(test)]
mod tests;

use cgt_core::game::{GameId, Games};
use cgt_core::{Budget, Exhausted};

use crate::grid::{GridError, MAX_CELLS};
use crate::position::{Partizan, Solver, Tabled};

const EMPTY: u8 = 0;

/// Which of the two games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PushRule {
    /// Push: only the pieces touching the pushed one move with it.
    Push,
    /// Shove: every piece to the left of the pushed one moves with it.
    Shove,
}

/// A Push or Shove strip.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Strip {
    rule: PushRule,
    cells: Vec<u8>,
}

impl Strip {
    /// A strip from its squares, left to right: `x` Left's piece, `o` Right's, `.` empty.
    /// Errors name row 0 and the byte offset of a bad letter.
    pub fn parse(rule: PushRule, text: &str) -> Result<Strip, GridError> {
        let mut cells = Vec::with_capacity(text.len());
        for (offset, letter) in text.char_indices() {
            if cells.len() == MAX_CELLS {
                return Err(GridError::TooLarge { rows: 1, cols: text.chars().count() });
            }
            cells.push(match letter {
                '.' => EMPTY,
                'x' => 1,
                'o' => 2,
                _ => return Err(GridError::BadCell { row: 0, offset, letter }),
            });
        }
        Ok(Strip { rule, cells })
    }

    /// The canonical value.
    pub fn game(&self, games: &mut Games, budget: &Budget) -> Result<GameId, Exhausted> {
        Solver::new().value(games, self, budget)
    }

    /// The squares as letters: `xo.x`.
    pub fn word(&self) -> String {
        self.cells.iter().map(|&c| ['.', 'x', 'o'][c as usize]).collect()
    }

    /// The strips `player` (1 Left, 2 Right) reaches, pushing each of its pieces, left to right.
    fn options(&self, player: u8) -> Vec<Strip> {
        let mut out = Vec::new();
        for n in (0..self.cells.len()).filter(|&n| self.cells[n] == player) {
            // The squares `start..=n` move one to the left; `start` is emptied or falls off.
            let start = match self.rule {
                PushRule::Shove => 0,
                PushRule::Push => self.cells[..n].iter().rposition(|&c| c == EMPTY).unwrap_or(0),
            };
            let mut cells = self.cells.clone();
            cells[start..=n].rotate_left(1);
            cells[n] = EMPTY;
            out.push(Strip { rule: self.rule, cells });
        }
        out
    }
}

impl Partizan for Strip {
    fn left_options(&self) -> Vec<Strip> {
        self.options(1)
    }

    fn right_options(&self) -> Vec<Strip> {
        self.options(2)
    }

    fn notation(&self) -> String {
        let name = match self.rule {
            PushRule::Push => "push",
            PushRule::Shove => "shove",
        };
        format!("{name}[\"{}\"]", self.word())
    }
}

impl Tabled for Strip {
    fn regions(&self) -> Vec<Strip> {
        let end = self.cells.iter().rposition(|&c| c != EMPTY).map_or(0, |i| i + 1);
        if end == 0 {
            return Vec::new();
        }
        vec![Strip { rule: self.rule, cells: self.cells[..end].to_vec() }]
    }

    fn negated(&self) -> Option<Strip> {
        let swap = |&c: &u8| if c == EMPTY { c } else { 3 - c };
        let m = Strip { rule: self.rule, cells: self.cells.iter().map(swap).collect() };
        (m < *self).then_some(m)
    }
}

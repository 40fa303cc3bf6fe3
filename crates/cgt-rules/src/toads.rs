//! Toads and Frogs (`toads["TT..FF"]`): a strip of squares with Left's toads `T`, Right's frogs
//! `F` and empty squares `.`. A toad moves one square right onto an empty square, or jumps
//! right over one frog onto the empty square beyond it; a frog moves or jumps leftwards over a
//! toad likewise (WW, ch. 1; *Lessons in Play*, ch. 1; CGSuite's `ToadsAndFrogs`).
//!
//! Values come from the definition through [`Solver`], with two exact shortcuts:
//!
//! * pieces that can never move split the strip. The frozen pieces are the largest set in
//!   which every piece is blocked while all of them stay: a toad is blocked when the board ends
//!   after it, or a frozen toad stands after it, or a frozen frog stands after it followed by
//!   the end or another frozen piece (and frogs in the mirror image). No frozen piece can make
//!   the first move out of such a set, so none ever moves. A frozen run inside the strip starts
//!   with a toad and ends with a frog (`TTFF`), so toads before it and frogs after it meet what
//!   they would meet at the ends of the board: the pieces between frozen runs are independent
//!   strips, and the frozen runs are dropped (CGT II.1);
//! * reversing the strip and swapping toads with frogs swaps the players, which negates.

#[cfg(test)]
mod tests;

use cgt_core::game::{GameId, Games};
use cgt_core::{Budget, Exhausted};

use crate::grid::{GridError, MAX_CELLS};
use crate::position::{Partizan, Solver, Tabled};

const EMPTY: u8 = 0;
const TOAD: u8 = 1;
const FROG: u8 = 2;

/// A Toads and Frogs strip.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Strip {
    cells: Vec<u8>,
}

impl Strip {
    /// A strip from its squares, left to right: `T` toad, `F` frog, `.` empty. Errors name
    /// row 0 and the byte offset of a bad letter.
    pub fn parse(text: &str) -> Result<Strip, GridError> {
        let mut cells = Vec::with_capacity(text.len());
        for (offset, letter) in text.char_indices() {
            if cells.len() == MAX_CELLS {
                return Err(GridError::TooLarge { rows: 1, cols: text.chars().count() });
            }
            cells.push(match letter {
                '.' => EMPTY,
                'T' => TOAD,
                'F' => FROG,
                _ => return Err(GridError::BadCell { row: 0, offset, letter }),
            });
        }
        Ok(Strip { cells })
    }

    /// The canonical value of the strip.
    pub fn game(&self, games: &mut Games, budget: &Budget) -> Result<GameId, Exhausted> {
        Solver::new().value(games, self, budget)
    }

    /// The squares as letters: `TT.F`.
    pub fn word(&self) -> String {
        self.cells.iter().map(|&c| ['.', 'T', 'F'][c as usize]).collect()
    }

    /// The strips Left can reach: each toad in turn, left to right, moved or jumping.
    fn toad_moves(&self) -> Vec<Strip> {
        let at = |i: usize| self.cells.get(i).copied();
        let mut out = Vec::new();
        for i in (0..self.cells.len()).filter(|&i| self.cells[i] == TOAD) {
            let to = match (at(i + 1), at(i + 2)) {
                (Some(EMPTY), _) => i + 1,
                (Some(FROG), Some(EMPTY)) => i + 2,
                _ => continue,
            };
            let mut cells = self.cells.clone();
            cells.swap(i, to);
            out.push(Strip { cells });
        }
        out
    }

    /// The strip reversed with toads and frogs swapped: the same game with the players swapped.
    fn mirror(&self) -> Strip {
        let swap = |c: &u8| match *c {
            TOAD => FROG,
            FROG => TOAD,
            c => c,
        };
        Strip { cells: self.cells.iter().rev().map(swap).collect() }
    }

    /// Which squares hold frozen pieces (see the module documentation).
    fn frozen(&self) -> Vec<bool> {
        let n = self.cells.len();
        let mut frozen: Vec<bool> = self.cells.iter().map(|&c| c != EMPTY).collect();
        let mut changed = true;
        while changed {
            changed = false;
            for i in 0..n {
                if frozen[i] && !self.blocked(i, &frozen) {
                    frozen[i] = false;
                    changed = true;
                }
            }
        }
        frozen
    }

    /// Whether the piece on square `i` cannot move while the `frozen` pieces stay.
    fn blocked(&self, i: usize, frozen: &[bool]) -> bool {
        let piece = self.cells[i];
        let (ahead, beyond) = match piece {
            TOAD => (Some(i + 1).filter(|&j| j < self.cells.len()), Some(i + 2).filter(|&j| j < self.cells.len())),
            _ => (i.checked_sub(1), i.checked_sub(2)),
        };
        let Some(a) = ahead else { return true };
        let stays = |j: usize| frozen[j];
        match self.cells[a] {
            c if c == piece => stays(a),
            EMPTY => false,
            _ => stays(a) && beyond.is_none_or(stays),
        }
    }
}

impl Partizan for Strip {
    fn left_options(&self) -> Vec<Strip> {
        self.toad_moves()
    }

    fn right_options(&self) -> Vec<Strip> {
        self.mirror().toad_moves().iter().map(Strip::mirror).collect()
    }

    fn notation(&self) -> String {
        format!("toads[\"{}\"]", self.word())
    }
}

impl Tabled for Strip {
    fn regions(&self) -> Vec<Strip> {
        let frozen = self.frozen();
        let cells: Vec<(u8, bool)> = self.cells.iter().copied().zip(frozen).collect();
        cells
            .split(|&(_, f)| f)
            .filter(|part| part.iter().any(|&(c, _)| c != EMPTY))
            .map(|part| Strip { cells: part.iter().map(|&(c, _)| c).collect() })
            .collect()
    }

    fn negated(&self) -> Option<Strip> {
        let m = self.mirror();
        (m < *self).then_some(m)
    }
}

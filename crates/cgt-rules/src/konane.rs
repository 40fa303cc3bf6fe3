//! Konane (`konane["xo..", "...."]`): Left's stones `x`, Right's stones `o`, empty squares
//! `.`. A move takes one of the mover's stones in a straight orthogonal line over an adjacent
//! opponent stone onto the empty square beyond, removing the stone jumped; the same stone may
//! go on jumping in the same direction, and stopping after any jump is a separate move
//! (*Lessons in Play*, ch. 1; Ernst, "Playing Konane mathematically"; CGSuite's `Konane`).
//!
//! Values come from the definition through [`Solver`], with the exact shortcuts the rules
//! allow: a board without stones of both colours has no moves (0); every symmetry of the square
//! keeps the rules, so a board is keyed by the least of its eight images; and swapping the
//! colours swaps the players, which negates. Boards are not cropped or split: stones jump onto
//! empty squares, so empty borders and gaps between groups matter.

#[cfg(test)]
mod tests;

use cgt_core::game::{GameId, Games};
use cgt_core::{Budget, Exhausted};

use crate::clobber::swap_colours;
use crate::grid::{Grid, GridError, NEIGHBOURS};
use crate::position::{Partizan, Solver, Tabled};

const ALPHABET: [char; 3] = ['.', 'x', 'o'];
const EMPTY: u8 = 0;

/// A Konane board.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    grid: Grid,
}

impl Board {
    /// A board from its rows, top to bottom: `x` Left's stone, `o` Right's, `.` empty.
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Result<Board, GridError> {
        Grid::parse(rows, &ALPHABET).map(|grid| Board { grid })
    }

    /// The canonical value.
    pub fn game(&self, games: &mut Games, budget: &Budget) -> Result<GameId, Exhausted> {
        Solver::new().value(games, self, budget)
    }

    /// The boards `player` (1 Left, 2 Right) reaches: each stone in reading order, each
    /// direction (up, down, left, right), one jump, then two, ...
    fn options(&self, player: u8) -> Vec<Board> {
        let g = &self.grid;
        let mut out = Vec::new();
        for (r, c) in g.positions().filter(|&(r, c)| g.get(r, c) == player) {
            for &d in &NEIGHBOURS[..4] {
                let mut grid = g.clone();
                grid.set(r, c, EMPTY);
                for k in 1.. {
                    let over = g.step(r, c, d, 2 * k - 1).filter(|&(a, b)| g.get(a, b) == 3 - player);
                    let onto = g.step(r, c, d, 2 * k).filter(|&(a, b)| g.get(a, b) == EMPTY);
                    let (Some((or, oc)), Some((tr, tc))) = (over, onto) else { break };
                    grid.set(or, oc, EMPTY);
                    let mut landed = grid.clone();
                    landed.set(tr, tc, player);
                    out.push(Board { grid: landed });
                }
            }
        }
        out
    }
}

impl Partizan for Board {
    fn left_options(&self) -> Vec<Board> {
        self.options(1)
    }

    fn right_options(&self) -> Vec<Board> {
        self.options(2)
    }

    fn notation(&self) -> String {
        format!("konane[{}]", self.grid.quoted_rows(&ALPHABET))
    }
}

impl Tabled for Board {
    fn regions(&self) -> Vec<Board> {
        let cells = self.grid.cells();
        if !cells.contains(&1) || !cells.contains(&2) {
            return Vec::new();
        }
        vec![Board { grid: self.grid.least_image(true) }]
    }

    fn negated(&self) -> Option<Board> {
        let swapped = Board { grid: swap_colours(&self.grid).least_image(true) };
        (swapped < *self).then_some(swapped)
    }
}

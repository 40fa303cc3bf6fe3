//! Fission (`fission["..x..", "....."]`; CGSuite's `Fission`): stones `x` on a board of empty
//! squares `.`, with `#` squares off the board. Left's move splits a stone vertically: the stone
//! goes, and two stones appear on the squares directly above and below it, both of which must be
//! empty squares of the board. Right's move splits a stone horizontally (left and right).
//!
//! Values come from the definition through [`Solver`], with these exact shortcuts: a move only
//! touches a stone and its neighbours, so parts of the board that are not 4-connected through
//! squares of the board never interact and a board is the sum of its parts (CGT II.1); a part
//! without stones has no moves (0); flipping rows or columns keeps the rules, so a part is keyed
//! by the least of those four images; and a transpose swaps the players, which negates it.

#[cfg(test)]
mod tests;

use cgt_core::game::{GameId, Games};
use cgt_core::{Budget, Exhausted};

use crate::grid::{Grid, GridError};
use crate::position::{Partizan, Solver, Tabled};

/// The letters of the cells: empty, stone, off the board.
const ALPHABET: [char; 3] = ['.', 'x', '#'];
const EMPTY: u8 = 0;
const STONE: u8 = 1;
const OFF: u8 = 2;

/// A Fission board.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    grid: Grid,
}

impl Board {
    /// A board from its rows, top to bottom: `x` a stone, `.` empty, `#` off the board.
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Result<Board, GridError> {
        Grid::parse(rows, &ALPHABET).map(|grid| Board { grid })
    }

    /// The board as a grid of codes: 0 empty, 1 a stone, 2 off the board.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The canonical value of the board.
    pub fn game(&self, games: &mut Games, budget: &Budget) -> Result<GameId, Exhausted> {
        Solver::new().value(games, self, budget)
    }

    /// The boards reached by splitting one stone along `(dr, dc)`: Left (1, 0), Right (0, 1);
    /// stones in reading order.
    fn options(&self, (dr, dc): (isize, isize)) -> Vec<Board> {
        let g = &self.grid;
        let mut out = Vec::new();
        for (r, c) in g.positions().filter(|&(r, c)| g.get(r, c) == STONE) {
            let empty = |d| g.step(r, c, d, 1).filter(|&(tr, tc)| g.get(tr, tc) == EMPTY);
            if let (Some(a), Some(b)) = (empty((-dr, -dc)), empty((dr, dc))) {
                let mut grid = g.clone();
                grid.set(r, c, EMPTY);
                grid.set(a.0, a.1, STONE);
                grid.set(b.0, b.1, STONE);
                out.push(Board { grid });
            }
        }
        out
    }
}

impl Partizan for Board {
    fn left_options(&self) -> Vec<Board> {
        self.options((1, 0))
    }

    fn right_options(&self) -> Vec<Board> {
        self.options((0, 1))
    }

    fn notation(&self) -> String {
        format!("fission[{}]", self.grid.quoted_rows(&ALPHABET))
    }
}

impl Tabled for Board {
    fn regions(&self) -> Vec<Board> {
        self.grid
            .components(|c| c != OFF, false, OFF)
            .into_iter()
            .filter(|part| part.cells().contains(&STONE))
            .map(|part| Board { grid: part.least_image(false) })
            .collect()
    }

    /// The transpose turns Left's splits into Right's.
    fn negated(&self) -> Option<Board> {
        let turned = Board { grid: self.grid.image(4).least_image(false) };
        (turned < *self).then_some(turned)
    }
}

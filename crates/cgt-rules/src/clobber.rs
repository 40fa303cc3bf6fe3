//! Clobber (`clobber["xo.x", "o..."]`): Left's stones `x`, Right's stones `o`, empty squares
//! `.`. A move takes one of the mover's stones onto an orthogonally adjacent opponent stone,
//! which is removed (Albert, Grossman, Nowakowski and Wolfe; *Lessons in Play*, and CGSuite's
//! `Clobber`). A strip is one row: `clobber["xoxo"]`.
//!
//! Values come from the definition through [`Solver`], with these exact shortcuts: stones only
//! ever move onto stones, so groups of stones that do not touch (4-connected) never interact
//! and a board is the sum of its groups (CGT II.1); a group of one colour has no moves (0);
//! every symmetry of the square keeps the rules, so a group is keyed by the least of its eight
//! images; and swapping the colours swaps the players, which negates the value.

#[cfg(test)]
mod tests;

use cgt_core::game::{GameId, Games};
use cgt_core::{Budget, Exhausted};

use crate::grid::{Grid, GridError, NEIGHBOURS};
use crate::position::{Partizan, Solver, Tabled};

/// The letters of the cells: empty, Left's stone, Right's stone.
const ALPHABET: [char; 3] = ['.', 'x', 'o'];
const EMPTY: u8 = 0;

/// A Clobber board.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    grid: Grid,
}

impl Board {
    /// A board from its rows, top to bottom: `x` Left's stone, `o` Right's, `.` empty.
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Result<Board, GridError> {
        Grid::parse(rows, &ALPHABET).map(|grid| Board { grid })
    }

    /// The board as a grid of codes: 0 empty, 1 Left's stone, 2 Right's stone.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The canonical value of the board.
    pub fn game(&self, games: &mut Games, budget: &Budget) -> Result<GameId, Exhausted> {
        Solver::new().value(games, self, budget)
    }

    /// The boards `player` (1 Left, 2 Right) can move to, in reading order of the moving
    /// stone, then up, down, left, right.
    fn options(&self, player: u8) -> Vec<Board> {
        let g = &self.grid;
        let mut out = Vec::new();
        for (r, c) in g.positions().filter(|&(r, c)| g.get(r, c) == player) {
            for &d in &NEIGHBOURS[..4] {
                if let Some((tr, tc)) = g.step(r, c, d, 1).filter(|&(tr, tc)| g.get(tr, tc) == 3 - player) {
                    let mut grid = g.clone();
                    grid.set(r, c, EMPTY);
                    grid.set(tr, tc, player);
                    out.push(Board { grid });
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
        format!("clobber[{}]", self.grid.quoted_rows(&ALPHABET))
    }
}

impl Tabled for Board {
    fn regions(&self) -> Vec<Board> {
        self.grid
            .components(|c| c != EMPTY, false, EMPTY)
            .into_iter()
            .filter(|part| part.cells().contains(&1) && part.cells().contains(&2))
            .map(|part| Board { grid: part.least_image(true) })
            .collect()
    }

    fn negated(&self) -> Option<Board> {
        let swapped = Board { grid: swap_colours(&self.grid).least_image(true) };
        (swapped < *self).then_some(swapped)
    }
}

impl PartialOrd for Board {
    fn partial_cmp(&self, other: &Board) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Board {
    fn cmp(&self, other: &Board) -> std::cmp::Ordering {
        self.grid.cmp(&other.grid)
    }
}

/// The grid with codes 1 and 2 exchanged (Left's stones become Right's and back).
pub(crate) fn swap_colours(grid: &Grid) -> Grid {
    grid.map(|c| match c {
        1 => 2,
        2 => 1,
        c => c,
    })
}

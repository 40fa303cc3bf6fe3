//! Fission (`fission["..x..", "....."]`; CGSuite's `Fission`): stones `x` on a board of empty
//! squares `.`, with `#` squares off the board. Left's move splits a stone vertically: the stone
//! goes, and two stones appear on the squares directly above and below it, both of which must be
//! empty squares of the board. Right's move splits a stone horizontally (left and right).
//!
//! Values come from the definition through [`Solver`](crate::position::Solver) (the shared
//! [`Stones`] boards), with these exact shortcuts: a move only touches a stone and its
//! neighbours, so parts of the board that are not 4-connected through squares of the board
//! never interact and a board is the sum of its parts (CGT II.1); a part
//! without stones has no moves (0); flipping rows or columns keeps the rules, so a part is keyed
//! by the least of those four images; and a transpose swaps the players, which negates it.

#[cfg(test)]
mod tests;

use crate::grid::Grid;
use crate::grid::stones::{StoneRules, Stones};

/// The letters of the cells: empty, stone, off the board.
const ALPHABET: [char; 3] = ['.', 'x', '#'];
const EMPTY: u8 = 0;
const STONE: u8 = 1;
const OFF: u8 = 2;

/// Fission's rules, for the shared boards of stones.
pub struct Rules;

/// A Fission board: `x` a stone (code 1), `.` empty (0), `#` off the board (2).
pub type Board = Stones<Rules>;

impl StoneRules for Rules {
    const NAME: &'static str = "fission";
    const ALPHABET: &'static [char] = &ALPHABET;

    /// The grids reached by splitting one stone: Left (1) vertically, Right (2) horizontally;
    /// stones in reading order.
    fn moves(g: &Grid, player: u8) -> Vec<Grid> {
        let (dr, dc) = if player == 1 { (1, 0) } else { (0, 1) };
        let mut out = Vec::new();
        for (r, c) in g.positions().filter(|&(r, c)| g.get(r, c) == STONE) {
            let empty = |d| g.step(r, c, d, 1).filter(|&(tr, tc)| g.get(tr, tc) == EMPTY);
            if let (Some(a), Some(b)) = (empty((-dr, -dc)), empty((dr, dc))) {
                let mut grid = g.clone();
                grid.set(r, c, EMPTY);
                grid.set(a.0, a.1, STONE);
                grid.set(b.0, b.1, STONE);
                out.push(grid);
            }
        }
        out
    }

    fn regions(grid: &Grid) -> Vec<Grid> {
        grid.components(|c| c != OFF, false, OFF)
            .into_iter()
            .filter(|part| part.cells().contains(&STONE))
            .map(|part| part.least_image(false))
            .collect()
    }

    /// The transpose turns Left's splits into Right's (a colour swap means nothing here).
    fn mirror(grid: &Grid) -> Grid {
        grid.image(4).least_image(false)
    }
}

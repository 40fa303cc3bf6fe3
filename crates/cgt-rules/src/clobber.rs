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

use crate::grid::stones::{StoneRules, Stones, both_colours};
use crate::grid::{Grid, NEIGHBOURS};

/// The letters of the cells: empty, Left's stone, Right's stone.
const ALPHABET: [char; 3] = ['.', 'x', 'o'];
const EMPTY: u8 = 0;

/// Clobber's rules.
#[derive(Debug)]
pub struct Rules;

/// A Clobber board.
pub type Board = Stones<Rules>;

impl StoneRules for Rules {
    const NAME: &'static str = "clobber";
    const ALPHABET: &'static [char] = &ALPHABET;

    /// In reading order of the moving stone, then up, down, left, right.
    fn moves(g: &Grid, player: u8) -> Vec<Grid> {
        let mut out = Vec::new();
        for (r, c) in g.positions().filter(|&(r, c)| g.get(r, c) == player) {
            for &d in &NEIGHBOURS[..4] {
                if let Some((tr, tc)) = g.step(r, c, d, 1).filter(|&(tr, tc)| g.get(tr, tc) == 3 - player) {
                    let mut grid = g.clone();
                    grid.set(r, c, EMPTY);
                    grid.set(tr, tc, player);
                    out.push(grid);
                }
            }
        }
        out
    }

    /// The groups of stones (4-connected) with both colours.
    fn regions(g: &Grid) -> Vec<Grid> {
        g.components(|c| c != EMPTY, false, EMPTY)
            .into_iter()
            .filter(both_colours)
            .map(|part| part.least_image(true))
            .collect()
    }
}

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

use crate::grid::stones::{EMPTY, StoneRules, Stones, both_colours, single_moves};
use crate::grid::{Grid, NEIGHBOURS};

/// Clobber's rules.
#[derive(Debug)]
pub struct Rules;

/// A Clobber board.
pub type Board = Stones<Rules>;

impl StoneRules for Rules {
    const NAME: &'static str = "clobber";

    /// In reading order of the moving stone, then up, down, left, right.
    fn moves(g: &Grid, player: u8) -> Vec<Grid> {
        let enemy = |(r, c): (usize, usize), d| g.step(r, c, d, 1).filter(|&(tr, tc)| g.get(tr, tc) == 3 - player);
        single_moves(g, player, &NEIGHBOURS[..4], EMPTY, enemy)
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

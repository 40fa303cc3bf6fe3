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

use crate::grid::stones::{EMPTY, StoneRules, Stones, both_colours};
use crate::grid::{Grid, NEIGHBOURS};

/// Konane's rules.
#[derive(Debug)]
pub struct Rules;

/// A Konane board: `x` Left's stone, `o` Right's, `.` empty.
pub type Board = Stones<Rules>;

impl StoneRules for Rules {
    const NAME: &'static str = "konane";

    fn moves(g: &Grid, player: u8) -> Vec<Grid> {
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
                    out.push(landed);
                }
            }
        }
        out
    }

    /// The whole board, when both colours are on it (jumps reach across empty squares).
    fn regions(g: &Grid) -> Vec<Grid> {
        if !both_colours(g) {
            return Vec::new();
        }
        vec![g.least_image(true)]
    }
}

//! Amazons (`amazons["x..", ".o.", "..#"]`): Left's amazons `x`, Right's amazons `o`, empty
//! squares `.` and burnt squares `#`. A move takes one of the mover's amazons like a chess
//! queen (any distance in one of eight directions over empty squares), then shoots an arrow
//! from where it landed, again like a queen, burning the square the arrow lands on; the square
//! the amazon left counts as empty (Berlekamp, "Sums of N x 2 Amazons"; Snatzke; CGSuite's
//! `Amazons`). Small boards only: the number of moves grows fast.
//!
//! Values come from the definition through [`Solver`], with exact shortcuts: amazons and arrows
//! only pass through empty squares, going from a square to one of its eight neighbours at each
//! step, so parts of the board cut apart by burnt squares (8-connected components of unburnt
//! squares) never interact and the board is their sum (CGT II.1); a part without amazons has
//! no moves; every symmetry of the square keeps the rules, so a part is keyed by the least of
//! its eight images; and swapping the colours negates. [`Solver`] is this ruleset's own: it
//! works on bit masks, and gives a part where only one player has amazons its integer value
//! (that player's longest run of moves) without canonical forms. The generic solver over
//! [`StoneRules`] gives the same values, more slowly.

mod bits;
mod solver;
#[cfg(test)]
mod tests;

pub use solver::Solver;

use crate::grid::stones::{StoneRules, Stones};
use crate::grid::{Grid, NEIGHBOURS};

const ALPHABET: [char; 4] = ['.', 'x', 'o', '#'];
const EMPTY: u8 = 0;
const BURNT: u8 = 3;

/// The most cells an Amazons board may have.
pub const MAX_CELLS: usize = 64;

/// Amazons's rules.
#[derive(Debug)]
pub struct Rules;

/// An Amazons board: `x` Left's amazon, `o` Right's, `.` empty, `#` burnt; at most
/// [`MAX_CELLS`] cells (a move has up to a few thousand options).
pub type Board = Stones<Rules>;

impl StoneRules for Rules {
    const NAME: &'static str = "amazons";
    const ALPHABET: &'static [char] = &ALPHABET;
    const MAX_CELLS: usize = MAX_CELLS;

    fn moves(g: &Grid, player: u8) -> Vec<Grid> {
        let mut out = Vec::new();
        for (r, c) in g.positions().filter(|&(r, c)| g.get(r, c) == player) {
            let mut lifted = g.clone();
            lifted.set(r, c, EMPTY);
            for (lr, lc) in queen_moves(&lifted, r, c) {
                let mut landed = lifted.clone();
                landed.set(lr, lc, player);
                for (ar, ac) in queen_moves(&landed, lr, lc) {
                    let mut grid = landed.clone();
                    grid.set(ar, ac, BURNT);
                    out.push(grid);
                }
            }
        }
        out
    }

    /// The parts of the board joined by squares that are not burnt (8-connected), with an amazon.
    fn regions(g: &Grid) -> Vec<Grid> {
        g.components(|c| c != BURNT, true, BURNT)
            .into_iter()
            .filter(|part| part.cells().iter().any(|&c| c == 1 || c == 2))
            .map(|part| part.least_image(true))
            .collect()
    }
}

/// The empty squares a queen on `(r, c)` reaches over empty squares.
fn queen_moves(g: &Grid, r: usize, c: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for &d in &NEIGHBOURS {
        for k in 1.. {
            match g.step(r, c, d, k) {
                Some((a, b)) if g.get(a, b) == EMPTY => out.push((a, b)),
                _ => break,
            }
        }
    }
    out
}

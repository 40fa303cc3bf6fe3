//! AntiClobber (`anticlobber["x.o", "..x"]`): Left's stones `x`, Right's stones `o`, empty
//! squares `.`, and `#` squares that are off the board. A move takes one of the mover's stones
//! onto an orthogonally adjacent *empty* square and leaves one of the opponent's stones on the
//! square it left. This is CGSuite's `game.grid.AntiClobber`, the `GenClobber` schema with
//! "clobbered" `{0}` (an empty square) and "left behind" the opponent's stone.
//!
//! Every move fills an empty square, so play ends. Values come from the definition through
//! [`Solver`], with these exact shortcuts: a stone can only move while it touches an empty
//! square, and a move changes only the two squares it involves, so two empty squares interact
//! only if they touch or share a stone neighbour; the board is the sum of those regions (each
//! with the stones around it, the rest `#`); every symmetry of the square keeps the rules; and
//! swapping the colours swaps the players, which negates the value.

#[cfg(test)]
mod tests;

use crate::grid::stones::{EMPTY, StoneRules, Stones, single_moves};
use crate::grid::{Grid, NEIGHBOURS};

/// The letters of the cells: empty, Left's stone, Right's stone, off the board.
const ALPHABET: [char; 4] = ['.', 'x', 'o', '#'];
const WALL: u8 = 3;

/// AntiClobber's rules.
#[derive(Debug)]
pub struct Rules;

/// An AntiClobber board: `x` Left's stone, `o` Right's, `.` empty, `#` off the board.
pub type Board = Stones<Rules>;

impl StoneRules for Rules {
    const NAME: &'static str = "anticlobber";
    const ALPHABET: &'static [char] = &ALPHABET;

    fn moves(g: &Grid, player: u8) -> Vec<Grid> {
        let empty = |(r, c): (usize, usize), d| g.step(r, c, d, 1).filter(|&(tr, tc)| g.get(tr, tc) == EMPTY);
        single_moves(g, player, &NEIGHBOURS[..4], 3 - player, empty)
    }

    /// The regions of [`region_cells`], each with the rest of the board off it.
    fn regions(g: &Grid) -> Vec<Grid> {
        let cols = g.cols();
        region_cells(g)
            .into_iter()
            .filter_map(|part| {
                let mut grid = Grid::filled(g.rows(), cols, WALL).ok()?;
                for i in part {
                    grid.set(i / cols, i % cols, g.cells()[i]);
                }
                Some(grid.crop(|c| c != WALL).least_image(true))
            })
            .collect()
    }
}

/// The cells (indices) of each region: the empty squares that touch or share a stone
/// neighbour, with the stones next to them; only regions with a stone.
fn region_cells(g: &Grid) -> Vec<Vec<usize>> {
    // From an empty square: its empty and stone neighbours; from a stone: only its empty
    // neighbours (stones next to stones do not interact).
    let joins = |here: u8, there: u8| there != WALL && (here == EMPTY || there == EMPTY);
    let mut out = Vec::new();
    g.flood(
        |c| c == EMPTY,
        joins,
        false,
        |part| {
            if part.iter().any(|&i| matches!(g.cells()[i], 1 | 2)) {
                out.push(part.to_vec());
            }
        },
    );
    out
}

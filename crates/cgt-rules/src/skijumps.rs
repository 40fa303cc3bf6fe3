//! Ski Jumps (`skijumps["L....", "....R", "....."]`; Winning Ways ch. 3): skiers on a slope of
//! squares, the top row uphill. `L` and `R` are Left's and Right's jumpers, `l` and `r` their
//! slippers, `.` an empty square. A move is one of the mover's skiers:
//!
//! * sliding: Left's skiers go east (to the right), Right's west, any number of empty squares
//!   of their row, without passing another skier, or off the board at their side's edge;
//! * jumping (jumpers only): over an opposing skier on the square directly below it (downhill),
//!   onto the square directly below that one, which must be an empty square of the board; the
//!   skier jumped over becomes a slipper (a slipper stays one).
//!
//! Values come from the definition through [`Solver`](crate::position::Solver), with these exact
//! shortcuts: skiers never move uphill and a jump lands one row below the skier jumped over, so
//! empty rows above every skier and rows more than one below the lowest skier are never used and
//! are cut off; a board without skiers is 0; and the mirror image (columns reversed, each skier
//! given to the other side) turns Left's moves into Right's, so it is the negative.

#[cfg(test)]
mod tests;

use crate::grid::Grid;
use crate::grid::stones::{EMPTY, StoneRules, Stones};

/// The letters of the cells: empty, Left's jumper, Right's jumper, Left's slipper, Right's slipper.
const ALPHABET: [char; 5] = ['.', 'L', 'R', 'l', 'r'];

/// Whose skier a cell holds (`Some(true)` Left's), if any.
fn owner(code: u8) -> Option<bool> {
    match code {
        1 | 3 => Some(true),
        2 | 4 => Some(false),
        _ => None,
    }
}

/// The same skier as a slipper.
fn slipper(code: u8) -> u8 {
    match code {
        1 => 3,
        2 => 4,
        c => c,
    }
}

/// The same cell with the skier given to the other side.
fn swapped(code: u8) -> u8 {
    match code {
        1 => 2,
        2 => 1,
        3 => 4,
        4 => 3,
        c => c,
    }
}

/// Ski Jumps's rules, for the shared boards of stones (codes 0 empty, 1 `L`, 2 `R`, 3 `l`,
/// 4 `r`).
#[derive(Debug)]
pub struct Rules;

/// A Ski Jumps board.
pub type Board = Stones<Rules>;

impl StoneRules for Rules {
    const NAME: &'static str = "skijumps";
    const ALPHABET: &'static [char] = &ALPHABET;

    fn moves(grid: &Grid, player: u8) -> Vec<Grid> {
        options(grid, player == 1)
    }

    /// The trimmed board (see [`trimmed`]), if it has skiers.
    fn regions(grid: &Grid) -> Vec<Grid> {
        trimmed(grid).into_iter().collect()
    }

    /// Reversing the columns and swapping the sides turns Left's moves into Right's.
    fn mirror(grid: &Grid) -> Grid {
        grid.image(2).map(swapped)
    }
}

/// The boards reached by one move of a skier of `left`'s side, skiers in reading order,
/// slides nearest first, then the jump.
fn options(g: &Grid, left: bool) -> Vec<Grid> {
    let dc: isize = if left { 1 } else { -1 };
    let mut out = Vec::new();
    for (r, c) in g.positions().filter(|&(r, c)| owner(g.get(r, c)) == Some(left)) {
        let skier = g.get(r, c);
        let mut at = (r, c);
        loop {
            let mut grid = g.clone();
            grid.set(r, c, EMPTY);
            match g.step(at.0, at.1, (0, dc), 1) {
                None => {
                    out.push(grid);
                    break;
                }
                Some(next) if g.get(next.0, next.1) == EMPTY => {
                    grid.set(next.0, next.1, skier);
                    out.push(grid);
                    at = next;
                }
                Some(_) => break,
            }
        }
        if skier == 1 || skier == 2 {
            let below = g.step(r, c, (1, 0), 1);
            let landing = g.step(r, c, (1, 0), 2);
            if let (Some(b), Some(l)) = (below, landing)
                && owner(g.get(b.0, b.1)) == Some(!left)
                && g.get(l.0, l.1) == EMPTY
            {
                let mut grid = g.clone();
                grid.set(r, c, EMPTY);
                grid.set(b.0, b.1, slipper(g.get(b.0, b.1)));
                grid.set(l.0, l.1, skier);
                out.push(grid);
            }
        }
    }
    out
}

/// The rows that can matter: from the highest row with a skier to one below the lowest
/// (when the board has it); `None` when there are no skiers.
fn trimmed(g: &Grid) -> Option<Grid> {
    let used: Vec<usize> = g.positions().filter(|&(r, c)| g.get(r, c) != EMPTY).map(|p| p.0).collect();
    let (top, bottom) = (*used.iter().min()?, (used.iter().max()? + 1).min(g.rows() - 1));
    let rows: Vec<String> =
        (top..=bottom).map(|r| (0..g.cols()).map(|c| ALPHABET[g.get(r, c) as usize]).collect()).collect();
    Some(Grid::parse(&rows, &ALPHABET).expect("rows of a board"))
}

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
//! Values come from the definition through [`Solver`], with these exact shortcuts: skiers never
//! move uphill and a jump lands one row below the skier jumped over, so empty rows above every
//! skier and rows more than one below the lowest skier are never used and are cut off; a board
//! without skiers is 0; and the mirror image (columns reversed, each skier given to the other
//! side) turns Left's moves into Right's, so it is the negative.

#[cfg(test)]
mod tests;

use cgt_core::game::{GameId, Games};
use cgt_core::{Budget, Exhausted};

use crate::grid::{Grid, GridError};
use crate::position::{Partizan, Solver, Tabled};

/// The letters of the cells: empty, Left's jumper, Right's jumper, Left's slipper, Right's slipper.
const ALPHABET: [char; 5] = ['.', 'L', 'R', 'l', 'r'];
const EMPTY: u8 = 0;

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

/// A Ski Jumps board.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    grid: Grid,
}

impl Board {
    /// A board from its rows, top (uphill) to bottom: `L`/`R` jumpers, `l`/`r` slippers, `.` empty.
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Result<Board, GridError> {
        Grid::parse(rows, &ALPHABET).map(|grid| Board { grid })
    }

    /// The board as a grid of codes: 0 empty, 1 `L`, 2 `R`, 3 `l`, 4 `r`.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The canonical value of the board.
    pub fn game(&self, games: &mut Games, budget: &Budget) -> Result<GameId, Exhausted> {
        Solver::new().value(games, self, budget)
    }

    /// The boards reached by one move of a skier of `left`'s side, skiers in reading order,
    /// slides nearest first, then the jump.
    fn options(&self, left: bool) -> Vec<Board> {
        let g = &self.grid;
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
                        out.push(Board { grid });
                        break;
                    }
                    Some(next) if g.get(next.0, next.1) == EMPTY => {
                        grid.set(next.0, next.1, skier);
                        out.push(Board { grid });
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
                    out.push(Board { grid });
                }
            }
        }
        out
    }

    /// The rows that can matter: from the highest row with a skier to one below the lowest
    /// (when the board has it); `None` when there are no skiers.
    fn trimmed(&self) -> Option<Board> {
        let g = &self.grid;
        let used: Vec<usize> = g.positions().filter(|&(r, c)| g.get(r, c) != EMPTY).map(|p| p.0).collect();
        let (top, bottom) = (*used.iter().min()?, (used.iter().max()? + 1).min(g.rows() - 1));
        let rows: Vec<String> =
            (top..=bottom).map(|r| (0..g.cols()).map(|c| ALPHABET[g.get(r, c) as usize]).collect()).collect();
        Some(Board::from_rows(&rows).expect("rows of a board"))
    }
}

impl Partizan for Board {
    fn left_options(&self) -> Vec<Board> {
        self.options(true)
    }

    fn right_options(&self) -> Vec<Board> {
        self.options(false)
    }

    fn notation(&self) -> String {
        format!("skijumps[{}]", self.grid.quoted_rows(&ALPHABET))
    }
}

impl Tabled for Board {
    fn regions(&self) -> Vec<Board> {
        self.trimmed().into_iter().collect()
    }

    /// Reversing the columns and swapping the sides turns Left's moves into Right's.
    fn negated(&self) -> Option<Board> {
        let turned = Board { grid: self.grid.image(2).map(swapped) };
        (turned < *self).then_some(turned)
    }
}

//! Fox and Geese (`foxgeese["...G.G.G.G", ..., "F......."]`; Winning Ways ch. 20, Siegel *CGT*
//! ch. VI), as CGSuite's `FoxAndGeese` defines it: a loopy partizan game on the squares of one
//! colour of a board `width` columns wide and unbounded upwards, the rows given top to bottom.
//! The geese (`G`) are Left's: a move takes one goose one square diagonally down onto an empty
//! square of the board. The fox (`F`) is Right's: a move takes it one square diagonally in any
//! direction onto an empty square (never above the board's top row, see below). Nothing is
//! captured; a player who cannot move loses.
//!
//! Geese only move down, so every cycle of play is the fox's alone: the game has no alternating
//! cycle and every position is a stopper (its onside and offside are equal). Once the fox stands
//! as high as the highest goose, or one row below it with an empty square diagonally above it,
//! no goose can ever stop it again: it always has a move and the geese have finitely many, and
//! such a position equals `off` (Left moving second in `off - G` always answers with the fox;
//! CGSuite's decomposition of the game makes the same cut). So the fox never needs the rows
//! above the highest goose and the positions are finitely many: they are found by search
//! ([`Board::graph`], one loopy graph).
//!
//! [`Board::value`] finds the same value layer by layer (`value.rs`): the positions with one
//! placing of the geese are joined only by the fox's moves, and every goose move leads to a
//! later layer, so each layer is a small graph whose Left options are the simplest forms found
//! for the later layers (an option may be replaced by an equal stopper).

#[cfg(test)]
mod tests;
mod value;

use std::collections::HashMap;
use std::fmt;

use cgt_core::loopy::graph::LoopyGraph;
use cgt_core::{Budget, Exhausted};

use crate::grid::{Grid, GridError};

/// The letters of the cells: empty, a goose, the fox.
const ALPHABET: [char; 3] = ['.', 'G', 'F'];

/// Why rows are not a Fox and Geese position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FoxGeeseError {
    /// A board error (a bad letter, ragged rows, too many cells).
    Grid(GridError),
    /// Not exactly one fox.
    Foxes(usize),
    /// No goose.
    NoGeese,
    /// The board is one column wide, where the fox has no square to move to.
    Narrow,
    /// Two pieces on squares of different colours (the pieces play on one colour).
    Colours,
}

impl fmt::Display for FoxGeeseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FoxGeeseError::Grid(e) => e.fmt(f),
            FoxGeeseError::Foxes(n) => write!(f, "a position has one fox `F`, not {n}"),
            FoxGeeseError::NoGeese => f.write_str("a position has at least one goose `G`"),
            FoxGeeseError::Narrow => f.write_str("the board must be at least two columns wide"),
            FoxGeeseError::Colours => f.write_str("the fox and the geese must stand on squares of one colour"),
        }
    }
}

/// A Fox and Geese position: the board's size and where the pieces stand.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    rows: usize,
    cols: usize,
    state: State,
}

/// The pieces: the fox's square and the geese's squares (sorted), each `row * cols + col` from
/// the top left.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct State {
    pub(crate) fox: u16,
    pub(crate) geese: Vec<u16>,
}

impl Board {
    /// A position from its rows, top to bottom: `G` a goose, `F` the fox, `.` empty.
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Result<Board, FoxGeeseError> {
        let grid = Grid::parse(rows, &ALPHABET).map_err(FoxGeeseError::Grid)?;
        let cols = grid.cols();
        let g = &grid;
        let at = |code: u8| g.positions().filter(move |&(r, c)| g.get(r, c) == code);
        let foxes: Vec<(usize, usize)> = at(2).collect();
        let geese: Vec<(usize, usize)> = at(1).collect();
        if foxes.len() != 1 {
            return Err(FoxGeeseError::Foxes(foxes.len()));
        }
        if geese.is_empty() {
            return Err(FoxGeeseError::NoGeese);
        }
        if cols < 2 {
            return Err(FoxGeeseError::Narrow);
        }
        let colour = (foxes[0].0 + foxes[0].1) % 2;
        if geese.iter().any(|&(r, c)| (r + c) % 2 != colour) {
            return Err(FoxGeeseError::Colours);
        }
        let square = |(r, c): (usize, usize)| (r * cols + c) as u16;
        let state = State { fox: square(foxes[0]), geese: geese.into_iter().map(square).collect() };
        Ok(Board { rows: grid.rows(), cols, state })
    }

    /// The number of rows and columns of the board as written.
    pub fn size(&self) -> (usize, usize) {
        (self.rows, self.cols)
    }

    /// The fox's square and the geese's squares, as (row, column) from the top left.
    pub fn pieces(&self) -> ((usize, usize), Vec<(usize, usize)>) {
        let at = |s: u16| (s as usize / self.cols, s as usize % self.cols);
        (at(self.state.fox), self.state.geese.iter().map(|&g| at(g)).collect())
    }

    /// The loopy graph of every position reachable from this one; position 0 is this one, and
    /// a position where the fox is free is one position equal to `off`.
    pub fn graph(&self, budget: &Budget) -> Result<LoopyGraph, Exhausted> {
        Search::new(self).run(budget)
    }
}

/// The search for the positions reachable from a board.
pub(crate) struct Search<'a> {
    board: &'a Board,
    number: HashMap<State, usize>,
    pub(crate) found: Vec<Option<State>>,
    pub(crate) left: Vec<Vec<usize>>,
    pub(crate) right: Vec<Vec<usize>>,
    pub(crate) off: Option<usize>,
}

/// The steps of a goose (down one row) and of the fox (any diagonal), as (rows, columns).
const GOOSE_STEPS: [(isize, isize); 2] = [(1, -1), (1, 1)];
const FOX_STEPS: [(isize, isize); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];

impl<'a> Search<'a> {
    pub(crate) fn new(board: &'a Board) -> Self {
        Search { board, number: HashMap::new(), found: Vec::new(), left: Vec::new(), right: Vec::new(), off: None }
    }

    fn run(mut self, budget: &Budget) -> Result<LoopyGraph, Exhausted> {
        self.explore(budget)?;
        Ok(LoopyGraph::new(self.left, self.right).expect("every option is a found position"))
    }

    /// Finds every position reachable from the board's (position 0).
    pub(crate) fn explore(&mut self, budget: &Budget) -> Result<(), Exhausted> {
        self.id(self.board.state.clone());
        let mut head = 0;
        while head < self.found.len() {
            budget.check()?;
            budget.check_memory(self.found.len() * (96 + 2 * self.board.state.geese.len()))?;
            if let Some(state) = self.found[head].clone() {
                self.expand(head, &state);
            }
            head += 1;
        }
        Ok(())
    }

    /// The options of both players from position `v`.
    fn expand(&mut self, v: usize, s: &State) {
        for (i, &g) in s.geese.iter().enumerate() {
            for step in GOOSE_STEPS {
                let Some(to) = self.step(g, step) else { continue };
                if to != s.fox && !s.geese.contains(&to) {
                    let mut geese = s.geese.clone();
                    geese[i] = to;
                    geese.sort_unstable();
                    let w = self.id(State { fox: s.fox, geese });
                    self.left[v].push(w);
                }
            }
        }
        for step in FOX_STEPS {
            let Some(to) = self.step(s.fox, step) else { continue };
            if !s.geese.contains(&to) {
                let w = self.id(State { fox: to, geese: s.geese.clone() });
                self.right[v].push(w);
            }
        }
    }

    /// The square one `step` from `square`, if it is on the board.
    fn step(&self, square: u16, (dr, dc): (isize, isize)) -> Option<u16> {
        let cols = self.board.cols;
        let r = (square as usize / cols).checked_add_signed(dr)?;
        let c = (square as usize % cols).checked_add_signed(dc)?;
        (r < self.board.rows && c < cols).then_some((r * cols + c) as u16)
    }

    /// The number of a position, added if new; every position with the fox free is one, `off`.
    fn id(&mut self, s: State) -> usize {
        if self.fox_is_free(&s) {
            return self.off();
        }
        if let Some(&v) = self.number.get(&s) {
            return v;
        }
        let v = self.add(Some(s.clone()));
        self.number.insert(s, v);
        v
    }

    fn add(&mut self, s: Option<State>) -> usize {
        self.found.push(s);
        self.left.push(Vec::new());
        self.right.push(Vec::new());
        self.found.len() - 1
    }

    /// The position `off` = `{ | off}`.
    fn off(&mut self) -> usize {
        if let Some(v) = self.off {
            return v;
        }
        let v = self.add(None);
        self.right[v].push(v);
        self.off = Some(v);
        v
    }

    /// Whether no goose can stop the fox any more: it is as high as the highest goose, or one
    /// row below with an empty square diagonally above it (rows count from the top here).
    fn fox_is_free(&self, s: &State) -> bool {
        let cols = self.board.cols;
        let top = s.geese.iter().map(|&g| g as usize / cols).min().expect("a position has a goose");
        let fox_row = s.fox as usize / cols;
        if fox_row <= top {
            return true;
        }
        fox_row == top + 1
            && [(-1, -1), (-1, 1)].into_iter().any(|d| self.step(s.fox, d).is_some_and(|to| !s.geese.contains(&to)))
    }
}

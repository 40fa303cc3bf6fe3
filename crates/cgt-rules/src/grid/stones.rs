//! Boards of stones on a grid, shared by the games whose positions are a grid of Left's stones
//! (`x`), Right's stones (`o`) and other cells (Clobber, AntiClobber, Konane, Amazons, the
//! Clobber variants; Fission, whose stones are nobody's; and Ski Jumps, whose skiers are stones of
//! two kinds). What differs between them is
//! their [`StoneRules`]: the letters, the moves, the independent regions and the image that
//! negates a region. What they share is here: reading, notation, the canonical value through
//! [`Solver`], and that symmetry (by default swapping the colours, which swaps the players), so
//! that a region is looked up as the lesser of itself and its negating image.

use std::marker::PhantomData;

use cgt_core::game::{GameId, Games};
use cgt_core::{Budget, Exhausted};

use super::{Grid, GridError};
use crate::position::outcome::Measured;
use crate::position::{Partizan, Solver, Tabled};

/// The letters of most games of stones: empty, Left's stone, Right's stone.
pub const LETTERS: [char; 3] = ['.', 'x', 'o'];
/// The code of an empty cell.
pub const EMPTY: u8 = 0;

/// The rules of one game of stones: cell code 0 is empty, 1 Left's stone, 2 Right's stone;
/// codes from 3 on are the game's own (a wall, a burnt square). (A game whose stones belong to
/// neither player, as Fission's, gives its codes its own meaning and its own [`Self::mirror`].)
pub trait StoneRules: 'static {
    /// The ruleset's name, as positions are written (`clobber`).
    const NAME: &'static str;
    /// The letter of each cell code, from 0.
    const ALPHABET: &'static [char] = &LETTERS;
    /// The most cells a board may have.
    const MAX_CELLS: usize = usize::MAX;
    /// The grids `player` (1 Left, 2 Right) moves to, in a fixed order.
    fn moves(grid: &Grid, player: u8) -> Vec<Grid>;
    /// The independent regions whose sum is `grid`, each as the least of its images; regions
    /// without a move for either player may be left out.
    fn regions(grid: &Grid) -> Vec<Grid>;
    /// The least image of a region whose value is the negative of the region's. The default
    /// swaps the colours (codes 1 and 2), which swaps the players, under all eight symmetries
    /// of the square; a game with another symmetry (Fission's transpose) says so here.
    fn mirror(grid: &Grid) -> Grid {
        swap_colours(grid).least_image(true)
    }
}

/// A board of the game whose rules are `R`.
pub struct Stones<R> {
    grid: Grid,
    rules: PhantomData<fn() -> R>,
}

impl<R: StoneRules> Stones<R> {
    /// A board from its rows, top to bottom, in the letters of [`StoneRules::ALPHABET`].
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Result<Self, GridError> {
        let grid = Grid::parse(rows, R::ALPHABET)?;
        if grid.cells().len() > R::MAX_CELLS {
            return Err(GridError::TooLarge { rows: grid.rows(), cols: grid.cols() });
        }
        Ok(Self::of(grid))
    }

    /// The board of a grid of codes.
    pub fn of(grid: Grid) -> Self {
        Stones { grid, rules: PhantomData }
    }

    /// The board as a grid of codes.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The canonical value of the board.
    pub fn game(&self, games: &mut Games, budget: &Budget) -> Result<GameId, Exhausted> {
        Solver::new().value(games, self, budget)
    }
}

#[cfg(test)]
impl<R: StoneRules> Stones<R> {
    /// The value of the board of `rows` (which must be right), as printed: for the tests.
    pub(crate) fn shown(rows: &[&str]) -> String {
        crate::position::testing::shown_by_solver(Self::from_rows(rows).expect("rows of a board"))
    }
}

impl<R: StoneRules> Partizan for Stones<R> {
    fn left_options(&self) -> Vec<Self> {
        R::moves(&self.grid, 1).into_iter().map(Self::of).collect()
    }

    fn right_options(&self) -> Vec<Self> {
        R::moves(&self.grid, 2).into_iter().map(Self::of).collect()
    }

    fn notation(&self) -> String {
        format!("{}[{}]", R::NAME, self.grid.quoted_rows(R::ALPHABET))
    }
}

impl<R: StoneRules> Tabled for Stones<R> {
    fn regions(&self) -> Vec<Self> {
        R::regions(&self.grid).into_iter().map(Self::of).collect()
    }

    fn negated(&self) -> Option<Self> {
        let swapped = Self::of(R::mirror(&self.grid));
        (swapped < *self).then_some(swapped)
    }
}

/// A region's size is the cells of its (cropped) board.
impl<R: StoneRules> Measured for Stones<R> {
    fn size(&self) -> usize {
        self.grid.cells().len()
    }
}

/// The grids in which one of `player`'s stones has moved to the square `target(from,
/// direction)` gives (if any), leaving `behind` on the square it left; stones in reading
/// order, then `directions` in order. The moves of Clobber and its variants (a capture,
/// `behind` empty) and of AntiClobber (a step onto an empty square, `behind` the opponent's).
#[inline]
pub fn single_moves(
    g: &Grid,
    player: u8,
    directions: &[(isize, isize)],
    behind: u8,
    target: impl Fn((usize, usize), (isize, isize)) -> Option<(usize, usize)>,
) -> Vec<Grid> {
    let mut out = Vec::new();
    for (r, c) in g.positions().filter(|&(r, c)| g.get(r, c) == player) {
        for &d in directions {
            if let Some((tr, tc)) = target((r, c), d) {
                let mut grid = g.clone();
                grid.set(r, c, behind);
                grid.set(tr, tc, player);
                out.push(grid);
            }
        }
    }
    out
}

/// The grid with codes 1 and 2 exchanged (Left's stones become Right's and back).
pub(crate) fn swap_colours(grid: &Grid) -> Grid {
    grid.map(|c| match c {
        1 => 2,
        2 => 1,
        c => c,
    })
}

/// Whether a grid has stones of both colours (a region where both may still move).
pub(crate) fn both_colours(grid: &Grid) -> bool {
    grid.cells().contains(&1) && grid.cells().contains(&2)
}

// The derives would ask `R` for the same traits; a board is only its grid.
impl<R> Clone for Stones<R> {
    fn clone(&self) -> Self {
        Stones { grid: self.grid.clone(), rules: PhantomData }
    }
}

impl<R> PartialEq for Stones<R> {
    fn eq(&self, other: &Self) -> bool {
        self.grid == other.grid
    }
}

impl<R> Eq for Stones<R> {}

impl<R> std::hash::Hash for Stones<R> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.grid.hash(state);
    }
}

impl<R> PartialOrd for Stones<R> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl<R> Ord for Stones<R> {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.grid.cmp(&other.grid)
    }
}

impl<R: StoneRules> std::fmt::Debug for Stones<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}[{}]", R::NAME, self.grid.quoted_rows(R::ALPHABET))
    }
}

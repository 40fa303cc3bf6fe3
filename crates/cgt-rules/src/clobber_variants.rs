//! CGSuite's Clobber variants (its grid library, `game.grid.constants`, instances of
//! `GenClobber`): `hotclobber["xxo"]`, where a stone may capture an orthogonally adjacent stone of
//! either colour; `kings["x.", ".o"]`, where a stone captures an adjacent enemy stone in any of
//! the eight directions; `knights[...]`, by a knight's move; `rooks[...]` and `queens[...]`, by
//! sliding any distance over empty squares, orthogonally (rooks) or in the eight directions
//! (queens), onto the first stone met, which must be the enemy's. As in Clobber, the capturing
//! stone moves onto the captured one's square and leaves its own square empty.
//!
//! Values come from the definition through [`Solver`], with these exact shortcuts: stones only
//! move onto stones, so for Hot Clobber and Kings groups of stones (4-connected, or 8-connected
//! for Kings) never interact and a board is the sum of its groups (CGT II.1), and the other
//! variants are kept whole, cropped to their stones; a board without stones of both colours has
//! no moves except in Hot Clobber; every symmetry of the square keeps every rule, so a board is
//! keyed by the least of its eight images; and swapping the colours swaps the players, which
//! negates the value.

#[cfg(test)]
mod tests;

use cgt_core::game::{GameId, Games};
use cgt_core::{Budget, Exhausted};

use crate::grid::stones::swap_colours;
use crate::grid::{Grid, GridError, NEIGHBOURS};
use crate::position::{Partizan, Solver, Tabled};

/// The letters of the cells: empty, Left's stone, Right's stone.
const ALPHABET: [char; 3] = ['.', 'x', 'o'];
const EMPTY: u8 = 0;

/// Which variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Variant {
    /// Hot Clobber: a stone captures an orthogonally adjacent stone of either colour.
    Hot,
    /// Kings: a stone captures an enemy stone adjacent in any of the eight directions.
    Kings,
    /// Knights: a stone captures an enemy stone a knight's move away.
    Knights,
    /// Rooks: a stone slides orthogonally over empty squares onto an enemy stone.
    Rooks,
    /// Queens: a stone slides in any of the eight directions over empty squares onto an enemy
    /// stone.
    Queens,
}

/// A knight's moves.
const KNIGHT: [(isize, isize); 8] = [(-2, -1), (-2, 1), (-1, -2), (-1, 2), (1, -2), (1, 2), (2, -1), (2, 1)];

impl Variant {
    /// The ruleset's name in the language.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Hot => "hotclobber",
            Variant::Kings => "kings",
            Variant::Knights => "knights",
            Variant::Rooks => "rooks",
            Variant::Queens => "queens",
        }
    }

    fn directions(self) -> &'static [(isize, isize)] {
        match self {
            Variant::Hot | Variant::Rooks => &NEIGHBOURS[..4],
            Variant::Kings | Variant::Queens => &NEIGHBOURS[..],
            Variant::Knights => &KNIGHT,
        }
    }

    /// Whether a stone slides over empty squares before it captures.
    fn slides(self) -> bool {
        matches!(self, Variant::Rooks | Variant::Queens)
    }

    /// Whether `player`'s stone (1 or 2) may capture a stone coded `target`.
    fn captures(self, player: u8, target: u8) -> bool {
        match self {
            Variant::Hot => target != EMPTY,
            _ => target == 3 - player,
        }
    }
}

/// A board of one of the variants.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    variant: Variant,
    grid: Grid,
}

impl Board {
    /// A board from its rows, top to bottom: `x` Left's stone, `o` Right's, `.` empty.
    pub fn from_rows<S: AsRef<str>>(variant: Variant, rows: &[S]) -> Result<Board, GridError> {
        Grid::parse(rows, &ALPHABET).map(|grid| Board { variant, grid })
    }

    /// The board as a grid of codes: 0 empty, 1 Left's stone, 2 Right's stone.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The canonical value of the board.
    pub fn game(&self, games: &mut Games, budget: &Budget) -> Result<GameId, Exhausted> {
        Solver::new().value(games, self, budget)
    }

    /// The boards `player` (1 Left, 2 Right) can move to, in reading order of the moving stone,
    /// then by direction.
    fn options(&self, player: u8) -> Vec<Board> {
        let g = &self.grid;
        let mut out = Vec::new();
        for (r, c) in g.positions().filter(|&(r, c)| g.get(r, c) == player) {
            for &d in self.variant.directions() {
                // The first square along `d` that is not empty (the next one, unless it slides).
                let mut k = 1;
                while self.variant.slides() && g.step(r, c, d, k).is_some_and(|(tr, tc)| g.get(tr, tc) == EMPTY) {
                    k += 1;
                }
                let target = g.step(r, c, d, k).filter(|&(tr, tc)| self.variant.captures(player, g.get(tr, tc)));
                if let Some((tr, tc)) = target {
                    let mut grid = g.clone();
                    grid.set(r, c, EMPTY);
                    grid.set(tr, tc, player);
                    out.push(Board { variant: self.variant, grid });
                }
            }
        }
        out
    }
}

impl Partizan for Board {
    fn left_options(&self) -> Vec<Board> {
        self.options(1)
    }

    fn right_options(&self) -> Vec<Board> {
        self.options(2)
    }

    fn notation(&self) -> String {
        format!("{}[{}]", self.variant.name(), self.grid.quoted_rows(&ALPHABET))
    }
}

impl Tabled for Board {
    fn regions(&self) -> Vec<Board> {
        let parts = match self.variant {
            Variant::Hot | Variant::Kings => {
                self.grid.components(|c| c != EMPTY, self.variant == Variant::Kings, EMPTY)
            }
            _ => vec![self.grid.crop(|c| c != EMPTY)],
        };
        parts
            .into_iter()
            .filter(|part| self.variant == Variant::Hot || (part.cells().contains(&1) && part.cells().contains(&2)))
            .filter(|part| part.cells().iter().filter(|&&c| c != EMPTY).count() > 1)
            .map(|grid| Board { variant: self.variant, grid: grid.least_image(true) })
            .collect()
    }

    fn negated(&self) -> Option<Board> {
        let swapped = Board { variant: self.variant, grid: swap_colours(&self.grid).least_image(true) };
        (swapped < *self).then_some(swapped)
    }
}

//! CGSuite's Clobber variants (its grid library, `game.grid.constants`, instances of
//! `GenClobber`): `hotclobber["xxo"]`, where a stone may capture an orthogonally adjacent stone of
//! either colour; `kings["x.", ".o"]`, where a stone captures an adjacent enemy stone in any of
//! the eight directions; `knights[...]`, by a knight's move; `rooks[...]` and `queens[...]`, by
//! sliding any distance over empty squares, orthogonally (rooks) or in the eight directions
//! (queens), onto the first stone met, which must be the enemy's. As in Clobber, the capturing
//! stone moves onto the captured one's square and leaves its own square empty.
//!
//! Values come from the definition through [`Solver`](crate::position::Solver) (the shared
//! [`Stones`] boards), with these exact shortcuts: stones only
//! move onto stones, so for Hot Clobber and Kings groups of stones (4-connected, or 8-connected
//! for Kings) never interact and a board is the sum of its groups (CGT II.1), and the other
//! variants are kept whole, cropped to their stones; a board without stones of both colours has
//! no moves except in Hot Clobber; every symmetry of the square keeps every rule, so a board is
//! keyed by the least of its eight images; and swapping the colours swaps the players, which
//! negates the value.

#[cfg(test)]
mod tests;

use crate::grid::stones::{EMPTY, StoneRules, Stones, both_colours, single_moves};
use crate::grid::{Grid, NEIGHBOURS};

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
    pub const fn name(self) -> &'static str {
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

/// The rules of the variant numbered `V` (in [`Variant`]'s order), for the shared boards of
/// stones.
pub struct Rules<const V: usize>;

/// A Hot Clobber board.
pub type Hot = Stones<Rules<0>>;
/// A Kings board.
pub type Kings = Stones<Rules<1>>;
/// A Knights board.
pub type Knights = Stones<Rules<2>>;
/// A Rooks board.
pub type Rooks = Stones<Rules<3>>;
/// A Queens board.
pub type Queens = Stones<Rules<4>>;

const VARIANTS: [Variant; 5] = [Variant::Hot, Variant::Kings, Variant::Knights, Variant::Rooks, Variant::Queens];

impl<const V: usize> StoneRules for Rules<V> {
    const NAME: &'static str = VARIANTS[V].name();

    /// The grids `player` (1 Left, 2 Right) moves to, in reading order of the moving stone, then
    /// by direction.
    fn moves(g: &Grid, player: u8) -> Vec<Grid> {
        let variant = VARIANTS[V];
        // The first square along `d` that is not empty (the next one, unless it slides).
        let target = |(r, c): (usize, usize), d| {
            let mut k = 1;
            while variant.slides() && g.step(r, c, d, k).is_some_and(|(tr, tc)| g.get(tr, tc) == EMPTY) {
                k += 1;
            }
            g.step(r, c, d, k).filter(|&(tr, tc)| variant.captures(player, g.get(tr, tc)))
        };
        single_moves(g, player, variant.directions(), EMPTY, target)
    }

    fn regions(grid: &Grid) -> Vec<Grid> {
        let variant = VARIANTS[V];
        let parts = match variant {
            Variant::Hot | Variant::Kings => grid.components(|c| c != EMPTY, variant == Variant::Kings, EMPTY),
            _ => vec![grid.crop(|c| c != EMPTY)],
        };
        parts
            .into_iter()
            .filter(|part| variant == Variant::Hot || both_colours(part))
            .filter(|part| part.cells().iter().filter(|&&c| c != EMPTY).count() > 1)
            .map(|grid| grid.least_image(true))
            .collect()
    }
}

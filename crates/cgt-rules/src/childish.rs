//! Childish Hackenbush (`childish[0-1 B, 1-2 R, 1-1 G]`), as CGSuite plays it: its
//! `ChildishHackenbush` is its Hackenbush with blue and red edges "childish", so a blue or red
//! edge may be cut only when nothing else falls with it (the position after the cut keeps every
//! other edge), while green edges are cut freely as in Hackenbush (WW ch. 7 for the game).
//!
//! The notation is [`Hackenbush`]'s; parts meeting only at the ground are independent regions
//! (a cut in one part never makes anything in another fall), green parts are valued by fusion
//! (green edges follow Hackenbush's rules), and the rest by the [`Solver`].

#[cfg(test)]
mod tests;

use cgt_core::game::{GameId, Games};
use cgt_core::{Budget, Exhausted};

use crate::hackenbush::{Colour, Hackenbush, Player};
use crate::position::{Solver, Tabled};
use crate::ugraph::GraphError;

/// A Childish Hackenbush position.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Childish(Hackenbush);

impl Childish {
    /// The position with these edges `(u, v, colour)` and ground vertices; edges not connected
    /// to the ground fall at once.
    pub fn new(edges: &[(u64, u64, Colour)], ground: &[u64]) -> Result<Self, GraphError> {
        Hackenbush::new(edges, ground).map(Childish)
    }

    /// Reads `childish[0-1 B, 1-2 R] ground=[0, 5]` (green when an edge has no letter).
    pub fn parse(text: &str) -> Result<Self, GraphError> {
        Hackenbush::parse_named(text, "childish").map(Childish)
    }

    /// The position in the language's notation: `childish[0-1 B, 1-2 R]`.
    pub fn to_notation(&self) -> String {
        self.0.write_named("childish")
    }

    /// The same edges as a Hackenbush position.
    pub fn as_hackenbush(&self) -> &Hackenbush {
        &self.0
    }

    /// The moves `player` can make, each as the edge cut (`1-2 R`) and the position after it.
    pub fn moves(&self, player: Player) -> Vec<(String, Childish)> {
        self.0.cuts(player, true).into_iter().map(|(m, p)| (m, Childish(p))).collect()
    }

    /// The canonical value: green parts by fusion, the rest by the solver's table.
    pub fn value(
        &self,
        games: &mut Games,
        solver: &mut Solver<Childish>,
        budget: &Budget,
    ) -> Result<GameId, Exhausted> {
        let mut total = games.zero();
        for region in self.regions() {
            let g = match region.0.green_value() {
                Some(n) => games.nimber(n),
                None => solver.value(games, &region, budget)?,
            };
            total = games.add(total, g, budget)?;
        }
        Ok(total)
    }
}

crate::ugraph::partizan_by_moves!(Childish);

impl Tabled for Childish {
    fn regions(&self) -> Vec<Self> {
        self.0.parts().into_iter().map(Childish).collect()
    }

    fn negated(&self) -> Option<Self> {
        self.0.mirror().map(Childish)
    }
}

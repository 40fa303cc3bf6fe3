//! The structural total order on canonical games that fixes the order of option lists
//! (documented in the module docs of `game.rs`). It never looks at ids except to notice that
//! two games are identical, so it does not depend on the history of the arena.

use std::cmp::Ordering;

use super::arena::Node;
use super::{GameId, Games};

impl Games {
    /// Compares two canonical games in the structural order.
    pub(crate) fn cmp_struct(&self, a: GameId, b: GameId) -> Ordering {
        if a == b {
            return Ordering::Equal;
        }
        match (self.node(a), self.node(b)) {
            (Node::Nus(x), Node::Nus(y)) => match (x.is_number(), y.is_number()) {
                (true, true) => x.x.cmp(&y.x),
                (true, false) => Ordering::Less,
                (false, true) => Ordering::Greater,
                (false, false) => x.cmp_parts(y),
            },
            (Node::Nus(_), Node::General { .. }) => Ordering::Less,
            (Node::General { .. }, Node::Nus(_)) => Ordering::Greater,
            (Node::General { left: la, right: ra }, Node::General { left: lb, right: rb }) => self
                .stored_birthday(a)
                .cmp(&self.stored_birthday(b))
                .then_with(|| self.cmp_lists(la, lb))
                .then_with(|| self.cmp_lists(ra, rb)),
        }
    }

    /// Compares two sorted option lists element by element; a proper prefix comes first.
    fn cmp_lists(&self, a: &[GameId], b: &[GameId]) -> Ordering {
        for (&x, &y) in a.iter().zip(b) {
            match self.cmp_struct(x, y) {
                Ordering::Equal => {}
                o => return o,
            }
        }
        a.len().cmp(&b.len())
    }

    /// Sorts a list of distinct canonical games into the structural order.
    pub(crate) fn sort_struct(&self, v: &mut [GameId]) {
        v.sort_by(|&a, &b| self.cmp_struct(a, b));
    }
}

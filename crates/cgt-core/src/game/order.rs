//! The structural total order on canonical games that fixes the order of option lists
//! (documented in the module docs of `game.rs`). It never looks at ids except to notice that
//! two games are identical, so it does not depend on the history of the arena.
//!
//! It is CGSuite's order for printing options (its `CanonicalShortGame.DeterministicOrdering`,
//! seen in the forms its test suite prints: `{0,*||*,v|vv*}`, `{*4,v*5|vv*4}`, `{9*4,9v*5|`,
//! `|5/2*,5/2v|`): numbers, then nimbers, then the other number-up-star values by number part,
//! those without ups first, then by multiple of up and nimber; then other games by their Left
//! option lists and then their Right option lists (no birthday first). CGSuite also sorts the other uptimals (`^<2>`,
//! `^[3]`, ...) among the up-star values; here they are general games, sorted with them.

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
            (Node::Nus(x), Node::Nus(y)) => nus_class(x).cmp(&nus_class(y)).then_with(|| match nus_class(x) {
                0 => x.x.cmp(&y.x),
                1 => x.nim.cmp(&y.nim),
                _ => x.x.cmp(&y.x).then((x.ups != 0).cmp(&(y.ups != 0))).then_with(|| x.cmp_parts(y)),
            }),
            (Node::Nus(_), Node::General(_)) => Ordering::Less,
            (Node::General(_), Node::Nus(_)) => Ordering::Greater,
            (Node::General(a), Node::General(b)) => {
                self.cmp_lists(a.left(), b.left()).then_with(|| self.cmp_lists(a.right(), b.right()))
            }
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

/// Numbers (0) come first, then nimbers (1), then the other number-up-star values (2).
fn nus_class(n: &super::nus::Nus) -> u8 {
    match (n.is_number(), n.x.is_zero() && n.ups == 0) {
        (true, _) => 0,
        (false, true) => 1,
        (false, false) => 2,
    }
}

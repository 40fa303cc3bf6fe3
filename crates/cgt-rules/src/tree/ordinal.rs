//! Ordinal sums `e : H` of a single edge e (`1`, `-1` or `*`) on a canonical game H, the
//! value of a branch of a coloured tree.
//!
//! `e : H = {e^L, e : H^L | e^R, e : H^R}`, and it depends only on the value of H (Conway,
//! *On Numbers and Games*, ch. 15), so H's canonical options serve. On numbers and nimbers the
//! tree formulas give `e : x` at once (docs/src/theory/simplicity.md: the edge formula and the
//! colon principle), so the search walks only the other options, with an explicit stack:
//! a blue path under a green edge, say, is `n*` after n steps of no depth at all.

use std::collections::HashMap;

use cgt_core::game::{GameId, Games};
use cgt_core::{Budget, Exhausted};

use super::{Colour, edge_value};

/// Memoised ordinal sums of the three edges on games of one arena.
#[derive(Default)]
pub(super) struct EdgeSums {
    memo: HashMap<(Colour, GameId), GameId>,
}

impl EdgeSums {
    /// `colour : h`.
    pub(super) fn on(
        &mut self,
        games: &mut Games,
        colour: Colour,
        h: GameId,
        budget: &Budget,
    ) -> Result<GameId, Exhausted> {
        if let Some(g) = self.known(games, colour, h) {
            return Ok(g);
        }
        let mut stack = vec![h];
        while let Some(&top) = stack.last() {
            budget.check()?;
            if self.memo.contains_key(&(colour, top)) {
                stack.pop();
                continue;
            }
            let (l, r) = (games.left_options(top), games.right_options(top));
            let missing: Vec<GameId> =
                l.iter().chain(&r).copied().filter(|&o| self.known(games, colour, o).is_none()).collect();
            if !missing.is_empty() {
                stack.extend(missing);
                continue;
            }
            let zero = games.zero();
            let (mut left, mut right) = match colour {
                Colour::Blue => (vec![zero], vec![]),
                Colour::Red => (vec![], vec![zero]),
                Colour::Green => (vec![zero], vec![zero]),
            };
            left.extend(l.iter().map(|&o| self.known(games, colour, o).expect("valued above")));
            right.extend(r.iter().map(|&o| self.known(games, colour, o).expect("valued above")));
            let g = games.from_options(&left, &right, budget)?;
            self.memo.insert((colour, top), g);
            stack.pop();
        }
        Ok(self.memo[&(colour, h)])
    }

    /// `colour : h` if a formula gives it or it is memoised.
    fn known(&self, games: &mut Games, colour: Colour, h: GameId) -> Option<GameId> {
        if colour == Colour::Green
            && let Some(v) = games.nim_value(h)
        {
            return Some(games.nimber(v + 1));
        }
        if let Some(x) = games.as_number(h)
            && let Some(v) = edge_value(colour, &x)
        {
            return Some(games.number(&v));
        }
        self.memo.get(&(colour, h)).copied()
    }
}

//! The conjunctive and selective compounds of two short games (WW ch. 9; docs/src/theory/rulesets.md,
//! "Compounds of impartial games"), on any partizan games, by their definitions:
//!
//! * conjunctive `G ∧ H = {G^L ∧ H^L | G^R ∧ H^R}`: a move moves in every component, so play
//!   ends as soon as some component has no move for the player to move;
//! * selective `G ∨ H = {G^L ∨ H, G ∨ H^L, G^L ∨ H^L | G^R ∨ H, G ∨ H^R, G^R ∨ H^R}`: a move
//!   moves in any non-empty set of components, and what is left is again a selective sum.
//!
//! Both are taken over the canonical forms of the components and the result is canonicalised.
//! CGSuite's `SelectiveSum` stops one level deep (its options are disjunctive sums), so its
//! `*5 SelectiveSum *6` is `*8`; by the definition, as here, it is `*11` (for nimbers the
//! selective compound adds the heap sizes).

use std::collections::HashMap;

use super::common::{OpResult, listable};
use crate::budget::Budget;
use crate::game::{GameId, Games};

/// The conjunctive compound `G ∧ H`.
pub fn conjunctive(games: &mut Games, g: GameId, h: GameId, budget: &Budget) -> OpResult<GameId> {
    let mut memo = HashMap::new();
    compound(games, g, h, Kind::Conjunctive, &mut memo, budget)
}

/// The selective compound `G ∨ H`.
pub fn selective(games: &mut Games, g: GameId, h: GameId, budget: &Budget) -> OpResult<GameId> {
    let mut memo = HashMap::new();
    compound(games, g, h, Kind::Selective, &mut memo, budget)
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Conjunctive,
    Selective,
}

fn compound(
    games: &mut Games,
    g: GameId,
    h: GameId,
    kind: Kind,
    memo: &mut HashMap<(GameId, GameId), GameId>,
    budget: &Budget,
) -> OpResult<GameId> {
    if let Some(&c) = memo.get(&(g, h)) {
        return Ok(c);
    }
    budget.check()?;
    listable(games, g)?;
    listable(games, h)?;
    let (gl, hl) = (games.left_options(g), games.left_options(h));
    let left = moves(games, (g, h), (&gl, &hl), kind, memo, budget)?;
    let (gr, hr) = (games.right_options(g), games.right_options(h));
    let right = moves(games, (g, h), (&gr, &hr), kind, memo, budget)?;
    let c = games.from_options(&left, &right, budget)?;
    memo.insert((g, h), c);
    Ok(c)
}

/// One player's options of the compound, given that player's options `ga` of G and `ha` of H.
fn moves(
    games: &mut Games,
    (g, h): (GameId, GameId),
    (ga, ha): (&[GameId], &[GameId]),
    kind: Kind,
    memo: &mut HashMap<(GameId, GameId), GameId>,
    budget: &Budget,
) -> OpResult<Vec<GameId>> {
    let mut out = Vec::new();
    for &a in ga {
        for &b in ha {
            out.push(compound(games, a, b, kind, memo, budget)?);
        }
    }
    if kind == Kind::Selective {
        for &a in ga {
            out.push(compound(games, a, h, kind, memo, budget)?);
        }
        for &b in ha {
            out.push(compound(games, g, b, kind, memo, budget)?);
        }
    }
    Ok(out)
}

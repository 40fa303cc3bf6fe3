//! Search from the rules for coloured trees, and canonical shapes of trees.
//!
//! A position is a tree; its options delete one edge the mover may delete, with everything
//! above it. Positions are memoised by their shape up to the order of branches (the same
//! multiset of coloured branches at every vertex), which the [`Shapes`] interner numbers.
//! Exponential in general: this is the oracle the formulas are tested against, and it runs
//! under the [`Budget`].

use std::collections::HashMap;

use cgt_core::game::{GameId, Games};
use cgt_core::{Budget, Exhausted};

use super::{Colour, Player, Tree};

/// Numbers the shapes of trees: a vertex's class is the sorted list of its branches' classes,
/// a branch's class is its edge colour with the class of the vertex above it.
#[derive(Default)]
pub(super) struct Shapes {
    vertices: HashMap<Vec<u32>, u32>,
    branches: HashMap<(Colour, u32), u32>,
}

impl Shapes {
    /// The class of each edge's branch (the edge with everything above it).
    pub(super) fn branch_classes(&mut self, tree: &Tree) -> Vec<u32> {
        self.classes(tree).0
    }

    /// The class of the whole tree (its root vertex).
    pub(super) fn tree_class(&mut self, tree: &Tree) -> u32 {
        self.classes(tree).1
    }

    fn classes(&mut self, tree: &Tree) -> (Vec<u32>, u32) {
        let n = tree.len();
        let mut above: Vec<Vec<u32>> = vec![Vec::new(); n];
        let mut root = Vec::new();
        let mut classes = vec![0u32; n];
        for e in (0..n).rev() {
            let vertex = self.vertex(std::mem::take(&mut above[e]));
            let next = self.branches.len() as u32;
            let b = *self.branches.entry((tree.colour(e), vertex)).or_insert(next);
            classes[e] = b;
            match tree.parent(e) {
                Some(p) => above[p].push(b),
                None => root.push(b),
            }
        }
        let root = self.vertex(root);
        (classes, root)
    }

    fn vertex(&mut self, mut branches: Vec<u32>) -> u32 {
        branches.sort_unstable();
        let next = self.vertices.len() as u32;
        *self.vertices.entry(branches).or_insert(next)
    }
}

/// The search, with its memo of values by tree class.
#[derive(Default)]
pub(super) struct RulesEngine {
    shapes: Shapes,
    memo: HashMap<u32, GameId>,
}

impl RulesEngine {
    /// The canonical value of `tree`, by depth-first search over positions with an explicit stack.
    pub(super) fn game(&mut self, games: &mut Games, tree: &Tree, budget: &Budget) -> Result<GameId, Exhausted> {
        let mut stack = vec![tree.clone()];
        while let Some(top) = stack.last() {
            budget.check()?;
            let key = self.shapes.tree_class(top);
            if self.memo.contains_key(&key) {
                stack.pop();
                continue;
            }
            let mut missing = Vec::new();
            let left = self.known_options(top, Player::Left, &mut missing);
            let right = self.known_options(top, Player::Right, &mut missing);
            if missing.is_empty() {
                let g = games.from_options(&left, &right, budget)?;
                self.memo.insert(key, g);
                stack.pop();
            } else {
                stack.extend(missing);
            }
        }
        let key = self.shapes.tree_class(tree);
        Ok(self.memo[&key])
    }

    /// The values of `player`'s options already known; the others are put in `missing`.
    fn known_options(&mut self, tree: &Tree, player: Player, missing: &mut Vec<Tree>) -> Vec<GameId> {
        let mut known = Vec::new();
        for e in (0..tree.len()).filter(|&e| tree.colour(e).playable_by(player)) {
            let option = tree.without_branch(e);
            match self.memo.get(&self.shapes.tree_class(&option)) {
                Some(&g) => known.push(g),
                None => missing.push(option),
            }
        }
        known
    }
}

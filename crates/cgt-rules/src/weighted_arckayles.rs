//! Weighted Arc Kayles (`weighted_arckayles[1-2, 2-3] weights=[2, 1, 3]`; CGSuite's
//! `GenArcKayles(weighted => true)`): vertices 1 to N carry weights (whole numbers). A move picks
//! an edge whose two ends both have positive weight and lowers each end's weight by 1 (a loop
//! `v-v` lowers v's once, as CGSuite's relabelling does). Impartial, so values are nimbers. With
//! every weight 1 it is Arc Kayles.
//!
//! Values come from the definition through [`Solver`], with this exact shortcut: an edge with an
//! end of weight 0 can never be picked again, so it is dropped, and the rest is the sum of its
//! connected components (CGSuite's decomposition at label 0; CGT II.1), each renumbered from 1 in
//! breadth-first order from its least vertex.

#[cfg(test)]
mod tests;

use cgt_core::game::{GameId, Games};
use cgt_core::{Budget, Exhausted};

use crate::position::{Partizan, Solver, Tabled};
use crate::ugraph::{self, Adjacency};

/// A Weighted Arc Kayles position: the weights of vertices 1 to N and the edges between them.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct WeightedArcKayles {
    /// The weight of vertex `i + 1`.
    weights: Vec<u64>,
    /// Edges between vertex indices `a <= b` (from 0), sorted, without repeats.
    edges: Vec<(u32, u32)>,
}

impl WeightedArcKayles {
    /// The position with these weights (of vertices 1, 2, ...) and edges `(u, v)` between
    /// vertices 1 to `weights.len()`; `None` if an edge names another vertex.
    pub fn new(weights: &[u64], edges: &[(u64, u64)]) -> Option<Self> {
        let n = weights.len() as u64;
        let mut dense = Vec::with_capacity(edges.len());
        for &(u, v) in edges {
            if !(1..=n).contains(&u) || !(1..=n).contains(&v) {
                return None;
            }
            let (a, b) = ((u - 1) as u32, (v - 1) as u32);
            dense.push((a.min(b), a.max(b)));
        }
        dense.sort_unstable();
        dense.dedup();
        Some(WeightedArcKayles { weights: weights.to_vec(), edges: dense })
    }

    /// The number of edges.
    pub fn edge_count(&self) -> usize {
        self.edges.len()
    }

    /// The canonical value of the position (a nimber).
    pub fn game(&self, games: &mut Games, budget: &Budget) -> Result<GameId, Exhausted> {
        Solver::new().value(games, self, budget)
    }

    /// The positions after a move, edges in order.
    fn options(&self) -> Vec<WeightedArcKayles> {
        let w = &self.weights;
        self.edges
            .iter()
            .filter(|&&(a, b)| w[a as usize] > 0 && w[b as usize] > 0)
            .map(|&(a, b)| {
                let mut next = self.clone();
                next.weights[a as usize] -= 1;
                if b != a {
                    next.weights[b as usize] -= 1;
                }
                next
            })
            .collect()
    }

    /// The connected components of the edges whose ends both have positive weight, each
    /// renumbered from 0 in breadth-first order from its least vertex.
    fn components(&self) -> Vec<WeightedArcKayles> {
        let n = self.weights.len();
        let live: Vec<(u32, u32)> = self
            .edges
            .iter()
            .copied()
            .filter(|&(a, b)| self.weights[a as usize] > 0 && self.weights[b as usize] > 0)
            .collect();
        let adj = Adjacency::new(n, &live);
        let (comp, k) = ugraph::components(n, &live);
        let mut groups: Vec<Vec<(u32, u32)>> = vec![Vec::new(); k];
        for &(a, b) in &live {
            groups[comp[a as usize] as usize].push((a, b));
        }
        let mut label = vec![0u32; n];
        let mut out = Vec::new();
        for group in groups.into_iter().filter(|g| !g.is_empty()) {
            let (_, order) = adj.reach(&[group[0].0]);
            for (i, &v) in order.iter().enumerate() {
                label[v as usize] = i as u32;
            }
            let mut edges: Vec<(u32, u32)> = group
                .iter()
                .map(|&(a, b)| {
                    let (x, y) = (label[a as usize], label[b as usize]);
                    (x.min(y), x.max(y))
                })
                .collect();
            edges.sort_unstable();
            let weights = order.iter().map(|&v| self.weights[v as usize]).collect();
            out.push(WeightedArcKayles { weights, edges });
        }
        out
    }
}

impl Partizan for WeightedArcKayles {
    fn left_options(&self) -> Vec<Self> {
        self.options()
    }

    fn right_options(&self) -> Vec<Self> {
        self.options()
    }

    fn notation(&self) -> String {
        let edges: Vec<String> = self.edges.iter().map(|&(a, b)| format!("{}-{}", a + 1, b + 1)).collect();
        let weights: Vec<String> = self.weights.iter().map(u64::to_string).collect();
        format!("weighted_arckayles[{}] weights=[{}]", edges.join(", "), weights.join(", "))
    }
}

impl Tabled for WeightedArcKayles {
    fn regions(&self) -> Vec<Self> {
        self.components()
    }
}

//! Partizan Arc Kayles (`partizan_arckayles[1-2 B, 2-3 R, 3-4 G]`; CGSuite's `PartizanArcKayles`):
//! edges are blue (`B`, Left's), red (`R`, Right's) or green (`G`, either player's; the default).
//! A move picks an edge of the mover's colour or a green one and removes both its end vertices
//! and every edge at them. Loops are allowed (picking loop `v-v` removes v); an edge repeated with
//! the same colour is one edge.
//!
//! Values come from the definition through [`Solver`], with these exact shortcuts: a move only
//! removes vertices of its own connected component, so a position is the sum of its components
//! (CGSuite's decomposition; CGT II.1), each renumbered from its least vertex; and swapping blue
//! and red swaps the players, so that image is the negative.

#[cfg(test)]
mod tests;

use cgt_core::game::{GameId, Games};
use cgt_core::{Budget, Exhausted};

use crate::position::{Partizan, Solver, Tabled};
use crate::tree::Colour;
use crate::ugraph::{self, Adjacency};

/// A Partizan Arc Kayles position: coloured edges between vertices named by integers.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PartizanArcKayles {
    /// The ends of the edges, increasing.
    names: Vec<u64>,
    /// Edges between vertex indices `a <= b` with their colours, sorted, without repeats.
    edges: Vec<(u32, u32, Colour)>,
}

impl PartizanArcKayles {
    /// The position with these edges `(u, v, colour)` (loops `(v, v, _)` allowed).
    pub fn new(edges: &[(u64, u64, Colour)]) -> Self {
        let mut names: Vec<u64> = edges.iter().flat_map(|&(u, v, _)| [u, v]).collect();
        names.sort_unstable();
        names.dedup();
        let index = |v: u64| names.binary_search(&v).unwrap_or_default() as u32;
        let mut dense: Vec<(u32, u32, Colour)> = edges
            .iter()
            .map(|&(u, v, c)| {
                let (a, b) = (index(u), index(v));
                (a.min(b), a.max(b), c)
            })
            .collect();
        dense.sort_unstable();
        dense.dedup();
        PartizanArcKayles { names, edges: dense }
    }

    /// The number of edges.
    pub fn edge_count(&self) -> usize {
        self.edges.len()
    }

    /// The canonical value of the position.
    pub fn game(&self, games: &mut Games, budget: &Budget) -> Result<GameId, Exhausted> {
        Solver::new().value(games, self, budget)
    }

    /// The positions after a move by `left` (or Right), edges in order.
    fn options(&self, left: bool) -> Vec<PartizanArcKayles> {
        let theirs = if left { Colour::Red } else { Colour::Blue };
        self.edges.iter().filter(|e| e.2 != theirs).map(|&(a, b, _)| self.without(a, b)).collect()
    }

    /// The position without vertices `a` and `b` and every edge at them.
    fn without(&self, a: u32, b: u32) -> PartizanArcKayles {
        let rest: Vec<(u64, u64, Colour)> = self
            .edges
            .iter()
            .filter(|&&(x, y, _)| x != a && x != b && y != a && y != b)
            .map(|&(x, y, c)| (self.names[x as usize], self.names[y as usize], c))
            .collect();
        PartizanArcKayles::new(&rest)
    }

    /// The connected components, each renumbered `0..k` in breadth-first order from its least
    /// vertex.
    fn components(&self) -> Vec<PartizanArcKayles> {
        let n = self.names.len();
        let plain: Vec<(u32, u32)> = self.edges.iter().map(|&(a, b, _)| (a, b)).collect();
        let adj = Adjacency::new(n, &plain);
        let (comp, k) = ugraph::components(n, &plain);
        let mut groups: Vec<Vec<(u32, u32, Colour)>> = vec![Vec::new(); k];
        for &(a, b, c) in &self.edges {
            groups[comp[a as usize] as usize].push((a, b, c));
        }
        let mut label = vec![0u32; n];
        let mut out = Vec::with_capacity(k);
        for group in groups.into_iter().filter(|g| !g.is_empty()) {
            let (_, order) = adj.reach(&[group[0].0]);
            for (i, &v) in order.iter().enumerate() {
                label[v as usize] = i as u32;
            }
            let mut edges: Vec<(u32, u32, Colour)> = group
                .iter()
                .map(|&(a, b, c)| {
                    let (x, y) = (label[a as usize], label[b as usize]);
                    (x.min(y), x.max(y), c)
                })
                .collect();
            edges.sort_unstable();
            edges.dedup();
            out.push(PartizanArcKayles { names: (0..order.len() as u64).collect(), edges });
        }
        out
    }
}

impl Partizan for PartizanArcKayles {
    fn left_options(&self) -> Vec<Self> {
        self.options(true)
    }

    fn right_options(&self) -> Vec<Self> {
        self.options(false)
    }

    fn notation(&self) -> String {
        let edges: Vec<String> = self
            .edges
            .iter()
            .map(|&(a, b, c)| format!("{}-{} {}", self.names[a as usize], self.names[b as usize], c.letter()))
            .collect();
        format!("partizan_arckayles[{}]", edges.join(", "))
    }
}

impl Tabled for PartizanArcKayles {
    fn regions(&self) -> Vec<Self> {
        self.components()
    }

    /// Blue and red swapped: Left's edges become Right's.
    fn negated(&self) -> Option<Self> {
        let swap = |c| match c {
            Colour::Blue => Colour::Red,
            Colour::Red => Colour::Blue,
            Colour::Green => Colour::Green,
        };
        let mut edges: Vec<(u32, u32, Colour)> = self.edges.iter().map(|&(a, b, c)| (a, b, swap(c))).collect();
        edges.sort_unstable();
        let turned = PartizanArcKayles { names: self.names.clone(), edges };
        (turned < *self).then_some(turned)
    }
}

//! Blue-Red-Green Hackenbush on graphs (`hackenbush[0-1 B, 1-2 R, 2-0 G, 1-1 G]`), as in
//! Winning Ways ch. 7, Lessons in Play ch. 7 and CGSuite's Hackenbush ruleset.
//!
//! Edges join vertices named by integers; every ground vertex (`0` unless `ground=V` or
//! `ground=[V, ...]`) is one and the same vertex. A move cuts an edge of the mover's colour
//! (blue for Left, red for Right, green for either), and then everything no longer connected to
//! the ground disappears. Loops and parallel edges are allowed.
//!
//! Values: green graphs by the fusion principle and the colon principle in linear time
//! (`hackenbush/fusion.rs`, WW ch. 7); parts that are trees by ordinal sums ([`crate::tree`]);
//! everything else by the table [`Solver`], with the parts that meet only at the ground as
//! independent regions. The tests hold each method against [`search`](crate::position::search).

mod fusion;
#[cfg(test)]
pub(crate) mod tests;

use std::collections::{HashMap, HashSet};

use cgt_core::game::{GameId, Games};
use cgt_core::{Budget, Exhausted};

use crate::position::{Solver, Tabled};
use crate::tree::Tree;
pub use crate::tree::{Colour, Player};
use crate::ugraph::{self, Adjacency, GraphError, Item};

/// A Hackenbush position: coloured edges, every one of them connected to the ground.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hackenbush {
    edges: Vec<(u64, u64, Colour)>,
    /// The ground vertices, sorted, without repeats, never empty.
    ground: Vec<u64>,
}

impl Hackenbush {
    /// The position with these edges `(u, v, colour)` and ground vertices; edges that are not
    /// connected to the ground fall at once (they are not part of the position).
    pub fn new(edges: &[(u64, u64, Colour)], ground: &[u64]) -> Result<Self, GraphError> {
        let mut ground = ground.to_vec();
        ground.sort_unstable();
        ground.dedup();
        if ground.is_empty() {
            return Err(GraphError::NoGround);
        }
        Ok(Hackenbush { edges: grounded(edges, &ground), ground })
    }

    /// Reads `hackenbush[0-1 B, 1-2 R] ground=[0, 5]` (green when an edge has no letter).
    pub fn parse(text: &str) -> Result<Self, GraphError> {
        Hackenbush::parse_named(text, "hackenbush")
    }

    /// The position in the language's notation: `hackenbush[0-1 B, 1-2 R]`.
    pub fn to_notation(&self) -> String {
        self.write_named("hackenbush")
    }

    /// The edges `(u, v, colour)`, in the order given.
    pub fn edges(&self) -> &[(u64, u64, Colour)] {
        &self.edges
    }

    /// The ground vertices, sorted.
    pub fn ground(&self) -> &[u64] {
        &self.ground
    }

    /// The moves `player` can make, each as the edge cut (`1-2 R`) and the position after it;
    /// equal edges (the same ends and colour) give one move.
    pub fn moves(&self, player: Player) -> Vec<(String, Hackenbush)> {
        self.cuts(player, false)
    }

    /// The nim value of a green position by the fusion principle, or `None` if an edge is not
    /// green. Linear in the number of edges.
    pub fn green_value(&self) -> Option<u64> {
        if self.edges.iter().any(|e| e.2 != Colour::Green) {
            return None;
        }
        let (n, edges) = self.dense();
        Some(fusion::nim_value(n, &edges))
    }

    /// The canonical value: green parts by fusion, tree parts by ordinal sums, the rest by the
    /// solver's table.
    pub fn value(
        &self,
        games: &mut Games,
        solver: &mut Solver<Hackenbush>,
        budget: &Budget,
    ) -> Result<GameId, Exhausted> {
        if let Some(n) = self.green_value() {
            return Ok(games.nimber(n));
        }
        let mut total = games.zero();
        for region in self.regions() {
            let g = match (region.green_value(), region.as_tree()) {
                (Some(n), _) => games.nimber(n),
                (None, Some(tree)) => tree.game(games, budget)?,
                (None, None) => solver.value(games, &region, budget)?,
            };
            total = games.add(total, g, budget)?;
        }
        Ok(total)
    }

    /// Reads the notation of a ruleset written like Hackenbush under the given name.
    pub(crate) fn parse_named(text: &str, name: &str) -> Result<Self, GraphError> {
        let notation = ugraph::parse_notation(text, name)?;
        let ground = notation.setting("ground", &["ground"])?.unwrap_or(&[0]).to_vec();
        // A lone vertex has no edge to keep it up, so it falls at once, like any part off the ground.
        let edges: Vec<_> = notation
            .items
            .iter()
            .filter_map(|item| match *item {
                Item::Edge(u, v, c) => Some((u, v, c.unwrap_or(Colour::Green))),
                Item::Vertex(_) => None,
            })
            .collect();
        Hackenbush::new(&edges, &ground)
    }

    /// The notation under the given ruleset name.
    pub(crate) fn write_named(&self, name: &str) -> String {
        let edges: Vec<String> = self.edges.iter().map(|&e| edge_text(e)).collect();
        let mut out = format!("{name}[{}]", edges.join(", "));
        if self.ground != [0] {
            out.push_str(" ground=");
            out.push_str(&ugraph::write_list(&self.ground));
        }
        out
    }

    /// The moves of `player`; under the childish rule a blue or red edge may be cut only when
    /// nothing else falls with it.
    pub(crate) fn cuts(&self, player: Player, childish: bool) -> Vec<(String, Hackenbush)> {
        let mut seen = HashSet::new();
        let mut out = Vec::new();
        for (i, &(u, v, colour)) in self.edges.iter().enumerate() {
            if !playable(colour, player) || !seen.insert((u.min(v), u.max(v), colour)) {
                continue;
            }
            let mut rest = self.edges.clone();
            rest.remove(i);
            let after = Hackenbush { edges: grounded(&rest, &self.ground), ground: self.ground.clone() };
            if childish && colour != Colour::Green && after.edges.len() + 1 != self.edges.len() {
                continue;
            }
            out.push((edge_text((u, v, colour)), after));
        }
        out
    }

    /// The vertices renumbered densely with the ground as 0, and the edges between them.
    fn dense(&self) -> (usize, Vec<(u32, u32)>) {
        let (n, edges) = self.dense_coloured();
        (n, edges.into_iter().map(|(u, v, _)| (u, v)).collect())
    }

    fn dense_coloured(&self) -> (usize, Vec<(u32, u32, Colour)>) {
        let mut index: HashMap<u64, u32> = self.ground.iter().map(|&g| (g, 0)).collect();
        let mut n = 1u32;
        let mut of = |name: u64| {
            *index.entry(name).or_insert_with(|| {
                n += 1;
                n - 1
            })
        };
        let edges = self.edges.iter().map(|&(u, v, c)| (of(u), of(v), c)).collect();
        (n as usize, edges)
    }

    /// The same graph as a region: ground 0, other vertices numbered by a breadth-first search
    /// from it, edges written low end first and sorted. Every edge must reach vertex 0.
    fn normalised(edges: &[(u32, u32, Colour)]) -> Hackenbush {
        let mut local: HashMap<u32, u32> = HashMap::from([(0, 0)]);
        let plain: Vec<(u32, u32)> = edges
            .iter()
            .map(|&(u, v, _)| {
                let next = local.len() as u32;
                let a = *local.entry(u).or_insert(next);
                let next = local.len() as u32;
                (a, *local.entry(v).or_insert(next))
            })
            .collect();
        let (_, order) = Adjacency::new(local.len(), &plain).reach(&[0]);
        let mut label = vec![0u64; local.len()];
        for (i, &v) in order.iter().enumerate() {
            label[v as usize] = i as u64;
        }
        let mut out: Vec<(u64, u64, Colour)> = plain
            .iter()
            .zip(edges)
            .map(|(&(u, v), e)| {
                let (a, b) = (label[u as usize], label[v as usize]);
                (a.min(b), a.max(b), e.2)
            })
            .collect();
        out.sort_unstable();
        Hackenbush { edges: out, ground: vec![0] }
    }

    /// The region as a tree on the ground, if it is one (no cycles, no loops).
    fn as_tree(&self) -> Option<Tree> {
        let (n, edges) = self.dense_coloured();
        if edges.len() + 1 != n {
            return None;
        }
        let plain: Vec<(u32, u32)> = edges.iter().map(|&(u, v, _)| (u, v)).collect();
        let adj = Adjacency::new(n, &plain);
        let mut tree = Tree::new();
        // The tree edge under each vertex reached so far (`None` for the ground).
        let mut under: Vec<Option<Option<usize>>> = vec![None; n];
        under[0] = Some(None);
        let mut queue = vec![0u32];
        let mut i = 0;
        while i < queue.len() {
            let v = queue[i];
            i += 1;
            for &(e, w) in adj.at(v) {
                if under[w as usize].is_none() {
                    let t = tree.add_edge(under[v as usize].flatten(), edges[e as usize].2);
                    under[w as usize] = Some(Some(t));
                    queue.push(w);
                }
            }
        }
        (tree.len() == edges.len()).then_some(tree)
    }

    /// The parts that meet only at the ground, each normalised.
    pub(crate) fn parts(&self) -> Vec<Hackenbush> {
        let (n, edges) = self.dense_coloured();
        let off_ground: Vec<(u32, u32)> =
            edges.iter().map(|&(u, v, _)| if u == 0 || v == 0 { (u.max(v), u.max(v)) } else { (u, v) }).collect();
        let (comp, k) = ugraph::components(n, &off_ground);
        // Region of each edge: its off-ground component, or a region of its own for a ground loop.
        let mut groups: Vec<Vec<(u32, u32, Colour)>> = vec![Vec::new(); k];
        let mut loops = Vec::new();
        for &(u, v, c) in &edges {
            match u.max(v) {
                0 => loops.push(Hackenbush { edges: vec![(0, 0, c)], ground: vec![0] }),
                w => groups[comp[w as usize] as usize].push((u, v, c)),
            }
        }
        let mut out = loops;
        for group in groups.into_iter().filter(|g| !g.is_empty()) {
            out.push(Hackenbush::normalised(&group));
        }
        out.sort_unstable();
        out
    }

    /// The region with blue and red swapped (whose value is the negative), when it comes first.
    pub(crate) fn mirror(&self) -> Option<Hackenbush> {
        let (_, edges) = self.dense_coloured();
        let swapped: Vec<(u32, u32, Colour)> = edges.into_iter().map(|(u, v, c)| (u, v, swap(c))).collect();
        let m = Hackenbush::normalised(&swapped);
        (m < *self).then_some(m)
    }
}

crate::ugraph::partizan_by_moves!(Hackenbush);

impl Tabled for Hackenbush {
    fn regions(&self) -> Vec<Self> {
        self.parts()
    }

    fn negated(&self) -> Option<Self> {
        self.mirror()
    }
}

/// The edges connected to the ground, in their order.
fn grounded(edges: &[(u64, u64, Colour)], ground: &[u64]) -> Vec<(u64, u64, Colour)> {
    let mut labels = ugraph::Labels::default();
    let dense: Vec<(u32, u32)> = edges.iter().map(|&(u, v, _)| (labels.of(u), labels.of(v))).collect();
    let roots: Vec<u32> = ground.iter().filter_map(|&g| labels.get(g)).collect();
    let (up, _) = Adjacency::new(labels.len(), &dense).reach(&roots);
    edges.iter().zip(&dense).filter(|(_, d)| up[d.0 as usize]).map(|(&e, _)| e).collect()
}

/// `u-v C`.
fn edge_text((u, v, c): (u64, u64, Colour)) -> String {
    format!("{u}-{v} {}", c.letter())
}

/// Whether `player` may cut an edge of this colour.
fn playable(colour: Colour, player: Player) -> bool {
    !matches!((colour, player), (Colour::Red, Player::Left) | (Colour::Blue, Player::Right))
}

/// Blue for red and red for blue.
fn swap(c: Colour) -> Colour {
    match c {
        Colour::Blue => Colour::Red,
        Colour::Red => Colour::Blue,
        Colour::Green => Colour::Green,
    }
}

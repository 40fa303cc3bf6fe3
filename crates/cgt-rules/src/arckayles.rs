//! Arc Kayles (`arckayles[1-2, 2-3]`), as in Winning Ways ch. 17 and CGSuite's ArcKayles: a move
//! picks an edge and removes both its end vertices and every edge at them. Impartial, so values
//! are nimbers, by Grundy search over connected components (their nim sum), each normalised.
//! Loops are allowed (picking loop `v-v` removes v); parallel edges are one edge; isolated
//! vertices have no moves and are dropped.

#[cfg(test)]
mod tests;

use std::collections::HashMap;

use cgt_core::{Budget, Exhausted};

use crate::position::{Partizan, Tabled};
use crate::ugraph::{self, Adjacency, GraphError, Item, MAX_VERTICES};

/// An Arc Kayles position: edges between vertices named by integers.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ArcKayles {
    /// The ends of the edges, increasing.
    names: Vec<u64>,
    /// Edges between vertex indices `a <= b`, sorted, without repeats.
    edges: Vec<(u32, u32)>,
}

impl ArcKayles {
    /// The position with these edges `(u, v)` (loops `(v, v)` allowed).
    pub fn new(edges: &[(u64, u64)]) -> Self {
        let mut names: Vec<u64> = edges.iter().flat_map(|&(u, v)| [u, v]).collect();
        names.sort_unstable();
        names.dedup();
        let index = |v: u64| names.binary_search(&v).unwrap_or_default() as u32;
        let mut dense: Vec<(u32, u32)> = edges
            .iter()
            .map(|&(u, v)| {
                let (a, b) = (index(u), index(v));
                (a.min(b), a.max(b))
            })
            .collect();
        dense.sort_unstable();
        dense.dedup();
        ArcKayles { names, edges: dense }
    }

    /// Reads `arckayles[1-2, 2-3, 4-4]`; lone vertices and `vertices=N` are accepted and, having
    /// no moves, dropped.
    pub fn parse(text: &str) -> Result<Self, GraphError> {
        let notation = ugraph::parse_notation(text, "arckayles")?;
        match notation.setting("vertices", &["vertices"])? {
            Some(&[n]) if n > MAX_VERTICES => return Err(GraphError::TooManyVertices(n)),
            Some(&[_]) | None => {}
            Some(_) => return Err(GraphError::Syntax { offset: text.len(), message: "`vertices=` takes one number" }),
        }
        let mut edges = Vec::new();
        for item in &notation.items {
            match *item {
                Item::Edge(u, v, None) => edges.push((u, v)),
                Item::Edge(u, v, Some(_)) => return Err(GraphError::UnexpectedColour(u, v)),
                Item::Vertex(_) => {}
            }
        }
        Ok(ArcKayles::new(&edges))
    }

    /// The position in the language's notation: `arckayles[1-2, 2-3]`.
    pub fn to_notation(&self) -> String {
        let edges: Vec<String> = self.edges.iter().map(|&e| self.edge_text(e)).collect();
        format!("arckayles[{}]", edges.join(", "))
    }

    /// The moves, each as the edge picked (`1-2`) and the position after it.
    pub fn moves(&self) -> Vec<(String, ArcKayles)> {
        self.edges.iter().map(|&(a, b)| (self.edge_text((a, b)), self.without(a, b))).collect()
    }

    /// `u-v` in vertex names.
    fn edge_text(&self, (a, b): (u32, u32)) -> String {
        format!("{}-{}", self.names[a as usize], self.names[b as usize])
    }

    /// The position without vertices `a` and `b` and every edge at them.
    fn without(&self, a: u32, b: u32) -> ArcKayles {
        let rest: Vec<(u64, u64)> = self
            .edges
            .iter()
            .filter(|&&(x, y)| x != a && x != b && y != a && y != b)
            .map(|&(x, y)| (self.names[x as usize], self.names[y as usize]))
            .collect();
        ArcKayles::new(&rest)
    }

    /// The connected components, each renumbered `0..k` in breadth-first order from its least
    /// vertex.
    fn components(&self) -> Vec<ArcKayles> {
        let n = self.names.len();
        let adj = Adjacency::new(n, &self.edges);
        let (comp, k) = ugraph::components(n, &self.edges);
        let mut groups: Vec<Vec<(u32, u32)>> = vec![Vec::new(); k];
        for &(a, b) in &self.edges {
            groups[comp[a as usize] as usize].push((a, b));
        }
        let mut label = vec![0u32; n];
        let mut out = Vec::with_capacity(k);
        for group in groups {
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
            out.push(ArcKayles { names: (0..order.len() as u64).collect(), edges });
        }
        out.sort_unstable();
        out
    }
}

impl Partizan for ArcKayles {
    fn left_options(&self) -> Vec<Self> {
        self.moves().into_iter().map(|(_, p)| p).collect()
    }

    fn right_options(&self) -> Vec<Self> {
        self.left_options()
    }

    fn notation(&self) -> String {
        self.to_notation()
    }
}

impl Tabled for ArcKayles {
    fn regions(&self) -> Vec<Self> {
        self.components()
    }
}

/// Nim values of Arc Kayles positions, remembering every component it has seen.
#[derive(Default)]
pub struct Nimbers {
    table: HashMap<ArcKayles, u64>,
}

impl Nimbers {
    /// An empty table.
    pub fn new() -> Self {
        Nimbers::default()
    }

    /// The number of components in the table.
    pub fn len(&self) -> usize {
        self.table.len()
    }

    /// Whether the table is empty.
    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
    }

    /// The nim value of a position: the nim sum of its components' values.
    pub fn nim_value(&mut self, p: &ArcKayles, budget: &Budget) -> Result<u64, Exhausted> {
        let mut total = 0;
        for c in p.components() {
            total ^= self.component_value(c, budget)?;
        }
        Ok(total)
    }

    /// The value of one normalised component, by the mex rule over an explicit stack.
    fn component_value(&mut self, c: ArcKayles, budget: &Budget) -> Result<u64, Exhausted> {
        if self.table.len() >= 1 << 22 {
            self.table.clear();
        }
        // Each frame: a component, its options split into components, how many are known.
        let mut stack: Vec<(ArcKayles, Vec<Vec<ArcKayles>>, usize)> = Vec::new();
        if !self.table.contains_key(&c) {
            let options = c.left_options().iter().map(ArcKayles::components).collect();
            stack.push((c.clone(), options, 0));
        }
        while let Some((_, options, done)) = stack.last_mut() {
            budget.check()?;
            if *done < options.len() {
                let unknown = options[*done].iter().find(|r| !self.table.contains_key(*r)).cloned();
                match unknown {
                    Some(r) => {
                        let options = r.left_options().iter().map(ArcKayles::components).collect();
                        stack.push((r, options, 0));
                    }
                    None => *done += 1,
                }
                continue;
            }
            let (region, options, _) = stack.pop().expect("the loop holds a frame");
            let mut values: Vec<u64> =
                options.iter().map(|parts| parts.iter().fold(0, |x, r| x ^ self.table[r])).collect();
            values.sort_unstable();
            values.dedup();
            let mex = values.iter().enumerate().find(|&(i, &v)| i as u64 != v).map_or(values.len(), |(i, _)| i) as u64;
            self.table.insert(region, mex);
        }
        Ok(self.table[&c])
    }
}

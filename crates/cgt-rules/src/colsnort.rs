//! Col and Snort on graphs (`col[1-2, 2-3, 3-4] left=[1] right=[3]`, `snort[...]`), as in
//! Winning Ways ch. 2, Lessons in Play and CGSuite's Col and Snort rulesets.
//!
//! Players colour uncoloured vertices, Left blue and Right red. In Col a player may not colour
//! a vertex next to one of their own colour; in Snort, not next to one of the opponent's. As in
//! the standard reduction (and CGSuite), a coloured vertex is removed and *tints* its
//! neighbours: `left=[v]` says v is next to a vertex Left has coloured (CGSuite's `L`: in Col
//! only Right may then colour v, in Snort only Left), `right=[v]` likewise. A vertex tinted by
//! both can never be coloured and counts for nothing. Loops change nothing (a vertex is never
//! next to itself once coloured, since it is then removed) and are dropped; parallel edges are
//! one edge. Connected components are independent regions.

#[cfg(test)]
mod tests;

use cgt_core::game::{GameId, Games};
use cgt_core::{Budget, Exhausted};

use crate::position::{Solver, Tabled};
use crate::tree::Player;
use crate::ugraph::{self, Adjacency, GraphError, Item, MAX_VERTICES};

/// Which of the two games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rule {
    /// Col: never colour a vertex next to your own colour (cold: numbers and numbers + `*`).
    Col,
    /// Snort: never colour a vertex next to the opponent's colour (hot).
    Snort,
}

impl Rule {
    /// The ruleset's name in the language: `col` or `snort`.
    pub fn name(self) -> &'static str {
        match self {
            Rule::Col => "col",
            Rule::Snort => "snort",
        }
    }
}

/// The tint bit of a vertex next to one Left has coloured.
const NEXT_TO_LEFT: u8 = 1;
/// The tint bit of a vertex next to one Right has coloured.
const NEXT_TO_RIGHT: u8 = 2;

/// A Col or Snort position: the uncoloured vertices, their tints and the edges between them.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ColSnort {
    rule: Rule,
    /// Vertex names, increasing.
    names: Vec<u64>,
    /// Each vertex's tint bits.
    tints: Vec<u8>,
    /// Edges between vertex indices `a < b`, sorted, without repeats.
    edges: Vec<(u32, u32)>,
}

impl ColSnort {
    /// The position on the given vertices (isolated ones too) and every end of `edges`, with
    /// the vertices `left` and `right` tinted; a tinted vertex must be in the graph.
    pub fn new(
        rule: Rule,
        vertices: &[u64],
        edges: &[(u64, u64)],
        left: &[u64],
        right: &[u64],
    ) -> Result<Self, GraphError> {
        let mut names: Vec<u64> = vertices.iter().copied().chain(edges.iter().flat_map(|&(u, v)| [u, v])).collect();
        names.sort_unstable();
        names.dedup();
        let index = |v: u64| names.binary_search(&v).map(|i| i as u32).map_err(|_| GraphError::UnknownVertex(v));
        let mut tints = vec![0u8; names.len()];
        for (list, bit) in [(left, NEXT_TO_LEFT), (right, NEXT_TO_RIGHT)] {
            for &v in list {
                tints[index(v)? as usize] |= bit;
            }
        }
        let mut dense = Vec::with_capacity(edges.len());
        for &(u, v) in edges.iter().filter(|(u, v)| u != v) {
            let (a, b) = (index(u)?, index(v)?);
            dense.push((a.min(b), a.max(b)));
        }
        dense.sort_unstable();
        dense.dedup();
        Ok(ColSnort { rule, names, tints, edges: dense })
    }

    /// Reads `col[1-2, 2-3, 5] left=[1] right=[3] vertices=6` (or `snort[...]`): a lone
    /// number is a vertex, `vertices=N` declares vertices 1..N.
    pub fn parse(rule: Rule, text: &str) -> Result<Self, GraphError> {
        let notation = ugraph::parse_notation(text, rule.name())?;
        let known = ["left", "right", "vertices"];
        let mut vertices = Vec::new();
        if let Some(&[n]) = notation.setting("vertices", &known)? {
            if n > MAX_VERTICES {
                return Err(GraphError::TooManyVertices(n));
            }
            vertices.extend(1..=n);
        } else if notation.setting("vertices", &known)?.is_some() {
            return Err(GraphError::Syntax { offset: text.len(), message: "`vertices=` takes one number" });
        }
        let mut edges = Vec::new();
        for item in &notation.items {
            match *item {
                Item::Edge(u, v, None) => edges.push((u, v)),
                Item::Edge(u, v, Some(_)) => return Err(GraphError::UnexpectedColour(u, v)),
                Item::Vertex(v) => vertices.push(v),
            }
        }
        let left = notation.setting("left", &known)?.unwrap_or(&[]);
        let right = notation.setting("right", &known)?.unwrap_or(&[]);
        ColSnort::new(rule, &vertices, &edges, left, right)
    }

    /// The position in the language's notation: `col[1-2, 2-3, 5] left=[1] right=[3]`.
    pub fn to_notation(&self) -> String {
        let mut covered = vec![false; self.names.len()];
        let mut items: Vec<String> = Vec::new();
        for &(a, b) in &self.edges {
            covered[a as usize] = true;
            covered[b as usize] = true;
            items.push(format!("{}-{}", self.names[a as usize], self.names[b as usize]));
        }
        items.extend(self.names.iter().zip(&covered).filter(|(_, c)| !**c).map(|(v, _)| v.to_string()));
        let mut out = format!("{}[{}]", self.rule.name(), items.join(", "));
        for (key, bit) in [("left", NEXT_TO_LEFT), ("right", NEXT_TO_RIGHT)] {
            let tinted: Vec<String> =
                self.names.iter().zip(&self.tints).filter(|(_, t)| *t & bit != 0).map(|(v, _)| v.to_string()).collect();
            if !tinted.is_empty() {
                out.push_str(&format!(" {key}=[{}]", tinted.join(", ")));
            }
        }
        out
    }

    /// The ruleset.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The moves `player` can make, each as the vertex coloured (`3`) and the position after it.
    pub fn moves(&self, player: Player) -> Vec<(String, ColSnort)> {
        (0..self.names.len())
            .filter(|&v| self.may_colour(v, player))
            .map(|v| (self.names[v].to_string(), self.coloured(v, player)))
            .collect()
    }

    /// The canonical value, region by region through the solver's table.
    pub fn value(
        &self,
        games: &mut Games,
        solver: &mut Solver<ColSnort>,
        budget: &Budget,
    ) -> Result<GameId, Exhausted> {
        solver.value(games, self, budget)
    }

    /// Whether `player` may colour vertex `v`.
    fn may_colour(&self, v: usize, player: Player) -> bool {
        let banned = match (self.rule, player) {
            (Rule::Col, Player::Left) | (Rule::Snort, Player::Right) => NEXT_TO_LEFT,
            (Rule::Col, Player::Right) | (Rule::Snort, Player::Left) => NEXT_TO_RIGHT,
        };
        self.tints[v] & banned == 0
    }

    /// The position after `player` colours `v`: `v` removed, its neighbours tinted.
    fn coloured(&self, v: usize, player: Player) -> ColSnort {
        let bit = if player == Player::Left { NEXT_TO_LEFT } else { NEXT_TO_RIGHT };
        let mut tints = self.tints.clone();
        for &(a, b) in &self.edges {
            if a as usize == v {
                tints[b as usize] |= bit;
            } else if b as usize == v {
                tints[a as usize] |= bit;
            }
        }
        let keep: Vec<bool> = (0..self.names.len()).map(|w| w != v).collect();
        self.restricted(&keep, &tints)
    }

    /// The position on the vertices flagged in `keep`, with the given tints, names unchanged.
    fn restricted(&self, keep: &[bool], tints: &[u8]) -> ColSnort {
        let mut index = vec![u32::MAX; keep.len()];
        let mut names = Vec::new();
        let mut new_tints = Vec::new();
        for w in (0..keep.len()).filter(|&w| keep[w]) {
            index[w] = names.len() as u32;
            names.push(self.names[w]);
            new_tints.push(tints[w]);
        }
        let edges = self
            .edges
            .iter()
            .filter(|&&(a, b)| keep[a as usize] && keep[b as usize])
            .map(|&(a, b)| (index[a as usize], index[b as usize]))
            .collect();
        ColSnort { rule: self.rule, names, tints: new_tints, edges }
    }

    /// The connected components, without the vertices nobody can colour, each renumbered
    /// `0..k` in breadth-first order from its least vertex.
    fn components(&self) -> Vec<ColSnort> {
        let n = self.names.len();
        let live: Vec<bool> = self.tints.iter().map(|&t| t != NEXT_TO_LEFT | NEXT_TO_RIGHT).collect();
        let live_edges: Vec<(u32, u32)> =
            self.edges.iter().copied().filter(|&(a, b)| live[a as usize] && live[b as usize]).collect();
        let adj = Adjacency::new(n, &live_edges);
        let mut seen = vec![false; n];
        let mut out = Vec::new();
        for root in (0..n).filter(|&v| live[v]) {
            if seen[root] {
                continue;
            }
            let (reached, order) = adj.reach(&[root as u32]);
            let mut label = vec![u32::MAX; n];
            for (i, &v) in order.iter().enumerate() {
                seen[v as usize] = true;
                label[v as usize] = i as u32;
            }
            let mut edges: Vec<(u32, u32)> = live_edges
                .iter()
                .filter(|&&(a, _)| reached[a as usize])
                .map(|&(a, b)| {
                    let (x, y) = (label[a as usize], label[b as usize]);
                    (x.min(y), x.max(y))
                })
                .collect();
            edges.sort_unstable();
            let tints = order.iter().map(|&v| self.tints[v as usize]).collect();
            out.push(ColSnort { rule: self.rule, names: (0..order.len() as u64).collect(), tints, edges });
        }
        out.sort_unstable();
        out
    }
}

crate::ugraph::partizan_by_moves!(ColSnort);

impl Tabled for ColSnort {
    fn regions(&self) -> Vec<Self> {
        self.components()
    }

    /// Swapping the tints swaps the players' roles (the labelling does not depend on tints).
    fn negated(&self) -> Option<Self> {
        let swap = |t: &u8| (t & NEXT_TO_LEFT) << 1 | (t & NEXT_TO_RIGHT) >> 1;
        let mirror = ColSnort { tints: self.tints.iter().map(swap).collect(), ..self.clone() };
        (mirror < *self).then_some(mirror)
    }
}

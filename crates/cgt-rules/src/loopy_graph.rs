//! Impartial games on directed graphs with their generalised Sprague–Grundy values (Smith 1966;
//! Fraenkel and Yesha 1986; WW ch. 12; Siegel *CGT* ch. VI), so that sums of tokens on graphs
//! (several tokens, each moved on its own graph, one token per turn) are evaluated exactly: win,
//! loss or draw for the player to move. The values come from `cgt_core::loopy::gsg`.

use cgt_core::loopy::MoverResult;
use cgt_core::loopy::gsg::{self, Gsg};
use cgt_core::{Budget, Exhausted};

use crate::graph::Graph;

/// The generalised Sprague–Grundy value of every vertex, by vertex number.
pub fn gsg_values(graph: &Graph, budget: &Budget) -> Result<Vec<Gsg>, Exhausted> {
    gsg::gsg_values(graph.len(), |v| graph.successors(v), budget)
}

/// The value of a token on each of the vertices labelled `tokens` (all on `graph`), as one sum;
/// `None` if some label names no vertex.
pub fn token_sum_value(graph: &Graph, tokens: &[u64], budget: &Budget) -> Result<Option<Gsg>, Exhausted> {
    let values = gsg_values(graph, budget)?;
    let parts: Option<Vec<Gsg>> = tokens.iter().map(|&t| graph.index(t).map(|v| values[v].clone())).collect();
    Ok(parts.map(|p| gsg::sum_value(&p)))
}

/// Win, loss or draw for the player to move with a token on each of the vertices labelled
/// `tokens`; `None` if some label names no vertex.
pub fn token_sum_outcome(graph: &Graph, tokens: &[u64], budget: &Budget) -> Result<Option<MoverResult>, Exhausted> {
    Ok(token_sum_value(graph, tokens, budget)?.map(|v| v.outcome()))
}

#[cfg(test)]
mod tests;

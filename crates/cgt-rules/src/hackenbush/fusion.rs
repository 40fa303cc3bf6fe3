//! Green Hackenbush by the fusion principle (WW ch. 7, LiP ch. 7): the vertices of any cycle
//! may be fused into one without changing the value, an edge of the cycle becoming a loop, and a
//! loop is worth a single edge, `*1`. Fusing every 2-edge-connected component (the ground's
//! too) leaves a tree of bridges with loops at its vertices, valued by the colon principle: a
//! vertex is worth the nim sum of its loops' `*1`s and of `*(1 + v)` for each bridge above it to
//! a vertex worth `*v`. Linear time, no recursion.

use crate::ugraph::{self, Adjacency};

/// The nim value of the green graph on vertices `0..n` with ground `0`; edges that do not
/// reach the ground count for nothing.
pub(crate) fn nim_value(n: usize, edges: &[(u32, u32)]) -> u64 {
    let bridge = ugraph::bridges(n, edges);
    let cycle_edges: Vec<(u32, u32)> = edges.iter().zip(&bridge).filter(|(_, b)| !**b).map(|(&e, _)| e).collect();
    let (comp, k) = ugraph::components(n, &cycle_edges);
    // After fusion, each edge on a cycle is a loop worth *1 at its component.
    let mut value = vec![0u64; k];
    for &(u, _) in &cycle_edges {
        value[comp[u as usize] as usize] ^= 1;
    }
    let tree_edges: Vec<(u32, u32)> = edges
        .iter()
        .zip(&bridge)
        .filter(|(_, b)| **b)
        .map(|(&(u, v), _)| (comp[u as usize], comp[v as usize]))
        .collect();
    let tree = Adjacency::new(k, &tree_edges);
    let root = comp[0];
    let mut parent = vec![u32::MAX; k];
    parent[root as usize] = root;
    let mut order = vec![root];
    let mut i = 0;
    while i < order.len() {
        let c = order[i];
        i += 1;
        for &(_, d) in tree.at(c) {
            if parent[d as usize] == u32::MAX {
                parent[d as usize] = c;
                order.push(d);
            }
        }
    }
    for &c in order[1..].iter().rev() {
        value[parent[c as usize] as usize] ^= value[c as usize] + 1;
    }
    value[root as usize]
}

//! The onside of a loopy game one strongly connected component at a time, from the bottom up.
//!
//! Play that leaves a component never comes back to it. So a position v of a lower component
//! can be replaced, wherever a higher position moves to it, by a stopper S equal to v's onside,
//! without changing the onside of any higher position. Proof, for `G+ <= G'+` where G' has the
//! replacement (the other inequality is the same with the roles exchanged): Left, moving second
//! in `G' - G` (`loopy/buchi.rs`: an infinite play is hers iff G' is moved in infinitely often),
//! copies each move of Right into the other component. While the two components stand on the
//! same higher position, an infinite play moves both, so it is hers. When Right moves one of
//! them to v (or to S), she moves the other to S (or to v); from then on the play stays in
//! `S - v` (or `v - S`), which she survives since `v+ <= S+ = S` (or `S <= v+`).
//!
//! Components are taken sinks first. In each, the positions that a higher position moves to
//! are valued on a small graph: the component, with its moves out replaced by the stoppers
//! found below. One Büchi table of that graph groups the positions of equal onside; one
//! pruning (`loopy/prune.rs`), each deletion keeping the onsides of all the groups'
//! representatives, leaves a stopper graph from which each group's stopper is put in simplest
//! form. A game that is one component gains nothing and is left to the caller, as
//! is any component where no stopper is found. The stopper found for the root is still checked
//! against the whole game by the caller.

use super::buchi::onside_table;
use super::graph::{LoopyGraph, Player};
use super::prune::{delete_to_stopper, delete_to_stoppers};
use super::stopper::Stopper;
use crate::budget::{Budget, Exhausted};

/// A stopper graph equal to the onside of position 0 of `g` (a graph whose positions position
/// 0 all reaches), found component by component; `None` when `g` is one component or some
/// component's onside is not found as a stopper.
pub(crate) fn onside_by_components(g: &LoopyGraph, budget: &Budget) -> Result<Option<LoopyGraph>, Exhausted> {
    let (comp, count) = components(g, budget)?;
    if count <= 1 {
        return Ok(None);
    }
    let n = g.len();
    // Positions some other component moves to: only their onsides are needed (and the root's).
    let mut entry = vec![false; n];
    entry[0] = true;
    for v in 0..n {
        for p in [Player::Left, Player::Right] {
            g.options(p, v).iter().filter(|&&w| comp[w] != comp[v]).for_each(|&w| entry[w] = true);
        }
    }
    let mut members: Vec<Vec<usize>> = vec![Vec::new(); count];
    (0..n).for_each(|v| members[comp[v]].push(v));
    // The stoppers found so far, as one graph, and the position of it each entry stands for.
    let mut found = LoopyGraph::default();
    let mut value: Vec<Option<usize>> = vec![None; n];
    // Components are numbered sinks first, so every move out of one leads to a valued entry.
    for (c, positions) in members.iter().enumerate() {
        budget.check()?;
        let local = local_graph(g, &comp, c, positions, &value, &found);
        let wanted: Vec<usize> = (0..positions.len()).filter(|&i| entry[positions[i]]).collect();
        if c == comp[0] {
            let root = positions.iter().position(|&v| v == 0).unwrap_or(0);
            return delete_to_stopper(&local.reachable(root).0, budget);
        }
        // Group the entries by equal onside (one table), then find every group's stopper in
        // one pruning that keeps the onsides of all the groups' representatives.
        let table = onside_table(&local, budget)?;
        let k = local.len();
        let mut reps: Vec<usize> = Vec::new();
        let mut group = vec![0; wanted.len()];
        for (j, &i) in wanted.iter().enumerate() {
            group[j] = match reps.iter().position(|&r| table[r * k + i] && table[i * k + r]) {
                Some(at) => at,
                None => {
                    reps.push(i);
                    reps.len() - 1
                }
            };
        }
        let Some((pruned, roots)) = delete_to_stoppers(&local, &reps, budget)? else { return Ok(None) };
        let mut at = Vec::with_capacity(reps.len());
        for &r in &roots {
            let simplest = match Stopper::new(&pruned, r, budget) {
                Ok(s) => s,
                Err(super::stopper::StopperError::Exhausted(x)) => return Err(x),
                Err(_) => return Ok(None),
            };
            at.push(append(&mut found, simplest.graph()));
        }
        for (j, &i) in wanted.iter().enumerate() {
            value[positions[i]] = Some(at[group[j]]);
        }
    }
    Ok(None)
}

/// The graph of component `c`: its positions first (in the order of `positions`), then the
/// part of `found` that its moves out reach, each move out going to the stopper of its target.
fn local_graph(
    g: &LoopyGraph,
    comp: &[usize],
    c: usize,
    positions: &[usize],
    value: &[Option<usize>],
    found: &LoopyGraph,
) -> LoopyGraph {
    let k = positions.len();
    let mut index = vec![usize::MAX; g.len()];
    positions.iter().enumerate().for_each(|(i, &v)| index[v] = i);
    // Positions of `found` reached, numbered after the component's.
    let mut outside: Vec<usize> = Vec::new();
    let mut number = vec![usize::MAX; found.len()];
    let mut reach = |x: usize, outside: &mut Vec<usize>| {
        if number[x] == usize::MAX {
            number[x] = k + outside.len();
            outside.push(x);
        }
        number[x]
    };
    let mut left = vec![Vec::new(); k];
    let mut right = vec![Vec::new(); k];
    for (i, &v) in positions.iter().enumerate() {
        for (p, opts) in [(Player::Left, &mut left[i]), (Player::Right, &mut right[i])] {
            for &w in g.options(p, v) {
                let to = if comp[w] == c {
                    index[w]
                } else {
                    reach(value[w].expect("lower components are valued first"), &mut outside)
                };
                opts.push(to);
            }
        }
    }
    let mut head = 0;
    while head < outside.len() {
        let x = outside[head];
        head += 1;
        for p in [Player::Left, Player::Right] {
            let opts: Vec<usize> = found.options(p, x).iter().map(|&y| reach(y, &mut outside)).collect();
            match p {
                Player::Left => left.push(opts),
                Player::Right => right.push(opts),
            }
        }
    }
    LoopyGraph::new(left, right).expect("options are positions of the graph")
}

/// Appends the stopper graph `s` (root 0) to `found`; the position its root became.
fn append(found: &mut LoopyGraph, s: &LoopyGraph) -> usize {
    let base = found.len();
    for _ in 0..s.len() {
        found.add_position();
    }
    for v in 0..s.len() {
        for p in [Player::Left, Player::Right] {
            for &w in s.options(p, v) {
                found.options_push(p, base + v, base + w);
            }
        }
    }
    base
}

/// The strongly connected components of `g` (moves of both players), numbered so that every
/// move leads to the same component or one with a smaller number (Tarjan's order: sinks
/// first); with their count. Iterative, so deep graphs cannot overflow the stack.
fn components(g: &LoopyGraph, budget: &Budget) -> Result<(Vec<usize>, usize), Exhausted> {
    let n = g.len();
    let succ = |v: usize| g.options(Player::Left, v).iter().chain(g.options(Player::Right, v)).copied();
    const NONE: usize = usize::MAX;
    let mut order = vec![NONE; n];
    let mut low = vec![0; n];
    let mut comp = vec![NONE; n];
    let mut stack: Vec<usize> = Vec::new();
    let mut count = 0;
    let mut next = 0;
    for start in 0..n {
        if order[start] != NONE {
            continue;
        }
        // Each frame: a position and how many of its moves are done.
        let mut frames: Vec<(usize, usize)> = vec![(start, 0)];
        order[start] = next;
        low[start] = next;
        next += 1;
        stack.push(start);
        while let Some(&(v, done)) = frames.last() {
            budget.check()?;
            if let Some(w) = succ(v).nth(done) {
                if let Some(top) = frames.last_mut() {
                    top.1 += 1;
                }
                if order[w] == NONE {
                    order[w] = next;
                    low[w] = next;
                    next += 1;
                    stack.push(w);
                    frames.push((w, 0));
                } else if comp[w] == NONE {
                    low[v] = low[v].min(order[w]);
                }
                continue;
            }
            frames.pop();
            if let Some(&(parent, _)) = frames.last() {
                low[parent] = low[parent].min(low[v]);
            }
            if low[v] == order[v] {
                while let Some(w) = stack.pop() {
                    comp[w] = count;
                    if w == v {
                        break;
                    }
                }
                count += 1;
            }
        }
    }
    Ok((comp, count))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::loopy::sides::onside_leq;
    use cgt_testkit::Rng;

    /// Random graphs built in layers, so they have several components.
    fn layered(rng: &mut Rng) -> LoopyGraph {
        let n = 2 + rng.below(9) as usize;
        let layer = |v: usize| v / 3;
        let mut sides = [vec![Vec::new(); n], vec![Vec::new(); n]];
        for side in &mut sides {
            for (v, options) in side.iter_mut().enumerate() {
                for _ in 0..rng.below(3) {
                    // Moves stay in the layer or go to a later one.
                    let w = rng.below(n as u64) as usize;
                    if layer(w) >= layer(v) {
                        options.push(w);
                    }
                }
            }
        }
        let [left, right] = sides;
        LoopyGraph::new(left, right).unwrap().reachable(0).0
    }

    /// The components are strongly connected, and every move leads to the same component or a
    /// lower-numbered one.
    #[test]
    fn components_are_numbered_sinks_first() {
        let mut rng = Rng(0xc0_3b_0a_e1);
        let budget = Budget::unlimited();
        for _ in 0..300 {
            let g = layered(&mut rng);
            let (comp, count) = components(&g, &budget).unwrap();
            assert!(comp.iter().all(|&c| c < count));
            for v in 0..g.len() {
                for p in [Player::Left, Player::Right] {
                    for &w in g.options(p, v) {
                        assert!(comp[w] <= comp[v], "{g:?}");
                    }
                }
                // Same component iff each reaches the other.
                let from_v = g.reachable(v).1;
                for w in 0..g.len() {
                    let both = from_v.contains_key(&w) && g.reachable(w).1.contains_key(&v);
                    assert_eq!(both, comp[v] == comp[w], "{g:?}");
                }
            }
        }
    }

    /// The onside found component by component is a stopper equal to the game's onside at the
    /// root (both inequalities by the Büchi game on the whole graph), whenever it is found.
    #[test]
    fn onsides_by_components_equal_the_games() {
        let mut rng = Rng(0x51de_c0de);
        let budget = Budget::unlimited();
        let mut found = 0;
        for _ in 0..400 {
            let g = layered(&mut rng);
            let Some(s) = onside_by_components(&g, &budget).unwrap() else { continue };
            found += 1;
            assert!(super::super::stopper::alternating_acyclic(&s), "{g:?}");
            let equal = onside_leq(&g, 0, &s, 0, &budget).unwrap() && onside_leq(&s, 0, &g, 0, &budget).unwrap();
            assert!(equal, "{g:?} gave {s:?}");
        }
        assert!(found >= 100, "{found} found");
    }
}

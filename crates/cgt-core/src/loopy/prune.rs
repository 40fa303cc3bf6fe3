//! Finding the onside of a loopy game as a stopper by deleting options (Siegel *CGT* ch. VI.4-5;
//! WW ch. 11): options are deleted while the onside of the game stays equal, until no
//! alternating cycle is left. Each round computes the onside order of every pair of positions
//! once (one Büchi game on `g - g`, `loopy/buchi.rs`) and uses it three ways:
//!
//! * Dominated Left options go at once, everywhere: if w and w' are Left options of v and
//!   `w+ <= w'+`, deleting w keeps the onside of every position. (Left, playing `h - g` on the
//!   pruned h against the game g, follows a survival strategy for `g - g`; when it moves to a
//!   deleted w she moves to the kept w' instead and continues with a strategy for the new pair,
//!   which exists since the order is transitive. Each switch is a move in h, so a play with
//!   infinitely many switches is hers; with finitely many, the last strategy wins it.) Right
//!   options are not deleted this way: the same switches would then be moves in the smaller
//!   side (`{v | v, 0}` has onside `<= 0`, but deleting its dominated 0 leaves `dud`).
//! * Dominated Right options are tried in one batch, checked by one Büchi game at the root (a
//!   Right option deleted can only raise the onside, so one inequality decides); a batch that
//!   fails is halved, and each half tried, down to single options.
//! * When a round deletes nothing, each option on an alternating cycle is tried in turn, each
//!   checked at the root (a Left option deleted can only lower the onside).
//!
//! Every check of one round compares against the same graph, so it starts from the states
//! Right wins in that graph's `g - g` (`loopy/buchi.rs`, [`Losses`]): deleting options of one
//! player only takes moves from Left in the product, so those states stay lost.
//!
//! The stopper found is checked once more against the game by the caller, both ways.

use super::buchi::{Losses, onside_leq_knowing, onside_losses, onside_table};
use super::graph::{LoopyGraph, Player};
use super::sides::on_alternating_cycle;
use super::stopper::alternating_acyclic;
use crate::budget::{Budget, Exhausted};

/// Position 0 of `original` with options deleted, keeping its onside, until no alternating
/// cycle is left; `None` when no option on a cycle can go.
pub(crate) fn delete_to_stopper(original: &LoopyGraph, budget: &Budget) -> Result<Option<LoopyGraph>, Exhausted> {
    Ok(delete_to_stoppers(original, &[0], budget)?.map(|(g, _)| g))
}

/// [`delete_to_stopper`] for several roots at once: every deletion keeps the onside of each
/// of `roots`, and the graph left (the positions the roots reach, renumbered breadth first from
/// them in order) has no alternating cycle. Its positions of the roots come with it.
pub(crate) fn delete_to_stoppers(
    original: &LoopyGraph,
    roots: &[usize],
    budget: &Budget,
) -> Result<Option<(LoopyGraph, Vec<usize>)>, Exhausted> {
    let (mut g, mut roots) = reached(original, roots);
    while !alternating_acyclic(&g) {
        let table = onside_table(&g, budget)?;
        let mut changed = prune_left_dominated(&mut g, &table);
        changed |= delete_right_dominated(&mut g, &roots, &table, budget)?;
        if !changed {
            changed = delete_cyclic_options(&mut g, &roots, budget)?;
        }
        (g, roots) = reached(&g, &roots);
        if !changed {
            return Ok(None);
        }
    }
    Ok(Some((g, roots)))
}

/// The positions of `g` that `roots` reach, renumbered breadth first from the roots in order
/// (for one root, as [`LoopyGraph::reachable`] numbers them), with the roots' new numbers.
fn reached(g: &LoopyGraph, roots: &[usize]) -> (LoopyGraph, Vec<usize>) {
    if let [root] = roots {
        return (g.reachable(*root).0, vec![0]);
    }
    let mut number = vec![usize::MAX; g.len()];
    let mut order = Vec::new();
    for &r in roots {
        if number[r] == usize::MAX {
            number[r] = order.len();
            order.push(r);
        }
        let mut head = order.len() - 1;
        while let Some(&v) = order.get(head) {
            head += 1;
            for &w in g.options(Player::Left, v).iter().chain(g.options(Player::Right, v)) {
                if number[w] == usize::MAX {
                    number[w] = order.len();
                    order.push(w);
                }
            }
        }
    }
    let renumber = |opts: &[usize]| opts.iter().map(|&w| number[w]).collect();
    let left = order.iter().map(|&v| renumber(g.options(Player::Left, v))).collect();
    let right = order.iter().map(|&v| renumber(g.options(Player::Right, v))).collect();
    let h = LoopyGraph::new(left, right).expect("options are positions of the graph");
    (h, roots.iter().map(|&r| number[r]).collect())
}

/// The indices of the options of `p` at v dominated (for p) in the onside order `leq` of `g` by
/// another option not itself in the list (of options with equal onsides the first stays).
fn dominated(g: &LoopyGraph, leq: &[bool], v: usize, p: Player) -> Vec<usize> {
    let n = g.len();
    // `better(a, b)`: a is at least as good as b for p.
    let better = |a: usize, b: usize| if p == Player::Left { leq[b * n + a] } else { leq[a * n + b] };
    let opts = g.options(p, v);
    let beaten =
        |i: usize, w: usize| opts.iter().enumerate().any(|(j, &u)| j != i && better(u, w) && (!better(w, u) || j < i));
    opts.iter().enumerate().filter(|&(i, &w)| beaten(i, w)).map(|(i, _)| i).collect()
}

/// `g` with the options `cut` (position, player, index) deleted.
fn without(g: &LoopyGraph, cut: &[(usize, Player, usize)]) -> LoopyGraph {
    let mut h = g.clone();
    for p in [Player::Left, Player::Right] {
        for v in 0..g.len() {
            let gone: Vec<usize> = cut.iter().filter(|c| c.0 == v && c.1 == p).map(|c| c.2).collect();
            if gone.is_empty() {
                continue;
            }
            let kept = g.options(p, v).iter().enumerate().filter(|(i, _)| !gone.contains(i)).map(|(_, &w)| w);
            h.set_options(p, v, kept.collect());
        }
    }
    h
}

/// Deletes every dominated Left option (the first section of the module notes); whether any.
fn prune_left_dominated(g: &mut LoopyGraph, leq: &[bool]) -> bool {
    let cut: Vec<(usize, Player, usize)> = (0..g.len())
        .flat_map(|v| dominated(g, leq, v, Player::Left).into_iter().map(move |i| (v, Player::Left, i)))
        .collect();
    if cut.is_empty() {
        return false;
    }
    *g = without(g, &cut);
    true
}

/// Deletes dominated Right options in batches checked at the root; whether any went. `leq` is
/// the onside order of `g`'s positions (unchanged by the Left options already pruned).
fn delete_right_dominated(
    g: &mut LoopyGraph,
    roots: &[usize],
    leq: &[bool],
    budget: &Budget,
) -> Result<bool, Exhausted> {
    let cut: Vec<(usize, Player, usize)> = (0..g.len())
        .flat_map(|v| dominated(g, leq, v, Player::Right).into_iter().map(move |i| (v, Player::Right, i)))
        .collect();
    if cut.is_empty() {
        return Ok(false);
    }
    let base = Base { losses: onside_losses(g, budget)?, g: g.clone(), roots: roots.to_vec() };
    let kept = try_batch(&base, g, &cut, budget)?;
    if kept.is_empty() {
        return Ok(false);
    }
    *g = without(g, &kept);
    Ok(true)
}

/// A graph whose onside at position 0 every check compares against, with the states Right
/// wins in `g - g`: a graph with some of one player's options deleted is checked against it
/// starting from those states (Left has fewer moves there, Right the same ones, so they stay
/// lost).
struct Base {
    g: LoopyGraph,
    losses: Losses,
    /// The positions whose onsides are kept.
    roots: Vec<usize>,
}

impl Base {
    /// Whether `h`, which is `self.g` with options of `p` only deleted, has the same onside at
    /// every root.
    fn keeps_onside(&self, h: &LoopyGraph, p: Player, budget: &Budget) -> Result<bool, Exhausted> {
        keeps_onside(&self.g, h, &self.roots, p, Some(&self.losses), budget)
    }
}

/// Whether `h`, which is `g` with options of `p` deleted, has the same onside at every root,
/// given states Right wins in `g - g` if `known`. Fewer Left options can only lower the
/// onside, fewer Right options only raise it: one inequality per root decides, and one Büchi
/// game answers them all.
fn keeps_onside(
    g: &LoopyGraph,
    h: &LoopyGraph,
    roots: &[usize],
    p: Player,
    known: Option<&Losses>,
    budget: &Budget,
) -> Result<bool, Exhausted> {
    match p {
        Player::Left => onside_leq_knowing(g, h, roots, known, budget),
        Player::Right => onside_leq_knowing(h, g, roots, known, budget),
    }
}

/// The options of `cut` (all of one player's) that can go together keeping the onside of
/// position 0: the whole batch if one check passes, else the halves tried one after the other.
/// `g` is `base.g` with options of the same player deleted that kept its onside, so every
/// check is made against `base.g` (equal onsides at position 0).
fn try_batch(
    base: &Base,
    g: &LoopyGraph,
    cut: &[(usize, Player, usize)],
    budget: &Budget,
) -> Result<Vec<(usize, Player, usize)>, Exhausted> {
    if cut.is_empty() {
        return Ok(Vec::new());
    }
    let h = without(g, cut);
    if base.keeps_onside(&h, cut[0].1, budget)? {
        return Ok(cut.to_vec());
    }
    if cut.len() == 1 {
        return Ok(Vec::new());
    }
    let (a, b) = cut.split_at(cut.len() / 2);
    let mut first = try_batch(base, g, a, budget)?;
    // The second half is tried on the game with the first half's deletions made.
    let g2 = without(g, &first);
    let second = try_batch(base, &g2, &renumber(&first, b), budget)?;
    first.extend(unrenumber(&first, &second));
    Ok(first)
}

/// `b`'s indices as they are once the options `done` are deleted (both lists of one player's
/// options; `b` never names an option in `done`).
fn renumber(done: &[(usize, Player, usize)], b: &[(usize, Player, usize)]) -> Vec<(usize, Player, usize)> {
    b.iter().map(|&(v, p, i)| (v, p, i - done.iter().filter(|d| d.0 == v && d.1 == p && d.2 < i).count())).collect()
}

/// The inverse of [`renumber`]: indices in the game before `done` was deleted.
fn unrenumber(done: &[(usize, Player, usize)], b: &[(usize, Player, usize)]) -> Vec<(usize, Player, usize)> {
    b.iter()
        .map(|&(v, p, i)| {
            let mut j = i;
            let mut gone: Vec<usize> = done.iter().filter(|d| d.0 == v && d.1 == p).map(|d| d.2).collect();
            gone.sort_unstable();
            for k in gone {
                if k <= j {
                    j += 1;
                }
            }
            (v, p, j)
        })
        .collect()
}

/// Tries each option on an alternating cycle in turn (positions in order of discovery from
/// position 0, skipping those no longer reached), deleting it when the onside of position 0
/// stays equal; whether any went.
fn delete_cyclic_options(g: &mut LoopyGraph, roots: &[usize], budget: &Budget) -> Result<bool, Exhausted> {
    let mut changed = false;
    let mut reach = reached_from_roots(g, roots);
    for v in 0..g.len() {
        for p in [Player::Left, Player::Right] {
            let mut i = 0;
            while reach[v] && i < g.options(p, v).len() {
                budget.check()?;
                let w = g.options(p, v)[i];
                if !on_alternating_cycle(g, v, p, w) {
                    i += 1;
                    continue;
                }
                let h = without(g, &[(v, p, i)]);
                if keeps_onside(g, &h, roots, p, None, budget)? {
                    *g = h;
                    reach = reached_from_roots(g, roots);
                    changed = true;
                } else {
                    i += 1;
                }
            }
        }
    }
    Ok(changed)
}

/// Which positions of `g` the roots reach.
fn reached_from_roots(g: &LoopyGraph, roots: &[usize]) -> Vec<bool> {
    let mut seen = vec![false; g.len()];
    let mut stack = roots.to_vec();
    roots.iter().for_each(|&r| seen[r] = true);
    while let Some(x) = stack.pop() {
        for &w in g.options(Player::Left, x).iter().chain(g.options(Player::Right, x)) {
            if !seen[w] {
                seen[w] = true;
                stack.push(w);
            }
        }
    }
    seen
}

#[cfg(test)]
mod tests {
    use super::super::buchi::onside_leq;
    use super::super::sides::{Side, onside_by_single_deletions, side, side_leq};
    use super::super::simplify::SideForm;
    use super::*;
    use crate::game::{DisplayStyle, Games};
    use cgt_testkit::Rng;

    fn random_graph(rng: &mut Rng, max: u64, density: u64) -> LoopyGraph {
        let n = 1 + rng.below(max) as usize;
        let mut side = || -> Vec<Vec<usize>> {
            (0..n).map(|_| (0..rng.below(density + 1)).map(|_| rng.below(n as u64) as usize).collect()).collect()
        };
        let left = side();
        let right = side();
        LoopyGraph::new(left, right).unwrap()
    }

    fn text(games: &mut Games, s: &SideForm) -> String {
        s.display(games, DisplayStyle::default(), &Budget::unlimited()).unwrap()
    }

    /// The onside by the batched deletions equals the one by single deletions (the old path,
    /// each deletion checked by its own Büchi game), in the same form, on random loopy graphs;
    /// and the offside (the onside of the negative) likewise.
    #[test]
    fn batched_deletions_give_the_sides_single_deletions_give() {
        let mut rng = Rng(0x0a51_de5a);
        let budget = Budget::unlimited();
        let mut games = Games::new();
        let mut stoppers = 0;
        for round in 0..400 {
            let g = random_graph(&mut rng, 3 + round % 6, 1 + round % 3);
            for (graph, which) in [(g.clone(), Side::On), (g.negated(), Side::Off)] {
                let fast = side(&graph, 0, Side::On, &budget).unwrap();
                let old = onside_by_single_deletions(&graph, 0, &budget).unwrap();
                let (a, b) = (text(&mut games, &fast), text(&mut games, &old));
                assert_eq!(a, b, "{which:?} of {g:?}");
                let equal = side_leq(fast.graph(), 0, old.graph(), 0, Side::On, &budget).unwrap()
                    && side_leq(old.graph(), 0, fast.graph(), 0, Side::On, &budget).unwrap();
                assert!(equal, "{which:?} of {g:?}");
                stoppers += usize::from(matches!(fast, SideForm::Stopper(_)));
            }
        }
        assert!(stoppers >= 600, "{stoppers} stoppers");
    }

    /// Pruning for several roots at once keeps every root's onside: each root of the stopper
    /// graph left equals its position of the game (the Büchi order both ways).
    #[test]
    fn pruning_for_several_roots_keeps_each_onside() {
        let mut rng = Rng(0x2007_5a11);
        let budget = Budget::unlimited();
        let mut kept = 0;
        for round in 0..300 {
            let g = random_graph(&mut rng, 3 + round % 7, 1 + round % 3);
            let roots: Vec<usize> = (0..g.len()).filter(|_| rng.below(2) == 0).collect();
            if roots.is_empty() {
                continue;
            }
            let Some((s, at)) = delete_to_stoppers(&g, &roots, &budget).unwrap() else { continue };
            assert!(alternating_acyclic(&s), "{g:?}");
            for (&r, &sr) in roots.iter().zip(&at) {
                let equal = onside_leq(&g, r, &s, sr, &budget).unwrap() && onside_leq(&s, sr, &g, r, &budget).unwrap();
                assert!(equal, "root {r} of {g:?} gave {s:?}");
                kept += 1;
            }
        }
        assert!(kept >= 300, "{kept} roots kept");
    }
}

//! The order of onsides as a Büchi game (Siegel *CGT* ch. VI.4-5; WW ch. 11): `G+ <= H+` iff
//! Left, moving second, survives `H - G` when an infinite play counts for Left exactly when the
//! component H is moved in infinitely often. Solved by the classical iteration of attractors
//! on the states (position of G, position of H, mover).
//!
//! Only the states reached from the states asked about are built (for one inequality, typically
//! under half of the product), numbered in the product's order, with their moves and the moves into them in
//! flat arrays: about 10 bytes per state and 8 per move, besides a 4-byte index per state of
//! the whole product. The passes of the iteration then read arrays only.

use super::graph::{LoopyGraph, Player};
use crate::budget::{Budget, Exhausted};

/// The states of `H - G`: state `2 * (x * |H| + y) + r` is position x of G, y of H, with Right
/// to move when r = 1. Each move is flagged when it is a move in H.
struct Product<'a> {
    g: &'a LoopyGraph,
    h: &'a LoopyGraph,
}

impl Product<'_> {
    fn len(&self) -> usize {
        2 * self.g.len() * self.h.len()
    }

    fn state(&self, x: usize, y: usize, right_to_move: bool) -> usize {
        2 * (x * self.h.len() + y) + usize::from(right_to_move)
    }

    /// Calls `f(t, in_h)` for every move from s. Left moves in H, or in -G (a Right option of
    /// G); Right moves in H, or in -G (a Left option of G).
    fn each_succ(&self, s: usize, mut f: impl FnMut(usize, bool)) {
        let nh = self.h.len();
        let (x, y, right) = ((s / 2) / nh, (s / 2) % nh, s % 2 == 1);
        let (mover, g_side) = if right { (Player::Right, Player::Left) } else { (Player::Left, Player::Right) };
        self.h.options(mover, y).iter().for_each(|&y2| f(self.state(x, y2, !right), true));
        self.g.options(g_side, x).iter().for_each(|&x2| f(self.state(x2, y, !right), false));
    }
}

/// `G+ <= H+`: Left, moving second, survives H - G, where an infinite play is hers iff H is
/// moved in infinitely often.
pub(crate) fn onside_leq(
    g: &LoopyGraph,
    gv: usize,
    h: &LoopyGraph,
    hv: usize,
    budget: &Budget,
) -> Result<bool, Exhausted> {
    if gv >= g.len() || hv >= h.len() {
        return Ok(false);
    }
    let p = Product { g, h };
    // Only the states the starting state reaches matter (typically under half of them).
    let root = p.state(gv, hv, true);
    let arena = Arena::build(&p, [root], budget)?;
    let lost = buchi_losses(&arena, None, budget)?;
    Ok(!lost[arena.id[root] as usize])
}

/// Whether `G+ <= H+` at every position of `roots` (a position of both graphs, compared with
/// itself), given states Right is known to win: `known` is [`Losses`] of a product of the same
/// shape in which Left has every move she has here and Right exactly the moves he has here (so
/// each of those states is lost here too). One iteration answers every root, starting from
/// the known states.
pub(crate) fn onside_leq_knowing(
    g: &LoopyGraph,
    h: &LoopyGraph,
    roots: &[usize],
    known: Option<&Losses>,
    budget: &Budget,
) -> Result<bool, Exhausted> {
    if roots.iter().any(|&r| r >= g.len() || r >= h.len()) {
        return Ok(false);
    }
    let p = Product { g, h };
    // Only the states the starting states reach matter (typically under half of them).
    let starts: Vec<usize> = roots.iter().map(|&r| p.state(r, r, true)).collect();
    let arena = Arena::build(&p, starts.iter().copied(), budget)?;
    let known = known.filter(|k| k.g_len == g.len() && k.h_len == h.len()).map(|k| &k.lost[..]);
    let lost = buchi_losses(&arena, known, budget)?;
    Ok(starts.iter().all(|&s| !lost[arena.id[s] as usize]))
}

/// The states Right wins in a whole product `H - G` (indexed like the product's states).
pub(crate) struct Losses {
    g_len: usize,
    h_len: usize,
    lost: Vec<bool>,
}

/// [`Losses`] of `g - g`, every state of it.
pub(crate) fn onside_losses(g: &LoopyGraph, budget: &Budget) -> Result<Losses, Exhausted> {
    let p = Product { g, h: g };
    let arena = Arena::build(&p, 0..p.len(), budget)?;
    let lost = buchi_losses(&arena, None, budget)?;
    // Every state is its own root here, so the numbering is the identity.
    Ok(Losses { g_len: g.len(), h_len: g.len(), lost })
}

impl Losses {
    /// `table[x * n + y]`: whether the onside of position x is at most that of position y.
    pub(crate) fn table(&self) -> Vec<bool> {
        let n = self.h_len;
        (0..self.g_len * n).map(|i| !self.lost[2 * i + 1]).collect()
    }
}

/// `table[x * n + y]`: whether the onside of position x of `g` is at most that of position y,
/// for every pair at once (one Büchi game on `g - g`).
pub(crate) fn onside_table(g: &LoopyGraph, budget: &Budget) -> Result<Vec<bool>, Exhausted> {
    Ok(onside_losses(g, budget)?.table())
}

/// The flag on a move in H, in the top bit of a target in [`Arena`]'s lists.
const IN_H: u32 = 1 << 31;

/// The states of a product reached from some roots, numbered in the product's order, with their
/// moves and the moves into them as flat lists: the solver's passes then read arrays only,
/// with no division to split a state and no list of lists.
struct Arena {
    /// `id[s]`: the number of product state s, or `u32::MAX` if no root reaches it.
    id: Vec<u32>,
    /// The product state of each state.
    orig: Vec<u32>,
    /// Whether Right is to move, per state.
    right: Vec<bool>,
    /// The moves of state i are `succ[succ_start[i]..succ_start[i + 1]]`, each flagged with
    /// [`IN_H`] when it is a move in H.
    succ_start: Vec<u32>,
    succ: Vec<u32>,
    /// Likewise the moves into each state, flagged the same way.
    pred_start: Vec<u32>,
    pred: Vec<u32>,
}

impl Arena {
    fn build(p: &Product, roots: impl IntoIterator<Item = usize>, budget: &Budget) -> Result<Arena, Exhausted> {
        let n = p.len();
        if n >= IN_H as usize {
            return Err(Exhausted::Memory);
        }
        // The id map, the states' own arrays, and about three moves each way per state.
        budget.check_memory(n.saturating_mul(4 + 4 + 1 + 8 + 24))?;
        // Mark the states reached, then number them in the product's own order, which keeps
        // the moves into a state (same G position, neighbouring H positions) close in memory.
        const SEEN: u32 = u32::MAX - 1;
        let mut id = vec![u32::MAX; n];
        let mut stack: Vec<u32> = Vec::new();
        for r in roots {
            if id[r] == u32::MAX {
                id[r] = SEEN;
                stack.push(r as u32);
            }
        }
        let mut steps = 0u32;
        while let Some(s) = stack.pop() {
            steps = steps.wrapping_add(1);
            if steps.is_multiple_of(4096) {
                budget.check()?;
            }
            p.each_succ(s as usize, |t, _| {
                if id[t] == u32::MAX {
                    id[t] = SEEN;
                    stack.push(t as u32);
                }
            });
        }
        drop(stack);
        let mut orig: Vec<u32> = Vec::new();
        for (s, slot) in id.iter_mut().enumerate() {
            if *slot == SEEN {
                *slot = orig.len() as u32;
                orig.push(s as u32);
            }
        }
        let mut succ_start = Vec::with_capacity(orig.len() + 1);
        succ_start.push(0u32);
        let mut succ = Vec::new();
        for (i, &s) in orig.iter().enumerate() {
            if i % 4096 == 0 {
                budget.check()?;
                budget.check_memory(n.saturating_mul(17).saturating_add(succ.len().saturating_mul(8)))?;
            }
            p.each_succ(s as usize, |t, in_h| succ.push(id[t] | if in_h { IN_H } else { 0 }));
            succ_start.push(succ.len() as u32);
        }
        let m = orig.len();
        let mut pred_start = vec![0u32; m + 1];
        for &t in &succ {
            pred_start[(t & !IN_H) as usize + 1] += 1;
        }
        for i in 0..m {
            pred_start[i + 1] += pred_start[i];
        }
        let mut fill = pred_start.clone();
        let mut pred = vec![0u32; succ.len()];
        for s in 0..m {
            for &t in &succ[succ_start[s] as usize..succ_start[s + 1] as usize] {
                let slot = &mut fill[(t & !IN_H) as usize];
                pred[*slot as usize] = s as u32 | (t & IN_H);
                *slot += 1;
            }
        }
        let right = orig.iter().map(|&s| s % 2 == 1).collect();
        Ok(Arena { id, orig, right, succ_start, succ, pred_start, pred })
    }

    fn len(&self) -> usize {
        self.right.len()
    }

    fn succs(&self, s: usize) -> &[u32] {
        &self.succ[self.succ_start[s] as usize..self.succ_start[s + 1] as usize]
    }

    fn preds(&self, t: usize) -> &[u32] {
        &self.pred[self.pred_start[t] as usize..self.pred_start[t + 1] as usize]
    }
}

/// The states Right wins: Right can force Left out of moves, or force a play that from some
/// point on never moves in H. States in `known` (indexed by product state) are lost already:
/// the iteration only grows the lost set, and starting it from states Right wins keeps every
/// set it builds inside Right's winning region, so it ends at the same set.
fn buchi_losses(a: &Arena, known: Option<&[bool]>, budget: &Budget) -> Result<Vec<bool>, Exhausted> {
    let n = a.len();
    budget.check_memory(n.saturating_mul(12))?;
    let mut lost = vec![false; n];
    let mut open: Vec<u32> = (0..n).map(|s| a.succ_start[s + 1] - a.succ_start[s]).collect();
    // Left to move with no move loses; so does every state known to be lost.
    let mut queue: Vec<u32> = (0..n)
        .filter(|&s| (!a.right[s] && open[s] == 0) || known.is_some_and(|k| k[a.orig[s] as usize]))
        .map(|s| s as u32)
        .collect();
    let mut good = vec![false; n];
    let mut pending = vec![0u32; n];
    loop {
        attract_right(a, &mut lost, &mut open, &mut queue, budget)?;
        forced_h_moves(a, &lost, &mut good, &mut pending, budget)?;
        queue.extend((0..n).filter(|&s| !lost[s] && !good[s]).map(|s| s as u32));
        if queue.is_empty() {
            return Ok(lost);
        }
    }
}

/// Adds to `lost` every state from which Right can force play into `lost` or the `queue`
/// (which it leaves empty).
fn attract_right(
    a: &Arena,
    lost: &mut [bool],
    open: &mut [u32],
    queue: &mut Vec<u32>,
    budget: &Budget,
) -> Result<(), Exhausted> {
    queue.retain(|&s| !lost[s as usize]);
    queue.iter().for_each(|&s| lost[s as usize] = true);
    let mut steps = 0u32;
    while let Some(t) = queue.pop() {
        steps = steps.wrapping_add(1);
        if steps.is_multiple_of(1024) {
            budget.check()?;
        }
        for &e in a.preds(t as usize) {
            let s = (e & !IN_H) as usize;
            if lost[s] {
                continue;
            }
            // Right to move takes any move into a lost state; Left to move is lost when all
            // her moves are.
            let take = a.right[s] || {
                open[s] -= 1;
                open[s] == 0
            };
            if take {
                lost[s] = true;
                queue.push(s as u32);
            }
        }
    }
    Ok(())
}

/// Marks in `good` the states outside `lost` from which Left can force a move in H (by either
/// player) to happen, staying outside `lost` (a least fixpoint); `pending` is scratch.
fn forced_h_moves(
    a: &Arena,
    lost: &[bool],
    good: &mut [bool],
    pending: &mut [u32],
    budget: &Budget,
) -> Result<(), Exhausted> {
    let n = a.len();
    let mut queue = Vec::new();
    for s in 0..n {
        if s % 4096 == 0 {
            budget.check()?;
        }
        good[s] = false;
        if lost[s] {
            continue;
        }
        let moves = a.succs(s);
        let base = if a.right[s] {
            // Right to move: good once every move outside H leads to a good state.
            let count = moves.iter().filter(|&&t| t & IN_H == 0).count() as u32;
            pending[s] = count;
            count == 0
        } else {
            moves.iter().any(|&t| t & IN_H != 0 && !lost[(t & !IN_H) as usize])
        };
        if base {
            good[s] = true;
            queue.push(s as u32);
        }
    }
    let mut steps = 0u32;
    while let Some(t) = queue.pop() {
        steps = steps.wrapping_add(1);
        if steps.is_multiple_of(1024) {
            budget.check()?;
        }
        for &e in a.preds(t as usize) {
            let s = (e & !IN_H) as usize;
            if e & IN_H != 0 || lost[s] || good[s] {
                continue;
            }
            let take = !a.right[s] || {
                pending[s] -= 1;
                pending[s] == 0
            };
            if take {
                good[s] = true;
                queue.push(s as u32);
            }
        }
    }
    Ok(())
}

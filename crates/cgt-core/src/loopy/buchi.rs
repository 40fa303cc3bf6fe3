//! The order of onsides as a Büchi game (Siegel *CGT* ch. VI.4-5; WW ch. 11): `G+ <= H+` iff
//! Left, moving second, survives `H - G` when an infinite play counts for Left exactly when the
//! component H is moved in infinitely often. Solved by the classical iteration of attractors
//! on the states (position of G, position of H, mover).
//!
//! The product is never stored: the moves of a state and the moves into it are read from the
//! two graphs and their reversed option lists, so the memory is a few bytes per state (about
//! 20 bytes per pair of positions) and no edge list of the product is built.

use super::graph::{LoopyGraph, Player};
use crate::budget::{Budget, Exhausted};

/// A graph with its options reversed: `parents(p, w)` lists the positions with a `p` option w.
struct Reversed<'a> {
    g: &'a LoopyGraph,
    left_into: Vec<Vec<u32>>,
    right_into: Vec<Vec<u32>>,
}

impl<'a> Reversed<'a> {
    fn new(g: &'a LoopyGraph) -> Reversed<'a> {
        let rev = |p: Player| {
            let mut r = vec![Vec::new(); g.len()];
            (0..g.len()).for_each(|v| g.options(p, v).iter().for_each(|&w| r[w].push(v as u32)));
            r
        };
        Reversed { g, left_into: rev(Player::Left), right_into: rev(Player::Right) }
    }

    fn parents(&self, p: Player, w: usize) -> &[u32] {
        match p {
            Player::Left => &self.left_into[w],
            Player::Right => &self.right_into[w],
        }
    }
}

/// The states of `H - G`: state `2 * (x * |H| + y) + r` is position x of G, y of H, with Right
/// to move when r = 1. Each move is flagged when it is a move in H.
struct Product<'a> {
    g: Reversed<'a>,
    h: Reversed<'a>,
}

impl Product<'_> {
    fn len(&self) -> usize {
        2 * self.g.g.len() * self.h.g.len()
    }

    fn state(&self, x: usize, y: usize, right_to_move: bool) -> usize {
        2 * (x * self.h.g.len() + y) + usize::from(right_to_move)
    }

    /// (x, y, whether Right is to move) of state s.
    fn split(&self, s: usize) -> (usize, usize, bool) {
        let nh = self.h.g.len();
        ((s / 2) / nh, (s / 2) % nh, s % 2 == 1)
    }

    /// Calls `f(t, in_h)` for every move from s. Left moves in H, or in -G (a Right option of
    /// G); Right moves in H, or in -G (a Left option of G).
    fn each_succ(&self, s: usize, mut f: impl FnMut(usize, bool)) {
        let (x, y, right) = self.split(s);
        let (mover, g_side) = if right { (Player::Right, Player::Left) } else { (Player::Left, Player::Right) };
        self.h.g.options(mover, y).iter().for_each(|&y2| f(self.state(x, y2, !right), true));
        self.g.g.options(g_side, x).iter().for_each(|&x2| f(self.state(x2, y, !right), false));
    }

    /// The number of moves from s.
    fn succ_count(&self, s: usize) -> usize {
        let (x, y, right) = self.split(s);
        let (mover, g_side) = if right { (Player::Right, Player::Left) } else { (Player::Left, Player::Right) };
        self.h.g.options(mover, y).len() + self.g.g.options(g_side, x).len()
    }

    /// Calls `f(s, in_h)` for every move into t (s has the other player to move).
    fn each_pred(&self, t: usize, mut f: impl FnMut(usize, bool)) {
        let (x, y, right) = self.split(t);
        // The mover of s is the player not to move at t.
        let (mover, g_side) = if right { (Player::Left, Player::Right) } else { (Player::Right, Player::Left) };
        self.h.parents(mover, y).iter().for_each(|&y1| f(self.state(x, y1 as usize, !right), true));
        self.g.parents(g_side, x).iter().for_each(|&x1| f(self.state(x1 as usize, y, !right), false));
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
    let p = Product { g: Reversed::new(g), h: Reversed::new(h) };
    let lost = buchi_losses(&p, budget)?;
    Ok(!lost[p.state(gv, hv, true)])
}

/// `table[x * n + y]`: whether the onside of position x of `g` is at most that of position y,
/// for every pair at once (one Büchi game on `g - g`).
pub(crate) fn onside_table(g: &LoopyGraph, budget: &Budget) -> Result<Vec<bool>, Exhausted> {
    let n = g.len();
    let p = Product { g: Reversed::new(g), h: Reversed::new(g) };
    let lost = buchi_losses(&p, budget)?;
    Ok((0..n * n).map(|i| !lost[p.state(i / n, i % n, true)]).collect())
}

/// The states Right wins: Right can force Left out of moves, or force a play that from some
/// point on never moves in H.
fn buchi_losses(p: &Product, budget: &Budget) -> Result<Vec<bool>, Exhausted> {
    let n = p.len();
    budget.check_memory(n.saturating_mul(12))?;
    let mut lost = vec![false; n];
    let mut open: Vec<u32> = (0..n).map(|s| p.succ_count(s) as u32).collect();
    let mut queue: Vec<usize> = (0..n).filter(|&s| s % 2 == 0 && open[s] == 0).collect();
    loop {
        attract_right(p, &mut lost, &mut open, queue, budget)?;
        let good = forced_h_moves(p, &lost, budget)?;
        queue = (0..n).filter(|&s| !lost[s] && !good[s]).collect();
        if queue.is_empty() {
            return Ok(lost);
        }
    }
}

/// Adds to `lost` every state from which Right can force play into `lost` or the `queue`.
fn attract_right(
    p: &Product,
    lost: &mut [bool],
    open: &mut [u32],
    mut queue: Vec<usize>,
    budget: &Budget,
) -> Result<(), Exhausted> {
    queue.retain(|&s| !lost[s]);
    queue.iter().for_each(|&s| lost[s] = true);
    while let Some(t) = queue.pop() {
        budget.check()?;
        p.each_pred(t, |s, _| {
            if lost[s] {
                return;
            }
            // Right to move takes any move into a lost state; Left to move is lost when all
            // her moves are.
            let take = if s % 2 == 1 {
                true
            } else {
                open[s] -= 1;
                open[s] == 0
            };
            if take {
                lost[s] = true;
                queue.push(s);
            }
        });
    }
    Ok(())
}

/// The states outside `lost` from which Left can force a move in H (by either player) to
/// happen, staying outside `lost` (a least fixpoint).
fn forced_h_moves(p: &Product, lost: &[bool], budget: &Budget) -> Result<Vec<bool>, Exhausted> {
    let n = p.len();
    let mut good = vec![false; n];
    // For Right-to-move states: moves outside H to states not yet good.
    let mut pending = vec![0u32; n];
    let mut queue = Vec::new();
    for s in 0..n {
        if s % 256 == 0 {
            budget.check()?;
        }
        if lost[s] {
            continue;
        }
        let base = if s % 2 == 0 {
            let mut any = false;
            p.each_succ(s, |t, in_h| any |= in_h && !lost[t]);
            any
        } else {
            let mut count = 0;
            p.each_succ(s, |_, in_h| count += u32::from(!in_h));
            pending[s] = count;
            count == 0
        };
        if base {
            good[s] = true;
            queue.push(s);
        }
    }
    while let Some(t) = queue.pop() {
        budget.check()?;
        p.each_pred(t, |s, in_h| {
            if in_h || lost[s] || good[s] {
                return;
            }
            let take = if s % 2 == 0 {
                true
            } else {
                pending[s] -= 1;
                pending[s] == 0
            };
            if take {
                good[s] = true;
                queue.push(s);
            }
        });
    }
    Ok(good)
}

//! Sides that are not stoppers (Siegel *CGT* ch. VI.4-5, simplification of sides; WW ch. 11,
//! Bach's Carousel): a side is kept as a loopy graph simplified by deleting options while the
//! side stays equal, as CGSuite prints such sides (its SidedValue test data for the Carousel).
//!
//! * Deletion: at every position from which an alternating cycle can be reached, each option is
//!   deleted in turn (positions in order, Left's options before Right's) when the onside of the
//!   game stays equal, until no option can go. A Left option deleted can only lower the onside
//!   and a Right option only raise it, so one comparison (`side_leq`, the Büchi game) decides.
//!   Positions with no alternating cycle below them are stoppers and are left as they are. For
//!   Bach's Carousel every order deletes the same options, which are the ones CGSuite deletes.
//! * A side whose graph has no alternating cycle left is a stopper, put in simplest form.
//! * Fusion: otherwise positions with equal onsides (one Büchi game on `S - S` gives them all;
//!   neither below the other) are merged into the first of them, and the result is kept if it
//!   checks equal to the game; else only stopper positions equal as stoppers are merged (with
//!   the same check), else nothing is. The unmerged graph is itself checked against the game
//!   (both inequalities); a failure there is an error, never a guess.
//!
//! The offside of G is the negative of the onside of -G, so only onsides are simplified here.

use super::graph::{LoopyGraph, PlayResult, Player, results};
use super::sides::{Side, SidesError, onside_table, side_leq};
use super::stopper::{Stopper, geq_table, stopper_positions};
use crate::budget::{Budget, Exhausted};
use crate::game::{DisplayStyle, Games};

/// One side of a loopy game: a stopper in simplest form, or a simplified loopy graph.
#[derive(Clone, Debug)]
pub enum SideForm {
    /// A side equal to a stopper, in simplest form.
    Stopper(Stopper),
    /// A side that is not a stopper (Bach's Carousel), as a simplified graph.
    Loopy(LoopySide),
}

/// A side that is not a stopper: position 0 of a graph with alternating cycles, simplified.
#[derive(Clone, Debug)]
pub struct LoopySide {
    graph: LoopyGraph,
    side: Side,
}

impl LoopySide {
    /// The simplified graph; the side is position 0.
    pub fn graph(&self) -> &LoopyGraph {
        &self.graph
    }

    /// Which side this is (who wins infinite play).
    pub fn side(&self) -> Side {
        self.side
    }
}

impl SideForm {
    /// The graph of the side; the side is position 0.
    pub fn graph(&self) -> &LoopyGraph {
        match self {
            SideForm::Stopper(s) => s.graph(),
            SideForm::Loopy(l) => &l.graph,
        }
    }

    /// The stopper this side is, if it is one.
    pub fn as_stopper(&self) -> Option<&Stopper> {
        match self {
            SideForm::Stopper(s) => Some(s),
            SideForm::Loopy(_) => None,
        }
    }

    /// The negative: `-(G+)` is the offside of `-G`, and `-(G-)` the onside.
    pub fn neg(&self) -> SideForm {
        match self {
            SideForm::Stopper(s) => SideForm::Stopper(s.neg()),
            SideForm::Loopy(l) => SideForm::Loopy(LoopySide { graph: l.graph.negated(), side: other(l.side) }),
        }
    }

    /// Whether `self <= other` as `side`s (for stoppers, the stopper order).
    pub fn leq(&self, other: &SideForm, side: Side, budget: &Budget) -> Result<bool, Exhausted> {
        match (self, other) {
            (SideForm::Stopper(a), SideForm::Stopper(b)) => a.leq(b, budget),
            _ => side_leq(self.graph(), 0, other.graph(), 0, side, budget),
        }
    }

    /// The side as CGSuite writes it: a stopper in its simplest form, a side that is not one in
    /// the labelled notation (`a{1|1,{1*|a||*}||0}`).
    pub fn display(&self, games: &mut Games, style: DisplayStyle, budget: &Budget) -> Result<String, Exhausted> {
        match self {
            SideForm::Stopper(s) => s.display(games, style, budget),
            SideForm::Loopy(l) => super::print::display(&l.graph, games, style, budget),
        }
    }

    /// The results (Left starts, Right starts) of the side with every infinite play won by
    /// `side`'s player (Left for the onside, Right for the offside).
    pub(crate) fn results(&self, side: Side, budget: &Budget) -> Result<(PlayResult, PlayResult), Exhausted> {
        let r = results(self.graph(), budget)?;
        let infinite = if side == Side::On { PlayResult::LeftWins } else { PlayResult::RightWins };
        let settle = |x: PlayResult| if x == PlayResult::Draw { infinite } else { x };
        Ok((settle(r[0].0), settle(r[0].1)))
    }
}

fn other(side: Side) -> Side {
    match side {
        Side::On => Side::Off,
        Side::Off => Side::On,
    }
}

/// The onside of position 0 of `g` (every position reachable from 0) when no stopper was found
/// for it by deleting cyclic edges: the graph simplified by deletion and fusion.
pub(crate) fn simplified_onside(g: &LoopyGraph, budget: &Budget) -> Result<SideForm, SidesError> {
    let deleted = delete_options(g.clone(), budget)?;
    if stopper_positions(&deleted).first() == Some(&true) {
        return Ok(SideForm::Stopper(Stopper::new(&deleted, 0, budget)?));
    }
    // Each deletion was checked by one comparison (the other inequality is a theorem); both
    // are checked once more here, and a failure is an error rather than a guess.
    if !equal_onsides(g, &deleted, budget)? {
        return Err(SidesError::NotStopperSided(Side::On));
    }
    let all = fuse(&deleted, Fusion::AllEqualSides, budget)?;
    if equal_onsides(g, &all, budget)? {
        return Ok(SideForm::Loopy(LoopySide { graph: all, side: Side::On }));
    }
    let fused = fuse(&deleted, Fusion::Stoppers, budget)?;
    let graph = if equal_onsides(g, &fused, budget)? { fused } else { deleted };
    Ok(SideForm::Loopy(LoopySide { graph, side: Side::On }))
}

/// Whether the onsides of position 0 of `g` and of `h` are equal.
fn equal_onsides(g: &LoopyGraph, h: &LoopyGraph, budget: &Budget) -> Result<bool, Exhausted> {
    Ok(side_leq(g, 0, h, 0, Side::On, budget)? && side_leq(h, 0, g, 0, Side::On, budget)?)
}

/// Deletes options at positions that reach an alternating cycle while the onside of position 0
/// stays equal, pass after pass until none can go; only positions reachable from 0 are kept.
fn delete_options(mut g: LoopyGraph, budget: &Budget) -> Result<LoopyGraph, Exhausted> {
    loop {
        let mut changed = false;
        let stopper = stopper_positions(&g);
        for v in (0..g.len()).filter(|&v| !stopper[v]) {
            for p in [Player::Left, Player::Right] {
                let mut i = 0;
                while i < g.options(p, v).len() {
                    budget.check()?;
                    let h = without_option(&g, p, v, i);
                    // Fewer Left options can only lower the onside, fewer Right options only
                    // raise it: the other inequality always holds.
                    let keeps = match p {
                        Player::Left => side_leq(&g, 0, &h, 0, Side::On, budget)?,
                        Player::Right => side_leq(&h, 0, &g, 0, Side::On, budget)?,
                    };
                    if keeps {
                        g = h;
                        changed = true;
                    } else {
                        i += 1;
                    }
                }
            }
        }
        g = g.reachable(0).0;
        if !changed {
            return Ok(g);
        }
    }
}

/// `g` without the `i`-th option of `p` at v.
pub(crate) fn without_option(g: &LoopyGraph, p: Player, v: usize, i: usize) -> LoopyGraph {
    let mut h = g.clone();
    let mut opts = g.options(p, v).to_vec();
    opts.remove(i);
    h.set_options(p, v, opts);
    h
}

/// Which positions fusion merges.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Fusion {
    /// Any two positions with equal onsides (checked against the game afterwards).
    AllEqualSides,
    /// Stopper positions equal as stoppers.
    Stoppers,
}

/// Merges equal positions (as `which` says) into the first of each class, and drops repeated
/// options; only positions reachable from 0 are kept. A position is not merged with one it
/// reaches or is reached from: a stopper not in simplest form may equal one of its own
/// subpositions (`{-1|}` = 0), and merging them would close a cycle.
fn fuse(g: &LoopyGraph, which: Fusion, budget: &Budget) -> Result<LoopyGraph, Exhausted> {
    let n = g.len();
    let stopper = stopper_positions(g);
    // On stopper positions the survival order is the stopper order; the onside order is
    // the Büchi game on `g - g`.
    let leq = match which {
        Fusion::Stoppers => {
            let geq = geq_table(g, g, budget)?;
            (0..n * n).map(|i| stopper[i / n] && stopper[i % n] && geq[(i % n) * n + i / n]).collect()
        }
        Fusion::AllEqualSides => onside_table(g, budget)?,
    };
    let mut reach: Vec<Vec<bool>> = Vec::with_capacity(n);
    for v in 0..n {
        budget.check()?;
        reach.push(reaches(g, v));
    }
    let apart = |u: usize, v: usize| !reach[u][v] && !reach[v][u];
    let equal = |u: usize, v: usize| leq[u * n + v] && leq[v * n + u] && apart(u, v);
    let mut rep: Vec<usize> = (0..n).collect();
    for v in 0..n {
        budget.check()?;
        if let Some(u) = (0..v).find(|&u| equal(u, v)) {
            rep[v] = rep[u];
        }
    }
    let mut h = g.clone();
    for v in 0..n {
        for p in [Player::Left, Player::Right] {
            let mut opts: Vec<usize> = Vec::new();
            for &w in g.options(p, v) {
                if !opts.contains(&rep[w]) {
                    opts.push(rep[w]);
                }
            }
            h.set_options(p, v, opts);
        }
    }
    Ok(h.reachable(0).0)
}

/// The positions reachable from v by one or more moves.
fn reaches(g: &LoopyGraph, v: usize) -> Vec<bool> {
    let mut seen = vec![false; g.len()];
    let mut stack = vec![v];
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

//! Who wins a position of a [`Tabled`] ruleset, without its value: a search over sums of
//! regions with a transposition table, for positions whose canonical form is out of reach
//! (`outcome(clobber[...])` on a board of thirty stones).
//!
//! A position of the search is a list of regions not yet valued (sorted, so that the same
//! sum met by other move orders is the same entry of the table), the exact value `rest` of
//! everything else, and who moves. Regions of at most [`OutcomeSearch::small`] (by
//! [`Measured::size`]) are valued exactly through the ruleset's [`Solver`] and added into
//! `rest` as soon as they appear; larger ones stay regions. A sum of independent regions is
//! their disjunctive sum, and replacing a component of a sum by its canonical form keeps the
//! outcome (CGT II.1), so the player to move wins exactly when one of its moves leaves a
//! position that the other player, moving first, loses: a move in one region (its option
//! split into regions again), or a move in `rest` to one of the options of its canonical form.
//! With no region left, the outcome of `rest` decides at once.
//!
//! Moves are tried in this order: first any move to a position the table already knows the
//! other player loses (enhanced transposition cutoff: no move is searched before every
//! child has been looked up), then the region moves by the mobility they leave (the other
//! player's moves less the mover's, over the regions the move changed: fewest first), then
//! the moves in `rest`. A child the table knows the other player wins is skipped. The order
//! only changes how long the search takes, never its answer.
//!
//! The table holds proven results only, so it is cleared when it grows past its cap, which
//! costs time and not exactness; its memory, with the games', is checked against the budget.
//! The recursion is one frame per move made, so its depth is the longest game from the
//! position (at most the board's cells for the stone games that use it).

use cgt_core::game::{GameId, Games, Outcome};
use cgt_core::hash::FxHashMap;
use cgt_core::{Budget, Exhausted};

use super::{Solver, Tabled};

/// A region the outcome search can size: regions of at most [`OutcomeSearch::small`] are
/// valued exactly.
pub trait Measured: Tabled + Ord {
    /// The region's size (the cells of its board, say): larger regions take longer to value.
    fn size(&self) -> usize;
}

/// What values the small regions: the ruleset's solver ([`Solver`], or a ruleset's own, as
/// Amazons' on bit masks).
pub trait Valuer<P> {
    /// The canonical value of `p`.
    fn value(&mut self, games: &mut Games, p: &P, budget: &Budget) -> Result<GameId, Exhausted>;
}

impl<P: Tabled> Valuer<P> for Solver<P> {
    fn value(&mut self, games: &mut Games, p: &P, budget: &Budget) -> Result<GameId, Exhausted> {
        Solver::value(self, games, p, budget)
    }
}

/// The size up to which regions are valued exactly by default (cells of a stone game's
/// cropped region): see BENCHMARKS.md, "Outcome search for the stone games".
pub const SMALL_CELLS: usize = 10;
/// How many nodes pass between two checks of the memory budget.
const MEMORY_EVERY: u64 = 1 << 12;
/// The most entries the table (and the mobility cache) hold before they are cleared.
const TABLE_CAP: usize = 1 << 22;

/// One position of the search, as the table keys it.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Key<P> {
    /// The regions not yet valued, sorted.
    regions: Vec<P>,
    /// The value of everything else.
    rest: GameId,
    /// Whether Left moves.
    left: bool,
}

/// A move of the search: the position it leaves, and its place in the order.
struct Child<P> {
    key: Key<P>,
    order: i64,
}

/// The state of outcome searches of one ruleset: the table of proven results, kept from one
/// search to the next.
pub struct OutcomeSearch<P: Measured> {
    table: FxHashMap<Key<P>, bool>,
    /// The bytes the table's regions hold, roughly.
    table_bytes: usize,
    /// Each region's count of moves for Left and for Right.
    mobility: FxHashMap<P, (u32, u32)>,
    small: usize,
    nodes: u64,
}

impl<P: Measured> Default for OutcomeSearch<P> {
    /// A search that values regions of at most [`SMALL_CELLS`] exactly.
    fn default() -> Self {
        OutcomeSearch::new(SMALL_CELLS)
    }
}

impl<P: Measured> OutcomeSearch<P> {
    /// A search that values regions of at most `small` exactly.
    pub fn new(small: usize) -> Self {
        OutcomeSearch { table: FxHashMap::default(), table_bytes: 0, mobility: FxHashMap::default(), small, nodes: 0 }
    }

    /// The size up to which regions are valued exactly.
    pub fn small(&self) -> usize {
        self.small
    }

    /// The nodes searched so far, over every search made with this state.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether every region of `p` is small enough to be valued exactly: then the search is
    /// the value, and the value is the better answer.
    pub fn is_small(&self, p: &P) -> bool {
        p.regions().iter().all(|r| r.size() <= self.small)
    }

    /// The outcome class of `p`: who wins with Left moving first, and with Right.
    pub fn outcome(
        &mut self,
        games: &mut Games,
        solver: &mut impl Valuer<P>,
        p: &P,
        budget: &Budget,
    ) -> Result<Outcome, Exhausted> {
        let zero = games.zero();
        let (regions, rest) = self.split(games, solver, Vec::new(), p.regions(), zero, budget)?;
        let left = self.wins(games, solver, Key { regions: regions.clone(), rest, left: true }, budget)?;
        let right = self.wins(games, solver, Key { regions, rest, left: false }, budget)?;
        Ok(match (left, right) {
            (true, true) => Outcome::N,
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
            (false, false) => Outcome::P,
        })
    }

    /// `kept` and the large regions among `parts`, sorted, and `rest` plus the values of the
    /// small ones.
    fn split(
        &mut self,
        games: &mut Games,
        solver: &mut impl Valuer<P>,
        mut kept: Vec<P>,
        parts: Vec<P>,
        mut rest: GameId,
        budget: &Budget,
    ) -> Result<(Vec<P>, GameId), Exhausted> {
        for part in parts {
            if part.size() <= self.small {
                let g = solver.value(games, &part, budget)?;
                rest = games.add(rest, g, budget)?;
            } else {
                kept.push(part);
            }
        }
        kept.sort_unstable();
        Ok((kept, rest))
    }

    /// Whether the player to move wins the position of `key`.
    fn wins(
        &mut self,
        games: &mut Games,
        solver: &mut impl Valuer<P>,
        key: Key<P>,
        budget: &Budget,
    ) -> Result<bool, Exhausted> {
        budget.check()?;
        self.nodes += 1;
        if self.nodes.is_multiple_of(MEMORY_EVERY) {
            budget.check_memory(games.memory_bytes().saturating_add(self.memory()))?;
        }
        if key.regions.is_empty() {
            return moving_first_wins(games, key.rest, key.left, budget);
        }
        if let Some(&wins) = self.table.get(&key) {
            return Ok(wins);
        }
        let wins = self.try_moves(games, solver, &key, budget)?;
        self.store(key, wins);
        Ok(wins)
    }

    /// Whether one of the moves of the player to move wins (the order in the module's doc).
    fn try_moves(
        &mut self,
        games: &mut Games,
        solver: &mut impl Valuer<P>,
        key: &Key<P>,
        budget: &Budget,
    ) -> Result<bool, Exhausted> {
        let left = key.left;
        let mut children = Vec::new();
        for (i, region) in key.regions.iter().enumerate() {
            let options = if left { region.left_options() } else { region.right_options() };
            if options.is_empty() {
                continue;
            }
            let others: Vec<P> =
                key.regions.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, r)| r.clone()).collect();
            let before = self.mobility_of(region);
            for option in options {
                budget.check()?;
                let parts = option.regions();
                let after = parts.iter().fold((0i64, 0i64), |(l, r), p| {
                    let (a, b) = self.mobility_of(p);
                    (l + i64::from(a), r + i64::from(b))
                });
                let (regions, rest) = self.split(games, solver, others.clone(), parts, key.rest, budget)?;
                let child = Key { regions, rest, left: !left };
                // Known lost for the other side (or decided at once with no region left): a win.
                let known = if child.regions.is_empty() {
                    Some(moving_first_wins(games, child.rest, !left, budget)?)
                } else {
                    self.table.get(&child).copied()
                };
                match known {
                    Some(false) => return Ok(true),
                    Some(true) => continue,
                    None => {}
                }
                // The other side's moves less the mover's, changed by the move.
                let (mine, theirs) = if left { (after.0, after.1) } else { (after.1, after.0) };
                let (mine_before, theirs_before) = if left {
                    (i64::from(before.0), i64::from(before.1))
                } else {
                    (i64::from(before.1), i64::from(before.0))
                };
                let order = (theirs - theirs_before) - (mine - mine_before);
                children.push(Child { key: child, order });
            }
        }
        children.sort_by_key(|c| c.order);
        for child in children {
            if !self.wins(games, solver, child.key, budget)? {
                return Ok(true);
            }
        }
        let (lefts, rights) = games.try_options(key.rest)?;
        for option in if left { lefts } else { rights } {
            let child = Key { regions: key.regions.clone(), rest: option, left: !left };
            if !self.wins(games, solver, child, budget)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// The moves Left and Right have in a region, cached.
    fn mobility_of(&mut self, region: &P) -> (u32, u32) {
        if let Some(&m) = self.mobility.get(region) {
            return m;
        }
        let m = (count(region.left_options().len()), count(region.right_options().len()));
        if self.mobility.len() >= TABLE_CAP {
            self.mobility.clear();
        }
        self.mobility.insert(region.clone(), m);
        m
    }

    /// Stores a proven result, clearing the table first when it is full.
    fn store(&mut self, key: Key<P>, wins: bool) {
        if self.table.len() >= TABLE_CAP {
            self.table.clear();
            self.table_bytes = 0;
        }
        self.table_bytes += entry_bytes(&key);
        self.table.insert(key, wins);
    }

    /// The bytes the search's tables hold, roughly.
    fn memory(&self) -> usize {
        let per_region = size_of::<P>() + 64;
        self.table_bytes + self.mobility.len() * (per_region + 16)
    }
}

/// The bytes one entry of the table holds, roughly: the key's regions (with their cells)
/// and the map's own slot.
fn entry_bytes<P: Measured>(key: &Key<P>) -> usize {
    size_of::<Key<P>>() + 16 + key.regions.iter().map(|r| size_of::<P>() + r.size()).sum::<usize>()
}

/// A count of moves as a `u32` (a region has far fewer).
fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// Whether the player to move (Left when `left`) wins `g` moving first.
fn moving_first_wins(games: &mut Games, g: GameId, left: bool, budget: &Budget) -> Result<bool, Exhausted> {
    let o = games.outcome(g, budget)?;
    Ok(matches!((o, left), (Outcome::N, _) | (Outcome::L, true) | (Outcome::R, false)))
}

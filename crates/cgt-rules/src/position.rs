//! Partizan positions as one trait: their moves, their notation and their value.
//!
//! A ruleset whose positions are short partizan games implements [`Partizan`]: the positions
//! each player can move to, and how a position is written in the ruleset's own notation. From
//! that alone, [`Solver`] computes canonical values with a transposition table keyed by a
//! normalised position (a ruleset may normalise translations, symmetries and empty borders, and
//! split a position into independent regions whose values add), and [`search`] computes them
//! with neither table nor splitting, straight from the definition of a game (Siegel, CGT II.1):
//! the oracle every faster method is tested against. Both work without recursion, so deep
//! games cannot overflow the stack, and both honour the budget.

use std::hash::Hash;

use cgt_core::game::{GameId, Games};
use cgt_core::hash::FxHashMap;
use cgt_core::{Budget, Exhausted};

/// A position of a partizan ruleset.
pub trait Partizan: Sized {
    /// The positions Left can move to.
    fn left_options(&self) -> Vec<Self>;

    /// The positions Right can move to.
    fn right_options(&self) -> Vec<Self>;

    /// The position in its ruleset's notation, as the language reads it (`toppling[BW]`).
    fn notation(&self) -> String;
}

/// A partizan position that a transposition table can key, and that may split into regions.
pub trait Tabled: Partizan + Clone + Eq + Hash {
    /// The independent parts whose disjunctive sum is this position, each normalised (for
    /// instance translated to the origin, cropped, in a fixed orientation). The default is the
    /// position itself, unsplit.
    fn regions(&self) -> Vec<Self> {
        vec![self.clone()]
    }

    /// Whether the value of this region is the negative of the value of the region returned,
    /// which is then looked up instead (for rulesets where a symmetry swaps the players, as a
    /// transpose does in Domineering). The default is no such symmetry.
    fn negated(&self) -> Option<Self> {
        None
    }
}

/// Computes values of positions of one ruleset, remembering every region it has seen.
pub struct Solver<P: Tabled> {
    table: FxHashMap<P, GameId>,
    limit: usize,
}

impl<P: Tabled> Default for Solver<P> {
    fn default() -> Self {
        Solver::new()
    }
}

/// A pending step of the iterative evaluation: a region whose options are being evaluated.
struct Frame<P> {
    region: P,
    left: Vec<P>,
    right: Vec<P>,
    /// How many of `left` then `right` are already known.
    done: usize,
}

impl<P: Tabled> Solver<P> {
    /// An empty solver whose table holds up to 2^22 regions before it is cleared.
    pub fn new() -> Self {
        Solver { table: FxHashMap::default(), limit: 1 << 22 }
    }

    /// The number of regions in the table.
    pub fn len(&self) -> usize {
        self.table.len()
    }

    /// Whether the table is empty.
    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
    }

    /// The canonical value of a position: the sum of its regions' values.
    pub fn value(&mut self, games: &mut Games, p: &P, budget: &Budget) -> Result<GameId, Exhausted> {
        let mut total = games.zero();
        for region in p.regions() {
            let g = self.region_value(games, region, budget)?;
            total = games.add(total, g, budget)?;
        }
        Ok(total)
    }

    /// The value of one normalised region, evaluating unknown options with an explicit stack.
    fn region_value(&mut self, games: &mut Games, region: P, budget: &Budget) -> Result<GameId, Exhausted> {
        if let Some(g) = self.lookup(games, &region, budget)? {
            return Ok(g);
        }
        if self.table.len() >= self.limit {
            self.table.clear();
        }
        let mut stack = vec![Frame::new(representative(region.clone()))];
        while let Some(top) = stack.last_mut() {
            budget.check()?;
            if top.done < top.left.len() + top.right.len() {
                let unknown = top
                    .option(top.done)
                    .regions()
                    .into_iter()
                    .map(representative)
                    .find(|r| !self.table.contains_key(r));
                match unknown {
                    Some(r) => {
                        // A long chain of positions is held on this stack: its memory counts.
                        let frame = std::mem::size_of::<Frame<P>>() + 64;
                        budget.check_memory(stack.len().saturating_mul(frame))?;
                        stack.push(Frame::new(r));
                    }
                    None => top.done += 1,
                }
                continue;
            }
            let frame = stack.pop().expect("the loop holds a frame");
            let left = self.option_values(games, &frame.left, budget)?;
            let right = self.option_values(games, &frame.right, budget)?;
            let g = games.from_options(&left, &right, budget)?;
            self.table.insert(frame.region, g);
        }
        Ok(self.lookup(games, &region, budget)?.expect("the region was just evaluated"))
    }

    /// The value of a region if the table knows it (directly or as the negative of its mirror).
    fn lookup(&self, games: &mut Games, region: &P, budget: &Budget) -> Result<Option<GameId>, Exhausted> {
        if let Some(&g) = self.table.get(region) {
            return Ok(Some(g));
        }
        match region.negated() {
            Some(m) => match self.table.get(&m) {
                Some(&g) => games.neg(g, budget).map(Some),
                None => Ok(None),
            },
            None => Ok(None),
        }
    }

    /// The values of options whose regions are all in the table.
    fn option_values(&self, games: &mut Games, options: &[P], budget: &Budget) -> Result<Vec<GameId>, Exhausted> {
        let mut out = Vec::with_capacity(options.len());
        for o in options {
            let mut total = games.zero();
            for r in o.regions() {
                let g = self.lookup(games, &r, budget)?.expect("option regions are evaluated first");
                total = games.add(total, g, budget)?;
            }
            out.push(total);
        }
        Ok(out)
    }
}

/// The region whose value the table stores for `r`: its mirror if it has one.
fn representative<P: Tabled>(r: P) -> P {
    r.negated().unwrap_or(r)
}

/// The canonical value of a position by the definition: every option searched, with neither
/// table nor splitting. Exponential; for tests and small positions.
pub fn search<P: Partizan>(games: &mut Games, p: P, budget: &Budget) -> Result<GameId, Exhausted> {
    struct Node<P> {
        left: Vec<P>,
        right: Vec<P>,
        values: Vec<GameId>,
    }
    let node = |p: &P| Node { left: p.left_options(), right: p.right_options(), values: Vec::new() };
    let mut stack = vec![node(&p)];
    let mut result = None;
    while let Some(top) = stack.last_mut() {
        budget.check()?;
        if let Some(g) = result.take() {
            top.values.push(g);
        }
        let i = top.values.len();
        if i < top.left.len() + top.right.len() {
            let next = if i < top.left.len() { &top.left[i] } else { &top.right[i - top.left.len()] };
            let n = node(next);
            stack.push(n);
            continue;
        }
        let done = stack.pop().expect("the loop holds a node");
        let (l, r) = done.values.split_at(done.left.len());
        result = Some(games.from_options(l, r, budget)?);
    }
    Ok(result.expect("the root was evaluated"))
}

impl<P> Frame<P> {
    fn new(region: P) -> Self
    where
        P: Partizan,
    {
        let left = region.left_options();
        let right = region.right_options();
        Frame { region, left, right, done: 0 }
    }

    fn option(&self, i: usize) -> &P {
        if i < self.left.len() { &self.left[i] } else { &self.right[i - self.left.len()] }
    }
}

pub mod outcome;
#[cfg(test)]
pub(crate) mod testing;

#[cfg(test)]
mod tests {
    use super::*;
    use cgt_core::game::DisplayStyle;

    /// A toy ruleset on a row of cells (`true` = filled): Left fills two adjacent empty cells,
    /// Right fills one empty cell whose neighbours are both filled or off the board. Maximal
    /// runs of empty cells are independent regions, and reversing a run changes nothing.
    #[derive(Clone, PartialEq, Eq, Hash, Debug)]
    struct Row(Vec<bool>);

    impl Partizan for Row {
        fn left_options(&self) -> Vec<Row> {
            (0..self.0.len().saturating_sub(1))
                .filter(|&i| !self.0[i] && !self.0[i + 1])
                .map(|i| self.fill(&[i, i + 1]))
                .collect()
        }

        fn right_options(&self) -> Vec<Row> {
            let filled = |i: Option<usize>| i.is_none_or(|i| self.0.get(i).copied().unwrap_or(true));
            (0..self.0.len())
                .filter(|&i| !self.0[i] && filled(i.checked_sub(1)) && filled(Some(i + 1)))
                .map(|i| self.fill(&[i]))
                .collect()
        }

        fn notation(&self) -> String {
            self.0.iter().map(|&c| if c { '#' } else { '.' }).collect()
        }
    }

    impl Row {
        fn fill(&self, cells: &[usize]) -> Row {
            let mut r = self.clone();
            for &c in cells {
                r.0[c] = true;
            }
            r
        }
    }

    impl Tabled for Row {
        fn regions(&self) -> Vec<Row> {
            self.0.split(|&c| c).filter(|run| !run.is_empty()).map(|run| Row(vec![false; run.len()])).collect()
        }
    }

    #[test]
    fn solver_agrees_with_search() {
        let budget = Budget::unlimited();
        let mut games = Games::new();
        let mut solver = Solver::new();
        for bits in 0u32..(1 << 9) {
            for len in [5usize, 9] {
                let row = Row((0..len).map(|i| bits >> i & 1 == 1).collect());
                let fast = solver.value(&mut games, &row, &budget).unwrap();
                let slow = search(&mut games, row.clone(), &budget).unwrap();
                assert_eq!(fast, slow, "{}: {}", row.notation(), games.display(slow, DisplayStyle::default()));
            }
        }
        assert!(!solver.is_empty());
    }
}

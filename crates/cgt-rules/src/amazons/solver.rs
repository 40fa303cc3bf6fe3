//! The Amazons solver: canonical values of boards through [`Bits`], a transposition table of
//! parts keyed under the sixteen images (eight symmetries, times the colour swap, which
//! negates), and integers for parts where only one player has amazons.
//!
//! A part where only Left has amazons gives Right no move, there or in any later position of
//! it; such a game is an integer, `{n_1, ..., n_k | } = max n_i + 1` and `{ | } = 0` (CGT
//! I.4 and II.1, by induction on the options), so its value is the length of Left's longest
//! run of moves in it alone, found by a depth-first search without canonical forms. Every
//! move burns one empty square, so that run is at most the number of empty squares, and the
//! search stops early when it reaches that bound.

use cgt_core::game::{GameId, Games};
use cgt_core::hash::FxHashMap;
use cgt_core::{Budget, Dyadic, Exhausted};

use super::Board;
use super::bits::Bits;

/// Computes values of Amazons boards, remembering every part it has seen.
pub struct Solver {
    /// The values of parts with amazons of both colours, by key.
    table: FxHashMap<Bits, GameId>,
    /// The longest runs of moves of parts with amazons of one colour, by solo key.
    runs: FxHashMap<Bits, u32>,
    /// The index in [`Parts::keys`] of each key of the sums being made (scratch).
    index: FxHashMap<Bits, u32>,
    limit: usize,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

/// A sum of parts: the integer of its one-colour parts, and its other parts (a range of a
/// [`Parts`] list, sorted, so that equal sums have equal ranges).
#[derive(Clone, Copy)]
struct Sum {
    int: i64,
    start: u32,
    end: u32,
}

/// The parts of some sums: each distinct key once, and the sums' parts as indices into them,
/// each with whether the part is the key's negative. The same part comes back in many options
/// of a position, so its value is looked up once per position, not once per option.
#[derive(Default)]
struct Parts {
    list: Vec<(u32, bool)>,
    keys: Vec<Bits>,
}

/// A part whose options' values are being found: its options as sums over one [`Parts`],
/// and how many of those parts' keys are not yet known to be in the table (the first ones).
struct Frame {
    key: Bits,
    left: Vec<Sum>,
    right: Vec<Sum>,
    parts: Parts,
    unchecked: usize,
    /// About the memory the frame held when it was made.
    bytes: usize,
}

impl Solver {
    /// An empty solver whose table holds up to 2^22 parts before it is cleared.
    pub fn new() -> Self {
        Solver { table: FxHashMap::default(), runs: FxHashMap::default(), index: FxHashMap::default(), limit: 1 << 22 }
    }

    /// The number of parts in the tables.
    pub fn len(&self) -> usize {
        self.table.len() + self.runs.len()
    }

    /// Whether the tables are empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The canonical value of a board: the sum of its parts' values.
    pub fn value(&mut self, games: &mut Games, board: &Board, budget: &Budget) -> Result<GameId, Exhausted> {
        if self.table.len() >= self.limit || self.runs.len() >= self.limit {
            self.table.clear();
            self.runs.clear();
        }
        if board.grid().cells().len() > 64 {
            // Only a board built from a grid without `Board::from_rows`'s check is this large:
            // the masks do not hold it, the generic solver does (slowly).
            return board.game(games, budget);
        }
        let mut parts = Parts::default();
        self.index.clear();
        let sum = self.sum(Bits::of(board.grid()), &mut parts, budget)?;
        for &key in &parts.keys {
            self.part_value(games, key, budget)?;
        }
        let values = self.values(&parts);
        self.sum_value(games, sum, &parts, &values, budget)
    }

    /// The parts of `b` as a [`Sum`] whose parts are pushed on `parts` (with `self.index`
    /// holding the indices of `parts.keys`), the one-colour parts' runs found on the way.
    fn sum(&mut self, b: Bits, parts: &mut Parts, budget: &Budget) -> Result<Sum, Exhausted> {
        let start = parts.list.len();
        let mut int = 0;
        for part in b.parts() {
            match (part.has_left(), part.has_right()) {
                (true, true) => {
                    let (key, negated) = part.key();
                    let index = *self.index.entry(key).or_insert_with(|| {
                        parts.keys.push(key);
                        (parts.keys.len() - 1) as u32
                    });
                    parts.list.push((index, negated));
                }
                (left, _) => {
                    let run = i64::from(self.run(part.solo_key(), budget)?);
                    int += if left { run } else { -run };
                }
            }
        }
        parts.list[start..].sort_unstable();
        Ok(Sum { int, start: start as u32, end: parts.list.len() as u32 })
    }

    /// The longest run of moves of the one player with amazons in a part (its solo key).
    fn run(&mut self, solo: Bits, budget: &Budget) -> Result<u32, Exhausted> {
        if let Some(&n) = self.runs.get(&solo) {
            return Ok(n);
        }
        budget.check()?;
        // At most 64 squares and one burnt a move, so this recursion is at most 64 deep.
        let bound = solo.empties();
        let mut best = 0;
        for child in solo.moves(true) {
            let mut n = 1;
            for part in child.parts() {
                n += self.run(part.solo_key(), budget)?;
            }
            best = best.max(n);
            if best == bound {
                break;
            }
        }
        self.runs.insert(solo, best);
        Ok(best)
    }

    /// Puts the value of the part of key `key` in the table, evaluating unknown parts of its
    /// options first with an explicit stack.
    fn part_value(&mut self, games: &mut Games, key: Bits, budget: &Budget) -> Result<(), Exhausted> {
        if self.table.contains_key(&key) {
            return Ok(());
        }
        let first = self.frame(key, budget)?;
        // A long chain of positions, each with all its options, is held on this stack: its
        // memory counts.
        let mut held = first.bytes;
        let mut stack = vec![first];
        while let Some(top) = stack.last_mut() {
            budget.check()?;
            if top.unchecked > 0 {
                top.unchecked -= 1;
                let next = top.parts.keys[top.unchecked];
                if !self.table.contains_key(&next) {
                    let frame = self.frame(next, budget)?;
                    held += frame.bytes;
                    budget.check_memory(held)?;
                    stack.push(frame);
                }
                continue;
            }
            let frame = stack.pop().expect("the loop holds a frame");
            held -= frame.bytes;
            let values = self.values(&frame.parts);
            let left = self.sum_values(games, &frame.left, &frame.parts, &values, budget)?;
            let right = self.sum_values(games, &frame.right, &frame.parts, &values, budget)?;
            let g = games.from_options(&left, &right, budget)?;
            self.table.insert(frame.key, g);
        }
        Ok(())
    }

    /// The frame of a part: its options, each once, and the parts they hold.
    fn frame(&mut self, key: Bits, budget: &Budget) -> Result<Frame, Exhausted> {
        let mut parts = Parts::default();
        self.index.clear();
        let mut sides = [Vec::new(), Vec::new()];
        for (side, left) in [true, false].into_iter().enumerate() {
            let children = key.moves(left);
            sides[side].reserve_exact(children.len());
            parts.list.reserve(children.len());
            for child in children {
                budget.check()?;
                let sum = self.sum(child, &mut parts, budget)?;
                sides[side].push(sum);
            }
            // Options with the same parts differ by an integer, and the one best for the
            // player dominates the others (`X + n <= X + m` when `n <= m`): the side keeps one
            // option per set of parts, summed once.
            let parts_of = |s: &Sum| &parts.list[s.start as usize..s.end as usize];
            let best_first = |a: &Sum, b: &Sum| if left { b.int.cmp(&a.int) } else { a.int.cmp(&b.int) };
            sides[side].sort_unstable_by(|a, b| parts_of(a).cmp(parts_of(b)).then_with(|| best_first(a, b)));
            sides[side].dedup_by(|later, kept| parts_of(later) == parts_of(kept));
        }
        let [left, right] = sides;
        let bytes = std::mem::size_of::<Frame>()
            + (left.len() + right.len()) * std::mem::size_of::<Sum>()
            + parts.list.len() * std::mem::size_of::<(u32, bool)>()
            + parts.keys.len() * std::mem::size_of::<Bits>();
        let unchecked = parts.keys.len();
        Ok(Frame { key, left, right, parts, unchecked, bytes })
    }

    /// The values of the keys of `parts`, all in the table.
    fn values(&self, parts: &Parts) -> Vec<GameId> {
        let value = |key| *self.table.get(key).expect("a sum's parts are evaluated first");
        parts.keys.iter().map(value).collect()
    }

    /// The values of sums whose parts' values are `values` ([`Solver::values`]).
    fn sum_values(
        &mut self,
        games: &mut Games,
        sums: &[Sum],
        parts: &Parts,
        values: &[GameId],
        budget: &Budget,
    ) -> Result<Vec<GameId>, Exhausted> {
        sums.iter().map(|&s| self.sum_value(games, s, parts, values, budget)).collect()
    }

    /// The value of a sum whose parts' values are `values` ([`Solver::values`]).
    fn sum_value(
        &mut self,
        games: &mut Games,
        sum: Sum,
        parts: &Parts,
        values: &[GameId],
        budget: &Budget,
    ) -> Result<GameId, Exhausted> {
        let mut total = None;
        for &(index, negated) in &parts.list[sum.start as usize..sum.end as usize] {
            let value = values[index as usize];
            // The arena keeps each game's negative beside it once computed.
            let g = if negated { games.neg(value, budget)? } else { value };
            total = Some(match total {
                Some(t) => games.add(t, g, budget)?,
                None => g,
            });
        }
        match (total, sum.int) {
            (Some(t), 0) => Ok(t),
            (total, n) => {
                let n = games.number(&Dyadic::integer(n));
                total.map_or(Ok(n), |t| games.add(t, n, budget))
            }
        }
    }
}

/// The outcome search values its small regions through this solver.
impl crate::position::outcome::Valuer<Board> for Solver {
    fn value(&mut self, games: &mut Games, p: &Board, budget: &Budget) -> Result<GameId, Exhausted> {
        Solver::value(self, games, p, budget)
    }
}

//! Partizan loopy games as finite graphs of positions (Siegel *CGT* ch. VI.1; WW ch. 11): each
//! position has Left options and Right options, edges to positions of the same graph, cycles
//! allowed; `pass` is an edge from a position to itself.
//!
//! Outcomes come from the definitions by retrograde analysis of the states (position, player to
//! move): a player with no move loses; a mover with a move to a state the mover wins wins; a
//! mover all of whose moves go to states the opponent wins loses; whatever is never decided is a
//! draw (play goes on forever). The nine outcome classes pair the result when Left starts with
//! the result when Right starts, and are named as CGSuite names them: `L R P N D` and the mixed
//! classes `PHat` (draw, Left wins), `PCheck` (Right wins, draw), `NHat` (Left wins, draw),
//! `NCheck` (draw, Right wins), each written (Left starts, Right starts).

use std::collections::HashMap;

use crate::budget::{Budget, Exhausted};
use crate::game::{GameId, Games};

/// A finite graph of partizan positions, numbered from 0.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LoopyGraph {
    left: Vec<Vec<usize>>,
    right: Vec<Vec<usize>>,
}

/// An option names a position the graph does not have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BadOption {
    /// The position whose option is wrong.
    pub from: usize,
    /// The missing position it names.
    pub to: usize,
}

impl std::fmt::Display for BadOption {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "position {} has an option {} that is not a position", self.from, self.to)
    }
}

/// Which player is to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    /// Left.
    Left,
    /// Right.
    Right,
}

impl Player {
    /// The other player.
    pub fn other(self) -> Player {
        match self {
            Player::Left => Player::Right,
            Player::Right => Player::Left,
        }
    }
}

/// Who wins a loopy game from a given start with both players playing well.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PlayResult {
    /// Right wins.
    RightWins,
    /// Play goes on forever.
    Draw,
    /// Left wins.
    LeftWins,
}

/// The outcome class of a loopy game, as CGSuite names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LoopyOutcome {
    /// Left wins whoever starts.
    L,
    /// Right wins whoever starts.
    R,
    /// The second player wins.
    P,
    /// The first player wins.
    N,
    /// A draw whoever starts.
    D,
    /// Draw when Left starts, Left wins when Right starts.
    PHat,
    /// Right wins when Left starts, draw when Right starts.
    PCheck,
    /// Left wins when Left starts, draw when Right starts.
    NHat,
    /// Draw when Left starts, Right wins when Right starts.
    NCheck,
}

impl LoopyOutcome {
    /// The class with these results when Left starts and when Right starts.
    pub fn from_results(left_starts: PlayResult, right_starts: PlayResult) -> LoopyOutcome {
        use PlayResult::*;
        match (left_starts, right_starts) {
            (LeftWins, LeftWins) => LoopyOutcome::L,
            (RightWins, RightWins) => LoopyOutcome::R,
            (RightWins, LeftWins) => LoopyOutcome::P,
            (LeftWins, RightWins) => LoopyOutcome::N,
            (Draw, Draw) => LoopyOutcome::D,
            (Draw, LeftWins) => LoopyOutcome::PHat,
            (RightWins, Draw) => LoopyOutcome::PCheck,
            (LeftWins, Draw) => LoopyOutcome::NHat,
            (Draw, RightWins) => LoopyOutcome::NCheck,
        }
    }

    /// The results (Left starts, Right starts).
    pub fn results(self) -> (PlayResult, PlayResult) {
        use PlayResult::*;
        match self {
            LoopyOutcome::L => (LeftWins, LeftWins),
            LoopyOutcome::R => (RightWins, RightWins),
            LoopyOutcome::P => (RightWins, LeftWins),
            LoopyOutcome::N => (LeftWins, RightWins),
            LoopyOutcome::D => (Draw, Draw),
            LoopyOutcome::PHat => (Draw, LeftWins),
            LoopyOutcome::PCheck => (RightWins, Draw),
            LoopyOutcome::NHat => (LeftWins, Draw),
            LoopyOutcome::NCheck => (Draw, RightWins),
        }
    }
}

impl std::fmt::Display for LoopyOutcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            LoopyOutcome::L => "L",
            LoopyOutcome::R => "R",
            LoopyOutcome::P => "P",
            LoopyOutcome::N => "N",
            LoopyOutcome::D => "D",
            LoopyOutcome::PHat => "PHat",
            LoopyOutcome::PCheck => "PCheck",
            LoopyOutcome::NHat => "NHat",
            LoopyOutcome::NCheck => "NCheck",
        })
    }
}

impl LoopyGraph {
    /// The graph with these option lists (`left[v]`, `right[v]`: the positions Left and Right
    /// move to from v); fails if an option names no position. Missing lists are empty.
    pub fn new(mut left: Vec<Vec<usize>>, mut right: Vec<Vec<usize>>) -> Result<Self, BadOption> {
        let n = left.len().max(right.len());
        left.resize(n, Vec::new());
        right.resize(n, Vec::new());
        for (from, opts) in left.iter().chain(right.iter()).enumerate() {
            if let Some(&to) = opts.iter().find(|&&to| to >= n) {
                return Err(BadOption { from: from % n, to });
            }
        }
        Ok(LoopyGraph { left, right })
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.left.len()
    }

    /// Whether the graph has no positions.
    pub fn is_empty(&self) -> bool {
        self.left.is_empty()
    }

    /// A new position without options; returns its number.
    pub fn add_position(&mut self) -> usize {
        self.left.push(Vec::new());
        self.right.push(Vec::new());
        self.left.len() - 1
    }

    /// Adds an option of `player` from `from` to `to`; fails if either is not a position.
    pub fn add_option(&mut self, player: Player, from: usize, to: usize) -> Result<(), BadOption> {
        if from >= self.len() || to >= self.len() {
            return Err(BadOption { from, to });
        }
        self.options_mut(player)[from].push(to);
        Ok(())
    }

    /// The options of `player` from position v (none if v is not a position).
    pub fn options(&self, player: Player, v: usize) -> &[usize] {
        let side = match player {
            Player::Left => &self.left,
            Player::Right => &self.right,
        };
        side.get(v).map_or(&[], Vec::as_slice)
    }

    fn options_mut(&mut self, player: Player) -> &mut Vec<Vec<usize>> {
        match player {
            Player::Left => &mut self.left,
            Player::Right => &mut self.right,
        }
    }

    /// Adds an option to positions known to exist.
    pub(crate) fn options_push(&mut self, player: Player, from: usize, to: usize) {
        self.options_mut(player)[from].push(to);
    }

    /// Replaces the options of `player` from v (used by simplification).
    pub(crate) fn set_options(&mut self, player: Player, v: usize, options: Vec<usize>) {
        self.options_mut(player)[v] = options;
    }

    /// The negative: Left's and Right's options swapped at every position.
    pub fn negated(&self) -> LoopyGraph {
        LoopyGraph { left: self.right.clone(), right: self.left.clone() }
    }

    /// The positions reachable from `root` by any moves, renumbered in order of discovery (the
    /// root becomes 0), with the map from old to new numbers.
    /// An empty graph if `root` is not a position.
    pub fn reachable(&self, root: usize) -> (LoopyGraph, HashMap<usize, usize>) {
        if root >= self.len() {
            return (LoopyGraph::default(), HashMap::new());
        }
        let mut order = vec![root];
        let mut number = HashMap::from([(root, 0usize)]);
        let mut head = 0;
        while let Some(&v) = order.get(head) {
            head += 1;
            for &w in self.left[v].iter().chain(&self.right[v]) {
                number.entry(w).or_insert_with(|| {
                    order.push(w);
                    order.len() - 1
                });
            }
        }
        let renumber = |opts: &Vec<usize>| opts.iter().map(|w| number[w]).collect();
        let left = order.iter().map(|&v| renumber(&self.left[v])).collect();
        let right = order.iter().map(|&v| renumber(&self.right[v])).collect();
        (LoopyGraph { left, right }, number)
    }

    /// The disjunctive sum of position `a` of `self` and position `b` of `other`: the graph of
    /// the pairs reachable from (a, b), in which a move is a move in exactly one component. The
    /// sum is position 0 (the graph is empty if `a` or `b` is not a position).
    pub fn sum(&self, a: usize, other: &LoopyGraph, b: usize, budget: &Budget) -> Result<LoopyGraph, Exhausted> {
        if a >= self.len() || b >= other.len() {
            return Ok(LoopyGraph::default());
        }
        let mut pairs = vec![(a, b)];
        let mut number = HashMap::from([((a, b), 0usize)]);
        let mut left = Vec::new();
        let mut right = Vec::new();
        let mut head = 0;
        while let Some(&(x, y)) = pairs.get(head) {
            head += 1;
            budget.check()?;
            budget.check_memory(64 * pairs.len())?;
            for (player, out) in [(Player::Left, &mut left), (Player::Right, &mut right)] {
                let moves = self.options(player, x).iter().map(|&x2| (x2, y));
                let moves = moves.chain(other.options(player, y).iter().map(|&y2| (x, y2)));
                let mut opts = Vec::new();
                for pair in moves {
                    let id = *number.entry(pair).or_insert_with(|| {
                        pairs.push(pair);
                        pairs.len() - 1
                    });
                    opts.push(id);
                }
                out.push(opts);
            }
        }
        Ok(LoopyGraph { left, right })
    }

    /// The graph of the short game `g` (its canonical form), with `g` at position 0.
    pub fn from_short(games: &mut Games, g: GameId, budget: &Budget) -> Result<LoopyGraph, Exhausted> {
        let mut graph = LoopyGraph::default();
        graph.add_short(games, g, budget)?;
        Ok(graph)
    }

    /// Adds the positions of the short game `g` (sharing equal subpositions) and returns the
    /// position of `g`.
    pub fn add_short(&mut self, games: &mut Games, g: GameId, budget: &Budget) -> Result<usize, Exhausted> {
        let mut number: HashMap<GameId, usize> = HashMap::new();
        let root = self.add_position();
        number.insert(g, root);
        let mut stack = vec![g];
        while let Some(h) = stack.pop() {
            // One position can list thousands of options (`*9900` has 9900, each listing its
            // own), so the clock is read at every position, not every 256th.
            budget.check_now()?;
            if games.has_huge_options(h) {
                return Err(Exhausted::Memory);
            }
            let v = number[&h];
            for (player, opts) in [(Player::Left, games.left_options(h)), (Player::Right, games.right_options(h))] {
                for o in opts {
                    let w = match number.get(&o) {
                        Some(&w) => w,
                        None => {
                            let w = self.add_position();
                            number.insert(o, w);
                            stack.push(o);
                            w
                        }
                    };
                    self.options_mut(player)[v].push(w);
                }
            }
        }
        Ok(root)
    }
}

/// The result of every position when Left starts and when Right starts, by retrograde analysis
/// of the states (position, player to move). O(V + E).
pub fn results(graph: &LoopyGraph, budget: &Budget) -> Result<Vec<(PlayResult, PlayResult)>, Exhausted> {
    let n = graph.len();
    // State 2v is v with Left to move, 2v + 1 with Right to move.
    let mover = |s: usize| if s.is_multiple_of(2) { Player::Left } else { Player::Right };
    let moves =
        |s: usize| graph.options(mover(s), s / 2).iter().map(move |&w| 2 * w + usize::from(s.is_multiple_of(2)));
    let mut pred_count = vec![0usize; 2 * n + 1];
    (0..2 * n).flat_map(moves).for_each(|t| pred_count[t + 1] += 1);
    (0..2 * n).for_each(|s| pred_count[s + 1] += pred_count[s]);
    let mut fill = pred_count.clone();
    let mut pred = vec![0usize; pred_count[2 * n]];
    for s in 0..2 * n {
        budget.check()?;
        for t in moves(s) {
            pred[fill[t]] = s;
            fill[t] += 1;
        }
    }
    let wins = |p: Player| if p == Player::Left { PlayResult::LeftWins } else { PlayResult::RightWins };
    let mut result = vec![PlayResult::Draw; 2 * n];
    let mut open: Vec<usize> = (0..2 * n).map(|s| graph.options(mover(s), s / 2).len()).collect();
    let mut queue: Vec<usize> = (0..2 * n).filter(|&s| open[s] == 0).collect();
    queue.iter().for_each(|&s| result[s] = wins(mover(s).other()));
    let mut head = 0;
    while let Some(&t) = queue.get(head) {
        head += 1;
        budget.check()?;
        for &s in &pred[pred_count[t]..pred_count[t + 1]] {
            if result[s] != PlayResult::Draw {
                continue;
            }
            if result[t] == wins(mover(s)) {
                result[s] = result[t];
            } else {
                open[s] -= 1;
                if open[s] > 0 {
                    continue;
                }
                result[s] = result[t];
            }
            queue.push(s);
        }
    }
    Ok((0..n).map(|v| (result[2 * v], result[2 * v + 1])).collect())
}

/// The outcome class of position v (Left starts, Right starts), as CGSuite names it; `None`
/// if v is not a position.
pub fn outcome_class(graph: &LoopyGraph, v: usize, budget: &Budget) -> Result<Option<LoopyOutcome>, Exhausted> {
    if v >= graph.len() {
        return Ok(None);
    }
    let (sub, _) = graph.reachable(v);
    let r = results(&sub, budget)?;
    Ok(Some(LoopyOutcome::from_results(r[0].0, r[0].1)))
}

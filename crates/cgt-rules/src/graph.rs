//! Games on directed graphs with draws: a token moves along an edge per turn, a player who cannot
//! move loses, and endless play is a draw; plus the scoring variant in which either player may
//! stop and score the current vertex's value.
//!
//! Retrograde analysis (docs/src/theory/rulesets.md, "Games on graphs, with draws"): vertices without moves are
//! losses; a vertex with a move to a loss is a win; a vertex all of whose moves go to wins is a
//! loss (each vertex counts its moves not yet known to be wins); whatever is never resolved is a
//! draw. Processing the queue in order also gives each decided vertex its remoteness (the number
//! of moves until the end when the winner hurries and the loser delays). O(V + E).

use std::collections::HashMap;

use cgt_core::{Budget, Exhausted};

/// A directed graph on vertices with arbitrary `u64` labels, stored as adjacency arrays.
#[derive(Clone, Debug)]
pub struct Graph {
    labels: Vec<u64>,
    index: HashMap<u64, usize>,
    succ: Adjacency,
    pred: Adjacency,
}

/// Compressed adjacency lists: the neighbours of v are `targets[start[v]..start[v + 1]]`.
#[derive(Clone, Debug)]
struct Adjacency {
    start: Vec<usize>,
    targets: Vec<usize>,
}

impl Adjacency {
    fn new(n: usize, edges: impl Iterator<Item = (usize, usize)> + Clone) -> Self {
        let mut start = vec![0usize; n + 1];
        edges.clone().for_each(|(from, _)| start[from + 1] += 1);
        (0..n).for_each(|v| start[v + 1] += start[v]);
        let mut fill = start.clone();
        let mut targets = vec![0usize; start[n]];
        for (from, to) in edges {
            targets[fill[from]] = to;
            fill[from] += 1;
        }
        Adjacency { start, targets }
    }

    fn of(&self, v: usize) -> &[usize] {
        &self.targets[self.start[v]..self.start[v + 1]]
    }
}

impl Graph {
    /// The graph with these edges, plus the listed `vertices` (which may have no edges, like a
    /// start vertex that is a dead end). Vertices are numbered by first appearance: `vertices`
    /// first, then the edges in order. Repeated edges count as repeated moves (no effect).
    pub fn new(vertices: &[u64], edges: &[(u64, u64)]) -> Self {
        let mut labels = Vec::new();
        let mut index = HashMap::new();
        let mut id = |label: u64| {
            *index.entry(label).or_insert_with(|| {
                labels.push(label);
                labels.len() - 1
            })
        };
        vertices.iter().for_each(|&v| {
            id(v);
        });
        let pairs: Vec<(usize, usize)> = edges.iter().map(|&(a, b)| (id(a), id(b))).collect();
        let n = labels.len();
        let succ = Adjacency::new(n, pairs.iter().copied());
        let pred = Adjacency::new(n, pairs.iter().map(|&(a, b)| (b, a)));
        Graph { labels, index, succ, pred }
    }

    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.labels.len()
    }

    /// Whether the graph has no vertices.
    pub fn is_empty(&self) -> bool {
        self.labels.is_empty()
    }

    /// The vertex labels, by vertex number.
    pub fn labels(&self) -> &[u64] {
        &self.labels
    }

    /// The number of the vertex labelled `label`.
    pub fn index(&self, label: u64) -> Option<usize> {
        self.index.get(&label).copied()
    }

    /// The vertices one move away from vertex number `v`.
    pub fn successors(&self, v: usize) -> &[usize] {
        self.succ.of(v)
    }
}

/// The result for the player to move at a vertex.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GraphOutcome {
    /// The player to move wins, in `remoteness` moves at most against any defence.
    Win {
        /// Moves until the end with best play (winner hurries, loser delays); odd.
        remoteness: u64,
    },
    /// The player to move loses, after `remoteness` moves with the longest defence.
    Loss {
        /// Moves until the end with best play; even.
        remoteness: u64,
    },
    /// Neither player can force a win: best play goes on forever.
    Draw,
}

/// Win, loss or draw for the player to move at every vertex, by vertex number. O(V + E).
pub fn outcomes(graph: &Graph, budget: &Budget) -> Result<Vec<GraphOutcome>, Exhausted> {
    let n = graph.len();
    let mut outcome = vec![GraphOutcome::Draw; n];
    let mut unresolved_moves: Vec<usize> = (0..n).map(|v| graph.succ.of(v).len()).collect();
    let mut queue: Vec<usize> = (0..n).filter(|&v| unresolved_moves[v] == 0).collect();
    queue.iter().for_each(|&v| outcome[v] = GraphOutcome::Loss { remoteness: 0 });
    let mut head = 0;
    while let Some(&v) = queue.get(head) {
        head += 1;
        budget.check()?;
        for &w in graph.pred.of(v) {
            if outcome[w] != GraphOutcome::Draw {
                continue;
            }
            match outcome[v] {
                GraphOutcome::Loss { remoteness } => outcome[w] = GraphOutcome::Win { remoteness: remoteness + 1 },
                GraphOutcome::Win { remoteness } => {
                    unresolved_moves[w] -= 1;
                    if unresolved_moves[w] > 0 {
                        continue;
                    }
                    outcome[w] = GraphOutcome::Loss { remoteness: remoteness + 1 };
                }
                GraphOutcome::Draw => unreachable!("only decided vertices are queued"),
            }
            queue.push(w);
        }
    }
    Ok(outcome)
}

/// Why a scoring game on a graph was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScoringError {
    /// There must be one value per vertex.
    WrongValueCount {
        /// The number of vertices.
        vertices: usize,
        /// The number of values given.
        values: usize,
    },
    /// The budget ran out.
    Exhausted(Exhausted),
}

impl From<Exhausted> for ScoringError {
    fn from(e: Exhausted) -> Self {
        ScoringError::Exhausted(e)
    }
}

impl std::fmt::Display for ScoringError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ScoringError::WrongValueCount { vertices, values } => {
                write!(f, "the graph has {vertices} vertices but {values} values were given")
            }
            ScoringError::Exhausted(e) => write!(f, "stopped: {e}"),
        }
    }
}

/// Optimal scores of the scoring variant, by vertex number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StopScores {
    /// The score when the first player (the maximiser) is to move at the vertex.
    pub max_to_move: Vec<i64>,
    /// The score when the second player (the minimiser) is to move at the vertex.
    pub min_to_move: Vec<i64>,
}

/// The scoring variant: at each turn the mover either stops, and the score is the current
/// vertex's value, or moves the token along an edge; a mover with no edge must stop. The first
/// player maximises the score, the second minimises it, and a game that never ends counts as
/// below every value (the second player wins it). As the maximiser can always stop, the optimal
/// score is always a vertex value.
///
/// Method: "can the maximiser secure at least x?" is a reachability game, and its winning set
/// only grows as x decreases. So the distinct values are taken in decreasing order, and one
/// incremental retrograde sweep (as in [`outcomes`]) adds the states the maximiser now wins; a
/// state's score is the threshold at which it joins. O(V log V + E). `values[v]` is vertex v's.
pub fn stop_scores(graph: &Graph, values: &[i64], budget: &Budget) -> Result<StopScores, ScoringError> {
    let n = graph.len();
    if values.len() != n {
        return Err(ScoringError::WrongValueCount { vertices: n, values: values.len() });
    }
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_unstable_by_key(|&v| std::cmp::Reverse(values[v]));
    let mut sweep = Sweep {
        graph,
        max_score: vec![None; n],
        min_score: vec![None; n],
        min_may_stop: vec![false; n],
        min_moves_left: (0..n).map(|v| graph.succ.of(v).len()).collect(),
        stack: Vec::new(),
    };
    for &v in &order {
        budget.check()?;
        let x = values[v];
        sweep.min_may_stop[v] = true;
        sweep.win_max(v, x);
        if sweep.min_moves_left[v] == 0 {
            sweep.win_min(v, x);
        }
        sweep.propagate(x, budget)?;
    }
    let done = |s: Vec<Option<i64>>| s.into_iter().map(|x| x.expect("every state is won at its own value")).collect();
    Ok(StopScores { max_to_move: done(sweep.max_score), min_to_move: done(sweep.min_score) })
}

/// The state of the threshold sweep of [`stop_scores`]: a state's score is set when the maximiser
/// first secures the current threshold from it.
struct Sweep<'a> {
    graph: &'a Graph,
    max_score: Vec<Option<i64>>,
    min_score: Vec<Option<i64>>,
    /// Whether stopping at v gives the maximiser at least the threshold.
    min_may_stop: Vec<bool>,
    /// Moves of the minimiser from v to states the maximiser has not secured yet.
    min_moves_left: Vec<usize>,
    /// Newly secured states: (vertex, whether the maximiser is to move).
    stack: Vec<(usize, bool)>,
}

impl Sweep<'_> {
    fn win_max(&mut self, v: usize, x: i64) {
        if self.max_score[v].is_none() {
            self.max_score[v] = Some(x);
            self.stack.push((v, true));
        }
    }

    fn win_min(&mut self, v: usize, x: i64) {
        if self.min_score[v].is_none() {
            self.min_score[v] = Some(x);
            self.stack.push((v, false));
        }
    }

    fn propagate(&mut self, x: i64, budget: &Budget) -> Result<(), Exhausted> {
        while let Some((u, max_to_move)) = self.stack.pop() {
            budget.check()?;
            for &w in self.graph.pred.of(u) {
                if !max_to_move {
                    // The maximiser at w moves to u, now secured.
                    self.win_max(w, x);
                    continue;
                }
                self.min_moves_left[w] -= 1;
                if self.min_moves_left[w] == 0 && self.min_may_stop[w] {
                    self.win_min(w, x);
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;

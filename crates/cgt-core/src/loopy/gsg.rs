//! Generalised Sprague–Grundy values of impartial loopy games (Smith 1966; Fraenkel and Yesha,
//! "The generalized Sprague–Grundy function and its invariance under certain mappings", 1986;
//! WW ch. 12; Siegel *CGT* ch. VI).
//!
//! A token game on a directed graph (a player who cannot move loses, endless play is a draw)
//! gives each vertex u a value γ(u): a finite n, or ∞(K) with K the finite values of u's
//! options. γ(u) = n exactly when no option has value n, every m < n is the value of an option,
//! and every option of value ∞ (or above n) has an option of value n.
//!
//! The labelling algorithm (Fraenkel–Yesha): for i = 0, 1, 2, ... first label i, as long as
//! possible, every unlabelled u with no option labelled i all of whose unlabelled or ∞ options
//! have an option labelled i; then label ∞ every unlabelled vertex with no option labelled i.
//! Each round is one backward sweep with counters (as in retrograde analysis), O(V + E), and
//! there are at most (largest finite value + 2) rounds: O(V·E) at worst, O(V + E) per round.
//!
//! Sums (Smith's theorem): finite values add by XOR; ∞(K) + n = ∞(K ⊕ n); the sum of two
//! infinite values is ∞(∅). A position of value 0 is a loss for the mover, a finite non-zero
//! value a win, ∞(K) a win if 0 ∈ K and a draw otherwise.

use super::MoverResult;
use crate::budget::{Budget, Exhausted};

/// The generalised Sprague–Grundy value of a position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Gsg {
    /// A finite value n: the position plays like the nim heap `*n`.
    Finite(u64),
    /// ∞(K): the finite values among the options, sorted and without repeats.
    Infinite(Vec<u64>),
}

impl Gsg {
    /// The outcome for the player to move at a position of this value.
    pub fn outcome(&self) -> MoverResult {
        match self {
            Gsg::Finite(0) => MoverResult::Loss,
            Gsg::Finite(_) => MoverResult::Win,
            Gsg::Infinite(k) if k.first() == Some(&0) => MoverResult::Win,
            Gsg::Infinite(_) => MoverResult::Draw,
        }
    }

    /// The value written as the language writes it: `0`, `*`, `*3`, `inf{0,2}` (`∞{0,2}` with
    /// `unicode`), and `inf` (`∞`) when no option has a finite value.
    pub fn display(&self, unicode: bool) -> String {
        match self {
            Gsg::Finite(0) => "0".to_string(),
            Gsg::Finite(1) => "*".to_string(),
            Gsg::Finite(n) => format!("*{n}"),
            Gsg::Infinite(k) => {
                let inf = if unicode { "∞" } else { "inf" };
                if k.is_empty() {
                    return inf.to_string();
                }
                let parts: Vec<String> = k.iter().map(u64::to_string).collect();
                format!("{inf}{{{}}}", parts.join(","))
            }
        }
    }
}

impl std::fmt::Display for Gsg {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.display(false))
    }
}

/// The value of a disjunctive sum of positions with these values (Smith's theorem): the XOR of
/// finite values; ∞(K ⊕ s) with one infinite part ∞(K) and the XOR s of the finite parts;
/// ∞(∅) with two or more infinite parts. The empty sum is 0.
pub fn sum_value(parts: &[Gsg]) -> Gsg {
    let s = parts.iter().fold(0, |acc, p| match p {
        Gsg::Finite(n) => acc ^ n,
        Gsg::Infinite(_) => acc,
    });
    let mut infinite = parts.iter().filter_map(|p| match p {
        Gsg::Infinite(k) => Some(k),
        Gsg::Finite(_) => None,
    });
    match (infinite.next(), infinite.next()) {
        (None, _) => Gsg::Finite(s),
        (Some(k), None) => {
            let mut shifted: Vec<u64> = k.iter().map(|x| x ^ s).collect();
            shifted.sort_unstable();
            Gsg::Infinite(shifted)
        }
        (Some(_), Some(_)) => Gsg::Infinite(Vec::new()),
    }
}

/// The outcome for the player to move in a disjunctive sum of positions with these values:
/// a loss iff every part is finite and their XOR is 0; with exactly one infinite part ∞(K), a
/// win iff the XOR of the finite parts is in K (else a draw); a draw with two or more infinite
/// parts.
pub fn sum_outcome(parts: &[Gsg]) -> MoverResult {
    sum_value(parts).outcome()
}

/// No label yet.
const UNLABELLED: u64 = u64::MAX;
/// The label ∞.
const INFINITE: u64 = u64::MAX - 1;

/// The generalised Sprague–Grundy value of every vertex `0..n` of a directed graph, where
/// `successors(v)` lists the vertices one move from v (repeats allowed; entries `>= n` are
/// ignored, as they name no vertex). O(V + E) per distinct finite value.
pub fn gsg_values<'a, F>(n: usize, successors: F, budget: &Budget) -> Result<Vec<Gsg>, Exhausted>
where
    F: Fn(usize) -> &'a [usize],
{
    let succ: Vec<Vec<usize>> = (0..n).map(|v| successors(v).iter().copied().filter(|&w| w < n).collect()).collect();
    let pred = predecessors(&succ);
    budget.check_memory(16 * (n + 2 * pred.targets.len()))?;
    let mut labelling = Labelling { succ: &succ, pred: &pred, label: vec![UNLABELLED; n], unlabelled: n };
    let mut level = 0u64;
    while labelling.unlabelled > 0 {
        labelling.round(level, budget)?;
        level += 1;
    }
    Ok((0..n).map(|v| labelling.value(v)).collect())
}

/// Compressed predecessor lists: the predecessors of v are `targets[start[v]..start[v + 1]]`.
struct Predecessors {
    start: Vec<usize>,
    targets: Vec<usize>,
}

impl Predecessors {
    fn of(&self, v: usize) -> &[usize] {
        &self.targets[self.start[v]..self.start[v + 1]]
    }
}

fn predecessors(succ: &[Vec<usize>]) -> Predecessors {
    let n = succ.len();
    let mut start = vec![0usize; n + 1];
    succ.iter().flatten().for_each(|&w| start[w + 1] += 1);
    (0..n).for_each(|v| start[v + 1] += start[v]);
    let mut fill = start.clone();
    let mut targets = vec![0usize; start[n]];
    for (v, ws) in succ.iter().enumerate() {
        for &w in ws {
            targets[fill[w]] = v;
            fill[w] += 1;
        }
    }
    Predecessors { start, targets }
}

/// The state of the labelling algorithm.
struct Labelling<'g> {
    succ: &'g [Vec<usize>],
    pred: &'g Predecessors,
    label: Vec<u64>,
    unlabelled: usize,
}

impl Labelling<'_> {
    /// Whether v's label still makes it matter to its predecessors in round i (unlabelled or ∞).
    fn open(&self, v: usize) -> bool {
        self.label[v] >= INFINITE
    }

    /// One round: label `level` as long as possible, then ∞ every unlabelled vertex that has no
    /// option labelled `level`.
    fn round(&mut self, level: u64, budget: &Budget) -> Result<(), Exhausted> {
        let n = self.label.len();
        // `waiting[u]`: u's open options that have no option labelled `level` yet.
        let mut waiting = vec![0usize; n];
        let mut covered = vec![false; n];
        let mut queue = Vec::new();
        for (u, wait) in waiting.iter_mut().enumerate() {
            budget.check()?;
            if self.label[u] != UNLABELLED {
                continue;
            }
            *wait = self.succ[u].iter().filter(|&&w| self.open(w)).count();
            if *wait == 0 {
                queue.push(u);
            }
        }
        while let Some(u) = queue.pop() {
            budget.check()?;
            if covered[u] || self.label[u] != UNLABELLED {
                continue;
            }
            self.label[u] = level;
            self.unlabelled -= 1;
            for &p in self.pred.of(u) {
                if covered[p] || !self.open(p) {
                    continue;
                }
                covered[p] = true;
                for &q in self.pred.of(p) {
                    if self.label[q] != UNLABELLED {
                        continue;
                    }
                    waiting[q] -= 1;
                    if waiting[q] == 0 && !covered[q] {
                        queue.push(q);
                    }
                }
            }
        }
        for (label, &cov) in self.label.iter_mut().zip(&covered) {
            if *label == UNLABELLED && !cov {
                *label = INFINITE;
                self.unlabelled -= 1;
            }
        }
        Ok(())
    }

    fn value(&self, v: usize) -> Gsg {
        if self.label[v] != INFINITE {
            return Gsg::Finite(self.label[v]);
        }
        let mut k: Vec<u64> = self.succ[v].iter().map(|&w| self.label[w]).filter(|&l| l < INFINITE).collect();
        k.sort_unstable();
        k.dedup();
        Gsg::Infinite(k)
    }
}

//! Exhaustive search over the product game, straight from the rules, for the tests: each
//! component's positions are enumerated into a graph, and each compound's moves and ending
//! rule are applied literally to tuples of component positions.

use std::collections::HashMap;

use cgt_core::Outcome;

use crate::compounds::{Compound, Convention};
use crate::heap::{Component, HeapRule};
use crate::octal::OctalCode;
use crate::subtraction::SubtractionGame;

pub(crate) use crate::test_rng::Rng;

/// Random heap rules for the compounds' tests.
pub(crate) trait RandomRule {
    /// A random rule: Nim, a subtraction set inside 1..4, a named octal code or a random one.
    fn rule(&mut self) -> HeapRule;
}

impl RandomRule for Rng {
    fn rule(&mut self) -> HeapRule {
        match self.below(6) {
            0 => HeapRule::Nim,
            1 | 2 => {
                let take: Vec<u64> = (1..=4).filter(|_| self.below(2) == 0).collect();
                HeapRule::Subtraction(SubtractionGame::new(if take.is_empty() { &[2] } else { &take }).unwrap())
            }
            3 | 4 => {
                let code = ["0.77", "0.07", "0.137"][self.below(3) as usize];
                HeapRule::Octal(OctalCode::parse(code).unwrap())
            }
            _ => {
                let d0 = if self.below(4) == 0 { 4 } else { 0 };
                let digits: Vec<u8> = (0..1 + self.below(3)).map(|_| self.below(8) as u8).collect();
                HeapRule::Octal(OctalCode::from_digits(d0, &digits).unwrap())
            }
        }
    }
}

/// The options of a multiset of heaps under a rule, literally (empty heaps dropped).
pub(crate) fn literal_options(rule: &HeapRule, position: &[u64]) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for i in 0..position.len() {
        let h = position[i];
        for leave in heap_moves(rule, h) {
            let mut next: Vec<u64> = position.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &x)| x).collect();
            next.extend(leave.into_iter().filter(|&x| x > 0));
            next.sort_unstable();
            out.push(next);
        }
    }
    out
}

/// The heaps each move from a heap of `h` leaves.
fn heap_moves(rule: &HeapRule, h: u64) -> Vec<Vec<u64>> {
    match rule {
        HeapRule::Nim => (0..h).map(|m| vec![m]).collect(),
        HeapRule::User(u) => u.options.get(h as usize).cloned().unwrap_or_default(),
        HeapRule::Subtraction(g) => g.take_set().iter().filter(|&&t| t <= h).map(|&t| vec![h - t]).collect(),
        HeapRule::Octal(code) => {
            let mut out = Vec::new();
            for k in 0..=h {
                let (d, m) = (code.digit(k as usize), h - k);
                if k > 0 && d & 1 != 0 && m == 0 {
                    out.push(vec![]);
                }
                if k > 0 && d & 2 != 0 && m > 0 {
                    out.push(vec![m]);
                }
                if d & 4 != 0 {
                    out.extend((1..m).filter(|&a| a <= m - a).map(|a| vec![a, m - a]));
                }
            }
            out
        }
    }
}

/// The positions of one component, numbered from its start (0), with their options.
pub(crate) struct Graph {
    pub(crate) options: Vec<Vec<usize>>,
}

impl Graph {
    /// Every position reachable from the component's heap.
    pub(crate) fn of(c: &Component) -> Graph {
        let start: Vec<u64> = [c.heap].into_iter().filter(|&h| h > 0).collect();
        let mut index: HashMap<Vec<u64>, usize> = HashMap::from([(start.clone(), 0)]);
        let (mut queue, mut options) = (vec![start], Vec::new());
        while options.len() < queue.len() {
            let p = queue[options.len()].clone();
            let mut opts = Vec::new();
            for o in literal_options(&c.rule, &p) {
                let next = queue.len();
                let id = *index.entry(o.clone()).or_insert(next);
                if id == next {
                    queue.push(o);
                }
                opts.push(id);
            }
            options.push(opts);
        }
        Graph { options }
    }

    /// A fold over the positions (children first).
    pub(crate) fn fold(&self, f: impl Fn(&[u64]) -> u64) -> Vec<u64> {
        let mut values: Vec<Option<u64>> = vec![None; self.options.len()];
        for p in 0..self.options.len() {
            self.fold_at(p, &f, &mut values);
        }
        values.into_iter().map(Option::unwrap).collect()
    }

    fn fold_at(&self, p: usize, f: &impl Fn(&[u64]) -> u64, values: &mut Vec<Option<u64>>) -> u64 {
        if let Some(v) = values[p] {
            return v;
        }
        let opts: Vec<u64> = self.options[p].iter().map(|&o| self.fold_at(o, f, values)).collect();
        let v = f(&opts);
        values[p] = Some(v);
        v
    }
}

/// The least value not in `values`.
pub(crate) fn mex(values: &[u64]) -> u64 {
    (0..).find(|v| !values.contains(v)).unwrap()
}

/// The misère nim value: 1 without a move, else the mex.
pub(crate) fn misere_mex(values: &[u64]) -> u64 {
    if values.is_empty() { 1 } else { mex(values) }
}

/// The product of the components' graphs: a state is a tuple of positions in mixed radix.
pub(crate) struct Product<'a> {
    graphs: &'a [Graph],
}

impl<'a> Product<'a> {
    pub(crate) fn new(graphs: &'a [Graph]) -> Self {
        Product { graphs }
    }

    /// The number of states.
    pub(crate) fn size(&self) -> usize {
        self.graphs.iter().map(|g| g.options.len()).product()
    }

    fn decode(&self, mut state: usize) -> Vec<usize> {
        self.graphs
            .iter()
            .map(|g| {
                let n = state % g.options.len();
                state /= g.options.len();
                n
            })
            .collect()
    }

    fn encode(&self, nodes: &[usize]) -> usize {
        self.graphs.iter().zip(nodes).rev().fold(0, |s, (g, &n)| s * g.options.len() + n)
    }

    /// Whether play is over at `nodes` under the compound's ending rule.
    fn over(&self, compound: Compound, nodes: &[usize]) -> bool {
        let done = |i: usize| self.graphs[i].options[nodes[i]].is_empty();
        match compound {
            Compound::Diminished | Compound::Shortened | Compound::Conjunctive => (0..nodes.len()).any(done),
            _ => (0..nodes.len()).all(done),
        }
    }

    /// The successors of `nodes` under the compound's move rule.
    fn moves(&self, compound: Compound, nodes: &[usize]) -> Vec<usize> {
        let live: Vec<usize> = (0..nodes.len()).filter(|&i| !self.graphs[i].options[nodes[i]].is_empty()).collect();
        let sets: Vec<Vec<usize>> = match compound {
            Compound::Disjunctive | Compound::Diminished => live.iter().map(|&i| vec![i]).collect(),
            Compound::Selective | Compound::Shortened => (1..1usize << live.len())
                .map(|mask| live.iter().enumerate().filter(|&(b, _)| mask >> b & 1 == 1).map(|(_, &i)| i).collect())
                .collect(),
            Compound::Conjunctive | Compound::Continued => vec![live],
        };
        let mut out = Vec::new();
        for set in sets {
            self.products(&mut nodes.to_vec(), &set, &mut out);
        }
        out
    }

    /// Every way to move each component in `set`, from `nodes`.
    fn products(&self, nodes: &mut Vec<usize>, set: &[usize], out: &mut Vec<usize>) {
        let Some((&i, rest)) = set.split_first() else {
            out.push(self.encode(nodes));
            return;
        };
        let before = nodes[i];
        for &o in &self.graphs[i].options[before] {
            nodes[i] = o;
            self.products(nodes, rest, out);
        }
        nodes[i] = before;
    }

    /// The outcome of the start (every component at its start) by search.
    pub(crate) fn outcome(&self, compound: Compound, convention: Convention) -> Outcome {
        let mut memo = vec![None; self.size()];
        if self.wins(compound, convention, 0, &mut memo) { Outcome::N } else { Outcome::P }
    }

    fn wins(&self, compound: Compound, convention: Convention, state: usize, memo: &mut Vec<Option<bool>>) -> bool {
        if let Some(w) = memo[state] {
            return w;
        }
        let nodes = self.decode(state);
        let w = if self.over(compound, &nodes) {
            convention == Convention::Misere
        } else {
            self.moves(compound, &nodes).into_iter().any(|s| !self.wins(compound, convention, s, memo))
        };
        memo[state] = Some(w);
        w
    }

    /// A fold over the disjunctive sum's states, at the start.
    pub(crate) fn sum_fold(&self, f: &impl Fn(&[u64]) -> u64) -> u64 {
        let mut memo = vec![None; self.size()];
        self.sum_fold_at(0, f, &mut memo)
    }

    fn sum_fold_at(&self, state: usize, f: &impl Fn(&[u64]) -> u64, memo: &mut Vec<Option<u64>>) -> u64 {
        if let Some(v) = memo[state] {
            return v;
        }
        let nodes = self.decode(state);
        let succ = self.moves(Compound::Disjunctive, &nodes);
        let values: Vec<u64> = succ.into_iter().map(|s| self.sum_fold_at(s, f, memo)).collect();
        let v = f(&values);
        memo[state] = Some(v);
        v
    }
}

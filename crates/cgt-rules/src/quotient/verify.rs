//! The proof that a candidate quotient predicts every misère outcome (Plambeck–Siegel 2008: a
//! bipartite monoid with a pretending function is the quotient once no position is predicted
//! against the outcome rule): a search over the states `(image, U, moved)` of all positions.
//!
//! A position X is predicted P iff its image is in P. It is *locally consistent* when that holds
//! iff X has a move and no option of X is predicted P. If every position is locally consistent,
//! every prediction is right (induction on the game). A heap enters only through its type: its
//! image, whether it has a move, and `good[w]` (some option o of the heap has `w·image(o)` in P).
//! With `U(X)` = the z such that `X + Z` (Z of image z) has a move inside X to a predicted P,
//! `U(X + g) = {z : image(g)·z ∈ U(X)} ∪ {z : good_g[x·z]}`; X is locally consistent iff
//! `P(x) = moved(X) ∧ 1 ∉ U(X)`. The states reachable from the empty position are found by a
//! breadth-first search, each with a path of heaps leading to it (a witness position).

use std::collections::VecDeque;

use cgt_core::hash::FxHashMap;
use cgt_core::{Budget, Exhausted};

/// The multiplication table and P-portion of a candidate; element 0 is the identity.
#[derive(Clone, Copy)]
pub(super) struct Monoid<'a> {
    /// `table[a][b]`: the product.
    pub table: &'a [Vec<usize>],
    /// `p[a]`: whether a is predicted P.
    pub p: &'a [bool],
    /// The outcome rule: `None` for misère play (a position with no move is N); for the
    /// level games of `levels`, whether a move of the new heap from positions of element a
    /// reaches P (then they are N; every position has a move).
    pub exit: Option<&'a [bool]>,
}

/// How a heap acts in the proof.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct HeapType {
    /// The heap's element.
    pub image: usize,
    /// Whether the heap has a move.
    pub moves: bool,
    /// Bit w: some option o of the heap has `w·image(o)` predicted P.
    pub good: Vec<u64>,
}

impl HeapType {
    /// The type of a heap of element `image` whose options have the elements `options`.
    pub(super) fn new(m: Monoid, image: usize, options: &[usize]) -> Self {
        let order = m.p.len();
        let mut good = vec![0u64; order.div_ceil(64)];
        for w in 0..order {
            if options.iter().any(|&o| m.p[m.table[w][o]]) {
                good[w / 64] |= 1 << (w % 64);
            }
        }
        HeapType { image, moves: !options.is_empty(), good }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct State {
    x: usize,
    u: Vec<u64>,
    moved: bool,
}

/// The reachable states of a proven candidate, kept to extend it by one more heap type.
#[derive(Clone, Default)]
pub(super) struct Proof {
    types: Vec<HeapType>,
    /// A heap size of each type, to write witnesses.
    heaps: Vec<usize>,
    states: Vec<State>,
    /// Each state's index and how it was reached: (parent state, heap), none for the start.
    seen: FxHashMap<State, (usize, Option<(usize, usize)>)>,
}

/// For each heap type and element x, the set `{z : good[x·z]}` (the z that an option of the
/// heap takes to P beside a position of element x), made when first needed: it depends on
/// the state only through x, and many states share an x.
struct GoodRows {
    rows: Vec<Vec<Option<Box<[u64]>>>>,
}

impl GoodRows {
    fn new(types: usize) -> Self {
        GoodRows { rows: vec![Vec::new(); types] }
    }

    fn get(&mut self, m: Monoid, t: usize, ty: &HeapType, x: usize) -> &[u64] {
        let order = m.p.len();
        let rows = &mut self.rows[t];
        if rows.is_empty() {
            rows.resize(order, None);
        }
        rows[x].get_or_insert_with(|| {
            m.table[x][..order]
                .chunks(64)
                .map(|xs| {
                    let mut bits = 0u64;
                    for (k, &xz) in xs.iter().enumerate() {
                        bits |= (ty.good[xz / 64] >> (xz % 64) & 1) << k;
                    }
                    bits
                })
                .collect()
        })
    }
}

/// What a search found: a proof, or a position predicted against the outcome rule.
pub(super) enum Found {
    /// Every reachable state is consistent.
    Proven(Proof),
    /// The heaps of a locally inconsistent position.
    Witness(Vec<usize>),
}

/// Why a search stopped.
pub(super) enum Stop {
    /// The budget ran out.
    Budget(Exhausted),
    /// More states than allowed.
    TooManyStates,
}

impl From<Exhausted> for Stop {
    fn from(e: Exhausted) -> Self {
        Stop::Budget(e)
    }
}

/// Reached states allowed before giving up.
const MAX_STATES: usize = 1 << 18;

/// Bytes counted per state (its U bitset and the map entry).
const STATE_BYTES: usize = 96;

impl Proof {
    /// Searches all positions over `types` (each with a heap size for witnesses).
    pub(super) fn build(m: Monoid, types: Vec<(HeapType, usize)>, budget: &Budget) -> Result<Found, Stop> {
        let mut proof = Proof::default();
        let start = State { x: 0, u: vec![0; m.p.len().div_ceil(64)], moved: false };
        if !consistent(m, &start) {
            return Ok(Found::Witness(vec![]));
        }
        proof.seen.insert(start.clone(), (0, None));
        proof.states.push(start);
        // Heaps of one type act alike in every state: one of them (the least) stands for all.
        for (t, heap) in types {
            match proof.types.iter().position(|old| *old == t) {
                Some(i) => proof.heaps[i] = proof.heaps[i].min(heap),
                None => {
                    proof.types.push(t);
                    proof.heaps.push(heap);
                }
            }
        }
        let all: Vec<usize> = (0..proof.types.len()).collect();
        let mut rows = GoodRows::new(proof.types.len());
        match proof.close(m, &mut rows, (0..1).collect(), &all, budget)? {
            Some(w) => Ok(Found::Witness(w)),
            None => Ok(Found::Proven(proof)),
        }
    }

    /// The proof with one more heap type added, or a witness against it; `self` is unchanged.
    pub(super) fn extend(&self, m: Monoid, t: HeapType, heap: usize, budget: &Budget) -> Result<Found, Stop> {
        if let Some(i) = self.types.iter().position(|old| *old == t) {
            let mut same = self.clone();
            same.heaps[i] = same.heaps[i].min(heap);
            return Ok(Found::Proven(same));
        }
        // Most candidates are wrong, and show it on a position `X + g` with X already a state:
        // look at those before copying the proof.
        let mut rows = GoodRows::new(self.types.len() + 1);
        let new = self.types.len();
        let mut successors = Vec::with_capacity(self.states.len());
        for (s, state) in self.states.iter().enumerate() {
            budget.check()?;
            let next = step(m, state, &t, rows.get(m, new, &t, state.x));
            if !consistent(m, &next) {
                let mut w = self.witness(s);
                w.push(heap);
                w.sort_unstable();
                return Ok(Found::Witness(w));
            }
            successors.push(next);
        }
        let mut next = self.clone();
        next.types.push(t);
        next.heaps.push(heap);
        // Old states only need the new type; states found from here need every type.
        let mut queue = VecDeque::new();
        for (s, succ) in successors.into_iter().enumerate() {
            budget.check()?;
            if let Some(w) = next.add(m, s, new, succ, &mut queue, budget)? {
                return Ok(Found::Witness(w));
            }
        }
        let all: Vec<usize> = (0..next.types.len()).collect();
        match next.close(m, &mut rows, queue, &all, budget)? {
            Some(w) => Ok(Found::Witness(w)),
            None => Ok(Found::Proven(next)),
        }
    }

    /// Expands the queued states by every type in `types` until no new state appears.
    fn close(
        &mut self,
        m: Monoid,
        rows: &mut GoodRows,
        mut queue: VecDeque<usize>,
        types: &[usize],
        budget: &Budget,
    ) -> Result<Option<Vec<usize>>, Stop> {
        while let Some(s) = queue.pop_front() {
            if let Some(w) = self.expand(m, rows, s, types, &mut queue, budget)? {
                return Ok(Some(w));
            }
        }
        Ok(None)
    }

    /// Adds the successors of state `s` by the given types; a witness if one is inconsistent.
    fn expand(
        &mut self,
        m: Monoid,
        rows: &mut GoodRows,
        s: usize,
        types: &[usize],
        queue: &mut VecDeque<usize>,
        budget: &Budget,
    ) -> Result<Option<Vec<usize>>, Stop> {
        budget.check()?;
        for &t in types {
            let state = &self.states[s];
            let next = step(m, state, &self.types[t], rows.get(m, t, &self.types[t], state.x));
            if let Some(w) = self.add(m, s, t, next, queue, budget)? {
                return Ok(Some(w));
            }
        }
        Ok(None)
    }

    /// Records `next`, reached from state `s` by a heap of type `t`, unless already seen; a
    /// witness if it is inconsistent.
    fn add(
        &mut self,
        m: Monoid,
        s: usize,
        t: usize,
        next: State,
        queue: &mut VecDeque<usize>,
        budget: &Budget,
    ) -> Result<Option<Vec<usize>>, Stop> {
        if self.seen.contains_key(&next) {
            return Ok(None);
        }
        let id = self.states.len();
        let ok = consistent(m, &next);
        self.seen.insert(next.clone(), (id, Some((s, self.heaps[t]))));
        self.states.push(next);
        if !ok {
            return Ok(Some(self.witness(id)));
        }
        if self.states.len() > MAX_STATES {
            return Err(Stop::TooManyStates);
        }
        budget.check_memory(self.states.len() * (STATE_BYTES + self.types.len()))?;
        queue.push_back(id);
        Ok(None)
    }

    /// The heaps added on the way from the start to state `s`.
    fn witness(&self, mut s: usize) -> Vec<usize> {
        let mut word = Vec::new();
        while let Some(&(_, Some((parent, heap)))) = self.seen.get(&self.states[s]) {
            word.push(heap);
            s = parent;
        }
        word.sort_unstable();
        word
    }
}

/// The state of X + g from the state of X; `good_row` is `{z : good_g[x·z]}` for X's element x.
fn step(m: Monoid, s: &State, t: &HeapType, good_row: &[u64]) -> State {
    let order = m.p.len();
    let mut u = good_row.to_vec();
    let row_g = &m.table[t.image];
    // {z : g·z in U(X)}, a word of 64 z at a time.
    for (word, zs) in u.iter_mut().zip(row_g[..order].chunks(64)) {
        let mut bits = 0u64;
        for (k, &gz) in zs.iter().enumerate() {
            bits |= (s.u[gz / 64] >> (gz % 64) & 1) << k;
        }
        *word |= bits;
    }
    State { x: m.table[s.x][t.image], u, moved: s.moved || t.moves }
}

/// Whether positions of this state are predicted as the outcome rule says.
fn consistent(m: Monoid, s: &State) -> bool {
    let moves_to_p = s.u[0] & 1 == 1;
    let p = match m.exit {
        None => s.moved && !moves_to_p,
        Some(exit) => !exit[s.x] && !moves_to_p,
    };
    m.p[s.x] == p
}

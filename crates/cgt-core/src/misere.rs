//! Impartial games under misère play: Conway's misère canonical forms (ONAG ch. 12; WW ch. 13;
//! Siegel, *Combinatorial Game Theory*, ch. V.1-V.3), hash-consed in an arena like
//! [`crate::Games`].
//!
//! Two impartial games are misère-equal when `G + X` and `H + X` have the same misère outcome
//! for every impartial X. Conway's simplest form theorem: a game whose options are canonical,
//! distinct and not *reversible* (an option `G'` is reversible when some option `G''` of it
//! equals G) is the unique smallest form of its class. So if some `G''` equals G, that `G''`
//! (already canonical) *is* G's canonical form; otherwise G, with duplicate options removed, is.
//!
//! Equality of a new game G with a canonical X is decided by two facts (Siegel V.1, Conway's
//! theorem on linked games):
//!
//! * **Equality.** `G = H` iff no `H'` is linked to G, no `G'` is linked to H, and neither is
//!   the empty game while the other is a misère P-position. (A smallest distinguishing game T
//!   makes `G + T` P and `H + T` N, and then `H + T` can only move to P by a move in H, which
//!   links G to that `H'` through T — or `H + T` has no move at all.)
//! * **Linking.** G and H are *linked* (some T makes both `G + T` and `H + T` P-positions) iff
//!   `G != H'` for every `H'` and `G' != H` for every `G'`.
//!
//! Among canonical games both tests are comparisons of ids, so only the new game's own equality
//! needs recursion. The normal and misère nim values are invariants of misère equality, and
//! serve as a quick filter. The tests hold everything against search over game trees.

mod genus;
mod print;
mod read;
#[cfg(test)]
mod tests;

use crate::budget::{Budget, Exhausted};
use crate::hash::FxHashMap as HashMap;

pub use genus::{Genus, Phylum};
pub use read::ReadError;

/// A canonical misère impartial game in a [`MisereGames`] arena.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MisereId(u32);

/// One canonical form: its options (sorted by id, distinct) and its invariants.
#[derive(Clone, Debug)]
struct Node {
    options: Box<[MisereId]>,
    birthday: u32,
    /// The normal-play nim value G+.
    nim: u32,
    /// The misère nim value G-: 1 for the empty game, else the mex of the options'.
    misere: u32,
    /// Whether the game is a nim heap `*n`, decided once when the node is made (deciding it
    /// again by recursion would revisit shared options exponentially often).
    heap: bool,
}

/// Bytes counted per stored node, besides its options.
const NODE_BYTES: usize = 96;

/// The arena of canonical misère impartial games: equal games get equal ids.
#[derive(Debug)]
pub struct MisereGames {
    nodes: Vec<Node>,
    index: HashMap<Box<[MisereId]>, MisereId>,
    sums: HashMap<(MisereId, MisereId), MisereId>,
    nimbers: Vec<MisereId>,
    partners: HashMap<MisereId, MisereId>,
    genera: HashMap<MisereId, Genus>,
    /// Phyla found (memoised: each option's phylum is asked for by every game above it).
    phyla: HashMap<MisereId, genus::Phylum>,
    bytes: usize,
}

impl Default for MisereGames {
    fn default() -> Self {
        Self::new()
    }
}

impl MisereGames {
    /// An arena holding only the empty game 0.
    pub fn new() -> Self {
        let zero = Node { options: Box::new([]), birthday: 0, nim: 0, misere: 1, heap: true };
        let mut index = HashMap::default();
        index.insert(zero.options.clone(), MisereId(0));
        MisereGames {
            nodes: vec![zero],
            index,
            sums: HashMap::default(),
            nimbers: vec![MisereId(0)],
            partners: HashMap::default(),
            genera: HashMap::default(),
            phyla: HashMap::default(),
            bytes: NODE_BYTES,
        }
    }

    /// The empty game 0 (a misère N-position: the player to move cannot, and wins).
    pub fn zero(&self) -> MisereId {
        MisereId(0)
    }

    /// How many canonical games the arena holds.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the arena holds only 0 (never true: 0 is always there).
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The nim heap `*n`.
    pub fn nimber(&mut self, n: u32, budget: &Budget) -> Result<MisereId, Exhausted> {
        while self.nimbers.len() <= n as usize {
            let opts = self.nimbers.clone();
            let next = self.from_options(&opts, budget)?;
            self.nimbers.push(next);
        }
        Ok(self.nimbers[n as usize])
    }

    /// The canonical form of the game whose options are `opts` (in any order, repeats allowed).
    pub fn from_options(&mut self, opts: &[MisereId], budget: &Budget) -> Result<MisereId, Exhausted> {
        let mut set = opts.to_vec();
        set.sort_unstable();
        set.dedup();
        if let Some(&id) = self.index.get(set.as_slice()) {
            return Ok(id);
        }
        budget.check()?;
        let nim = mex(set.iter().map(|&o| self.node(o).nim));
        let misere = mex(set.iter().map(|&o| self.node(o).misere));
        let candidate = Candidate { options: &set, nim, misere };
        let mut memo = HashMap::default();
        for &o in &set {
            budget.check()?;
            for &oo in self.node(o).options.iter() {
                if self.equals(&candidate, oo, &mut memo, budget)? {
                    self.remember(set.into_boxed_slice(), oo, budget)?;
                    return Ok(oo);
                }
            }
        }
        let birthday = 1 + set.iter().map(|&o| self.node(o).birthday).max().unwrap_or(0);
        let id = MisereId(u32::try_from(self.nodes.len()).map_err(|_| Exhausted::Memory)?);
        let options: Box<[MisereId]> = set.into_boxed_slice();
        let heap = options.len() == birthday as usize && options.iter().all(|&o| self.node(o).heap);
        self.nodes.push(Node { options: options.clone(), birthday, nim, misere, heap });
        self.remember(options, id, budget)?;
        Ok(id)
    }

    /// The canonical form of `G + H` (the disjunctive sum).
    pub fn add(&mut self, g: MisereId, h: MisereId, budget: &Budget) -> Result<MisereId, Exhausted> {
        if g == self.zero() {
            return Ok(h);
        }
        if h == self.zero() {
            return Ok(g);
        }
        let key = (g.min(h), g.max(h));
        if let Some(&s) = self.sums.get(&key) {
            return Ok(s);
        }
        budget.check()?;
        let mut opts = Vec::new();
        for go in self.options(g).to_vec() {
            opts.push(self.add(go, h, budget)?);
        }
        for ho in self.options(h).to_vec() {
            opts.push(self.add(g, ho, budget)?);
        }
        let s = self.from_options(&opts, budget)?;
        self.sums.insert(key, s);
        self.charge(32, budget)?;
        Ok(s)
    }

    /// The sum of several games (0 for none).
    pub fn sum(&mut self, games: &[MisereId], budget: &Budget) -> Result<MisereId, Exhausted> {
        games.iter().try_fold(self.zero(), |acc, &g| self.add(acc, g, budget))
    }

    /// The options of a canonical game, sorted by id.
    pub fn options(&self, g: MisereId) -> &[MisereId] {
        &self.node(g).options
    }

    /// The birthday of the canonical form (0 for the empty game).
    pub fn birthday(&self, g: MisereId) -> u32 {
        self.node(g).birthday
    }

    /// The normal-play nim value G+ (the Sprague–Grundy value).
    pub fn nim_value(&self, g: MisereId) -> u32 {
        self.node(g).nim
    }

    /// The misère nim value G-: 1 for the empty game, else the mex of the options' values.
    pub fn misere_nim_value(&self, g: MisereId) -> u32 {
        self.node(g).misere
    }

    /// Whether the player to move loses under misère play (G- = 0).
    pub fn is_p_position(&self, g: MisereId) -> bool {
        self.node(g).misere == 0
    }

    /// Whether the game equals a nim heap `*n` (then n is its birthday): its options are
    /// nim heaps of the n different birthdays below n.
    pub fn is_nim_heap(&self, g: MisereId) -> bool {
        self.node(g).heap
    }

    /// The mate of G (Conway): `*1` for 0, otherwise the game whose options are the mates of
    /// G's options. It differs from G only in the 0/`*1` endings.
    pub fn mate(&mut self, g: MisereId, budget: &Budget) -> Result<MisereId, Exhausted> {
        if g == self.zero() {
            return self.nimber(1, budget);
        }
        let mut opts = Vec::new();
        for o in self.options(g).to_vec() {
            opts.push(self.mate(o, budget)?);
        }
        self.from_options(&opts, budget)
    }

    /// `G + *1`, and whether G is *odd*: of the pair `G`, `G + *1` one has the other among its
    /// options; that one (with the larger birthday) is odd, the other even (CGSuite's parity).
    pub fn parity(&mut self, g: MisereId, budget: &Budget) -> Result<(bool, MisereId), Exhausted> {
        let partner = match self.partners.get(&g) {
            Some(&p) => p,
            None => {
                let one = self.nimber(1, budget)?;
                let p = self.add(g, one, budget)?;
                self.partners.insert(g, p);
                self.partners.insert(p, g);
                p
            }
        };
        Ok((self.birthday(partner) < self.birthday(g), partner))
    }

    fn node(&self, g: MisereId) -> &Node {
        &self.nodes[g.0 as usize]
    }

    fn remember(&mut self, set: Box<[MisereId]>, id: MisereId, budget: &Budget) -> Result<(), Exhausted> {
        let bytes = NODE_BYTES + 8 * set.len();
        self.index.insert(set, id);
        self.charge(bytes, budget)
    }

    fn charge(&mut self, bytes: usize, budget: &Budget) -> Result<(), Exhausted> {
        self.bytes += bytes;
        budget.check_memory(self.bytes)
    }

    /// Whether the game with options `g` (canonical, distinct) equals the canonical `x`.
    fn equals(
        &self,
        g: &Candidate<'_>,
        x: MisereId,
        memo: &mut HashMap<MisereId, bool>,
        budget: &Budget,
    ) -> Result<bool, Exhausted> {
        let xn = self.node(x);
        // The two nim values are invariants: most candidates differ there, with no memo.
        if xn.nim != g.nim || xn.misere != g.misere {
            return Ok(false);
        }
        if let Some(&known) = memo.get(&x) {
            return Ok(known);
        }
        budget.check()?;
        // No option of G is linked to X (both canonical: comparisons of ids).
        let mut equal = g.options.iter().all(|&go| xn.options.contains(&go) || self.options(go).contains(&x));
        if equal {
            // No option of X is linked to G.
            for &xo in xn.options.iter() {
                if !self.linked_to_candidate(g, xo, memo, budget)? {
                    continue;
                }
                equal = false;
                break;
            }
        }
        memo.insert(x, equal);
        Ok(equal)
    }

    /// Whether the new game G is linked to the canonical `y`: `G != y'` and `G' != y`.
    fn linked_to_candidate(
        &self,
        g: &Candidate<'_>,
        y: MisereId,
        memo: &mut HashMap<MisereId, bool>,
        budget: &Budget,
    ) -> Result<bool, Exhausted> {
        if g.options.contains(&y) {
            return Ok(false);
        }
        for &yo in self.options(y) {
            if self.equals(g, yo, memo, budget)? {
                return Ok(false);
            }
        }
        Ok(true)
    }
}

/// A game being built: canonical distinct options and its two nim values.
struct Candidate<'a> {
    options: &'a [MisereId],
    nim: u32,
    misere: u32,
}

/// The least natural number not in `values`.
fn mex(values: impl Iterator<Item = u32>) -> u32 {
    let mut seen: Vec<u32> = values.collect();
    seen.sort_unstable();
    seen.dedup();
    seen.iter().enumerate().find(|&(i, &v)| v != i as u32).map_or(seen.len() as u32, |(i, _)| i as u32)
}

//! Storage of canonical games: the hash-consing table, option lists, birthdays, bounded
//! caches and the memory estimate.
//!
//! Every node is stored once: the interning table ([`Index`]) holds only ids, found by the
//! node's hash and compared with the stored nodes, so two canonical forms get the same
//! [`GameId`] exactly when they are identical, and a form already stored is found without
//! allocating anything. A general node keeps both option lists in itself when they are
//! short (at most five options, as most canonical forms of a large search have), otherwise in
//! one shared allocation ([`Lists`]). Number-up-star values are stored as their three
//! components and their options are produced (and cached) on demand.

use std::hash::{Hash, Hasher};
use std::mem::size_of;
use std::ops::Deref;
use std::sync::Arc;

use super::memo::{BitMemo, PairMemo};
use super::nus::Nus;
use super::{GameId, Games};
use crate::budget::{Budget, Exhausted};
use crate::dyadic::Dyadic;
use crate::hash::FxHasher;
use num_traits::ToPrimitive;

/// How many options (both sides together) a general node keeps in itself, without an
/// allocation of their own: as many as fit in the node's 24 bytes. Most canonical forms of a
/// large search have this few (a Domineering region's value has about two), and reading
/// their options then touches the node alone.
const INLINE: usize = 5;

/// One side's canonical options, cheap to clone, dereferencing to the ids: a copy of a short
/// list, or a range of a list shared between the arena and its callers (cloning it counts a
/// reference, which a copy does not).
#[derive(Clone, Debug)]
pub(crate) enum Opts {
    Inline { ids: [GameId; INLINE], start: u8, end: u8 },
    Shared { all: Arc<[GameId]>, start: u32, end: u32 },
}

impl Opts {
    /// A list of its own.
    pub(crate) fn from_vec(v: Vec<GameId>) -> Opts {
        if v.len() <= INLINE {
            let mut ids = [GameId(0); INLINE];
            ids[..v.len()].copy_from_slice(&v);
            return Opts::Inline { ids, start: 0, end: v.len() as u8 };
        }
        let end = u32::try_from(v.len()).expect("fewer than 2^32 options");
        Opts::Shared { all: Arc::from(v), start: 0, end }
    }
}

impl Deref for Opts {
    type Target = [GameId];
    fn deref(&self) -> &[GameId] {
        match self {
            Opts::Inline { ids, start, end } => &ids[*start as usize..*end as usize],
            Opts::Shared { all, start, end } => &all[*start as usize..*end as usize],
        }
    }
}

impl FromIterator<GameId> for Opts {
    fn from_iter<I: IntoIterator<Item = GameId>>(iter: I) -> Opts {
        Opts::from_vec(iter.into_iter().collect())
    }
}

/// Both option lists of a general game, the Left options then the Right: in the node itself
/// when they are at most [`INLINE`] together (the ids past `len` are `0`, so that equal lists
/// are equal values), otherwise in one shared allocation.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) enum Lists {
    Inline { ids: [GameId; INLINE], split: u8, len: u8 },
    Shared { all: Arc<[GameId]>, split: u32 },
}

impl Lists {
    /// The lists `left` and `right`.
    pub(crate) fn new(left: &[GameId], right: &[GameId]) -> Lists {
        let len = left.len() + right.len();
        if len <= INLINE {
            let mut ids = [GameId(0); INLINE];
            ids[..left.len()].copy_from_slice(left);
            ids[left.len()..len].copy_from_slice(right);
            return Lists::Inline { ids, split: left.len() as u8, len: len as u8 };
        }
        let mut all = Vec::with_capacity(len);
        all.extend_from_slice(left);
        all.extend_from_slice(right);
        Lists::Shared { all: Arc::from(all), split: u32::try_from(left.len()).expect("fewer than 2^32 options") }
    }

    fn split(&self) -> usize {
        match self {
            Lists::Inline { split, .. } => *split as usize,
            Lists::Shared { split, .. } => *split as usize,
        }
    }

    /// The Left options.
    pub(crate) fn left(&self) -> &[GameId] {
        &self.both()[..self.split()]
    }

    /// The Right options.
    pub(crate) fn right(&self) -> &[GameId] {
        &self.both()[self.split()..]
    }

    /// Both lists, Left then Right.
    pub(crate) fn both(&self) -> &[GameId] {
        match self {
            Lists::Inline { ids, len, .. } => &ids[..*len as usize],
            Lists::Shared { all, .. } => all,
        }
    }

    /// The heap bytes of the lists (none when they are in the node).
    fn heap_bytes(&self) -> usize {
        match self {
            Lists::Inline { .. } => 0,
            // The shared list: its two counts, its length and its ids.
            Lists::Shared { all, .. } => size_of_val(&**all) + 32,
        }
    }

    /// The options of one side as [`Opts`].
    fn opts(&self, left: bool) -> Opts {
        match self {
            Lists::Inline { ids, split, len } => {
                let (start, end) = if left { (0, *split) } else { (*split, *len) };
                Opts::Inline { ids: *ids, start, end }
            }
            Lists::Shared { all, split } => {
                let (start, end) = if left { (0, *split) } else { (*split, all.len() as u32) };
                Opts::Shared { all: all.clone(), start, end }
            }
        }
    }

    /// The Left options as [`Opts`].
    fn left_opts(&self) -> Opts {
        self.opts(true)
    }

    /// The Right options as [`Opts`].
    fn right_opts(&self) -> Opts {
        self.opts(false)
    }
}

/// A canonical game: a number-up-star value, or a general node with sorted options.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) enum Node {
    /// `x + k·^ + *m` (boxed: most games of a large search are general, and a node is kept
    /// for every game).
    Nus(Box<Nus>),
    /// Any other canonical form; both lists are in the structural order of `order.rs`.
    General(Lists),
}

/// The interning table's hash of a general game with these option lists.
fn general_hash(left: &[GameId], right: &[GameId]) -> u64 {
    let mut h = FxHasher::default();
    left.hash(&mut h);
    right.hash(&mut h);
    h.finish()
}

/// The interning table's hash of a nus value.
fn nus_hash(n: &Nus) -> u64 {
    let mut h = FxHasher::default();
    u64::MAX.hash(&mut h);
    n.hash(&mut h);
    h.finish()
}

/// The interning table's hash of a node.
fn node_hash(node: &Node) -> u64 {
    match node {
        Node::Nus(n) => nus_hash(n),
        Node::General(lists) => general_hash(lists.left(), lists.right()),
    }
}

/// The interning table: the ids of the arena's nodes, found by the node's hash and compared
/// with the nodes themselves (so no node is stored twice).
pub(crate) type Index = hashbrown::HashTable<GameId>;

/// Whether a game is a number, another number-up-star value or a general game
/// (`Games::kinds`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Kind {
    Number,
    Nus,
    General,
}

/// What an arena keeps of each game beside its node, in 32 bytes (two games a cache line):
/// everything a comparison reads before it needs the options, and what sums and negations
/// look up first.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Meta {
    /// Both stops in a compact exact form, for a quick test that rules out (or proves)
    /// `a <= b` before any search.
    stops: Stops,
    birthday: u64,
    /// The negative, once it has been asked for ([`NO_NEGATIVE`] before): never cleared, so a
    /// negation is computed once per game.
    negative: u32,
    /// Whether the game is a number, another nus value or a general game.
    kind: Kind,
}

/// A game's Left and Right stops as exact multiples of 2^-30 ([`compact_stop`]), or
/// [`UNKNOWN_STOP`] where that form cannot hold the stop.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Stops {
    pub left: i64,
    pub right: i64,
}

impl Stops {
    /// Whether the stops alone show that `a <= b` is false, for `self` the stops of `a` and
    /// `other` those of `b`: stops are monotone, so `a <= b` implies `LS(a) <= LS(b)` and
    /// `RS(a) <= RS(b)` (Siegel, CGT II.6).
    pub(crate) fn refute_leq(&self, other: &Stops) -> bool {
        let (sa, sb) = (self, other);
        let known = |x: i64, y: i64| x != UNKNOWN_STOP && y != UNKNOWN_STOP;
        (known(sa.left, sb.left) && sa.left > sb.left) || (known(sa.right, sb.right) && sa.right > sb.right)
    }

    /// Whether the stops alone show that `a < b` (so `a <= b`): `LS(a) < RS(b)`. The right stop
    /// of `b - a` is at least `RS(b) + RS(-a) = RS(b) - LS(a)` (Siegel, CGT II.6, stops of
    /// sums), which is then positive, and a game whose right stop is positive is positive.
    pub(crate) fn prove_less(&self, other: &Stops) -> bool {
        let (sa, sb) = (self, other);
        sa.left != UNKNOWN_STOP && sb.right != UNKNOWN_STOP && sa.left < sb.right
    }
}

/// A stop that is not known in the compact form (never used to rule anything out).
pub(crate) const UNKNOWN_STOP: i64 = i64::MIN;

/// The dyadic `x` times 2^30, when `x` has a denominator of at most 2^30 and a numerator
/// below 2^32 in absolute value (so the product is exact); otherwise [`UNKNOWN_STOP`].
pub(crate) fn compact_stop(x: &Dyadic) -> i64 {
    const SCALE: u64 = 30;
    match x.numerator().to_i64() {
        Some(n) if x.exponent() <= SCALE && n.unsigned_abs() < 1 << 32 => n << (SCALE - x.exponent()),
        _ => UNKNOWN_STOP,
    }
}

/// The caches' maps, under the short name the game modules use.
pub(crate) use crate::hash::FxHashMap as FxMap;

/// Entries of the comparison memo at its largest (8 bytes each, so 64 MiB); it grows as it
/// fills and then overwrites old entries (`game/memo.rs`). Comparisons are the most valuable,
/// so they get the most room.
pub(crate) const LEQ_MEMO_SLOTS: usize = 1 << 23;
/// Slots of the sum memo at its largest (64 MiB).
pub(crate) const ADD_MEMO_SLOTS: usize = 1 << 22;
/// The negative not known yet (`Games::negatives`). Ids are indices of the arena's nodes,
/// and a game with id `u32::MAX` would need 2^32 nodes, hundreds of GiB, far past any budget.
pub(crate) const NO_NEGATIVE: u32 = u32::MAX;
/// Entries the ordinal-sum cache may hold before being cleared.
pub(crate) const OP_CACHE_MAX: usize = 1 << 20;
/// Nimber parts above this are never expanded into their options (`*n` has n of them).
pub(crate) const NIM_OPTIONS_LIMIT: u64 = 1 << 16;
/// Number-up-star values whose option lists are kept before that cache is cleared.
pub(crate) const NUS_OPTIONS_MAX: usize = 1 << 16;
/// How many new nodes pass between two checks of the memory budget.
const MEMORY_CHECK_EVERY: usize = 1024;

/// The memo tables. Each is bounded by one of the constants above and simply cleared (or, for
/// the two pair memos, overwritten) when full: they only ever speed things up.
pub(crate) struct Caches {
    pub leq: BitMemo,
    pub add: PairMemo,
    pub ordinal: FxMap<(GameId, GameId), GameId>,
    pub nus_options: FxMap<GameId, (Opts, Opts)>,
}

impl Default for Caches {
    fn default() -> Self {
        Caches {
            leq: BitMemo::new(LEQ_MEMO_SLOTS),
            add: PairMemo::new(ADD_MEMO_SLOTS),
            ordinal: FxMap::default(),
            nus_options: FxMap::default(),
        }
    }
}

/// Inserts into a bounded cache, clearing it first when it is full.
pub(crate) fn insert_bounded<K: std::hash::Hash + Eq, V>(map: &mut FxMap<K, V>, max: usize, k: K, v: V) {
    if map.len() >= max {
        map.clear();
    }
    map.insert(k, v);
}

impl Games {
    /// The node behind an id.
    pub(crate) fn node(&self, g: GameId) -> &Node {
        &self.nodes[g.index()]
    }

    /// The nus value behind an id, if it is one.
    pub(crate) fn nus_of(&self, g: GameId) -> Option<&Nus> {
        match self.node(g) {
            Node::Nus(n) => Some(n),
            Node::General(_) => None,
        }
    }

    /// The number behind an id, if it is one.
    pub(crate) fn number_of(&self, g: GameId) -> Option<&Dyadic> {
        self.nus_of(g).filter(|n| n.is_number()).map(|n| &n.x)
    }

    /// The id of a general game with these sorted canonical option lists, adding it if it is
    /// new (a game found needs no allocation). The caller guarantees the game is canonical.
    fn intern_general(&mut self, left: &[GameId], right: &[GameId]) -> GameId {
        let hash = general_hash(left, right);
        let nodes = &self.nodes;
        let found = self.index.find(hash, |&id| match &nodes[id.index()] {
            Node::General(l) => l.left() == left && l.right() == right,
            Node::Nus(_) => false,
        });
        match found {
            Some(&id) => id,
            None => self.add_node(Node::General(Lists::new(left, right)), hash),
        }
    }

    /// The id of a nus value, adding it if it is new.
    pub(crate) fn intern_nus(&mut self, n: Nus) -> GameId {
        let hash = nus_hash(&n);
        let nodes = &self.nodes;
        let found = self.index.find(hash, |&id| match &nodes[id.index()] {
            Node::Nus(m) => **m == n,
            Node::General(_) => false,
        });
        match found {
            Some(&id) => id,
            None => self.add_node(Node::Nus(Box::new(n)), hash),
        }
    }

    /// The id of a node, adding it if it is new. The caller guarantees it is canonical.
    pub(crate) fn intern(&mut self, node: Node) -> GameId {
        match node {
            Node::Nus(n) => self.intern_nus(*n),
            Node::General(lists) => self.intern_general(lists.left(), lists.right()),
        }
    }

    /// Adds a node not in the arena yet, whose interning hash is `hash`.
    fn add_node(&mut self, node: Node, hash: u64) -> GameId {
        let id = GameId(u32::try_from(self.nodes.len()).expect("more than 2^32 games"));
        let (birthday, stops) = (self.node_birthday(&node), self.node_stops(&node));
        let kind = match &node {
            Node::Nus(n) if n.is_number() => Kind::Number,
            Node::Nus(_) => Kind::Nus,
            Node::General(_) => Kind::General,
        };
        self.meta.push(Meta { stops, birthday, negative: NO_NEGATIVE, kind });
        match &node {
            Node::General(lists) => self.option_bytes += lists.heap_bytes(),
            Node::Nus(n) => {
                self.option_bytes += size_of::<Nus>() + (n.x.numerator().bits() / 8) as usize + n.nim.heap_bytes();
            }
        }
        self.nodes.push(node);
        let nodes = &self.nodes;
        self.index.insert_unique(hash, id, |&g| node_hash(&nodes[g.index()]));
        id
    }

    /// Like [`Games::intern_general`], checking the memory budget every so many new nodes.
    pub(crate) fn intern_general_checked(
        &mut self,
        left: &[GameId],
        right: &[GameId],
        budget: &Budget,
    ) -> Result<GameId, Exhausted> {
        self.check_growth(budget)?;
        let before = self.nodes.len();
        let id = self.intern_general(left, right);
        if self.nodes.len() > before && self.nodes.len().is_multiple_of(MEMORY_CHECK_EVERY) {
            budget.check_memory(self.memory_bytes())?;
        }
        Ok(id)
    }

    /// When the next new node moves the arena's vectors to allocations twice as large (both
    /// are held while the nodes move), whether the memory budget has room for the larger ones.
    fn check_growth(&self, budget: &Budget) -> Result<(), Exhausted> {
        if self.nodes.len() < self.nodes.capacity() {
            return Ok(());
        }
        let per_game = size_of::<Node>() + size_of::<Meta>();
        budget.check_memory(self.memory_bytes() + 2 * self.nodes.capacity() * per_game)
    }

    /// Like [`Games::intern`], checking the memory budget every so many new nodes.
    pub(crate) fn intern_checked(&mut self, node: Node, budget: &Budget) -> Result<GameId, Exhausted> {
        self.check_growth(budget)?;
        let before = self.nodes.len();
        let id = self.intern(node);
        if self.nodes.len() > before && self.nodes.len().is_multiple_of(MEMORY_CHECK_EVERY) {
            budget.check_memory(self.memory_bytes())?;
        }
        Ok(id)
    }

    /// The stops of a node from those of its options: a nus value `x + k·^ + *m` has both
    /// stops `x`; otherwise `LS = max RS(G^L)` and `RS = min LS(G^R)` (Siegel, CGT II.6).
    fn node_stops(&self, node: &Node) -> Stops {
        match node {
            Node::Nus(n) => {
                let x = compact_stop(&n.x);
                Stops { left: x, right: x }
            }
            Node::General(lists) => Stops {
                left: self.extreme_stop(lists.left(), |s| s.right, i64::max),
                right: self.extreme_stop(lists.right(), |s| s.left, i64::min),
            },
        }
    }

    /// The extreme of one stop over a list of options; unknown if the list is empty or one
    /// of them is unknown.
    fn extreme_stop(&self, list: &[GameId], stop: fn(&Stops) -> i64, pick: fn(i64, i64) -> i64) -> i64 {
        let mut acc: Option<i64> = None;
        for &o in list {
            let s = stop(&self.meta[o.index()].stops);
            if s == UNKNOWN_STOP {
                return UNKNOWN_STOP;
            }
            acc = Some(acc.map_or(s, |a| pick(a, s)));
        }
        acc.unwrap_or(UNKNOWN_STOP)
    }

    /// Whether `g` is a number, another nus value or a general game.
    pub(crate) fn kind(&self, g: GameId) -> Kind {
        self.meta[g.index()].kind
    }

    /// The negative of `g`, if it has been computed.
    pub(crate) fn known_negative(&self, g: GameId) -> Option<GameId> {
        let n = self.meta[g.index()].negative;
        (n != NO_NEGATIVE).then_some(GameId(n))
    }

    /// Records that `a` and `b` are each other's negatives.
    pub(crate) fn record_negatives(&mut self, a: GameId, b: GameId) {
        self.meta[a.index()].negative = b.0;
        self.meta[b.index()].negative = a.0;
    }

    /// The stops stored for a game.
    pub(crate) fn stops_of(&self, g: GameId) -> Stops {
        self.meta[g.index()].stops
    }

    fn node_birthday(&self, node: &Node) -> u64 {
        match node {
            Node::Nus(n) => n.birthday(),
            Node::General(lists) => {
                let max = lists.both().iter().map(|&o| self.meta[o.index()].birthday).max().unwrap_or(0);
                max.saturating_add(1)
            }
        }
    }

    /// The birthday stored for a node.
    pub(crate) fn stored_birthday(&self, g: GameId) -> u64 {
        self.meta[g.index()].birthday
    }

    /// Both canonical option lists, in the structural order; empty lists for a game whose
    /// options are too many to list ([`Games::has_huge_options_node`]), which callers check
    /// first (or use [`Games::try_opts`]).
    pub(crate) fn options(&mut self, g: GameId) -> (Opts, Opts) {
        if let Node::General(lists) = self.node(g) {
            return (lists.left_opts(), lists.right_opts());
        }
        if self.has_huge_options_node(g) {
            let none = Opts::from_vec(Vec::new());
            return (none.clone(), none);
        }
        if let Some(o) = self.caches.nus_options.get(&g) {
            return o.clone();
        }
        let Node::Nus(n) = self.node(g) else { unreachable!("general nodes returned above") };
        let (l, r) = n.options();
        let left = self.sorted_nus_ids(l);
        let right = self.sorted_nus_ids(r);
        let opts = (left, right);
        insert_bounded(&mut self.caches.nus_options, NUS_OPTIONS_MAX, g, opts.clone());
        opts
    }

    /// Both option lists, or `Exhausted::Memory` for a nimber part too large to list
    /// ([`NIM_OPTIONS_LIMIT`]): `*n` has n options. Every algorithm that walks options uses
    /// this, so huge nimbers are only ever handled arithmetically.
    pub(crate) fn try_opts(&mut self, g: GameId) -> Result<(Opts, Opts), Exhausted> {
        if self.has_huge_options_node(g) {
            return Err(Exhausted::Memory);
        }
        Ok(self.options(g))
    }

    /// Whether listing `g`'s options would mean listing more than [`NIM_OPTIONS_LIMIT`].
    pub(crate) fn has_huge_options_node(&self, g: GameId) -> bool {
        matches!(self.node(g), Node::Nus(n) if n.ups == 0 && n.nim.exceeds(NIM_OPTIONS_LIMIT))
    }

    /// The canonical Left options (a cheap shared list).
    pub(crate) fn lefts(&mut self, g: GameId) -> Result<Opts, Exhausted> {
        if let Node::General(lists) = self.node(g) {
            return Ok(lists.left_opts());
        }
        Ok(self.try_opts(g)?.0)
    }

    /// The canonical Right options (a cheap shared list).
    pub(crate) fn rights(&mut self, g: GameId) -> Result<Opts, Exhausted> {
        if let Node::General(lists) = self.node(g) {
            return Ok(lists.right_opts());
        }
        Ok(self.try_opts(g)?.1)
    }

    fn sorted_nus_ids(&mut self, mut v: Vec<Nus>) -> Opts {
        // Numbers first, ascending; then the others by (number, ups, nimber): the structural
        // order restricted to nus values.
        v.sort_by(|a, b| a.is_number().cmp(&b.is_number()).reverse().then(a.cmp_parts(b)));
        v.into_iter().map(|n| self.intern_nus(n)).collect()
    }

    /// An estimate of the bytes held by the arena and its caches: allocated capacity (one
    /// control byte per hash-table slot included) plus the option lists and big integers.
    pub(crate) fn estimate_memory(&self) -> usize {
        let c = &self.caches;
        let pair = 2 * size_of::<GameId>();
        self.nodes.capacity() * size_of::<Node>()
            + self.meta.capacity() * size_of::<Meta>()
            + table_bytes(self.index.capacity(), size_of::<GameId>())
            + self.option_bytes
            + c.leq.bytes()
            + c.add.bytes()
            + table_bytes(c.ordinal.capacity(), pair + size_of::<GameId>())
            + table_bytes(c.nus_options.capacity(), size_of::<(GameId, (Opts, Opts))>())
            + c.nus_options.len() * 64
    }
}

/// The bytes of a hash table with room for `capacity` entries of `entry` bytes.
fn table_bytes(capacity: usize, entry: usize) -> usize {
    capacity * (entry + 1)
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::{UNKNOWN_STOP, compact_stop};
    use crate::budget::Budget;
    use crate::dyadic::Dyadic;
    use crate::game::{GameId, Games};
    use crate::thermo::{left_stop, right_stop};

    /// The stored stops agree with the stops from the definition (`thermo`), and so do the
    /// tests that rule comparisons out and in (the latter also checked against the definition
    /// of `<=`), on random games built from numbers, ups and stars
    /// (that the test never rules out a comparison that holds is checked by the comparison
    /// oracle in `tests/game_oracle.rs`).
    #[test]
    fn stored_stops_agree_with_the_definition() {
        let b = Budget::unlimited();
        let mut games = Games::new();
        let mut pool: Vec<GameId> = vec![games.zero(), games.nus(&Dyadic::zero(), 1, 1)];
        for k in -3..=3 {
            pool.push(games.number(&Dyadic::new(k, 1)));
        }
        let mut rng = cgt_testkit::Rng(0x1234_5678_9abc_def1);
        let mut next = |m: usize| rng.index(m);
        while pool.len() < 120 {
            let l: Vec<GameId> = (0..1 + next(3)).map(|_| pool[next(pool.len())]).collect();
            let r: Vec<GameId> = (0..1 + next(3)).map(|_| pool[next(pool.len())]).collect();
            let g = games.from_options(&l, &r, &b).unwrap();
            if games.birthday(g) <= 6 {
                pool.push(g);
            }
        }
        let (mut refuted, mut proved) = (0, 0);
        let mut memo = HashMap::new();
        for &g in &pool {
            let s = games.meta[g.index()].stops;
            assert_eq!(s.left, compact_stop(&left_stop(&mut games, g, &b).unwrap()));
            assert_eq!(s.right, compact_stop(&right_stop(&mut games, g, &b).unwrap()));
            assert_ne!(s.left, UNKNOWN_STOP);
            for &h in &pool {
                let by_dyadics = left_stop(&mut games, g, &b).unwrap() > left_stop(&mut games, h, &b).unwrap()
                    || right_stop(&mut games, g, &b).unwrap() > right_stop(&mut games, h, &b).unwrap();
                assert_eq!(games.stops_of(g).refute_leq(&games.stops_of(h)), by_dyadics);
                refuted += usize::from(by_dyadics);
                let less = left_stop(&mut games, g, &b).unwrap() < right_stop(&mut games, h, &b).unwrap();
                assert_eq!(games.stops_of(g).prove_less(&games.stops_of(h)), less);
                if less {
                    assert!(leq_by_definition(&mut games, g, h, &mut memo));
                    assert!(!leq_by_definition(&mut games, h, g, &mut memo));
                    proved += 1;
                }
            }
        }
        assert!(refuted > 0 && proved > 0);
    }

    /// When the next new game moves the arena's vectors, the budget is checked for the larger
    /// vectors first: a budget that holds the arena as it is but not the move stops there.
    #[test]
    fn the_vectors_growth_is_checked_first() {
        use super::{Node, Nus};
        use crate::budget::Exhausted;
        let mut games = Games::new();
        let mut k = 1;
        while games.nodes.len() < games.nodes.capacity() || games.nodes.len() < 5000 {
            games.number(&Dyadic::integer(k));
            k += 1;
        }
        let next = || Node::Nus(Box::new(Nus::number(Dyadic::integer(-1))));
        let tight = Budget::unlimited().with_memory(games.memory_bytes() + 1024);
        assert_eq!(games.intern_checked(next(), &tight), Err(Exhausted::Memory));
        assert_eq!(games.len(), k as usize);
        let roomy = Budget::unlimited().with_memory(4 * games.memory_bytes());
        let g = games.intern_checked(next(), &roomy).unwrap();
        assert_eq!(games.number_of(g), Some(&Dyadic::integer(-1)));
    }

    /// `a <= b` straight from the definition over the canonical options, with none of the
    /// engine's fast paths.
    fn leq_by_definition(games: &mut Games, a: GameId, b: GameId, memo: &mut HashMap<(GameId, GameId), bool>) -> bool {
        if let Some(&r) = memo.get(&(a, b)) {
            return r;
        }
        let r = !games.left_options(a).into_iter().any(|al| leq_by_definition(games, b, al, memo))
            && !games.right_options(b).into_iter().any(|br| leq_by_definition(games, br, a, memo));
        memo.insert((a, b), r);
        r
    }
}

#[cfg(test)]
mod list_tests {
    use super::{GameId, INLINE, Lists, Node, Opts};

    /// A node and its lists stay 24 bytes with the short lists in them (a side's options, held
    /// only while they are read, take 32).
    #[test]
    fn short_lists_fit_in_the_node() {
        assert_eq!((size_of::<Node>(), size_of::<Lists>(), size_of::<Opts>()), (24, 24, 32));
        assert_eq!(size_of::<super::Meta>(), 32);
    }

    /// Lists of every length up to past [`INLINE`], split everywhere, give back their sides,
    /// and equal lists are equal whichever way they are stored.
    #[test]
    fn lists_give_back_their_sides() {
        for len in 0..=INLINE + 3 {
            let all: Vec<GameId> = (0..len as u32).map(|i| GameId(7 * i + 3)).collect();
            for split in 0..=len {
                let lists = Lists::new(&all[..split], &all[split..]);
                assert_eq!(matches!(lists, Lists::Inline { .. }), len <= INLINE);
                assert_eq!((lists.left(), lists.right(), lists.both()), (&all[..split], &all[split..], &all[..]));
                assert_eq!((&*lists.left_opts(), &*lists.right_opts()), (&all[..split], &all[split..]));
                assert_eq!(lists, Lists::new(&all[..split], &all[split..]));
                assert_eq!(&*Opts::from_vec(all[split..].to_vec()), &all[split..]);
                if split > 0 {
                    assert_ne!(lists, Lists::new(&all[..split - 1], &all[split - 1..]));
                }
            }
        }
    }
}

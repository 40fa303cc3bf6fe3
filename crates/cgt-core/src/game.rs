//! Canonical short partizan games, hash-consed into one arena ([`Games`]) and named by
//! small ids ([`GameId`]).
//!
//! # Invariants
//!
//! * Every stored game is in canonical form (docs/src/theory/canonical-forms.md), and each
//!   canonical form is stored once, so two ids are equal exactly when the games are equal.
//! * A value `x + k·^ + *m` (a number, a multiple of up and a nimber) is always stored as
//!   those three components (the "nus fast path"), never as a general node; its options
//!   are produced on demand from the formulas in `game/nus.rs`.
//! * Games are immutable once built; sums, negatives, comparisons and ordinal sums are
//!   memoised in bounded caches (see `game/arena.rs` for the bounds).
//!
//! # The order of options
//!
//! Option lists are kept, returned and printed in one structural order that depends only on
//! the games, never on the history of the arena:
//!
//! 1. numbers, ascending by value;
//! 2. then nimbers, ascending (`0, *, *2`);
//! 3. then the other number-up-star values, by number part; for equal number parts those
//!    without ups first (`1*`), then by multiple of up, then nimber (so `*, v, ^, ^*`);
//! 4. then general games, by their Left option lists and then by their Right option lists,
//!    each compared element by element in this same order, a list that is a proper prefix of
//!    the other coming first.
//!
//! This is CGSuite's order (`game/order.rs`), except that CGSuite sorts the uptimals it names
//! (`^<2>`, `^[3]`) with the number-up-star values, where here they are general games.
//!
//! # Printing
//!
//! See `game/print.rs`: CGSuite's conventions, `0`, `-3/8`, `^^*4`, `73/16v9*8`, `+-1`,
//! `+-{1,1*}`, `2Tiny(2)`, `^<2>`, `v[3]*`, `{2||1|0}`.
//!
//! # Nimbers
//!
//! Nimber parts are of any size (`game/nimber.rs`); a nimber part above 65,536 is never
//! expanded into its options ([`Games::has_huge_options`]), but takes part in sums,
//! comparisons, outcomes and printing like any other.

mod adopt;
mod arena;
mod canonical;
mod compare;
mod memo;
mod nimber;
mod nus;
mod ops;
mod order;
mod print;
mod uptimal;

pub use adopt::{Adopted, Export, Exporter};
pub use uptimal::MAX_UPTIMAL_NAME;

use std::fmt;

use arena::{Caches, Node};
use nimber::Nimber;
use num_bigint::BigUint;
use nus::Nus;

use crate::budget::{Budget, Exhausted};
use crate::dyadic::Dyadic;

/// The id of a canonical game in a [`Games`] arena. Equal ids mean equal games.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct GameId(u32);

impl GameId {
    fn index(self) -> usize {
        self.0 as usize
    }

    /// The id as a number, for tables that store ids of one arena in words of their own (an
    /// id means nothing in another arena, except `0`'s, which is the same in every arena).
    pub fn bits(self) -> u32 {
        self.0
    }
}

/// The outcome class of a game: who wins with perfect play.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Outcome {
    /// Left wins whoever starts (`G > 0`).
    L,
    /// Right wins whoever starts (`G < 0`).
    R,
    /// The second player wins (`G = 0`).
    P,
    /// The first player wins (`G || 0`).
    N,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::L => "L",
            Outcome::R => "R",
            Outcome::P => "P",
            Outcome::N => "N",
        })
    }
}

/// How two games compare: `a` is less than, equal to, greater than or confused with `b`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Comparison {
    /// `a < b`.
    Less,
    /// `a = b`.
    Equal,
    /// `a > b`.
    Greater,
    /// `a || b`: neither `a <= b` nor `a >= b`.
    Confused,
}

/// How [`Games::display`] writes values.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct DisplayStyle {
    /// Write `↑`, `↓` and `±` instead of `^`, `v` and `+-`.
    pub unicode: bool,
}

/// The most nodes [`Games::display`] writes out before describing a game instead.
pub const PRINT_LIMIT: usize = 100_000;

/// The arena of canonical short games.
///
/// Ids are only meaningful in the arena that made them; passing an id from another arena
/// gives wrong answers or a panic.
pub struct Games {
    nodes: crate::pages::Column<Node>,
    /// What the comparisons, sums and negations read of each game before (or instead of) its
    /// node, side by side so that one cache line holds all of it (`arena::Meta`): its stops,
    /// birthday, negative and kind.
    meta: crate::pages::Column<arena::Meta>,
    index: arena::Index,
    caches: Caches,
    option_bytes: usize,
    /// How many more nodes the printer may visit in the current `display` call.
    print_left: usize,
    /// The uptimals built for the printer, and the games it has recognised.
    uptimals: uptimal::UptimalTable,
    /// Scratch space of the dominance pass of canonicalisation: the options with their sort
    /// keys, reused from one call to the next.
    dominance_keys: Vec<(i64, i64, u32)>,
    /// Option lists and comparison memos of finished canonicalisations, for the next ones.
    spare_lists: Vec<Vec<GameId>>,
    pending_memos: compare::PendingMemos,
}

impl Default for Games {
    fn default() -> Self {
        Games::new()
    }
}

impl Games {
    /// An arena holding only `0`.
    pub fn new() -> Self {
        let mut g = Games {
            nodes: crate::pages::Column::new(),
            meta: crate::pages::Column::new(),
            index: arena::Index::new(),
            caches: Caches::default(),
            option_bytes: 0,
            print_left: 0,
            uptimals: uptimal::UptimalTable::default(),
            dominance_keys: Vec::new(),
            spare_lists: Vec::new(),
            pending_memos: compare::PendingMemos::default(),
        };
        let zero = g.intern_nus(Nus::number(Dyadic::zero()));
        debug_assert_eq!(zero, GameId(0));
        g
    }

    /// How many distinct canonical games the arena holds.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Always false: the arena holds at least `0`.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The game `0 = { | }`.
    pub fn zero(&self) -> GameId {
        GameId(0)
    }

    /// The number `x`.
    pub fn number(&mut self, x: &Dyadic) -> GameId {
        self.intern_nus(Nus::number(x.clone()))
    }

    /// The nimber `*n`.
    pub fn nimber(&mut self, n: u64) -> GameId {
        self.nus(&Dyadic::zero(), 0, n)
    }

    /// The nimber `*n` for an `n` of any size.
    pub fn nimber_big(&mut self, n: &BigUint) -> GameId {
        self.nus_big(&Dyadic::zero(), 0, n)
    }

    /// The value `x + ups·^ + *nim`.
    pub fn nus(&mut self, x: &Dyadic, ups: i64, nim: u64) -> GameId {
        self.intern_nus(Nus { x: x.clone(), ups, nim: Nimber::Small(nim) })
    }

    /// The value `x + ups·^ + *nim` for a nimber part of any size.
    pub fn nus_big(&mut self, x: &Dyadic, ups: i64, nim: &BigUint) -> GameId {
        self.intern_nus(Nus { x: x.clone(), ups, nim: Nimber::from_big(nim) })
    }

    /// The canonical form of `{left | right}`.
    pub fn from_options(&mut self, left: &[GameId], right: &[GameId], budget: &Budget) -> Result<GameId, Exhausted> {
        let (mut l, mut r) = (self.spare_list(), self.spare_list());
        l.extend_from_slice(left);
        r.extend_from_slice(right);
        self.canonicalise(l, r, budget)
    }

    /// The Left options of the canonical form, in the structural order.
    ///
    /// A game with too many options to list ([`Games::has_huge_options`]) gets an empty
    /// list: check that first, or use [`Games::try_options`].
    pub fn left_options(&mut self, g: GameId) -> Vec<GameId> {
        self.options(g).0.to_vec()
    }

    /// The Right options of the canonical form, in the structural order (empty for a game
    /// with huge options, as for [`Games::left_options`]).
    pub fn right_options(&mut self, g: GameId) -> Vec<GameId> {
        self.options(g).1.to_vec()
    }

    /// Both option lists, or [`Exhausted::Memory`] for a game with too many options to list
    /// ([`Games::has_huge_options`]).
    pub fn try_options(&mut self, g: GameId) -> Result<(Vec<GameId>, Vec<GameId>), Exhausted> {
        let (l, r) = self.try_opts(g)?;
        Ok((l.to_vec(), r.to_vec()))
    }

    /// `-g`.
    pub fn neg(&mut self, g: GameId, budget: &Budget) -> Result<GameId, Exhausted> {
        self.negate(g, budget)
    }

    /// `a + b`.
    pub fn add(&mut self, a: GameId, b: GameId, budget: &Budget) -> Result<GameId, Exhausted> {
        self.sum(a, b, budget)
    }

    /// `a - b`.
    pub fn sub(&mut self, a: GameId, b: GameId, budget: &Budget) -> Result<GameId, Exhausted> {
        let nb = self.negate(b, budget)?;
        self.sum(a, nb, budget)
    }

    /// Whether `a <= b`.
    pub fn leq(&mut self, a: GameId, b: GameId, budget: &Budget) -> Result<bool, Exhausted> {
        self.less_eq(a, b, budget)
    }

    /// How `a` compares with `b`.
    pub fn compare(&mut self, a: GameId, b: GameId, budget: &Budget) -> Result<Comparison, Exhausted> {
        if a == b {
            return Ok(Comparison::Equal);
        }
        let le = self.less_eq(a, b, budget)?;
        let ge = self.less_eq(b, a, budget)?;
        Ok(match (le, ge) {
            (true, true) => Comparison::Equal,
            (true, false) => Comparison::Less,
            (false, true) => Comparison::Greater,
            (false, false) => Comparison::Confused,
        })
    }

    /// The outcome class of `g`.
    pub fn outcome(&mut self, g: GameId, budget: &Budget) -> Result<Outcome, Exhausted> {
        if let Some(n) = self.nus_of(g) {
            return Ok(n.outcome());
        }
        let zero = self.zero();
        Ok(match self.compare(g, zero, budget)? {
            Comparison::Greater => Outcome::L,
            Comparison::Less => Outcome::R,
            Comparison::Equal => Outcome::P,
            Comparison::Confused => Outcome::N,
        })
    }

    /// The ordinal sum `a : b = {a^L, a : b^L | a^R, a : b^R}` of the canonical form of `a`.
    pub fn ordinal_sum(&mut self, a: GameId, b: GameId, budget: &Budget) -> Result<GameId, Exhausted> {
        self.ordinal(a, b, budget)
    }

    /// The number `g` is equal to, if it is one.
    pub fn as_number(&self, g: GameId) -> Option<Dyadic> {
        self.number_of(g).cloned()
    }

    /// `(x, k, m)` if `g = x + k·^ + *m` with `m` small enough for a `u64` (see
    /// [`Games::as_nus_big`] for any `m`).
    pub fn as_nus(&self, g: GameId) -> Option<(Dyadic, i64, u64)> {
        self.nus_of(g).and_then(|n| Some((n.x.clone(), n.ups, n.nim.to_u64()?)))
    }

    /// `(x, k, m)` if `g = x + k·^ + *m`, for a nimber part of any size.
    pub fn as_nus_big(&self, g: GameId) -> Option<(Dyadic, i64, BigUint)> {
        self.nus_of(g).map(|n| (n.x.clone(), n.ups, n.nim.to_big()))
    }

    /// `Some(n)` exactly when `g = *n` and `n` fits a `u64` (see [`Games::nim_value_big`]).
    pub fn nim_value(&self, g: GameId) -> Option<u64> {
        self.pure_nimber(g).and_then(Nimber::to_u64)
    }

    /// `Some(n)` exactly when `g = *n`, for `n` of any size.
    pub fn nim_value_big(&self, g: GameId) -> Option<BigUint> {
        self.pure_nimber(g).map(Nimber::to_big)
    }

    fn pure_nimber(&self, g: GameId) -> Option<&Nimber> {
        self.nus_of(g).filter(|n| n.x.is_zero() && n.ups == 0).map(|n| &n.nim)
    }

    /// Whether `g` equals an impartial game, that is, a nimber (canonical forms of impartial
    /// games are nimbers).
    pub fn is_impartial(&mut self, g: GameId) -> bool {
        self.pure_nimber(g).is_some()
    }

    /// The birthday of the canonical form (saturating at `u64::MAX` for huge numbers).
    pub fn birthday(&mut self, g: GameId) -> u64 {
        self.stored_birthday(g)
    }

    /// The canonical form written in the language's syntax (see `game/print.rs`).
    ///
    /// A canonical form too large to write out (its text would visit more than
    /// [`PRINT_LIMIT`] nodes, as shared subgames are written once per occurrence) is described
    /// instead: `<a game born on day N, too large to print>`.
    pub fn display(&mut self, g: GameId, style: DisplayStyle) -> String {
        self.print_left = PRINT_LIMIT;
        let text = self.render(g, style);
        if self.print_left == 0 {
            return format!("<a game born on day {}, too large to print>", self.birthday(g));
        }
        text
    }

    /// Whether `g` has too many options to list (a nimber part above 65,536: `*n` has n
    /// options); such games take part in arithmetic but not in option-walking algorithms,
    /// which give up with [`Exhausted::Memory`].
    pub fn has_huge_options(&self, g: GameId) -> bool {
        self.has_huge_options_node(g)
    }

    /// An estimate of the bytes held by the arena and its caches.
    pub fn memory_bytes(&self) -> usize {
        self.estimate_memory()
    }
}

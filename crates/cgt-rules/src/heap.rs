//! Impartial heap games as components of compounds: a Nim heap, a subtraction-game heap or an
//! octal-game heap, and the moves of a position of such a game.
//!
//! Nim and subtraction heaps never split, so a position is one heap. An octal move may split a
//! heap in two, so a position of an octal component is a multiset of heaps; we keep it in a
//! canonical form, sorted ascending and without *dead* heaps (heaps that have no move and so
//! never get one), which makes equal positions equal vectors.

use cgt_core::Exhausted;

use crate::nim::BeyondTable;
use crate::octal::OctalCode;
use crate::subtraction::SubtractionGame;

/// The rules of an impartial heap game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HeapRule {
    /// Nim: a move takes any positive number of tokens.
    Nim,
    /// A subtraction game: a move takes a number of tokens in the take set.
    Subtraction(SubtractionGame),
    /// An octal game: take-and-break by the digits of the code.
    Octal(OctalCode),
    /// A rule written by the user (`rule NAME(n) = ...`): its options up to a heap bound.
    User(UserRule),
}

/// The options of a user-written heap rule, computed for heaps `0..len`: each option of heap
/// `n` is the list of heaps left, every one smaller than `n` (so the game is short).
#[derive(Clone)]
pub struct UserRule {
    /// The rule's name, for messages.
    pub name: String,
    /// Which definition of the name (a name may be defined again).
    pub generation: u64,
    /// `options[n]`: the moves from a heap of `n`.
    pub options: std::sync::Arc<Vec<Vec<Vec<u64>>>>,
    /// `grundy[n]`: the Grundy value of a heap of `n`, computed with the options (a table may
    /// know the values of more heaps than it keeps the options of).
    pub grundy: std::sync::Arc<Vec<u32>>,
}

impl UserRule {
    /// The Grundy values of heaps `0..min(limit, known)`, as computed with the options; no
    /// period is claimed.
    fn grundy_table(&self, limit: usize, budget: &cgt_core::Budget) -> Result<crate::nim::GrundyTable, Exhausted> {
        let n = limit.min(self.grundy.len());
        budget.check_memory(n.saturating_mul(4))?;
        Ok(crate::nim::GrundyTable::new(self.grundy[..n].to_vec(), None))
    }
}

impl PartialEq for UserRule {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
            && self.generation == other.generation
            && self.options.len() == other.options.len()
            && self.grundy.len() == other.grundy.len()
    }
}

impl Eq for UserRule {}

impl std::fmt::Debug for UserRule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}#{} (moves below {}, values below {})",
            self.name,
            self.generation,
            self.options.len(),
            self.grundy.len()
        )
    }
}

/// Why a quantity of heap games (a compound, a misère outcome, a Grundy value) could not be computed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HeapError {
    /// A compound needs at least one component.
    NoComponents,
    /// The budget ran out.
    Exhausted(Exhausted),
    /// A heap beyond the Grundy values computed, with no period found.
    Beyond(BeyondTable),
    /// A heap too large for the dynamic programme over heap sizes.
    TooLarge {
        /// The heap.
        heap: u64,
        /// The largest heap allowed.
        limit: u64,
    },
    /// A search over positions needed more positions than allowed.
    SearchTooLarge {
        /// The most positions allowed.
        limit: usize,
    },
}

impl From<Exhausted> for HeapError {
    fn from(e: Exhausted) -> Self {
        HeapError::Exhausted(e)
    }
}

impl From<BeyondTable> for HeapError {
    fn from(e: BeyondTable) -> Self {
        HeapError::Beyond(e)
    }
}

impl std::fmt::Display for HeapError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HeapError::NoComponents => f.write_str("a compound needs at least one component"),
            HeapError::Exhausted(e) => write!(f, "the computation ran out of {e}"),
            HeapError::Beyond(e) => e.fmt(f),
            HeapError::TooLarge { heap, limit } => {
                write!(f, "the heap {heap} is too large for this analysis (at most {limit})")
            }
            HeapError::SearchTooLarge { limit } => {
                write!(f, "the search needs more than {limit} positions (splitting heaps are searched exhaustively)")
            }
        }
    }
}

/// One component of a compound: a single heap under a rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Component {
    /// The rules of the heap.
    pub rule: HeapRule,
    /// The number of tokens in the heap.
    pub heap: u64,
}

impl Component {
    /// A Nim heap.
    pub fn nim(heap: u64) -> Self {
        Component { rule: HeapRule::Nim, heap }
    }

    /// A heap of the subtraction game `game`.
    pub fn subtraction(game: SubtractionGame, heap: u64) -> Self {
        Component { rule: HeapRule::Subtraction(game), heap }
    }

    /// A heap of the octal game `code`.
    pub fn octal(code: OctalCode, heap: u64) -> Self {
        Component { rule: HeapRule::Octal(code), heap }
    }

    /// Whether the component has no move (it is over).
    pub fn is_over(&self) -> bool {
        self.rule.is_dead(self.heap)
    }
}

impl HeapRule {
    /// The Grundy values of heaps `0..limit` (fewer when a period is proven first). Nim's are
    /// the heaps themselves and never periodic.
    pub fn grundy_table(&self, limit: usize, budget: &cgt_core::Budget) -> Result<crate::nim::GrundyTable, Exhausted> {
        match self {
            HeapRule::Nim => {
                budget.check_memory(limit.saturating_mul(4))?;
                let values = (0..limit).map(|n| u32::try_from(n).unwrap_or(u32::MAX)).collect();
                Ok(crate::nim::GrundyTable::new(values, None))
            }
            HeapRule::Subtraction(game) => game.grundy_table(limit, budget),
            HeapRule::Octal(code) => code.grundy_table(limit, budget),
            HeapRule::User(rule) => rule.grundy_table(limit, budget),
        }
    }

    /// Whether a move can split a heap into two or more.
    pub fn splits(&self) -> bool {
        match self {
            HeapRule::Octal(code) => code.max_heaps_left() >= 2,
            HeapRule::User(rule) => rule.options.iter().flatten().any(|o| o.len() >= 2),
            _ => false,
        }
    }

    /// Whether a heap of `heap` tokens has no move.
    pub fn is_dead(&self, heap: u64) -> bool {
        match self {
            HeapRule::Nim => heap == 0,
            HeapRule::Subtraction(game) => game.take_set().first().is_none_or(|&t| heap < t),
            HeapRule::Octal(code) => code.is_dead(heap),
            HeapRule::User(rule) => {
                usize::try_from(heap).ok().and_then(|h| rule.options.get(h)).is_none_or(Vec::is_empty)
            }
        }
    }

    /// The options of one heap: each is the list of heaps left in its place (none, one or more;
    /// some may be dead). A Nim heap of size h has h options, so this is for small heaps.
    pub fn heap_options(&self, heap: u64) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        self.for_each_option(heap, |parts| out.push(parts.to_vec()));
        out
    }

    /// The options of a position (a multiset of heaps), each in canonical form.
    pub fn position_options(&self, position: &[u64]) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        for (i, &h) in position.iter().enumerate() {
            // Equal heaps give equal options; play in the first of them only.
            if i > 0 && position[i - 1] == h {
                continue;
            }
            self.for_each_option(h, |parts| {
                let mut next = position.to_vec();
                next.remove(i);
                next.extend_from_slice(parts);
                out.push(self.canonical(next));
            });
        }
        out
    }

    /// A position in canonical form: dead heaps dropped, the rest sorted ascending.
    pub fn canonical(&self, mut heaps: Vec<u64>) -> Vec<u64> {
        heaps.retain(|&h| !self.is_dead(h));
        heaps.sort_unstable();
        heaps
    }

    /// Calls `f` with the heaps left by each move from one heap of `heap` tokens. Allocates
    /// nothing, so dynamic programmes over heap sizes can use it in their inner loop.
    pub(crate) fn for_each_option(&self, heap: u64, mut f: impl FnMut(&[u64])) {
        match self {
            HeapRule::Nim => (0..heap).for_each(|m| f(&[m])),
            HeapRule::Subtraction(game) => {
                game.take_set().iter().take_while(|&&t| t <= heap).for_each(|&t| f(&[heap - t]));
            }
            HeapRule::Octal(code) => code.for_each_option(heap, |_, leave| f(leave)),
            HeapRule::User(rule) => {
                if let Some(opts) = usize::try_from(heap).ok().and_then(|h| rule.options.get(h)) {
                    opts.iter().for_each(|o| f(o));
                }
            }
        }
    }
}

pub mod fold;

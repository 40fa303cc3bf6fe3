//! The values a statement can produce (a session describes them in a report: `describe.rs`).

use cgt_core::game::{GameId, Outcome};
use cgt_core::thermo::Thermograph;
use cgt_core::{Budget, Dyadic, Exhausted};
use cgt_syntax::{Code, Diagnostic};
use num_bigint::BigInt;

/// A value computed by an expression (docs/src/reference/printed-forms.md, "Outcome classes").
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// A short partizan game, canonical, in the session's arena.
    Game(GameId),
    /// A number that a function computed about a game (a stop, mean, temperature): it is
    /// reported without an outcome class, and acts as that number in sums and checks.
    Number(Dyadic),
    /// A plain whole number that is not a game (a score, a count, a Grundy value): it compares
    /// with numbers, but is never silently taken for the game of the same name.
    Integer(BigInt, Quantity),
    /// An outcome class, from `outcome(G)` or Moore's Nim.
    Outcome(Outcome),
    /// The Left and Right options of a game's canonical form, from `options(G)`.
    Options(Vec<GameId>, Vec<GameId>),
    /// A thermograph, from `thermograph(G)`.
    Thermograph(Box<Thermograph>),
    /// Win, loss or draw for the player to move (games on graphs).
    Play(PlayOutcome),
    /// A list of values.
    List(Vec<Value>),
    /// The pre-period and period of a Grundy sequence.
    Period(u64, u64),
    /// The moves of a ruleset position, as positions in its own notation with their values.
    Moves(MoveList),
    /// Text, one or more lines: an explanation, an uptimal expansion, a misère form, a genus,
    /// a misère quotient; a truth value,
    /// a string or a tuple from a definition.
    Text(String),
    /// A loopy game: a stopper, a game that is not a stopper, or a game on a graph.
    Loopy(crate::loopy::Loopy),
}

/// What a plain whole number counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Quantity {
    /// A score of a scoring game (first player's total minus the second's).
    Score,
    /// A count (of boxes, of games).
    Count,
    /// A Grundy value (nim value) of an impartial game.
    Grundy,
    /// The birthday of a game.
    Birthday,
    /// A whole number.
    Integer,
}

impl Quantity {
    /// The quantity with an article: "a score", "a Grundy value".
    pub fn describe(self) -> &'static str {
        match self {
            Quantity::Score => "a score",
            Quantity::Count => "a count",
            Quantity::Grundy => "a Grundy value",
            Quantity::Birthday => "a birthday",
            Quantity::Integer => "a whole number",
        }
    }
}

/// The moves of a ruleset position: each is its notation and, where it was computed, its value.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveList {
    /// Left's moves.
    pub left: Vec<(String, Option<String>)>,
    /// Right's moves.
    pub right: Vec<(String, Option<String>)>,
}

/// The result of a game on a graph for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlayOutcome {
    /// The player to move can force a win.
    Win,
    /// The player to move loses against best play.
    Loss,
    /// Neither player can force a win.
    Draw,
}

impl PlayOutcome {
    /// `win`, `loss` or `draw`, as the language writes it.
    pub fn name(self) -> &'static str {
        match self {
            PlayOutcome::Win => "win",
            PlayOutcome::Loss => "loss",
            PlayOutcome::Draw => "draw",
        }
    }
}

/// The most characters of a result shown (in the CLI, the editor and the playground alike); a
/// longer result is cut, with a note of how much was left out. Checks compare the values
/// themselves, never the text shown.
pub const MAX_SHOWN: usize = 100_000;

/// `text`, cut to [`MAX_SHOWN`] characters with a note if it is longer, unless `full`.
pub(crate) fn cut_for_display(text: String, full: bool) -> String {
    if full {
        return text;
    }
    let Some((at, _)) = text.char_indices().nth(MAX_SHOWN) else { return text };
    let left_out = text[at..].chars().count();
    format!("{}… ({left_out} more characters not shown: the result is too long to show in full)", &text[..at])
}

/// The error type of evaluation: a diagnostic, boxed to keep results small.
pub(crate) type EvalResult<T> = Result<T, Box<Diagnostic>>;

/// The hint every "gave up" warning carries.
const RAISE: &str = "raise the budget with `cgt eval --budget 60s,8GiB`, or evaluate a smaller position";

/// Turns an exhausted budget into the "gave up" warning for the statement at `span`.
pub(crate) fn gave_up(e: Exhausted, span: cgt_syntax::Span, budget: &Budget) -> Box<Diagnostic> {
    let what = match e {
        Exhausted::Time => match budget.time() {
            Some(t) => format!("the time budget of {}", human_duration(t)),
            None => "the time budget".to_string(),
        },
        Exhausted::Memory => format!("the memory budget of {}", human_bytes(budget.memory())),
        Exhausted::Cancelled => "its budget (cancelled)".to_string(),
    };
    gave_up_because(span, format!("evaluating this exceeded {what}"), RAISE)
}

/// The "gave up" warning for a computation that reached one of its limits (`reason`).
pub(crate) fn gave_up_because(span: cgt_syntax::Span, reason: impl std::fmt::Display, hint: &str) -> Box<Diagnostic> {
    Box::new(Diagnostic::error(Code::Budget, span, format!("gave up: {reason}")).warning().with_hint(hint))
}

fn human_duration(t: std::time::Duration) -> String {
    if t.as_millis().is_multiple_of(1000) { format!("{} s", t.as_secs()) } else { format!("{} ms", t.as_millis()) }
}

fn human_bytes(b: usize) -> String {
    const GIB: usize = 1 << 30;
    const MIB: usize = 1 << 20;
    if b.is_multiple_of(GIB) { format!("{} GiB", b / GIB) } else { format!("{} MiB", b.div_ceil(MIB)) }
}

/// Every outcome the language writes, with what it means: the one list that checks, hovers
/// and completion read.
pub const OUTCOMES: &[(&str, &str)] = &[
    ("L", "Left wins whoever starts"),
    ("R", "Right wins whoever starts"),
    ("P", "the second player wins"),
    ("N", "the first player wins"),
    ("D", "a draw whoever starts (loopy games)"),
    ("PHat", "a draw when Left starts, Left wins when Right starts (loopy games)"),
    ("PCheck", "Right wins when Left starts, a draw when Right starts (loopy games)"),
    ("NHat", "Left wins when Left starts, a draw when Right starts (loopy games)"),
    ("NCheck", "a draw when Left starts, Right wins when Right starts (loopy games)"),
    ("win", "the player to move wins (games on graphs)"),
    ("loss", "the player to move loses (games on graphs)"),
    ("draw", "neither player can force a win (games on graphs)"),
];

/// A sentence describing an outcome (`L`, `R`, `P`, `N`, `win`, `loss`, `draw`).
pub fn outcome_meaning(o: &str) -> &'static str {
    OUTCOMES.iter().find(|(name, _)| *name == o).map_or("not an outcome", |(_, m)| m)
}

//! The per-statement context of evaluation, and what evaluating a ruleset or a function gives:
//! a value with its extras (winning moves, the rule that decided) and its moves, as data.

use cgt_core::Budget;
use cgt_rules::position::Partizan;
use cgt_syntax::Span;

use crate::value::Value;

/// Positions with more moves than this do not list them.
pub(crate) const MOVES_LIMIT: usize = 64;

/// What the evaluation of one statement carries with it.
pub(crate) struct Ctx<'a> {
    /// The statement's budget.
    pub budget: &'a Budget,
    /// The file's text.
    pub src: &'a str,
    /// The span of the statement's whole expression: only there are extras worth computing.
    pub top: Option<Span>,
    /// Whether a ruleset position there lists its moves: for `explain` and the editor's
    /// details, and for `options(...)`, not for plain output (listing the moves of `cram[4x5]`
    /// cost a twentieth of evaluating it).
    pub moves: bool,
}

impl Ctx<'_> {
    /// Whether `span` is the statement's whole expression.
    pub fn is_top(&self, span: &Span) -> bool {
        self.top.as_ref() == Some(span)
    }

    /// The same context for a sub-expression evaluated as if it were the whole statement.
    pub fn with_top(&self, span: Span) -> Ctx<'_> {
        Ctx { budget: self.budget, src: self.src, top: Some(span), moves: true }
    }
}

/// A value with what its ruleset or function reports beside it.
#[derive(Debug)]
pub(crate) struct Computed {
    /// The value.
    pub value: Value,
    /// Further results as label and text (winning move, chosen piles, rule).
    pub extras: Vec<(String, String)>,
    /// For a ruleset position: its moves in the ruleset's notation.
    pub moves: Option<Moves>,
    /// Pictures of the result (a plot of a Grundy sequence).
    pub pictures: Vec<crate::Picture>,
    /// Warnings about a result that is true but partial (a quotient of the heaps done before
    /// the budget ran out): the statement still gave up, and says so.
    pub warnings: Vec<cgt_syntax::Diagnostic>,
}

impl Computed {
    /// A value with nothing beside it.
    pub fn plain(value: Value) -> Self {
        Computed { value, extras: Vec::new(), moves: None, pictures: Vec::new(), warnings: Vec::new() }
    }

    /// Adds an extra.
    pub fn with_extra(mut self, label: &str, text: impl Into<String>) -> Self {
        self.extras.push((label.to_string(), text.into()));
        self
    }

    /// Adds the moves.
    pub fn with_moves(mut self, moves: Option<Moves>) -> Self {
        self.moves = moves;
        self
    }
}

impl From<Value> for Computed {
    fn from(value: Value) -> Self {
        Computed::plain(value)
    }
}

/// The moves of a ruleset position, each a position written in the ruleset's own notation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Moves {
    /// Left's moves.
    pub left: Vec<String>,
    /// Right's moves.
    pub right: Vec<String>,
}

impl Moves {
    /// The moves of a partizan position of `size` pieces (edges, boxes, dominoes, free cells),
    /// unless it has more than [`MOVES_LIMIT`] pieces or moves (listing the moves of a large
    /// position would cost more than evaluating it) or the context does not ask for them.
    pub(crate) fn of<P: Partizan>(ctx: &Ctx, p: &P, size: usize) -> Option<Moves> {
        if !ctx.moves || size > MOVES_LIMIT {
            return None;
        }
        let (l, r) = (p.left_options(), p.right_options());
        if l.len() + r.len() > MOVES_LIMIT {
            return None;
        }
        let show = |ps: Vec<P>| ps.iter().map(P::notation).collect();
        Some(Moves { left: show(l), right: show(r) })
    }
}

//! What a statement reports: value, outcome, extras, check status and diagnostics.

use cgt_syntax::{Code, Diagnostic, Severity, Span};

/// Whether a check statement passed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckStatus {
    /// The check holds.
    Passed,
    /// The check does not hold; a diagnostic says why.
    Failed,
    /// The check could not be decided within the budget: it is not a pass.
    Undecided,
}

impl CheckStatus {
    /// `passed`, `failed` or `undecided`, as the JSON output writes it.
    pub fn name(self) -> &'static str {
        match self {
            CheckStatus::Passed => "passed",
            CheckStatus::Failed => "failed",
            CheckStatus::Undecided => "undecided",
        }
    }
}

/// The result of one statement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StmtReport {
    /// The statement's span in the file.
    pub span: Span,
    /// The 1-based line the statement starts on.
    pub line: usize,
    /// The statement's source text on one line (line breaks and runs of spaces folded).
    pub source: String,
    /// The name a `let` bound, if any.
    pub name: Option<String>,
    /// The value, printed.
    pub value: Option<String>,
    /// The outcome class or result (`L`, `R`, `P`, `N`; `win`, `loss`, `draw`).
    pub outcome: Option<String>,
    /// Further results (winning move, chosen piles, period, ...), as label and text.
    pub extras: Vec<(String, String)>,
    /// For checks: whether it passed.
    pub check: Option<CheckStatus>,
    /// Problems found in this statement.
    pub diagnostics: Vec<Diagnostic>,
    /// Pictures of the result: the thermograph of `thermograph(G)`; with `Config::pictures`,
    /// the thermograph and game tree of a game value and the plot of a Grundy sequence.
    pub pictures: Vec<crate::Picture>,
    /// More about a game value, for the editor's hover (only with `Config::details`).
    pub details: Option<std::sync::Arc<Details>>,
    /// The derivation of a game value's canonical form, one line per step, as `explain(G)`
    /// gives it (only with `Config::details`; empty if it did not fit in its time).
    pub explanation: std::sync::Arc<[String]>,
    /// How long the statement took to evaluate.
    pub elapsed: std::time::Duration,
    /// The table of a two-dimensional `table(EXPR for r in A, c in B)` statement (its value is
    /// then a one-line summary).
    pub table: Option<std::sync::Arc<crate::Table>>,
    /// With `Config::tikz`, TikZ pictures of a game value for LaTeX: kind (`thermograph` or
    /// `tree`) and a `tikzpicture` environment.
    pub tikz: Vec<(&'static str, String)>,
}

/// More about a game value: what the editor's hover shows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Details {
    /// Left options of the canonical form, printed.
    pub left: Vec<String>,
    /// Right options of the canonical form, printed.
    pub right: Vec<String>,
    /// Left stop, right stop, mean and temperature, printed (absent if over budget).
    pub temperature: Option<[String; 4]>,
    /// The birthday of the canonical form.
    pub birthday: u64,
    /// The game tree of a small canonical form, one node per line.
    pub tree: Option<String>,
    /// For a ruleset position: its Left and Right moves, in the ruleset's own notation.
    pub moves: Option<(Vec<String>, Vec<String>)>,
}

impl StmtReport {
    /// An empty report for the statement at `span` of `src`, which starts on `line` (1-based).
    pub fn new(src: &str, span: Span, line: usize) -> Self {
        let source = src[span.clone()].split_whitespace().collect::<Vec<_>>().join(" ");
        StmtReport {
            span,
            line,
            source,
            name: None,
            value: None,
            outcome: None,
            extras: Vec::new(),
            check: None,
            diagnostics: Vec::new(),
            pictures: Vec::new(),
            details: None,
            explanation: std::sync::Arc::from([]),
            elapsed: std::time::Duration::ZERO,
            table: None,
            tikz: Vec::new(),
        }
    }

    /// Whether the statement has an error (a failed check counts).
    pub fn has_error(&self) -> bool {
        self.diagnostics.iter().any(|d| d.severity == Severity::Error)
    }

    /// Whether the statement gave up within its budget.
    pub fn gave_up(&self) -> bool {
        self.diagnostics.iter().any(|d| d.code == Code::Budget)
    }

    /// Whether the statement did not give a full, correct result: an error, a failed or
    /// undecided check, or a computation that gave up. `cgt eval` exits with 1 if any did.
    pub fn is_incomplete(&self) -> bool {
        self.has_error() || self.gave_up() || self.check == Some(CheckStatus::Undecided)
    }

    /// Marks a check that gave up as undecided, saying so in its "gave up" diagnostic.
    pub(crate) fn mark_undecided(&mut self) {
        self.check = Some(CheckStatus::Undecided);
        for d in self.diagnostics.iter_mut().filter(|d| d.code == Code::Budget) {
            if !d.message.starts_with("undecided") {
                d.message = format!("undecided: {}", d.message);
            }
        }
    }
}

//! Diagnostics as plain data: rendered once for the terminal (ariadne, in the CLI) and converted
//! once for the editor (in the language server).

use crate::lexer::Span;

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Severity {
    /// The statement has no result, or a check failed.
    Error,
    /// The statement has a result with a caveat, or gave up within its budget.
    Warning,
}

/// A secondary message attached to a span.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    /// Where.
    pub span: Span,
    /// What to say there.
    pub message: String,
}

/// What kind of problem a diagnostic reports: a stable short code, shown as `[code]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Code {
    /// The statement could not be parsed.
    Syntax,
    /// Brackets nested deeper than the parser allows.
    Nesting,
    /// An unknown name, function or ruleset.
    Name,
    /// A malformed or out-of-range number.
    Number,
    /// A fraction whose denominator is not a power of two.
    Dyadic,
    /// A value of the wrong kind (a score where a game is needed, ...).
    Type,
    /// A bad argument of a ruleset or a function.
    Argument,
    /// A missing, unknown, repeated or malformed setting.
    Setting,
    /// The wrong number of arguments.
    Arity,
    /// A check that does not hold.
    Check,
    /// A computation that gave up on its budget or a limit.
    Budget,
    /// A loopy game the theory here does not cover (one that is not a stopper).
    Loopy,
    /// An error inside a definition, with its call chain.
    Definition,
    /// A fault of cgt itself while evaluating the statement (a bug to report): the statement
    /// has no result, and the others are evaluated as usual.
    Internal,
}

impl Code {
    /// The code as written in reports: `syntax`, `budget`, ...
    pub fn as_str(self) -> &'static str {
        match self {
            Code::Syntax => "syntax",
            Code::Nesting => "nesting",
            Code::Name => "name",
            Code::Number => "number",
            Code::Dyadic => "dyadic",
            Code::Type => "type",
            Code::Argument => "argument",
            Code::Setting => "setting",
            Code::Arity => "arity",
            Code::Check => "check",
            Code::Budget => "budget",
            Code::Loopy => "loopy",
            Code::Definition => "definition",
            Code::Internal => "internal",
        }
    }
}

impl std::fmt::Display for Code {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A problem found in a file, with where it is and how to fix it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// What kind of problem it is.
    pub code: Code,
    /// Error or warning.
    pub severity: Severity,
    /// The main span (byte offsets into the file).
    pub span: Span,
    /// What is wrong, in one sentence.
    pub message: String,
    /// Secondary spans with messages.
    pub labels: Vec<Label>,
    /// How to fix it, where that helps.
    pub hint: Option<String>,
}

impl Diagnostic {
    /// An error with a code, a span and a message.
    pub fn error(code: Code, span: Span, message: impl Into<String>) -> Self {
        Diagnostic { code, severity: Severity::Error, span, message: message.into(), labels: Vec::new(), hint: None }
    }

    /// The same diagnostic as a warning.
    pub fn warning(mut self) -> Self {
        self.severity = Severity::Warning;
        self
    }

    /// Adds a hint.
    pub fn with_hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }

    /// Adds a label.
    pub fn with_label(mut self, span: Span, message: impl Into<String>) -> Self {
        self.labels.push(Label { span, message: message.into() });
        self
    }
}

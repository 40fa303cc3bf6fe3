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

/// A problem found in a file, with where it is and how to fix it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// A stable short code: `syntax`, `nesting`, `name`, `dyadic`, `check`, `budget`, ...
    pub code: &'static str,
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
    pub fn error(code: &'static str, span: Span, message: impl Into<String>) -> Self {
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

//! Semantic tokens: the names the document binds (`let`, `def`, `rule`, parameters and `for`
//! variables), at their bindings and uses, so an editor can colour them by what they are
//! (LSP 3.16 semantic tokens; the server encodes them). Built-in functions and rulesets are
//! left to the TextMate grammar.

use cgt_syntax::{LocalKind, Span};

use crate::engine::Analysis;
use crate::names::{self, Target};

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TokenKind {
    /// A `let` name or a `for` variable.
    Variable,
    /// A `def` name.
    Function,
    /// A user `rule` name (at its `rule`, in positions `r[...]`, and as an argument).
    Rule,
    /// A parameter of a definition.
    Parameter,
}

impl TokenKind {
    /// Every kind, in the order of the server's legend.
    pub const ALL: [TokenKind; 4] = [TokenKind::Variable, TokenKind::Function, TokenKind::Rule, TokenKind::Parameter];
}

/// One coloured name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SemanticToken {
    /// The name's span (never more than one line).
    pub span: Span,
    /// What it is.
    pub kind: TokenKind,
    /// Whether this is where the name is bound.
    pub declaration: bool,
}

/// The semantic tokens of the document, in source order, none overlapping.
pub fn semantic_tokens(a: &Analysis) -> Vec<SemanticToken> {
    names::occurrences(a)
        .into_iter()
        .filter_map(|o| {
            let kind = match &o.target {
                Target::Let(_) | Target::Local { kind: LocalKind::ForVar, .. } => TokenKind::Variable,
                Target::Local { kind: LocalKind::Param, .. } => TokenKind::Parameter,
                Target::Def(j) => match names::definition_of(a.parsed.stmts.get(*j)?) {
                    Some(d) if d.is_rule => TokenKind::Rule,
                    _ => TokenKind::Function,
                },
            };
            Some(SemanticToken { span: o.span, kind, declaration: o.declaration })
        })
        .collect()
}

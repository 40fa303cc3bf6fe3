//! Editor analysis for cgt, as pure functions from a document's [`Analysis`] (text, parse and
//! evaluation results) and a byte offset to plain data in byte offsets. Nothing here knows LSP,
//! JSON or UTF-16; the language server converts.

mod actions;
mod completion;
mod engine;
mod features;
mod format;
mod hover;
mod names;
mod navigation;
mod tokens;

pub use actions::{Action, code_actions};
pub use completion::{Completion, CompletionKind, completions};
pub use engine::{Analysis, DocumentEngine, EngineConfig, StmtResult};
pub use features::{Hint, Symbol, diagnostics, inlay_hints, symbols};
pub use format::{format, format_edits};
pub use hover::{HoverInfo, hover};
pub use navigation::{Occurrence, definition, prepare_rename, references, rename};
pub use tokens::{SemanticToken, TokenKind, semantic_tokens};

//! The playground's state: one document engine (with its cache and game arena) and the latest
//! analysis, answering the page's requests in UTF-16 offsets.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use cgt_ide::{Analysis, DocumentEngine, EngineConfig};
use serde_json::Value;

use crate::offsets::Utf16Index;
use crate::view;

/// Settings of the playground's evaluation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlaygroundConfig {
    /// The full budget of one statement, in milliseconds.
    pub budget_ms: u32,
    /// The short budget of the first pass, in milliseconds.
    pub quick_ms: u32,
    /// Memory per statement, in bytes (a wasm32 module has at most 4 GiB in all).
    pub memory: usize,
    /// Print values with `↑ ↓ ±`.
    pub unicode: bool,
}

impl Default for PlaygroundConfig {
    /// 2 s per statement, 50 ms in the first pass, 256 MiB, ASCII values (as `cgt eval`).
    fn default() -> Self {
        PlaygroundConfig { budget_ms: 2000, quick_ms: 50, memory: 256 << 20, unicode: false }
    }
}

/// One document being edited in the page.
pub struct Playground {
    engine: DocumentEngine,
    analysis: Analysis,
    index: Utf16Index,
}

impl Playground {
    /// A playground with an empty document.
    pub fn new(config: PlaygroundConfig) -> Self {
        let engine = DocumentEngine::new(EngineConfig {
            budget: Duration::from_millis(config.budget_ms.into()),
            quick: Duration::from_millis(config.quick_ms.into()),
            memory: config.memory,
            unicode: config.unicode,
        });
        Playground { engine, analysis: Analysis::unevaluated(""), index: Utf16Index::new("") }
    }

    /// Evaluates `text` (reusing the results of statements that did not change), calling
    /// `progress` with the view after the quick pass and after each slow statement; returns the
    /// final view (see [`Playground::view`]).
    pub fn evaluate(&mut self, text: &str, mut progress: impl FnMut(&Value)) -> Value {
        let index = Utf16Index::new(text);
        // Nothing sets this flag: the page replaces a busy worker instead of cancelling it.
        let cancel = Arc::new(AtomicBool::new(false));
        let done = self.engine.evaluate(text, &cancel, |a| progress(&view::analysis(a, &index)));
        self.analysis = done.unwrap_or_else(|| Analysis::unevaluated(text));
        self.index = index;
        self.view()
    }

    /// The latest analysis as `{hints: [{at, label, tooltip}], diagnostics: [{from, to,
    /// severity, code, message, labels}], pending}`.
    pub fn view(&self) -> Value {
        view::analysis(&self.analysis, &self.index)
    }

    /// The hover at UTF-16 offset `at` of `text`: `{from, to, markdown, manual}` or `null`. If `text`
    /// is not the last evaluated text (the user typed since), it is parsed afresh and its
    /// statements are still computing.
    pub fn hover(&self, text: &str, at: usize) -> Value {
        self.with_analysis(text, |a, index| {
            let offset = index.to_byte(text, at);
            view::hover(a, index, cgt_ide::hover(a, offset))
        })
    }

    /// The completions at UTF-16 offset `at` of `text`: `[{label, kind, detail,
    /// documentation, insert}]` (as for hovers, a newer text is parsed afresh).
    pub fn completions(&self, text: &str, at: usize) -> Value {
        self.with_analysis(text, |a, index| view::completions(cgt_ide::completions(a, index.to_byte(text, at))))
    }

    /// Calls `f` with the latest analysis if its text is `text`, or else with `text` parsed but
    /// not evaluated.
    fn with_analysis(&self, text: &str, f: impl FnOnce(&Analysis, &Utf16Index) -> Value) -> Value {
        if text == self.analysis.text {
            return f(&self.analysis, &self.index);
        }
        f(&Analysis::unevaluated(text), &Utf16Index::new(text))
    }

    /// The latest text.
    pub fn text(&self) -> &str {
        &self.analysis.text
    }
}

/// The UTF-16 offset in `text` of the statement the engine started last: after a trap (a
/// panic aborts in WebAssembly), the statement that stopped it.
pub fn last_statement(text: &str) -> usize {
    let at = cgt_eval::last_statement_started().min(text.len());
    let at = (0..=at).rev().find(|&i| text.is_char_boundary(i)).unwrap_or(0);
    Utf16Index::new(text).to_utf16(text, at)
}

/// `text` with the statements that start at the UTF-16 offsets `starts` replaced by spaces
/// (line breaks kept, so every other offset stays), and the UTF-16 ranges blanked: the page
/// evaluates the rest of a file whose statement stopped the engine, and reports that
/// statement as an error.
pub fn blank_statements(text: &str, starts: &[usize]) -> (String, Vec<(usize, usize)>) {
    let index = Utf16Index::new(text);
    let parsed = cgt_syntax::parse(text);
    let mut bytes = text.as_bytes().to_vec();
    let mut blanked = Vec::new();
    for stmt in &parsed.stmts {
        let start = index.to_utf16(text, stmt.span.start);
        if !starts.contains(&start) {
            continue;
        }
        for b in &mut bytes[stmt.span.clone()] {
            if *b != b'\n' {
                *b = b' ';
            }
        }
        blanked.push((start, index.to_utf16(text, stmt.span.end)));
    }
    // Whole statements are blanked, and a statement's span starts and ends on characters.
    (String::from_utf8(bytes).unwrap_or_else(|_| text.to_string()), blanked)
}

/// `text` in the canonical layout of `cgt fmt`.
pub fn format(text: &str) -> String {
    cgt_ide::format(text)
}

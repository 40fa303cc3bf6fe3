//! Incremental parsing for the editor: a [`ParseCache`] keeps each statement's syntax tree and
//! errors by the statement's text, so parsing an edited file parses only the statements whose
//! text changed and moves the others' trees to their new offsets.
//!
//! This is exact because a statement's parse depends on its text alone: no token spans a line
//! break (strings and comments end at one), every statement starts at the first token of a line,
//! and the splitter decides a statement's extent from its own tokens. The trees are kept with
//! the spans they were parsed with, and moved by `shift` when their statement has moved. A test
//! checks that parsing edited files through the cache gives what a fresh [`crate::parse`] gives, spans included.

use std::collections::HashMap;

use crate::diagnostic::Diagnostic;
use crate::shift::{self, Shift};
use crate::{ParsedFile, Stmt};

/// One statement's parse: the statement and its syntax errors.
pub(crate) type StmtParse = (Stmt, Vec<Diagnostic>);

/// The parsed statements of the previous version of a file, by text; see [`ParseCache::parse`].
///
/// It holds the statements of the last file parsed, so its size is bounded by the file's.
#[derive(Clone, Debug, Default)]
pub struct ParseCache {
    /// Each statement's parse by its text, with the offset its spans are at and the number of
    /// the last file that had it.
    entries: HashMap<String, Entry>,
    /// The number of the file being parsed.
    file: u64,
}

/// A statement's parse, at the offset `start`, last seen in file number `file`.
#[derive(Clone, Debug)]
struct Entry {
    start: usize,
    parse: StmtParse,
    file: u64,
}

impl ParseCache {
    /// An empty cache.
    pub fn new() -> Self {
        ParseCache::default()
    }

    /// Parses a whole file as [`crate::parse`] does (the same result, spans included), reusing
    /// the trees of statements whose text is in the previous file parsed with this cache.
    pub fn parse(&mut self, src: &str) -> ParsedFile {
        self.file += 1;
        crate::parse_with(src, Some(self))
    }

    /// How many statements' trees the cache holds.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the cache holds nothing.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The cached parse of a statement with this text, moved to start at `start`.
    pub(crate) fn reuse(&mut self, text: &str, start: usize) -> Option<StmtParse> {
        let entry = self.entries.get_mut(text)?;
        entry.file = self.file;
        let (mut stmt, mut errors) = entry.parse.clone();
        if entry.start != start {
            let by = Shift { from: entry.start, to: start };
            shift::stmt(&mut stmt, by);
            errors.iter_mut().for_each(|d| shift::diagnostic(d, by));
        }
        Some((stmt, errors))
    }

    /// Keeps the parse of a statement with this text that starts at `start`.
    pub(crate) fn store(&mut self, text: &str, start: usize, parsed: &StmtParse) {
        self.entries.insert(text.to_string(), Entry { start, parse: parsed.clone(), file: self.file });
    }

    /// Ends a file: statements not in it are dropped.
    pub(crate) fn finish(&mut self) {
        let file = self.file;
        self.entries.retain(|_, e| e.file == file);
    }
}

//! Incremental evaluation of a document for the editor.
//!
//! A [`DocumentEngine`] keeps one evaluation session (and so one game arena) per document and a
//! cache of statement results keyed by the statement's text and the values of the names it
//! uses, so after an edit only changed statements and those that depend on them are evaluated
//! again. Evaluation runs in two passes: first every statement under a short budget, so that
//! quick statements get their results at once even below a slow one; then the slow ones (and
//! whatever depends on them) under the full budget, one at a time, reporting progress after
//! each.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use cgt_core::{Budget, Exhausted};
use cgt_eval::{Config, DefId, LineCounter, Session, StmtReport, Value};
use cgt_syntax::{ParseCache, ParsedFile, Stmt, StmtKind, name_defined, names_used};

/// Settings of the editor's evaluation.
#[derive(Clone, Debug)]
pub struct EngineConfig {
    /// The full budget of one statement.
    pub budget: Duration,
    /// The short budget of the first pass.
    pub quick: Duration,
    /// Memory per statement, in bytes.
    pub memory: usize,
    /// Print values with `↑ ↓ ±`.
    pub unicode: bool,
}

impl Default for EngineConfig {
    /// About 2 s per statement (the editor's default), 50 ms in the first pass, 1 GiB.
    fn default() -> Self {
        EngineConfig {
            budget: Duration::from_secs(2),
            quick: Duration::from_millis(50),
            memory: 1 << 30,
            unicode: false,
        }
    }
}

/// The state of one statement's evaluation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StmtResult {
    /// Not evaluated yet (a slow statement, or one that depends on it).
    Pending,
    /// Evaluated (shared with the engine's cache, so reusing a result is not a copy).
    Done(Arc<StmtReport>),
}

/// A document with its parse and the results known so far; what every IDE feature reads.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// The document's text.
    pub text: String,
    /// Its statements and syntax errors (shared: the language server parses a version once for
    /// its requests and its evaluation).
    pub parsed: Arc<ParsedFile>,
    /// One result per statement of `parsed.stmts`.
    pub results: Vec<StmtResult>,
}

impl Analysis {
    /// A document parsed but not evaluated: every statement pending.
    pub fn unevaluated(text: &str) -> Self {
        Analysis::pending(text, Arc::new(cgt_syntax::parse(text)))
    }

    /// As [`Analysis::unevaluated`], parsing through `cache`: only statements whose text is not
    /// in the previous version parsed with it are parsed again.
    pub fn unevaluated_with(text: &str, cache: &mut ParseCache) -> Self {
        Analysis::pending(text, Arc::new(cache.parse(text)))
    }

    /// A document with its parse, not evaluated: every statement pending.
    pub fn pending(text: &str, parsed: Arc<ParsedFile>) -> Self {
        let results = vec![StmtResult::Pending; parsed.stmts.len()];
        Analysis { text: text.to_string(), parsed, results }
    }

    /// The index of the statement whose span contains `offset` (ends included), if any.
    pub fn stmt_at(&self, offset: usize) -> Option<usize> {
        let i = self.parsed.stmts.partition_point(|s| s.span.end < offset);
        (i < self.parsed.stmts.len() && self.parsed.stmts[i].span.start <= offset).then_some(i)
    }

    /// The report of statement `i`, if it is evaluated.
    pub fn report(&self, i: usize) -> Option<&StmtReport> {
        match self.results.get(i)? {
            StmtResult::Done(r) => Some(r),
            StmtResult::Pending => None,
        }
    }
}

/// What a name stood for when a statement was evaluated: its `let` value and the compiled
/// `def`/`rule` of that name. A definition compiled again gets a new id, so the statements
/// that use it (and, transitively, the definitions that call it) are evaluated again.
type Input = (String, Option<Value>, Option<Arc<str>>, Option<DefId>);

/// One cached result: the inputs it was computed from and what it produced.
struct CacheEntry {
    inputs: Vec<Input>,
    report: Arc<StmtReport>,
    binding: Option<(Value, Option<Arc<str>>)>,
    def: Option<DefId>,
}

/// The cached results of one statement text, with the names it uses (sorted, each once).
#[derive(Default)]
struct Slot {
    names: Arc<[String]>,
    entries: Vec<CacheEntry>,
}

/// Evaluates versions of one document, reusing what did not change.
pub struct DocumentEngine {
    session: Session,
    parses: ParseCache,
    cache: HashMap<String, Slot>,
    config: EngineConfig,
    evaluated: usize,
}

/// Above this arena size the session and cache are dropped and started afresh.
const ARENA_LIMIT: usize = 512 << 20;

impl DocumentEngine {
    /// An engine with an empty cache.
    pub fn new(config: EngineConfig) -> Self {
        DocumentEngine {
            session: Session::new(session_config(&config)),
            parses: ParseCache::new(),
            cache: HashMap::new(),
            config,
            evaluated: 0,
        }
    }

    /// How many statement evaluations (not answered from the cache) this engine has run.
    pub fn evaluated_statements(&self) -> usize {
        self.evaluated
    }

    /// Changes the settings; cached results are dropped if they could differ.
    pub fn set_config(&mut self, config: EngineConfig) {
        if config.unicode != self.config.unicode || config.budget != self.config.budget {
            self.cache.clear();
            self.session = Session::new(session_config(&config));
        }
        self.config = config;
    }

    /// Evaluates `text`. `progress` is called with the analysis after the quick pass and after
    /// each slow statement. Returns `None` if `cancel` was set before the end.
    pub fn evaluate(
        &mut self,
        text: &str,
        cancel: &Arc<AtomicBool>,
        progress: impl FnMut(&Analysis),
    ) -> Option<Analysis> {
        let parsed = Arc::new(self.parses.parse(text));
        self.evaluate_parsed(text, parsed, cancel, progress)
    }

    /// As [`DocumentEngine::evaluate`], for a text already parsed (`parsed` must be the parse
    /// of `text`).
    pub fn evaluate_parsed(
        &mut self,
        text: &str,
        parsed: Arc<ParsedFile>,
        cancel: &Arc<AtomicBool>,
        mut progress: impl FnMut(&Analysis),
    ) -> Option<Analysis> {
        if self.session.memory_bytes() > ARENA_LIMIT {
            let parses = std::mem::take(&mut self.parses);
            *self = DocumentEngine::new(self.config.clone());
            self.parses = parses;
        }
        let mut analysis = Analysis::pending(text, parsed);
        let mut slow = HashSet::new();
        // Each pass resolves at least one statement: the first pending statement is not
        // blocked by a name, so it is either quick or the pass's one full-budget evaluation.
        while self.pass(&mut analysis, &mut slow, cancel)? {
            progress(&analysis);
        }
        progress(&analysis);
        self.prune(&analysis);
        Some(analysis)
    }

    /// One pass over the statements: cached results are reused; statements not known to be
    /// slow get the quick budget (and are marked slow if they need more); the first slow one
    /// gets the full budget; statements using names of pending ones wait. Returns whether any
    /// statement is still pending.
    fn pass(&mut self, a: &mut Analysis, slow: &mut HashSet<usize>, cancel: &Arc<AtomicBool>) -> Option<bool> {
        self.session.clear_names();
        let mut full_slot = true;
        let mut pending_names: HashSet<String> = HashSet::new();
        let mut any_pending = false;
        let mut lines = LineCounter::default();
        let mut errors = a.parsed.errors.iter().peekable();
        for (i, stmt) in a.parsed.stmts.iter().enumerate() {
            if cancel.load(Ordering::Relaxed) {
                return None;
            }
            let line = lines.line_of(&a.text, stmt.span.start);
            let mut syntax = Vec::new();
            while let Some(d) = errors.next_if(|d| d.span.start <= stmt.span.end) {
                syntax.push(d.clone());
            }
            let names = self.names(stmt, &a.text);
            let blocked = !pending_names.is_empty() && names.iter().any(|n| pending_names.contains(n));
            let cached = if blocked { None } else { self.cached(stmt, &a.text, &names, line) };
            let mode = match (cached.is_some() || blocked, slow.contains(&i)) {
                (true, _) => None,
                (false, false) => Some(false),
                (false, true) if full_slot => {
                    full_slot = false;
                    Some(true)
                }
                (false, true) => None,
            };
            let done = match mode {
                Some(full) => self.result(stmt, &a.text, &names, line, full, cancel)?,
                None => cached,
            };
            match done {
                Some(mut report) => {
                    if !syntax.is_empty() {
                        Arc::make_mut(&mut report).diagnostics.splice(0..0, syntax);
                    }
                    a.results[i] = StmtResult::Done(report);
                }
                None => {
                    if mode == Some(false) {
                        slow.insert(i);
                    }
                    any_pending = true;
                    if let Some(name) = name_defined(stmt) {
                        pending_names.insert(name.node.clone());
                    }
                }
            }
        }
        Some(any_pending)
    }

    /// The names a statement uses (sorted, each once), from the cache when its text is there.
    fn names(&self, stmt: &Stmt, text: &str) -> Arc<[String]> {
        if let Some(slot) = self.cache.get(&text[stmt.span.clone()]) {
            return slot.names.clone();
        }
        let mut names: Vec<String> = names_used(stmt).into_iter().map(|n| n.node).collect();
        names.sort();
        names.dedup();
        names.into()
    }

    /// What each of `names` stands for now: the cache key besides the statement's text.
    fn inputs(&self, names: &[String]) -> Vec<Input> {
        let s = &self.session;
        names.iter().map(|n| (n.clone(), s.value_of(n).cloned(), s.form_of(n).cloned(), s.def_id(n))).collect()
    }

    /// Whether a cached result was computed from what its names stand for now.
    fn current(&self, inputs: &[Input]) -> bool {
        inputs.iter().all(|(n, value, form, def)| {
            let s = &self.session;
            s.value_of(n) == value.as_ref() && s.form_of(n) == form.as_ref() && s.def_id(n) == *def
        })
    }

    /// The cached result of a statement, if any (binding its name as evaluation would).
    fn cached(&mut self, stmt: &Stmt, text: &str, names: &[String], line: usize) -> Option<Arc<StmtReport>> {
        let slot = self.cache.get(&text[stmt.span.clone()])?;
        let hit = slot.entries.iter().find(|e| e.inputs.len() == names.len() && self.current(&e.inputs))?;
        let report = relocate(&hit.report, stmt.span.start, line);
        if let (Some(name), Some((v, form))) = (name_defined(stmt), &hit.binding) {
            self.session.bind(&name.node, v.clone(), form.clone(), name.span.clone());
        }
        if let (Some(name), Some(id)) = (name_defined(stmt), hit.def) {
            self.session.bind_def(&name.node, id);
        }
        Some(report)
    }

    /// The result of one statement not in the cache, evaluated now. `None` (inside `Some`)
    /// when the statement needs more than the quick budget and `full` is false.
    fn result(
        &mut self,
        stmt: &Stmt,
        text: &str,
        names: &Arc<[String]>,
        line: usize,
        full: bool,
        cancel: &Arc<AtomicBool>,
    ) -> Option<Option<Arc<StmtReport>>> {
        if matches!(stmt.kind, StmtKind::Error) {
            return Some(Some(Arc::new(StmtReport::new(text, stmt.span.clone(), line))));
        }
        let inputs = self.inputs(names);
        let time = if full { self.config.budget } else { self.config.quick.min(self.config.budget) };
        let budget = Budget::with_cancel(time, self.config.memory, cancel.clone());
        self.evaluated += 1;
        let report = self.session.run_statement(stmt, text, line, &budget);
        if report.gave_up() {
            match budget.check_now() {
                Err(Exhausted::Cancelled) => return None,
                Err(Exhausted::Time) if !full => return Some(None),
                _ => {}
            }
        }
        let (mut binding, mut def) = (None, None);
        if let Some(name) = name_defined(stmt).filter(|_| !report.has_error()) {
            match stmt.kind {
                StmtKind::Def(_) => def = self.session.def_id(&name.node),
                _ => {
                    let s = &self.session;
                    binding = s.value_of(&name.node).cloned().map(|v| (v, s.form_of(&name.node).cloned()))
                }
            }
        }
        let report = Arc::new(report);
        let slot = self
            .cache
            .entry(text[stmt.span.clone()].to_string())
            .or_insert_with(|| Slot { names: names.clone(), entries: Vec::new() });
        slot.entries.push(CacheEntry { inputs, report: report.clone(), binding, def });
        Some(Some(report))
    }

    /// Keeps the cache from growing without bound: entries for texts no longer in the
    /// document are dropped once the cache is much larger than the document.
    fn prune(&mut self, a: &Analysis) {
        if self.cache.len() <= 4 * a.parsed.stmts.len() + 1024 {
            return;
        }
        let live: HashSet<&str> = a.parsed.stmts.iter().map(|s| &a.text[s.span.clone()]).collect();
        self.cache.retain(|k, _| live.contains(k.as_str()));
    }
}

fn session_config(c: &EngineConfig) -> Config {
    Config { time: c.budget, memory: c.memory, unicode: c.unicode, details: true, pictures: true, ..Config::default() }
}

/// A cached report moved to a statement that now starts at `start` on `line` (shared, not
/// copied, when it has not moved).
fn relocate(report: &Arc<StmtReport>, start: usize, line: usize) -> Arc<StmtReport> {
    if report.span.start == start && report.line == line {
        return report.clone();
    }
    let mut r = StmtReport::clone(report);
    let shift = |x: usize| x - report.span.start + start;
    r.span = start..shift(report.span.end);
    r.line = line;
    for d in &mut r.diagnostics {
        d.span = shift(d.span.start)..shift(d.span.end);
        for l in &mut d.labels {
            l.span = shift(l.span.start)..shift(l.span.end);
        }
    }
    Arc::new(r)
}

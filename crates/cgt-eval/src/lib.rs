//! Evaluation of cgt files: names, values, checks and diagnostics, as plain data.
//!
//! [`evaluate`] parses a file and evaluates its statements in order, each under its own
//! [`Budget`], and returns one [`StmtReport`] per statement. Nothing here prints or exits; the
//! command line and the language server turn reports into text and protocol messages.

mod args;
mod check;
mod compounds;
#[cfg(test)]
mod conformance;
mod context;
mod defs;
mod expr;
mod forms;
mod functions;
mod heap;
mod loopy;
pub mod manual;
mod names;
mod numbers;
mod parallel;
mod pictures;
pub mod registry;
mod report;
pub mod resolve;
mod rulesets;
mod table;
mod value;

use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::time::Duration;

use cgt_core::Budget;
use cgt_core::game::{DisplayStyle, Games};
use cgt_syntax::{Span, StmtKind};

pub use context::Moves;
pub use functions::latex;
pub use loopy::Loopy;
pub use parallel::{evaluate_parallel, statement_groups};
pub use pictures::Picture;
pub use registry::{FunctionDef, Returns, RulesetDef, SettingDef, functions, rulesets};
pub use report::{CheckStatus, Details, StmtReport};
pub use table::{GAVE_UP, MAX_CELLS, Table};
pub use value::{MoveList, OUTCOMES, PlayOutcome, Quantity, Value, outcome_meaning};

/// Settings of an evaluation.
#[derive(Clone, Debug)]
pub struct Config {
    /// Time allowed per statement.
    pub time: Duration,
    /// Memory allowed per statement, in bytes (the engine's arena and caches).
    pub memory: usize,
    /// Print values with `↑ ↓ ±` instead of `^ v +-`.
    pub unicode: bool,
    /// Also compute [`Details`] (options, stops, temperature, game tree) of every game value,
    /// for hovers in the editor.
    pub details: bool,
    /// Also draw pictures (SVG) of results: the thermograph and game tree of every game value,
    /// the plot of every Grundy sequence (`cgt eval --svg`, the editor's hover).
    pub pictures: bool,
    /// Threads one statement may use, where its work can be shared (Cram's search, a long octal
    /// sequence); the machine's cores limit it too. `cgt eval --jobs N` sets it to N.
    pub threads: usize,
}

impl Default for Config {
    /// The command line's defaults: 10 s and 2 GiB per statement, ASCII output.
    fn default() -> Self {
        Config {
            time: Duration::from_secs(10),
            memory: 2 << 30,
            unicode: false,
            details: false,
            pictures: false,
            threads: usize::MAX,
        }
    }
}

/// The state shared by the statements of one file: the game arena, the `let` names, the
/// configuration and the rulesets' tables.
pub struct Session {
    games: Games,
    env: HashMap<String, Binding>,
    config: Config,
    /// Each ruleset's tables (transposition tables, Grundy tables), by type, kept across
    /// statements; a ruleset asks for its own with [`Session::table`].
    tables: HashMap<TypeId, Box<dyn Any + Send>>,
}

/// One compilation of a `def` or `rule` statement in a session: compiling a statement again
/// (because it or a name it uses changed) gives a new id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DefId(usize);

/// A `let` name: its value and where it was defined.
#[derive(Clone, Debug)]
pub(crate) struct Binding {
    pub value: Value,
    /// The game as written, for misère play, `explain` and `options` (see `forms`).
    pub form: Option<forms::Form>,
    pub span: Span,
}

impl Session {
    /// A fresh session with no names.
    pub fn new(config: Config) -> Self {
        Session { games: Games::new(), env: HashMap::new(), config, tables: HashMap::new() }
    }

    /// The session's table of type `T` (created empty on first use).
    pub(crate) fn table<T: Default + Send + 'static>(&mut self) -> &mut T {
        self.tables
            .entry(TypeId::of::<T>())
            .or_insert_with(|| Box::new(T::default()))
            .downcast_mut()
            .expect("tables are stored by their type")
    }

    /// The session's table of type `T` and the game arena, for rulesets that fill both.
    pub(crate) fn table_and_games<T: Default + Send + 'static>(&mut self) -> (&mut T, &mut Games) {
        let table = self.tables.entry(TypeId::of::<T>()).or_insert_with(|| Box::new(T::default()));
        (table.downcast_mut().expect("tables are stored by their type"), &mut self.games)
    }

    /// Where a `let` name was defined, if it is bound.
    pub fn definition(&self, name: &str) -> Option<Span> {
        self.env.get(name).map(|b| b.span.clone())
    }

    /// The display style the session prints values in.
    fn style(&self) -> DisplayStyle {
        DisplayStyle { unicode: self.config.unicode }
    }
}

/// The byte offset of the statement [`Session::run_statement`] started last (in any session):
/// where a panic aborts instead of unwinding (WebAssembly), the host reads it to name the
/// statement that stopped the engine.
static LAST_STARTED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// The byte offset of the statement evaluation started last.
pub fn last_statement_started() -> usize {
    LAST_STARTED.load(std::sync::atomic::Ordering::Relaxed)
}

/// Parses and evaluates a whole file.
pub fn evaluate(src: &str, config: &Config) -> Vec<StmtReport> {
    evaluate_parsed(cgt_syntax::parse(src), src, config)
}

/// Evaluates the statements of `parsed` (the parse of `src`) in order in one session.
fn evaluate_parsed(parsed: cgt_syntax::ParsedFile, src: &str, config: &Config) -> Vec<StmtReport> {
    let mut session = Session::new(config.clone());
    let mut syntax_errors = parsed.errors.into_iter().peekable();
    let mut reports = Vec::with_capacity(parsed.stmts.len());
    let mut lines = LineCounter::default();
    for stmt in &parsed.stmts {
        let budget = session.budget();
        let mut report = session.run_statement(stmt, src, lines.line_of(src, stmt.span.start), &budget);
        let mut errors = Vec::new();
        while let Some(d) = syntax_errors.next_if(|d| d.span.start <= stmt.span.end) {
            errors.push(d);
        }
        report.diagnostics.splice(0..0, errors);
        reports.push(report);
    }
    reports
}

/// A table line that is a comparison, as the two sides and the operator.
fn table_comparison(e: &cgt_syntax::DExpr) -> Option<(&cgt_syntax::DExpr, cgt_syntax::CmpOp, &cgt_syntax::DExpr)> {
    use cgt_syntax::{BinOp, CmpOp, DKind};
    let DKind::Binary(op, lhs, rhs) = &e.node else { return None };
    let op = match op {
        BinOp::Eq => CmpOp::Eq,
        BinOp::Ne => CmpOp::Ne,
        BinOp::Lt => CmpOp::Lt,
        BinOp::Le => CmpOp::Le,
        BinOp::Gt => CmpOp::Gt,
        BinOp::Ge => CmpOp::Ge,
        BinOp::Confused => CmpOp::Confused,
        _ => return None,
    };
    Some((lhs, op, rhs))
}

/// Counts lines incrementally over increasing offsets, so a file of n statements costs O(n).
#[derive(Default)]
pub struct LineCounter {
    line: usize,
    counted_to: usize,
}

impl LineCounter {
    /// The 1-based line of `offset`; offsets must not decrease between calls.
    pub fn line_of(&mut self, src: &str, offset: usize) -> usize {
        self.line += src[self.counted_to..offset].bytes().filter(|&b| b == b'\n').count();
        self.counted_to = offset;
        self.line + 1
    }
}

impl Session {
    /// A fresh budget of the session's configured size, for one statement.
    pub fn budget(&self) -> Budget {
        Budget::new(self.config.time, self.config.memory).with_threads(self.config.threads)
    }

    /// Evaluates one statement (starting on `line`) under `budget`; a `let` binds its name for
    /// later statements. Syntax errors of the statement are the caller's to add. A panic
    /// inside becomes this statement's error ("internal"), never a dead engine or a lost
    /// file. Where panics abort (WebAssembly), [`last_statement_started`] tells the host which
    /// statement it was.
    pub fn run_statement(&mut self, stmt: &cgt_syntax::Stmt, src: &str, line: usize, budget: &Budget) -> StmtReport {
        LAST_STARTED.store(stmt.span.start, std::sync::atomic::Ordering::Relaxed);
        let run = std::panic::AssertUnwindSafe(|| self.run_statement_unguarded(stmt, src, line, budget));
        std::panic::catch_unwind(run).unwrap_or_else(|panic| {
            let why = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic".to_string());
            let mut report = StmtReport::new(src, stmt.span.clone(), line);
            report.diagnostics.push(
                cgt_syntax::Diagnostic::error(
                    cgt_syntax::Code::Internal,
                    stmt.span.clone(),
                    format!("internal error: cgt failed on this statement ({why})"),
                )
                .with_hint("this is a bug in cgt, not in the file; the other statements are evaluated as usual"),
            );
            report
        })
    }

    /// [`Session::run_statement`] without the guard against panics.
    fn run_statement_unguarded(
        &mut self,
        stmt: &cgt_syntax::Stmt,
        src: &str,
        line: usize,
        budget: &Budget,
    ) -> StmtReport {
        let started = cgt_core::budget::Instant::now();
        let mut report = StmtReport::new(src, stmt.span.clone(), line);
        let top = match &stmt.kind {
            StmtKind::Expr(e) | StmtKind::Let { value: e, .. } | StmtKind::Is { expr: e, .. } => Some(e.span.clone()),
            StmtKind::Check { lhs, .. } => Some(lhs.span.clone()),
            StmtKind::Table(e) => Some(e.span.clone()),
            StmtKind::Def(_) | StmtKind::Error => None,
        };
        let ctx = context::Ctx { budget, src, top, moves: self.config.details };
        let outcome = match &stmt.kind {
            StmtKind::Expr(e) => self.run_expr(e, &mut report, &ctx),
            StmtKind::Let { name, value } => self.run_let(name, value, &mut report, &ctx),
            StmtKind::Check { lhs, op, rhs } => self.run_check(lhs, op, rhs, &mut report, &ctx),
            StmtKind::Is { expr, outcome } => self.run_is(expr, outcome, &mut report, &ctx),
            StmtKind::Def(def) => self.run_def(def).map(|_| {
                let params: Vec<&str> = def.params.iter().map(|p| p.node.as_str()).collect();
                let kind = if def.is_rule { "rule" } else { "def" };
                report.value = Some(format!("{kind} {}({})", def.name.node, params.join(", ")));
                report.diagnostics.extend(registry::shadowing_warning(&def.name, def.is_rule));
            }),
            StmtKind::Table(e) => match table_comparison(e) {
                Some((lhs, op, rhs)) => self.run_table_check(lhs, op, rhs, &mut report, &ctx),
                None => match self.run_table_statement(e, &mut report, &ctx) {
                    Some(done) => done,
                    None => {
                        self.run_table(e, &ctx).and_then(|v| self.describe(v.into(), &mut report, budget).map(|_| ()))
                    }
                },
            },
            StmtKind::Error => Ok(()),
        };
        if let Err(d) = outcome {
            report.diagnostics.push(*d);
        }
        self.explain_statement(stmt, src, budget, &mut report);
        let is_check = match &stmt.kind {
            StmtKind::Check { .. } | StmtKind::Is { .. } => true,
            StmtKind::Table(e) => table_comparison(e).is_some(),
            _ => false,
        };
        if is_check && report.gave_up() {
            report.mark_undecided();
        } else if is_check && report.check.is_none() && report.has_error() {
            // A check whose sides could not be evaluated or compared did not pass: it failed,
            // and says so to tools that count failures (`--json`).
            report.check = Some(report::CheckStatus::Failed);
        }
        report.elapsed = started.elapsed();
        report
    }

    /// The value a `let` name is bound to now.
    pub fn value_of(&self, name: &str) -> Option<&Value> {
        self.env.get(name).map(|b| &b.value)
    }

    /// The form a `let` name keeps beside its value: its expression's text, standing alone.
    pub fn form_of(&self, name: &str) -> Option<&std::sync::Arc<str>> {
        self.env.get(name).and_then(|b| b.form.as_ref())
    }

    /// Binds a name to a value and the form it was written in (as a `let` statement at `span`
    /// would).
    pub fn bind(&mut self, name: &str, value: Value, form: Option<std::sync::Arc<str>>, span: Span) {
        self.env.insert(name.to_string(), Binding { value, form, span });
    }

    /// Forgets every `let`, `def` and `rule` name (the arena of games and the compiled
    /// definitions are kept, for [`Session::bind_def`]).
    pub fn clear_names(&mut self) {
        self.env.clear();
        self.table::<defs::Defs>().clear_names();
    }

    /// The compiled definition the name `name` of a `def` or `rule` is bound to now.
    pub fn def_id(&self, name: &str) -> Option<DefId> {
        let defs = self.tables.get(&TypeId::of::<defs::Defs>())?.downcast_ref::<defs::Defs>()?;
        defs.lookup(name).map(DefId)
    }

    /// Binds `name` to a compiled definition again, as its `def` or `rule` statement did (an
    /// id from [`Session::def_id`] of this session).
    pub fn bind_def(&mut self, name: &str, id: DefId) {
        self.table::<defs::Defs>().rebind(name, id.0);
    }

    /// An estimate of the memory the session's game arena uses, in bytes.
    pub fn memory_bytes(&self) -> usize {
        self.games.memory_bytes()
    }
}

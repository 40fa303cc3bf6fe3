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
mod describe;
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
pub mod rows;
mod rulesets;
pub(crate) mod session;
mod table;
mod value;

use cgt_core::Budget;
use cgt_syntax::StmtKind;

pub use context::Moves;
pub use functions::latex;
pub use loopy::Loopy;
pub use parallel::{evaluate_parallel, statement_groups};
pub use pictures::Picture;
pub use registry::{FunctionDef, Returns, RulesetDef, SettingDef};
pub use report::{CheckStatus, Details, StmtReport};
pub use rows::{functions, rulesets};
pub use session::{Config, DefId, Session};
pub use table::{GAVE_UP, MAX_CELLS, Table};
pub use value::{MoveList, OUTCOMES, PlayOutcome, Quantity, Value, outcome_meaning};

thread_local! {
    /// The byte offset of the statement [`Session::run_statement`] started last on this thread
    /// (in any session): where a panic aborts instead of unwinding (WebAssembly, one thread),
    /// the host reads it to name the statement that stopped the engine. Per thread, so that
    /// evaluations on other threads (tests run side by side) cannot overwrite it.
    static LAST_STARTED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// The byte offset of the statement evaluation started last on this thread.
pub fn last_statement_started() -> usize {
    LAST_STARTED.with(std::cell::Cell::get)
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
    drop_soon(session);
    reports
}

/// Frees a session, on a thread of its own when it is large (a million games take about a
/// second to free, a Domineering 6x6 value's arena two million), so that the reports do not
/// wait for it: `cgt eval` writes them and ends the process meanwhile. Where no thread can
/// be started (the playground), here.
fn drop_soon(session: Session) {
    const LARGE: usize = 1 << 18;
    if session.games.len() >= LARGE {
        let _ = std::thread::Builder::new().name("cgt-free".into()).spawn(move || drop(session));
    }
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
    /// Evaluates one statement (starting on `line`) under `budget`; a `let` binds its name for
    /// later statements. Syntax errors of the statement are the caller's to add. A panic
    /// inside becomes this statement's error ("internal"), never a dead engine or a lost
    /// file. Where panics abort (WebAssembly), [`last_statement_started`] tells the host which
    /// statement it was.
    pub fn run_statement(&mut self, stmt: &cgt_syntax::Stmt, src: &str, line: usize, budget: &Budget) -> StmtReport {
        LAST_STARTED.with(|last| last.set(stmt.span.start));
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
                report.diagnostics.extend(resolve::shadowing_warning(&def.name, def.is_rule));
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
}

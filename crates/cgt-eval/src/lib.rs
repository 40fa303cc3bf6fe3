//! Evaluation of cgt files: names, values, checks and diagnostics, as plain data.
//!
//! [`evaluate`] parses a file and evaluates its statements in order, each under its own
//! [`Budget`], and returns one [`StmtReport`] per statement. Nothing here prints or exits; the
//! command line and the language server turn reports into text and protocol messages.

mod expr;
mod functions;
mod names;
mod numbers;
mod report;
mod rulesets;
mod value;

use std::collections::HashMap;
use std::time::Duration;

use cgt_core::Budget;
use cgt_core::game::{DisplayStyle, Games};
use cgt_syntax::{Span, StmtKind};

pub use report::{CheckStatus, StmtReport};
pub use value::Value;

/// Settings of an evaluation.
#[derive(Clone, Debug)]
pub struct Config {
    /// Time allowed per statement.
    pub time: Duration,
    /// Memory allowed per statement, in bytes (the engine's arena and caches).
    pub memory: usize,
    /// Print values with `↑ ↓ ±` instead of `^ v +-`.
    pub unicode: bool,
}

impl Default for Config {
    /// The command line's defaults: 10 s and 2 GiB per statement, ASCII output.
    fn default() -> Self {
        Config { time: Duration::from_secs(10), memory: 2 << 30, unicode: false }
    }
}

/// The state shared by the statements of one file: the game arena and the `let` names.
pub struct Session {
    games: Games,
    env: HashMap<String, Binding>,
    config: Config,
}

/// A `let` name: its value and where it was defined.
#[derive(Clone, Debug)]
pub(crate) struct Binding {
    pub value: Value,
    pub span: Span,
}

impl Session {
    /// A fresh session with no names.
    pub fn new(config: Config) -> Self {
        Session { games: Games::new(), env: HashMap::new(), config }
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

/// Parses and evaluates a whole file.
pub fn evaluate(src: &str, config: &Config) -> Vec<StmtReport> {
    let parsed = cgt_syntax::parse(src);
    let mut session = Session::new(config.clone());
    let mut syntax_errors = parsed.errors.into_iter().peekable();
    let mut reports = Vec::with_capacity(parsed.stmts.len());
    // Lines are counted incrementally, and syntax errors (in source order) are handed out with
    // a moving cursor, so a file of n statements costs O(n), not O(n^2).
    let (mut line, mut counted_to) = (1, 0);
    for stmt in &parsed.stmts {
        line += src[counted_to..stmt.span.start].bytes().filter(|&b| b == b'\n').count();
        counted_to = stmt.span.start;
        let mut report = StmtReport::new(src, stmt.span.clone(), line);
        while let Some(d) = syntax_errors.next_if(|d| d.span.start <= stmt.span.end) {
            report.diagnostics.push(d);
        }
        if !matches!(stmt.kind, StmtKind::Error) {
            session.run(stmt, src, &mut report);
        }
        reports.push(report);
    }
    reports
}

impl Session {
    /// Evaluates one statement into `report`.
    fn run(&mut self, stmt: &cgt_syntax::Stmt, src: &str, report: &mut StmtReport) {
        let budget = Budget::new(self.config.time, self.config.memory);
        let outcome = match &stmt.kind {
            StmtKind::Expr(e) => self.eval(e, src, &budget).and_then(|v| self.describe(&v, report, &budget)),
            StmtKind::Let { name, value } => self.run_let(name, value, src, report, &budget),
            StmtKind::Check { lhs, op, rhs } => self.run_check(lhs, op.clone(), rhs, src, report, &budget),
            StmtKind::Is { expr, outcome } => self.run_is(expr, outcome, src, report, &budget),
            StmtKind::Error => Ok(()),
        };
        if let Err(d) = outcome {
            report.diagnostics.push(*d);
        }
    }
}

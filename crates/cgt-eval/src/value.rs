//! The values a statement can produce, and how a session describes them in a report.

use cgt_core::game::{GameId, Outcome};
use cgt_core::thermo::Thermograph;
use cgt_core::{Budget, Dyadic, Exhausted};
use cgt_syntax::Diagnostic;

use crate::Session;
use crate::report::StmtReport;

/// A value computed by an expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// A short partizan game, canonical, in the session's arena.
    Game(GameId),
    /// A number that a function computed about a game (a stop, mean, temperature, birthday):
    /// it is reported without an outcome class, and acts as a game in sums and checks.
    Number(Dyadic),
    /// An outcome class, from `outcome(G)`.
    Outcome(Outcome),
    /// The Left and Right options of a game, from `options(G)`.
    Options(Vec<GameId>, Vec<GameId>),
    /// A thermograph, from `thermograph(G)`.
    Thermograph(Box<Thermograph>),
}

/// The error type of evaluation: a diagnostic, boxed to keep results small.
pub(crate) type EvalResult<T> = Result<T, Box<Diagnostic>>;

/// Turns an exhausted budget into the "gave up" warning for the statement at `span`.
pub(crate) fn gave_up(e: Exhausted, span: cgt_syntax::Span, budget: &Budget) -> Box<Diagnostic> {
    let what = match e {
        Exhausted::Time => match budget.time() {
            Some(t) => format!("the time budget of {}", human_duration(t)),
            None => "the time budget".to_string(),
        },
        Exhausted::Memory => format!("the memory budget of {}", human_bytes(budget.memory())),
        Exhausted::Cancelled => "its budget (cancelled)".to_string(),
    };
    let d = Diagnostic::error("budget", span, format!("gave up: evaluating this exceeded {what}"))
        .warning()
        .with_hint("raise the budget with `cgt eval --budget 60s,8GiB`, or evaluate a smaller position");
    Box::new(d)
}

fn human_duration(t: std::time::Duration) -> String {
    if t.as_millis().is_multiple_of(1000) { format!("{} s", t.as_secs()) } else { format!("{} ms", t.as_millis()) }
}

fn human_bytes(b: usize) -> String {
    const GIB: usize = 1 << 30;
    const MIB: usize = 1 << 20;
    if b.is_multiple_of(GIB) { format!("{} GiB", b / GIB) } else { format!("{} MiB", b.div_ceil(MIB)) }
}

/// A sentence describing an outcome class.
pub(crate) fn outcome_meaning(o: Outcome) -> &'static str {
    match o {
        Outcome::L => "Left wins whoever starts",
        Outcome::R => "Right wins whoever starts",
        Outcome::P => "the second player wins",
        Outcome::N => "the first player wins",
    }
}

impl Session {
    /// Prints a value.
    pub(crate) fn show(&mut self, v: &Value) -> String {
        let style = self.style();
        match v {
            Value::Game(g) => self.games.display(*g, style),
            Value::Number(x) => x.to_string(),
            Value::Outcome(o) => o.to_string(),
            Value::Thermograph(t) => t.to_text(),
            Value::Options(l, r) => {
                let mut side = |ids: &[GameId]| ids.iter().map(|&g| self.games.display(g, style)).collect::<Vec<_>>();
                let (l, r) = (side(l), side(r));
                format!("Left: {}; Right: {}", list_or_none(&l), list_or_none(&r))
            }
        }
    }

    /// Fills the value and outcome of a report.
    pub(crate) fn describe(&mut self, v: &Value, report: &mut StmtReport, budget: &Budget) -> EvalResult<()> {
        report.value = Some(self.show(v));
        if let Value::Thermograph(t) = v {
            report.svg = Some(t.to_svg(&report.source));
        }
        if let Value::Game(g) = v {
            let o = self.games.outcome(*g, budget).map_err(|e| gave_up(e, report.span.clone(), budget))?;
            report.outcome = Some(o.to_string());
        }
        Ok(())
    }
}

fn list_or_none(items: &[String]) -> String {
    if items.is_empty() { "none".to_string() } else { items.join(", ") }
}

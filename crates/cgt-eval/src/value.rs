//! The values a statement can produce, and how a session describes them in a report.

use cgt_core::game::{GameId, Outcome};
use cgt_core::thermo::{self, Thermograph};
use cgt_core::{Budget, Dyadic, Exhausted};
use cgt_syntax::Diagnostic;
use num_bigint::BigUint;

use crate::Session;
use crate::report::{Details, StmtReport};

/// Game trees with more nodes than this are not drawn in hovers.
const TREE_NODES: usize = 40;

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
    /// A nimber too large for a game tree (a sum of huge Nim heaps).
    BigNimber(BigUint),
    /// Win, loss or draw for the player to move (games on graphs).
    Play(PlayOutcome),
    /// Grundy values of heaps `start`, `start + 1`, ...
    Sequence(u64, Vec<u32>),
    /// The pre-period and period of a Grundy sequence.
    Period(u64, u64),
    /// The moves of a ruleset position, as positions in its own notation.
    Moves(Vec<String>, Vec<String>),
}

/// The result of a game on a graph for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlayOutcome {
    /// The player to move can force a win.
    Win,
    /// The player to move loses against best play.
    Loss,
    /// Neither player can force a win.
    Draw,
}

impl PlayOutcome {
    /// `win`, `loss` or `draw`, as the language writes it.
    pub fn name(self) -> &'static str {
        match self {
            PlayOutcome::Win => "win",
            PlayOutcome::Loss => "loss",
            PlayOutcome::Draw => "draw",
        }
    }
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

/// A sentence describing an outcome (`L`, `R`, `P`, `N`, `win`, `loss`, `draw`).
pub fn outcome_meaning(o: &str) -> &'static str {
    match o {
        "L" => "Left wins whoever starts",
        "R" => "Right wins whoever starts",
        "P" => "the second player wins",
        "N" => "the first player wins",
        "win" => "the player to move wins",
        "loss" => "the player to move loses",
        _ => "neither player can force a win",
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
            Value::BigNimber(n) => format!("*{n}"),
            Value::Play(p) => p.name().to_string(),
            Value::Sequence(start, values) => {
                let shown: Vec<String> = values.iter().map(u32::to_string).collect();
                format!("{} (heaps {start} to {})", shown.join(" "), start + (values.len() as u64).saturating_sub(1))
            }
            Value::Period(pre, per) => format!("period {per} from heap {pre}"),
            Value::Moves(l, r) => format!("Left: {}; Right: {}", list_or_none(l), list_or_none(r)),
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
        report.extras.append(&mut self.extras);
        match v {
            Value::BigNimber(n) => report.outcome = Some(if n == &BigUint::default() { "P" } else { "N" }.to_string()),
            Value::Outcome(o) => report.outcome = Some(o.to_string()),
            Value::Play(p) => report.outcome = Some(p.name().to_string()),
            _ => {}
        }
        if let Value::Thermograph(t) = v {
            report.svg = Some(t.to_svg(&report.source));
        }
        if let Value::Game(g) = v {
            let o = self.games.outcome(*g, budget).map_err(|e| gave_up(e, report.span.clone(), budget))?;
            report.outcome = Some(o.to_string());
            if self.config.details {
                let mut details = self.details(*g, budget);
                details.moves = self.moves.take();
                report.details = Some(details);
            }
        }
        Ok(())
    }

    /// Options, stops, temperature and (for small games) the game tree of `g`. Parts that do
    /// not fit in the budget are left out.
    fn details(&mut self, g: GameId, budget: &Budget) -> Details {
        let style = self.style();
        if self.games.has_huge_options(g) {
            // `x + *n` with a huge n: its options cannot be listed, and its stops are x.
            return Details { birthday: self.games.birthday(g), ..Details::default() };
        }
        let (l, r) = (self.games.left_options(g), self.games.right_options(g));
        let left = l.iter().map(|&x| self.games.display(x, style)).collect();
        let right = r.iter().map(|&x| self.games.display(x, style)).collect();
        let temperature = (|| -> Result<[String; 4], cgt_core::Exhausted> {
            Ok([
                thermo::left_stop(&mut self.games, g, budget)?.to_string(),
                thermo::right_stop(&mut self.games, g, budget)?.to_string(),
                thermo::mean(&mut self.games, g, budget)?.to_string(),
                thermo::temperature(&mut self.games, g, budget)?.to_string(),
            ])
        })()
        .ok();
        let birthday = self.games.birthday(g);
        let tree = self.game_tree(g);
        Details { left, right, temperature, birthday, tree, moves: None }
    }

    /// The game tree of a small game (at most [`TREE_NODES`] nodes), numbers and nimbers as
    /// leaves, drawn with box-drawing characters.
    fn game_tree(&mut self, g: GameId) -> Option<String> {
        let style = self.style();
        let mut out = String::new();
        let mut nodes = 0;
        // (game, prefix for its children, label before it, is it the last child)
        let mut stack = vec![(g, String::new(), String::new(), true, true)];
        while let Some((x, prefix, label, last, root)) = stack.pop() {
            nodes += 1;
            if nodes > TREE_NODES {
                return None;
            }
            let shown = self.games.display(x, style);
            if root {
                out.push_str(&shown);
            } else {
                out.push_str(&format!("\n{prefix}{}{label}{shown}", if last { "└─ " } else { "├─ " }));
            }
            if self.games.as_number(x).is_some() || self.games.nim_value(x).is_some() || self.games.has_huge_options(x)
            {
                continue;
            }
            let child_prefix =
                if root { String::new() } else { format!("{prefix}{}", if last { "   " } else { "│  " }) };
            let mut children: Vec<(GameId, &str)> =
                self.games.left_options(x).into_iter().map(|c| (c, "L: ")).collect();
            children.extend(self.games.right_options(x).into_iter().map(|c| (c, "R: ")));
            let n = children.len();
            for (i, (c, side)) in children.into_iter().enumerate().rev() {
                stack.push((c, child_prefix.clone(), side.to_string(), i + 1 == n, false));
            }
        }
        Some(out)
    }
}

fn list_or_none(items: &[String]) -> String {
    if items.is_empty() { "none".to_string() } else { items.join(", ") }
}

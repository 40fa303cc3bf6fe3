//! The conformance suite: every ruleset row of the registry, on random small positions in its
//! own notation, against a plain oracle. A row with no generator here fails the suite, so a new
//! row is covered the day it is added.
//!
//! For a row that reads its positions (boards, strips, graphs, heaps of the position games),
//! the oracle is the definition of a game's value applied to the moves the position lists:
//! `{ values of Left's moves | values of Right's moves }`, recursively, memoised by notation.
//! That checks every fast path of the row (tables, reductions, symmetries, closed forms)
//! against the definition, and also:
//! - the misère outcome, by search over the positions (a player who cannot move wins), never
//!   from the normal-play value;
//! - `options(P)` lists exactly the moves, each readable back and of the value shown;
//! - the winning move `explain(P)` names for each player is one of its moves and wins (or, if
//!   it says there is none, no move wins).
//!
//! Every function row is held to its defining identity or a theorem about it, on random
//! games (`functions.rs`, `impartial.rs`).
//!
//! Heap games and the scoring and graph games have oracles written here from their rules
//! (octal codes digit by digit, subtraction sets, coin turning, deque, fair choices, games on
//! graphs), apart from the solvers they check.

use std::collections::HashMap;

use cgt_core::Budget;
use cgt_core::game::GameId;
use cgt_syntax::{ExprKind, StmtKind};
use cgt_testkit::Rng;

use crate::registry::AnyPosition;
use crate::session::{Config, Session};
use crate::value::{MoveList, Value};

mod budgets;
mod common;
mod foxgeese;
mod functions;
mod generators;
mod heaps;
mod impartial;
mod lab;
mod tables;
mod trees;

use common::{class, eval};
use generators::generator;

/// Random positions tried per row.
const POSITIONS: usize = 24;

/// The position a notation reads as, by its row's reader.
fn read(text: &str) -> Box<dyn AnyPosition> {
    let parsed = cgt_syntax::parse(text);
    let [stmt] = parsed.stmts.as_slice() else { panic!("{text}: one statement expected") };
    let StmtKind::Expr(e) = &stmt.kind else { panic!("{text}") };
    let r = match &e.node {
        ExprKind::Ruleset(r) => r.clone(),
        ExprKind::Boxes(w) => crate::rulesets::args::bare_boxes(w, &e.span),
        _ => panic!("{text} is not a position"),
    };
    let def = crate::rows::ruleset(&r.name.node).expect("a row");
    (def.position.expect("a position reader"))(&r).unwrap_or_else(|d| panic!("{text}: {}", d.message))
}

/// The plain oracle over a row's positions.
struct Oracle {
    values: HashMap<String, GameId>,
    misere: HashMap<(String, bool), bool>,
}

impl Oracle {
    /// The value of `p` by the definition, from its moves.
    fn value(&mut self, s: &mut Session, p: &dyn AnyPosition) -> GameId {
        let key = p.notation();
        if let Some(&g) = self.values.get(&key) {
            return g;
        }
        let left: Vec<GameId> = p.left().iter().map(|q| self.value(s, q.as_ref())).collect();
        let right: Vec<GameId> = p.right().iter().map(|q| self.value(s, q.as_ref())).collect();
        let g = s.games.from_options(&left, &right, &Budget::unlimited()).expect("no budget");
        self.values.insert(key, g);
        g
    }

    /// Whether the player to move (Left if `left`) wins `p` under misère play.
    fn misere_wins(&mut self, p: &dyn AnyPosition, left: bool) -> bool {
        let key = (p.notation(), left);
        if let Some(&w) = self.misere.get(&key) {
            return w;
        }
        let moves = if left { p.left() } else { p.right() };
        let w = moves.is_empty() || moves.iter().any(|q| !self.misere_wins(q.as_ref(), !left));
        self.misere.insert(key, w);
        w
    }
}

/// Every check of a row that reads its positions, on one position.
fn check_position(s: &mut Session, oracle: &mut Oracle, text: &str) {
    let p = read(text);
    let want = oracle.value(s, p.as_ref());
    let shown = s.games.display(want, Default::default());
    match eval(s, text) {
        Value::Game(g) => {
            let got = s.games.display(g, Default::default());
            assert_eq!(g, want, "{text}: evaluated {got}, the definition gives {shown}");
        }
        other => panic!("{text}: not a game but {other:?}"),
    }
    // Misère play, by search over the positions.
    let outcome = class(oracle.misere_wins(p.as_ref(), true), oracle.misere_wins(p.as_ref(), false));
    let got = eval(s, &format!("misere {text}"));
    assert_eq!(s.show(&got), outcome, "misere {text}");
    check_options(s, oracle, text, p.as_ref());
    check_winning_moves(s, oracle, text, p.as_ref());
}

/// `options(P)` lists exactly P's moves, each with the value of the position it reads back as.
fn check_options(s: &mut Session, oracle: &mut Oracle, text: &str, p: &dyn AnyPosition) {
    let Value::Moves(MoveList { left, right }) = eval(s, &format!("options({text})")) else {
        panic!("options({text}) lists no moves")
    };
    for (listed, moves) in [(left, p.left()), (right, p.right())] {
        let mut got: Vec<&str> = listed.iter().map(|(n, _)| n.as_str()).collect();
        let mut want: Vec<String> = moves.iter().map(|q| q.notation()).collect();
        got.sort_unstable();
        want.sort_unstable();
        assert_eq!(got, want, "options({text})");
        for (n, v) in &listed {
            let q = moves.iter().find(|q| q.notation() == *n).expect("listed above");
            let value = oracle.value(s, q.as_ref());
            let shown = s.games.display(value, Default::default());
            assert_eq!(v.as_deref(), Some(shown.as_str()), "options({text}): {n}");
            // What a move prints reads back as a game of that value.
            match eval(s, n) {
                Value::Game(g) => assert_eq!(g, value, "options({text}): {n} reads back as another game"),
                other => panic!("options({text}): {n} reads back as {other:?}"),
            }
        }
    }
}

/// The winning moves `explain(P)` names are moves of P that win.
fn check_winning_moves(s: &mut Session, oracle: &mut Oracle, text: &str, p: &dyn AnyPosition) {
    let Value::Text(explanation) = eval(s, &format!("explain({text})")) else { panic!("explain({text})") };
    for (who, moves, wins) in [("Left", p.left(), true), ("Right", p.right(), false)] {
        let values: Vec<(String, GameId)> = moves.iter().map(|q| (q.notation(), oracle.value(s, q.as_ref()))).collect();
        let zero = s.games.zero();
        let winning = |s: &mut Session, g: GameId| {
            let budget = Budget::unlimited();
            if wins { s.games.leq(zero, g, &budget).unwrap() } else { s.games.leq(g, zero, &budget).unwrap() }
        };
        let line = explanation
            .lines()
            .find(|l| l.starts_with(&format!("{who} wins moving first")) || l.starts_with(&format!("{who} has no")))
            .unwrap_or_else(|| panic!("explain({text}) names no move for {who}:\n{explanation}"));
        if line.starts_with(&format!("{who} has no")) {
            for (n, g) in values {
                assert!(!winning(s, g), "explain({text}): {who} has a winning move {n}:\n{explanation}");
            }
            continue;
        }
        let to = line.split(" → `").nth(1).and_then(|r| r.split('`').next()).expect("a move");
        let (_, g) = values
            .iter()
            .find(|(n, _)| n == to)
            .unwrap_or_else(|| panic!("explain({text}): {to} is not a move of {who}:\n{explanation}"));
        assert!(winning(s, *g), "explain({text}): {to} does not win for {who}");
    }
}

#[test]
fn every_ruleset_row_has_a_generator_and_meets_its_oracle() {
    let missing: Vec<&str> = crate::rulesets().iter().map(|r| r.name).filter(|n| generator(n).is_none()).collect();
    assert!(missing.is_empty(), "rows with no generator in the conformance suite: {missing:?}");
    let mut rng = Rng::new(0xc0f0_2026);
    for row in crate::rulesets() {
        let generate = generator(row.name).expect("checked above");
        let mut s = Session::new(Config::default());
        let mut oracle = Oracle { values: HashMap::new(), misere: HashMap::new() };
        let started = std::time::Instant::now();
        for _ in 0..POSITIONS {
            match generate(&mut rng) {
                generators::Case::Position(text) => check_position(&mut s, &mut oracle, &text),
                generators::Case::Heaps(case) => heaps::check(&mut s, &case),
                generators::Case::Scored(text, want) => {
                    let got = eval(&mut s, &text);
                    let shown = s.show(&got);
                    assert_eq!(shown, want, "{text}");
                }
            }
        }
        eprintln!("conformance: {} in {:.2} s", row.name, started.elapsed().as_secs_f64());
    }
}

#[test]
fn every_function_row_has_a_law_and_keeps_it() {
    let missing: Vec<&str> =
        crate::functions().iter().map(|f| f.name).filter(|n| functions::law(n).is_none()).collect();
    assert!(missing.is_empty(), "function rows with no law in the conformance suite: {missing:?}");
    for (i, row) in crate::functions().iter().enumerate() {
        let law = functions::law(row.name).expect("checked above");
        let mut lab = lab::Lab::new(Session::new(Config::default()), Rng::new(0xf0_2026 + i as u64), row.name);
        let started = std::time::Instant::now();
        for _ in 0..lab::TRIALS {
            law(&mut lab);
        }
        eprintln!("conformance: {}() in {:.2} s", row.name, started.elapsed().as_secs_f64());
    }
}

/// The time budget of the budget checks, and the slack allowed over it.
const BUDGET: std::time::Duration = std::time::Duration::from_millis(300);
const SLACK: std::time::Duration = std::time::Duration::from_millis(500);

#[test]
fn every_row_comes_back_within_its_budget() {
    let rows: Vec<&str> =
        crate::rulesets().iter().map(|r| r.name).chain(crate::functions().iter().map(|f| f.name)).collect();
    let missing: Vec<&&str> = rows.iter().filter(|n| budgets::large(n).is_none()).collect();
    assert!(missing.is_empty(), "rows with no large statement in the conformance suite: {missing:?}");
    let config = Config { time: BUDGET, memory: 256 << 20, threads: 1, ..Config::default() };
    let mut gave_up = 0;
    let statements = rows.iter().flat_map(|row| budgets::large(row).expect("checked above")).chain(budgets::REPORTED);
    for text in statements {
        {
            // A machine busy with other tests (or other jobs) stalls a run in wall time, so an
            // overrun is judged by the time this thread spent on the processor: a path that
            // ignores its budget overruns that too.
            let run = || {
                let (started, cpu) = (std::time::Instant::now(), thread_cpu());
                let reports = crate::evaluate(text, &config);
                (started.elapsed(), thread_cpu().zip(cpu).map(|(b, a)| b.saturating_sub(a)), reports)
            };
            let (took, cpu, reports) = run();
            let limit = BUDGET + SLACK;
            let busy = cpu.is_some_and(|c| c <= limit);
            assert!(
                took <= limit || busy,
                "{text}: {:.2} s ({:.2} s on the processor) on a budget of {:.2} s",
                took.as_secs_f64(),
                cpu.unwrap_or_default().as_secs_f64(),
                BUDGET.as_secs_f64()
            );
            let [report] = reports.as_slice() else { panic!("{text}: one statement") };
            for d in &report.diagnostics {
                assert!(d.code != cgt_syntax::Code::Internal, "{text}: {}", d.message);
            }
            gave_up += usize::from(report.gave_up());
            let note = if report.gave_up() {
                ", gave up"
            } else if report.diagnostics.iter().any(|d| d.severity == cgt_syntax::Severity::Error) {
                ", refused"
            } else {
                ""
            };
            eprintln!(
                "budget: {text}: {:.2} s ({:.2} s on the processor){note}",
                took.as_secs_f64(),
                cpu.unwrap_or_default().as_secs_f64()
            );
        }
    }
    eprintln!("budget: {gave_up} statements gave up");
}

/// The processor time of the calling thread so far (Linux: `/proc/thread-self/stat`, in clock
/// ticks of 10 ms), or None where that cannot be read.
fn thread_cpu() -> Option<std::time::Duration> {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").ok()?;
    // The fields after the command name (which is in parentheses and may hold spaces): utime
    // and stime are the 12th and 13th of them.
    let rest = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(std::time::Duration::from_millis(ticks * 10))
}

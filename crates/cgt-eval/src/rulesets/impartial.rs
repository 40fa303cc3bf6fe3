//! Impartial rulesets: Nim (and Moore's Nim_k), subtraction games and octal games; and the
//! functions on rules, `grundy(RULE, a..b)` and `period(RULE)`.

use num_bigint::BigUint;

use cgt_core::Budget;
use cgt_core::game::Outcome;
use cgt_rules::nim::{self, GrundyTable};
use cgt_rules::octal::OctalCode;
use cgt_rules::subtraction::SubtractionGame;
use cgt_rules::{moore, nim::HeapMove};
use cgt_syntax::{CallArg, Diagnostic, ExprKind, RuleArgKind, Ruleset, Setting, Span};

use super::partizan::heaps;
use super::{bad_setting, big_uint, setting, setting_arg, setting_list, u64_arg};
use crate::Session;
use crate::value::{EvalResult, Value, gave_up};

/// The largest Grundy table computed while looking for a period (the search stops earlier as
/// soon as periodicity is proven).
const TABLE_LIMIT: usize = 20_000_000;

/// A heap rule: what `grundy(RULE, a..b)` and `period(RULE)` are about.
#[derive(Clone, Debug)]
pub(crate) enum HeapRule {
    /// A subtraction game.
    Subtraction(SubtractionGame),
    /// An octal game.
    Octal(OctalCode),
}

impl HeapRule {
    fn key(&self) -> String {
        match self {
            HeapRule::Subtraction(s) => format!("stones{:?}", s.take_set()),
            HeapRule::Octal(c) => format!("octal{c}"),
        }
    }
}

impl Session {
    /// `nim[3, 4, 5]`, or Moore's Nim_k with `k=...`.
    pub(crate) fn nim(&mut self, r: &Ruleset, span: &Span) -> EvalResult<Value> {
        let example = "nim[3, 4, 5] k=2";
        let heaps: Vec<BigUint> = r
            .args
            .iter()
            .map(|a| big_uint(a, "a Nim heap is a non-negative whole number", example))
            .collect::<Result<_, _>>()?;
        let k = match setting(r, "k") {
            None => 1,
            Some(s) => setting_arg(s)
                .map(|a| u64_arg(a, "k is a whole number of at least 1", example))
                .transpose()?
                .filter(|&k| k >= 1)
                .ok_or_else(|| bad_setting(r, "k", example))?,
        };
        if k == 1 {
            if self.is_top(span)
                && let Some(m) = nim::winning_move(&heaps)
            {
                self.extras.push(("winning move".into(), show_moves(&[m])));
            }
            let sum = nim::nim_sum(&heaps);
            return Ok(match u64::try_from(&sum) {
                Ok(n) => Value::Game(self.games.nimber(n)),
                Err(_) => Value::BigNimber(sum),
            });
        }
        let p = moore::is_p_position(&heaps, k)
            .map_err(|e| Box::new(Diagnostic::error("setting", span.clone(), e.to_string())))?;
        if self.is_top(span)
            && let Ok(Some(moves)) = moore::winning_move(&heaps, k)
        {
            self.extras.push(("winning move".into(), show_moves(&moves)));
        }
        Ok(Value::Outcome(if p { Outcome::P } else { Outcome::N }))
    }

    /// `stones[22] take=[1, 2, 3]`.
    pub(crate) fn stones(&mut self, r: &Ruleset, span: &Span, budget: &Budget) -> EvalResult<Value> {
        let example = "stones[22] take=[1, 2, 3]";
        let rule = subtraction_rule(r, example)?;
        let heaps = heaps(&r.args, example)?;
        self.heap_sum(HeapRule::Subtraction(rule), &heaps, span, budget)
    }

    /// `octal[5, 7] code=0.137`, `kayles[...]`, `dawson[...]`.
    pub(crate) fn octal(&mut self, r: &Ruleset, span: &Span, budget: &Budget) -> EvalResult<Value> {
        let example = "octal[5, 7] code=0.137";
        let code = match r.name.node.as_str() {
            "kayles" => OctalCode::kayles(),
            "dawson" => OctalCode::dawson(),
            _ => octal_code(setting(r, "code"), r, example)?,
        };
        let heaps = heaps(&r.args, example)?;
        self.heap_sum(HeapRule::Octal(code), &heaps, span, budget)
    }

    /// The Grundy value of a sum of heaps of one rule, with a winning move as an extra.
    fn heap_sum(&mut self, rule: HeapRule, heaps: &[u64], span: &Span, budget: &Budget) -> EvalResult<Value> {
        let largest = heaps.iter().copied().max().unwrap_or(0);
        let table = self.grundy_table(&rule, largest, span, budget)?;
        let beyond = |e: nim::BeyondTable| {
            Box::new(
                Diagnostic::error("budget", span.clone(), format!("gave up: {e}"))
                    .warning()
                    .with_hint("the Grundy sequence has no period within the computed range; use smaller heaps"),
            )
        };
        let g = table.sum(heaps).map_err(beyond)?;
        if self.is_top(span) && g != 0 {
            let shown = match &rule {
                HeapRule::Subtraction(s) => s.winning_move(&table, heaps).ok().flatten().map(|m| {
                    format!(
                        "take {} from heap {} ({} -> {})",
                        m.take,
                        m.heap + 1,
                        heaps[m.heap],
                        heaps[m.heap] - m.take
                    )
                }),
                HeapRule::Octal(c) => c.winning_move(&table, heaps).ok().flatten().map(|m| {
                    let left: Vec<String> = m.leave.iter().map(u64::to_string).collect();
                    let left = if left.is_empty() { "nothing".to_string() } else { left.join(" + ") };
                    format!("take {} from heap {} ({} -> {left})", m.take, m.heap + 1, heaps[m.heap])
                }),
            };
            if let Some(m) = shown {
                self.extras.push(("winning move".into(), m));
            }
        }
        Ok(Value::Game(self.games.nimber(u64::from(g))))
    }

    /// The Grundy table of a rule covering heaps up to `largest` (or its period), cached.
    fn grundy_table(&mut self, rule: &HeapRule, largest: u64, span: &Span, budget: &Budget) -> EvalResult<GrundyTable> {
        let key = rule.key();
        if let Some(t) = self.tables.get(&key)
            && (t.period().is_some() || (t.values().len() as u64) > largest)
        {
            return Ok(t.clone());
        }
        let limit = usize::try_from(largest).map_or(TABLE_LIMIT, |l| l.saturating_add(1).clamp(1 << 12, TABLE_LIMIT));
        let table = match rule {
            HeapRule::Subtraction(s) => s.grundy_table(limit, budget),
            HeapRule::Octal(c) => c.grundy_table(limit, budget),
        }
        .map_err(|e| gave_up(e, span.clone(), budget))?;
        if self.tables.len() > 64 {
            self.tables.clear();
        }
        self.tables.insert(key, table.clone());
        Ok(table)
    }

    /// The rule named by a function argument: `kayles`, `dawson`, `octal code=0.137`,
    /// `stones take=[1, 2]`.
    pub(crate) fn heap_rule(&self, arg: &CallArg) -> EvalResult<HeapRule> {
        let example = "period(kayles), period(octal code=0.137) or period(stones take=[1, 2, 3])";
        let unknown = |s: &Span| {
            Box::new(
                Diagnostic::error("argument", s.clone(), "expected a heap rule")
                    .with_hint(format!("for example {example}")),
            )
        };
        match arg {
            CallArg::Expr(e) => match &e.node {
                ExprKind::Name(n) if n == "kayles" => Ok(HeapRule::Octal(OctalCode::kayles())),
                ExprKind::Name(n) if n == "dawson" => Ok(HeapRule::Octal(OctalCode::dawson())),
                _ => Err(unknown(&e.span)),
            },
            CallArg::Rule(name, settings) => {
                let r = Ruleset { name: name.clone(), args: Vec::new(), settings: settings.clone() };
                match name.node.as_str() {
                    "octal" => Ok(HeapRule::Octal(octal_code(setting(&r, "code"), &r, example)?)),
                    "stones" => Ok(HeapRule::Subtraction(subtraction_rule(&r, example)?)),
                    _ => Err(unknown(&name.span)),
                }
            }
            CallArg::Range(r) => Err(unknown(&r.span)),
        }
    }

    /// `grundy(RULE, a..b)`: the Grundy values of heaps a to b (both included).
    pub(crate) fn grundy_range(
        &mut self,
        rule: &HeapRule,
        a: u64,
        b: u64,
        span: &Span,
        budget: &Budget,
    ) -> EvalResult<Value> {
        if b < a || b - a > 100_000 {
            return Err(Box::new(
                Diagnostic::error(
                    "argument",
                    span.clone(),
                    format!("the range {a}..{b} is empty or longer than 100,000"),
                )
                .with_hint("ranges include both ends, e.g. grundy(kayles, 0..40)"),
            ));
        }
        let table = self.grundy_table(rule, b, span, budget)?;
        let values = (a..=b)
            .map(|n| table.try_value(u128::from(n)))
            .collect::<Result<Vec<u32>, _>>()
            .map_err(|e| Box::new(Diagnostic::error("budget", span.clone(), format!("gave up: {e}")).warning()))?;
        Ok(Value::Sequence(a, values))
    }

    /// `period(RULE)`: the pre-period and period of the rule's Grundy sequence.
    pub(crate) fn period_of(&mut self, rule: &HeapRule, span: &Span, budget: &Budget) -> EvalResult<Value> {
        let table = self.grundy_table(rule, TABLE_LIMIT as u64, span, budget)?;
        match table.period() {
            Some(p) => Ok(Value::Period(p.preperiod, p.period)),
            None => Err(Box::new(
                Diagnostic::error(
                    "budget",
                    span.clone(),
                    format!("gave up: no period found among the first {} values", table.values().len()),
                )
                .warning(),
            )),
        }
    }
}

/// The take set of `stones` (`take=[1, 2, 3]`).
fn subtraction_rule(r: &Ruleset, example: &str) -> EvalResult<SubtractionGame> {
    let list = setting(r, "take").and_then(setting_list).ok_or_else(|| bad_setting(r, "take", example))?;
    let take: Vec<u64> = list
        .iter()
        .map(|a| u64_arg(a, "take amounts are positive whole numbers", example))
        .collect::<Result<_, _>>()?;
    SubtractionGame::new(&take).map_err(|e| {
        let span = setting(r, "take").map_or(r.name.span.clone(), |s| s.key.span.clone());
        Box::new(Diagnostic::error("setting", span, e.to_string()).with_hint(format!("for example `{example}`")))
    })
}

/// The octal code of `code=0.137`.
fn octal_code(s: Option<&Setting>, r: &Ruleset, example: &str) -> EvalResult<OctalCode> {
    let arg = s.and_then(setting_arg).ok_or_else(|| bad_setting(r, "code", example))?;
    let text = match &arg.kind {
        RuleArgKind::Decimal(d) | RuleArgKind::Int(d) => d.clone(),
        _ => return Err(bad_setting(r, "code", example)),
    };
    OctalCode::parse(&text).map_err(|e| {
        Box::new(
            Diagnostic::error("setting", arg.span.clone(), format!("`{text}` is not an octal code: {e}"))
                .with_hint("octal codes look like 0.137: digits 0-7 after the point"),
        )
    })
}

/// Moves as `11 -> 7, 42 -> 21`.
fn show_moves(moves: &[HeapMove]) -> String {
    moves.iter().map(|m| format!("{} -> {}", m.from, m.to)).collect::<Vec<_>>().join(", ")
}

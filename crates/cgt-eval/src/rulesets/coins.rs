//! Coin-turning games: `turtles[...]`, `mock_turtles[...]` and `ruler[...]`, a row of coins
//! given by the positions of the heads, counted from 1; with `times=RULE` and heads written
//! `x`x`y` (`turtles[2x3] times=ruler`), the product of two rules (the Tartan theorem).

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};

use cgt_rules::coins::{CoinRule, CoinRun, Coins, Tartan};
use cgt_syntax::{Code, Diagnostic, RuleArgKind, Ruleset, Span};

use super::{bad_arg, big_uint, setting_arg};
use crate::context::{Computed, Ctx};
use crate::registry::{Returns, RulesetDef, SettingDef};
use crate::session::Session;
use crate::value::{EvalResult, Value, gave_up};

/// Positions after a winning move are shown when the move turns over at most this many coins.
const SHOWN_COINS: u64 = 64;

/// The `times` setting, shared by the three rows.
const TIMES: SettingDef = SettingDef {
    key: "times",
    doc: "the product with another coin rule (Tartan): heads are `x`x`y`, x for this rule and y for the other; a \
          move turns over the coins of a move of each rule, crossed: `turtles[2x3, 4x1] times=ruler`",
};

/// The row of `turtles`.
pub(crate) const TURTLES: RulesetDef = RulesetDef {
    name: "turtles",
    example: "turtles[2, 5, 6]",
    doc: "Turning Turtles: the positions of the heads, counted from 1; a move turns one coin heads to tails and \
          optionally one coin to its left (it is Nim: coin n is worth *n)",
    settings: &[TIMES],
    returns: Returns::Game,
    limits: "Heads at positions of any size, linear in the number of heads (coin n is worth *n); `times=` \
             products by nim multiplication of the two coordinates' values.",
    source: "theory/sprague-grundy.md; WW ch. 14 (coin-turning games, the Tartan theorem); LiP ch. 7.",
    eval: |s, r, span, ctx| eval(s, r, span, ctx, CoinRule::Turtles),
    heap_rule: None,
    position: None,
};

/// The row of `mock_turtles`.
pub(crate) const MOCK_TURTLES: RulesetDef = RulesetDef {
    name: "mock_turtles",
    example: "mock_turtles[1, 4, 6]",
    doc: "Mock Turtles: the positions of the heads, counted from 1; a move turns over one, two or three coins, the \
          rightmost heads to tails (coin n is worth the n-th odious number 1, 2, 4, 7, 8, 11, ...)",
    settings: &[TIMES],
    returns: Returns::Game,
    limits: "Heads at positions of any size, linear in the number of heads (the n-th odious number); `times=` \
             products by nim multiplication.",
    source: "theory/sprague-grundy.md; WW ch. 14 (Mock Turtles, the Tartan theorem); LiP ch. 7.",
    eval: |s, r, span, ctx| eval(s, r, span, ctx, CoinRule::MockTurtles),
    heap_rule: None,
    position: None,
};

/// The row of `ruler`.
pub(crate) const RULER: RulesetDef = RulesetDef {
    name: "ruler",
    example: "ruler[3, 4, 8]",
    doc: "Ruler: the positions of the heads, counted from 1; a move turns over any run of consecutive coins, the \
          rightmost heads to tails (coin n is worth the largest power of 2 dividing n)",
    settings: &[TIMES],
    returns: Returns::Game,
    limits: "Heads at positions of any size, linear in the number of heads (the largest power of 2 dividing \
             n); `times=` products by nim multiplication.",
    source: "theory/sprague-grundy.md; WW ch. 14 (Ruler, the Tartan theorem); LiP ch. 7.",
    eval: |s, r, span, ctx| eval(s, r, span, ctx, CoinRule::Ruler),
    heap_rule: None,
    position: None,
};

fn eval(s: &mut Session, r: &Ruleset, span: &Span, ctx: &Ctx, rule: CoinRule) -> EvalResult<Computed> {
    if let Some(times) = r.settings.iter().find(|s| s.key.node == "times") {
        let second = match setting_arg(times).map(|a| &a.kind) {
            Some(RuleArgKind::Word(w)) => rule_named(w),
            _ => None,
        };
        let Some(second) = second else {
            return Err(Box::new(
                Diagnostic::error(Code::Setting, times.key.span.clone(), "`times` needs a coin rule")
                    .with_hint("the coin rules are turtles, mock_turtles and ruler: `turtles[2x3] times=ruler`"),
            ));
        };
        return tartan(s, r, span, ctx, rule, second);
    }
    let what = "a heads coin is a position counted from 1";
    let heads: Vec<BigUint> = r.args.iter().map(|a| big_uint(a, what, example(rule))).collect::<Result<_, _>>()?;
    let coins = Coins::new(rule, heads.clone()).map_err(|e| coin_error(r, &heads, e))?;
    let mut out = Computed::plain(Value::Game(s.games.nimber_big(&coins.grundy())));
    if ctx.is_top(span)
        && let Some(runs) = coins.winning_move()
    {
        out = out.with_extra("winning move", show_move(&coins, &runs));
    }
    Ok(out)
}

/// The product of two coin rules: heads `x`x`y`.
fn tartan(
    s: &mut Session,
    r: &Ruleset,
    span: &Span,
    ctx: &Ctx,
    first: CoinRule,
    second: CoinRule,
) -> EvalResult<Computed> {
    let ex = format!("{}[2x3, 4x1] times={}", first.name(), second.name());
    let mut heads = Vec::new();
    for a in &r.args {
        let RuleArgKind::Dims(x, y) = &a.kind else {
            return Err(bad_arg(&a.span, "a heads coin of a product is `x`x`y`, both counted from 1", &ex));
        };
        let parse =
            |t: &str| BigUint::parse_bytes(t.as_bytes(), 10).ok_or_else(|| bad_arg(&a.span, "not a position", &ex));
        heads.push((parse(x)?, parse(y)?));
    }
    let plain: Vec<BigUint> = heads.iter().map(|(x, _)| x.clone()).collect();
    let t = Tartan::new(first, second, heads).map_err(|e| coin_error(r, &plain, e))?;
    let g = t.grundy(ctx.budget).map_err(|e| gave_up(e, span.clone(), ctx.budget))?;
    let mut out = Computed::plain(Value::Game(s.games.nimber_big(&g)));
    if ctx.is_top(span)
        && let Ok(Some(rects)) = t.winning_move(ctx.budget)
    {
        let shown: Vec<String> = rects.iter().map(|(a, b)| format!("{}x{}", show_run(a), show_run(b))).collect();
        out = out.with_extra("winning move", format!("turn over {}", shown.join(", ")));
    }
    Ok(out)
}

fn rule_named(name: &str) -> Option<CoinRule> {
    [CoinRule::Turtles, CoinRule::MockTurtles, CoinRule::Ruler].into_iter().find(|r| r.name() == name)
}

fn example(rule: CoinRule) -> &'static str {
    match rule {
        CoinRule::Turtles => TURTLES.example,
        CoinRule::MockTurtles => MOCK_TURTLES.example,
        CoinRule::Ruler => RULER.example,
    }
}

/// A bad position, marked at the coin that is 0 or named twice.
fn coin_error(r: &Ruleset, heads: &[BigUint], e: cgt_rules::coins::CoinError) -> Box<Diagnostic> {
    let at = match &e {
        cgt_rules::coins::CoinError::ZeroPosition => heads.iter().position(Zero::is_zero),
        cgt_rules::coins::CoinError::Repeated { .. } => {
            let mut seen = std::collections::HashSet::new();
            heads.iter().position(|h| !seen.insert(h))
        }
    };
    let span = at.and_then(|i| r.args.get(i)).map_or(r.name.span.clone(), |a| a.span.clone());
    Box::new(
        Diagnostic::error(Code::Argument, span, e.to_string())
            .with_hint("list each heads coin once, by its position counted from 1 (as CGSuite does)"),
    )
}

/// `3` or `3-6`.
fn show_run(run: &CoinRun) -> String {
    if run.first == run.last { run.first.to_string() } else { format!("{}-{}", run.first, run.last) }
}

/// `turn over 2 and 5 (mock_turtles[5] -> mock_turtles[2])`.
fn show_move(coins: &Coins, runs: &[CoinRun]) -> String {
    let shown: Vec<String> = runs.iter().map(show_run).collect();
    let turned = match shown.as_slice() {
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
        [] => String::new(),
    };
    let count = runs.iter().try_fold(0u64, |acc, r| acc.checked_add((&r.last - &r.first).to_u64()? + 1));
    if count.is_none_or(|c| c > SHOWN_COINS) {
        return format!("turn over {turned}");
    }
    let mut heads: Vec<BigUint> = coins.heads().to_vec();
    for run in runs {
        let mut n = run.first.clone();
        while n <= run.last {
            match heads.iter().position(|h| *h == n) {
                Some(i) => {
                    heads.remove(i);
                }
                None => heads.push(n.clone()),
            }
            n += 1u32;
        }
    }
    heads.sort();
    let after = Coins::new(coins.rule(), heads).map(|c| c.notation()).unwrap_or_default();
    format!("turn over {turned} ({} -> {after})", coins.notation())
}

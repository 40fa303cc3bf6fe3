//! Functions of impartial games and heap rules: `grundy(G)`, `grundy(RULE, a..b)` and
//! `period(RULE)`.

use num_bigint::BigInt;

use cgt_syntax::{CallArg, Code, Diagnostic};

use crate::args::Arg;
use crate::args::arity;
use crate::context::{Computed, Ctx};
use crate::registry::{Call, FunctionDef, Returns};
use crate::session::Session;
use crate::value::{EvalResult, Quantity, Value};

/// `grundy(G)` and `grundy(RULE, a..b)`.
pub(crate) const GRUNDY: FunctionDef = FunctionDef {
    name: "grundy",
    signature: "grundy(G), grundy(RULE, n) or grundy(RULE, a..b)",
    doc: "the Grundy value of an impartial game (a plain number), of a rule's heap n, or a rule's Grundy values \
          for heaps a to b (a list)",
    returns: Returns::Integer,
    aliases: &[],
    limits: "`grundy(G)` reads the nimber of G's value, so it costs what evaluating G costs (heap and board \
             rulesets as in their entries). `grundy(RULE, a..b)` reads the rule's table up to b, computed as \
             its ruleset computes it (periods proven where the theory allows); a range prints at most \
             100,000 values.",
    source: "theory/sprague-grundy.md and theory/periodicity.md; WW ch. 4; CGT IV.1-IV.2.",
    eval: grundy,
};

/// `period(RULE)`.
pub(crate) const PERIOD: FunctionDef = FunctionDef {
    name: "period",
    signature: "period(RULE)",
    doc: "the pre-period and period of a rule's Grundy sequence, proven",
    returns: Returns::Text,
    aliases: &[],
    limits: "Tables of growing size (at most 20,000,000 heaps) until the periodicity theorem proves the least \
             period and pre-period (`period(octal code=0.137)` in microseconds, BENCHMARKS.md \
             \"period-0.137\"). Codes with repeating digits have no such theorem: those whose values grow \
             are refused with the reason (`period(lasker)`), and Grundy's game gives up, with no period up \
             to heap 262,143 in the default budget of 10 s.",
    source: "theory/periodicity.md; WW ch. 4; CGT IV.2; R. K. Guy, C. A. B. Smith, \"The G-values of various \
             games\", Proc. Cambridge Philos. Soc. 52 (1956).",
    eval: |s, call, ctx| match call.args {
        [rule] => {
            let rule = s.argument_rule(rule)?;
            if let cgt_rules::heap::HeapRule::User(u) = &rule {
                return s.user_period(u, call.span, ctx.budget);
            }
            s.period_of(&rule, call.span, ctx.budget).map(Computed::from)
        }
        _ => Err(arity(call, "one rule")),
    },
};

fn grundy(s: &mut Session, call: &Call, ctx: &Ctx) -> EvalResult<Computed> {
    if let [rule, Arg::Syntax(CallArg::Range(r))] = call.args {
        let rule = s.argument_rule(rule)?;
        let end = |digits: &str| -> EvalResult<u64> {
            let n = crate::numbers::big(digits, &r.span)?;
            u64::try_from(&n).map_err(|_| {
                Box::new(Diagnostic::error(Code::Argument, r.span.clone(), "range ends must be below 2^64"))
            })
        };
        let (a, b) = (end(&r.node.0)?, end(&r.node.1)?);
        let list = s.grundy_range(&rule, a, b, call.span, ctx.budget)?;
        let mut out = Computed::plain(list);
        if s.config.pictures && ctx.is_top(call.span) {
            let title = ctx.src.get(call.span.clone()).unwrap_or("grundy");
            out.pictures.extend(plot(a, &out.value, title));
        }
        return Ok(out.with_extra("heaps", format!("{a} to {b}")));
    }
    if let [rule, n] = call.args
        && n.is_value()
    {
        // `grundy(RULE, n)`: one heap's value, read from the rule's table.
        let rule = s.argument_rule(rule)?;
        let n = s.arg_whole(n, ctx)?;
        let list = s.grundy_range(&rule, n, n, call.span, ctx.budget)?;
        return Ok(match list {
            Value::List(mut items) if items.len() == 1 => items.remove(0).into(),
            other => other.into(),
        });
    }
    let e = s.one_arg(call, "one impartial game, a rule and a heap, or a rule and a range")?;
    let value = s.arg_value(e, ctx)?;
    let nim = match &value {
        Value::Game(g) => s.games.nim_value_big(*g).map(BigInt::from),
        Value::Number(x) if x.is_zero() => Some(BigInt::default()),
        _ => None,
    };
    match nim {
        Some(n) => Ok(Value::Integer(n, Quantity::Grundy).into()),
        None => {
            let shown = s.show(&value);
            Err(Box::new(
                Diagnostic::error(Code::Type, call.span.clone(), format!("{shown} is not impartial"))
                    .with_hint("Grundy values are defined for impartial games (equal to a nimber *n)"),
            ))
        }
    }
}

/// The plot of a Grundy sequence from heap `first` (nothing if a value is too large to plot).
fn plot(first: u64, list: &Value, title: &str) -> Option<crate::Picture> {
    let Value::List(items) = list else { return None };
    let values = items
        .iter()
        .map(|v| match v {
            Value::Integer(n, _) => u64::try_from(n).ok(),
            _ => None,
        })
        .collect::<Option<Vec<u64>>>()?;
    Some(crate::Picture { kind: "plot", svg: crate::pictures::grundy_plot_svg(first, &values, title).into() })
}

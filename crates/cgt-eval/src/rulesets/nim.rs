//! Nim (heaps of any size, XOR) and Moore's Nim_k (`k=...`: a move takes from 1 to k heaps).

use num_bigint::BigUint;

use cgt_core::game::Outcome;
use cgt_rules::heap::HeapRule;
use cgt_rules::{moore, nim};
use cgt_syntax::{Code, Diagnostic, RuleArgKind, Ruleset, Span};

use super::{big_uint, setting_arg};
use crate::context::{Computed, Ctx};
use crate::registry::{Returns, RuleSpec, RulesetDef, SettingDef};
use crate::session::Session;
use crate::value::{EvalResult, Value};

/// The row of `nim`.
pub(crate) const ROW: RulesetDef = RulesetDef {
    name: "nim",
    example: "nim[3, 4, 5] k=2",
    doc: "Nim (heaps of any size), or Moore's Nim_k with k=...: a move takes from 1 to k heaps",
    settings: &[SettingDef { key: "k", doc: "how many heaps a move may take from, at least 1 (`k=1` is Nim)" }],
    returns: Returns::Game,
    limits: "Heaps of any size: the nim sum is XOR, and Moore's Nim_k is decided digit by digit with a \
             winning move built from the top digit, linear in the total number of digits (1000 heaps of 300 \
             digits in a few milliseconds, BENCHMARKS.md \"nim-big\" and \"moore\").",
    source: "theory/sprague-grundy.md and theory/rulesets.md (Moore's Nim); WW ch. 2 (Bouton) and ch. 15 \
             (Moore); CGT I.1; E. H. Moore, \"A generalization of the game called Nim\", Annals of Math. 11 \
             (1910).",
    eval,
    heap_rule: Some(heap_rule),
    position: None,
};

fn eval(s: &mut Session, r: &Ruleset, span: &Span, ctx: &Ctx) -> EvalResult<Computed> {
    let heaps: Vec<BigUint> = r
        .args
        .iter()
        .map(|a| big_uint(a, "a Nim heap is a non-negative whole number", ROW.example))
        .collect::<Result<_, _>>()?;
    let k = read_k(r)?;
    if k == 1 {
        let sum = nim::nim_sum(&heaps);
        let mut out = Computed::plain(Value::Game(s.games.nimber_big(&sum)));
        if ctx.is_top(span)
            && let Some(m) = nim::winning_move(&heaps)
        {
            out = out.with_extra("winning move", show_moves(&[m]));
        }
        return Ok(out);
    }
    let p = moore::is_p_position(&heaps, k)
        .map_err(|e| Box::new(Diagnostic::error(Code::Setting, span.clone(), e.to_string())))?;
    let mut out = Computed::plain(Value::Outcome(if p { Outcome::P } else { Outcome::N }));
    if ctx.is_top(span)
        && let Ok(Some(moves)) = moore::winning_move(&heaps, k)
    {
        out = out.with_extra("winning move", show_moves(&moves));
    }
    Ok(out)
}

/// `k=...`: a whole number of at least 1 (1 when absent).
fn read_k(r: &Ruleset) -> EvalResult<u64> {
    let Some(s) = r.settings.iter().find(|s| s.key.node == "k") else {
        return Ok(1);
    };
    let bad = |span: &Span, msg: String| {
        Box::new(
            Diagnostic::error(Code::Setting, span.clone(), msg)
                .with_hint("k is how many heaps a move may take from: `nim[3, 4, 5] k=2`; k=1 is ordinary Nim"),
        )
    };
    let Some(arg) = setting_arg(s) else {
        return Err(bad(&s.key.span, "`k` needs a whole number: `k=2`".into()));
    };
    match &arg.kind {
        RuleArgKind::Int(t) => match t.parse::<u64>() {
            Ok(0) => Err(bad(&arg.span, "k must be at least 1".into())),
            Ok(k) => Ok(k),
            Err(_) if t.starts_with('-') => Err(bad(&arg.span, "k must be at least 1".into())),
            Err(_) => Err(bad(&arg.span, format!("k = {t} is too large (below 2^64)"))),
        },
        _ => Err(bad(&arg.span, "`k` needs a whole number: `k=2`".into())),
    }
}

/// Nim as a heap rule: only plain Nim (`k=1`) is a sum of heaps.
fn heap_rule(spec: &RuleSpec) -> EvalResult<HeapRule> {
    if let Some(k) = spec.setting("k")
        && setting_arg(k).is_none_or(|a| !matches!(&a.kind, RuleArgKind::Int(t) if t == "1"))
    {
        return Err(Box::new(
            Diagnostic::error(Code::Argument, k.key.span.clone(), "Moore's Nim_k is not a sum of independent heaps")
                .with_hint("misère play, compounds and Grundy sequences take plain Nim heaps: `nim[3]`"),
        ));
    }
    Ok(HeapRule::Nim)
}

/// Moves as `11 -> 7, 42 -> 21`.
fn show_moves(moves: &[nim::HeapMove]) -> String {
    moves.iter().map(|m| format!("{} -> {}", m.from, m.to)).collect::<Vec<_>>().join(", ")
}

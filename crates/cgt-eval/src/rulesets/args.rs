//! Reading the arguments and settings of ruleset positions, shared by the rulesets.

use num_bigint::BigUint;

use cgt_syntax::{Code, Diagnostic, RuleArg, RuleArgKind, Ruleset, Setting, SettingValue, Span, Spanned};

use crate::value::EvalResult;

/// The words of the arguments (dotted words split into their parts).
pub(crate) fn words(args: &[RuleArg], what: &str, example: &str) -> EvalResult<Vec<Spanned<String>>> {
    let mut out = Vec::new();
    for a in args {
        match &a.kind {
            RuleArgKind::Word(w) => out.push(Spanned::new(w.clone(), a.span.clone())),
            RuleArgKind::Dotted(ws) => out.extend(ws.iter().cloned()),
            _ => return Err(bad_arg(&a.span, what, example)),
        }
    }
    Ok(out)
}

/// An error for an argument of the wrong form.
pub(crate) fn bad_arg(span: &Span, what: &str, example: &str) -> Box<Diagnostic> {
    Box::new(
        Diagnostic::error(Code::Argument, span.clone(), what.to_string()).with_hint(format!("for example `{example}`")),
    )
}

/// A non-negative integer argument of any size.
pub(crate) fn big_uint(a: &RuleArg, what: &str, example: &str) -> EvalResult<BigUint> {
    match &a.kind {
        RuleArgKind::Int(s) if !s.starts_with('-') => {
            BigUint::parse_bytes(s.as_bytes(), 10).ok_or_else(|| bad_arg(&a.span, what, example))
        }
        _ => Err(bad_arg(&a.span, what, example)),
    }
}

/// A non-negative integer argument that fits in 64 bits.
pub(crate) fn u64_arg(a: &RuleArg, what: &str, example: &str) -> EvalResult<u64> {
    let n = big_uint(a, what, example)?;
    u64::try_from(&n).map_err(|_| {
        Box::new(
            Diagnostic::error(Code::Argument, a.span.clone(), format!("{n} is too large here"))
                .with_hint("this ruleset takes numbers below 2^64"),
        )
    })
}

/// A signed integer argument that fits in 64 bits.
pub(crate) fn i64_arg(a: &RuleArg, what: &str, example: &str) -> EvalResult<i64> {
    match &a.kind {
        RuleArgKind::Int(s) => s.parse::<i64>().map_err(|_| {
            Box::new(
                Diagnostic::error(Code::Argument, a.span.clone(), format!("{s} does not fit in 64 bits"))
                    .with_hint("values between -2^63 and 2^63 are accepted"),
            )
        }),
        _ => Err(bad_arg(&a.span, what, example)),
    }
}

/// The arguments of a list setting (`take=[1, 2, 3]`; a single value counts as a list of one).
pub(crate) fn setting_list(s: &Setting) -> Option<&[RuleArg]> {
    match &s.value {
        Some(SettingValue::List(l)) => Some(&l.node),
        Some(SettingValue::Arg(a)) => Some(std::slice::from_ref(a)),
        None => None,
    }
}

/// The single argument of a setting (`k=3`).
pub(crate) fn setting_arg(s: &Setting) -> Option<&RuleArg> {
    match &s.value {
        Some(SettingValue::Arg(a)) => Some(a),
        _ => None,
    }
}

/// Reads a heap list of `u64` values (shared by the impartial rulesets).
pub(crate) fn heaps(args: &[RuleArg], example: &str) -> EvalResult<Vec<u64>> {
    args.iter().map(|a| u64_arg(a, "a heap is a non-negative whole number", example)).collect()
}

/// Bare box words `WBBW.BW` as the position `boxes[WBBW.BW]`.
pub(crate) fn bare_boxes(words: &[Spanned<String>], span: &Span) -> Ruleset {
    Ruleset {
        name: Spanned::new("boxes".to_string(), span.start..span.start),
        args: vec![RuleArg { kind: RuleArgKind::Dotted(words.to_vec()), span: span.clone() }],
        settings: Vec::new(),
    }
}

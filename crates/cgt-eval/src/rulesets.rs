//! Ruleset positions (`boxes[...]`, bare box words, `toppling[...]`, `nim[...]`, ...) to values:
//! the table of rulesets, dispatch, and reading the arguments and settings of a position.

mod contest;
mod impartial;
pub(crate) mod partizan;

use num_bigint::BigUint;

use cgt_core::Budget;
use cgt_syntax::{Diagnostic, RuleArg, RuleArgKind, Ruleset, Setting, SettingValue, Span, Spanned};

use crate::Session;
use crate::names::suggest;
use crate::value::{EvalResult, Value};

/// Every ruleset of the language with its notation and a one-line description.
pub const RULESETS: &[(&str, &str, &str)] = &[
    ("boxes", "boxes[WBBW, BW, BGW]", "Black-and-White boxes (Hackenbush strings), piles bottom to top; G is green"),
    ("tree", "tree[B(R, B(B)), R]", "Blue-Red(-Green) Hackenbush on rooted trees"),
    ("toppling", "toppling[BWWB]", "Toppling Dominoes"),
    ("domineering", "domineering[3x4]", "Domineering: Left places vertical, Right horizontal dominoes"),
    ("nim", "nim[3, 4, 5] k=1", "Nim, or Moore's Nim_k with k=..."),
    ("stones", "stones[22] take=[1, 2, 3]", "a subtraction game"),
    ("octal", "octal[5, 7] code=0.137", "an octal game"),
    ("kayles", "kayles[n, ...]", "Kayles, the octal game 0.77"),
    ("dawson", "dawson[n, ...]", "Dawson's Kayles, the octal game 0.07"),
    ("deque", "deque[10, 80, 90, 30]", "take from either end, scoring"),
    ("graph", "graph[1->2, 2->1] from=1", "a token on a graph, with draws"),
    ("fair", "fair[B, W, WB, WB]", "the largest fair choice of box piles"),
];

/// Whether `name` is a ruleset of the language.
pub(crate) fn is_known(name: &str) -> bool {
    RULESETS.iter().any(|r| r.0 == name)
}

/// The settings each ruleset accepts.
fn allowed_settings(name: &str) -> &'static [&'static str] {
    match name {
        "nim" => &["k"],
        "stones" => &["take"],
        "octal" => &["code"],
        "graph" => &["from", "values", "stop"],
        _ => &[],
    }
}

impl Session {
    /// Evaluates a ruleset position.
    pub(crate) fn ruleset(&mut self, r: &Ruleset, span: &Span, budget: &Budget) -> EvalResult<Value> {
        if !is_known(&r.name.node) {
            let mut d = Diagnostic::error("name", r.name.span.clone(), format!("unknown ruleset `{}`", r.name.node));
            if let Some(s) = suggest(&r.name.node, RULESETS.iter().map(|x| x.0)) {
                d = d.with_hint(format!("did you mean `{s}[...]`?"));
            }
            return Err(Box::new(d));
        }
        let allowed = allowed_settings(&r.name.node);
        if let Some(s) = r.settings.iter().find(|s| !allowed.contains(&s.key.node.as_str())) {
            let mut d = Diagnostic::error(
                "setting",
                s.key.span.clone(),
                format!("`{}` has no setting `{}`", r.name.node, s.key.node),
            );
            if !allowed.is_empty() {
                d = d.with_hint(format!("its settings are {}", allowed.join(", ")));
            }
            return Err(Box::new(d));
        }
        match r.name.node.as_str() {
            "boxes" => {
                let words = words(&r.args, "a box pile is a word of B, W and G", "boxes[WBBW, BW, BGW]")?;
                self.box_words(&words, span, budget)
            }
            "tree" => self.tree(r, span, budget),
            "toppling" => self.toppling(r, span, budget),
            "domineering" => self.domineering(r, span, budget),
            "nim" => self.nim(r, span),
            "stones" => self.stones(r, span, budget),
            "octal" | "kayles" | "dawson" => self.octal(r, span, budget),
            "deque" => self.deque(r, span, budget),
            "graph" => self.graph(r, span, budget),
            _ => self.fair(r, span, budget),
        }
    }
}

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
        Diagnostic::error("argument", span.clone(), what.to_string()).with_hint(format!("for example `{example}`")),
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
            Diagnostic::error("argument", a.span.clone(), format!("{n} is too large here"))
                .with_hint("this ruleset takes numbers below 2^64"),
        )
    })
}

/// A signed integer argument that fits in 64 bits.
pub(crate) fn i64_arg(a: &RuleArg, what: &str, example: &str) -> EvalResult<i64> {
    match &a.kind {
        RuleArgKind::Int(s) => s.parse::<i64>().map_err(|_| {
            Box::new(
                Diagnostic::error("argument", a.span.clone(), format!("{s} does not fit in 64 bits"))
                    .with_hint("values between -2^63 and 2^63 are accepted"),
            )
        }),
        _ => Err(bad_arg(&a.span, what, example)),
    }
}

/// The setting named `key`, if given.
pub(crate) fn setting<'a>(r: &'a Ruleset, key: &str) -> Option<&'a Setting> {
    r.settings.iter().find(|s| s.key.node == key)
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

/// An error for a missing or malformed setting.
pub(crate) fn bad_setting(r: &Ruleset, key: &str, example: &str) -> Box<Diagnostic> {
    let span = setting(r, key).map_or(r.name.span.clone(), |s| s.key.span.clone());
    Box::new(
        Diagnostic::error("setting", span, format!("`{}` needs `{key}=...`", r.name.node))
            .with_hint(format!("for example `{example}`")),
    )
}

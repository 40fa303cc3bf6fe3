//! The compounds of impartial heap games as functions: `diminished`, `selective`,
//! `shortened`, `conjunctive` and `continued` (normal play; `misere` before the call for
//! misère play).

use cgt_rules::compounds::{Compound, Convention};

use crate::Session;
use crate::context::{Computed, Ctx};
use crate::registry::{Call, FunctionDef, Returns};
use crate::value::EvalResult;

/// Evaluates a compound under normal play.
fn normal(s: &mut Session, call: &Call, ctx: &Ctx, c: Compound) -> EvalResult<Computed> {
    s.compound(c, Convention::Normal, call, ctx)
}

/// `diminished(G, H, ...)`.
pub(crate) const DIMINISHED: FunctionDef = FunctionDef {
    name: "diminished",
    signature: "diminished(G, H, ...)",
    doc: "the diminished disjunctive compound: move in one component; play ends when any component has no move",
    returns: Returns::Outcome,
    aliases: &[],
    eval: |s, call, ctx| normal(s, call, ctx, Compound::Diminished),
};

/// `selective(G, H, ...)`.
pub(crate) const SELECTIVE: FunctionDef = FunctionDef {
    name: "selective",
    signature: "selective(G, H, ...)",
    doc: "the selective compound: move in any non-empty set of components",
    returns: Returns::Outcome,
    aliases: &[],
    eval: |s, call, ctx| normal(s, call, ctx, Compound::Selective),
};

/// `shortened(G, H, ...)`.
pub(crate) const SHORTENED: FunctionDef = FunctionDef {
    name: "shortened",
    signature: "shortened(G, H, ...)",
    doc: "the shortened selective compound: selective, ending as soon as any component ends",
    returns: Returns::Outcome,
    aliases: &[],
    eval: |s, call, ctx| normal(s, call, ctx, Compound::Shortened),
};

/// `conjunctive(G, H, ...)`.
pub(crate) const CONJUNCTIVE: FunctionDef = FunctionDef {
    name: "conjunctive",
    signature: "conjunctive(G, H, ...)",
    doc: "the conjunctive compound: move in every component; ends when any component ends (remoteness)",
    returns: Returns::Outcome,
    aliases: &[],
    eval: |s, call, ctx| normal(s, call, ctx, Compound::Conjunctive),
};

/// `continued(G, H, ...)`.
pub(crate) const CONTINUED: FunctionDef = FunctionDef {
    name: "continued",
    signature: "continued(G, H, ...)",
    doc: "the continued conjunctive compound: move in every component that can; ends when none can (suspense)",
    returns: Returns::Outcome,
    aliases: &[],
    eval: |s, call, ctx| normal(s, call, ctx, Compound::Continued),
};

/// The compound a function computes, if it is one (for `misere f(...)`).
pub(crate) fn compound_of(name: &str) -> Option<Compound> {
    [
        (DIMINISHED.name, Compound::Diminished),
        (SELECTIVE.name, Compound::Selective),
        (SHORTENED.name, Compound::Shortened),
        (CONJUNCTIVE.name, Compound::Conjunctive),
        (CONTINUED.name, Compound::Continued),
    ]
    .into_iter()
    .find(|(n, _)| *n == name)
    .map(|(_, c)| c)
}

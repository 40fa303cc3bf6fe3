//! The compounds of impartial heap games as functions: `diminished`, `selective`,
//! `shortened`, `conjunctive` and `continued` (normal play; `misere` before the call for
//! misère play). `selective` and `conjunctive` also take any two short games: when an
//! argument is not a heap game, the compound is computed by its definition on the canonical
//! forms (`cgt_core::operators`) and the result is a game.

use cgt_core::operators;
use cgt_rules::compounds::{Compound, Convention};

use super::cooling::{Binary, binary};
use crate::context::{Computed, Ctx};
use crate::registry::{Call, FunctionDef, Returns};
use crate::session::Session;
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
    limits: "Heap components from their Grundy tables (closed forms for Nim, O(heap x moves) for heaps that \
             never split); splitting heaps by memoised search of at most 2,000,000 positions.",
    source: "theory/rulesets.md (Compounds of impartial games); WW ch. 9 and 14.",
    eval: |s, call, ctx| normal(s, call, ctx, Compound::Diminished),
};

/// Evaluates a compound that also takes any two short games: by the heap rules when every
/// argument is a heap game (an outcome), by `general` on two games (a game), and with more
/// components by the rules for impartial games (an outcome; an error for partizan ones).
fn heaps_or_games(s: &mut Session, call: &Call, ctx: &Ctx, c: Compound, general: Binary) -> EvalResult<Computed> {
    if s.heap_arguments(call) || call.args.len() != 2 {
        return normal(s, call, ctx, c);
    }
    binary(s, call, ctx, general)
}

/// `selective(G, H, ...)`.
pub(crate) const SELECTIVE: FunctionDef = FunctionDef {
    name: "selective",
    signature: "selective(G, H, ...)",
    doc: "the selective compound: move in any non-empty set of components. Heap games give the outcome; \
          any two short games G, H give the game, by the definition recursively (`selective(*5, *6) == *11`; \
          CGSuite's SelectiveSum stops one level deep and gives *8)",
    returns: Returns::Outcome,
    aliases: &[],
    limits: "Heap components from their Grundy values, as `diminished`; two short games by the definition \
             recursively over their canonical forms, which grows fast with their birthdays.",
    source: "theory/rulesets.md (Compounds of impartial games); WW ch. 9 and 14.",
    eval: |s, call, ctx| heaps_or_games(s, call, ctx, Compound::Selective, operators::selective),
};

/// `shortened(G, H, ...)`.
pub(crate) const SHORTENED: FunctionDef = FunctionDef {
    name: "shortened",
    signature: "shortened(G, H, ...)",
    doc: "the shortened selective compound: selective, ending as soon as any component ends",
    returns: Returns::Outcome,
    aliases: &[],
    limits: "Heap components from their Grundy tables, as `diminished`; splitting heaps by memoised search of \
             at most 2,000,000 positions.",
    source: "theory/rulesets.md (Compounds of impartial games); WW ch. 9 and 14.",
    eval: |s, call, ctx| normal(s, call, ctx, Compound::Shortened),
};

/// `conjunctive(G, H, ...)`.
pub(crate) const CONJUNCTIVE: FunctionDef = FunctionDef {
    name: "conjunctive",
    signature: "conjunctive(G, H, ...)",
    doc: "the conjunctive compound: move in every component; ends when any component ends. Heap games \
          give the outcome (by remoteness); any two short games G, H give the game, from their canonical \
          forms (`conjunctive(+-1, ^^) == {0|-1}`)",
    returns: Returns::Outcome,
    aliases: &[],
    limits: "Heap components by remoteness, linear in the heaps (heaps of 100,000 in about a millisecond, \
             BENCHMARKS.md \"compounds\"); two short games by the definition over their canonical forms.",
    source: "theory/rulesets.md (Compounds of impartial games); WW ch. 9 (remoteness, Steinhaus).",
    eval: |s, call, ctx| heaps_or_games(s, call, ctx, Compound::Conjunctive, operators::conjunctive),
};

/// `continued(G, H, ...)`.
pub(crate) const CONTINUED: FunctionDef = FunctionDef {
    name: "continued",
    signature: "continued(G, H, ...)",
    doc: "the continued conjunctive compound: move in every component that can; ends when none can (suspense)",
    returns: Returns::Outcome,
    aliases: &[],
    limits: "Heap components by suspense, linear in the heaps (heaps of 100,000 in about a millisecond, \
             BENCHMARKS.md \"compounds\").",
    source: "theory/rulesets.md (Compounds of impartial games); WW ch. 9 (suspense).",
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

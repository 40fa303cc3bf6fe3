//! The sides of loopy games: `onside(G)` and `offside(G)` (Siegel *CGT* ch. VI.4-5; WW ch. 11).

use cgt_core::loopy::sides::Side;

use crate::registry::{FunctionDef, Returns};

/// `onside(G)`.
pub(crate) const ONSIDE: FunctionDef = FunctionDef {
    name: "onside",
    signature: "onside(G)",
    doc: "the onside of a loopy game: the stopper it equals when every infinite play is a win for Left (onside(dud) = on); a stopper is its own onside",
    returns: Returns::Game,
    aliases: &[],
    limits: "Loopy graphs of positions: edges on alternating cycles are deleted one at a time while the side \
             stays equal, each deletion decided by a Büchi game on pairs of positions, so the cost grows \
             polynomially with the graph.",
    source: "theory/stoppers.md; CGT VI.4-VI.5 (sides); WW ch. 11; J. H. Conway, \"Loopy games\", Annals of \
             Discrete Math. 3 (1978).",
    eval: |s, call, ctx| s.side_call(call, ctx, Side::On).map(Into::into),
};

/// `offside(G)`.
pub(crate) const OFFSIDE: FunctionDef = FunctionDef {
    name: "offside",
    signature: "offside(G)",
    doc: "the offside of a loopy game: the stopper it equals when every infinite play is a win for Right (offside(dud) = off); a stopper is its own offside",
    returns: Returns::Game,
    aliases: &[],
    limits: "Loopy graphs of positions: edges on alternating cycles are deleted one at a time while the side \
             stays equal, each deletion decided by a Büchi game on pairs of positions, so the cost grows \
             polynomially with the graph.",
    source: "theory/stoppers.md; CGT VI.4-VI.5 (sides); WW ch. 11; J. H. Conway, \"Loopy games\", Annals of \
             Discrete Math. 3 (1978).",
    eval: |s, call, ctx| s.side_call(call, ctx, Side::Off).map(Into::into),
};

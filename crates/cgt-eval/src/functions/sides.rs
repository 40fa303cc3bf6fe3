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
    eval: |s, call, ctx| s.side_call(call, ctx, Side::On).map(Into::into),
};

/// `offside(G)`.
pub(crate) const OFFSIDE: FunctionDef = FunctionDef {
    name: "offside",
    signature: "offside(G)",
    doc: "the offside of a loopy game: the stopper it equals when every infinite play is a win for Right (offside(dud) = off); a stopper is its own offside",
    returns: Returns::Game,
    aliases: &[],
    eval: |s, call, ctx| s.side_call(call, ctx, Side::Off).map(Into::into),
};

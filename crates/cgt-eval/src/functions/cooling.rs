//! Cooling and its relatives (CGT II.5-II.6; WW ch. 6): `cool`, `heat`, `overheat`, `freeze`,
//! `rcf` and the incentives, each a thin call of `cgt_core::operators`.

use cgt_core::Budget;
use cgt_core::game::{GameId, Games};
use cgt_core::operators::{self, OpResult};

use crate::args::op_error;
use crate::context::{Computed, Ctx};
use crate::registry::{Call, FunctionDef, Returns};
use crate::session::Session;
use crate::value::{EvalResult, Value};

/// An operator of one game.
pub(crate) type Unary = fn(&mut Games, GameId, &Budget) -> OpResult<GameId>;
/// An operator of two games.
pub(crate) type Binary = fn(&mut Games, GameId, GameId, &Budget) -> OpResult<GameId>;

/// Evaluates `f(G)`.
pub(crate) fn unary(s: &mut Session, call: &Call, ctx: &Ctx, f: Unary) -> EvalResult<Computed> {
    let g = s.game_arg(call, ctx)?;
    let r = f(&mut s.games, g, ctx.budget).map_err(|e| op_error(e, call.span, ctx.budget))?;
    Ok(Value::Game(r).into())
}

/// Evaluates `f(G, H)`.
pub(crate) fn binary(s: &mut Session, call: &Call, ctx: &Ctx, f: Binary) -> EvalResult<Computed> {
    let [g, h] = s.game_args(call, "two games", ctx)?;
    let r = f(&mut s.games, g, h, ctx.budget).map_err(|e| op_error(e, call.span, ctx.budget))?;
    Ok(Value::Game(r).into())
}

/// `cool(G, t)`.
pub(crate) const COOL: FunctionDef = FunctionDef {
    name: "cool",
    signature: "cool(G, t)",
    doc: "G cooled by the number t > -1 (CGSuite's `G.Cool(t)`): `cool({3|-2}, 1) == {2|-1}`",
    returns: Returns::Game,
    aliases: &[],
    limits: "One pass over the canonical form's options, with the temperature and mean from the thermograph; \
             polynomial in the form.",
    source: "theory/temperature.md (cooling); CGT II.5; WW ch. 6; LiP ch. 6.",
    eval: |s, call, ctx| binary(s, call, ctx, operators::cool),
};

/// `heat(G, t)`.
pub(crate) const HEAT: FunctionDef = FunctionDef {
    name: "heat",
    signature: "heat(G, t)",
    doc: "G heated by the game t, from G's canonical form (CGSuite's `G.Heat(t)`): `heat(*, 2) == +-2`",
    returns: Returns::Game,
    aliases: &[],
    limits: "One pass over the canonical form's options; the result's form grows with t's.",
    source: "theory/temperature.md (heating and overheating); CGT II.5; WW ch. 6.",
    eval: |s, call, ctx| binary(s, call, ctx, operators::heat),
};

/// `overheat(G, s, t)`.
pub(crate) const OVERHEAT: FunctionDef = FunctionDef {
    name: "overheat",
    signature: "overheat(G, s, t)",
    doc: "G overheated from s to t, from G's canonical form (CGSuite's `G.Overheat(s, t)`)",
    returns: Returns::Game,
    aliases: &[],
    limits: "One pass over the canonical form's options; the result's form grows with s and t.",
    source: "theory/temperature.md (heating and overheating); WW ch. 6 (Berlekamp's overheating); CGT II.5.",
    eval: |s, call, ctx| {
        let [g, from, to] = s.game_args(call, "three games: G, s and t", ctx)?;
        let r = operators::overheat(&mut s.games, g, from, to, ctx.budget)
            .map_err(|e| op_error(e, call.span, ctx.budget))?;
        Ok(Value::Game(r).into())
    },
};

/// `freeze(G)`.
pub(crate) const FREEZE: FunctionDef = FunctionDef {
    name: "freeze",
    signature: "freeze(G)",
    doc: "G frozen: cooled by its own temperature (CGSuite's `G.Freeze`)",
    returns: Returns::Game,
    aliases: &[],
    limits: "The temperature from the thermograph, then one cooling: polynomial in the canonical form.",
    source: "theory/temperature.md; CGT II.5; WW ch. 6.",
    eval: |s, call, ctx| unary(s, call, ctx, operators::freeze),
};

/// `rcf(G)`.
pub(crate) const RCF: FunctionDef = FunctionDef {
    name: "rcf",
    signature: "rcf(G)",
    doc: "the reduced canonical form of G: the simplest game infinitesimally close to G: `rcf({1|0} + ^) == {1|0}`",
    returns: Returns::Game,
    aliases: &[],
    limits: "Bottom up over the canonical form, comparing options modulo infinitesimals by their stops: \
             polynomial in the form.",
    source: "CGT II.6 (reduced canonical form); D. Calistrate, \"The reduced canonical form of a game\", \
             Games of No Chance (1996); J. P. Grossman, A. N. Siegel, \"Reductions of partizan games\", \
             Games of No Chance 3 (2009).",
    eval: |s, call, ctx| unary(s, call, ctx, operators::rcf),
};

/// `leftincentives(G)`.
pub(crate) const LEFTINCENTIVES: FunctionDef = FunctionDef {
    name: "leftincentives",
    signature: "leftincentives(G)",
    doc: "Left's incentives G^L - G, one per option of G's canonical form (a list of games)",
    returns: Returns::List,
    aliases: &[],
    limits: "One difference per Left option of the canonical form (each a sum and a canonical form).",
    source: "theory/temperature.md; WW ch. 6 (incentives); CGT II.3.",
    eval: |s, call, ctx| incentives(s, call, ctx, operators::left_incentives),
};

/// `rightincentives(G)`.
pub(crate) const RIGHTINCENTIVES: FunctionDef = FunctionDef {
    name: "rightincentives",
    signature: "rightincentives(G)",
    doc: "Right's incentives G - G^R, one per option of G's canonical form (a list of games)",
    returns: Returns::List,
    aliases: &[],
    limits: "One difference per Right option of the canonical form (each a sum and a canonical form).",
    source: "theory/temperature.md; WW ch. 6 (incentives); CGT II.3.",
    eval: |s, call, ctx| incentives(s, call, ctx, operators::right_incentives),
};

/// The incentives of one player, as a list of games.
type Incentives = fn(&mut Games, GameId, &Budget) -> OpResult<Vec<GameId>>;

fn incentives(s: &mut Session, call: &Call, ctx: &Ctx, f: Incentives) -> EvalResult<Computed> {
    let g = s.game_arg(call, ctx)?;
    let list = f(&mut s.games, g, ctx.budget).map_err(|e| op_error(e, call.span, ctx.budget))?;
    Ok(Value::List(list.into_iter().map(Value::Game).collect()).into())
}

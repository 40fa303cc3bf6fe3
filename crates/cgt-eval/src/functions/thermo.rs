//! Temperature theory and atomic weights: `leftstop`, `rightstop`, `mean`, `temp`,
//! `thermograph` and `atomic`.

use cgt_core::atomic::{self, NoAtomicWeight};
use cgt_core::game::{GameId, Games};
use cgt_core::{Budget, Dyadic, Exhausted, thermo};
use cgt_syntax::{Code, Diagnostic};

use crate::context::{Computed, Ctx};
use crate::loopy::OfStopper;
use crate::registry::{Call, FunctionDef, Returns};
use crate::session::Session;
use crate::value::{EvalResult, Value, gave_up};

/// A number computed about a game.
type Measure = fn(&mut Games, GameId, &Budget) -> Result<Dyadic, Exhausted>;

/// Evaluates a function that measures one game with `f`.
fn measure(s: &mut Session, call: &Call, ctx: &Ctx, f: Measure) -> EvalResult<Computed> {
    let g = s.game_arg(call, ctx)?;
    s.lift(call.span, ctx.budget, |games, b| f(games, g, b)).map(|x| Value::Number(x).into())
}

/// The left (`left`) or right stop of a game, or of a stopper (a pseudonumber).
fn stop(s: &mut Session, call: &Call, ctx: &Ctx, left: bool) -> EvalResult<Computed> {
    let a = s.one_arg(call, "one game")?;
    let g = match s.arg_value(a, ctx)? {
        Value::Loopy(l) => return s.of_stopper(&l, OfStopper::Stop(left), &a.span(), ctx).map(Into::into),
        v => s.as_game_at(v, &a.span(), ctx)?,
    };
    let f = if left { thermo::left_stop } else { thermo::right_stop };
    s.lift(call.span, ctx.budget, |games, b| f(games, g, b)).map(|x| Value::Number(x).into())
}

/// `leftstop(G)`.
pub(crate) const LEFTSTOP: FunctionDef = FunctionDef {
    name: "leftstop",
    signature: "leftstop(G)",
    doc: "the left stop of G: where play ends when Left starts and both play well; of a stopper, a pseudonumber \
          (`leftstop(over) == over`, `on`, `3/2under`)",
    returns: Returns::Number,
    aliases: &[],
    limits: "Bottom up over the subgames of the canonical form, each once (linear in its DAG); a number is \
             its own stop.",
    source: "theory/temperature.md; CGT II.5; WW ch. 6; LiP ch. 6.",
    eval: |s, call, ctx| stop(s, call, ctx, true),
};

/// `rightstop(G)`.
pub(crate) const RIGHTSTOP: FunctionDef = FunctionDef {
    name: "rightstop",
    signature: "rightstop(G)",
    doc: "the right stop of G: where play ends when Right starts and both play well; of a stopper, a \
          pseudonumber (`rightstop({pass | 3/2}) == 3/2under`)",
    returns: Returns::Number,
    aliases: &[],
    limits: "Bottom up over the subgames of the canonical form, each once (linear in its DAG); a number is \
             its own stop.",
    source: "theory/temperature.md; CGT II.5; WW ch. 6; LiP ch. 6.",
    eval: |s, call, ctx| stop(s, call, ctx, false),
};

/// `mean(G)`.
pub(crate) const MEAN: FunctionDef = FunctionDef {
    name: "mean",
    signature: "mean(G)",
    doc: "the mean value of G",
    returns: Returns::Number,
    aliases: &[],
    limits: "From the thermograph, exact: polynomial in the canonical form and the number of wall segments.",
    source: "theory/temperature.md; CGT II.5 (the mean value theorem); WW ch. 6.",
    eval: |s, call, ctx| measure(s, call, ctx, thermo::mean),
};

/// `temp(G)`.
pub(crate) const TEMP: FunctionDef = FunctionDef {
    name: "temp",
    signature: "temp(G)",
    doc: "the temperature of G (numbers have negative temperature, as in CGSuite)",
    returns: Returns::Number,
    aliases: &[],
    limits: "From the thermograph, exact: polynomial in the canonical form and the number of wall segments (a \
             sum of 16 switches in about 30 ms, BENCHMARKS.md \"thermograph-sum\").",
    source: "theory/temperature.md; CGT II.5; WW ch. 6; LiP ch. 6.",
    eval: |s, call, ctx| measure(s, call, ctx, thermo::temperature),
};

/// `thermograph(G)`.
pub(crate) const THERMOGRAPH: FunctionDef = FunctionDef {
    name: "thermograph",
    signature: "thermograph(G)",
    doc: "the thermograph of G: its walls and mast (`--svg DIR` draws it)",
    returns: Returns::Text,
    aliases: &[],
    limits: "Exact piecewise-linear walls built from the options' walls, polynomial in the canonical form and \
             the segments (a sum of 16 switches in about 30 ms, BENCHMARKS.md \"thermograph-sum\").",
    source: "theory/temperature.md; CGT II.5 (the thermograph theorem); WW ch. 6.",
    eval: |s, call, ctx| {
        let g = s.game_arg(call, ctx)?;
        let t = s.lift(call.span, ctx.budget, |games, b| thermo::thermograph(games, g, b))?;
        Ok(Value::Thermograph(Box::new(t)).into())
    },
};

/// `atomic(G)`.
pub(crate) const ATOMIC: FunctionDef = FunctionDef {
    name: "atomic",
    signature: "atomic(G)",
    doc: "the atomic weight of G: how many ^ it is worth (every all-small game, and some other infinitesimals)",
    returns: Returns::Game,
    aliases: &[],
    limits: "Recursive over the canonical form's options, from the atomic weights of the options; x + k.^ + *m \
             directly. A game that is not all-small is first checked to be infinitesimal, and then atomic by \
             comparing G - W.^ with ^* + (*N : -1).",
    source: "ONAG ch. 16; WW ch. 8 (atomic weights); U. Larsson, R. J. Nowakowski (arXiv:2007.03949), Thm. \
             10, for the constructive form computed; CGSuite's CanonicalShortGame.AtomicWeight for games that are not \
             all-small (atomic({1|^^||^}) = 2).",
    eval: atomic_weight,
};

fn atomic_weight(s: &mut Session, call: &Call, ctx: &Ctx) -> EvalResult<Computed> {
    let g = s.game_arg(call, ctx)?;
    match atomic::atomic_weight(&mut s.games, g, ctx.budget) {
        Ok(w) => Ok(s.games.as_number(w).map_or(Value::Game(w), Value::Number).into()),
        Err(NoAtomicWeight::Exhausted(e)) => Err(gave_up(e, call.span.clone(), ctx.budget)),
        Err(NoAtomicWeight::NotInfinitesimal) => {
            let shown = s.games.display(g, s.style());
            Err(Box::new(
                Diagnostic::error(Code::Type, call.span.clone(), format!("{shown} has no atomic weight: it is not infinitesimal"))
                    .with_hint("only a game whose left and right stops are both 0 can be worth a multiple of ^; `leftstop` and `rightstop` show them"),
            ))
        }
        Err(NoAtomicWeight::NotAtomic(w)) => {
            let (shown, weight) = (s.games.display(g, s.style()), s.games.display(w, s.style()));
            Err(Box::new(
                Diagnostic::error(Code::Type, call.span.clone(), format!("{shown} has no atomic weight: it is infinitesimal but not atomic"))
                    .with_hint(format!("the calculus gives {weight}, but G - {weight}.^ is not within ^* + (*N : -1) of 0 for a far star *N, so G is not like any multiple of ^ (every all-small game is atomic)")),
            ))
        }
    }
}

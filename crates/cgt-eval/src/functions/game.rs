//! Functions about a game's form: `outcome`, `cf`, `options` and `birthday`.

use cgt_syntax::{Code, Diagnostic, ExprKind};

use crate::Session;
use crate::context::{Computed, Ctx, Moves};
use crate::registry::{Call, FunctionDef, Returns};
use crate::value::{EvalResult, MoveList, Quantity, Value, gave_up_because};

/// `outcome(G)`.
pub(crate) const OUTCOME: FunctionDef = FunctionDef {
    name: "outcome",
    signature: "outcome(G)",
    doc: "the outcome class of G: L, R, P or N (for a Domineering board, by search, without its value)",
    returns: Returns::Outcome,
    aliases: &[],
    eval: |s, call, ctx| {
        if let Some(found) = s.outcome_by_search(s.one_arg(call, "one game")?, ctx) {
            return found;
        }
        let g = s.game_arg(call, ctx)?;
        s.lift(call.span, ctx.budget, |games, b| games.outcome(g, b)).map(|o| Value::Outcome(o).into())
    },
};

/// `cf(G)`.
pub(crate) const CF: FunctionDef = FunctionDef {
    name: "cf",
    signature: "cf(G)",
    doc: "the canonical form of G (the default display)",
    returns: Returns::Game,
    aliases: &[],
    eval: |s, call, ctx| s.game_arg(call, ctx).map(|g| Value::Game(g).into()),
};

/// `birthday(G)`.
pub(crate) const BIRTHDAY: FunctionDef = FunctionDef {
    name: "birthday",
    signature: "birthday(G)",
    doc: "the birthday of G's canonical form (a plain number)",
    returns: Returns::Integer,
    aliases: &[],
    eval: |s, call, ctx| {
        let g = s.game_arg(call, ctx)?;
        Ok(Value::Integer(s.games.birthday(g).into(), Quantity::Birthday).into())
    },
};

/// `options(G)`.
pub(crate) const OPTIONS: FunctionDef = FunctionDef {
    name: "options",
    signature: "options(G)",
    doc: "the moves of G: for a ruleset position, the positions it moves to in its own notation with their \
          values; for a game, the options of its canonical form",
    returns: Returns::Text,
    aliases: &[],
    eval: options,
};

/// The most moves `options(...)` lists for a ruleset position.
const LISTED_MOVES: usize = 1000;

/// Every move of a ruleset position whose row can read it as a position (at most
/// [`LISTED_MOVES`]).
fn all_moves(e: &cgt_syntax::Expr) -> Option<Moves> {
    let ExprKind::Ruleset(r) = &e.node else { return None };
    let p = (crate::registry::ruleset(&r.name.node)?.position?)(r).ok()?;
    let (l, rt) = (p.left(), p.right());
    if l.len() + rt.len() > LISTED_MOVES {
        return None;
    }
    let show = |ps: Vec<Box<dyn crate::registry::AnyPosition>>| ps.iter().map(|p| p.notation()).collect();
    Some(Moves { left: show(l), right: show(rt) })
}

fn options(s: &mut Session, call: &Call, ctx: &Ctx) -> EvalResult<Computed> {
    let e = s.one_arg(call, "one game")?;
    if matches!(e.node, ExprKind::Ruleset(_) | ExprKind::Boxes(_)) {
        // A ruleset position lists its moves in its own notation.
        let computed = s.eval_computed(e, &ctx.with_top(e.span.clone()))?;
        // Asked for explicitly, the moves are listed even where hovers leave them out.
        let moves = computed.moves.or_else(|| all_moves(e));
        if let Some(m) = moves {
            let mut value = |n: &String| (n.clone(), s.value_of_notation(n, ctx));
            let list =
                MoveList { left: m.left.iter().map(&mut value).collect(), right: m.right.iter().map(value).collect() };
            return Ok(Value::Moves(list).into());
        }
        if !matches!(computed.value, Value::Game(_)) {
            let shown = s.show(&computed.value);
            return Err(Box::new(
                Diagnostic::error(
                    Code::Type,
                    e.span.clone(),
                    format!("`{}` is {shown}, not a game: it has no options", &ctx.src[e.span.clone()]),
                )
                .with_hint("options are listed for games and for positions of partizan rulesets"),
            ));
        }
    }
    let g = s.game(e, ctx)?;
    if s.games.has_huge_options(g) {
        let shown = s.games.display(g, s.style());
        return Err(gave_up_because(
            call.span.clone(),
            format!("{shown} has too many options to list"),
            "a nimber *n has n options; nimbers above *65536 are only handled arithmetically",
        ));
    }
    Ok(Value::Options(s.games.left_options(g), s.games.right_options(g)).into())
}

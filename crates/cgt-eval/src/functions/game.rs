//! Functions about a game's form: `outcome`, `cf`, `options` and `birthday`.

use cgt_syntax::{Code, Diagnostic, ExprKind};

use crate::context::{Computed, Ctx, Moves};
use crate::registry::{Call, FunctionDef, Returns};
use crate::session::Session;
use crate::value::{EvalResult, MoveList, Quantity, Value, gave_up_because};

/// `outcome(G)`.
pub(crate) const OUTCOME: FunctionDef = FunctionDef {
    name: "outcome",
    signature: "outcome(G)",
    doc: "the outcome class of G: L, R, P or N (for a Domineering board, a Cram board of 24 free cells or \
          more, and a board of a game of stones too large to value at once, by search, without its value; for a \
          loopy game, also D and the classes with draws)",
    returns: Returns::Outcome,
    aliases: &[],
    limits: "One comparison of the canonical form with 0 (memoised), or a formula for x + k.^ + *m. For a \
             Domineering board, a search that does not build the value, for boards whose rows, each with one \
             more cell, hold at most 128 cells: 6x6 and 7x7 in a few hundredths of a second, 6x10 in about \
             0.3 s, 8x8 in about 0.7 s, 7x10 in about 2 s; 8x9 beyond the default budget of 10 s (on two \
             cores, where a board of 40 free cells or more is searched by two threads; one thread takes \
             1.5-2 times as long). For \
             a board of a game of stones (Clobber, AntiClobber, Hot Clobber, Kings, Knights, Rooks, Queens, \
             Konane, Amazons, Fission, Ski Jumps) with a region of more than 10 cells, a search over the sum of \
             its regions, the smaller ones valued exactly: Clobber 3x5 and 4x4 of alternating stones in about \
             0.1 s, 2x10 in 0.4 s, 3x6 and 4x5 in about a second, 4x6 and 5x5 beyond the default budget; \
             Amazons 4x4 with one amazon each in about 1 s; Kings 4x4 of alternating stones in about 1.5 s; \
             Fission and Ski Jumps boards whose values take minutes in a hundredth to a tenth of a second. \
             For a Cram board of 24 free cells or more, whether its value is 0, by the pruned search asked \
             only that: 5x7 in about 0.25 s; a board with an even side and an odd one (6x7, 4x9, 9x10) at once \
             (the centre domino, then the mirror strategy), as is a board that is its own half-turn image \
             with both sides even or its centre taken (0).",
    source: "theory/canonical-forms.md; LiP (outcome classes); CGT II.1; CGT II.2 (dominated options: moves \
             the search leaves out); N. Bullock, \"Domineering: solving \
             large combinatorial search spaces\", ICGA Journal 25 (2002) (safe moves); D. M. Breuker, J. W. \
             H. M. Uiterwijk, H. J. van den Herik, \"Solving 8x8 Domineering\", Theoretical Computer Science \
             230 (2000) (transposition tables); J. W. H. M. Uiterwijk, J. Griebel, \"Combining combinatorial \
             game theory with an alpha-beta solver for Clobber: theory and experiments\", BNAIC 2016, CCIS 765 \
             (2017) (regions valued exactly in a search).",
    eval: |s, call, ctx| {
        let a = s.one_arg(call, "one game")?;
        if a.may_be_position()
            && let Some(found) = s.with_arg(a, ctx, |s, e, ctx| s.outcome_by_search(e, ctx).transpose())?
        {
            return Ok(found);
        }
        let g = match s.arg_value(a, ctx)? {
            Value::Loopy(l) => return s.loopy_outcome(&l, call.span, ctx).map(Into::into),
            v => s.as_game_at(v, &a.span(), ctx)?,
        };
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
    limits: "As large as the canonical form: building it costs comparisons of options, polynomial in the size \
             of the form, but forms can grow exponentially with the number of summands (a sum of 10 \
             two-stage hot games in about 0.4 s, of 12 in about 5 s, BENCHMARKS.md \"hot-sums\"); values x + \
             k.^ + *m of any size take a fast path without trees.",
    source: "theory/canonical-forms.md and theory/simplicity.md; CGT II.2 (dominated and reversible options); \
             ONAG ch. 10; LiP ch. 4-5.",
    eval: |s, call, ctx| s.game_arg(call, ctx).map(|g| Value::Game(g).into()),
};

/// `birthday(G)`.
pub(crate) const BIRTHDAY: FunctionDef = FunctionDef {
    name: "birthday",
    signature: "birthday(G)",
    doc: "the birthday of G's canonical form (a plain number)",
    returns: Returns::Integer,
    aliases: &[],
    limits: "Stored with each canonical form, so immediate once G is built; values x + k.^ + *m by a formula, \
             at any size.",
    source: "theory/canonical-forms.md; CGT II.2; ONAG ch. 1 (birthdays).",
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
          values; for a game, the options of its canonical form; for a stopper, those of its simplest form",
    returns: Returns::Text,
    aliases: &[],
    limits: "Lists at most 1000 moves; each listed option's value is computed, so it costs what its positions \
             cost in their ruleset.",
    source: "theory/canonical-forms.md; CGT II.1 (a game as its options).",
    eval: options,
};

/// The most moves `options(...)` lists for a ruleset position.
const LISTED_MOVES: usize = 1000;

fn options(s: &mut Session, call: &Call, ctx: &Ctx) -> EvalResult<Computed> {
    let a = s.one_arg(call, "one game")?;
    s.with_arg(a, ctx, |s, e, ctx| options_of(s, e, call, ctx))
}

/// The options of `e` as written (a `let` name's form in place).
fn options_of(s: &mut Session, e: &cgt_syntax::Expr, call: &Call, ctx: &Ctx) -> EvalResult<Computed> {
    if matches!(e.node, ExprKind::Ruleset(_) | ExprKind::Boxes(_)) {
        // A ruleset position lists its moves in its own notation.
        let computed = s.eval_computed(e, &ctx.with_top(e.span.clone()))?;
        // Asked for explicitly, the moves are listed even where hovers leave them out.
        let moves = match computed.moves {
            Some(m) => Some(m),
            None => s.position_moves(e, LISTED_MOVES, ctx)?.map(|m| Moves { left: m.left, right: m.right }),
        };
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
    let g = match s.eval(e, ctx)? {
        Value::Loopy(crate::loopy::Loopy::Stopper(st)) => {
            return s.stopper_options(&st, call.span, ctx).map(Into::into);
        }
        v => s.as_game(v, e, ctx)?,
    };
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

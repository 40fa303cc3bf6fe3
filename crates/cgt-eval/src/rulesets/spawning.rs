//! Spawning games: `spawning[3, 5] code="1-3C"` (CGSuite's game.heap.Spawning); impartial, so
//! nimbers.

use cgt_rules::spawning::{Spawning, TurningCode};
use cgt_syntax::{Code, Diagnostic, RuleArgKind, Ruleset, Span};

use super::{heaps, setting_arg};
use crate::context::{Computed, Ctx, Moves};
use crate::registry::{AnyPosition, Returns, RulesetDef, SettingDef};
use crate::session::Session;
use crate::value::{EvalResult, Value, gave_up};

/// The largest heap: every heap size up to it is valued in turn.
const MAX_HEAP: u64 = 1_000_000;

/// The row of `spawning`.
pub(crate) const ROW: RulesetDef = RulesetDef {
    name: "spawning",
    example: r#"spawning[3, 5] code="1-3C""#,
    doc: "a spawning game (CGSuite's game.heap.Spawning): the heap form of the coin-turning game with a turning \
          code; a heap n is a heads coin at position n, and a move turns over a set of coins whose rightmost is n, \
          leaving heaps at the other coins' positions; values are nimbers",
    settings: &[SettingDef {
        key: "code",
        doc: "the turning code, in quotes: elements `k`, `a-b` or `a+` (coins turned), separated by commas, each \
              with modifiers C (consecutive), E (equally spaced), S (symmetric), F (the leftmost coin, position 1, \
              is turned), C(s) (within s adjacent coins): `\"1-3\"` (Mock Turtles), `\"1+C\"` (Ruler), `\"4FS\"` (Grunt)",
    }],
    returns: Returns::Game,
    limits: "Heaps up to 1,000,000: every heap size up to the largest is valued by the mex over its moves; codes \
             with an unbounded range and no C or E have exponentially many moves per heap.",
    source: "theory/sprague-grundy.md; WW ch. 14 (coin-turning games); CGSuite's game.heap.Spawning and \
             game.strip.Turning for the codes.",
    eval,
    heap_rule: None,
    position: Some(|r| listable(read(r)?, r).map(|p| Box::new(p) as Box<dyn AnyPosition>)),
};

fn read(r: &Ruleset) -> EvalResult<Spawning> {
    let hs = heaps(&r.args, ROW.example)?;
    if let Some(&h) = hs.iter().find(|&&h| h > MAX_HEAP) {
        return Err(Box::new(
            Diagnostic::error(Code::Argument, r.name.span.clone(), format!("a heap of {h} is beyond {MAX_HEAP}"))
                .with_hint("every heap size up to the largest is valued in turn: use smaller heaps"),
        ));
    }
    let hint = "a turning code goes in quotes: `code=\"1-3\"`, `code=\"1+C\"`, `code=\"2-3,6C\"`, `code=\"3C(5)\"`";
    let Some(s) = r.settings.iter().find(|s| s.key.node == "code") else {
        return Err(Box::new(
            Diagnostic::error(Code::Setting, r.name.span.clone(), "`spawning` needs a turning code").with_hint(hint),
        ));
    };
    let (text, span) = match setting_arg(s).map(|a| (&a.kind, &a.span)) {
        Some((RuleArgKind::Str(t), span)) => (t.clone(), span.clone()),
        _ => {
            return Err(Box::new(
                Diagnostic::error(Code::Setting, s.key.span.clone(), "`code` needs a turning code").with_hint(hint),
            ));
        }
    };
    let code = TurningCode::parse(&text).map_err(|e| {
        Box::new(
            Diagnostic::error(Code::Setting, span, format!("`{}` is not an element of a turning code", e.0))
                .with_hint(hint),
        )
    })?;
    Ok(Spawning::new(code, hs))
}

/// Positions whose moves are listed (`options`, misère play) are those with at most a million
/// sets of coins to look at: the listing has no budget to stop it.
fn listable(p: Spawning, r: &Ruleset) -> EvalResult<Spawning> {
    if p.move_work() > 1_000_000 {
        return Err(Box::new(
            Diagnostic::error(
                Code::Argument,
                r.name.span.clone(),
                format!("{} has too many moves to list", p.notation()),
            )
            .with_hint("its value is computed under the budget; listing its moves is limited to smaller heaps"),
        ));
    }
    Ok(p)
}

fn eval(s: &mut Session, r: &Ruleset, span: &Span, ctx: &Ctx) -> EvalResult<Computed> {
    let p = read(r)?;
    let n = p.nim_value(ctx.budget).map_err(|e| gave_up(e, span.clone(), ctx.budget))?;
    let moves = if ctx.is_top(span) {
        // Listing the moves costs as much as counting them, which the budget bounds here.
        let mut count = 0;
        for &h in p.heaps() {
            p.code()
                .for_each_spawn(h, ctx.budget, &mut |_| count += 1)
                .map_err(|e| gave_up(e, span.clone(), ctx.budget))?;
        }
        Moves::of(ctx, &p, count)
    } else {
        None
    };
    Ok(Computed::plain(Value::Game(s.games.nimber(n))).with_moves(moves))
}

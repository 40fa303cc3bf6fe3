//! Cutcake and Eatcake: `cutcake[8x1]`, `eatcake[3x4, 2x2]` (pieces of R rows by C columns, a
//! sum).

use cgt_rules::cutcake::{Cake, CakeRule};
use cgt_rules::position::Solver;
use cgt_syntax::{Ruleset, Span};

use super::board::sizes;
use crate::context::{Computed, Ctx, Moves};
use crate::registry::{AnyPosition, Returns, RulesetDef};
use crate::session::Session;
use crate::value::{EvalResult, Value, gave_up};

/// The row of `cutcake`.
pub(crate) const CUTCAKE: RulesetDef = RulesetDef {
    name: "cutcake",
    example: "cutcake[8x1]",
    doc: "Cutcake: pieces of R rows by C columns (`RxC`, several are a sum); Left cuts a piece \
          between two columns, Right between two rows",
    settings: &[],
    returns: Returns::Game,
    limits: "Each piece is valued once by the definition over its cuts, O(R C (R + C)) for the pieces up to R \
             x C, with sides of at most 256: 20x20 in about 0.01 s, 200x200 in about 2.5 s.",
    source: "theory/simplicity.md (the values are integers); WW ch. 2 (Cutcake).",
    eval: |s, r, span, ctx| eval(s, r, span, ctx, CakeRule::Cut),
    heap_rule: None,
    position: Some(|r| read(r, CakeRule::Cut).map(|p| Box::new(p) as Box<dyn AnyPosition>)),
};

/// The row of `eatcake`.
pub(crate) const EATCAKE: RulesetDef = RulesetDef {
    name: "eatcake",
    example: "eatcake[8x1]",
    doc: "Eatcake: pieces of R rows by C columns (`RxC`, several are a sum); Left eats a whole \
          column of a piece, Right a whole row, leaving the parts on either side",
    settings: &[],
    returns: Returns::Game,
    limits: "Each piece is valued once by the definition over its eaten rows and columns, with sides of at \
             most 256; the canonical forms grow with the piece (12x12 in about 0.04 s).",
    source: "theory/canonical-forms.md; WW ch. 8 (Eatcake).",
    eval: |s, r, span, ctx| eval(s, r, span, ctx, CakeRule::Eat),
    heap_rule: None,
    position: Some(|r| read(r, CakeRule::Eat).map(|p| Box::new(p) as Box<dyn AnyPosition>)),
};

fn read(r: &Ruleset, rule: CakeRule) -> EvalResult<Cake> {
    let example = if rule == CakeRule::Cut { CUTCAKE.example } else { EATCAKE.example };
    let pieces = sizes(&r.args, &r.name.span, example)?;
    // `sizes` keeps every side within the cake's limit, so this cannot fail.
    Cake::new(rule, &pieces).map_err(|e| super::bad_arg(&r.name.span, &e.to_string(), example))
}

fn eval(s: &mut Session, r: &Ruleset, span: &Span, ctx: &Ctx, rule: CakeRule) -> EvalResult<Computed> {
    let cake = read(r, rule)?;
    let size = cake.pieces().iter().map(|&(r, c)| r.saturating_add(c)).fold(0, usize::saturating_add);
    let moves = if ctx.is_top(span) { Moves::of(ctx, &cake, size) } else { None };
    let (table, games) = s.table_and_games::<Solver<Cake>>();
    let g = table.value(games, &cake, ctx.budget).map_err(|e| gave_up(e, span.clone(), ctx.budget))?;
    Ok(Computed::plain(Value::Game(g)).with_moves(moves))
}

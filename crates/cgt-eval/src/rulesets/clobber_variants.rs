//! CGSuite's Clobber variants: `hotclobber["xxo"]` (captures of either colour),
//! `kings["x.", ".o"]` (captures in the eight directions), `knights[...]` (by a knight's move),
//! `rooks[...]` and `queens[...]` (sliding over empty squares onto an enemy stone).

use cgt_rules::clobber_variants::Rules;
use cgt_rules::grid::stones::{StoneRules, Stones};
use cgt_syntax::{Ruleset, Span};

use super::board::{Cells, board_value, grid_error, rows, searched};
use crate::context::{Computed, Ctx};
use crate::registry::{AnyPosition, OutcomeRow, Returns, RulesetDef};
use crate::session::Session;
use crate::value::EvalResult;

/// The row of `hotclobber`.
pub(crate) const HOT: RulesetDef = RulesetDef {
    name: "hotclobber",
    example: r#"hotclobber["xxo", "o.x"]"#,
    doc: "Hot Clobber (CGSuite's HotClobber): a stone moves onto an orthogonally adjacent stone of either \
          colour, which is removed; `x` Left, `o` Right, `.` empty; rows in quotes",
    settings: &[],
    returns: Returns::Game,
    limits: "Exponential: the definition over groups of stones with symmetries, colour swaps and a \
             transposition table; boards of at most 256 cells (a 3x4 board of alternating stones in about \
             0.2 s). \
             `outcome(hotclobber[...])` and `hotclobber[...] is X` \
             search who wins without the value when a region has more than 10 cells.",
    source: "theory/canonical-forms.md; CGT II.1; CGSuite's grid library (HotClobber) for the rules.",
    eval: |s, r, span, ctx| eval::<Rules<0>>(s, r, span, ctx, HOT.example),
    heap_rule: None,
    position: Some(|r| read::<Rules<0>>(r, HOT.example).map(|b| Box::new(b) as Box<dyn AnyPosition>)),
};

/// The row of `kings`.
pub(crate) const KINGS: RulesetDef = RulesetDef {
    name: "kings",
    example: r#"kings["x.", ".o"]"#,
    doc: "Kings (CGSuite's Clobber variant Kings): a stone moves onto an enemy stone next to it in any of the \
          eight directions, which is removed; `x` Left, `o` Right, `.` empty; rows in quotes",
    settings: &[],
    returns: Returns::Game,
    limits: "Exponential: the definition over 8-connected groups with symmetries, colour swaps and a \
             transposition table; boards of at most 256 cells (a 3x4 board of alternating stones in about 1 \
             s). \
             `outcome(kings[...])` and `kings[...] is X` \
             search who wins without the value when a region has more than 10 cells.",
    source: "theory/canonical-forms.md; CGT II.1; CGSuite's grid library (Clobber variants) for the rules.",
    eval: |s, r, span, ctx| eval::<Rules<1>>(s, r, span, ctx, KINGS.example),
    heap_rule: None,
    position: Some(|r| read::<Rules<1>>(r, KINGS.example).map(|b| Box::new(b) as Box<dyn AnyPosition>)),
};

/// The row of `knights`.
pub(crate) const KNIGHTS: RulesetDef = RulesetDef {
    name: "knights",
    example: r#"knights["x..", "..o"]"#,
    doc: "Knights (CGSuite's Clobber variant Knights): a stone moves a knight's move onto an enemy stone, which \
          is removed; `x` Left, `o` Right, `.` empty; rows in quotes",
    settings: &[],
    returns: Returns::Game,
    limits: "Exponential: the definition over the whole board (cropped to its stones) with symmetries and a \
             transposition table; boards of at most 256 cells (a 3x4 board of alternating stones in about \
             0.06 s). \
             `outcome(knights[...])` and `knights[...] is X` \
             search who wins without the value when a region has more than 10 cells.",
    source: "theory/canonical-forms.md; CGSuite's grid library (Clobber variants) for the rules.",
    eval: |s, r, span, ctx| eval::<Rules<2>>(s, r, span, ctx, KNIGHTS.example),
    heap_rule: None,
    position: Some(|r| read::<Rules<2>>(r, KNIGHTS.example).map(|b| Box::new(b) as Box<dyn AnyPosition>)),
};

/// The row of `rooks`.
pub(crate) const ROOKS: RulesetDef = RulesetDef {
    name: "rooks",
    example: r#"rooks["x..o", "o..x"]"#,
    doc: "Rooks (CGSuite's Clobber variant Rooks): a stone slides orthogonally over empty squares onto the first \
          stone it meets, which must be an enemy stone and is removed; `x` Left, `o` Right, `.` empty",
    settings: &[],
    returns: Returns::Game,
    limits: "Exponential: the definition over the whole board (cropped to its stones) with symmetries and a \
             transposition table; boards of at most 256 cells (12 stones on a 3x5 board in about 1 s). \
             `outcome(rooks[...])` and `rooks[...] is X` \
             search who wins without the value when a region has more than 10 cells.",
    source: "theory/canonical-forms.md; CGSuite's grid library (Clobber variants) for the rules.",
    eval: |s, r, span, ctx| eval::<Rules<3>>(s, r, span, ctx, ROOKS.example),
    heap_rule: None,
    position: Some(|r| read::<Rules<3>>(r, ROOKS.example).map(|b| Box::new(b) as Box<dyn AnyPosition>)),
};

/// The row of `queens`.
pub(crate) const QUEENS: RulesetDef = RulesetDef {
    name: "queens",
    example: r#"queens["x..", "...", "..o"]"#,
    doc: "Queens (CGSuite's Clobber variant Queens): a stone slides in any of the eight directions over empty \
          squares onto the first stone it meets, which must be an enemy stone and is removed; `x` Left, `o` Right",
    settings: &[],
    returns: Returns::Game,
    limits: "Exponential: the definition over the whole board (cropped to its stones) with symmetries and a \
             transposition table; boards of at most 256 cells (12 stones on a 3x5 board in about 3 s). \
             `outcome(queens[...])` and `queens[...] is X` \
             search who wins without the value when a region has more than 10 cells.",
    source: "theory/canonical-forms.md; CGSuite's grid library (Clobber variants) for the rules.",
    eval: |s, r, span, ctx| eval::<Rules<4>>(s, r, span, ctx, QUEENS.example),
    heap_rule: None,
    position: Some(|r| read::<Rules<4>>(r, QUEENS.example).map(|b| Box::new(b) as Box<dyn AnyPosition>)),
};

/// `outcome(hotclobber[...])` and `hotclobber[...] is X` by the outcome search, for boards with
/// a region too large to value at once; the same for the other variants below.
pub(crate) const HOT_OUTCOME: OutcomeRow =
    OutcomeRow { ruleset: "hotclobber", search: |s, r, span, ctx| searched(s, read::<Rules<0>>(r, HOT.example), span, ctx) };
/// `outcome(kings[...])` by the outcome search.
pub(crate) const KINGS_OUTCOME: OutcomeRow =
    OutcomeRow { ruleset: "kings", search: |s, r, span, ctx| searched(s, read::<Rules<1>>(r, KINGS.example), span, ctx) };
/// `outcome(knights[...])` by the outcome search.
pub(crate) const KNIGHTS_OUTCOME: OutcomeRow = OutcomeRow {
    ruleset: "knights",
    search: |s, r, span, ctx| searched(s, read::<Rules<2>>(r, KNIGHTS.example), span, ctx),
};
/// `outcome(rooks[...])` by the outcome search.
pub(crate) const ROOKS_OUTCOME: OutcomeRow =
    OutcomeRow { ruleset: "rooks", search: |s, r, span, ctx| searched(s, read::<Rules<3>>(r, ROOKS.example), span, ctx) };
/// `outcome(queens[...])` by the outcome search.
pub(crate) const QUEENS_OUTCOME: OutcomeRow = OutcomeRow {
    ruleset: "queens",
    search: |s, r, span, ctx| searched(s, read::<Rules<4>>(r, QUEENS.example), span, ctx),
};

/// A board of the variant whose rules are `R`, read from its rows.
fn read<R: StoneRules>(r: &Ruleset, example: &'static str) -> EvalResult<Stones<R>> {
    let cells = Cells { letters: "`x` (Left's stone), `o` (Right's stone) and `.` (empty)", example };
    Stones::from_rows(&rows(r, &cells)?).map_err(|e| grid_error(e, r, &cells))
}

fn eval<R: StoneRules>(
    s: &mut Session,
    r: &Ruleset,
    span: &Span,
    ctx: &Ctx,
    example: &'static str,
) -> EvalResult<Computed> {
    let board = read::<R>(r, example)?;
    board_value(s, &board, board.grid().cells().len(), span, ctx)
}

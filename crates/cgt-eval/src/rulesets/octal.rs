//! Take-and-break games given by their codes: `octal[5, 7] code=0.137`, or CGSuite's codes in
//! quotes (`octal[9] code="4!.0"`, hexadecimal digits, `[..]` repeats, `!`/`?`), with the
//! shorthands `kayles[...]` (0.77), `dawson[...]` (Dawson's Kayles, 0.07), `grundy_game[...]`
//! (Grundy's game, 4!.0) and `lasker[...]` (Lasker's Nim, 4.[3]).

use cgt_rules::heap::HeapRule;
use cgt_rules::octal::OctalCode;
use cgt_syntax::{Code, Diagnostic, RuleArgKind, Ruleset, Span};

use super::{heaps, setting_arg};
use crate::context::{Computed, Ctx};
use crate::registry::{Returns, RuleSpec, RulesetDef, SettingDef};
use crate::session::Session;
use crate::value::EvalResult;

/// The row of `octal`.
pub(crate) const OCTAL: RulesetDef = RulesetDef {
    name: "octal",
    example: "octal[5, 7] code=0.137",
    doc: "a take-and-break game given by its octal code, or CGSuite's code in quotes (hexadecimal digits, \
          `[..]` repeats, `!`/`?`): heaps beyond the computed values need a proven period",
    settings: &[SettingDef {
        key: "code",
        doc: "the code: `code=0.137` (Dawson's Chess); codes with letters, `!`, `?` or `[..]` in quotes: \
              `code=\"4!.0\"` (Grundy's game), `code=\"0.3F\"`, `code=\"4.[3]\"` (Lasker's Nim)",
    }],
    returns: Returns::Game,
    limits: "Finite codes whose moves leave at most two heaps use the sparse-space method, the others the \
             definition with bitsets; a proven period (the periodicity theorem) answers heaps of any size. \
             Without one, heaps are read from a table of at most 20,000,000 values within the budget: the \
             code 0.6, whose values keep growing, to heap 100,000 in about 9 s. Codes with repeating digits \
             get no period.",
    source: "theory/periodicity.md and theory/sprague-grundy.md; WW ch. 4 (octal and hexadecimal games); CGT \
             IV.2; R. K. Guy, C. A. B. Smith, \"The G-values of various games\", Proc. Cambridge Philos. \
             Soc. 52 (1956).",
    eval,
    heap_rule: Some(|spec| read_code(spec).map(HeapRule::Octal)),
    position: None,
};

/// The row of `kayles`.
pub(crate) const KAYLES: RulesetDef = RulesetDef {
    name: "kayles",
    example: "kayles[3, 5]",
    doc: "Kayles, the octal game 0.77: knock down one pin or two adjacent pins",
    settings: &[],
    returns: Returns::Game,
    limits: "Heaps of any size: the values are periodic with period 12 from heap 71, proven by the \
             periodicity theorem, so a table of the first heaps answers every heap.",
    source: "theory/periodicity.md; WW ch. 4 (Kayles' values and period); CGT IV.2; R. K. Guy, C. A. B. Smith \
             (1956).",
    eval,
    heap_rule: Some(|_| Ok(HeapRule::Octal(OctalCode::kayles()))),
    position: None,
};

/// The row of `dawson`.
pub(crate) const DAWSON: RulesetDef = RulesetDef {
    name: "dawson",
    example: "dawson[4, 9]",
    doc: "Dawson's Kayles, the octal game 0.07: knock down two adjacent pins",
    settings: &[],
    returns: Returns::Game,
    limits: "Heaps of any size: the values are periodic with period 34 from heap 53, proven by the \
             periodicity theorem, so a table of the first heaps answers every heap.",
    source: "theory/periodicity.md; WW ch. 4 (Dawson's Kayles, 0.07); CGT IV.2; R. K. Guy, C. A. B. Smith \
             (1956).",
    eval,
    heap_rule: Some(|_| Ok(HeapRule::Octal(OctalCode::dawson()))),
    position: None,
};

/// The row of `grundy_game`.
pub(crate) const GRUNDY_GAME: RulesetDef = RulesetDef {
    name: "grundy_game",
    example: "grundy_game[7, 9]",
    doc: "Grundy's game, the code 4!.0: split a heap into two unequal heaps; values from a table (no period is \
          known, so huge heaps give up)",
    settings: &[],
    returns: Returns::Game,
    limits: "No period is known, so each heap is read from a table computed up to it by the sparse-space \
             method (every move leaves at most two heaps): heaps up to 100,000 take under a second, and \
             heaps beyond what the budget computes give up.",
    source: "theory/sprague-grundy.md; WW ch. 4 (Grundy's game); CGT IV.2.",
    eval,
    heap_rule: Some(|_| Ok(HeapRule::Octal(OctalCode::grundys_game()))),
    position: None,
};

/// The row of `lasker`.
pub(crate) const LASKER: RulesetDef = RulesetDef {
    name: "lasker",
    example: "lasker[5, 3]",
    doc: "Lasker's Nim, the code 4.[3]: take any number from a heap, or split a heap in two; heaps of any size \
          by the closed form (4k+3 and 4k+4 swap values)",
    settings: &[],
    returns: Returns::Game,
    limits: "Heaps of any size, in constant time per heap: the closed form (heaps 4k+1 and 4k+2 keep their \
             size, 4k+3 and 4k+4 swap).",
    source: "theory/sprague-grundy.md; WW ch. 4 (take-and-break games); CGT IV.2.",
    eval,
    heap_rule: Some(|_| Ok(HeapRule::Octal(OctalCode::lasker()))),
    position: None,
};

fn eval(s: &mut Session, r: &Ruleset, span: &Span, ctx: &Ctx) -> EvalResult<Computed> {
    let rule = s.position_rule(r).expect("octal games are heap games")?;
    let heaps = heaps(&r.args, OCTAL.example)?;
    s.heap_position(&rule, &heaps, span, ctx)
}

/// How codes are written, for hints.
const CODE_HINT: &str = "a code is `d0.d1d2...`: digit dk (0-9, A-F) says what taking k tokens may leave (1: \
                         nothing, 2: one heap, 4: two, 8: three); octal codes may be bare (`code=0.137`), others \
                         go in quotes: `code=\"0.3F\"`, `code=\"4!.0\"` (`!`: unequal heaps), `code=\"4.[3]\"` \
                         (`[..]` repeats)";

/// The code of `code=0.137` or `code="4!.0"`.
fn read_code(spec: &RuleSpec) -> EvalResult<OctalCode> {
    let arg = spec.setting("code").and_then(setting_arg).ok_or_else(|| spec.bad_setting("code"))?;
    let text = match &arg.kind {
        RuleArgKind::Decimal(d) | RuleArgKind::Int(d) | RuleArgKind::Str(d) => d.clone(),
        _ => {
            return Err(Box::new(
                Diagnostic::error(Code::Setting, arg.span.clone(), "`code` needs a take-and-break code")
                    .with_hint(CODE_HINT),
            ));
        }
    };
    OctalCode::parse(&text).map_err(|e| {
        Box::new(
            Diagnostic::error(Code::Setting, arg.span.clone(), format!("`{text}` is not a take-and-break code: {e}"))
                .with_hint(CODE_HINT),
        )
    })
}

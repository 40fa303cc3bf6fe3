//! Octal games: `octal[5, 7] code=0.137`, with the shorthands `kayles[...]` (0.77) and
//! `dawson[...]` (Dawson's Kayles, 0.07).

use cgt_rules::heap::HeapRule;
use cgt_rules::octal::OctalCode;
use cgt_syntax::{Code, Diagnostic, RuleArgKind, Ruleset, Span};

use super::{heaps, setting_arg};
use crate::Session;
use crate::context::{Computed, Ctx};
use crate::registry::{Returns, RuleSpec, RulesetDef, SettingDef};
use crate::value::EvalResult;

/// The row of `octal`.
pub(crate) const OCTAL: RulesetDef = RulesetDef {
    name: "octal",
    example: "octal[5, 7] code=0.137",
    doc: "an octal game given by its code",
    settings: &[SettingDef { key: "code", doc: "the octal code: `code=0.137` (Dawson's Chess)" }],
    returns: Returns::Game,
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
    eval,
    heap_rule: Some(|_| Ok(HeapRule::Octal(OctalCode::dawson()))),
    position: None,
};

fn eval(s: &mut Session, r: &Ruleset, span: &Span, ctx: &Ctx) -> EvalResult<Computed> {
    let rule = s.position_rule(r).expect("octal games are heap games")?;
    let heaps = heaps(&r.args, OCTAL.example)?;
    s.heap_position(&rule, &heaps, span, ctx)
}

/// The code of `code=0.137`.
fn read_code(spec: &RuleSpec) -> EvalResult<OctalCode> {
    let arg = spec.setting("code").and_then(setting_arg).ok_or_else(|| spec.bad_setting("code"))?;
    let text = match &arg.kind {
        RuleArgKind::Decimal(d) | RuleArgKind::Int(d) => d.clone(),
        _ => return Err(spec.bad_setting("code")),
    };
    OctalCode::parse(&text).map_err(|e| {
        Box::new(
            Diagnostic::error(Code::Setting, arg.span.clone(), format!("`{text}` is not an octal code: {e}"))
                .with_hint("octal codes look like 0.137: digits 0-7 after the point"),
        )
    })
}

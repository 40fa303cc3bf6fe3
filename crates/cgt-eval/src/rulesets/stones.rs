//! Subtraction games: `stones[22] take=[1, 2, 3]`.

use cgt_rules::heap::HeapRule;
use cgt_rules::subtraction::SubtractionGame;
use cgt_syntax::{Code, Diagnostic, Ruleset, Span};

use super::{heaps, setting_list, u64_arg};
use crate::Session;
use crate::context::{Computed, Ctx};
use crate::registry::{Returns, RuleSpec, RulesetDef, SettingDef};
use crate::value::EvalResult;

/// The row of `stones`.
pub(crate) const ROW: RulesetDef = RulesetDef {
    name: "stones",
    example: "stones[22] take=[1, 2, 3]",
    doc: "a subtraction game: a move takes a number of stones in the take set from one heap",
    settings: &[SettingDef { key: "take", doc: "the amounts a move may take: `take=[1, 3, 4]`" }],
    returns: Returns::Game,
    eval,
    heap_rule: Some(heap_rule),
    position: None,
};

fn eval(s: &mut Session, r: &Ruleset, span: &Span, ctx: &Ctx) -> EvalResult<Computed> {
    let rule = s.position_rule(r).expect("stones is a heap game")?;
    let heaps = heaps(&r.args, ROW.example)?;
    s.heap_position(&rule, &heaps, span, ctx)
}

fn heap_rule(spec: &RuleSpec) -> EvalResult<HeapRule> {
    let setting = spec.setting("take");
    let list = setting.and_then(setting_list).ok_or_else(|| spec.bad_setting("take"))?;
    let take: Vec<u64> = list
        .iter()
        .map(|a| u64_arg(a, "take amounts are positive whole numbers", ROW.example))
        .collect::<Result<_, _>>()?;
    let game = SubtractionGame::new(&take).map_err(|e| {
        let span = setting.map_or(spec.name.span.clone(), |s| s.key.span.clone());
        Box::new(
            Diagnostic::error(Code::Setting, span, e.to_string()).with_hint(format!("for example `{}`", ROW.example)),
        )
    })?;
    Ok(HeapRule::Subtraction(game))
}

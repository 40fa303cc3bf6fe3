//! Subtraction games: `stones[22] take=[1, 2, 3]`, and `stones[22] allbut=[2, 3, 7]` (take any
//! positive number but those), played as the take-and-break code `0.3003330[3]`.

use cgt_rules::heap::HeapRule;
use cgt_rules::octal::OctalCode;
use cgt_rules::subtraction::SubtractionGame;
use cgt_syntax::{Code, Diagnostic, Ruleset, Setting, Span};

use super::{heaps, setting_list, u64_arg};
use crate::context::{Computed, Ctx};
use crate::registry::{Returns, RuleSpec, RulesetDef, SettingDef};
use crate::session::Session;
use crate::value::EvalResult;

/// The row of `stones`.
pub(crate) const ROW: RulesetDef = RulesetDef {
    name: "stones",
    example: "stones[22] take=[1, 2, 3]",
    doc: "a subtraction game: a move takes a number of stones in the take set from one heap; with `allbut=` any \
          number but those, played as a take-and-break code with repeating digits: heaps beyond the computed \
          table give up (no arithmetic-periodicity proof yet)",
    settings: &[
        SettingDef { key: "take", doc: "the amounts a move may take: `take=[1, 3, 4]`" },
        SettingDef {
            key: "allbut",
            doc: "a move takes any positive number except these: `allbut=[2, 3, 7]` (the code 0.3003330[3])",
        },
    ],
    returns: Returns::Game,
    limits: "`take=`: O(n |S|) for the first n values, until the least period is proven by a repeated window \
             (Brent's cycle detection); then heaps of any size (10^18) are read through the period. Without \
             a proven period, tables stop at 20,000,000 heaps or the budget. `allbut=` excludes numbers up \
             to 2^16.",
    source: "theory/periodicity.md (the periodicity theorem for subtraction games); WW ch. 4; CGT IV.2.",
    eval,
    heap_rule: Some(heap_rule),
    position: None,
};

/// The largest number `allbut=` may exclude (the digits of its code).
const ALLBUT_LIMIT: u64 = 1 << 16;

fn eval(s: &mut Session, r: &Ruleset, span: &Span, ctx: &Ctx) -> EvalResult<Computed> {
    let rule = s.position_rule(r).expect("stones is a heap game")?;
    let heaps = heaps(&r.args, ROW.example)?;
    let out = s.heap_position(&rule, &heaps, span, ctx)?;
    match &rule {
        HeapRule::Octal(code) if ctx.is_top(span) => Ok(out.with_extra("code", code.to_string())),
        _ => Ok(out),
    }
}

fn heap_rule(spec: &RuleSpec) -> EvalResult<HeapRule> {
    if let Some(allbut) = spec.setting("allbut") {
        if let Some(take) = spec.setting("take") {
            return Err(Box::new(
                Diagnostic::error(Code::Setting, take.key.span.clone(), "give `take=` or `allbut=`, not both")
                    .with_label(allbut.key.span.clone(), "also given here")
                    .with_hint("`take=[1, 2]` lists the amounts allowed, `allbut=[2, 3]` the amounts forbidden"),
            ));
        }
        return all_but(spec, allbut).map(HeapRule::Octal);
    }
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

/// `allbut=[2, 3, 7]` as the code `0.d1d2...[3]`: digit k is 3 (take k, leaving nothing or one
/// heap) unless k is excluded, then 0; beyond the largest excluded number every amount is allowed.
fn all_but(spec: &RuleSpec, setting: &Setting) -> EvalResult<OctalCode> {
    let list = setting_list(setting).ok_or_else(|| spec.bad_setting("allbut"))?;
    let mut excluded = std::collections::BTreeSet::new();
    for a in list {
        let k = u64_arg(a, "the amounts excluded are positive whole numbers", "stones[22] allbut=[2, 3, 7]")?;
        if k == 0 || k > ALLBUT_LIMIT {
            return Err(Box::new(
                Diagnostic::error(Code::Setting, a.span.clone(), format!("cannot exclude {k}"))
                    .with_hint(format!("the amounts excluded are from 1 to {ALLBUT_LIMIT}")),
            ));
        }
        excluded.insert(k);
    }
    let largest = excluded.last().copied().unwrap_or(0);
    let digits: String = (1..=largest).map(|k| if excluded.contains(&k) { '0' } else { '3' }).collect();
    OctalCode::parse(&format!("0.{digits}[3]")).map_err(|e| {
        Box::new(Diagnostic::error(Code::Setting, setting.key.span.clone(), format!("cannot build the code: {e}")))
    })
}

//! Partizan subtraction games: `psub[5, 7] left=[1, 2] right=[1, 3]` (heaps, a sum; Left takes
//! an amount in `left` from one heap, Right one in `right`), heaps of any size through a proven
//! period.

use cgt_core::hash::FxHashMap;
use cgt_rules::psub::{Heaps, Psub, Table};
use cgt_syntax::{Code, Diagnostic, Ruleset, Span};

use super::{heaps, setting_list, u64_arg};
use crate::context::{Computed, Ctx, Moves};
use crate::registry::{AnyPosition, Returns, RulesetDef, SettingDef};
use crate::session::Session;
use crate::value::{EvalResult, Value, gave_up};

/// The row of `psub`.
pub(crate) const ROW: RulesetDef = RulesetDef {
    name: "psub",
    example: "psub[5, 7] left=[1, 2] right=[1, 3]",
    doc: "a partizan subtraction game (Fraenkel–Kotzig; CGSuite's PartizanSubtraction): Left takes an amount in \
          `left` from one heap, Right one in `right`; heaps of any size when the values are periodic or \
          arithmetic-periodic with a number saltus (proven), otherwise up to the values computed",
    settings: &[
        SettingDef { key: "left", doc: "the amounts Left may take: `left=[1, 2]` (`left=[]`: none)" },
        SettingDef { key: "right", doc: "the amounts Right may take: `right=[1, 3]` (`right=[]`: none)" },
    ],
    returns: Returns::Game,
    limits: "The values G(n) by the definition, heap by heap, until a repeated window of s = max(take) values \
             proves the period; then heaps of any size. Values that grow by a number each period \
             (G(n + p) = G(n) + s, s a number; proven by the number translation theorem, which needs the \
             values from the pre-period plus max(take) on not to be numbers unless one side has no move) \
             also give heaps of any size; growth by ups, the usual case for two non-empty sets, is not \
             claimed. \
             Without either, heaps up to 20,000 (`psub[19999] \
             left=[2, 3] right=[1, 5]` in about 0.1 s); a larger heap is refused, saying how far the values \
             go.",
    source: "theory/periodicity.md; A. S. Fraenkel, A. Kotzig, \"Partizan octal games: partizan subtraction \
             games\", Int. J. Game Theory 16 (1987).",
    eval,
    heap_rule: None,
    position: Some(|r| read(r).map(|p| Box::new(p) as Box<dyn AnyPosition>)),
};

/// The values computed without a period before heaps beyond them give up.
const LIMIT: usize = 20_000;
/// The values computed at least, whatever the heaps (so that most periods are found at once).
const FIRST: usize = 1_000;

/// The session's tables, one for each pair of sets.
#[derive(Default)]
struct Tables(FxHashMap<Psub, Table>);

fn set(r: &Ruleset, key: &str) -> EvalResult<Vec<u64>> {
    let Some(s) = r.settings.iter().find(|s| s.key.node == key) else {
        return Err(Box::new(
            Diagnostic::error(Code::Setting, r.name.span.clone(), format!("`psub` needs `{key}=[...]`"))
                .with_hint(format!("for example `{}`", ROW.example)),
        ));
    };
    let list = setting_list(s).ok_or_else(|| {
        Box::new(
            Diagnostic::error(Code::Setting, s.key.span.clone(), format!("`{key}=` takes a list of amounts"))
                .with_hint(format!("for example `{}`", ROW.example)),
        )
    })?;
    list.iter().map(|a| u64_arg(a, "amounts are positive whole numbers", ROW.example)).collect()
}

fn read(r: &Ruleset) -> EvalResult<Heaps> {
    let rules = Psub::new(&set(r, "left")?, &set(r, "right")?).map_err(|e| {
        Box::new(
            Diagnostic::error(Code::Setting, r.name.span.clone(), e.to_string())
                .with_hint(format!("for example `{}`", ROW.example)),
        )
    })?;
    Ok(Heaps::new(rules, heaps(&r.args, ROW.example)?))
}

fn eval(s: &mut Session, r: &Ruleset, span: &Span, ctx: &Ctx) -> EvalResult<Computed> {
    let position = read(r)?;
    let size = position.heaps().iter().fold(0u64, |a, &h| a.saturating_add(h));
    let moves =
        if ctx.is_top(span) { Moves::of(ctx, &position, usize::try_from(size).unwrap_or(usize::MAX)) } else { None };
    let largest = position.heaps().iter().copied().max().unwrap_or(0);
    let (tables, games) = s.table_and_games::<Tables>();
    let known = |t: &Table| t.is_complete() || usize::try_from(largest).is_ok_and(|h| h < t.values().len());
    if !tables.0.get(position.rules()).is_some_and(known) {
        let limit = usize::try_from(largest).map_or(LIMIT, |h| h.saturating_add(1).clamp(FIRST, LIMIT));
        let table =
            position.rules().table(games, limit, ctx.budget).map_err(|e| gave_up(e, span.clone(), ctx.budget))?;
        tables.0.insert(position.rules().clone(), table);
    }
    let table = &tables.0[position.rules()];
    let mut total = games.zero();
    for &h in position.heaps() {
        let v = table.value_in(games, h, ctx.budget).map_err(|e| gave_up(e, span.clone(), ctx.budget))?;
        let Some(v) = v else {
            return Err(Box::new(
                Diagnostic::error(
                    Code::Argument,
                    span.clone(),
                    format!(
                        "the heap {h} is beyond the {} values computed, and they show no period \
                         (plain, or arithmetic with a number saltus)",
                        table.values().len()
                    ),
                )
                .with_hint("these sets give values that do not repeat (they may grow); try smaller heaps"),
            ));
        };
        total = games.add(total, v, ctx.budget).map_err(|e| gave_up(e, span.clone(), ctx.budget))?;
    }
    let mut out = Computed::plain(Value::Game(total)).with_moves(moves);
    if let (Some(p), true) = (table.period(), ctx.is_top(span)) {
        out = out.with_extra("period", format!("{} from heap {}", p.period, p.preperiod));
    }
    if let (Some(a), true) = (table.saltus(), ctx.is_top(span)) {
        out = out.with_extra(
            "arithmetic period",
            format!("{} from heap {}, saltus {}", a.period, a.preperiod, a.saltus),
        );
    }
    Ok(out)
}

//! Staircase Nim: `staircase[c1, ..., cn]`, ci coins on step i; a move takes any positive number
//! of coins from one step down to the step below (step 0 is the floor). With `parent=[...]` the
//! steps are the vertices of a rooted tree and coins move to the parent vertex.

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};

use cgt_rules::position::Partizan;
use cgt_rules::staircase::Staircase;
use cgt_syntax::{Code, Diagnostic, Ruleset, Span};

use super::{big_uint, setting_list, u64_arg};
use crate::context::{Computed, Ctx, Moves};
use crate::registry::{AnyPosition, Returns, RulesetDef, SettingDef};
use crate::session::Session;
use crate::value::{EvalResult, Value};

/// The most moves a listing (`options(...)`) shows.
const LISTED: u64 = 1000;

/// The row of `staircase`.
pub(crate) const ROW: RulesetDef = RulesetDef {
    name: "staircase",
    example: "staircase[3, 1, 4, 1, 5]",
    doc: "Staircase Nim: ci coins on step i; a move takes any number of coins from a step to the step below (step \
          0 is the floor); its value is the nim-sum of the odd steps. With `parent=[...]`, steps on a rooted tree",
    settings: &[SettingDef {
        key: "parent",
        doc: "steps on a tree: the parent of each vertex 1..n, 0 for the floor; coins move to the parent: \
              `staircase[2, 3, 1] parent=[0, 1, 1]`",
    }],
    returns: Returns::Game,
    limits: "Linear in the number of steps (or tree vertices), with coins of any size: the nim sum of the odd \
             steps.",
    source: "theory/rulesets.md (Staircase Nim); WW ch. 15; LiP ch. 7.",
    eval,
    heap_rule: None,
    position: Some(|r| listed(r).map(|p| Box::new(p) as Box<dyn AnyPosition>)),
};

/// Steps with their coins, and the parents of a tree (`None` on a line).
#[derive(Clone)]
struct Steps {
    coins: Vec<BigUint>,
    parent: Option<Vec<usize>>,
}

impl Steps {
    /// The position for cgt-rules (the parents were checked when reading).
    fn position(&self) -> Staircase {
        match &self.parent {
            None => Staircase::line(self.coins.clone()),
            Some(p) => Staircase::tree(self.coins.clone(), p.clone()).unwrap_or_else(|_| Staircase::line(vec![])),
        }
    }

    /// The parent of vertex `v` (1 to n).
    fn parent_of(&self, v: usize) -> usize {
        self.parent.as_ref().map_or(v - 1, |p| p[v - 1])
    }

    /// The position after `count` coins move from vertex `from` to its parent.
    fn after(&self, from: usize, count: &BigUint) -> Steps {
        let mut next = self.clone();
        next.coins[from - 1] -= count;
        let to = self.parent_of(from);
        if to > 0 {
            next.coins[to - 1] += count;
        }
        next
    }
}

fn read(r: &Ruleset) -> EvalResult<Steps> {
    let what = "a step holds a non-negative whole number of coins";
    let coins: Vec<BigUint> = r.args.iter().map(|a| big_uint(a, what, ROW.example)).collect::<Result<_, _>>()?;
    let Some(setting) = r.settings.iter().find(|s| s.key.node == "parent") else {
        return Ok(Steps { coins, parent: None });
    };
    let bad = |span: &Span, message: String| {
        Box::new(
            Diagnostic::error(Code::Setting, span.clone(), message)
                .with_hint("give each vertex 1..n its parent, 0 for the floor: `staircase[2, 3, 1] parent=[0, 1, 1]`"),
        )
    };
    let Some(list) = setting_list(setting) else {
        return Err(bad(&setting.key.span, "`parent` needs a list of vertices".into()));
    };
    let mut parent = Vec::with_capacity(list.len());
    for a in list {
        let v = u64_arg(a, "a parent is a vertex number, 0 for the floor", ROW.example)?;
        parent.push(usize::try_from(v).map_err(|_| bad(&a.span, format!("there is no vertex {v}")))?);
    }
    Staircase::tree(coins.clone(), parent.clone()).map_err(|e| bad(&setting.key.span, e.to_string()))?;
    Ok(Steps { coins, parent: Some(parent) })
}

fn eval(s: &mut Session, r: &Ruleset, span: &Span, ctx: &Ctx) -> EvalResult<Computed> {
    let steps = read(r)?;
    let position = steps.position();
    let mut out = Computed::plain(Value::Game(s.games.nimber_big(&position.grundy())));
    if ctx.is_top(span) {
        if let Some(m) = position.winning_move() {
            let after = steps.after(m.from, &m.count).position();
            let to = if m.to == 0 { "the floor".to_string() } else { format!("step {}", m.to) };
            out = out.with_extra(
                "winning move",
                format!(
                    "move {} from step {} to {to} ({} -> {})",
                    m.count,
                    m.from,
                    position.notation(),
                    after.notation()
                ),
            );
        }
        let size = moves_of(&steps).and_then(|n| usize::try_from(n).ok()).unwrap_or(usize::MAX);
        out = out.with_moves(Moves::of(ctx, &steps, size));
    }
    Ok(out)
}

/// The number of moves: one for each coin count that can leave each step.
fn moves_of(steps: &Steps) -> Option<u64> {
    steps.coins.iter().try_fold(0u64, |acc, c| acc.checked_add(c.to_u64()?))
}

/// The steps as a position whose moves may be listed: at most [`LISTED`] of them.
fn listed(r: &Ruleset) -> EvalResult<Steps> {
    let steps = read(r)?;
    match moves_of(&steps) {
        Some(n) if n <= LISTED => Ok(steps),
        _ => Err(Box::new(Diagnostic::error(
            Code::Argument,
            r.name.span.clone(),
            format!("{} has more than {LISTED} moves to list", steps.position().notation()),
        ))),
    }
}

impl Partizan for Steps {
    fn left_options(&self) -> Vec<Self> {
        let mut out = Vec::new();
        for (i, c) in self.coins.iter().enumerate() {
            let mut k = BigUint::from(1u32);
            while k <= *c && !c.is_zero() {
                out.push(self.after(i + 1, &k));
                k += 1u32;
            }
        }
        out
    }

    fn right_options(&self) -> Vec<Self> {
        self.left_options()
    }

    fn notation(&self) -> String {
        self.position().notation()
    }
}

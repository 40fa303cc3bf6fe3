//! Functions of misère play: `genus(G)`, `mate(G)` and `miserenim(G)` of impartial games (by
//! their misère canonical forms, or the fast heap rules), and `quotient(RULE)` and
//! `quotient(RULE, N)`, the misère quotient of a heap rule (Plambeck–Siegel) for sums of
//! small heaps.

use cgt_core::Budget;
use cgt_core::misere::MisereId;
use cgt_rules::heap::{Component, HeapRule};
use cgt_rules::misere as heap_misere;
use cgt_rules::octal::Constraint;
use cgt_rules::quotient::{self, GaveUpReason, Growth, Presentation, Quotient, Shape, Solved};
use cgt_syntax::{Code, Diagnostic, Span};
use num_bigint::BigUint;

use super::impartial::Part;
use crate::args::arity;
use crate::context::{Computed, Ctx};
use crate::registry::{Call, FunctionDef, Returns};
use crate::session::Session;
use crate::value::{EvalResult, Quantity, Value, gave_up, gave_up_because};

/// The largest heap `quotient(RULE)` covers: the quotient is of all sums of heaps 1 to this.
pub(crate) const QUOTIENT_HEAPS: usize = 12;

/// The largest heap `quotient(RULE)` tries for a proven period, growing the quotient.
pub(crate) const PERIOD_HEAPS: usize = 200;

/// The largest quotient `quotient(RULE)` builds.
pub(crate) const QUOTIENT_ELEMENTS: usize = 1024;

/// The most elements listed one by one in `quotient(RULE)`'s text.
const LISTED: usize = 32;

/// Quotients small enough to print their multiplication table.
const TABLE_ORDER: usize = 8;

/// `genus(G)`.
pub(crate) const GENUS: FunctionDef = FunctionDef {
    name: "genus",
    signature: "genus(G)",
    doc: "the genus g^abc... of an impartial game under misère play (CGSuite's notation: *[[2],1] has genus 2^1420)",
    returns: Returns::Text,
    aliases: &[],
    limits: "Through Conway's misère canonical form of the game tree (nimbers to *1024 and non-Nim heaps to \
             64 unfolded).",
    source: "theory/misere-quotients.md; ONAG ch. 12; WW ch. 13 (genus); CGT V.1-V.3.",
    eval: |s, call, ctx| {
        let (f, budget) = form_arg(s, call, ctx)?;
        let genus = s.trees().misere.genus(f, budget).map_err(|x| gave_up(x, call.span.clone(), budget))?;
        Ok(Value::Text(genus.to_string()).into())
    },
};

/// `mate(G)`.
pub(crate) const MATE: FunctionDef = FunctionDef {
    name: "mate",
    signature: "mate(G)",
    doc: "Conway's mate of an impartial game: its misère form with 0 and *1 endings exchanged, printed as *[...]",
    returns: Returns::Text,
    aliases: &[],
    limits: "Through the misère canonical form of the game tree (nimbers to *1024 and non-Nim heaps to 64 \
             unfolded).",
    source: "theory/misere-quotients.md; ONAG ch. 12 (mates); CGT V.1.",
    eval: |s, call, ctx| {
        let (f, budget) = form_arg(s, call, ctx)?;
        let misere = &mut s.trees().misere;
        let shown = misere.mate(f, budget).and_then(|m| misere.display(m, budget));
        Ok(Value::Text(shown.map_err(|x| gave_up(x, call.span.clone(), budget))?).into())
    },
};

/// `miserenim(G)`.
pub(crate) const MISERENIM: FunctionDef = FunctionDef {
    name: "miserenim",
    signature: "miserenim(G)",
    doc: "the misère nim value of an impartial game (1 without a move, else the mex of its options'; 0 exactly for misère P-positions)",
    returns: Returns::Integer,
    aliases: &[],
    limits: "Sums of heaps by misère Nim, the tame rule of pairs (n, m), or memoised search of at most \
             2,000,000 positions; nimbers of any size by misère Nim; other games through their misère \
             canonical form (game trees unfolded as for `genus`).",
    source: "theory/misere-quotients.md; WW ch. 13 (tame games); CGT V.1-V.3.",
    eval: miserenim,
};

/// `quotient(RULE)`.
pub(crate) const QUOTIENT: FunctionDef = FunctionDef {
    name: "quotient",
    signature: "quotient(RULE) or quotient(RULE, N)",
    doc: "the misère quotient of a heap rule for sums of heaps up to 12 (order, elements, P-portion, heaps' elements, and generators and relations beyond 8 elements), then for take-and-break rules grown heap by heap until the periodicity theorem proves a period (up to heap 200): the quotient of all heaps; with N, the quotient of sums of heaps up to N (at most 200); gives up beyond 1024 elements or the budget",
    returns: Returns::Text,
    aliases: &[],
    limits: "Sums of heaps 1 to 12 (or to N), grown heap by heap and proven over every position, at most 1024 \
             elements; take-and-break rules then try heaps up to 200 for a proven period. Kayles' quotient \
             (order 40, period 12 from heap 71) takes about 0.1 s; Dawson's Kayles reaches heap 33 (order \
             638) in the default budget of 10 s.",
    source: "theory/misere-quotients.md; T. E. Plambeck, \"Taming the wild in impartial combinatorial \
             games\", Integers 5 (2005); T. E. Plambeck, A. N. Siegel, \"Misère quotients for impartial \
             games\", J. Combin. Theory Ser. A 115 (2008); CGT ch. V.",
    eval: |s, call, ctx| match call.args {
        [rule] => {
            let rule = s.argument_rule(rule)?;
            let rule = s.rule_with_moves(&rule, QUOTIENT_HEAPS as u64, call.span, ctx.budget)?;
            quotient_of(&rule, call, ctx.budget)
        }
        [rule, n] if n.is_value() => {
            let bound = s.arg_whole(n, ctx)?;
            if !(1..=PERIOD_HEAPS as u64).contains(&bound) {
                return Err(Box::new(
                    Diagnostic::error(
                        Code::Argument,
                        n.span(),
                        format!("heaps up to {bound}: N must be 1 to {PERIOD_HEAPS}"),
                    )
                    .with_hint("the quotient covers the sums of heaps 1 to N"),
                ));
            }
            let rule = s.argument_rule(rule)?;
            let rule = s.rule_with_moves(&rule, bound, call.span, ctx.budget)?;
            quotient_up_to(&rule, bound as usize, call, ctx.budget).map(Computed::from)
        }
        _ => Err(arity(call, "one rule, or a rule and a heap bound")),
    },
};

/// The misère canonical form of the single impartial argument.
fn form_arg<'b>(s: &mut Session, call: &Call, ctx: &Ctx<'b>) -> EvalResult<(MisereId, &'b Budget)> {
    let a = s.one_arg(call, "one impartial game")?;
    let f = s.with_arg(a, ctx, |s, e, ctx| {
        let parts = s.impartial_arg(e, ctx)?;
        s.misere_form(&parts, &e.span, ctx)
    })?;
    Ok((f, ctx.budget))
}

fn miserenim(s: &mut Session, call: &Call, ctx: &Ctx) -> EvalResult<Computed> {
    let a = s.one_arg(call, "one impartial game")?;
    s.with_arg(a, ctx, miserenim_of)
}

/// The misère nim value of `e` as written.
fn miserenim_of(s: &mut Session, e: &cgt_syntax::Expr, ctx: &Ctx) -> EvalResult<Computed> {
    let parts = s.impartial_arg(e, ctx)?;
    let number = |n: BigUint| Ok(Value::Integer(n.into(), Quantity::Integer).into());
    let heaps: Option<Vec<Component>> =
        parts.iter().map(|p| if let Part::Heap(c) = p { Some(c.clone()) } else { None }).collect();
    if let Some(heaps) = heaps.filter(|h| !h.is_empty()) {
        let r = heap_misere::evaluate(&heaps, ctx.budget)
            .map_err(|x| gave_up_because(e.span.clone(), x, "use smaller heaps"))?;
        return number(r.pair.misere.into());
    }
    let nims: Option<Vec<BigUint>> = parts
        .iter()
        .map(|p| match p {
            Part::Nimber(n) => Some(n.clone()),
            Part::Heap(c) if c.rule == HeapRule::Nim => Some(c.heap.into()),
            _ => None,
        })
        .collect();
    if let Some(nims) = nims {
        // Misère Nim: the nim-sum once a heap has 2 or more, else the parity flipped.
        let x = nims.iter().fold(BigUint::default(), |x, n| x ^ n);
        let big = nims.iter().any(|n| *n > BigUint::from(1u32));
        return number(if big { x } else { x ^ BigUint::from(1u32) });
    }
    let f = s.misere_form(&parts, &e.span, ctx)?;
    number(s.trees().misere.misere_nim_value(f).into())
}

/// The text of `quotient(RULE)`, or the warning of a quotient too large or too slow.
fn quotient_of(rule: &HeapRule, call: &Call, budget: &Budget) -> EvalResult<Computed> {
    let shape = shape(rule);
    // Heaps up to 12 first (searching positions where a heap splits an element), then, for
    // rules the periodicity theorem covers, on from them: the heaps proven are not proven again.
    let mut growth = Growth::default();
    let table = heap_table(rule, QUOTIENT_HEAPS, call.span)?;
    let first = match growth.solve(&table, QUOTIENT_ELEMENTS, shape, QUOTIENT_HEAPS, budget) {
        Ok(s) => s,
        Err(e) => return Err(quotient_gave_up(e, call, budget)),
    };
    let Some(shape) = shape else {
        return Ok(Value::Text(describe(&first.quotient, None)).into());
    };
    if first.period.is_some() {
        return Ok(Value::Text(describe(&first.quotient, Some(first.period))).into());
    }
    // Beyond heap 12 the quotient grows heap by heap until the periodicity theorem proves a
    // period (then it is the quotient of all heaps), or it gives up: the heaps done are shown.
    let table = heap_table(rule, PERIOD_HEAPS, call.span)?;
    let (solved, stopped) = match growth.solve(&table, QUOTIENT_ELEMENTS, Some(shape), QUOTIENT_HEAPS, budget) {
        Ok(s) => (s, None),
        Err(e) => {
            let why = e.to_string();
            let partial = e.partial.map_or(first.quotient, |p| *p);
            (Solved { quotient: partial, period: None }, Some(why))
        }
    };
    let mut text = describe(&solved.quotient, Some(solved.period));
    let mut out = Computed::plain(Value::Text(String::new()));
    if let Some(why) = stopped {
        text.push_str(&format!(" ({why})"));
        // The quotient shown is proven for the heaps done, but not of all heaps: the
        // statement gave up, and exits as one that did.
        out.warnings.push(*gave_up_because(
            call.span.clone(),
            format!(
                "{}; the quotient shown is of the heaps done, with no period proven",
                why.trim_start_matches("gave up: ")
            ),
            "raise the budget with `cgt eval --budget 60s,8GiB`, or ask for `quotient(RULE, N)`",
        ));
    }
    out.value = Value::Text(text);
    Ok(out)
}

/// The text of `quotient(RULE, N)`: the quotient of the sums of heaps up to N, or the warning
/// of a quotient too large or too slow.
fn quotient_up_to(rule: &HeapRule, heaps: usize, call: &Call, budget: &Budget) -> EvalResult<Value> {
    let table = heap_table(rule, heaps, call.span)?;
    match quotient::solve_by_elements(&table, QUOTIENT_ELEMENTS, None, QUOTIENT_HEAPS, budget) {
        Ok(s) => Ok(Value::Text(describe(&s.quotient, None))),
        Err(e) => Err(quotient_gave_up(e, call, budget)),
    }
}

/// The options of heaps up to `heaps` as the quotient engine reads them.
pub(crate) fn heap_table(rule: &HeapRule, heaps: usize, span: &Span) -> EvalResult<quotient::HeapRule> {
    quotient::HeapRule::new(heaps, |n| {
        rule.heap_options(n as u64).into_iter().map(|o| o.into_iter().map(|h| h as usize).collect()).collect()
    })
    .map_err(|e| gave_up_because(span.clone(), e, "heap rules must leave smaller heaps"))
}

/// The shape the periodicity theorem needs: finite take-and-break codes without modifiers,
/// and subtraction games.
pub(crate) fn shape(rule: &HeapRule) -> Option<Shape> {
    match rule {
        HeapRule::Octal(code)
            if !code.repeats() && (0..=code.max_take()).all(|k| code.constraint(k) == Constraint::Free) =>
        {
            Some(Shape { max_take: code.max_take() as usize, parts: code.max_heaps_left().max(1) })
        }
        HeapRule::Subtraction(game) => {
            Some(Shape { max_take: game.take_set().last().copied().unwrap_or(0) as usize, parts: 1 })
        }
        _ => None,
    }
}

/// The warning of a quotient too large or too slow, with how far it got.
fn quotient_gave_up(e: quotient::GaveUp, call: &Call, budget: &Budget) -> Box<cgt_syntax::Diagnostic> {
    let text = e.to_string();
    let reason = text.strip_prefix("gave up: ").unwrap_or(&text).to_string();
    let hint = match e.reason {
        GaveUpReason::Budget(_) => "raise the budget with `cgt eval --budget 60s,8GiB`",
        GaveUpReason::TooLarge { .. } | GaveUpReason::ProofTooLarge { .. } | GaveUpReason::Split { .. } => {
            "the quotient of this rule is too large to list; it may be infinite"
        }
    };
    match e.reason {
        GaveUpReason::Budget(x) if e.partial.is_none() => gave_up(x, call.span.clone(), budget),
        _ => gave_up_because(call.span.clone(), reason, hint),
    }
}

/// The quotient in words: order, elements with a position of each, P-portion, heaps' elements,
/// and the period (`None` when no period is looked for).
fn describe(q: &Quotient, period: Option<Option<(usize, usize)>>) -> String {
    let name = |e: usize| format!("e{e}");
    let position = |e: usize| {
        let r = &q.representatives[e];
        if r.is_empty() { "0".to_string() } else { r.iter().map(usize::to_string).collect::<Vec<_>>().join("+") }
    };
    let listed = |items: Vec<String>, total: usize| {
        let mut s = items.into_iter().take(LISTED).collect::<Vec<_>>().join(", ");
        if total > LISTED {
            s.push_str(&format!(", ... ({total} in all)"));
        }
        s
    };
    let order = q.order();
    let elements = listed((0..order).map(|e| format!("{} = {}", name(e), position(e))).collect(), order);
    let p: Vec<String> = (0..order).filter(|&e| q.p_portion[e]).map(name).collect();
    let p_count = p.len();
    let shown = match period {
        Some(Some((n0, p))) => (n0 + p - 1).max(QUOTIENT_HEAPS),
        Some(None) => QUOTIENT_HEAPS,
        // No period looked for: every heap covered (12 for `quotient(RULE)`, N with a bound).
        None => q.max_heap,
    };
    let heaps: Vec<String> =
        q.heap_map.iter().enumerate().take(shown + 1).map(|(h, &e)| format!("{h}:{}", name(e))).collect();
    let mut out = format!(
        "order {order} (sums of heaps up to {}); elements: {elements}; P-portion: {}; heaps: {}",
        q.max_heap,
        listed(p, p_count),
        heaps.join(" ")
    );
    match period {
        Some(Some((n0, p))) => out.push_str(&format!(
            "; period {p} from heap {n0}, proven up to heap {} (the quotient of all heaps)",
            q.max_heap
        )),
        Some(None) => out.push_str(&format!("; no period found up to heap {}", q.max_heap)),
        None => {}
    }
    if order <= TABLE_ORDER {
        let rows: Vec<String> = q
            .table
            .iter()
            .enumerate()
            .map(|(a, row)| format!("{}: {}", name(a), row.iter().map(|&b| name(b)).collect::<Vec<_>>().join(" ")))
            .collect();
        out.push_str(&format!("; table: {}", rows.join(", ")));
    } else {
        out.push_str(&format!("; {}", presentation(q)));
    }
    out
}

/// Plambeck–Siegel's presentation of a larger quotient: generators (heaps) and relations, and
/// the P-portion in the generators.
fn presentation(q: &Quotient) -> String {
    let p = q.presentation();
    let gens: Vec<String> =
        p.generators.iter().enumerate().map(|(i, g)| format!("{} = heap {g}", Presentation::letter(i))).collect();
    let p_words: Vec<String> = (0..q.order()).filter(|&e| q.p_portion[e]).map(|e| p.word(e)).collect();
    format!("presentation {p} with {}; P-portion {{{}}}", gens.join(", "), p_words.join(", "))
}

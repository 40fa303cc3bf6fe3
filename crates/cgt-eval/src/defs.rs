//! User definitions: `def` functions, `rule` heap rules and table statements, compiled once and
//! run as memoised pure functions.
//!
//! **Why no deep recursion can overflow the stack.** A body is evaluated by a tree walk whose
//! depth is the body's own bracket depth (bounded by the parser), never the depth of the
//! recursion between definitions: a call whose value is not yet in the memo stops the body with
//! [`Stop::Miss`], the driver pushes that call on an explicit stack, evaluates it, and runs the
//! waiting body again, which now finds the value in the memo. A body with k calls runs at most
//! k + 1 times, each cheap for the calls already memoised. A call found on the explicit stack
//! with the same arguments is a cycle: the game it describes is loopy, and that is an error,
//! never a hang. The stack is the call chain shown in errors ("in f(3) → f(2): ...").
//!
//! Budgets: every body run and every comprehension step calls [`Budget::check`], and the memo
//! and the explicit stack are counted against the memory budget.

mod compile;
mod machine;
mod partizan;

use std::collections::HashMap;
use std::sync::Arc;

use cgt_core::Budget;
use cgt_core::game::{GameId, Games};
use cgt_syntax::{Code, Definition, Diagnostic, Span};
use num_bigint::BigInt;

pub(crate) use compile::Compiled;
use compile::Compiler;
use machine::Machine;

use crate::Session;
use crate::context::Ctx;
use crate::value::{EvalResult, Value, gave_up};

/// The largest heap a user rule's option table is built for.
pub(crate) const RULE_BOUND: u64 = 100_000;

/// How many heaps `period(RULE)` looks at for a user rule.
pub(crate) const PERIOD_BOUND: u64 = 1_000;

/// A value of the definition language. Integer games are always `Int`, so equal values are
/// equal memo keys.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum DVal {
    Int(BigInt),
    Game(GameId),
    Bool(bool),
    Str(Arc<str>),
    List(Arc<Vec<DVal>>),
    Tuple(Arc<Vec<DVal>>),
}

impl DVal {
    /// A game, as an `Int` when it is an integer.
    pub fn game(games: &Games, g: GameId) -> DVal {
        match games.as_number(g) {
            Some(x) if x.is_integer() => DVal::Int(x.numerator().clone()),
            _ => DVal::Game(g),
        }
    }
}

/// An error inside a definition, with the call chain that led to it (outermost first).
#[derive(Clone, Debug)]
pub(crate) struct Fail {
    pub span: Span,
    pub message: String,
    pub chain: Vec<String>,
}

/// Why a body run stopped.
pub(crate) enum Stop {
    /// It needs `defs[i](args)`, not yet memoised.
    Miss(usize, Vec<DVal>),
    /// An error.
    Fail(Fail),
    /// The budget ran out.
    Budget(cgt_core::Exhausted),
}

impl From<Fail> for Stop {
    fn from(f: Fail) -> Self {
        Stop::Fail(f)
    }
}

/// The session's definitions, their memo and the option tables of user rules.
#[derive(Default)]
pub(crate) struct Defs {
    compiled: Vec<Arc<Compiled>>,
    by_name: HashMap<String, usize>,
    rules: HashMap<String, usize>,
    partizan: HashMap<String, usize>,
    memo: HashMap<(usize, Vec<DVal>), DVal>,
    memo_bytes: usize,
    options: HashMap<usize, Arc<Vec<Vec<Vec<u64>>>>>,
}

impl Defs {
    /// The index of the definition named `name`.
    pub fn lookup(&self, name: &str) -> Option<usize> {
        self.by_name.get(name).copied()
    }

    /// The index of the impartial rule named `name`.
    pub fn rule(&self, name: &str) -> Option<usize> {
        self.rules.get(name).copied()
    }

    /// The index of the partizan rule named `name`.
    pub fn partizan(&self, name: &str) -> Option<usize> {
        self.partizan.get(name).copied()
    }
}

impl Session {
    /// Compiles and records a `def` or `rule` statement.
    pub(crate) fn run_def(&mut self, def: &Definition) -> EvalResult<Value> {
        let env = self.env.clone();
        let globals = move |n: &str, games: &mut Games| env.get(n).and_then(|b| to_dval(&b.value, games));
        let (defs, games) = self.table_and_games::<Defs>();
        let idx = defs.compiled.len();
        let scope: Vec<(String, usize)> = def.params.iter().enumerate().map(|(i, p)| (p.node.clone(), i)).collect();
        let mut c = Compiler {
            defs,
            games,
            globals: &globals,
            slots: scope.len(),
            scope,
            current: Some((def.name.node.clone(), idx, def.params.len())),
        };
        let mut body = c.expr(&def.body).map_err(|f| diagnostic(f, None))?;
        if let Some(r) = &def.right {
            let right = c.expr(r).map_err(|f| diagnostic(f, None))?;
            let span = def.body.span.start..r.span.end;
            body = compile::CExpr::Sides(Box::new(body), Box::new(right), idx, span);
        }
        let slots = c.slots;
        let compiled = Compiled { name: def.name.node.clone(), arity: def.params.len(), slots, body };
        defs.compiled.push(Arc::new(compiled));
        let name = &def.name.node;
        defs.by_name.insert(name.clone(), idx);
        defs.rules.remove(name);
        defs.partizan.remove(name);
        match (def.is_rule, def.right.is_some()) {
            (true, false) => defs.rules.insert(name.clone(), idx),
            (true, true) => defs.partizan.insert(name.clone(), idx),
            _ => None,
        };
        Ok(Value::List(Vec::new()))
    }

    /// Evaluates a table statement (a definition-language expression).
    pub(crate) fn run_table(&mut self, e: &cgt_syntax::DExpr, ctx: &Ctx) -> EvalResult<Value> {
        let env = self.env.clone();
        let globals = move |n: &str, games: &mut Games| env.get(n).and_then(|b| to_dval(&b.value, games));
        let (defs, games) = self.table_and_games::<Defs>();
        let mut c = Compiler { defs, games, globals: &globals, slots: 0, scope: Vec::new(), current: None };
        let body = c.expr(e).map_err(|f| diagnostic(f, None))?;
        let compiled = Compiled { name: String::new(), arity: 0, slots: c.slots, body };
        let v = Machine { defs, games, budget: ctx.budget }.run_root(&compiled).map_err(|s| stop(s, &e.span, ctx))?;
        Ok(self.value_of_dval(&v))
    }

    /// Calls a user definition from an ordinary expression, if `name` is one.
    pub(crate) fn call_user(
        &mut self,
        name: &str,
        args: &[cgt_syntax::CallArg],
        span: &Span,
        ctx: &Ctx,
    ) -> Option<EvalResult<Value>> {
        let idx = self.table::<Defs>().lookup(name)?;
        Some(self.call_user_at(idx, args, span, ctx))
    }

    fn call_user_at(&mut self, idx: usize, args: &[cgt_syntax::CallArg], span: &Span, ctx: &Ctx) -> EvalResult<Value> {
        let mut vals = Vec::with_capacity(args.len());
        for a in args {
            let cgt_syntax::CallArg::Expr(e) = a else {
                return Err(Box::new(Diagnostic::error(Code::Argument, span.clone(), "expected a value here")));
            };
            let v = self.eval(e, ctx)?;
            let d = to_dval(&v, &mut self.games).ok_or_else(|| {
                Box::new(Diagnostic::error(Code::Type, e.span.clone(), "definitions take numbers, games and lists"))
            })?;
            vals.push(d);
        }
        let (defs, games) = self.table_and_games::<Defs>();
        let arity = defs.compiled[idx].arity;
        if arity != vals.len() {
            let name = defs.compiled[idx].name.clone();
            return Err(Box::new(Diagnostic::error(
                Code::Arity,
                span.clone(),
                format!("`{name}` takes {arity} argument(s), not {}", vals.len()),
            )));
        }
        let v = Machine { defs, games, budget: ctx.budget }.call(idx, vals).map_err(|s| stop(s, span, ctx))?;
        Ok(self.value_of_dval(&v))
    }

    /// The user rule named `name` with options for heaps up to `largest`, if there is one.
    pub(crate) fn user_rule(
        &mut self,
        name: &str,
        largest: u64,
        span: &Span,
        budget: &Budget,
    ) -> Option<EvalResult<cgt_rules::heap::HeapRule>> {
        let idx = self.table::<Defs>().rule(name)?;
        Some(self.user_rule_at(idx, largest, span, budget))
    }

    /// The user rule `idx` with options for heaps up to `largest` (at least those it has).
    pub(crate) fn user_rule_at(
        &mut self,
        idx: usize,
        largest: u64,
        span: &Span,
        budget: &Budget,
    ) -> EvalResult<cgt_rules::heap::HeapRule> {
        if largest > RULE_BOUND {
            return Err(Box::new(
                Diagnostic::error(
                    Code::Argument,
                    span.clone(),
                    format!("user rules are evaluated for heaps up to {RULE_BOUND}, not {largest}"),
                )
                .with_hint("use smaller heaps"),
            ));
        }
        let (defs, games) = self.table_and_games::<Defs>();
        let name = defs.compiled[idx].name.clone();
        let mut table: Vec<Vec<Vec<u64>>> = defs.options.get(&idx).map(|t| t.to_vec()).unwrap_or_default();
        let ctx = Ctx { budget, src: "", top: None };
        let mut m = Machine { defs, games, budget };
        while (table.len() as u64) <= largest {
            let n = table.len() as u64;
            let v = m.call(idx, vec![DVal::Int(n.into())]).map_err(|s| stop(s, span, &ctx))?;
            table.push(
                rule_options(&name, n, &v)
                    .map_err(|msg| Box::new(Diagnostic::error(Code::Argument, span.clone(), msg)))?,
            );
            budget
                .check_memory(table.iter().map(|o| o.len() * 32 + 24).sum())
                .map_err(|e| gave_up(e, span.clone(), budget))?;
        }
        let options = Arc::new(table);
        defs.options.insert(idx, options.clone());
        Ok(cgt_rules::heap::HeapRule::User(cgt_rules::heap::UserRule { name, generation: idx as u64, options }))
    }

    /// The user rule named `name` with the options computed so far (extended when used).
    pub(crate) fn user_rule_stub(&mut self, name: &str) -> Option<cgt_rules::heap::HeapRule> {
        let defs = self.table::<Defs>();
        let idx = defs.rule(name)?;
        let options = defs.options.get(&idx).cloned().unwrap_or_default();
        let name = name.to_string();
        Some(cgt_rules::heap::HeapRule::User(cgt_rules::heap::UserRule { name, generation: idx as u64, options }))
    }

    /// `NAME[h, ...]` for a user rule, as a heap rule with options up to the largest heap.
    pub(crate) fn user_position_rule(
        &mut self,
        r: &cgt_syntax::Ruleset,
    ) -> Option<EvalResult<cgt_rules::heap::HeapRule>> {
        self.table::<Defs>().rule(&r.name.node)?;
        let heaps = match rule_heaps(r) {
            Ok(h) => h,
            Err(e) => return Some(Err(e)),
        };
        let largest = heaps.iter().copied().max().unwrap_or(0);
        self.user_rule(&r.name.node, largest, &r.name.span, &Budget::unlimited())
    }

    /// Evaluates `NAME[h, ...]` for a user rule: the Grundy value of the sum of heaps.
    pub(crate) fn user_rule_position(
        &mut self,
        r: &cgt_syntax::Ruleset,
        span: &Span,
        ctx: &Ctx,
    ) -> Option<EvalResult<crate::context::Computed>> {
        self.table::<Defs>().rule(&r.name.node)?;
        Some((|| {
            let heaps = rule_heaps(r)?;
            let largest = heaps.iter().copied().max().unwrap_or(0);
            let rule = self.user_rule(&r.name.node, largest, span, ctx.budget).expect("checked above")?;
            self.heap_position(&rule, &heaps, span, ctx)
        })())
    }

    /// Makes sure a user rule has options up to `largest`; other rules are returned as they are.
    pub(crate) fn extend_rule(
        &mut self,
        rule: &cgt_rules::heap::HeapRule,
        largest: u64,
        span: &Span,
        budget: &Budget,
    ) -> EvalResult<cgt_rules::heap::HeapRule> {
        match rule {
            cgt_rules::heap::HeapRule::User(u) if (u.options.len() as u64) <= largest => {
                self.user_rule_at(u.generation as usize, largest, span, budget)
            }
            other => Ok(other.clone()),
        }
    }

    fn value_of_dval(&mut self, v: &DVal) -> Value {
        match v {
            DVal::Int(n) => Value::Game(self.games.number(&cgt_core::Dyadic::integer(n.clone()))),
            DVal::Game(g) => Value::Game(*g),
            DVal::Bool(b) => Value::Text(b.to_string()),
            DVal::Str(s) => Value::Text(format!("\"{s}\"")),
            DVal::List(xs) => Value::List(xs.iter().map(|x| self.value_of_dval(x)).collect()),
            DVal::Tuple(xs) => {
                let shown: Vec<String> = xs
                    .iter()
                    .map(|x| {
                        let v = self.value_of_dval(x);
                        self.show(&v)
                    })
                    .collect();
                Value::Text(format!("({})", shown.join(", ")))
            }
        }
    }
}

/// A value of the session as a definition-language value.
pub(crate) fn to_dval(v: &Value, games: &mut Games) -> Option<DVal> {
    Some(match v {
        Value::Game(g) => DVal::game(games, *g),
        Value::Number(x) => {
            let g = games.number(x);
            DVal::game(games, g)
        }
        Value::Integer(n, _) => DVal::Int(n.clone()),
        Value::List(xs) => DVal::List(Arc::new(xs.iter().map(|x| to_dval(x, games)).collect::<Option<Vec<_>>>()?)),
        _ => return None,
    })
}

/// The moves of heap `n` from a rule body's value: each an integer heap, a tuple of heaps, or `()`.
fn rule_options(name: &str, n: u64, v: &DVal) -> Result<Vec<Vec<u64>>, String> {
    let DVal::List(items) = v else {
        return Err(format!("the rule `{name}` must give a list of options for each heap (heap {n})"));
    };
    let heap = |x: &DVal| -> Result<u64, String> {
        let h = match x {
            DVal::Int(h) => u64::try_from(h).ok(),
            _ => None,
        };
        match h {
            Some(h) if h < n => Ok(h),
            Some(h) => Err(format!(
                "`{name}`: heap {n} moves to a heap of {h}, not smaller, so the game would be loopy (not short)"
            )),
            None => Err(format!("`{name}`: an option of heap {n} is not a heap, a tuple of heaps or `()`")),
        }
    };
    items
        .iter()
        .map(|o| match o {
            DVal::Tuple(hs) => hs.iter().map(heap).collect(),
            x => heap(x).map(|h| vec![h]),
        })
        .collect()
}

fn rule_heaps(r: &cgt_syntax::Ruleset) -> EvalResult<Vec<u64>> {
    r.args
        .iter()
        .map(|a| match &a.kind {
            cgt_syntax::RuleArgKind::Int(s) => s.parse::<u64>().map_err(|_| ()),
            _ => Err(()),
        })
        .collect::<Result<Vec<u64>, ()>>()
        .map_err(|()| {
            Box::new(
                Diagnostic::error(
                    Code::Argument,
                    r.name.span.clone(),
                    format!("`{}[...]` takes heap sizes", r.name.node),
                )
                .with_hint(format!("for example `{}[5, 3]`", r.name.node)),
            )
        })
}

fn stop(s: Stop, span: &Span, ctx: &Ctx) -> Box<Diagnostic> {
    match s {
        Stop::Fail(f) => diagnostic(f, Some(span)),
        Stop::Budget(e) => gave_up(e, span.clone(), ctx.budget),
        Stop::Miss(..) => Box::new(Diagnostic::error(Code::Definition, span.clone(), "a call was not evaluated")),
    }
}

fn diagnostic(f: Fail, at: Option<&Span>) -> Box<Diagnostic> {
    let message = if f.chain.is_empty() { f.message } else { format!("in {}: {}", f.chain.join(" → "), f.message) };
    Box::new(Diagnostic::error(Code::Definition, at.cloned().unwrap_or(f.span), message))
}

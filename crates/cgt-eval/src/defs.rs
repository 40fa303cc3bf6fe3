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
//! never a hang, unless the call is only an option of a game literal: then the positions repeat
//! and the definition describes a loopy game, built as a graph of the calls reached (see
//! `defs/cycles.rs`). The stack is the call chain shown in errors ("in f(3) → f(2): ...").
//!
//! Budgets: every body run and every comprehension step calls [`Budget::check`], and the memo
//! and the explicit stack are counted against the memory budget.

mod compile;
mod cycles;
mod fast;
mod functions;
mod int;
mod loopy_ops;
mod loopy_rules;
mod machine;
mod octal_like;
mod partizan;
mod positions;
mod rules;

use std::collections::HashMap;
use std::sync::Arc;

use cgt_core::Budget;
use cgt_core::game::{GameId, Games};
use cgt_syntax::{Code, Definition, Diagnostic, Span};

pub(crate) use compile::Compiled;
use compile::Compiler;
pub(crate) use int::Int;
use machine::Machine;

use crate::context::Ctx;
use crate::loopy::Loopy;
use crate::session::Session;
use crate::value::{EvalResult, Value, gave_up};

/// A value of the definition language. Integer games are always `Int`, so equal values are
/// equal memo keys.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum DVal {
    Int(Int),
    Game(GameId),
    Bool(bool),
    Str(Arc<str>),
    /// What a function of the registry gives that is not a value to compute with (an outcome
    /// class, a genus, an explanation): shown as it is, compared only for equality.
    Text(Arc<str>),
    List(Arc<Vec<DVal>>),
    Tuple(Arc<Vec<DVal>>),
    /// A loopy game (a stopper, a sided value, ...): the value of a definition whose positions
    /// repeat, or a loopy `let` value.
    Loopy(LoopyVal),
    /// A position of a loopy game still being built: a game literal with options that are calls
    /// not yet evaluated (see `defs/cycles.rs`). Never memoised, never an argument.
    Shape(Arc<cycles::Shape>),
}

/// A loopy value inside the definition language. Values are compared by their forms (as
/// [`Loopy`]'s equality does) and all hash alike, which keeps `Hash` consistent with `Eq`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct LoopyVal(pub Arc<Loopy>);

impl std::hash::Hash for LoopyVal {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u8(7);
    }
}

impl DVal {
    /// A game, as an `Int` when it is an integer.
    pub fn game(games: &Games, g: GameId) -> DVal {
        match games.as_number(g) {
            Some(x) if x.is_integer() => DVal::Int(Int::big(x.numerator().clone())),
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
    /// An error (boxed: a body's results stay small, which the hot loops feel).
    Fail(Box<Fail>),
    /// The budget ran out.
    Budget(cgt_core::Exhausted),
}

impl From<Fail> for Stop {
    fn from(f: Fail) -> Self {
        Stop::Fail(Box::new(f))
    }
}

/// A call of a function of the registry from a definition: its name, its arguments' values
/// and, for arguments that are positions or rules, their text.
type RegistryCall = (&'static str, Vec<DVal>, Vec<ArgForm>);

/// What a registry call's argument was written as, beyond its value.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum ArgForm {
    /// A value computed in the body.
    Value,
    /// A ruleset position, with its text (`kayles[5]`): functions of forms read it.
    Position(Arc<str>),
    /// A rule's name (`grundy(kayles, n)`, `grundy(sq, n)` with `rule sq(n) = ...`).
    Rule(Arc<str>),
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
    /// Calls whose bodies gave a game literal with options still being evaluated (positions of
    /// a loopy game): resolved to values when needed (see `defs/cycles.rs`).
    open: HashMap<(usize, Vec<DVal>), Arc<cycles::Shape>>,
    /// The calls being evaluated (on the driver's stack).
    pending: std::collections::HashSet<(usize, Vec<DVal>)>,
    calls: HashMap<RegistryCall, DVal>,
    /// The values of ruleset positions built in definitions, by their text.
    positions: HashMap<Arc<str>, DVal>,
    tables: HashMap<usize, rules::RuleTable>,
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

    /// Binds `name` to the compiled definition `idx` again (as its statement did).
    pub fn rebind(&mut self, name: &str, idx: usize) {
        let Some(c) = self.compiled.get(idx) else { return };
        let partizan = matches!(c.body, compile::CExpr::Sides(..));
        self.by_name.insert(name.to_string(), idx);
        self.rules.remove(name);
        self.partizan.remove(name);
        match (c.is_rule, partizan) {
            (true, false) => self.rules.insert(name.to_string(), idx),
            (true, true) => self.partizan.insert(name.to_string(), idx),
            _ => None,
        };
    }

    /// Forgets every name; compiled definitions, memo and tables stay for rebinding.
    pub fn clear_names(&mut self) {
        self.by_name.clear();
        self.rules.clear();
        self.partizan.clear();
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
        let globals = move |n: &str, games: &mut Games| global(&env, n, games);
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
            labels: Vec::new(),
        };
        let mut body = c.expr(&def.body).map_err(|f| diagnostic(f, None))?;
        if let Some(r) = &def.right {
            let right = c.expr(r).map_err(|f| diagnostic(f, None))?;
            let span = def.body.span.start..r.span.end;
            body = compile::CExpr::Sides(Box::new(body), Box::new(right), idx, span);
        }
        let slots = c.slots;
        let compiled =
            Compiled { name: def.name.node.clone(), arity: def.params.len(), slots, body, is_rule: def.is_rule };
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
        let globals = move |n: &str, games: &mut Games| global(&env, n, games);
        let (defs, games) = self.table_and_games::<Defs>();
        let mut c =
            Compiler { defs, games, globals: &globals, slots: 0, scope: Vec::new(), current: None, labels: Vec::new() };
        let body = c.expr(e).map_err(|f| diagnostic(f, None))?;
        let compiled = Compiled { name: String::new(), arity: 0, slots: c.slots, body, is_rule: false };
        let v = self.with_machine(ctx.budget, |m| m.run_root(&compiled)).map_err(|s| stop(s, &e.span, ctx))?;
        Ok(self.value_of_dval(&v))
    }

    /// Compiles `e` as an anonymous body with `params` in its first slots (a table's cell, or
    /// one of its indices with no parameters).
    pub(crate) fn compile_anonymous(&mut self, e: &cgt_syntax::DExpr, params: &[&str]) -> EvalResult<Compiled> {
        let env = self.env.clone();
        let globals = move |n: &str, games: &mut Games| global(&env, n, games);
        let (defs, games) = self.table_and_games::<Defs>();
        let scope: Vec<(String, usize)> = params.iter().enumerate().map(|(i, p)| (p.to_string(), i)).collect();
        let mut c =
            Compiler { defs, games, globals: &globals, slots: scope.len(), scope, current: None, labels: Vec::new() };
        let body = c.expr(e).map_err(|f| diagnostic(f, None))?;
        Ok(Compiled { name: String::new(), arity: params.len(), slots: c.slots, body, is_rule: false })
    }

    /// Runs an anonymous body compiled by [`Session::compile_anonymous`] on `args`.
    pub(crate) fn run_anonymous(&mut self, c: &Compiled, args: &[DVal], budget: &Budget) -> Result<DVal, Stop> {
        self.with_machine(budget, |m| m.run_root_with(c, args))
    }

    /// Runs `f` on a machine over the session's definitions. The definitions are taken out of
    /// the session while it runs, so that the machine can lend the session to the functions of
    /// the registry; their arguments are values, never calls of definitions.
    pub(crate) fn with_machine<T>(&mut self, budget: &Budget, f: impl FnOnce(&mut Machine) -> T) -> T {
        let mut defs = std::mem::take(self.table::<Defs>());
        let out = f(&mut Machine { defs: &mut defs, s: self, budget });
        *self.table::<Defs>() = defs;
        out
    }

    /// Calls a builtin of the definition language (`sum`, `mex`, `len`, `min`, `max`, `isqrt`)
    /// from an ordinary expression: the same function on the same values.
    pub(crate) fn call_builtin_values(
        &mut self,
        b: compile::Builtin,
        args: &[cgt_syntax::CallArg],
        span: &Span,
        ctx: &Ctx,
    ) -> EvalResult<Value> {
        let vals = self.definition_args(args, span, ctx)?;
        let v = self.with_machine(ctx.budget, |m| m.builtin(b, vals, span)).map_err(|s| stop(s, span, ctx))?;
        Ok(self.value_of_dval(&v))
    }

    /// The values of a call's arguments, as the definition language takes them.
    fn definition_args(&mut self, args: &[cgt_syntax::CallArg], span: &Span, ctx: &Ctx) -> EvalResult<Vec<DVal>> {
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
        Ok(vals)
    }

    /// Calls the user definition `idx` from an ordinary expression.
    pub(crate) fn call_user_at(
        &mut self,
        idx: usize,
        args: &[cgt_syntax::CallArg],
        span: &Span,
        ctx: &Ctx,
    ) -> EvalResult<Value> {
        let vals = self.definition_args(args, span, ctx)?;
        let defs = self.table::<Defs>();
        let arity = defs.compiled[idx].arity;
        if arity != vals.len() {
            let name = defs.compiled[idx].name.clone();
            return Err(Box::new(Diagnostic::error(
                Code::Arity,
                span.clone(),
                format!("`{name}` takes {arity} argument(s), not {}", vals.len()),
            )));
        }
        let v = self.with_machine(ctx.budget, |m| m.call(idx, vals)).map_err(|s| stop(s, span, ctx))?;
        Ok(self.value_of_dval(&v))
    }

    pub(crate) fn value_of_dval(&mut self, v: &DVal) -> Value {
        match v {
            DVal::Int(n) => Value::Game(self.games.number(&cgt_core::Dyadic::integer(n.to_big()))),
            DVal::Game(g) => Value::Game(*g),
            DVal::Bool(b) => Value::Text(b.to_string()),
            DVal::Str(s) => Value::Text(format!("\"{s}\"")),
            DVal::Text(s) => Value::Text(s.to_string()),
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
            DVal::Loopy(l) => Value::Loopy((*l.0).clone()),
            DVal::Shape(_) => Value::Text("(a loopy game still being built)".to_string()),
        }
    }
}

/// A `let` name's value, else a loopy constant (`over`, `dud`, ...), as a definition-language value.
fn global(env: &HashMap<String, crate::session::Binding>, n: &str, games: &mut Games) -> Option<DVal> {
    match env.get(n) {
        Some(b) => to_dval(&b.value, games),
        None => crate::loopy::constant(games, n).map(|l| DVal::Loopy(LoopyVal(Arc::new(l)))),
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
        Value::Integer(n, _) => DVal::Int(Int::big(n.clone())),
        Value::List(xs) => DVal::List(Arc::new(xs.iter().map(|x| to_dval(x, games)).collect::<Option<Vec<_>>>()?)),
        Value::Loopy(l) => DVal::Loopy(LoopyVal(Arc::new(l.clone()))),
        // A string is shown in its quotes (see `value_of_dval`), and read back from them.
        Value::Text(t)
            if t.len() >= 2 && t.starts_with('"') && t.ends_with('"') && !t[1..t.len() - 1].contains('"') =>
        {
            DVal::Str(Arc::from(&t[1..t.len() - 1]))
        }
        _ => return None,
    })
}

pub(crate) fn stop(s: Stop, span: &Span, ctx: &Ctx) -> Box<Diagnostic> {
    match s {
        Stop::Fail(f) => diagnostic(*f, Some(span)),
        Stop::Budget(e) => gave_up(e, span.clone(), ctx.budget),
        Stop::Miss(..) => Box::new(Diagnostic::error(Code::Definition, span.clone(), "a call was not evaluated")),
    }
}

fn diagnostic(f: Fail, at: Option<&Span>) -> Box<Diagnostic> {
    let message = if f.chain.is_empty() { f.message } else { format!("in {}: {}", f.chain.join(" → "), f.message) };
    Box::new(Diagnostic::error(Code::Definition, at.cloned().unwrap_or(f.span), message))
}

impl Session {
    /// Forgets every `let`, `def` and `rule` name (the arena of games and the compiled
    /// definitions are kept, for [`Session::bind_def`]).
    pub fn clear_names(&mut self) {
        self.env.clear();
        self.table::<Defs>().clear_names();
    }

    /// The compiled definition the name `name` of a `def` or `rule` is bound to now.
    pub fn def_id(&self, name: &str) -> Option<crate::session::DefId> {
        let defs = self.tables.get(&std::any::TypeId::of::<Defs>())?.downcast_ref::<Defs>()?;
        defs.lookup(name).map(crate::session::DefId)
    }

    /// Binds `name` to a compiled definition again, as its `def` or `rule` statement did (an
    /// id from [`Session::def_id`] of this session).
    pub fn bind_def(&mut self, name: &str, id: crate::session::DefId) {
        self.table::<Defs>().rebind(name, id.0);
    }
}

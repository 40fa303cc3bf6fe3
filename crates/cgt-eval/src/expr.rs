//! Evaluation of expressions: game literals, sums, ordinal sums, names, calls and ruleset
//! positions.

use cgt_core::Budget;
use cgt_core::game::GameId;
use cgt_core::operators;
use cgt_syntax::{CallArg, Code, Diagnostic, Expr, ExprKind, Nus, Span, Spanned, SumOp, UnaryOp, Uptimal};

use crate::args::Arg;
use crate::context::{Computed, Ctx};
use crate::names::suggest;
use crate::numbers;
use crate::registry::Call;
use crate::resolve::{Callee, Role, callee};
use crate::rows::find_function;
use crate::session::Session;
use crate::value::{EvalResult, Value, gave_up};

/// The largest n of an uptimal `^<n>` read: their forms grow with n.
const MAX_UPTIMAL: u64 = cgt_core::game::MAX_UPTIMAL_NAME;

/// Names other tools use for things this language spells differently, with its spelling.
const FOREIGN_NAMES: &[(&str, &str)] = &[
    ("pass", "`pass` is an option of a game literal, a move to the literal itself: `{pass | 0}`"),
    ("up", "up is written `^` (or `↑`)"),
    ("down", "down is written `v` (or `↓`)"),
    ("star", "star is written `*` (and `*2`, `*3`, ...)"),
    ("Heat", "heating is `heat(G, t)`"),
    ("Cool", "cooling is `cool(G, t)`"),
];

impl Session {
    /// Evaluates an expression to its value.
    pub(crate) fn eval(&mut self, e: &Expr, ctx: &Ctx) -> EvalResult<Value> {
        self.eval_computed(e, ctx).map(|c| c.value)
    }

    /// Evaluates an expression with what its ruleset or function reports beside the value.
    pub(crate) fn eval_computed(&mut self, e: &Expr, ctx: &Ctx) -> EvalResult<Computed> {
        let budget = ctx.budget;
        budget.check().map_err(|x| gave_up(x, e.span.clone(), budget))?;
        let value = match &e.node {
            ExprKind::Nus(n) => match self.loopy_nus(n, &e.span, ctx)? {
                Some(v) => v,
                None => Value::Game(self.nus(n, ctx)?),
            },
            ExprKind::Game { .. } | ExprKind::Labelled { .. } => self.game_literal(e, ctx)?,
            ExprKind::Pass => {
                return Err(Box::new(
                    Diagnostic::error(Code::Syntax, e.span.clone(), "`pass` is only an option of a game literal")
                        .with_hint("write it inside braces: `{pass | 0}`"),
                ));
            }
            ExprKind::PlusMinusList(opts) => {
                let l = self.games_of(opts, ctx)?;
                Value::Game(self.plus_minus(&l, &e.span, budget)?)
            }
            ExprKind::Sum(first, rest) => self.sum(first, rest, ctx)?,
            ExprKind::Ordinal(parts) => self.ordinal(parts, &e.span, ctx)?,
            ExprKind::Sided(on, off) => self.sided_pair(on, off, &e.span, ctx)?,
            ExprKind::Unary(ops, operand) => return self.unary(ops, operand, ctx),
            ExprKind::Name(n) => self.name_value(n, &e.span, ctx)?,
            ExprKind::Call { name, args } => return self.call(name, args, &e.span, ctx),
            ExprKind::Ruleset(r) => return self.ruleset(r, &e.span, ctx),
            ExprKind::Boxes(words) => {
                return self.ruleset(&crate::rulesets::args::bare_boxes(words, &e.span), &e.span, ctx);
            }
            ExprKind::MisereForm(text) => {
                return Err(Box::new(
                    Diagnostic::error(
                        Code::Type,
                        e.span.clone(),
                        format!("`{text}` is a misère canonical form: it has no value under normal play here"),
                    )
                    .with_hint(format!("use it under misère play: `misere {text}`, `genus({text})`, `mate({text})`")),
                ));
            }
            ExprKind::Definition(d) => self.run_table(d, ctx)?,
            ExprKind::Multiple { count, body } => self.multiple(count, body, ctx)?,
            ExprKind::List(items) => Value::List(items.iter().map(|i| self.eval(i, ctx)).collect::<EvalResult<_>>()?),
            ExprKind::Error => {
                return Err(Box::new(Diagnostic::error(Code::Syntax, e.span.clone(), "this could not be parsed")));
            }
        };
        Ok(Computed::plain(value))
    }

    /// Evaluates an expression that must be a game.
    pub(crate) fn game(&mut self, e: &Expr, ctx: &Ctx) -> EvalResult<GameId> {
        let v = self.eval(e, ctx)?;
        self.as_game(v, e, ctx)
    }

    /// A value as a game: numbers are games; a score, a count or an outcome is not.
    pub(crate) fn as_game(&mut self, v: Value, e: &Expr, ctx: &Ctx) -> EvalResult<GameId> {
        self.as_game_at(v, &e.span, ctx)
    }

    /// A value as a game, for the text at `span`.
    pub(crate) fn as_game_at(&mut self, v: Value, span: &Span, ctx: &Ctx) -> EvalResult<GameId> {
        match v {
            Value::Game(g) => Ok(g),
            Value::Number(x) => Ok(self.games.number(&x)),
            other => Err(self.not_a_game_at(&other, span, ctx)),
        }
    }

    /// The error for a value used as a game that is not one, for the text at `span`.
    pub(crate) fn not_a_game_at(&mut self, v: &Value, span: &Span, ctx: &Ctx) -> Box<Diagnostic> {
        let shown = self.show(v);
        let text = ctx.src.get(span.clone()).unwrap_or("this value");
        let (what, hint) = match v {
            Value::Integer(_, q) => (
                format!("{}, a plain number", q.describe()),
                format!("{} is not a game; to use the number {shown} as a game, write {shown}", q.describe()),
            ),
            Value::Outcome(_) | Value::Play(_) => {
                ("an outcome".to_string(), "check an outcome with `is`, e.g. `G is N`".to_string())
            }
            Value::Loopy(_) => (
                "a loopy game".to_string(),
                "this needs a short game (one whose play always ends); loopy games are compared, added, \
                 classified with `is`, and split with `onside`/`offside`"
                    .to_string(),
            ),
            other => {
                let kind = match other {
                    Value::List(_) => "a list",
                    Value::Period(..) => "a period",
                    Value::Moves(_) | Value::Options(..) => "a list of moves",
                    Value::Thermograph(_) => "a thermograph",
                    _ => "text",
                };
                (kind.to_string(), "sums, options and comparisons of games need games".to_string())
            }
        };
        let short = if matches!(v, Value::Loopy(_)) { "a short game" } else { "a game" };
        Box::new(
            Diagnostic::error(Code::Type, span.clone(), format!("`{text}` is {shown}: {what}, not {short}"))
                .with_hint(hint),
        )
    }

    fn games_of(&mut self, es: &[Expr], ctx: &Ctx) -> EvalResult<Vec<GameId>> {
        es.iter().map(|e| self.game(e, ctx)).collect()
    }

    /// Runs an engine operation, turning an exhausted budget into the statement's warning.
    pub(crate) fn lift<T>(
        &mut self,
        span: &Span,
        budget: &Budget,
        f: impl FnOnce(&mut cgt_core::game::Games, &Budget) -> Result<T, cgt_core::Exhausted>,
    ) -> EvalResult<T> {
        f(&mut self.games, budget).map_err(|e| gave_up(e, span.clone(), budget))
    }

    fn nus(&mut self, n: &Nus, ctx: &Ctx) -> EvalResult<GameId> {
        let x = match &n.number {
            Some(lit) => numbers::number(lit)?,
            None => cgt_core::Dyadic::zero(),
        };
        let ups = n.ups.as_ref().map_or(0, |u| u.node);
        let star = match &n.star {
            Some(s) => numbers::star(s)?,
            None => num_bigint::BigUint::default(),
        };
        let g = self.games.nus_big(&x, ups, &star);
        match &n.uptimal {
            None => Ok(g),
            Some(u) => {
                let up = self.uptimal(u, ctx)?;
                self.lift(&u.span, ctx.budget, |games, b| games.add(g, up, b))
            }
        }
    }

    /// `^<n>` (CGSuite's `^.Pow(n)`), `^[n]` (`^.PowTo(n)`) and their negatives.
    fn uptimal(&mut self, u: &Spanned<Uptimal>, ctx: &Ctx) -> EvalResult<GameId> {
        let n = u.node.n.parse::<u64>().ok().filter(|&n| (1..=MAX_UPTIMAL).contains(&n)).ok_or_else(|| {
            Box::new(
                Diagnostic::error(
                    Code::Number,
                    u.span.clone(),
                    format!("`{}` is not an uptimal index from 1 to {MAX_UPTIMAL}", u.node.n),
                )
                .with_hint("uptimals are written ^<n> and ^[n] with n a small positive whole number"),
            )
        })?;
        let up = self.games.nus(&cgt_core::Dyadic::zero(), 1, 0);
        let budget = ctx.budget;
        let g = if u.node.sum {
            operators::powto(&mut self.games, up, n, budget)
        } else {
            operators::pow(&mut self.games, up, n, budget)
        };
        let g = g.map_err(|e| match e {
            operators::OpError::Exhausted(x) => gave_up(x, u.span.clone(), budget),
            operators::OpError::Undefined(msg) => Box::new(Diagnostic::error(Code::Argument, u.span.clone(), msg)),
        })?;
        let g = if u.node.down { self.lift(&u.span, budget, |games, b| games.neg(g, b))? } else { g };
        match &u.node.copies {
            None => Ok(g),
            Some(k) => {
                let k: cgt_core::Dyadic =
                    k.parse::<num_bigint::BigInt>().map(|k| cgt_core::Dyadic::new(k, 0)).map_err(|_| {
                        Box::new(Diagnostic::error(
                            Code::Number,
                            u.span.clone(),
                            format!("`{k}` is not a whole number"),
                        ))
                    })?;
                operators::multiple(&mut self.games, &k, g, budget).map_err(|e| match e {
                    operators::OpError::Exhausted(x) => gave_up(x, u.span.clone(), budget),
                    operators::OpError::Undefined(msg) => {
                        Box::new(Diagnostic::error(Code::Argument, u.span.clone(), msg))
                    }
                })
            }
        }
    }

    /// `±(A, B, ...)` = `{A, B, ... | -A, -B, ...}`.
    fn plus_minus(&mut self, opts: &[GameId], span: &Span, budget: &Budget) -> EvalResult<GameId> {
        self.lift(span, budget, |g, b| {
            let negs = opts.iter().map(|&o| g.neg(o, b)).collect::<Result<Vec<_>, _>>()?;
            g.from_options(opts, &negs, b)
        })
    }

    fn ordinal(&mut self, parts: &[Expr], span: &Span, ctx: &Ctx) -> EvalResult<Value> {
        let values = parts.iter().map(|p| self.eval(p, ctx)).collect::<EvalResult<Vec<_>>>()?;
        if values.iter().any(|v| matches!(v, Value::Loopy(_))) {
            return self.loopy_ordinal(parts, values, span, ctx);
        }
        let mut acc = None;
        for (p, v) in parts.iter().zip(values) {
            let h = self.as_game(v, p, ctx)?;
            acc = Some(match acc {
                None => h,
                Some(a) => self.lift(span, ctx.budget, |g, b| g.ordinal_sum(a, h, b))?,
            });
        }
        Ok(Value::Game(acc.expect("an ordinal sum has parts")))
    }

    /// `3 * G`: `count` copies of the game `body`, by doubling (of a loopy game, added one by
    /// one, as `G + G + G`).
    fn multiple(&mut self, count: &Spanned<String>, body: &Expr, ctx: &Ctx) -> EvalResult<Value> {
        let n = count.node.parse::<num_bigint::BigInt>().map_err(|_| {
            Box::new(Diagnostic::error(Code::Syntax, count.span.clone(), "the number of copies is a whole number"))
        })?;
        let v = self.eval(body, ctx)?;
        let span = count.span.start..body.span.end;
        if matches!(v, Value::Loopy(_)) {
            return self.loopy_multiple(&n, v, &span, ctx);
        }
        let g = self.as_game(v, body, ctx)?;
        cgt_core::operators::multiple(&mut self.games, &cgt_core::Dyadic::integer(n), g, ctx.budget)
            .map(Value::Game)
            .map_err(|e| crate::args::op_error(e, &span, ctx.budget))
    }

    fn sum(&mut self, first: &Expr, rest: &[(Spanned<SumOp>, Expr)], ctx: &Ctx) -> EvalResult<Value> {
        let mut terms = vec![(SumOp::Add, first, self.eval(first, ctx)?)];
        for (op, term) in rest {
            terms.push((op.node, term, self.eval(term, ctx)?));
        }
        if terms.iter().any(|(_, _, v)| matches!(v, Value::Loopy(_))) {
            return self.loopy_sum(terms, ctx);
        }
        let mut terms = terms.into_iter();
        let (_, _, v) = terms.next().expect("a sum has a first term");
        let mut acc = self.as_game(v, first, ctx)?;
        for (op, term, v) in terms {
            let t = self.as_game(v, term, ctx)?;
            let span = first.span.start..term.span.end;
            acc = match op {
                SumOp::Add => self.lift(&span, ctx.budget, |g, b| g.add(acc, t, b))?,
                SumOp::Sub => self.lift(&span, ctx.budget, |g, b| g.sub(acc, t, b))?,
            };
        }
        Ok(Value::Game(acc))
    }

    fn unary(&mut self, ops: &[Spanned<UnaryOp>], operand: &Expr, ctx: &Ctx) -> EvalResult<Computed> {
        if let Some(m) = ops.iter().find(|o| o.node == UnaryOp::Misere) {
            if ops.len() > 1 {
                return Err(Box::new(Diagnostic::error(
                    Code::Syntax,
                    m.span.clone(),
                    "write `misere` once, before the whole game",
                )));
            }
            return self.misere(operand, ctx);
        }
        let v = self.eval(operand, ctx)?;
        if matches!(v, Value::Loopy(_)) {
            return self.loopy_unary(ops, v, operand, ctx).map(Computed::plain);
        }
        let mut g = self.as_game(v, operand, ctx)?;
        for op in ops.iter().rev() {
            let span = op.span.start..operand.span.end;
            g = match op.node {
                UnaryOp::Neg => self.lift(&span, ctx.budget, |games, b| games.neg(g, b))?,
                _ => self.plus_minus(&[g], &span, ctx.budget)?,
            };
        }
        Ok(Computed::plain(Value::Game(g)))
    }

    pub(crate) fn lookup(&mut self, name: &str, span: &Span) -> EvalResult<Value> {
        if let Some(b) = self.env.get(name) {
            return Ok(b.value.clone());
        }
        let mut d = Diagnostic::error(Code::Name, span.clone(), format!("unknown name `{name}`"));
        d = if let Some(s) = suggest(name, self.env.keys().map(String::as_str)) {
            d.with_hint(format!("did you mean `{s}`?"))
        } else if let Some(hint) = cgt_syntax::pseudo_name_hint(name) {
            d.with_hint(hint)
        } else if let Some((_, hint)) = FOREIGN_NAMES.iter().find(|(n, _)| *n == name) {
            d.with_hint(*hint)
        } else if name.chars().all(|c| "BWG_".contains(c)) {
            d.with_hint("green boxes `G` are only allowed inside `boxes[...]`, e.g. `boxes[BGW]`")
        } else if name.chars().all(|c| "BWRL".contains(c)) {
            d.with_hint("box piles and dominoes use B (black) and W (white); trees use B, R and G: `tree[B(R)]`")
        } else if crate::rows::function(name).is_some() || crate::rows::ruleset(name).is_some() {
            d.with_hint(format!("`{name}` is a function or ruleset: write `{name}(...)` or `{name}[...]`"))
        } else {
            d.with_hint(format!("bind it first with `let {name} = ...`"))
        };
        Err(Box::new(d))
    }

    /// The value of a position written in a ruleset's notation (a move), printed; `None` if it
    /// cannot be evaluated within the budget.
    pub(crate) fn value_of_notation(&mut self, notation: &str, ctx: &Ctx) -> Option<String> {
        let parsed = cgt_syntax::parse(notation);
        let [stmt] = parsed.stmts.as_slice() else { return None };
        let cgt_syntax::StmtKind::Expr(e) = &stmt.kind else { return None };
        let inner = Ctx { budget: ctx.budget, src: notation, top: None, moves: false };
        let v = self.eval(e, &inner).ok()?;
        Some(self.show(&v))
    }
}

impl Session {
    /// Evaluates `name(args)` through the function's row.
    pub(crate) fn call(
        &mut self,
        name: &cgt_syntax::Spanned<String>,
        args: &[CallArg],
        span: &cgt_syntax::Span,
        ctx: &Ctx,
    ) -> EvalResult<Computed> {
        let user = |n: &str| self.table::<crate::defs::Defs>().lookup(n);
        let def = match callee(&name.node, Role::Call, user) {
            Some(Callee::User(idx)) => return self.call_user_at(idx, args, span, ctx).map(Computed::plain),
            Some(Callee::Builtin(b)) => return self.call_builtin_values(b, args, span, ctx).map(Computed::plain),
            Some(Callee::Function(def)) => def,
            // Nothing of that name: the error, with a suggestion.
            Some(Callee::Ruleset(_)) | None => find_function(name)?,
        };
        let args: Vec<Arg> = args.iter().map(Arg::Syntax).collect();
        (def.eval)(self, &Call { name, args: &args, span, def }, ctx)
    }
}

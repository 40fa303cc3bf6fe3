//! Compiling a definition's body once: names become frame slots or constants, calls become
//! indices of definitions or builtins, literals become values, so running a body does no
//! string lookups.

use std::sync::Arc;

use cgt_core::game::Games;
use cgt_syntax::{BinOp, Clause, DExpr, DKind, Item, PrefixOp, Span};
use num_bigint::BigInt;

use super::{DVal, Defs, Fail};
use crate::registry::{FunctionDef, Returns};

/// The builtins of the definition language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Builtin {
    Min,
    Max,
    Mex,
    Sum,
    Len,
}

/// A compiled expression.
#[derive(Debug)]
pub(crate) enum CExpr {
    Const(DVal),
    Local(usize),
    Prefix(PrefixOp, Box<CExpr>, Span),
    Binary(BinOp, Box<CExpr>, Box<CExpr>, Span),
    If(Box<CExpr>, Box<CExpr>, Box<CExpr>, Span),
    Range(Box<CExpr>, Box<CExpr>, Span),
    List(Vec<CItem>),
    Tuple(Vec<CExpr>),
    Index(Box<CExpr>, Box<CExpr>, Span),
    Slice(Box<CExpr>, Box<CExpr>, Box<CExpr>, Span),
    Call(usize, Vec<CExpr>),
    Builtin(Builtin, Vec<CExpr>, Span),
    /// A function of the registry (`mean`, `temp`, `grundy`, `nimsum`, ...) on values.
    Registry(&'static FunctionDef, Vec<CExpr>, Span),
    Game(Vec<CItem>, Vec<CItem>, Span),
    /// The body of the partizan rule `defs[idx]`: its Left and Right option lists.
    Sides(Box<CExpr>, Box<CExpr>, usize, Span),
}

/// A compiled list or option item.
#[derive(Debug)]
pub(crate) struct CItem {
    pub expr: CExpr,
    pub clauses: Vec<CClause>,
}

/// A compiled comprehension clause: a `for` writes its slot.
#[derive(Debug)]
pub(crate) enum CClause {
    For(usize, CExpr, Span),
    If(CExpr, Span),
}

/// A compiled definition.
#[derive(Debug)]
pub(crate) struct Compiled {
    pub name: String,
    pub arity: usize,
    pub slots: usize,
    pub body: CExpr,
    /// Whether it is a heap rule (`rule`).
    pub is_rule: bool,
}

/// The compiler's state: the names in scope, innermost last, each with its slot.
pub(crate) struct Compiler<'a> {
    pub defs: &'a Defs,
    pub games: &'a mut Games,
    pub globals: &'a dyn Fn(&str, &mut Games) -> Option<DVal>,
    pub scope: Vec<(String, usize)>,
    pub slots: usize,
    /// The definition being compiled (it may call itself), with its index and arity.
    pub current: Option<(String, usize, usize)>,
}

impl Compiler<'_> {
    pub fn expr(&mut self, e: &DExpr) -> Result<CExpr, Fail> {
        let span = e.span.clone();
        Ok(match &e.node {
            DKind::Int(s) => CExpr::Const(DVal::Int(s.parse::<BigInt>().map_err(|_| fail(&span, "not a number"))?)),
            DKind::Nus(n) => {
                let x = match &n.number {
                    Some(lit) => crate::numbers::number(lit).map_err(|d| fail(&span, &d.message))?,
                    None => cgt_core::Dyadic::zero(),
                };
                let star = match &n.star {
                    Some(s) => crate::numbers::star(s).map_err(|d| fail(&span, &d.message))?,
                    None => Default::default(),
                };
                let g = self.games.nus_big(&x, n.ups.as_ref().map_or(0, |u| u.node), &star);
                CExpr::Const(DVal::game(self.games, g))
            }
            DKind::Bool(b) => CExpr::Const(DVal::Bool(*b)),
            DKind::Str(s) => CExpr::Const(DVal::Str(Arc::from(s.as_str()))),
            DKind::Name(n) => self.name(n, &span)?,
            DKind::Prefix(op, a) => CExpr::Prefix(*op, Box::new(self.expr(a)?), span),
            DKind::Binary(op, a, b) => CExpr::Binary(*op, Box::new(self.expr(a)?), Box::new(self.expr(b)?), span),
            DKind::If(c, a, b) => {
                CExpr::If(Box::new(self.expr(c)?), Box::new(self.expr(a)?), Box::new(self.expr(b)?), span)
            }
            DKind::Range(a, b) => CExpr::Range(Box::new(self.expr(a)?), Box::new(self.expr(b)?), span),
            DKind::List(items) => CExpr::List(self.items(items)?),
            DKind::Tuple(xs) => CExpr::Tuple(xs.iter().map(|x| self.expr(x)).collect::<Result<_, _>>()?),
            DKind::Index(a, i) => CExpr::Index(Box::new(self.expr(a)?), Box::new(self.expr(i)?), span),
            DKind::Slice(a, i, j) => {
                CExpr::Slice(Box::new(self.expr(a)?), Box::new(self.expr(i)?), Box::new(self.expr(j)?), span)
            }
            DKind::Call(name, args) => self.call(&name.node, args, &span)?,
            DKind::Game(l, r) => CExpr::Game(self.items(l)?, self.items(r)?, span),
        })
    }

    fn name(&mut self, n: &str, span: &Span) -> Result<CExpr, Fail> {
        if let Some((_, slot)) = self.scope.iter().rev().find(|(m, _)| m == n) {
            return Ok(CExpr::Local(*slot));
        }
        if let Some(v) = (self.globals)(n, self.games) {
            return Ok(CExpr::Const(v));
        }
        if let Some(c) = cgt_syntax::down_count(n) {
            let g = self.games.nus(&cgt_core::Dyadic::zero(), c, 0);
            return Ok(CExpr::Const(DVal::game(self.games, g)));
        }
        Err(fail(span, &format!("unknown name `{n}`: not a parameter, a `for` variable or a `let` name")))
    }

    fn call(&mut self, name: &str, args: &[DExpr], span: &Span) -> Result<CExpr, Fail> {
        let compiled: Vec<CExpr> = args.iter().map(|a| self.expr(a)).collect::<Result<_, _>>()?;
        let target = match &self.current {
            Some((n, idx, arity)) if n == name => Some((*idx, *arity)),
            _ => self.defs.lookup(name).map(|i| (i, self.defs.compiled[i].arity)),
        };
        if let Some((idx, arity)) = target {
            if arity != args.len() {
                return Err(fail(span, &format!("`{name}` takes {arity} argument(s), not {}", args.len())));
            }
            return Ok(CExpr::Call(idx, compiled));
        }
        let b = match name {
            "min" => Builtin::Min,
            "max" => Builtin::Max,
            "mex" => Builtin::Mex,
            "sum" => Builtin::Sum,
            "len" => Builtin::Len,
            _ => return registry_call(name, compiled, span),
        };
        Ok(CExpr::Builtin(b, compiled, span.clone()))
    }

    fn items(&mut self, items: &[Item]) -> Result<Vec<CItem>, Fail> {
        items.iter().map(|i| self.item(i)).collect()
    }

    fn item(&mut self, item: &Item) -> Result<CItem, Fail> {
        let depth = self.scope.len();
        let mut clauses = Vec::new();
        for c in &item.clauses {
            match c {
                Clause::For(var, e) => {
                    let over = self.expr(e)?;
                    let slot = self.slots;
                    self.slots += 1;
                    self.scope.push((var.node.clone(), slot));
                    clauses.push(CClause::For(slot, over, e.span.clone()));
                }
                Clause::If(e) => clauses.push(CClause::If(self.expr(e)?, e.span.clone())),
            }
        }
        let expr = self.expr(&item.expr);
        self.scope.truncate(depth);
        Ok(CItem { expr: expr?, clauses })
    }
}

/// A call of a function of the registry, if it gives a value definitions can use.
fn registry_call(name: &str, args: Vec<CExpr>, span: &Span) -> Result<CExpr, Fail> {
    let Some(def) = crate::registry::function(name) else {
        let msg = format!("unknown function `{name}`: define it first with `def`, or use min, max, mex, sum, len");
        return Err(fail(span, &msg));
    };
    match def.returns {
        Returns::Game | Returns::Number | Returns::Integer | Returns::List => {
            Ok(CExpr::Registry(def, args, span.clone()))
        }
        other => Err(fail(
            span,
            &format!(
                "`{name}` cannot be called inside a definition: it gives {}, and definitions compute with \
                 numbers, games, strings, lists and tuples",
                other.describe()
            ),
        )),
    }
}

fn fail(span: &Span, msg: &str) -> Fail {
    Fail { span: span.clone(), message: msg.to_string(), chain: Vec::new() }
}

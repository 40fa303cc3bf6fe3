//! Compiling a definition's body once: names become frame slots or constants, calls become
//! indices of definitions or builtins, literals become values, so running a body does no
//! string lookups.

use std::sync::Arc;

use cgt_core::game::Games;
use cgt_syntax::{BinOp, Clause, DExpr, DKind, Expr, ExprKind, Item, PositionTemplate, PrefixOp, Span};
use num_bigint::BigInt;

use super::fast::Fast;
use super::{DVal, Defs, Fail};
use crate::registry::FunctionDef;
pub(crate) use crate::resolve::Builtin;
use crate::resolve::{Callee, Role, callee};

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
    /// A position of a built-in ruleset, its arguments computed (see `defs/positions.rs`).
    Position(Arc<PositionCode>, Span),
    /// A rule named as an argument of a registry function (`grundy(sq, n)`): a user `rule` or
    /// a heap ruleset, by its name.
    RuleName(Arc<str>),
    /// `a{...}`: a game literal (the body) whose label, number `.0`, names its own position.
    Labelled(usize, Box<CExpr>),
    /// A label used inside its literal: a move to the literal's position (an option only).
    LabelRef(usize, Span),
    /// A constant written in the statements' notation (an uptimal, a pseudonumber), evaluated
    /// by the session when the body runs.
    Literal(Arc<Expr>),
    /// `pass`: an option of a game literal, a move from the literal to itself (the parser
    /// reads it only as an option, and the compiler only without clauses).
    Pass(Span),
    /// An arithmetic or comparison expression with its machine-word twin, tried first (see
    /// `defs/fast.rs`).
    Fast(Box<Fast>, Box<CExpr>),
}

/// A ruleset position's text with holes for the names in scope.
#[derive(Debug)]
pub(crate) struct PositionCode {
    /// The ruleset's name.
    pub name: String,
    /// The tokens after the name.
    pub pieces: Vec<Piece>,
}

/// A token of a position: as written, or a name whose value goes there.
#[derive(Debug)]
pub(crate) enum Piece {
    Text(String),
    /// A computed value, and how messages name it (`` `n` ``, "the value in brackets").
    Hole(CExpr, String),
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
    /// Stops the `for` before it at the first value where the condition is false.
    While(CExpr, Span),
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
    /// The labels of the game literals around the expression being compiled, innermost last.
    pub labels: Vec<(String, usize)>,
}

/// Label numbers, unique in the process: a label's position is found by its number when its
/// literal closes (`defs/cycles.rs`).
static NEXT_LABEL: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

impl Compiler<'_> {
    pub fn expr(&mut self, e: &DExpr) -> Result<CExpr, Fail> {
        let span = e.span.clone();
        Ok(match &e.node {
            DKind::Int(s) => {
                CExpr::Const(DVal::Int(super::Int::big(s.parse::<BigInt>().map_err(|_| fail(&span, "not a number"))?)))
            }
            // An uptimal or a pseudonumber (`^<3>`, `5over`) is read as a statement reads it.
            DKind::Nus(n) if n.uptimal.is_some() || n.pseudo.is_some() => {
                CExpr::Literal(Arc::new(Expr::new(ExprKind::Nus(Box::new(n.clone())), span.clone())))
            }
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
            DKind::Prefix(op, a) => with_twin(CExpr::Prefix(*op, Box::new(self.expr(a)?), span)),
            DKind::Binary(op, a, b) => {
                with_twin(CExpr::Binary(*op, Box::new(self.expr(a)?), Box::new(self.expr(b)?), span))
            }
            DKind::If(c, a, b) => {
                CExpr::If(Box::new(self.expr(c)?), Box::new(self.expr(a)?), Box::new(self.expr(b)?), span)
            }
            DKind::Range(a, b) => CExpr::Range(Box::new(self.expr(a)?), Box::new(self.expr(b)?), span),
            DKind::List(items) => CExpr::List(self.items(items)?),
            DKind::Tuple(xs) => CExpr::Tuple(xs.iter().map(|x| self.expr(x)).collect::<Result<_, _>>()?),
            DKind::Index(a, i) => match &a.node {
                // `v[3]` with no value named `v`: the uptimal (`↓[3]`), as in statements.
                DKind::Name(v) if v == "v" && !self.in_scope(v) && matches!(i.node, DKind::Int(_)) => {
                    let DKind::Int(n) = &i.node else { unreachable!("matched above") };
                    let u = cgt_syntax::Uptimal { down: true, sum: true, n: n.clone(), copies: None };
                    let nus = cgt_syntax::Nus {
                        number: None,
                        ups: None,
                        star: None,
                        uptimal: Some(cgt_syntax::Spanned::new(u, span.clone())),
                        pseudo: None,
                    };
                    CExpr::Literal(Arc::new(Expr::new(ExprKind::Nus(Box::new(nus)), span.clone())))
                }
                // `kayles[n + 1]`: a ruleset's position whose one argument is computed.
                DKind::Name(n) if !self.in_scope(n) && crate::rows::ruleset(n).is_some() => {
                    let hole = Piece::Hole(self.expr(i)?, "the value in brackets".to_string());
                    let pieces = vec![Piece::Text("[".into()), hole, Piece::Text("]".into())];
                    CExpr::Position(Arc::new(PositionCode { name: n.clone(), pieces }), span)
                }
                _ => CExpr::Index(Box::new(self.expr(a)?), Box::new(self.expr(i)?), span),
            },
            DKind::Slice(a, i, j) => {
                CExpr::Slice(Box::new(self.expr(a)?), Box::new(self.expr(i)?), Box::new(self.expr(j)?), span)
            }
            DKind::Call(name, args) => self.call(&name.node, args, &span)?,
            DKind::Game(l, r) => CExpr::Game(self.items(l)?, self.items(r)?, span),
            DKind::Position(p) => self.position(p, &span)?,
            DKind::Pass => CExpr::Pass(span),
            DKind::Labelled(label, body) => {
                let id = NEXT_LABEL.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                self.labels.push((label.node.clone(), id));
                let body = self.expr(body);
                self.labels.pop();
                CExpr::Labelled(id, Box::new(body?))
            }
        })
    }

    fn in_scope(&mut self, n: &str) -> bool {
        self.scope.iter().any(|(m, _)| m == n) || (self.globals)(n, self.games).is_some()
    }

    /// `name[...]`: an index of a value named `name`, else a position of the ruleset `name`.
    fn position(&mut self, p: &PositionTemplate, span: &Span) -> Result<CExpr, Fail> {
        let name = &p.name.node;
        if name == "v"
            && !self.in_scope(name)
            && let Some(i) = &p.index
            && matches!(i.node, DKind::Int(_))
        {
            let base = Box::new(DExpr::new(DKind::Name(name.clone()), p.name.span.clone()));
            return self.expr(&DExpr::new(DKind::Index(base, Box::new(i.clone())), span.clone()));
        }
        if self.in_scope(name) {
            let base = self.name(name, &p.name.span)?;
            let Some(i) = &p.index else {
                return Err(fail(span, &format!("`{name}` is a value: write `{name}[i]` for its element at `i`")));
            };
            return Ok(CExpr::Index(Box::new(base), Box::new(self.expr(i)?), span.clone()));
        }
        if crate::rows::ruleset(name).is_none() {
            let hint = if self.defs.rule(name).is_some() || self.defs.partizan(name).is_some() {
                format!("inside definitions a rule's positions are calls: `{name}(n)`")
            } else {
                "not a parameter, a `for` variable, a `let` name or a ruleset".to_string()
            };
            return Err(fail(&p.name.span, &format!("unknown name `{name}`: {hint}")));
        }
        let mut pieces = Vec::with_capacity(p.tokens.len());
        for t in &p.tokens {
            pieces.push(if t.word && self.in_scope(&t.text) {
                Piece::Hole(self.name(&t.text, &t.span)?, format!("`{}`", t.text))
            } else {
                Piece::Text(t.text.clone())
            });
        }
        Ok(CExpr::Position(Arc::new(PositionCode { name: name.clone(), pieces }), span.clone()))
    }

    fn name(&mut self, n: &str, span: &Span) -> Result<CExpr, Fail> {
        if let Some((_, id)) = self.labels.iter().rev().find(|(m, _)| m == n) {
            return Ok(CExpr::LabelRef(*id, span.clone()));
        }
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
        let user = |n: &str| match &self.current {
            Some((m, idx, arity)) if m == n => Some((*idx, *arity)),
            _ => self.defs.lookup(n).map(|i| (i, self.defs.compiled[i].arity)),
        };
        match callee(name, Role::Call, user) {
            Some(Callee::User((idx, arity))) => {
                if arity != args.len() {
                    return Err(fail(span, &format!("`{name}` takes {arity} argument(s), not {}", args.len())));
                }
                Ok(CExpr::Call(idx, self.exprs(args)?))
            }
            Some(Callee::Builtin(b)) => Ok(CExpr::Builtin(b, self.exprs(args)?, span.clone())),
            Some(Callee::Function(def)) => {
                let compiled = args.iter().map(|a| self.registry_arg(a)).collect::<Result<_, _>>()?;
                Ok(CExpr::Registry(def, compiled, span.clone()))
            }
            Some(Callee::Ruleset(_)) | None => {
                let msg = format!(
                    "unknown function `{name}`: define it first with `def`, or use min, max, mex, sum, len, isqrt"
                );
                Err(fail(span, &msg))
            }
        }
    }

    fn exprs(&mut self, args: &[DExpr]) -> Result<Vec<CExpr>, Fail> {
        args.iter().map(|a| self.expr(a)).collect()
    }

    /// An argument of a registry function: a bare name that is not a value in scope but names
    /// a user `rule` or a heap ruleset is that rule (`grundy(sq, n)`, `quotient(kayles)`).
    fn registry_arg(&mut self, a: &DExpr) -> Result<CExpr, Fail> {
        if let DKind::Name(n) = &a.node
            && !self.in_scope(n)
            && (self.defs.rule(n).is_some() || crate::rows::ruleset(n).is_some_and(|r| r.heap_rule.is_some()))
        {
            return Ok(CExpr::RuleName(Arc::from(n.as_str())));
        }
        self.expr(a)
    }

    fn items(&mut self, items: &[Item]) -> Result<Vec<CItem>, Fail> {
        items.iter().map(|i| self.item(i)).collect()
    }

    fn item(&mut self, item: &Item) -> Result<CItem, Fail> {
        if matches!(item.expr.node, DKind::Pass) && !item.clauses.is_empty() {
            return Err(fail(
                &item.expr.span,
                "`pass` is one option, a move to the game itself: it takes no `for` or `if`",
            ));
        }
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
                Clause::While(e) => clauses.push(CClause::While(self.expr(e)?, e.span.clone())),
            }
        }
        let expr = self.expr(&item.expr);
        self.scope.truncate(depth);
        Ok(CItem { expr: expr?, clauses })
    }
}

/// `e` with its machine-word twin, when it has one.
fn with_twin(e: CExpr) -> CExpr {
    match Fast::of(&e) {
        Some(f) => CExpr::Fast(Box::new(f), Box::new(e)),
        None => e,
    }
}

fn fail(span: &Span, msg: &str) -> Fail {
    Fail { span: span.clone(), message: msg.to_string(), chain: Vec::new() }
}

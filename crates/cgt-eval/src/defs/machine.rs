//! Running compiled bodies: the tree walk over one body, and the driver with its explicit call
//! stack (see the parent module for why this never overflows the stack).

use std::sync::Arc;

use super::compile::{Builtin, CClause, CExpr, CItem, Compiled};
use super::fast::Fast;
use super::int::Int;
use super::{DVal, Defs, Fail, Stop};
use cgt_core::game::Comparison;
use cgt_core::{Budget, Dyadic};
use cgt_syntax::{BinOp, PrefixOp, Span};

/// One evaluation's view of the session: the definitions, taken out of the session while the
/// machine runs (see [`crate::session::Session::with_machine`]), and the session itself, for the game
/// arena and the functions of the registry.
pub(crate) struct Machine<'a> {
    pub defs: &'a mut Defs,
    pub s: &'a mut crate::session::Session,
    pub budget: &'a Budget,
}

type R<T> = Result<T, Stop>;

impl Machine<'_> {
    /// Evaluates an anonymous body (a table statement), evaluating the calls it needs first.
    pub fn run_root(&mut self, c: &Compiled) -> R<DVal> {
        self.run_root_with(c, &[])
    }

    /// Evaluates an anonymous body with `args` in its first slots (a cell of a two-dimensional
    /// table, its indices' values there).
    pub fn run_root_with(&mut self, c: &Compiled, args: &[DVal]) -> R<DVal> {
        loop {
            let mut frame = args.to_vec();
            frame.resize(c.slots.max(args.len()), DVal::Bool(false));
            match self.eval(&c.body, &mut frame) {
                Err(Stop::Miss(d, args)) => {
                    self.call(d, args)?;
                }
                other => return other,
            }
        }
    }

    /// The body of `defs[idx]` on `args`, evaluating the calls it needs first; its own value is
    /// not memoised (a rule's table keeps what it needs of it).
    pub fn run_body(&mut self, idx: usize, args: Vec<DVal>) -> R<DVal> {
        let c = self.defs.compiled[idx].clone();
        loop {
            let mut frame = args.clone();
            frame.resize(c.slots, DVal::Bool(false));
            match self.eval(&c.body, &mut frame) {
                Err(Stop::Miss(d, a)) => {
                    self.call(d, a)?;
                }
                other => return other,
            }
        }
    }

    /// `defs[idx](args)`, memoised, with an explicit stack of pending calls. After an error the
    /// calls left pending and the open calls (which may reach them) are forgotten.
    pub fn call(&mut self, idx: usize, args: Vec<DVal>) -> R<DVal> {
        let out = self.drive(idx, args);
        if out.is_err() {
            self.defs.pending.clear();
            self.defs.open.clear();
        }
        out
    }

    fn drive(&mut self, idx: usize, args: Vec<DVal>) -> R<DVal> {
        if self.defs.open.contains_key(&(idx, args.clone())) {
            return self.resolve_open((idx, args));
        }
        let mut stack: Vec<(usize, Vec<DVal>)> = vec![(idx, args)];
        self.defs.pending.insert(stack[0].clone());
        loop {
            self.budget.check().map_err(Stop::Budget)?;
            let (d, a) = stack.last().cloned().expect("the stack is not empty here");
            let v = if let Some(v) = self.defs.memo.get(&(d, a.clone())) {
                Ok(v.clone())
            } else {
                let c = self.defs.compiled[d].clone();
                let mut frame = a.clone();
                frame.resize(c.slots, DVal::Bool(false));
                self.eval_raw(&c.body, &mut frame)
            };
            match v {
                Ok(v) => {
                    stack.pop();
                    let key = (d, a);
                    self.defs.pending.remove(&key);
                    self.memoise(key.clone(), v.clone())?;
                    if stack.is_empty() {
                        return if matches!(v, DVal::Shape(_)) { self.resolve_open(key) } else { Ok(v) };
                    }
                }
                Err(Stop::Miss(d2, a2)) => {
                    let key = (d2, a2);
                    if self.defs.pending.contains(&key) {
                        let Stop::Fail(mut f) = self.needs_own_value(&key) else { unreachable!("a failure") };
                        f.chain = stack.iter().map(|(d, a)| self.show_call(*d, a)).collect();
                        return Err(Stop::Fail(f));
                    }
                    self.budget.check_memory(stack.len().saturating_mul(96)).map_err(Stop::Budget)?;
                    self.defs.pending.insert(key.clone());
                    stack.push(key);
                }
                Err(Stop::Fail(mut f)) => {
                    if f.chain.is_empty() {
                        f.chain = stack.iter().map(|(d, a)| self.show_call(*d, a)).collect();
                    }
                    return Err(Stop::Fail(f));
                }
                Err(e) => return Err(e),
            }
        }
    }

    /// Keeps a call's value: in the memo, or with the open calls when it is a shape.
    fn memoise(&mut self, key: (usize, Vec<DVal>), v: DVal) -> R<()> {
        self.defs.memo_bytes += 64 + 48 * key.1.len();
        if let DVal::Shape(s) = &v {
            self.defs.memo_bytes += s.bytes();
        }
        self.budget.check_memory(self.defs.memo_bytes).map_err(Stop::Budget)?;
        match v {
            DVal::Shape(s) => {
                self.defs.open.insert(key, s);
            }
            v => {
                self.defs.memo.insert(key, v);
            }
        }
        Ok(())
    }

    pub(super) fn show_call(&mut self, d: usize, args: &[DVal]) -> String {
        let shown: Vec<String> = args.iter().map(|a| self.show(a)).collect();
        format!("{}({})", self.defs.compiled[d].name, shown.join(", "))
    }

    pub fn show(&mut self, v: &DVal) -> String {
        match v {
            DVal::Int(n) => n.to_string(),
            DVal::Game(g) => self.s.games.display(*g, Default::default()),
            DVal::Bool(b) => b.to_string(),
            DVal::Str(s) => format!("\"{s}\""),
            DVal::Text(s) => s.to_string(),
            DVal::List(xs) => format!("[{}]", xs.iter().map(|x| self.show(x)).collect::<Vec<_>>().join(", ")),
            DVal::Tuple(xs) => format!("({})", xs.iter().map(|x| self.show(x)).collect::<Vec<_>>().join(", ")),
            DVal::Loopy(l) => self.s.show_loopy(&l.0),
            DVal::Shape(_) => "a loopy game still being built".to_string(),
        }
    }

    /// The value of `e`, a whole value: a game literal reaching calls still being evaluated is
    /// resolved (or an error), never left a shape.
    pub(super) fn eval(&mut self, e: &CExpr, frame: &mut Vec<DVal>) -> R<DVal> {
        // Parameters, `for` variables and constants are never shapes (a shape is never an
        // argument or memoised): the hot path of comprehensions skips the check.
        match e {
            CExpr::Local(i) => return Ok(frame[*i].clone()),
            CExpr::Const(v) => return Ok(v.clone()),
            CExpr::Fast(f, _) => {
                if let Some(v) = f.value(frame) {
                    return Ok(v);
                }
            }
            _ => {}
        }
        let v = self.eval_raw(e, frame)?;
        match v {
            DVal::Shape(_) => self.settle(v),
            v => Ok(v),
        }
    }

    /// The value of `e`, which may be a shape (a game literal reaching calls still being
    /// evaluated): the body of a call, a branch of `if`, an option.
    pub(super) fn eval_raw(&mut self, e: &CExpr, frame: &mut Vec<DVal>) -> R<DVal> {
        Ok(match e {
            CExpr::Const(v) => v.clone(),
            CExpr::Local(i) => frame[*i].clone(),
            CExpr::Fast(f, general) => match f.value(frame) {
                Some(v) => v,
                None => self.eval_raw(general, frame)?,
            },
            CExpr::Prefix(op, a, span) => {
                let a = self.eval(a, frame)?;
                match (op, a) {
                    (PrefixOp::Not, DVal::Bool(b)) => DVal::Bool(!b),
                    (PrefixOp::Neg, DVal::Int(n)) => DVal::Int(n.neg()),
                    (PrefixOp::Neg, DVal::Game(g)) => {
                        let n = self.s.games.neg(g, self.budget).map_err(Stop::Budget)?;
                        DVal::game(&self.s.games, n)
                    }
                    (PrefixOp::PlusMinus, v @ (DVal::Int(_) | DVal::Game(_))) => {
                        // `±G = {G | -G}`.
                        let g = self.as_game(&v, span)?;
                        let games = &mut self.s.games;
                        let neg = games.neg(g, self.budget).map_err(Stop::Budget)?;
                        let pm = games.from_options(&[g], &[neg], self.budget).map_err(Stop::Budget)?;
                        DVal::game(games, pm)
                    }
                    (PrefixOp::Neg | PrefixOp::PlusMinus, v @ DVal::Loopy(_)) => self.loopy_prefix(*op, v, span)?,
                    (PrefixOp::Not, _) => return Err(fail(span, "`not` needs true or false")),
                    (PrefixOp::Neg | PrefixOp::PlusMinus, _) => {
                        return Err(fail(span, "only numbers and games can be negated or given `+-`"));
                    }
                }
            }
            CExpr::Binary(op, a, b, span) => {
                // Whole-number arithmetic on parameters and constants reads them in place.
                if let (Some(DVal::Int(x)), Some(DVal::Int(y))) = (simple(a, frame), simple(b, frame))
                    && let Some(v) = int_op(*op, x, y)
                {
                    return Ok(v);
                }
                let a = self.eval(a, frame)?;
                match (op, &a) {
                    (BinOp::And, DVal::Bool(false)) => return Ok(a),
                    (BinOp::Or, DVal::Bool(true)) => return Ok(a),
                    _ => {}
                }
                let b = self.eval(b, frame)?;
                // Whole-number arithmetic on computed operands (`n - k * k`) without the
                // general dispatch.
                if let (DVal::Int(x), DVal::Int(y)) = (&a, &b)
                    && let Some(v) = int_op(*op, x, y)
                {
                    return Ok(v);
                }
                self.binary(*op, a, b, span)?
            }
            CExpr::If(c, a, b, span) => match self.eval(c, frame)? {
                DVal::Bool(true) => self.eval_raw(a, frame)?,
                DVal::Bool(false) => self.eval_raw(b, frame)?,
                _ => return Err(fail(span, "the condition of `if` must be true or false")),
            },
            CExpr::Range(a, b, span) => {
                let (a, b) = (self.int(a, frame, span)?, self.int(b, frame, span)?);
                let len = if b < a { Int::Small(0) } else { b.sub(&a).add(&Int::Small(1)) };
                let len = len.to_usize().filter(|&l| l <= 10_000_000).ok_or_else(|| fail(span, "range too long"))?;
                self.budget.check_memory(len.saturating_mul(32)).map_err(Stop::Budget)?;
                let out: Vec<DVal> = (0..len).map(|i| DVal::Int(a.add(&Int::from(i)))).collect();
                DVal::List(Arc::new(out))
            }
            CExpr::List(items) => {
                let mut out = Out::List(Vec::new());
                self.items(items, frame, &mut out)?;
                let Out::List(out) = out else { unreachable!("a list was asked for") };
                DVal::List(Arc::new(out))
            }
            CExpr::Tuple(xs) => {
                let vs = xs.iter().map(|x| self.eval(x, frame)).collect::<R<Vec<_>>>()?;
                DVal::Tuple(Arc::new(vs))
            }
            CExpr::Index(a, i, span) => {
                let a = self.eval(a, frame)?;
                let i = self.int(i, frame, span)?;
                let i = i.to_usize().ok_or_else(|| fail(span, "indices count from 0 and are not negative"))?;
                match &a {
                    DVal::List(xs) | DVal::Tuple(xs) => xs
                        .get(i)
                        .cloned()
                        .ok_or_else(|| fail(span, &format!("index {i} is past the end ({})", xs.len())))?,
                    DVal::Str(s) => s
                        .chars()
                        .nth(i)
                        .map(|c| DVal::Str(Arc::from(c.to_string())))
                        .ok_or_else(|| fail(span, &format!("index {i} is past the end of the string")))?,
                    _ => return Err(fail(span, "only lists, tuples and strings can be indexed")),
                }
            }
            CExpr::Slice(a, i, j, span) => {
                let a = self.eval(a, frame)?;
                let (i, j) = (self.int(i, frame, span)?, self.int(j, frame, span)?);
                // `xs[i..i-1]` is empty for every i from 0 on, so `s[0..k-1]` works for k = 0.
                let (Some(i), Some(j)) = (i.to_usize(), j.add(&Int::Small(1)).to_usize()) else {
                    return Err(fail(span, "slice ends count from 0 and are not negative"));
                };
                let j = j.wrapping_sub(1);
                let pick = |len: usize| -> R<std::ops::Range<usize>> {
                    let end = j.wrapping_add(1);
                    if i > end || end > len {
                        let shown = if end == 0 { "-1".to_string() } else { (end - 1).to_string() };
                        return Err(fail(
                            span,
                            &format!("the slice {i}..{shown} is outside 0..{}", len.saturating_sub(1)),
                        ));
                    }
                    Ok(i..end)
                };
                match &a {
                    DVal::List(xs) => DVal::List(Arc::new(xs[pick(xs.len())?].to_vec())),
                    DVal::Str(s) => {
                        let cs: Vec<char> = s.chars().collect();
                        DVal::Str(Arc::from(cs[pick(cs.len())?].iter().collect::<String>()))
                    }
                    _ => return Err(fail(span, "only lists and strings can be sliced")),
                }
            }
            CExpr::Call(d, args) => {
                let key = (*d, args.iter().map(|x| self.eval(x, frame)).collect::<R<Vec<_>>>()?);
                match self.defs.memo.get(&key) {
                    Some(v) => v.clone(),
                    None if self.defs.open.contains_key(&key) => self.resolve_open(key)?,
                    None => return Err(Stop::Miss(key.0, key.1)),
                }
            }
            CExpr::Registry(def, args, span) => {
                let vs = args.iter().map(|x| self.eval(x, frame)).collect::<R<Vec<_>>>()?;
                let forms = self.argument_forms(args, frame)?;
                self.registry(def, vs, forms, span)?
            }
            CExpr::RuleName(name) => DVal::Text(name.clone()),
            CExpr::Position(code, span) => {
                let text = self.position_text(code, frame, span)?;
                self.position_value(&text, span)?
            }
            // `len` and `sum` of a comprehension take its values as they come, with no list.
            CExpr::Builtin(b @ (Builtin::Len | Builtin::Sum), args, span)
                if let [CExpr::List(items)] = args.as_slice() =>
            {
                let mut out =
                    if *b == Builtin::Len { Out::Count(0) } else { Out::Sum(DVal::Int(Int::Small(0)), span.clone()) };
                self.items(items, frame, &mut out)?;
                match out {
                    Out::Count(n) => DVal::Int(n.into()),
                    Out::Sum(acc, _) => acc,
                    Out::List(_) => unreachable!("a count or a sum was asked for"),
                }
            }
            CExpr::Builtin(b, args, span) => {
                let vs = args.iter().map(|x| self.eval(x, frame)).collect::<R<Vec<_>>>()?;
                self.builtin(*b, vs, span)?
            }
            CExpr::Game(l, r, span) => {
                let (mut lv, mut rv) = (Vec::new(), Vec::new());
                let passes = (self.options(l, frame, &mut lv)?, self.options(r, frame, &mut rv)?);
                self.game_of(lv, rv, passes, span)?
            }
            CExpr::Pass(span) => return Err(fail(span, "`pass` is an option of a game literal: `{1 | pass}`")),
            CExpr::Labelled(label, body) => match &**body {
                CExpr::Game(l, r, span) => {
                    let (mut lv, mut rv) = (Vec::new(), Vec::new());
                    let passes = (self.options(l, frame, &mut lv)?, self.options(r, frame, &mut rv)?);
                    self.labelled_game_of(lv, rv, passes, Some(*label), span)?
                }
                other => self.eval_raw(other, frame)?,
            },
            CExpr::LabelRef(_, span) => {
                return Err(fail(span, "a label is an option of its own game literal: `a{0 | a}`"));
            }
            CExpr::Literal(e) => self.literal(e)?,
            CExpr::Sides(l, r, this, span) => {
                let (lv, rv) = (self.eval(l, frame)?, self.eval(r, frame)?);
                let lg = self.side_options(&lv, *this, "Left", span)?;
                let rg = self.side_options(&rv, *this, "Right", span)?;
                self.game_of(lg, rg, (false, false), span)?
            }
        })
    }

    fn items(&mut self, items: &[CItem], frame: &mut Vec<DVal>, out: &mut Out) -> R<()> {
        for item in items {
            self.clauses(&item.clauses, &item.expr, frame, out, false)?;
        }
        Ok(())
    }

    /// The options of a game literal: calls may be positions still being built. Whether one
    /// of them is `pass` (a move to the literal itself, not put in `out`).
    fn options(&mut self, items: &[CItem], frame: &mut Vec<DVal>, out: &mut Vec<DVal>) -> R<bool> {
        let mut pass = false;
        for item in items {
            if let CExpr::Pass(_) = item.expr {
                pass = true;
                continue;
            }
            let mut list = Out::List(std::mem::take(out));
            self.clauses(&item.clauses, &item.expr, frame, &mut list, true)?;
            let Out::List(list) = list else { unreachable!("a list was asked for") };
            *out = list;
        }
        Ok(pass)
    }

    /// Runs the clauses `cs` around `e`, pushing each value; `false` when a `while` stopped
    /// the `for` it follows (which then ends, and the loops around it go on).
    fn clauses(&mut self, cs: &[CClause], e: &CExpr, frame: &mut Vec<DVal>, out: &mut Out, option: bool) -> R<bool> {
        self.budget.check().map_err(Stop::Budget)?;
        let Some((first, rest)) = cs.split_first() else {
            self.element(e, frame, out, option)?;
            return Ok(true);
        };
        match first {
            CClause::If(CExpr::Fast(f, _), _) if let Some(b) = f.truth(frame) => {
                if b {
                    self.clauses(rest, e, frame, out, option)
                } else {
                    Ok(true)
                }
            }
            CClause::If(c, span) => match self.eval(c, frame)? {
                DVal::Bool(true) => self.clauses(rest, e, frame, out, option),
                DVal::Bool(false) => Ok(true),
                _ => Err(fail(span, "an `if` filter must be true or false")),
            },
            CClause::While(c, span) => match self.eval(c, frame)? {
                DVal::Bool(true) => self.clauses(rest, e, frame, out, option),
                DVal::Bool(false) => Ok(false),
                _ => Err(fail(span, "a `while` condition must be true or false")),
            },
            CClause::For(slot, CExpr::Range(a, b, _), span) => {
                // A range is counted through, never built as a list.
                let (a, b) = (self.int(a, frame, span)?, self.int(b, frame, span)?);
                if a > b {
                    return Ok(true);
                }
                if let (Some(a), Some(b)) = (a.small(), b.small()) {
                    // Machine words while both ends are: the counter cannot overflow. When the
                    // clauses after it are filters with machine-word twins, they and the
                    // element run here, with no call per clause; a filter whose twin cannot
                    // answer sends that step the general way.
                    let filters: Option<Vec<&Fast>> = rest
                        .iter()
                        .map(|c| match c {
                            CClause::If(CExpr::Fast(f, _), _) if !f.is_int() => Some(&**f),
                            _ => None,
                        })
                        .collect();
                    for i in a..=b {
                        // The counter is written in place (no drop) when the slot holds one.
                        match &mut frame[*slot] {
                            DVal::Int(Int::Small(x)) => *x = i,
                            other => *other = DVal::Int(Int::Small(i)),
                        }
                        if let Some(filters) = &filters {
                            match filters.iter().try_fold(true, |all, f| Some(all && f.truth(frame)?)) {
                                Some(true) => {
                                    self.budget.check().map_err(Stop::Budget)?;
                                    self.element(e, frame, out, option)?;
                                    continue;
                                }
                                Some(false) => {
                                    self.budget.check().map_err(Stop::Budget)?;
                                    continue;
                                }
                                None => {}
                            }
                        }
                        if !self.clauses(rest, e, frame, out, option)? {
                            break;
                        }
                    }
                    return Ok(true);
                }
                frame[*slot] = DVal::Int(a);
                loop {
                    if !self.clauses(rest, e, frame, out, option)? {
                        return Ok(true);
                    }
                    // The variable is counted up in place: no body can assign it.
                    match &mut frame[*slot] {
                        DVal::Int(i) if *i < b => *i = i.add(&Int::Small(1)),
                        _ => return Ok(true),
                    }
                }
            }
            CClause::For(slot, over, span) => {
                let xs = match self.eval(over, frame)? {
                    DVal::List(xs) | DVal::Tuple(xs) => xs,
                    DVal::Str(s) => Arc::new(s.chars().map(|c| DVal::Str(Arc::from(c.to_string()))).collect()),
                    _ => return Err(fail(span, "`for` runs over a list, a range, a tuple or a string")),
                };
                for x in xs.iter() {
                    frame[*slot] = x.clone();
                    if !self.clauses(rest, e, frame, out, option)? {
                        break;
                    }
                }
                Ok(true)
            }
        }
    }

    /// Computes one value of a comprehension and puts it where it goes.
    fn element(&mut self, e: &CExpr, frame: &mut Vec<DVal>, out: &mut Out, option: bool) -> R<()> {
        // `len` of values that cannot fail (parameters, constants, tuples of them) needs
        // only their count.
        if let Out::Count(n) = out
            && cannot_fail(e)
        {
            *n += 1;
            return Ok(());
        }
        let v = match e {
            // A whole number computed on machine words goes straight out.
            CExpr::Fast(f, _) if let Some(x) = f.int(frame) => DVal::Int(Int::Small(x)),
            _ if option => self.option_value(e, frame)?,
            _ => self.eval(e, frame)?,
        };
        self.emit(out, v)
    }

    /// Puts one value of a comprehension where it goes.
    #[inline]
    fn emit(&mut self, out: &mut Out, v: DVal) -> R<()> {
        match out {
            Out::List(xs) => xs.push(v),
            Out::Count(n) => *n += 1,
            Out::Sum(acc, span) => {
                *acc = match (&*acc, &v) {
                    (DVal::Int(a), DVal::Int(b)) => DVal::Int(a.add(b)),
                    _ => {
                        let (acc0, span) = (std::mem::replace(acc, DVal::Bool(false)), span.clone());
                        self.binary(BinOp::Add, acc0, v, &span)?
                    }
                }
            }
        }
        Ok(())
    }

    pub(super) fn int(&mut self, e: &CExpr, frame: &mut Vec<DVal>, span: &Span) -> R<Int> {
        match self.eval(e, frame)? {
            DVal::Int(n) => Ok(n),
            v => {
                let shown = self.show(&v);
                Err(fail(span, &format!("expected a whole number, found {shown}")))
            }
        }
    }

    pub(super) fn as_game(&mut self, v: &DVal, span: &Span) -> R<cgt_core::game::GameId> {
        match v {
            DVal::Int(n) => Ok(self.s.games.number(&Dyadic::integer(n.to_big()))),
            DVal::Game(g) => Ok(*g),
            other => {
                let shown = self.show(other);
                Err(fail(span, &format!("{shown} is not a game")))
            }
        }
    }

    fn binary(&mut self, op: BinOp, a: DVal, b: DVal, span: &Span) -> R<DVal> {
        use DVal::{Bool, Int, List, Str, Tuple};
        if matches!(op, BinOp::Sides | BinOp::Ordinal) || [&a, &b].into_iter().any(|v| matches!(v, DVal::Loopy(_))) {
            return self.loopy_binary(op, a, b, span);
        }
        Ok(match (op, a, b) {
            (BinOp::And | BinOp::Or, Bool(_), Bool(y)) => Bool(y),
            (BinOp::Add, Int(x), Int(y)) => Int(x.add(&y)),
            (BinOp::Sub, Int(x), Int(y)) => Int(x.sub(&y)),
            (BinOp::Mul, Int(x), Int(y)) => {
                self.budget.check_memory((x.bits() + y.bits()) as usize / 8).map_err(Stop::Budget)?;
                Int(x.mul(&y))
            }
            (BinOp::Div | BinOp::Mod, Int(_), Int(y)) if y.is_zero() => return Err(fail(span, "division by zero")),
            (BinOp::Div, Int(x), Int(y)) => Int(x.floor_div(&y).expect("the divisor is not zero")),
            (BinOp::Mod, Int(x), Int(y)) => Int(x.floor_mod(&y).expect("the divisor is not zero")),
            (BinOp::Concat, List(x), List(y)) => {
                // The operands are usually fresh lists: reuse the first and move the second.
                let mut out = Arc::try_unwrap(x).unwrap_or_else(|x| x.to_vec());
                self.budget.check_memory((out.len() + y.len()).saturating_mul(32)).map_err(Stop::Budget)?;
                out.extend(Arc::try_unwrap(y).unwrap_or_else(|y| y.to_vec()));
                List(Arc::new(out))
            }
            (BinOp::Concat, Tuple(x), Tuple(y)) => Tuple(Arc::new(x.iter().chain(y.iter()).cloned().collect())),
            (BinOp::Concat, Str(x), Str(y)) => Str(Arc::from(format!("{x}{y}"))),
            // A function's text (`outcome(g) == "N"`) equals the string of the same letters.
            (BinOp::Eq, x, y) if !is_game(&x) || !is_game(&y) => Bool(as_str(x) == as_str(y)),
            (BinOp::Ne, x, y) if !is_game(&x) || !is_game(&y) => Bool(as_str(x) != as_str(y)),
            (BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge, Int(x), Int(y)) => Bool(match op {
                BinOp::Lt => x < y,
                BinOp::Le => x <= y,
                BinOp::Gt => x > y,
                _ => x >= y,
            }),
            (BinOp::Add | BinOp::Sub, x, y) if is_game(&x) && is_game(&y) => {
                let (g, h) = (self.as_game(&x, span)?, self.as_game(&y, span)?);
                let r = if op == BinOp::Add {
                    self.s.games.add(g, h, self.budget)
                } else {
                    self.s.games.sub(g, h, self.budget)
                };
                DVal::game(&self.s.games, r.map_err(Stop::Budget)?)
            }
            // `3 * G` (or `3 times G`): copies of a game.
            (BinOp::Mul, Int(n), g @ DVal::Game(_)) | (BinOp::Mul, g @ DVal::Game(_), Int(n)) => {
                let g = self.as_game(&g, span)?;
                let r = cgt_core::operators::multiple(
                    &mut self.s.games,
                    &cgt_core::Dyadic::integer(n.to_big()),
                    g,
                    self.budget,
                );
                match r {
                    Ok(r) => DVal::game(&self.s.games, r),
                    Err(cgt_core::operators::OpError::Exhausted(x)) => return Err(Stop::Budget(x)),
                    Err(cgt_core::operators::OpError::Undefined(why)) => return Err(fail(span, &why)),
                }
            }
            (cmp, x, y) if is_game(&x) && is_game(&y) && is_comparison(cmp) => {
                let (g, h) = (self.as_game(&x, span)?, self.as_game(&y, span)?);
                let c = self.s.games.compare(g, h, self.budget).map_err(Stop::Budget)?;
                Bool(holds(cmp, c))
            }
            (op, x, y) => {
                let (x, y) = (self.show(&x), self.show(&y));
                return Err(fail(span, &format!("`{}` does not apply to {x} and {y}", op_name(op))));
            }
        })
    }

    pub(super) fn builtin(&mut self, b: Builtin, mut args: Vec<DVal>, span: &Span) -> R<DVal> {
        let items: Vec<DVal> = match (b, args.as_slice()) {
            (Builtin::Isqrt, [DVal::Int(n)]) if !n.is_negative() => return Ok(DVal::Int(n.isqrt())),
            (Builtin::Isqrt, _) => return Err(fail(span, "isqrt takes one whole number >= 0")),
            (Builtin::Len, [DVal::Str(s)]) => return Ok(DVal::Int(s.chars().count().into())),
            (Builtin::Len, [DVal::Tuple(xs) | DVal::List(xs)]) => return Ok(DVal::Int(xs.len().into())),
            (_, [DVal::List(_)]) => {
                // The list is usually fresh: take its items rather than copy them.
                let Some(DVal::List(xs)) = args.pop() else { unreachable!("matched above") };
                Arc::try_unwrap(xs).unwrap_or_else(|xs| xs.to_vec())
            }
            (Builtin::Min | Builtin::Max, xs) if xs.len() >= 2 => args,
            _ => return Err(fail(span, "expects one list (min and max also take several numbers)")),
        };
        Ok(match b {
            Builtin::Isqrt => return Err(fail(span, "isqrt takes one whole number >= 0")),
            Builtin::Len => DVal::Int(items.len().into()),
            Builtin::Mex => {
                let mut seen: Vec<bool> = vec![false; items.len() + 1];
                for x in &items {
                    match x {
                        DVal::Int(n) => {
                            if let Some(i) = n.to_usize().filter(|&i| i < seen.len()) {
                                seen[i] = true;
                            }
                        }
                        _ => return Err(fail(span, "mex takes a list of whole numbers")),
                    }
                }
                DVal::Int(seen.iter().position(|s| !s).unwrap_or(items.len()).into())
            }
            Builtin::Sum => {
                let mut acc = DVal::Int(Int::Small(0));
                for x in items {
                    acc = match (&acc, &x) {
                        (DVal::Int(a), DVal::Int(b)) => DVal::Int(a.add(b)),
                        _ => self.binary(BinOp::Add, acc, x, span)?,
                    };
                }
                acc
            }
            Builtin::Min | Builtin::Max => {
                let mut it = items.into_iter();
                let mut best = it.next().ok_or_else(|| fail(span, "min and max need at least one value"))?;
                let better = if b == Builtin::Min { BinOp::Lt } else { BinOp::Gt };
                for x in it {
                    if let DVal::Bool(true) = self.binary(better, x.clone(), best.clone(), span)? {
                        best = x;
                    } else if let DVal::Bool(false) = self.binary(BinOp::Confused, x.clone(), best.clone(), span)? {
                    } else {
                        return Err(fail(span, "min and max need comparable values"));
                    }
                }
                best
            }
        })
    }
}

/// Where the values of a comprehension go: a list, or straight into `len` or `sum`.
pub(super) enum Out {
    List(Vec<DVal>),
    Count(usize),
    /// The running sum, and where the `sum` is (for its errors).
    Sum(DVal, Span),
}

/// Whether evaluating `e` cannot fail or call anything: a parameter, a constant, or a tuple
/// of such.
fn cannot_fail(e: &CExpr) -> bool {
    match e {
        CExpr::Local(_) | CExpr::Const(_) => true,
        CExpr::Tuple(xs) => xs.iter().all(cannot_fail),
        _ => false,
    }
}

/// Text a function gave, as the string of the same letters; any other value as it is.
fn as_str(v: DVal) -> DVal {
    match v {
        DVal::Text(t) => DVal::Str(t),
        v => v,
    }
}

/// A parameter, a `for` variable or a constant, read without evaluating.
fn simple<'a>(e: &'a CExpr, frame: &'a [DVal]) -> Option<&'a DVal> {
    match e {
        CExpr::Local(i) => frame.get(*i),
        CExpr::Const(v) => Some(v),
        _ => None,
    }
}

/// `x op y` on whole numbers, for the operators that cannot fail.
fn int_op(op: BinOp, x: &Int, y: &Int) -> Option<DVal> {
    Some(match op {
        BinOp::Add => DVal::Int(x.add(y)),
        BinOp::Sub => DVal::Int(x.sub(y)),
        // A product of small numbers needs no memory check (`binary` checks the large ones).
        BinOp::Mul if x.bits() + y.bits() <= 4096 => DVal::Int(x.mul(y)),
        BinOp::Div => DVal::Int(x.floor_div(y)?),
        BinOp::Mod => DVal::Int(x.floor_mod(y)?),
        BinOp::Eq => DVal::Bool(x == y),
        BinOp::Ne => DVal::Bool(x != y),
        BinOp::Lt => DVal::Bool(x < y),
        BinOp::Le => DVal::Bool(x <= y),
        BinOp::Gt => DVal::Bool(x > y),
        BinOp::Ge => DVal::Bool(x >= y),
        _ => return None,
    })
}

fn is_game(v: &DVal) -> bool {
    matches!(v, DVal::Int(_) | DVal::Game(_))
}

fn is_comparison(op: BinOp) -> bool {
    matches!(op, BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge | BinOp::Confused)
}

/// Whether the comparison `op` holds of two games that compare as `c`.
pub(super) fn holds(op: BinOp, c: Comparison) -> bool {
    match op {
        BinOp::Eq => c == Comparison::Equal,
        BinOp::Ne => c != Comparison::Equal,
        BinOp::Lt => c == Comparison::Less,
        BinOp::Le => matches!(c, Comparison::Less | Comparison::Equal),
        BinOp::Gt => c == Comparison::Greater,
        BinOp::Ge => matches!(c, Comparison::Greater | Comparison::Equal),
        _ => c == Comparison::Confused,
    }
}

pub(super) fn op_name(op: BinOp) -> &'static str {
    match op {
        BinOp::Add => "+",
        BinOp::Sub => "-",
        BinOp::Mul => "times",
        BinOp::Div => "div",
        BinOp::Mod => "mod",
        BinOp::Concat => "++",
        BinOp::Eq => "==",
        BinOp::Ne => "!=",
        BinOp::Lt => "<",
        BinOp::Le => "<=",
        BinOp::Gt => ">",
        BinOp::Ge => ">=",
        BinOp::Confused => "<>",
        BinOp::And => "and",
        BinOp::Or => "or",
        BinOp::Sides => "&",
        BinOp::Ordinal => ":",
    }
}

pub(super) fn fail(span: &Span, msg: &str) -> Stop {
    Stop::Fail(Box::new(Fail { span: span.clone(), message: msg.to_string(), chain: Vec::new() }))
}

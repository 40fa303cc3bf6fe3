//! Whole-number and truth-value expressions run on machine words.
//!
//! Most of a comprehension's work is arithmetic and comparisons of loop variables and small
//! constants (`n - k * k`, `(i + j) mod 3 == 0`). The compiler gives each such expression a
//! [`Fast`] twin beside its general form ([`CExpr::Fast`]). The twin reads its parameters as
//! `i64`s and answers `None` whenever it cannot answer exactly as the general form would: a
//! parameter that is not a small whole number, an overflow, a division by zero. The machine
//! then runs the general form, which gives the big number or the error. Running the twin has
//! no effect beyond its value (it calls nothing), so trying it first never changes an answer.

use cgt_syntax::{BinOp, PrefixOp};

use super::DVal;
use super::compile::CExpr;
use super::int::Int;

/// A whole-number expression ([`Fast::is_int`]) or a truth value on whole numbers.
#[derive(Debug, Clone)]
pub(crate) enum Fast {
    Local(usize),
    Const(i64),
    Neg(Box<Fast>),
    /// `+`, `-`, `times`, `div`, `mod`.
    Arith(BinOp, Box<Fast>, Box<Fast>),
    /// `==`, `!=`, `<`, `<=`, `>`, `>=` of whole numbers.
    Cmp(BinOp, Box<Fast>, Box<Fast>),
    And(Box<Fast>, Box<Fast>),
    Or(Box<Fast>, Box<Fast>),
    Not(Box<Fast>),
}

impl Fast {
    /// The twin of `e`, when `e` is made only of parameters, small whole-number constants and
    /// the operators above, used at their types.
    pub fn of(e: &CExpr) -> Option<Fast> {
        Fast::int_of(e).or_else(|| Fast::truth_of(e))
    }

    /// Whether it gives a whole number (else a truth value).
    pub fn is_int(&self) -> bool {
        matches!(self, Fast::Local(_) | Fast::Const(_) | Fast::Neg(_) | Fast::Arith(..))
    }

    fn int_of(e: &CExpr) -> Option<Fast> {
        Some(match e {
            CExpr::Local(i) => Fast::Local(*i),
            CExpr::Const(DVal::Int(Int::Small(x))) => Fast::Const(*x),
            CExpr::Fast(f, _) if f.is_int() => (**f).clone(),
            CExpr::Prefix(PrefixOp::Neg, a, _) => Fast::Neg(Box::new(Fast::int_of(a)?)),
            CExpr::Binary(op @ (BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div | BinOp::Mod), a, b, _) => {
                Fast::Arith(*op, Box::new(Fast::int_of(a)?), Box::new(Fast::int_of(b)?))
            }
            _ => return None,
        })
    }

    fn truth_of(e: &CExpr) -> Option<Fast> {
        Some(match e {
            CExpr::Fast(f, _) if !f.is_int() => (**f).clone(),
            CExpr::Prefix(PrefixOp::Not, a, _) => Fast::Not(Box::new(Fast::truth_of(a)?)),
            CExpr::Binary(op @ (BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge), a, b, _) => {
                Fast::Cmp(*op, Box::new(Fast::int_of(a)?), Box::new(Fast::int_of(b)?))
            }
            CExpr::Binary(BinOp::And, a, b, _) => Fast::And(Box::new(Fast::truth_of(a)?), Box::new(Fast::truth_of(b)?)),
            CExpr::Binary(BinOp::Or, a, b, _) => Fast::Or(Box::new(Fast::truth_of(a)?), Box::new(Fast::truth_of(b)?)),
            _ => return None,
        })
    }

    /// The value, or `None` when the general form must answer.
    #[inline]
    pub fn value(&self, frame: &[DVal]) -> Option<DVal> {
        if self.is_int() {
            self.int(frame).map(|x| DVal::Int(Int::Small(x)))
        } else {
            self.truth(frame).map(DVal::Bool)
        }
    }

    /// A whole-number twin's value. Leaves are read here, inlined into the operator that
    /// reads them; operators recurse through [`Fast::int_node`].
    #[inline(always)]
    pub fn int(&self, frame: &[DVal]) -> Option<i64> {
        match self {
            Fast::Local(i) => match frame.get(*i) {
                Some(DVal::Int(Int::Small(x))) => Some(*x),
                _ => None,
            },
            Fast::Const(x) => Some(*x),
            _ => self.int_node(frame),
        }
    }

    fn int_node(&self, frame: &[DVal]) -> Option<i64> {
        match self {
            Fast::Neg(a) => a.int(frame)?.checked_neg(),
            Fast::Arith(op, a, b) => {
                let (x, y) = (a.int(frame)?, b.int(frame)?);
                match op {
                    BinOp::Add => x.checked_add(y),
                    BinOp::Sub => x.checked_sub(y),
                    BinOp::Mul => x.checked_mul(y),
                    // The common case, a positive divisor, rounds down as `div_euclid` does.
                    BinOp::Div if y > 0 => Some(x.div_euclid(y)),
                    BinOp::Mod if y > 0 => Some(x.rem_euclid(y)),
                    BinOp::Div => Int::Small(x).floor_div(&Int::Small(y))?.small(),
                    _ => Int::Small(x).floor_mod(&Int::Small(y))?.small(),
                }
            }
            _ => None,
        }
    }

    /// A truth-value twin's value.
    pub fn truth(&self, frame: &[DVal]) -> Option<bool> {
        match self {
            Fast::Cmp(op, a, b) => {
                let (x, y) = (a.int(frame)?, b.int(frame)?);
                Some(match op {
                    BinOp::Eq => x == y,
                    BinOp::Ne => x != y,
                    BinOp::Lt => x < y,
                    BinOp::Le => x <= y,
                    BinOp::Gt => x > y,
                    _ => x >= y,
                })
            }
            // Both sides are truth values by construction; `and` and `or` stop early as the
            // general form does.
            Fast::And(a, b) => Some(a.truth(frame)? && b.truth(frame)?),
            Fast::Or(a, b) => Some(a.truth(frame)? || b.truth(frame)?),
            Fast::Not(a) => Some(!a.truth(frame)?),
            _ => None,
        }
    }
}

//! Ruleset positions inside definitions: `kayles[n]`, `domineering[r x c]`,
//! `stones[n] take=[1, k]`. The position's text is its tokens with each name in scope replaced
//! by its value (a whole number or a string), read and evaluated as a statement would read it;
//! values are memoised per text. A function of the registry that needs the position as written
//! (`genus`, `misere`, `options`) is given that text as the argument's form.

use std::sync::Arc;

use cgt_syntax::{Span, StmtKind};

use super::compile::{CExpr, Piece, PositionCode};
use super::machine::{Machine, fail};
use super::{ArgForm, DVal, Stop, to_dval};
use crate::context::Ctx;

type R<T> = Result<T, Stop>;

/// The longest position text a definition builds (a guard against runaway strings).
const MAX_TEXT: usize = 1 << 16;

impl Machine<'_> {
    /// The text of a position with its holes filled from `frame`.
    pub(super) fn position_text(&mut self, code: &PositionCode, frame: &mut Vec<DVal>, span: &Span) -> R<Arc<str>> {
        let mut text = code.name.clone();
        for (i, piece) in code.pieces.iter().enumerate() {
            if i > 0 {
                text.push(' ');
            }
            match piece {
                Piece::Text(t) => text.push_str(t),
                Piece::Hole(e, name) => match self.eval(e, frame)? {
                    DVal::Int(n) => text.push_str(&n.to_string()),
                    DVal::Str(s) => {
                        text.push('"');
                        text.push_str(&s);
                        text.push('"');
                    }
                    other => {
                        let shown = self.show(&other);
                        return Err(fail(
                            span,
                            &format!("{name} is {shown} here: a ruleset's brackets take whole numbers and strings"),
                        ));
                    }
                },
            }
            if text.len() > MAX_TEXT {
                return Err(fail(span, "this position's text is longer than 65,536 characters"));
            }
        }
        Ok(Arc::from(text))
    }

    /// The value of the position written `text`, memoised.
    pub(super) fn position_value(&mut self, text: &Arc<str>, span: &Span) -> R<DVal> {
        if let Some(v) = self.defs.positions.get(text) {
            return Ok(v.clone());
        }
        let parsed = cgt_syntax::parse(text);
        let expr = match (parsed.stmts.as_slice(), parsed.errors.first()) {
            ([stmt], None) => match &stmt.kind {
                StmtKind::Expr(e) => e.clone(),
                _ => return Err(fail(span, &format!("`{text}` is not a position"))),
            },
            (_, Some(d)) => return Err(fail(span, &format!("`{text}`: {}", d.message))),
            _ => return Err(fail(span, &format!("`{text}` is not a position"))),
        };
        let ctx = Ctx { budget: self.budget, src: text, top: None, moves: false };
        let value = match self.s.eval(&expr, &ctx) {
            Ok(v) => v,
            Err(d) => {
                // A position that gave up stops the body as a budget stop (`check` reads the
                // clock only every few hundred calls).
                self.budget.check_now().map_err(Stop::Budget)?;
                let message = match &d.hint {
                    Some(h) => format!("`{text}`: {} ({h})", d.message),
                    None => format!("`{text}`: {}", d.message),
                };
                return Err(fail(span, &message));
            }
        };
        let Some(v) = to_dval(&value, &mut self.s.games) else {
            let shown = self.s.show(&value);
            return Err(fail(span, &format!("`{text}` is {shown}, which definitions cannot compute with")));
        };
        self.defs.memo_bytes += 64 + text.len();
        self.budget.check_memory(self.defs.memo_bytes).map_err(Stop::Budget)?;
        self.defs.positions.insert(text.clone(), v.clone());
        Ok(v)
    }

    /// The forms of a registry call's arguments: a position's text where the argument is one,
    /// a rule's name where it is one.
    pub(super) fn argument_forms(&mut self, args: &[CExpr], frame: &mut Vec<DVal>) -> R<Vec<ArgForm>> {
        args.iter()
            .map(|a| match a {
                CExpr::Position(code, span) => self.position_text(code, frame, span).map(ArgForm::Position),
                CExpr::RuleName(name) => Ok(ArgForm::Rule(name.clone())),
                _ => Ok(ArgForm::Value),
            })
            .collect()
    }
}

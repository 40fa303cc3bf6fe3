//! Reading the arguments inside a ruleset's brackets from their tokens, without recursion:
//! integers (`-5`), decimals (`0.137`), strings (`"..#."`), sizes (`3x4`), edges (`1->2`),
//! undirected edges with an optional colour (`1-2`, `0-1 B`), keyed values (`2: -3`), words
//! (`WBBW`), dotted words (`BW.WB`) and nested words (`B(R, B(B))`) of any depth.
//!
//! An argument never starts with an integer followed by `-` otherwise, so `1-2` (or `1 - 2`, as
//! spaces never matter) is always an undirected edge, and `deque[1, -2]` keeps its negative
//! integer: there the `-` follows a comma.

use crate::ast::{NestedWord, RuleArg, RuleArgKind, Spanned};
use crate::lexer::{Span, Token};

/// An error message and where.
type Failure = (String, Span);

/// The comma-separated arguments in `toks` (a trailing comma is allowed).
pub(crate) fn rule_args(toks: &[(Token<'_>, Span)]) -> Result<Vec<RuleArg>, Failure> {
    let mut args = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        let (arg, next) = one_arg(toks, i)?;
        args.push(arg);
        i = next;
        match toks.get(i) {
            None => break,
            Some((Token::Comma, _)) => i += 1,
            Some((t, s)) => return Err((format!("unexpected `{t}`, expected `,` or `]`"), s.clone())),
        }
    }
    Ok(args)
}

/// The size `3x4` as its two numbers.
pub(crate) fn dims(s: &str) -> RuleArgKind {
    let (r, c) = s.split_once('x').unwrap_or((s, ""));
    RuleArgKind::Dims(r.to_string(), c.to_string())
}

/// One argument starting at `i`; returns it and the index after it.
fn one_arg(toks: &[(Token<'_>, Span)], i: usize) -> Result<(RuleArg, usize), Failure> {
    let (tok, s) = &toks[i];
    let arg = |kind, end: usize| RuleArg { kind, span: s.start..end };
    match (tok, toks.get(i + 1), toks.get(i + 2)) {
        (Token::Int(a), Some((Token::Arrow, _)), Some((Token::Int(b), e))) => {
            Ok((arg(RuleArgKind::Edge(a.to_string(), b.to_string()), e.end), i + 3))
        }
        (Token::Int(a), Some((Token::Minus, _)), Some((Token::Int(b), e))) => Ok(link(toks, i, a, b, e)),
        (Token::Int(k), Some((Token::Colon, _)), Some((Token::Int(v), e))) => {
            Ok((arg(RuleArgKind::Keyed(k.to_string(), v.to_string()), e.end), i + 3))
        }
        (Token::Int(k), Some((Token::Colon, _)), Some((Token::Minus, _))) => match toks.get(i + 3) {
            Some((Token::Int(v), e)) => Ok((arg(RuleArgKind::Keyed(k.to_string(), format!("-{v}")), e.end), i + 4)),
            _ => Err(("expected a number after `-`".to_string(), toks[i + 2].1.clone())),
        },
        (Token::Minus, Some((Token::Int(n), e)), _) => Ok((arg(RuleArgKind::Int(format!("-{n}")), e.end), i + 2)),
        (Token::Int(_) | Token::Ident(_), Some((Token::Ident("x"), _)), Some((Token::Int(_) | Token::Ident(_), e)))
            if is_size_part(tok) && is_size_part(&toks[i + 2].0) =>
        {
            // `r x c` with names bound by `let` or a `for` (or `3 x 4`, spaced).
            let kind = RuleArgKind::Dims(size_part(tok), size_part(&toks[i + 2].0));
            Ok((arg(kind, e.end), i + 3))
        }
        (Token::Int(n), ..) => Ok((arg(RuleArgKind::Int(n.to_string()), s.end), i + 1)),
        (Token::Decimal(d), ..) => Ok((arg(RuleArgKind::Decimal(d.to_string()), s.end), i + 1)),
        (Token::Str(q), ..) => Ok((arg(RuleArgKind::Str(q[1..q.len() - 1].to_string()), s.end), i + 1)),
        (Token::Dims(d), ..) => Ok((arg(dims(d), s.end), i + 1)),
        (Token::Ident(_), Some((Token::LParen, _)), _) => nested(toks, i),
        (Token::Ident(w), Some((Token::Dot, _)), _) => dotted(toks, i, w),
        (Token::Ident(w), ..) => Ok((arg(RuleArgKind::Word(w.to_string()), s.end), i + 1)),
        (t, ..) => Err((format!("unexpected `{t}`, expected a ruleset argument"), s.clone())),
    }
}

/// Whether `t` can be one side of a size written with a spaced `x`: a number or a plain name.
fn is_size_part(t: &Token<'_>) -> bool {
    match t {
        Token::Int(_) => true,
        Token::Ident(w) => w.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') && *w != "x",
        _ => false,
    }
}

/// The text of one side of a spaced size.
fn size_part(t: &Token<'_>) -> String {
    match t {
        Token::Int(s) | Token::Ident(s) => s.to_string(),
        _ => String::new(),
    }
}

/// `0-1 B`: the undirected edge whose `-` is at `i + 1` and whose second end `b` ends at `e`,
/// with the word after it as its colour.
fn link(toks: &[(Token<'_>, Span)], i: usize, a: &str, b: &str, e: &Span) -> (RuleArg, usize) {
    let start = toks[i].1.start;
    let (colour, end, next) = match toks.get(i + 3) {
        Some((Token::Ident(w), s)) => (Some(Spanned::new(w.to_string(), s.clone())), s.end, i + 4),
        _ => (None, e.end, i + 3),
    };
    (RuleArg { kind: RuleArgKind::Link(a.to_string(), b.to_string(), colour), span: start..end }, next)
}

/// `BW.WB.B`: words joined by dots.
fn dotted(toks: &[(Token<'_>, Span)], mut i: usize, first: &str) -> Result<(RuleArg, usize), Failure> {
    let start = toks[i].1.start;
    let mut words = vec![Spanned::new(first.to_string(), toks[i].1.clone())];
    i += 1;
    while let Some((Token::Dot, dot)) = toks.get(i) {
        match toks.get(i + 1) {
            Some((Token::Ident(w), s)) => words.push(Spanned::new(w.to_string(), s.clone())),
            _ => return Err(("expected a word after `.`".to_string(), dot.clone())),
        }
        i += 2;
    }
    let end = words.last().map_or(start, |w| w.span.end);
    Ok((RuleArg { kind: RuleArgKind::Dotted(words), span: start..end }, i))
}

/// `B(R, B(B))`: a word with words hanging from it, read with an explicit stack.
fn nested(toks: &[(Token<'_>, Span)], mut i: usize) -> Result<(RuleArg, usize), Failure> {
    let start = toks[i].1.start;
    let mut words: Vec<NestedWord> = Vec::new();
    let mut open: Vec<usize> = Vec::new();
    loop {
        let (w, s) = match toks.get(i) {
            Some((Token::Ident(w), s)) => (w, s),
            Some((t, s)) => return Err((format!("unexpected `{t}`, expected a word"), s.clone())),
            None => return Err(("unclosed `(`".to_string(), toks[i - 1].1.clone())),
        };
        words.push(NestedWord { word: w.to_string(), span: s.clone(), parent: open.last().copied() });
        i += 1;
        if let Some((Token::LParen, _)) = toks.get(i) {
            open.push(words.len() - 1);
            i += 1;
        } else {
            // Close every bracket that ends here, then expect a comma between siblings.
            while let Some((Token::RParen, _)) = toks.get(i) {
                open.pop();
                i += 1;
                if open.is_empty() {
                    let end = toks[i - 1].1.end;
                    return Ok((RuleArg { kind: RuleArgKind::Nested(words), span: start..end }, i));
                }
            }
            match toks.get(i) {
                Some((Token::Comma, _)) => i += 1,
                Some((t, s)) => return Err((format!("unexpected `{t}`, expected `,` or `)`"), s.clone())),
                None => return Err(("unclosed `(`".to_string(), toks[i - 1].1.clone())),
            }
        }
    }
}

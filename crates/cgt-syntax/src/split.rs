//! Splitting a file's tokens into statements: a line break ends a statement unless a bracket is
//! open. A bracket never closed would swallow the rest of the file, so such a statement is cut
//! back to its first line and the lines after it are parsed on their own.

use crate::diagnostic::Code;
use std::ops::Range;

use crate::diagnostic::Diagnostic;
use crate::lexer::Token;

/// The deepest bracket nesting the parser accepts; deeper statements get a clear error instead
/// of risking the stack.
pub const MAX_DEPTH: usize = 256;

/// The tokens of one statement, or the error that stops it from being parsed.
pub(crate) struct Piece {
    pub tokens: Range<usize>,
    pub depth: usize,
    pub error: Option<Diagnostic>,
}

/// Splits the tokens into statements; newline tokens are dropped.
pub(crate) fn split(tokens: &[(Token<'_>, std::ops::Range<usize>)]) -> Vec<Piece> {
    let mut pieces = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        if tokens[i].0 == Token::Newline {
            i += 1;
            continue;
        }
        let (end, closed, depth) = scan(tokens, i);
        let end = if closed { end } else { first_newline(tokens, i) };
        let error = (depth > MAX_DEPTH).then(|| {
            Diagnostic::error(
                Code::Nesting,
                tokens[i].1.start..tokens[end - 1].1.end,
                format!("brackets nested more than {MAX_DEPTH} deep"),
            )
            .with_hint("name the inner games with `let` and build the position in steps")
        });
        pieces.push(Piece { tokens: i..end, depth, error });
        i = end;
    }
    pieces
}

fn first_newline(tokens: &[(Token<'_>, std::ops::Range<usize>)], from: usize) -> usize {
    (from..tokens.len()).find(|&j| tokens[j].0 == Token::Newline).unwrap_or(tokens.len())
}

/// Scans one statement from `start`: returns its end (exclusive), whether all brackets were
/// closed by then, and the deepest nesting seen.
fn scan(tokens: &[(Token<'_>, std::ops::Range<usize>)], start: usize) -> (usize, bool, usize) {
    let mut stack: Vec<Token<'_>> = Vec::new();
    let mut depth = 0;
    let mut prev: Option<Token<'_>> = None;
    for (j, (tok, _)) in tokens.iter().enumerate().skip(start) {
        match tok {
            Token::Newline if stack.is_empty() => return (j, true, depth),
            // Parentheses inside a ruleset's brackets (tree edges) are read without recursion,
            // so they may nest to any depth and do not count.
            Token::LParen if stack.last() == Some(&Token::LBracket) => {}
            Token::LParen | Token::LBracket | Token::LBrace => stack.push(*tok),
            Token::Lt if opens_literal(prev) => stack.push(*tok),
            Token::RParen => pop_if(&mut stack, Token::LParen),
            Token::RBracket => pop_if(&mut stack, Token::LBracket),
            Token::RBrace => pop_if(&mut stack, Token::LBrace),
            Token::Gt => pop_if(&mut stack, Token::Lt),
            _ => {}
        }
        depth = depth.max(stack.len());
        if *tok != Token::Newline {
            prev = Some(*tok);
        }
    }
    (tokens.len(), stack.is_empty(), depth)
}

fn pop_if(stack: &mut Vec<Token<'_>>, open: Token<'_>) {
    if stack.last() == Some(&open) {
        stack.pop();
    }
}

/// Whether a `<` after the token `prev` (`None` at the start of a statement) opens a `<L | R>`
/// literal rather than comparing: it does where an operand is expected.
pub fn opens_literal(prev: Option<Token<'_>>) -> bool {
    match prev {
        None => true,
        Some(t) => matches!(
            t,
            Token::Plus
                | Token::Minus
                | Token::PlusMinus
                | Token::Comma
                | Token::Bars(_)
                | Token::LParen
                | Token::LBrace
                | Token::LBracket
                | Token::Lt
                | Token::Colon
                | Token::Amp
                | Token::Assign
                | Token::EqEq
                | Token::NotEq
                | Token::LtEq
                | Token::GtEq
                | Token::Gt
                | Token::Confused
                | Token::Ident("misere")
        ),
    }
}

//! The logos lexer: source text to tokens with byte spans.
//!
//! Words are lexed as [`Token::Ident`] and classified by the parser (box words such as `WBBW`,
//! downs such as `vv` and `v5`, keywords), so that the lexer stays small and total: every byte
//! of the input ends up in some token, an [`Token::Error`] for what is not part of the language.

use std::fmt;

use logos::Logos;

/// A byte range in the source text.
pub type Span = std::ops::Range<usize>;

/// A token of the language.
#[derive(Logos, Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[logos(skip r"[ \t\f\r]+")]
#[logos(skip(r"#[^\n]*", allow_greedy = true))]
pub enum Token<'src> {
    /// A byte sequence that is not part of the language.
    Error(&'src str),
    /// A take-and-break code written unquoted after `code=`, as CGSuite writes them: `4!.0`,
    /// `0.3F`, `4.[3]` (made by [`lex`] from the adjacent tokens it is written with).
    Code(&'src str),
    /// A line break: statements end here unless a bracket is open.
    #[token("\n")]
    Newline,
    /// A decimal integer of any size: `42`.
    #[regex(r"[0-9]+", |lex| lex.slice())]
    Int(&'src str),
    /// A whole number of copies of the uptimal that follows, as `uptimal(G)` prints it: the
    /// `2·` of `2·^<3>` (one token, so `·` is never expected anywhere else).
    #[regex(r"[0-9]+·", |lex| lex.slice())]
    Copies(&'src str),
    /// A number with a decimal point, used by octal codes: `0.137`.
    #[regex(r"[0-9]+\.[0-9]+", |lex| lex.slice())]
    Decimal(&'src str),
    /// Board dimensions: `3x4`.
    #[regex(r"[0-9]+x[0-9]+", |lex| lex.slice())]
    Dims(&'src str),
    /// A word: names, keywords, box words, downs.
    #[regex(r"[A-Za-z_][A-Za-z0-9_']*", |lex| lex.slice())]
    Ident(&'src str),
    /// A quoted string (no escapes): `"..#."`.
    #[regex(r#""[^"\n]*""#, |lex| lex.slice())]
    Str(&'src str),
    /// A star, with an optional count: `*`, `*3`.
    #[regex(r"\*[0-9]*", |lex| lex.slice())]
    Star(&'src str),
    /// A misère canonical form, up to its matching bracket on the same line: `*[2#0]` (the
    /// `#` inside is not a comment), `*[[2],2,1,0]`.
    #[token("*[", misere_form)]
    MisereForm(&'src str),
    /// Ups: `^`, `^^^`, `^3`, `↑`, `↑↑`, `↑3`.
    #[regex(r"(\^|↑)+|(\^|↑)[0-9]+", |lex| lex.slice())]
    Ups(&'src str),
    /// Downs written with the arrow: `↓`, `↓↓`, `↓3` (ASCII downs are words: `v`, `vv`, `v3`).
    #[regex(r"↓+|↓[0-9]+", |lex| lex.slice())]
    Downs(&'src str),
    /// Bars separating Left and Right options; the count is the nesting level: `|`, `||`.
    #[regex(r"\|+", |lex| lex.slice())]
    Bars(&'src str),
    /// `+`
    #[token("+")]
    Plus,
    /// `-`
    #[token("-")]
    Minus,
    /// `+-` or `±`
    #[token("+-")]
    #[token("±")]
    PlusMinus,
    /// `/` in fractions.
    #[token("/")]
    Slash,
    /// `&`: between the onside and the offside of a sided value, `on & off`.
    #[token("&")]
    Amp,
    /// `:` ordinal sum.
    #[token(":")]
    Colon,
    /// `,`
    #[token(",")]
    Comma,
    /// `.` between box piles.
    #[token(".")]
    Dot,
    /// `..` in ranges.
    #[token("..")]
    DotDot,
    /// `->` or `→` in graph edges.
    #[token("->")]
    #[token("→")]
    Arrow,
    /// `=` in `let` and `key=value`.
    #[token("=")]
    Assign,
    /// `==`
    #[token("==")]
    EqEq,
    /// `!=` or `≠`
    #[token("!=")]
    #[token("≠")]
    NotEq,
    /// `<`: less than, or the opening of a `<A | B>` literal.
    #[token("<")]
    Lt,
    /// `>`: greater than, or the closing of a `<A | B>` literal.
    #[token(">")]
    Gt,
    /// `<=` or `≤`
    #[token("<=")]
    #[token("≤")]
    LtEq,
    /// `>=` or `≥`
    #[token(">=")]
    #[token("≥")]
    GtEq,
    /// `<>`: confused with.
    #[token("<>")]
    Confused,
    /// `(`
    #[token("(")]
    LParen,
    /// `)`
    #[token(")")]
    RParen,
    /// `[`
    #[token("[")]
    LBracket,
    /// `]`
    #[token("]")]
    RBracket,
    /// `{`
    #[token("{")]
    LBrace,
    /// `}`
    #[token("}")]
    RBrace,
}

/// Extends a `*[` to its matching `]` on the same line; a lone `*[` is an error token.
fn misere_form<'src>(lex: &mut logos::Lexer<'src, Token<'src>>) -> Option<&'src str> {
    let mut depth = 1usize;
    for (i, c) in lex.remainder().char_indices() {
        match c {
            '[' => depth += 1,
            ']' => {
                depth -= 1;
                if depth == 0 {
                    lex.bump(i + 1);
                    return Some(lex.slice());
                }
            }
            '\n' => return None,
            _ => {}
        }
    }
    None
}

/// Splits `src` into tokens with their byte spans. Never fails: unknown bytes become
/// [`Token::Error`] tokens.
pub fn lex(src: &str) -> Vec<(Token<'_>, Span)> {
    let mut lexer = Token::lexer(src);
    let mut out: Vec<(Token<'_>, Span)> = Vec::new();
    while let Some(tok) = lexer.next() {
        let span = lexer.span();
        let tok = tok.unwrap_or_else(|()| Token::Error(&src[span.clone()]));
        // Merge runs of unknown bytes into one error token.
        if let (Token::Error(_), Some((Token::Error(_), prev))) = (tok, out.last_mut())
            && prev.end == span.start
        {
            prev.end = span.end;
            let merged = prev.clone();
            out.last_mut().expect("just matched").0 = Token::Error(&src[merged]);
            continue;
        }
        out.push((tok, span));
    }
    merge_codes(src, &mut out);
    out
}

/// Merges what follows `code=` with no space in between (digits, hexadecimal letters, `.`,
/// `!`, `?`, `[`, `]`) into one [`Token::Code`], when it is more than one token: `4!.0` lexes
/// as `4`, `!`, `.`, `0` but is one code.
fn merge_codes<'src>(src: &'src str, toks: &mut Vec<(Token<'src>, Span)>) {
    let part = |t: &Token<'_>| match t {
        Token::Int(_) | Token::Decimal(_) | Token::Dot | Token::LBracket | Token::RBracket => true,
        Token::Ident(s) => s.chars().all(|c| c.is_ascii_hexdigit()),
        Token::Error(s) => s.chars().all(|c| c == '!' || c == '?'),
        _ => false,
    };
    let mut i = 0;
    while i + 2 < toks.len() {
        let starts = matches!(toks[i].0, Token::Ident("code"))
            && toks[i + 1].0 == Token::Assign
            && toks[i + 1].1.end == toks[i + 2].1.start;
        if !starts {
            i += 1;
            continue;
        }
        let first = i + 2;
        let mut end = first;
        while end < toks.len() && part(&toks[end].0) && (end == first || toks[end - 1].1.end == toks[end].1.start) {
            end += 1;
        }
        if end - first > 1 {
            let span = toks[first].1.start..toks[end - 1].1.end;
            toks.splice(first..end, [(Token::Code(&src[span.clone()]), span)]);
        }
        i = first;
    }
}

impl fmt::Display for Token<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = match self {
            Token::Error(s)
            | Token::Code(s)
            | Token::MisereForm(s)
            | Token::Int(s)
            | Token::Copies(s)
            | Token::Decimal(s)
            | Token::Dims(s)
            | Token::Ident(s)
            | Token::Str(s)
            | Token::Star(s)
            | Token::Ups(s)
            | Token::Downs(s)
            | Token::Bars(s) => s,
            Token::Newline => "end of line",
            Token::Plus => "+",
            Token::Minus => "-",
            Token::PlusMinus => "+-",
            Token::Slash => "/",
            Token::Colon => ":",
            Token::Amp => "&",
            Token::Comma => ",",
            Token::Dot => ".",
            Token::DotDot => "..",
            Token::Arrow => "->",
            Token::Assign => "=",
            Token::EqEq => "==",
            Token::NotEq => "!=",
            Token::Lt => "<",
            Token::Gt => ">",
            Token::LtEq => "<=",
            Token::GtEq => ">=",
            Token::Confused => "<>",
            Token::LParen => "(",
            Token::RParen => ")",
            Token::LBracket => "[",
            Token::RBracket => "]",
            Token::LBrace => "{",
            Token::RBrace => "}",
        };
        f.write_str(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show(src: &str) -> String {
        lex(src).iter().map(|(t, s)| format!("{t:?}@{}..{}", s.start, s.end)).collect::<Vec<_>>().join(" ")
    }

    #[test]
    fn tokens() {
        expect_test::expect![[
            r#"Ident("WBBW")@0..4 Dot@4..5 Ident("BW")@5..7 EqEq@8..10 Int("1")@11..12 Slash@12..13 Int("8")@13..14"#
        ]]
        .assert_eq(&show("WBBW.BW == 1/8 # homework"));
        expect_test::expect![[r#"Int("1")@0..1 Slash@1..2 Int("2")@2..3 Ups("^")@3..4 Star("*")@4..5 Plus@6..7 Ups("↑↑")@8..14 Downs("↓3")@15..19 PlusMinus@20..22"#]]
            .assert_eq(&show("1/2^* + ↑↑ ↓3 ±"));
        expect_test::expect![[r#"Ident("grundy")@0..6 LParen@6..7 Ident("kayles")@7..13 Comma@13..14 Int("0")@15..16 DotDot@16..18 Int("40")@18..20 RParen@20..21"#]]
            .assert_eq(&show("grundy(kayles, 0..40)"));
        expect_test::expect![[r#"Ident("octal")@0..5 Ident("code")@6..10 Assign@10..11 Decimal("0.137")@11..16 Dims("3x4")@17..20 Str("\"..#\"")@21..26"#]]
            .assert_eq(&show(r#"octal code=0.137 3x4 "..#""#));
        expect_test::expect![[r#"Lt@0..1 Int("0")@1..2 Bars("||")@3..5 Confused@6..8 Int("1")@9..10 Arrow@10..12 Int("2")@12..13 Newline@14..15"#]]
            .assert_eq(&show("<0 || <> 1->2\r\n"));
    }

    #[test]
    fn unknown_bytes_are_one_error_token() {
        expect_test::expect![[r#"Int("1")@0..1 Error("@$")@1..3 Int("2")@3..4"#]].assert_eq(&show("1@$2"));
    }
}

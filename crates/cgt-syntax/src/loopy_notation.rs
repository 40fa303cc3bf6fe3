//! Messages and hints for mistakes near the printed loopy forms (`5over`, `3/2under`, `^[on]`,
//! `v<on>*`): each one shows the form that is read.
//!
//! The forms, as cgt prints stoppers and as CGSuite names them (Siegel, *Combinatorial Game
//! Theory*, ch. VI; CGSuite's documented output and its test data, where `{0||0|0,pass}` prints
//! as `^<on>` and `^.Pow(on)` is `^<on>`): `x over = {x | pass}`, `x under = {pass | x}`,
//! `^[on]` = upon = `{pass | *}`, `^<on>` = uponth = `{0 || 0 | 0, pass}`, `v[on]` and `v<on>`
//! their negatives; a number before and a star after add (`2^[on]*3` = 2 + upon + *3).

use crate::ast::{NumberLit, Pseudo};
use crate::lexer::{Span, Token};

/// What the loopy uptimals are, for messages.
const UPTIMALS: &str = "the loopy uptimals are `^[on]` (upon, `{pass | *}`) and `^<on>` (uponth, `{0 || 0 | 0, pass}`), \
                        with `v[on]`, `v<on>` their negatives";

/// The message for an uptimal whose index is a word other than `on` (`v[off]`).
pub(crate) fn bad_index(down: bool, sum: bool, n: &str) -> String {
    let arrow = if down { "v" } else { "^" };
    let (open, close) = if sum { ('[', ']') } else { ('<', '>') };
    format!("`{arrow}{open}{n}{close}` is not an uptimal: its index is a whole number or `on`")
}

/// The message for a pseudonumber written with a space (`5 over`).
pub(crate) fn spaced_pseudo(number: &NumberLit, pseudo: Pseudo) -> String {
    let x = number_text(number);
    format!("a pseudonumber is written without a space: `{x}{}`", word(pseudo))
}

fn number_text(n: &NumberLit) -> String {
    let sign = if n.negative { "-" } else { "" };
    match &n.denominator {
        Some(d) => format!("{sign}{}/{d}", n.numerator),
        None => format!("{sign}{}", n.numerator),
    }
}

fn word(p: Pseudo) -> &'static str {
    match p {
        Pseudo::Over => "over",
        Pseudo::Under => "under",
    }
}

/// A hint for a name that is a pseudonumber written backwards (`over5` for `5over`).
pub fn pseudo_name_hint(name: &str) -> Option<String> {
    let (word, rest) = ["over", "under"].iter().find_map(|w| name.strip_prefix(w).map(|r| (*w, r)))?;
    if rest.is_empty() || !rest.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let side = if word == "over" { format!("{{{rest} | pass}}") } else { format!("{{pass | {rest}}}") };
    Some(format!("a pseudonumber is written number first: `{rest}{word}` is `{side}`"))
}

/// A hint for a statement with a mistake near a loopy form, from its tokens: an arrow before
/// `on` without brackets (`^on`), an unclosed `^[on`, a pseudonumber with a space (`5 over`).
pub(crate) fn hint(toks: &[(Token<'_>, Span)]) -> Option<String> {
    let t: Vec<&(Token<'_>, Span)> = toks.iter().filter(|(t, _)| *t != Token::Newline).collect();
    for (i, (tok, _)) in t.iter().enumerate() {
        let Some(arrow) = arrow(tok) else { continue };
        let next = t.get(i + 1).map(|x| x.0);
        let after = t.get(i + 2).map(|x| x.0);
        let third = t.get(i + 3).map(|x| x.0);
        // `^<on` without `>` is not here: it is the comparison `^ < on`.
        match (next, after, third) {
            (Some(Token::Ident(w)), _, _) if is_loopy_word(w) => {
                return Some(format!("write `{arrow}[on]` or `{arrow}<on>`; {UPTIMALS}"));
            }
            (Some(Token::LBracket), Some(Token::Ident("on")), c) if c != Some(Token::RBracket) => {
                return Some(format!("close the bracket: `{arrow}[on]`; {UPTIMALS}"));
            }
            (Some(Token::LBracket | Token::Lt), Some(Token::Ident(w)), _) if is_loopy_word(w) && w != "on" => {
                return Some(format!("write `{arrow}[on]` or `{arrow}<on>`; {UPTIMALS}"));
            }
            _ => {}
        }
    }
    spaced_pseudo_hint(&t)
}

/// The hint for `5 over` or `3/2 under`: the number's tokens and the word, with a space between.
fn spaced_pseudo_hint(t: &[&(Token<'_>, Span)]) -> Option<String> {
    (1..t.len()).find_map(|i| {
        let (Token::Ident(word @ ("over" | "under")), b) = t[i] else { return None };
        let (Token::Int(d), a) = t[i - 1] else { return None };
        if a.end >= b.start {
            return None;
        }
        let x = match (i.checked_sub(3).map(|j| &t[j].0), t.get(i.wrapping_sub(2)).map(|x| &x.0)) {
            (Some(Token::Int(n)), Some(Token::Slash)) => format!("{n}/{d}"),
            _ => d.to_string(),
        };
        let side = if *word == "over" { format!("{{{x} | pass}}") } else { format!("{{pass | {x}}}") };
        Some(format!("write `{x}{word}`, which is `{side}` (the sum `{x} + {word}` is the same value)"))
    })
}

/// The ASCII arrow of an up or down token that may start an uptimal.
fn arrow(tok: &Token<'_>) -> Option<&'static str> {
    match tok {
        Token::Ups("^") => Some("^"),
        Token::Ups("↑") => Some("↑"),
        Token::Downs("↓") => Some("↓"),
        Token::Ident("v") => Some("v"),
        _ => None,
    }
}

/// Words that someone may write after an arrow for a loopy uptimal.
fn is_loopy_word(w: &str) -> bool {
    matches!(w, "on" | "off" | "over" | "under")
}

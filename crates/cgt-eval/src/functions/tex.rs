//! `tex(G)`: a value in LaTeX math as papers write it, from the value's printed form: fractions
//! as `\frac{a}{b}`, `\uparrow` and `\Uparrow`, `\ast 3`, `\pm`, `\{ L \mid R \}` with a `\mid`
//! per bar of a nested separator, the uptimals `\uparrow^{3}` and `\uparrow^{\rightarrow 3}`, and
//! Tiny and Miny as `{+}_{x}` and `{-}_{x}`. The text goes inside `$...$`.

use crate::Value as V;
use crate::context::{Computed, Ctx};
use crate::registry::{Call, FunctionDef, Returns};
use crate::session::Session;
use crate::value::{EvalResult, Value};

/// `tex(G)`.
pub(crate) const TEX: FunctionDef = FunctionDef {
    name: "tex",
    signature: "tex(G)",
    doc: "G's value in LaTeX math, for papers: `tex({1/2 | ^*})` is `\\{\\frac{1}{2} \\mid \\uparrow\\ast\\}` \
          (write it inside `$...$`)",
    returns: Returns::Text,
    aliases: &[],
    limits: "As long as the printed value: one pass over its text (values longer than the display limit are cut \
             as the display is).",
    source: "The notation of the literature: WW and LiP (arrows, stars, Tiny and Miny), CGT (uptimals, nested \
             bars); theory/canonical-forms.md.",
    eval,
};

fn eval(s: &mut Session, call: &Call, ctx: &Ctx) -> EvalResult<Computed> {
    let e = s.one_arg(call, "one game")?;
    let v = s.arg_value(e, ctx)?;
    let shown = match v {
        V::Game(_) | V::Number(_) | V::Loopy(_) => s.show(&v),
        other => return Err(s.not_a_game_at(&other, &e.span(), ctx)),
    };
    Ok(Value::Text(latex(&shown)).into())
}

/// The LaTeX math of a value as cgt prints it in ASCII (`tex(G)`, `cgt eval --tex`).
pub fn latex(shown: &str) -> String {
    let c: Vec<char> = shown.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < c.len() {
        let digits = |from: usize| (from..c.len()).take_while(|&j| c[j].is_ascii_digit()).count();
        match c[i] {
            d if d.is_ascii_digit() => {
                let n = digits(i);
                let num: String = c[i..i + n].iter().collect();
                i += n;
                if c.get(i) == Some(&'/') && c.get(i + 1).is_some_and(char::is_ascii_digit) {
                    let m = digits(i + 1);
                    let den: String = c[i + 1..i + 1 + m].iter().collect();
                    out.push_str(&format!("\\frac{{{num}}}{{{den}}}"));
                    i += 1 + m;
                } else {
                    out.push_str(&num);
                }
            }
            '^' if matches!(c.get(i + 1), Some('<') | Some('[')) => i = uptimal(&c, i, "\\uparrow", &mut out),
            'v' if matches!(c.get(i + 1), Some('<') | Some('[')) => i = uptimal(&c, i, "\\downarrow", &mut out),
            '^' => {
                let run = (i..c.len()).take_while(|&j| c[j] == '^').count();
                i = arrows(&c, i, run, ("\\uparrow", "\\Uparrow"), &mut out);
            }
            '*' => {
                out.push_str("\\ast");
                let n = digits(i + 1);
                if n > 0 {
                    out.push(' ');
                    out.extend(&c[i + 1..i + 1 + n]);
                }
                i += 1 + n;
            }
            '+' if c.get(i + 1) == Some(&'-') => {
                out.push_str("\\pm ");
                i += 2;
            }
            '{' => {
                out.push_str("\\{");
                i += 1;
            }
            '}' => {
                out.push_str("\\}");
                i += 1;
            }
            '|' => {
                let run = (i..c.len()).take_while(|&j| c[j] == '|').count();
                out.push_str(&format!(" {} ", vec!["\\mid"; run].join("")));
                i += run;
            }
            ',' => {
                out.push_str(", ");
                i += 1;
            }
            letter if letter.is_ascii_alphabetic() => {
                let n = (i..c.len()).take_while(|&j| c[j].is_ascii_alphabetic()).count();
                let word: String = c[i..i + n].iter().collect();
                if word.chars().all(|l| l == 'v') {
                    i = arrows(&c, i, n, ("\\downarrow", "\\Downarrow"), &mut out);
                } else if (word == "Tiny" || word == "Miny") && c.get(i + n) == Some(&'(') {
                    let sign = if word == "Tiny" { "+" } else { "-" };
                    let (inner, end) = balanced(&c, i + n);
                    out.push_str(&format!("{{{sign}}}_{{{}}}", latex(&inner)));
                    i = end;
                } else {
                    // Words of loopy values (`on`, `off`, `over`, `under`, `pass`, `dud`) and labels.
                    out.push_str(&format!("\\mathrm{{{word}}}"));
                    i += n;
                }
            }
            '&' => {
                // Between a loopy value's onside and offside.
                out.push_str(" \\mathbin{\\&} ");
                i += 1;
            }
            special @ ('#' | '%' | '$' | '_') => {
                out.push('\\');
                out.push(special);
                i += 1;
            }
            other => {
                out.push(other);
                i += 1;
            }
        }
    }
    out
}

/// A run of `run` arrows at `c[i]`, or one arrow and a count (`^3`): `\uparrow`, `\Uparrow`, the
/// arrow repeated up to four times, else `k{\cdot}\uparrow`. The index after it.
fn arrows(c: &[char], i: usize, run: usize, (one, two): (&str, &str), out: &mut String) -> usize {
    let n = (i + run..c.len()).take_while(|&j| c[j].is_ascii_digit()).count();
    let count: usize =
        if n > 0 { c[i + run..i + run + n].iter().collect::<String>().parse().unwrap_or(usize::MAX) } else { run };
    if count > 4 && out.ends_with(|c: char| c.is_ascii_digit() || c == '}') {
        // `2 + 6{\cdot}\uparrow`, not `26{\cdot}\uparrow`.
        out.push_str(" + ");
    }
    out.push_str(&match count {
        1 => one.to_string(),
        2 => two.to_string(),
        k if k <= 4 => one.repeat(k),
        k => format!("{k}{{\\cdot}}{one}"),
    });
    i + run + n
}

/// An uptimal at `c[i]`: `^<k>` as `\uparrow^{k}`, `^[k]` as `\uparrow^{\rightarrow k}`. The
/// index after it.
fn uptimal(c: &[char], i: usize, arrow: &str, out: &mut String) -> usize {
    let close = if c[i + 1] == '<' { '>' } else { ']' };
    let end = (i + 2..c.len()).find(|&j| c[j] == close).unwrap_or(c.len());
    let k: String = c[i + 2..end].iter().collect();
    let k = if k == "on" { "\\mathrm{on}".to_string() } else { k };
    if close == '>' {
        out.push_str(&format!("{arrow}^{{{k}}}"));
    } else {
        out.push_str(&format!("{arrow}^{{\\rightarrow {k}}}"));
    }
    end + 1
}

/// The text inside the parenthesis that opens at `c[open]`, and the index after its close.
fn balanced(c: &[char], open: usize) -> (String, usize) {
    let mut depth = 0;
    for j in open..c.len() {
        match c[j] {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return (c[open + 1..j].iter().collect(), j + 1);
                }
            }
            _ => {}
        }
    }
    (c[open + 1..].iter().collect(), c.len())
}

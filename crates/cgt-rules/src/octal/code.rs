//! Take-and-break codes as CGSuite writes them (CGSuite's `game.heap.TakeAndBreak`
//! documentation; WW ch. 4 for octal and hexadecimal codes): parsing, normal form and printing.
//!
//! A code is `d0.d1d2...dt`, optionally ending in `[...]`, digits that repeat forever. Digit `dk`
//! is hexadecimal (0-9, A-F): its bit `2^j` allows removing k tokens and leaving exactly j
//! non-empty heaps (j = 0..3). A digit may be followed by `!` (the heaps left must be pairwise
//! unequal) or `?` (they must not all be equal); these only restrict moves that leave two or more
//! heaps, so on two heaps both mean "unequal" and `4?.0` is normalised to `4!.0` (Grundy's game).
//! The one digit before the point is for removing no tokens, so it may only split (bits 4, 8).
//!
//! Not supported, each with an error that says so: CGSuite's digits G-Z (four or more heaps),
//! generalised digits (`{...}`, `*`, `&n;`), the `=` modifier, and several digits before the
//! point (moves that add tokens).
//!
//! One deliberate difference from CGSuite 2.x: its option generator refuses, under `?`, a move
//! that leaves a single heap of size 1 while allowing a single heap of any other size; cgt applies
//! `?` only to moves that leave two or more heaps, as CGSuite's documentation describes it.

use std::fmt;

/// What the heaps left by a move that leaves two or more must satisfy (CGSuite's modifiers).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Constraint {
    /// No condition (no modifier).
    #[default]
    Free,
    /// `!`: the heaps left are pairwise unequal.
    Unequal,
    /// `?`: the heaps left are not all equal.
    NotAllEqual,
}

impl Constraint {
    /// Whether the heaps `parts` (ascending) may be left.
    pub fn allows(self, parts: &[u64]) -> bool {
        match self {
            Constraint::Free => true,
            Constraint::Unequal => parts.windows(2).all(|w| w[0] != w[1]),
            Constraint::NotAllEqual => parts.len() < 2 || parts.windows(2).any(|w| w[0] != w[1]),
        }
    }

    fn symbol(self) -> &'static str {
        match self {
            Constraint::Free => "",
            Constraint::Unequal => "!",
            Constraint::NotAllEqual => "?",
        }
    }
}

/// One digit of a code: which numbers of heaps may be left (bit j: j heaps), and the modifier.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Digit {
    pub(crate) bits: u8,
    pub(crate) constraint: Constraint,
}

impl Digit {
    /// The digit in normal form: a modifier only where it restricts something.
    pub(crate) fn new(bits: u8, constraint: Constraint) -> Self {
        let constraint = match constraint {
            _ if bits < 4 => Constraint::Free,
            Constraint::NotAllEqual if bits < 8 => Constraint::Unequal,
            c => c,
        };
        Digit { bits, constraint }
    }

    pub(crate) fn is_zero(self) -> bool {
        self.bits == 0
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = char::from_digit(u32::from(self.bits), 16).unwrap_or('?').to_ascii_uppercase();
        write!(f, "{c}{}", self.constraint.symbol())
    }
}

/// Why a take-and-break code was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OctalError {
    /// The code has no digits.
    Empty,
    /// A character that has no meaning in a code, at this byte offset.
    BadDigit {
        /// Byte offset in the code.
        offset: usize,
        /// The character found.
        found: char,
    },
    /// The digit before the point allows leaving no heap or one heap after removing nothing
    /// (bits 1 and 2), which is not a move; only 0, 4, 8 and C make sense there.
    BadWholeDigit(u8),
    /// There is more than one digit before the point.
    LongWholePart,
    /// Something CGSuite accepts that cgt does not, at this byte offset.
    Unsupported {
        /// Byte offset in the code.
        offset: usize,
        /// What is not supported.
        what: &'static str,
    },
    /// The code is malformed at this byte offset.
    Malformed {
        /// Byte offset in the code.
        offset: usize,
        /// What is wrong.
        problem: &'static str,
    },
}

impl fmt::Display for OctalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OctalError::Empty => f.write_str("the code has no digits"),
            OctalError::BadDigit { found, .. } => write!(
                f,
                "`{found}` is not part of a take-and-break code (digits 0-9 and A-F, each maybe followed by `!` or `?`, \
                 one point, and repeating digits in `[...]` at the end)"
            ),
            OctalError::BadWholeDigit(d) => write!(
                f,
                "the digit before the point is {d:X}, but removing no tokens may only split a heap: it must be 0, 4, 8 or C"
            ),
            OctalError::LongWholePart => f.write_str(
                "there is more than one digit before the point; CGSuite reads those as moves that add tokens, which cgt does not support",
            ),
            OctalError::Unsupported { what, .. } => write!(f, "{what} not supported"),
            OctalError::Malformed { problem, .. } => f.write_str(problem),
        }
    }
}

/// A parsed code: `finite[0]` is `d0`, `finite[k]` is `dk` for k below `finite.len()`, and from
/// there on the digits of `repeat` follow one another forever (none if `repeat` is empty).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Code {
    pub(crate) finite: Vec<Digit>,
    pub(crate) repeat: Vec<Digit>,
}

impl Code {
    /// The digit for removing k tokens.
    pub(crate) fn digit(&self, k: u64) -> Digit {
        let p = self.finite.len() as u64;
        match usize::try_from(k) {
            Ok(i) if k < p => self.finite[i],
            _ if self.repeat.is_empty() => Digit::default(),
            _ => self.repeat[((k - p) % self.repeat.len() as u64) as usize],
        }
    }

    /// The code in normal form: no trailing zeros, the repeating block primitive, all-zero
    /// repeats dropped, and finite digits that the repeat would produce absorbed into it.
    pub(crate) fn normalise(mut self) -> Self {
        if self.repeat.iter().all(|d| d.is_zero()) {
            self.repeat.clear();
        }
        let q = self.repeat.len();
        if let Some(r) = (1..=q).find(|&r| q.is_multiple_of(r) && (r..q).all(|i| self.repeat[i] == self.repeat[i - r]))
        {
            self.repeat.truncate(r);
        }
        if self.repeat.is_empty() {
            while self.finite.len() > 1 && self.finite.last().is_some_and(|d| d.is_zero()) {
                self.finite.pop();
            }
        }
        while self.finite.len() > 1 && self.repeat.last().is_some_and(|r| Some(r) == self.finite.last()) {
            self.finite.pop();
            self.repeat.rotate_right(1);
        }
        self
    }

    /// Reads a code such as `0.137`, `4!.0`, `0.3F` or `4.[3]`.
    pub(crate) fn parse(text: &str) -> Result<Self, OctalError> {
        let (whole, rest) = match text.find('.') {
            Some(dot) => (&text[..dot], Some(dot + 1)),
            None => (text, None),
        };
        if let Some(offset) = whole.find('[') {
            return Err(OctalError::Malformed { offset, problem: "`[` may only come after the point" });
        }
        let whole_digits = digits(whole, 0)?;
        let (frac, repeat) = match rest {
            Some(start) => fraction(&text[start..], start)?,
            None => (vec![], vec![]),
        };
        let d0 = match whole_digits.as_slice() {
            [] if frac.is_empty() && repeat.is_empty() && rest.is_none_or(|s| s == text.len()) => {
                return Err(OctalError::Empty);
            }
            [] => Digit::default(),
            [d] => *d,
            _ => return Err(OctalError::LongWholePart),
        };
        if d0.bits & 3 != 0 {
            return Err(OctalError::BadWholeDigit(d0.bits));
        }
        let mut finite = vec![d0];
        finite.extend(frac);
        Ok(Code { finite, repeat }.normalise())
    }
}

/// The digits after the point, starting at byte `start` of the code: the finite ones and the
/// repeating block.
fn fraction(text: &str, start: usize) -> Result<(Vec<Digit>, Vec<Digit>), OctalError> {
    let Some(open) = text.find('[') else {
        if let Some(close) = text.find(']') {
            return Err(OctalError::Malformed { offset: start + close, problem: "`]` closes no `[`" });
        }
        return Ok((digits(text, start)?, vec![]));
    };
    let inner = &text[open + 1..];
    let Some(close) = inner.find(']') else {
        return Err(OctalError::Malformed { offset: start + open, problem: "`[` is never closed by `]`" });
    };
    if close + 1 != inner.len() {
        let offset = start + open + 1 + close + 1;
        return Err(OctalError::Malformed { offset, problem: "the repeating digits in `[...]` must end the code" });
    }
    let repeat = digits(&inner[..close], start + open + 1)?;
    if repeat.is_empty() {
        return Err(OctalError::Malformed { offset: start + open, problem: "`[]` repeats no digits" });
    }
    Ok((digits(&text[..open], start)?, repeat))
}

/// The digits of `text` (with their modifiers), whose first byte is at `start` in the code.
fn digits(text: &str, start: usize) -> Result<Vec<Digit>, OctalError> {
    let mut out: Vec<Digit> = Vec::new();
    let mut modified = true;
    for (i, c) in text.char_indices() {
        let offset = start + i;
        let constraint = match c {
            '!' => Constraint::Unequal,
            '?' => Constraint::NotAllEqual,
            _ => {
                out.push(Digit::new(digit_value(c, offset)?, Constraint::Free));
                modified = false;
                continue;
            }
        };
        let Some(last) = out.last_mut().filter(|_| !modified) else {
            return Err(OctalError::Malformed { offset, problem: "`!` and `?` must follow a digit, once" });
        };
        *last = Digit::new(last.bits, constraint);
        modified = true;
    }
    Ok(out)
}

fn digit_value(c: char, offset: usize) -> Result<u8, OctalError> {
    let unsupported = |what| Err(OctalError::Unsupported { offset, what });
    match c {
        '0'..='9' | 'a'..='f' | 'A'..='F' => Ok(c.to_digit(16).unwrap_or(0) as u8),
        'g'..='z' | 'G'..='Z' => unsupported("digits beyond F (moves that leave four or more heaps) are"),
        '=' => unsupported("the `=` modifier (heaps all equal) is"),
        '{' | '}' | '*' | '&' | ';' | '+' | ',' => unsupported("generalised digits (`{...}`, `*`, `&n;`) are"),
        '[' | ']' => Err(OctalError::Malformed { offset, problem: "only one `[...]`, after the point, at the end" }),
        found => Err(OctalError::BadDigit { offset, found }),
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.", self.finite[0])?;
        if self.finite.len() == 1 && self.repeat.is_empty() {
            return f.write_str("0");
        }
        self.finite[1..].iter().try_for_each(|d| write!(f, "{d}"))?;
        if !self.repeat.is_empty() {
            f.write_str("[")?;
            self.repeat.iter().try_for_each(|d| write!(f, "{d}"))?;
            f.write_str("]")?;
        }
        Ok(())
    }
}

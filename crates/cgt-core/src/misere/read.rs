//! Reading misère canonical forms back: the notation [`MisereGames::display`] prints
//! (`*[2#0]`, `*[2[2]]`, `*[(2[2]321)1]`, `&10;` for heaps from 10) and the one CGSuite's users
//! type (`*[4,2]`, `*[[2],2,1,0]`: a list of options, `[...]` a game of the options inside).
//! See `print.rs` for the printed notation.

use super::{MisereGames, MisereId};
use crate::budget::{Budget, Exhausted};

/// Why a misère form could not be read.
#[derive(Debug, PartialEq, Eq)]
pub enum ReadError {
    /// Not the notation: what is wrong, and at which byte of the text.
    Syntax(String, usize),
    /// `S-i` where no game G with G + *i = S was found among the options of S.
    NoDifference(usize),
    /// The budget ran out.
    Budget(Exhausted),
}

impl From<Exhausted> for ReadError {
    fn from(e: Exhausted) -> Self {
        ReadError::Budget(e)
    }
}

impl MisereGames {
    /// The game written `text` (the whole `*[...]`, or a nim heap `*n`).
    pub fn read(&mut self, text: &str, budget: &Budget) -> Result<MisereId, ReadError> {
        let body = text
            .strip_prefix("*[")
            .and_then(|t| t.strip_suffix(']'))
            .ok_or_else(|| ReadError::Syntax("a misère form is written `*[...]`".into(), 0))?;
        let mut r = Reader { s: body.as_bytes(), at: 0, offset: 2, games: self, budget };
        let g = if body.contains(',') || body.starts_with('[') { r.cgsuite_list()? } else { r.expression()? };
        if r.at < r.s.len() {
            return Err(r.error("unexpected character"));
        }
        Ok(g)
    }
}

impl MisereGames {
    /// The game D with D + heap = S that `S-i` stands for, looked for among the options of S
    /// and theirs (S = D + *i has D + *0 among its options before reduction, but reduction may
    /// remove it: the printer writes `S-i` only when this finds D).
    pub(super) fn difference_near(
        &mut self,
        s: MisereId,
        heap: MisereId,
        budget: &Budget,
    ) -> Result<Option<MisereId>, Exhausted> {
        let mut candidates: Vec<MisereId> = self.options(s).to_vec();
        for o in candidates.clone() {
            candidates.extend_from_slice(self.options(o));
        }
        for d in candidates {
            if self.add(d, heap, budget)? == s {
                return Ok(Some(d));
            }
        }
        Ok(None)
    }
}

struct Reader<'a> {
    s: &'a [u8],
    at: usize,
    offset: usize,
    games: &'a mut MisereGames,
    budget: &'a Budget,
}

impl Reader<'_> {
    fn error(&self, what: &str) -> ReadError {
        ReadError::Syntax(what.to_string(), self.offset + self.at)
    }

    fn peek(&self) -> Option<u8> {
        self.s.get(self.at).copied()
    }

    /// CGSuite's list: one item is that game, several are the options of a game.
    fn cgsuite_list(&mut self) -> Result<MisereId, ReadError> {
        let items = self.cgsuite_items()?;
        match items.as_slice() {
            [one] => Ok(*one),
            _ => Ok(self.games.from_options(&items, self.budget)?),
        }
    }

    fn cgsuite_items(&mut self) -> Result<Vec<MisereId>, ReadError> {
        let mut items = Vec::new();
        if matches!(self.peek(), None | Some(b']')) {
            return Ok(items);
        }
        loop {
            let item = match self.peek() {
                Some(b'[') => {
                    self.at += 1;
                    let opts = self.cgsuite_items()?;
                    if self.peek() != Some(b']') {
                        return Err(self.error("`]` expected"));
                    }
                    self.at += 1;
                    self.games.from_options(&opts, self.budget)?
                }
                _ => {
                    let n = self.heap()?;
                    self.games.nimber(n, self.budget)?
                }
            };
            items.push(item);
            if self.peek() != Some(b',') {
                return Ok(items);
            }
            self.at += 1;
        }
    }

    /// cgt's expression: items side by side are the options of a game; one item is itself.
    fn expression(&mut self) -> Result<MisereId, ReadError> {
        let mut items = Vec::new();
        while matches!(self.peek(), Some(b'0'..=b'9' | b'&' | b'(')) {
            items.push(self.item()?);
        }
        match items.as_slice() {
            [] => Err(self.error("a nim heap or `(` expected")),
            [one] => Ok(*one),
            _ => Ok(self.games.from_options(&items, self.budget)?),
        }
    }

    /// A base, then its subscripts: `#`, or `[...]` holding `#`, `i` (plus *i), `-i`.
    fn item(&mut self) -> Result<MisereId, ReadError> {
        let mut g = if self.peek() == Some(b'(') {
            self.at += 1;
            let g = self.expression()?;
            if self.peek() != Some(b')') {
                return Err(self.error("`)` expected"));
            }
            self.at += 1;
            g
        } else {
            let n = self.heap()?;
            self.games.nimber(n, self.budget)?
        };
        loop {
            match self.peek() {
                Some(b'#') => {
                    self.at += 1;
                    g = self.games.from_options(&[g], self.budget)?;
                }
                Some(b'[') => {
                    self.at += 1;
                    while self.peek() != Some(b']') {
                        g = self.subscript(g)?;
                    }
                    self.at += 1;
                }
                _ => return Ok(g),
            }
        }
    }

    fn subscript(&mut self, g: MisereId) -> Result<MisereId, ReadError> {
        match self.peek() {
            Some(b'#') => {
                self.at += 1;
                Ok(self.games.from_options(&[g], self.budget)?)
            }
            Some(b'-') => {
                let at = self.offset + self.at;
                self.at += 1;
                let i = self.heap()?;
                let heap = self.games.nimber(i, self.budget)?;
                self.games.difference_near(g, heap, self.budget)?.ok_or(ReadError::NoDifference(at))
            }
            Some(b'0'..=b'9' | b'&') => {
                let i = self.heap()?;
                let heap = self.games.nimber(i, self.budget)?;
                Ok(self.games.add(g, heap, self.budget)?)
            }
            _ => Err(self.error("`#`, a nim heap, `-` or `]` expected")),
        }
    }

    /// A nim heap: a digit, or `&n;`.
    fn heap(&mut self) -> Result<u32, ReadError> {
        match self.peek() {
            Some(d @ b'0'..=b'9') if !self.s.contains(&b',') => {
                self.at += 1;
                Ok(u32::from(d - b'0'))
            }
            Some(b'0'..=b'9') => {
                // In CGSuite's lists heaps are whole numbers.
                let start = self.at;
                while matches!(self.peek(), Some(b'0'..=b'9')) {
                    self.at += 1;
                }
                let text = std::str::from_utf8(&self.s[start..self.at]).expect("digits");
                text.parse().map_err(|_| self.error("too large a nim heap"))
            }
            Some(b'&') => {
                self.at += 1;
                let start = self.at;
                while matches!(self.peek(), Some(b'0'..=b'9')) {
                    self.at += 1;
                }
                let text = std::str::from_utf8(&self.s[start..self.at]).expect("digits");
                let n = text.parse().map_err(|_| self.error("a number expected after `&`"))?;
                if self.peek() != Some(b';') {
                    return Err(self.error("`;` expected after `&n`"));
                }
                self.at += 1;
                Ok(n)
            }
            _ => Err(self.error("a nim heap expected")),
        }
    }
}

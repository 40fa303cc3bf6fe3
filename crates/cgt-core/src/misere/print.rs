//! Printing misère canonical forms in CGSuite's notation (its documentation of
//! `MisereCanonicalGame`; the games are Conway's, ONAG ch. 12).
//!
//! `*[...]` holds one expression: a digit n is the nim heap `*n`; several items side by side are
//! the game with those options (largest first, in parentheses when nested); a subscript follows
//! a game: `#` makes the game whose only option it is, a digit i adds `*i`, `-i` subtracts it.
//! Subscripts are written in brackets when they contain digits and read left to right:
//! `*[2#0]` has the options `*[2#]` and 0, `*[2[2]]` is `*2 + *2`, `*[2[#1]]` is `*[2#] + *1`.
//! A game is written as a smaller game plus or minus a nim heap `*i` (i >= 2, of its own parity;
//! minus only where the reader finds the game again from the smaller one)
//! when that has a smaller birthday, an odd game as its even part plus `*1`, and otherwise by
//! its options. Options are ordered by their even parts: birthday, number of options, G+, G-,
//! then their options in the same order, even before odd.

use std::cmp::Ordering;

use super::{MisereGames, MisereId};
use crate::budget::{Budget, Exhausted};

impl MisereGames {
    /// The game in CGSuite's notation, such as `*[2#0]` or `*2`.
    pub fn display(&mut self, g: MisereId, budget: &Budget) -> Result<String, Exhausted> {
        let mut body = String::new();
        self.write_closed(g, &mut body, false, budget)?;
        Ok(format!("*[{body}]"))
    }

    /// The options of G in CGSuite's order (smallest first).
    pub fn ordered_options(&mut self, g: MisereId, budget: &Budget) -> Result<Vec<MisereId>, Exhausted> {
        let mut opts = self.options(g).to_vec();
        // Insertion sort: the comparison needs the arena mutably (parities are computed lazily).
        for i in 1..opts.len() {
            let mut j = i;
            while j > 0 && self.compare(opts[j - 1], opts[j], budget)? == Ordering::Greater {
                opts.swap(j - 1, j);
                j -= 1;
            }
        }
        Ok(opts)
    }

    fn write_closed(&mut self, g: MisereId, out: &mut String, paren: bool, budget: &Budget) -> Result<(), Exhausted> {
        let mut open = false;
        self.write(g, out, paren, &mut open, budget)?;
        if open {
            out.push(']');
        }
        Ok(())
    }

    /// Writes G; `open` is true on entry when subscripts will follow (the innermost base then
    /// opens the bracket) and on exit when a bracket was opened.
    fn write(
        &mut self,
        g: MisereId,
        out: &mut String,
        paren: bool,
        open: &mut bool,
        budget: &Budget,
    ) -> Result<(), Exhausted> {
        budget.check()?;
        let b = self.birthday(g);
        if self.is_nim_heap(g) {
            out.push_str(&digit(b));
            if *open {
                out.push('[');
            }
            return Ok(());
        }
        let (odd, partner) = self.parity(g, budget)?;
        let mut i = if odd { 3 } else { 2 };
        while i < b {
            let heap = self.nimber(i, budget)?;
            if let Some(d) = self.difference_among_options(g, heap, budget)? {
                *open = true;
                self.write(d, out, true, open, budget)?;
                out.push_str(&digit(i));
                return Ok(());
            }
            let s = self.add(g, heap, budget)?;
            // `S-i` only where the reader finds G again (`*[2[#-2]3]` did not read back).
            if self.birthday(s) < b && self.difference_near(s, heap, budget)? == Some(g) {
                *open = true;
                self.write(s, out, true, open, budget)?;
                out.push('-');
                out.push_str(&digit(i));
                return Ok(());
            }
            i += 2;
        }
        if odd {
            *open = true;
            self.write(partner, out, true, open, budget)?;
            out.push('1');
            return Ok(());
        }
        self.write_options(g, out, paren, open, budget)
    }

    fn write_options(
        &mut self,
        g: MisereId,
        out: &mut String,
        paren: bool,
        open: &mut bool,
        budget: &Budget,
    ) -> Result<(), Exhausted> {
        let opts = self.ordered_options(g, budget)?;
        if let [only] = opts[..] {
            self.write(only, out, true, open, budget)?;
            out.push('#');
            return Ok(());
        }
        if paren {
            out.push('(');
        }
        for &o in opts.iter().rev() {
            self.write_closed(o, out, true, budget)?;
        }
        if paren {
            out.push(')');
        }
        if *open {
            out.push('[');
        }
        Ok(())
    }

    /// An option D of G with `D + heap = G`, if there is one.
    fn difference_among_options(
        &mut self,
        g: MisereId,
        heap: MisereId,
        budget: &Budget,
    ) -> Result<Option<MisereId>, Exhausted> {
        for o in self.options(g).to_vec() {
            if self.add(o, heap, budget)? == g {
                return Ok(Some(o));
            }
        }
        Ok(None)
    }

    /// CGSuite's order of canonical games (see the module documentation).
    fn compare(&mut self, a: MisereId, b: MisereId, budget: &Budget) -> Result<Ordering, Exhausted> {
        if a == b {
            return Ok(Ordering::Equal);
        }
        let (a_odd, a_partner) = self.parity(a, budget)?;
        let (b_odd, b_partner) = self.parity(b, budget)?;
        let ea = if a_odd { a_partner } else { a };
        let eb = if b_odd { b_partner } else { b };
        if ea == eb {
            return Ok(a_odd.cmp(&b_odd));
        }
        let key = |s: &Self, e: MisereId| (s.birthday(e), s.options(e).len(), s.nim_value(e), s.misere_nim_value(e));
        let by_key = key(self, ea).cmp(&key(self, eb));
        if by_key != Ordering::Equal {
            return Ok(by_key);
        }
        let oa = self.ordered_options(ea, budget)?;
        let ob = self.ordered_options(eb, budget)?;
        for (&x, &y) in oa.iter().zip(&ob) {
            let c = self.compare(x, y, budget)?;
            if c != Ordering::Equal {
                return Ok(c);
            }
        }
        Ok(a_odd.cmp(&b_odd))
    }
}

/// A nim heap's size as CGSuite writes it: a digit, or `&n;` from 10 on.
fn digit(n: u32) -> String {
    if n < 10 { n.to_string() } else { format!("&{n};") }
}

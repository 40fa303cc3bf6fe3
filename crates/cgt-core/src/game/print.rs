//! Writing canonical forms the way CGSuite does, in text that parses back to an equal game.
//!
//! * Number-up-star values are juxtaposed: the number (left out when it is 0 and something
//!   follows), then ups `^ ^^ ^3` or downs `v vv v3`, then `*` or `*n`: `0`, `-3/8`, `^*`,
//!   `1/2^*`, `-1v*3`, `73/16v9*8`.
//! * A general game whose Right options are exactly the negatives of its Left options is
//!   `{A | -A}` and prints `+-A`: `+-1`, `+-1*`, `+-{2|1}`, and `+-(1,{2|1})` with several
//!   options. Like CGSuite (whose `3+-1` prints as `{4|2}`), only games of mean 0 are
//!   written this way; `{4|2}` stays `{4|2}`.
//! * Any other game is `{L1,L2|R1,R2}`, options in the structural order, with CGSuite's
//!   slashes: a side whose only option is a general game written with slashes is inlined
//!   without braces, and the separator then has one slash more than the deepest inlined
//!   side: `{2||1|0}`, `{3|||2||1|0}`, `{1|0||0|-1}`. Separators have at most three
//!   slashes; a side that would need a fourth keeps its braces.

use super::nus::Nus;
use super::{DisplayStyle, GameId, Games};
use crate::budget::Budget;

/// The most slashes a separator may have.
const MAX_SLASHES: usize = 3;

impl Games {
    /// The text of `g`.
    pub(crate) fn render(&mut self, g: GameId, style: DisplayStyle) -> String {
        // Each node written costs one unit of the display's allowance, which bounds the work
        // for canonical forms whose text is exponentially larger than their graph.
        if self.print_left == 0 {
            return String::new();
        }
        self.print_left -= 1;
        match self.nus_of(g) {
            Some(n) => nus_text(n, style),
            None => match self.switch_parts(g) {
                Some(parts) => self.switch_text(&parts, style),
                None => format!("{{{}}}", self.braced_inner(g, style).0),
            },
        }
    }

    /// The Left options `A` if `g = {A | -A}` (its Right options are the negatives of its
    /// Left options), else `None`.
    fn switch_parts(&mut self, g: GameId) -> Option<Vec<GameId>> {
        let (l, r) = self.options(g);
        if l.is_empty() || l.len() != r.len() {
            return None;
        }
        let budget = Budget::unlimited();
        let mut neg_l = Vec::with_capacity(l.len());
        for &o in l.iter() {
            neg_l.push(self.negate(o, &budget).ok()?);
        }
        let mut rs = r.to_vec();
        neg_l.sort_unstable_by_key(|g| g.0);
        rs.sort_unstable_by_key(|g| g.0);
        (neg_l == rs).then(|| l.to_vec())
    }

    /// `+-A` or `+-(A,B)`.
    fn switch_text(&mut self, parts: &[GameId], style: DisplayStyle) -> String {
        let pm = if style.unicode { "±" } else { "+-" };
        if let [a] = parts {
            let t = self.render(*a, style);
            // A lone term goes in parentheses when it is itself a switch or negative, so
            // that `+-` reads as a prefix on it.
            if t.starts_with('-') || t.starts_with(pm) {
                return format!("{pm}({t})");
            }
            return format!("{pm}{t}");
        }
        let texts: Vec<String> = parts.iter().map(|&a| self.render(a, style)).collect();
        format!("{pm}({})", texts.join(","))
    }

    /// The text of a general, non-switch game without its outer braces, and the number of
    /// slashes in its separator.
    fn braced_inner(&mut self, g: GameId, style: DisplayStyle) -> (String, usize) {
        if self.print_left == 0 {
            return (String::new(), 1);
        }
        self.print_left -= 1;
        let (l, r) = self.options(g);
        let (lt, ll) = self.side_text(&l, style);
        let (rt, rl) = self.side_text(&r, style);
        let level = ll.max(rl) + 1;
        (format!("{lt}{}{rt}", "|".repeat(level)), level)
    }

    /// The text of one side and the slashes of its inlined game (0 if none is inlined).
    fn side_text(&mut self, side: &[GameId], style: DisplayStyle) -> (String, usize) {
        if let [only] = side
            && self.nus_of(*only).is_none()
            && self.switch_parts(*only).is_none()
        {
            let (t, level) = self.braced_inner(*only, style);
            if level < MAX_SLASHES {
                return (t, level);
            }
            return (format!("{{{t}}}"), 0);
        }
        let texts: Vec<String> = side.iter().map(|&o| self.render(o, style)).collect();
        (texts.join(","), 0)
    }
}

/// The juxtaposed text of `x + k·^ + *m`.
fn nus_text(n: &Nus, style: DisplayStyle) -> String {
    let mut s = String::new();
    if !n.x.is_zero() || n.is_number() {
        s.push_str(&n.x.to_string());
    }
    let (up, down) = if style.unicode { ("↑", "↓") } else { ("^", "v") };
    let arrow = if n.ups > 0 { up } else { down };
    match n.ups.unsigned_abs() {
        0 => {}
        1 => s.push_str(arrow),
        2 => {
            s.push_str(arrow);
            s.push_str(arrow);
        }
        k => {
            s.push_str(arrow);
            s.push_str(&k.to_string());
        }
    }
    if !n.nim.is_zero() {
        s.push('*');
        if !n.nim.is_one() {
            s.push_str(&n.nim.to_string());
        }
    }
    s
}

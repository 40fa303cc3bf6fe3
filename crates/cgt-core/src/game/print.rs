//! Writing canonical forms the way CGSuite does, in text that parses back to an equal game.
//!
//! Each game is written by the first of these rules that applies (CGSuite's order):
//!
//! * Number-up-star values are juxtaposed: the number (left out when it is 0 and something
//!   follows), then ups `^ ^^ ^3` or downs `v vv v3`, then `*` or `*n` (`n` of any size):
//!   `0`, `-3/8`, `^*`, `1/2^*`, `-1v*3`, `73/16v9*8`.
//! * The uptimals CGSuite names (see `game/uptimal.rs`): the number, then `^<n>`, `v<n>`,
//!   `^[n]` or `v[n]` (n >= 2), then the star: `^<2>` = `{0|v*}`, `^[2]` = `{^|*}`,
//!   `1v[3]*2`. Other uptimals (`^<2> + ^<3>`) are written with braces.
//! * A game equal to its negative, `{A | -A}`, is a switch: `+-A` for one Left option and
//!   CGSuite's multiple switch `+-{A,B}` for several. A lone term that is not a single
//!   symbol goes in parentheses, as CGSuite writes `+-(5over)`: `+-1`, `+-1/2`, `+-^`,
//!   `+-{2|1}`, but `+-(1*)`, `+-(^*)`, `+-(1^<2>)`, `+-(Tiny(2))`; a lone term that is a
//!   switch or starts with `-` also takes them (`+-(+-1)`), where CGSuite writes `+-+-1`.
//!   Games like `{4|2}` = `3 + +-1` are not switches and keep their braces.
//! * `{x || x | x - s}` with `x` a number and the mean of `s` positive is `xTiny(s)`, and
//!   `{x + s | x || x}` is `xMiny(s)`, the number left out when it is 0 and `s` written
//!   with braces when it is a general game: `Tiny(2)`, `2Tiny(2)`, `Tiny({3|1})`,
//!   `Miny({5||3|1})` (CGSuite's test for "number tiny").
//! * Any other game is `{L1,L2|R1,R2}`, options in the structural order of `game.rs`
//!   (numbers, then the other number-up-star values, then general games by birthday and
//!   then by their options). Slashes as in CGSuite: a side with a single option writes it
//!   without braces and the separator gets one slash more than the deepest such side
//!   (`{2||1|0}`, `{3|||2||1|0}`, `{1|0||0|-1}`); a side with several options writes each
//!   in braces. Separators have at most three slashes: a single option that would need a
//!   fourth keeps its braces (`{4|{3|||2||1|0}}`; CGSuite writes `{4||||3|||2||1|0}`).
//!
//! `DisplayStyle { unicode: true }` writes `↑ ↓ ±` for `^ v +-`, also in `↑<2>` and `↓[3]`.

use super::nus::Nus;
use super::uptimal::{Family, UptimalName};
use super::{DisplayStyle, GameId, Games};
use crate::budget::Budget;
use crate::dyadic::Dyadic;

/// The most slashes a separator may have.
const MAX_SLASHES: usize = 3;

/// How a game is written where it appears: `braces` closes a general game in braces (else
/// its text is returned open, for slashes); `parens` closes any compound text in parentheses
/// (the lone term of a switch).
#[derive(Clone, Copy)]
struct Ctx {
    braces: bool,
    parens: bool,
}

const CLOSED: Ctx = Ctx { braces: true, parens: false };
const OPEN: Ctx = Ctx { braces: false, parens: false };

impl Games {
    /// The text of `g`.
    pub(crate) fn render(&mut self, g: GameId, style: DisplayStyle) -> String {
        self.write(g, style, CLOSED).0
    }

    /// The text of `g`, and the slashes of its separator if it is written open (else 0).
    fn write(&mut self, g: GameId, style: DisplayStyle, ctx: Ctx) -> (String, usize) {
        // Each node written costs one unit of the display's allowance, which bounds the work
        // for canonical forms whose text is exponentially larger than their graph.
        if self.print_left == 0 {
            return (String::new(), 0);
        }
        self.print_left -= 1;
        if let Some(n) = self.nus_of(g) {
            return (parens_if(ctx.parens && !nus_compact(n), nus_text(n, style)), 0);
        }
        if let Some(u) = self.uptimal_name(g) {
            let compact = u.x.is_zero() && u.nim.is_zero();
            return (parens_if(ctx.parens && !compact, uptimal_text(&u, style)), 0);
        }
        if let Some(parts) = self.switch_parts(g) {
            return (self.switch_text(&parts, style), 0);
        }
        if let Some(t) = self.tiny_text(g, style) {
            return (parens_if(ctx.parens, t), 0);
        }
        self.braced(g, style, ctx.braces)
    }

    /// The Left options `A` if `g = {A | -A}`, that is, `g = -g`, else `None`.
    fn switch_parts(&mut self, g: GameId) -> Option<Vec<GameId>> {
        let neg = self.negate(g, &Budget::unlimited()).ok()?;
        (neg == g).then(|| self.options(g).0.to_vec())
    }

    /// `+-A` or `+-{A,B}`.
    fn switch_text(&mut self, parts: &[GameId], style: DisplayStyle) -> String {
        let pm = if style.unicode { "±" } else { "+-" };
        if let [a] = parts {
            let (t, _) = self.write(*a, style, Ctx { braces: true, parens: true });
            // A lone term that is itself a switch or starts with a minus sign goes in
            // parentheses too, so that `+-` reads as a prefix on it.
            if t.starts_with('-') || t.starts_with(pm) {
                return format!("{pm}({t})");
            }
            return format!("{pm}{t}");
        }
        let texts: Vec<String> = parts.iter().map(|&a| self.write(a, style, CLOSED).0).collect();
        format!("{pm}{{{}}}", texts.join(","))
    }

    /// `xTiny(s)` for `{x || x | x - s}` and `xMiny(s)` for `{x + s | x || x}`, where `x` is
    /// a number (left out when 0) and the mean of `s` is positive: CGSuite's test.
    fn tiny_text(&mut self, g: GameId, style: DisplayStyle) -> Option<String> {
        let (l, r) = self.options(g);
        let (&[a], &[b]) = (&l[..], &r[..]) else { return None };
        let budget = Budget::unlimited();
        if let Some(x) = self.number_of(a).cloned()
            && let Some(y) = self.tiny_far_option(b, a, Side::Right)
            && self.mean_cmp(y, &x)? == std::cmp::Ordering::Less
        {
            let s = self.sub(a, y, &budget).ok()?;
            return Some(self.named_number_game(&x, "Tiny", s, style));
        }
        if let Some(x) = self.number_of(b).cloned()
            && let Some(y) = self.tiny_far_option(a, b, Side::Left)
            && self.mean_cmp(y, &x)? == std::cmp::Ordering::Greater
        {
            let s = self.sub(y, b, &budget).ok()?;
            return Some(self.named_number_game(&x, "Miny", s, style));
        }
        None
    }

    /// For `h = {x | y}` (`side` Right) or `h = {y | x}` (`side` Left) with single options
    /// and `x` the given game, the option `y`.
    fn tiny_far_option(&mut self, h: GameId, x: GameId, side: Side) -> Option<GameId> {
        if self.nus_of(h).is_some() {
            return None;
        }
        let (l, r) = self.options(h);
        match (side, &l[..], &r[..]) {
            (Side::Right, &[near], &[far]) | (Side::Left, &[far], &[near]) if near == x => Some(far),
            _ => None,
        }
    }

    /// How the mean of `y` compares with the number `x`.
    fn mean_cmp(&mut self, y: GameId, x: &Dyadic) -> Option<std::cmp::Ordering> {
        let m = crate::thermo::mean(self, y, &Budget::unlimited()).ok()?;
        Some(m.cmp(x))
    }

    /// `xName(s)`, the number `x` left out when it is 0.
    fn named_number_game(&mut self, x: &Dyadic, name: &str, s: GameId, style: DisplayStyle) -> String {
        let prefix = if x.is_zero() { String::new() } else { x.to_string() };
        let (t, _) = self.write(s, style, CLOSED);
        format!("{prefix}{name}({t})")
    }

    /// The text of a general game written with braces (`braces`) or open, and the slashes
    /// of its separator when open.
    fn braced(&mut self, g: GameId, style: DisplayStyle, braces: bool) -> (String, usize) {
        let (l, r) = self.options(g);
        let (lt, ll) = self.side_text(&l, style);
        let (rt, rl) = self.side_text(&r, style);
        let level = ll.max(rl) + 1;
        let text = format!("{lt}{}{rt}", "|".repeat(level));
        if braces { (format!("{{{text}}}"), 0) } else { (text, level) }
    }

    /// The text of one side and the slashes of its inlined game (0 if none is inlined): a
    /// single option is written open unless that would take a fourth slash; several options
    /// are each written closed.
    fn side_text(&mut self, side: &[GameId], style: DisplayStyle) -> (String, usize) {
        if let [only] = side {
            let (t, level) = self.write(*only, style, OPEN);
            if level < MAX_SLASHES {
                return (t, level);
            }
            return (format!("{{{t}}}"), 0);
        }
        let texts: Vec<String> = side.iter().map(|&o| self.write(o, style, CLOSED).0).collect();
        (texts.join(","), 0)
    }
}

/// Which side of a game.
#[derive(Clone, Copy)]
enum Side {
    Left,
    Right,
}

/// `(t)` when `wrap`, else `t`.
fn parens_if(wrap: bool, t: String) -> String {
    if wrap { format!("({t})") } else { t }
}

/// Whether a nus value's text is a single term: a number, a nimber, or ups alone.
fn nus_compact(n: &Nus) -> bool {
    n.is_number() || (n.x.is_zero() && (n.ups == 0 || n.nim.is_zero()))
}

/// The text of a recognised uptimal: `x`, then `^<n>`, `v<n>`, `^[n]` or `v[n]`, then `*m`.
fn uptimal_text(u: &UptimalName, style: DisplayStyle) -> String {
    let mut s = String::new();
    if !u.x.is_zero() {
        s.push_str(&u.x.to_string());
    }
    let arrow = match (u.up, style.unicode) {
        (true, false) => "^",
        (false, false) => "v",
        (true, true) => "↑",
        (false, true) => "↓",
    };
    s.push_str(arrow);
    match u.family {
        Family::Unit => s.push_str(&format!("<{}>", u.n)),
        Family::Sum => s.push_str(&format!("[{}]", u.n)),
    }
    push_star(&mut s, &u.nim);
    s
}

/// Appends `*` or `*m` for a nonzero nimber part.
fn push_star(s: &mut String, nim: &super::nimber::Nimber) {
    if !nim.is_zero() {
        s.push('*');
        if !nim.is_one() {
            s.push_str(&nim.to_string());
        }
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
    push_star(&mut s, &n.nim);
    s
}

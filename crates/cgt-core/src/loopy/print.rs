//! Writing stoppers in simplest form the way CGSuite does (Siegel *CGT* ch. VI; CGSuite's
//! documented output): short positions as canonical short games; `on = {pass|}`,
//! `off = {|pass}`; pseudonumbers `x over = {x|pass}` and `x under = {pass|x}` (`5over`,
//! `3/2under`, `over` for x = 0); upon forms `{pass|x*m}` (m != 0) as `x^[on]*(m XOR 1)` and
//! `{pass,x|x}` as `x^[on]*` (`{pass|*}` is `^[on]`), and their negatives with `v[on]`; games equal
//! to their negatives as `+-A`; anything else as `{L|R}` with `pass` for a move to the position
//! itself, a name `a`, `b`, ... written before a position that a later option returns to, and
//! CGSuite's nested slashes (at most three).
//!
//! Options are written in an order that depends only on the game: positions are ranked by
//! colour refinement of the graph (short positions start from their text), so the output does
//! not depend on how the graph was built. The printer keeps its own stack, so deep graphs do
//! not deepen the call stack.

use std::collections::HashMap;

use super::graph::{LoopyGraph, Player};
use super::stopper::{Stopper, geq_table, short_values, stopper_positions};
use crate::budget::{Budget, Exhausted};
use crate::game::{DisplayStyle, GameId, Games};

/// The most slashes a separator may have (as for short games).
const MAX_SLASHES: usize = 3;

/// The text of one option, and the slashes of its separator if it is a braced general game
/// that may be inlined as a lone option.
struct Rendered {
    text: String,
    braced: Option<usize>,
}

/// A position being written: its options in order and the texts written so far.
struct Frame {
    v: usize,
    order: Vec<(Player, usize)>,
    done: Vec<(Player, Rendered)>,
}

/// The text of position 0 of `g`, a stopper in simplest form or a simplified side.
pub(crate) fn display(
    g: &LoopyGraph,
    games: &mut Games,
    style: DisplayStyle,
    budget: &Budget,
) -> Result<String, Exhausted> {
    let short = short_values(g, games, budget)?;
    if let Some(x) = short.first().copied().flatten() {
        return Ok(games.display(x, style));
    }
    let short_text: Vec<Option<String>> = short.iter().map(|s| s.map(|x| games.display(x, style))).collect();
    let rank = colour_ranks(g, &short_text, budget)?;
    let switch = switches(g, budget)?;
    let mut printer = Printer { g, games, style, short, short_text, rank, switch, names: HashMap::new() };
    printer.run(budget)
}

struct Printer<'a> {
    g: &'a LoopyGraph,
    games: &'a mut Games,
    style: DisplayStyle,
    short: Vec<Option<GameId>>,
    short_text: Vec<Option<String>>,
    rank: Vec<usize>,
    switch: Vec<bool>,
    names: HashMap<usize, String>,
}

impl Printer<'_> {
    fn run(&mut self, budget: &Budget) -> Result<String, Exhausted> {
        if let Some(r) = self.leaf(0) {
            return Ok(r.text);
        }
        let mut stack = vec![self.frame(0)];
        loop {
            budget.check()?;
            let top = stack.len() - 1;
            let next = stack[top].order.get(stack[top].done.len()).copied();
            match next {
                Some((p, w)) => {
                    let quick = if w == stack[top].v {
                        Some(Rendered { text: "pass".to_string(), braced: None })
                    } else if stack.iter().any(|f| f.v == w) {
                        Some(Rendered { text: self.name(w), braced: None })
                    } else {
                        self.leaf(w)
                    };
                    match quick {
                        Some(r) => stack[top].done.push((p, r)),
                        None => stack.push(self.frame(w)),
                    }
                }
                None => {
                    let frame = stack.pop().expect("the stack is not empty");
                    let r = self.assemble(frame);
                    match stack.last_mut() {
                        Some(parent) => {
                            let p = parent.order[parent.done.len()].0;
                            parent.done.push((p, r));
                        }
                        None => return Ok(r.text),
                    }
                }
            }
        }
    }

    fn frame(&self, v: usize) -> Frame {
        let mut order = Vec::new();
        for p in [Player::Left, Player::Right] {
            let mut opts = self.g.options(p, v).to_vec();
            opts.sort_by_key(|&w| self.rank[w]);
            order.extend(opts.into_iter().map(|w| (p, w)));
        }
        Frame { v, order, done: Vec::new() }
    }

    /// The name of a position that an option returns to, given on first use.
    fn name(&mut self, w: usize) -> String {
        let k = self.names.len();
        self.names
            .entry(w)
            .or_insert_with(|| if k < 26 { char::from(b'a' + k as u8).to_string() } else { format!("N{}", k - 25) })
            .clone()
    }

    /// The text of a position written without looking at its options' structure: a short game,
    /// or one of the named stopper forms.
    fn leaf(&mut self, v: usize) -> Option<Rendered> {
        if let Some(t) = &self.short_text[v] {
            return Some(Rendered { braced: braced_slashes(t), text: t.clone() });
        }
        self.named(v).map(|text| Rendered { text, braced: None })
    }

    /// `on`, `off`, `x over`, `x under` and the upon forms.
    fn named(&mut self, v: usize) -> Option<String> {
        let l = self.g.options(Player::Left, v);
        let r = self.g.options(Player::Right, v);
        match (l, r) {
            ([a], []) if *a == v => return Some("on".to_string()),
            ([], [a]) if *a == v => return Some("off".to_string()),
            ([x], [a]) if *a == v => {
                if let Some(t) = self.number(*x) {
                    return Some(format!("{t}over"));
                }
            }
            ([a], [x]) if *a == v => {
                if let Some(t) = self.number(*x) {
                    return Some(format!("{t}under"));
                }
            }
            _ => {}
        }
        self.upon(v, Player::Left).or_else(|| self.upon(v, Player::Right))
    }

    /// The text of a number position (empty for 0), if it is one.
    fn number(&mut self, w: usize) -> Option<String> {
        let x = self.games.as_number(self.short[w]?)?;
        Some(if x.is_zero() { String::new() } else { x.to_string() })
    }

    /// An upon form `x^[on]*k` with `pass` among `p`'s options (`v[on]` when p is Right).
    fn upon(&mut self, v: usize, p: Player) -> Option<String> {
        let own = self.g.options(p, v);
        let [other] = self.g.options(p.other(), v) else { return None };
        let (x, ups, m) = self.games.as_nus(self.short[*other]?)?;
        if ups != 0 || !own.contains(&v) {
            return None;
        }
        let rest: Vec<usize> = own.iter().copied().filter(|&w| w != v).collect();
        let star = match (m, rest.as_slice()) {
            (0, [y]) if self.games.as_number(self.short[*y]?).as_ref() == Some(&x) => 1,
            (0, _) => return None,
            (_, []) => m ^ 1,
            _ => return None,
        };
        let (up, down) = if self.style.unicode { ("↑", "↓") } else { ("^", "v") };
        let arrow = if p == Player::Left { up } else { down };
        let number = if x.is_zero() { String::new() } else { x.to_string() };
        let star = match star {
            0 => String::new(),
            1 => "*".to_string(),
            k => format!("*{k}"),
        };
        Some(format!("{number}{arrow}[on]{star}"))
    }

    fn assemble(&mut self, frame: Frame) -> Rendered {
        let (left, right): (Vec<_>, Vec<_>) = frame.done.into_iter().partition(|(p, _)| *p == Player::Left);
        let left: Vec<Rendered> = left.into_iter().map(|(_, r)| r).collect();
        let right: Vec<Rendered> = right.into_iter().map(|(_, r)| r).collect();
        let name = self.names.get(&frame.v).cloned();
        if self.switch[frame.v] && name.is_none() && !left.is_empty() {
            return Rendered { text: self.switch_text(&left), braced: None };
        }
        let (lt, ll) = side_text(&left);
        let (rt, rl) = side_text(&right);
        let level = ll.max(rl) + 1;
        let body = format!("{{{lt}{}{rt}}}", "|".repeat(level));
        match name {
            Some(n) => Rendered { text: format!("{n}{body}"), braced: None },
            None => Rendered { text: body, braced: Some(level) },
        }
    }

    fn switch_text(&self, left: &[Rendered]) -> String {
        let pm = if self.style.unicode { "±" } else { "+-" };
        match left {
            [a] if a.text.starts_with('-') || a.text.starts_with(pm) => format!("{pm}({})", a.text),
            [a] => format!("{pm}{}", a.text),
            _ => {
                let texts: Vec<&str> = left.iter().map(|r| r.text.as_str()).collect();
                format!("{pm}{{{}}}", texts.join(","))
            }
        }
    }
}

/// One side's text, and the slashes of its inlined lone option (0 if none is inlined).
fn side_text(side: &[Rendered]) -> (String, usize) {
    if let [only] = side
        && let Some(level) = only.braced
        && level < MAX_SLASHES
    {
        return (only.text[1..only.text.len() - 1].to_string(), level);
    }
    let texts: Vec<&str> = side.iter().map(|r| r.text.as_str()).collect();
    (texts.join(","), 0)
}

/// The slashes of the outer separator of a braced short game's text `{...}` (the longest run
/// of `|` directly inside the outer braces), or `None` if the text is not braced.
fn braced_slashes(text: &str) -> Option<usize> {
    if !text.starts_with('{') || !text.ends_with('}') {
        return None;
    }
    let (mut depth, mut run, mut best) = (0usize, 0usize, 0usize);
    for c in text.chars() {
        match c {
            '{' | '(' => depth += 1,
            '}' | ')' => depth = depth.saturating_sub(1),
            '|' if depth == 1 => {
                run += 1;
                best = best.max(run);
                continue;
            }
            _ => {}
        }
        run = 0;
    }
    Some(best)
}

/// Whether each position equals its own negative.
/// Only stopper positions are looked at: the survival order is the stopper order on them, and
/// a side that is not a stopper is written with its options.
fn switches(g: &LoopyGraph, budget: &Budget) -> Result<Vec<bool>, Exhausted> {
    let neg = g.negated();
    let n = g.len();
    let a = geq_table(g, &neg, budget)?;
    let b = geq_table(&neg, g, budget)?;
    let stopper = stopper_positions(g);
    Ok((0..n).map(|v| stopper[v] && a[v * n + v] && b[v * n + v]).collect())
}

/// Ranks of the positions by colour refinement: start from the short positions' texts, then
/// repeatedly refine by the sorted colours of the Left and Right options until stable.
fn colour_ranks(g: &LoopyGraph, short_text: &[Option<String>], budget: &Budget) -> Result<Vec<usize>, Exhausted> {
    let n = g.len();
    let mut colour = ranks(&short_text.iter().map(|t| (t.is_none(), t.clone())).collect::<Vec<_>>());
    for _ in 0..n {
        budget.check()?;
        let sig: Vec<_> = (0..n)
            .map(|v| {
                let side = |p: Player| {
                    let mut c: Vec<usize> = g.options(p, v).iter().map(|&w| colour[w]).collect();
                    c.sort_unstable();
                    c
                };
                (colour[v], side(Player::Left), side(Player::Right))
            })
            .collect();
        let next = ranks(&sig);
        let stable = next.iter().max() == colour.iter().max();
        colour = next;
        if stable {
            break;
        }
    }
    Ok(colour)
}

/// The rank of each element among the distinct values, in sorted order.
fn ranks<T: Ord + Clone>(items: &[T]) -> Vec<usize> {
    let mut sorted: Vec<T> = items.to_vec();
    sorted.sort();
    sorted.dedup();
    items.iter().map(|x| sorted.binary_search(x).unwrap_or(0)).collect()
}

impl Stopper {
    /// The simplest form written as CGSuite writes it (`on`, `5over`, `3/2under`, `^[on]`,
    /// `a{0|{a|-1}}`, ...).
    pub fn display(&self, games: &mut Games, style: DisplayStyle, budget: &Budget) -> Result<String, Exhausted> {
        display(self.graph(), games, style, budget)
    }
}

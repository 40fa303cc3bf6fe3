//! The text of an explanation: one short sentence per step, each with the comparison that
//! justifies it (Siegel CGT II.2 for the reductions, Lessons in Play ch. 4-5 for simplicity),
//! values written by [`Games::display`] between backticks.

use super::{Explanation, Side, Start, Step, SumMove};
use crate::game::{Comparison, DisplayStyle, GameId, Games};

/// The most characters of step text [`render`] writes before cutting the explanation short;
/// the canonical form is always written.
pub const MAX_TEXT: usize = 20_000;

/// The most characters of one line; a longer one (a game with very many options) is cut.
pub const MAX_LINE: usize = 2_000;

/// The explanation as lines of text: the game as given, one line per step, the canonical
/// form last. Long explanations are cut with a note.
pub fn render(games: &mut Games, explanation: &Explanation, style: DisplayStyle) -> Vec<String> {
    let mut w = Writer { games, style, lines: Vec::new(), chars: 0, full: false };
    let header = match &explanation.start {
        Start::Options { left, right } => format!("G = `{}`", w.form(left, right)),
        Start::Sum { first, second } => format!("G = `{} + {}`", w.show(*first), w.show(*second)),
    };
    w.push(header);
    let mut sum_left: Vec<GameId> = Vec::new();
    let mut reduced = false;
    let mut last_simplicity = false;
    for step in &explanation.steps {
        if let Step::Result(g) = step {
            if explanation.cut {
                let note = format!(
                    "(the derivation is cut after {} steps; the canonical form is computed directly)",
                    super::MAX_STEPS
                );
                w.push(note);
            }
            let text = w.show(*g);
            let line = match (last_simplicity || explanation.cut, reduced) {
                (true, _) => format!("The canonical form is `{text}`"),
                (false, true) => format!("Nothing else is dominated or reversible: the canonical form is `{text}`"),
                (false, false) => format!("No option is dominated or reversible: the canonical form is `{text}`"),
            };
            let mut line = line;
            cut_line(&mut line);
            w.lines.push(line);
            continue;
        }
        last_simplicity = matches!(step, Step::Simplicity { .. });
        reduced |= matches!(step, Step::DominatedOption { .. } | Step::ReversibleOption { .. });
        let line = w.step(step);
        w.push(line);
        if let Step::SumOptions { side, moves } = step {
            let values: Vec<GameId> = moves.iter().map(|m| m.value).collect();
            match side {
                Side::Left => sum_left = values,
                Side::Right => {
                    let line = format!("So G = `{}`", w.form(&sum_left, &values));
                    w.push(line);
                }
            }
        }
    }
    w.lines
}

/// Collects lines up to [`MAX_TEXT`] characters.
struct Writer<'a> {
    games: &'a mut Games,
    style: DisplayStyle,
    lines: Vec<String>,
    chars: usize,
    full: bool,
}

impl Writer<'_> {
    fn push(&mut self, mut line: String) {
        if self.full {
            return;
        }
        cut_line(&mut line);
        self.chars += line.len();
        if self.chars > MAX_TEXT {
            self.full = true;
            self.lines.push("(the explanation is too long to show in full)".to_string());
            return;
        }
        self.lines.push(line);
    }

    fn show(&mut self, g: GameId) -> String {
        self.games.display(g, self.style)
    }

    fn list(&mut self, list: &[GameId]) -> String {
        let texts: Vec<String> = list.iter().map(|&g| self.show(g)).collect();
        texts.join(",")
    }

    /// `{L1,L2|R1}`, the options written one by one.
    fn form(&mut self, left: &[GameId], right: &[GameId]) -> String {
        format!("{{{}|{}}}", self.list(left), self.list(right))
    }

    fn step(&mut self, step: &Step) -> String {
        match step {
            Step::SumOptions { side, moves } => self.sum_options(*side, moves),
            Step::NumberAvoidance { number, other } => {
                let (n, o) = (self.show(*number), self.show(*other));
                format!("`{n}` is a number and `{o}` is not: only moves in `{o}` count (number avoidance)")
            }
            Step::DominatedOption { side, option, by, why } => self.dominated(*side, *option, *by, *why),
            Step::ReversibleOption { side, option, through, replaced_by } => {
                let (o, t) = (self.show(*option), self.show(*through));
                let (rel, whose) = match side {
                    Side::Left => ("<=", "Left"),
                    Side::Right => (">=", "Right"),
                };
                let by = match replaced_by.as_slice() {
                    [] => "none".to_string(),
                    list => {
                        let texts: Vec<String> = list.iter().map(|&g| format!("`{}`", self.show(g))).collect();
                        texts.join(", ")
                    }
                };
                format!(
                    "{}'s option `{o}` is reversible through `{t}` since `{t} {rel} G`: replaced by `{t}`'s {whose} options ({by})",
                    player(*side)
                )
            }
            Step::Simplicity { left, right, number } => self.simplicity(*left, *right, *number),
            Step::Result(g) => format!("The canonical form is `{}`", self.show(*g)),
        }
    }

    fn sum_options(&mut self, side: Side, moves: &[SumMove]) -> String {
        if moves.is_empty() {
            return format!("{}'s options: none", player(side));
        }
        let texts: Vec<String> = moves
            .iter()
            .map(|m| format!("`{} + {}` = `{}`", self.show(m.first), self.show(m.second), self.show(m.value)))
            .collect();
        format!("{}'s options: {}", player(side), texts.join(", "))
    }

    fn dominated(&mut self, side: Side, option: GameId, by: GameId, why: Comparison) -> String {
        let (o, b) = (self.show(option), self.show(by));
        let rel = match why {
            Comparison::Equal => return format!("{}'s option `{o}` is listed twice: one copy goes", player(side)),
            Comparison::Greater => ">",
            Comparison::Less => "<",
            Comparison::Confused => "||",
        };
        format!("{}'s option `{o}` is dominated by `{b}` (because `{b} {rel} {o}`)", player(side))
    }

    fn simplicity(&mut self, left: Option<GameId>, right: Option<GameId>, number: GameId) -> String {
        let l: Vec<GameId> = left.into_iter().collect();
        let r: Vec<GameId> = right.into_iter().collect();
        let form = self.form(&l, &r);
        let n = self.show(number);
        let range = match (left, right) {
            (Some(a), Some(b)) => format!("between `{}` and `{}`", self.show(a), self.show(b)),
            (Some(a), None) => format!("greater than `{}`", self.show(a)),
            (None, Some(b)) => format!("less than `{}`", self.show(b)),
            (None, None) => "of all".to_string(),
        };
        format!("`{form}` is the simplest number {range}: `{n}`")
    }
}

/// Shortens a line to at most [`MAX_LINE`] characters, marking the cut.
fn cut_line(line: &mut String) {
    if line.len() <= MAX_LINE {
        return;
    }
    let mut end = MAX_LINE;
    while !line.is_char_boundary(end) {
        end -= 1;
    }
    line.truncate(end);
    line.push_str(" ... (cut)");
}

fn player(side: Side) -> &'static str {
    match side {
        Side::Left => "Left",
        Side::Right => "Right",
    }
}

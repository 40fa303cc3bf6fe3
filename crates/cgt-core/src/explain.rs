//! `explain(G)`: the derivation of a canonical form, step by step, as data, for students
//! checking their work.
//!
//! The steps are the reductions of Siegel, *Combinatorial Game Theory* II.2 (deleting
//! dominated options, bypassing reversible ones), the simplicity theorem for numbers (Lessons
//! in Play ch. 4-5; Conway, *On Numbers and Games* ch. 2), and, for a sum, the options of the
//! sum by its definition with number translation ("number avoidance", CGT II.3): when one
//! summand is a number and the other is not, only moves in the other summand matter.
//!
//! Every step is a claim that can be checked on its own with [`Games::leq`]: the derivation
//! compares options with the value of `G`, which the reductions never change, so `G` is built
//! once, up front, with [`Games::from_options`]. Only the public API of [`Games`] is used.
//! The text of the steps is written by [`render`].

mod render;

use crate::budget::{Budget, Exhausted};
use crate::game::{Comparison, GameId, Games};

pub use render::{MAX_LINE, MAX_TEXT, render};

/// The most reduction steps an explanation lists; a longer derivation is cut (with a note)
/// and its canonical form computed directly.
pub const MAX_STEPS: usize = 200;

/// Which player's options a step is about.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Side {
    /// Left's options.
    Left,
    /// Right's options.
    Right,
}

/// The game an explanation starts from.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Start {
    /// `{left | right}`, options as given (canonical each, the list not reduced).
    Options {
        /// Left's options in the order given.
        left: Vec<GameId>,
        /// Right's options in the order given.
        right: Vec<GameId>,
    },
    /// The sum `first + second` of two canonical games.
    Sum {
        /// The first summand.
        first: GameId,
        /// The second summand.
        second: GameId,
    },
}

/// One move in a sum: the position `first + second` it leads to, and that position's value.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SumMove {
    /// The first summand after the move (moved in, or unchanged).
    pub first: GameId,
    /// The second summand after the move (moved in, or unchanged).
    pub second: GameId,
    /// The canonical form of `first + second`.
    pub value: GameId,
}

/// One step of a derivation.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Step {
    /// The options of a sum for one player, by the definition of `G + H`.
    SumOptions {
        /// Whose options.
        side: Side,
        /// The moves, in order: moves in the first summand, then in the second.
        moves: Vec<SumMove>,
    },
    /// One summand is a number and the other is not: only moves in the other count
    /// (number translation, CGT II.3).
    NumberAvoidance {
        /// The summand that is a number.
        number: GameId,
        /// The summand that is not.
        other: GameId,
    },
    /// `option` is deleted: `by`, another option of the same player, is at least as good for
    /// that player (`option <= by` for Left, `option >= by` for Right).
    DominatedOption {
        /// Whose option.
        side: Side,
        /// The option deleted.
        option: GameId,
        /// The option that dominates it.
        by: GameId,
        /// How `by` compares with `option`: `Greater` for Left, `Less` for Right, `Equal`
        /// when the option was listed twice and one copy goes.
        why: Comparison,
    },
    /// `option` is bypassed: its reply `through` is `<= G` (a Left option's Right option) or
    /// `>= G` (a Right option's Left option), so `option` is replaced by `through`'s options
    /// for the same player.
    ReversibleOption {
        /// Whose option.
        side: Side,
        /// The option bypassed.
        option: GameId,
        /// The reply through which it reverses.
        through: GameId,
        /// `through`'s options for `side`, which take `option`'s place.
        replaced_by: Vec<GameId>,
    },
    /// Every option is a number and Left's is below Right's: the game is the simplest number
    /// between them (the simplicity theorem).
    Simplicity {
        /// Left's (only) option, if any.
        left: Option<GameId>,
        /// Right's (only) option, if any.
        right: Option<GameId>,
        /// The simplest number strictly between them.
        number: GameId,
    },
    /// The canonical form, always the last step.
    Result(GameId),
}

/// A derivation: where it starts and its steps, ending in [`Step::Result`].
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Explanation {
    /// The game as given.
    pub start: Start,
    /// The steps in order; the last one is [`Step::Result`].
    pub steps: Vec<Step>,
    /// Whether the derivation was cut after [`MAX_STEPS`] reductions.
    pub cut: bool,
}

impl Explanation {
    /// The canonical form the derivation ends in.
    pub fn result(&self) -> Option<GameId> {
        match self.steps.last() {
            Some(Step::Result(g)) => Some(*g),
            _ => None,
        }
    }
}

/// Explains the canonical form of `{left | right}`, whose options are canonical games (as
/// the evaluator builds literals bottom-up), starting from the lists as given.
pub fn explain_options(
    games: &mut Games,
    left: &[GameId],
    right: &[GameId],
    budget: &Budget,
) -> Result<Explanation, Exhausted> {
    let mut steps = Vec::new();
    let cut = derive(games, left.to_vec(), right.to_vec(), &mut steps, budget)?;
    let start = Start::Options { left: left.to_vec(), right: right.to_vec() };
    Ok(Explanation { start, steps, cut })
}

/// Explains a game that is already canonical, starting from its canonical options (a number
/// is then explained by the simplicity theorem; anything else is canonical at once).
pub fn explain_game(games: &mut Games, g: GameId, budget: &Budget) -> Result<Explanation, Exhausted> {
    let (left, right) = options_of(games, g)?;
    explain_options(games, &left, &right, budget)
}

/// Explains the canonical form of the sum `first + second` of two canonical games: its
/// options by the definition (with number avoidance), then their reduction.
pub fn explain_sum(
    games: &mut Games,
    first: GameId,
    second: GameId,
    budget: &Budget,
) -> Result<Explanation, Exhausted> {
    let mut steps = Vec::new();
    let (a_num, b_num) = (games.as_number(first).is_some(), games.as_number(second).is_some());
    // Which summands a player may move in: both, unless exactly one is a number.
    let (in_first, in_second) = match (a_num, b_num) {
        (true, false) => (false, true),
        (false, true) => (true, false),
        _ => (true, true),
    };
    if in_first != in_second {
        let (number, other) = if a_num { (first, second) } else { (second, first) };
        steps.push(Step::NumberAvoidance { number, other });
    }
    let mut sides = Vec::with_capacity(2);
    for side in [Side::Left, Side::Right] {
        let moves = sum_moves(games, (first, second), (in_first, in_second), side, budget)?;
        sides.push(moves.iter().map(|m| m.value).collect::<Vec<_>>());
        steps.push(Step::SumOptions { side, moves });
    }
    let right = sides.pop().unwrap_or_default();
    let left = sides.pop().unwrap_or_default();
    let cut = derive(games, left, right, &mut steps, budget)?;
    Ok(Explanation { start: Start::Sum { first, second }, steps, cut })
}

/// The moves of one player in `a + b`, moving only in the summands allowed.
fn sum_moves(
    games: &mut Games,
    (a, b): (GameId, GameId),
    (in_a, in_b): (bool, bool),
    side: Side,
    budget: &Budget,
) -> Result<Vec<SumMove>, Exhausted> {
    let mut moves = Vec::new();
    if in_a {
        for a2 in side_options(games, a, side)? {
            budget.check()?;
            let value = games.add(a2, b, budget)?;
            moves.push(SumMove { first: a2, second: b, value });
        }
    }
    if in_b {
        for b2 in side_options(games, b, side)? {
            budget.check()?;
            let value = games.add(a, b2, budget)?;
            moves.push(SumMove { first: a, second: b2, value });
        }
    }
    Ok(moves)
}

/// The canonical options of `g`, or `Exhausted::Memory` for a game with too many to list.
fn options_of(games: &mut Games, g: GameId) -> Result<(Vec<GameId>, Vec<GameId>), Exhausted> {
    if games.has_huge_options(g) {
        return Err(Exhausted::Memory);
    }
    Ok((games.left_options(g), games.right_options(g)))
}

/// The canonical options of `g` for one player.
fn side_options(games: &mut Games, g: GameId, side: Side) -> Result<Vec<GameId>, Exhausted> {
    if games.has_huge_options(g) {
        return Err(Exhausted::Memory);
    }
    Ok(match side {
        Side::Left => games.left_options(g),
        Side::Right => games.right_options(g),
    })
}

/// The form being reduced: option lists in a fixed order (as given, replacements in place).
struct Form {
    left: Vec<GameId>,
    right: Vec<GameId>,
}

impl Form {
    fn side_mut(&mut self, side: Side) -> &mut Vec<GameId> {
        match side {
            Side::Left => &mut self.left,
            Side::Right => &mut self.right,
        }
    }
}

/// Reduces `{left | right}` to its canonical form, pushing one step per reduction and the
/// result last; returns whether the derivation was cut.
fn derive(
    games: &mut Games,
    left: Vec<GameId>,
    right: Vec<GameId>,
    steps: &mut Vec<Step>,
    budget: &Budget,
) -> Result<bool, Exhausted> {
    // The value never changes under the reductions, so every reversibility test may use it.
    let value = games.from_options(&left, &right, budget)?;
    let mut form = Form { left, right };
    let mut taken = 0;
    let mut cut = false;
    loop {
        budget.check()?;
        let step = match dominated(games, &form, budget)? {
            Some(step) => step,
            None => {
                if let Some(step) = simplicity(games, &form) {
                    steps.push(step);
                    break;
                }
                match reversible(games, &form, value, budget)? {
                    Some(step) => step,
                    None => break,
                }
            }
        };
        if taken == MAX_STEPS {
            cut = true;
            break;
        }
        taken += 1;
        apply(&mut form, &step);
        steps.push(step);
    }
    steps.push(Step::Result(value));
    Ok(cut)
}

/// The first dominated option, Left's before Right's; a repeated option counts first.
fn dominated(games: &mut Games, form: &Form, budget: &Budget) -> Result<Option<Step>, Exhausted> {
    for (side, list) in [(Side::Left, &form.left), (Side::Right, &form.right)] {
        for (i, &a) in list.iter().enumerate() {
            if list[..i].contains(&a) {
                return Ok(Some(Step::DominatedOption { side, option: a, by: a, why: Comparison::Equal }));
            }
        }
        for &a in list {
            for &b in list {
                budget.check()?;
                let (lo, hi) = match side {
                    Side::Left => (a, b),
                    Side::Right => (b, a),
                };
                if a != b && games.leq(lo, hi, budget)? {
                    let why = match side {
                        Side::Left => Comparison::Greater,
                        Side::Right => Comparison::Less,
                    };
                    return Ok(Some(Step::DominatedOption { side, option: a, by: b, why }));
                }
            }
        }
    }
    Ok(None)
}

/// The simplicity step, if every option is a number, there is at most one on each side
/// (dominated ones are gone by now), not none at all, and Left's is below Right's.
fn simplicity(games: &mut Games, form: &Form) -> Option<Step> {
    let one = |games: &Games, list: &[GameId]| match list {
        [] => Some(None),
        [x] => games.as_number(*x).map(|n| Some((*x, n))),
        _ => None,
    };
    let left = one(games, &form.left)?;
    let right = one(games, &form.right)?;
    if left.is_none() && right.is_none() {
        return None;
    }
    let x = crate::dyadic::Dyadic::simplest_between(left.as_ref().map(|(_, n)| n), right.as_ref().map(|(_, n)| n))?;
    let number = games.number(&x);
    Some(Step::Simplicity { left: left.map(|(g, _)| g), right: right.map(|(g, _)| g), number })
}

/// The first reversible option, Left's before Right's: a Left option `A` with some
/// `A^R <= G`, or a Right option `A` with some `A^L >= G`.
fn reversible(games: &mut Games, form: &Form, value: GameId, budget: &Budget) -> Result<Option<Step>, Exhausted> {
    for (side, list) in [(Side::Left, &form.left), (Side::Right, &form.right)] {
        let other = match side {
            Side::Left => Side::Right,
            Side::Right => Side::Left,
        };
        for &option in list {
            for through in side_options(games, option, other)? {
                budget.check()?;
                let reverses = match side {
                    Side::Left => games.leq(through, value, budget)?,
                    Side::Right => games.leq(value, through, budget)?,
                };
                if reverses {
                    let replaced_by = side_options(games, through, side)?;
                    return Ok(Some(Step::ReversibleOption { side, option, through, replaced_by }));
                }
            }
        }
    }
    Ok(None)
}

/// Applies a reduction to the form: a dominated option goes (its last copy, if repeated);
/// a reversible one is replaced in place by the options not already present.
fn apply(form: &mut Form, step: &Step) {
    match step {
        Step::DominatedOption { side, option, .. } => {
            let list = form.side_mut(*side);
            if let Some(i) = list.iter().rposition(|g| g == option) {
                list.remove(i);
            }
        }
        Step::ReversibleOption { side, option, replaced_by, .. } => {
            let list = form.side_mut(*side);
            let Some(i) = list.iter().position(|g| g == option) else { return };
            list.remove(i);
            let mut fresh: Vec<GameId> = Vec::with_capacity(replaced_by.len());
            for &g in replaced_by {
                if !list.contains(&g) && !fresh.contains(&g) {
                    fresh.push(g);
                }
            }
            list.splice(i..i, fresh);
        }
        _ => {}
    }
}

//! What the operators share: their error and result types, and the checks and helpers they
//! use on their arguments.

use std::fmt;

use crate::budget::{Budget, Exhausted};
use crate::dyadic::Dyadic;
use crate::game::{GameId, Games};

/// Why an operator gave no result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpError {
    /// The budget ran out.
    Exhausted(Exhausted),
    /// The operator is not defined for these arguments; the text says why, in a sentence.
    Undefined(String),
}

impl From<Exhausted> for OpError {
    fn from(e: Exhausted) -> Self {
        OpError::Exhausted(e)
    }
}

impl fmt::Display for OpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpError::Exhausted(e) => write!(f, "gave up: {e}"),
            OpError::Undefined(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for OpError {}

/// The result of an operator.
pub type OpResult<T> = Result<T, OpError>;

/// An [`OpError::Undefined`] whose message names the game `g`.
pub(super) fn undefined(games: &mut Games, what: &str, g: GameId) -> OpError {
    let shown = games.display(g, Default::default());
    OpError::Undefined(format!("{what}, but it is {shown}"))
}

/// The number `g` is, or an error saying that `what` must be a number.
pub(super) fn need_number(games: &mut Games, g: GameId, what: &str) -> OpResult<Dyadic> {
    match games.as_number(g) {
        Some(x) => Ok(x),
        None => Err(undefined(games, &format!("{what} must be a number"), g)),
    }
}

/// Adds `shift` to every game in `options`.
pub(super) fn shift_all(
    games: &mut Games,
    options: &[GameId],
    shift: GameId,
    budget: &Budget,
) -> OpResult<Vec<GameId>> {
    let mut out = Vec::with_capacity(options.len());
    for &o in options {
        budget.check()?;
        out.push(games.add(o, shift, budget)?);
    }
    Ok(out)
}

/// Fails cleanly on games whose options cannot be listed (`*n` with n in the millions).
pub(super) fn listable(games: &Games, g: GameId) -> OpResult<()> {
    if games.has_huge_options(g) { Err(OpError::Exhausted(Exhausted::Memory)) } else { Ok(()) }
}

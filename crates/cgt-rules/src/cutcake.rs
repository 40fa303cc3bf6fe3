//! Cutcake and Eatcake (`cutcake[8x1]`, `eatcake[3x4, 2x2]`): rectangular cakes of R rows by C
//! columns. In Cutcake (WW, ch. 2; CGSuite's `Cutcake`) Left cuts a piece vertically, between
//! two of its columns, and Right horizontally, between two rows; every piece is then a game of
//! its own. In Eatcake (WW, ch. 8) a move eats a whole strip one unit wide instead: Left a
//! column, Right a row, leaving the parts on either side of it as separate pieces.
//!
//! Values come from the definition through [`Solver`]: the pieces are independent regions
//! (CGT II.1), and turning a piece a quarter turn swaps the players, which negates its value.
//! `cutcake[8x1]` is -7 (a column of 8 that only Right can cut, seven times), as CGSuite's
//! `Cutcake((8,1))` gives; `eatcake[8x1]` is `^`.

#[cfg(test)]
mod tests;

use cgt_core::game::{GameId, Games};
use cgt_core::{Budget, Exhausted};

use crate::grid::{GridError, MAX_CELLS};
use crate::position::{Partizan, Solver, Tabled};

/// Which of the two cake games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CakeRule {
    /// Cutcake: a move cuts one piece in two.
    Cut,
    /// Eatcake: a move eats a strip one unit wide out of one piece.
    Eat,
}

/// A position of Cutcake or Eatcake: pieces as (rows, columns), sorted, none empty.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cake {
    rule: CakeRule,
    pieces: Vec<(usize, usize)>,
}

impl Cake {
    /// The sum of the given pieces (rows, columns); pieces with no cells are dropped. A piece
    /// with more than [`crate::grid::MAX_CELLS`] rows or columns is too large.
    pub fn new(rule: CakeRule, pieces: &[(usize, usize)]) -> Result<Cake, GridError> {
        if let Some(&(rows, cols)) = pieces.iter().find(|&&(r, c)| r > MAX_CELLS || c > MAX_CELLS) {
            return Err(GridError::TooLarge { rows, cols });
        }
        Ok(Cake::of(rule, pieces.to_vec()))
    }

    fn of(rule: CakeRule, mut pieces: Vec<(usize, usize)>) -> Cake {
        pieces.retain(|&(r, c)| r > 0 && c > 0);
        pieces.sort_unstable();
        Cake { rule, pieces }
    }

    /// The pieces, as (rows, columns), sorted.
    pub fn pieces(&self) -> &[(usize, usize)] {
        &self.pieces
    }

    /// The canonical value.
    pub fn game(&self, games: &mut Games, budget: &Budget) -> Result<GameId, Exhausted> {
        Solver::new().value(games, self, budget)
    }

    /// The positions Left reaches (`vertical`) or Right reaches, piece by piece.
    fn options(&self, vertical: bool) -> Vec<Cake> {
        let mut out = Vec::new();
        for (i, &(r, c)) in self.pieces.iter().enumerate() {
            let across = if vertical { c } else { r };
            // The two parts left: after a cut, or on either side of the eaten strip (mirror
            // images give the same position, so each split is listed once).
            let splits: Vec<(usize, usize)> = match self.rule {
                CakeRule::Cut => (1..across).map(|a| (a, across - a)).collect(),
                CakeRule::Eat => (0..across).map(|a| (a, across - 1 - a)).collect(),
            };
            for (a, rest) in splits.into_iter().filter(|(a, rest)| a <= rest) {
                let (p, q) = if vertical { ((r, a), (r, rest)) } else { ((a, c), (rest, c)) };
                let mut pieces = self.pieces.clone();
                pieces[i] = p;
                pieces.push(q);
                out.push(Cake::of(self.rule, pieces));
            }
        }
        out
    }

    fn name(&self) -> &'static str {
        match self.rule {
            CakeRule::Cut => "cutcake",
            CakeRule::Eat => "eatcake",
        }
    }
}

impl Partizan for Cake {
    fn left_options(&self) -> Vec<Cake> {
        self.options(true)
    }

    fn right_options(&self) -> Vec<Cake> {
        self.options(false)
    }

    /// `cutcake[3x1, 5x1]`, or `0` when no cake is left.
    fn notation(&self) -> String {
        if self.pieces.is_empty() {
            return "0".to_owned();
        }
        let pieces: Vec<String> = self.pieces.iter().map(|(r, c)| format!("{r}x{c}")).collect();
        format!("{}[{}]", self.name(), pieces.join(", "))
    }
}

impl Tabled for Cake {
    fn regions(&self) -> Vec<Cake> {
        self.pieces.iter().map(|&p| Cake { rule: self.rule, pieces: vec![p] }).collect()
    }

    fn negated(&self) -> Option<Cake> {
        match self.pieces[..] {
            [(r, c)] if c < r => Some(Cake { rule: self.rule, pieces: vec![(c, r)] }),
            _ => None,
        }
    }
}

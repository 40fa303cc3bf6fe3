//! Maundy Cake (`maundy[3x8]`; Winning Ways, ch. 2; CGSuite's `MaundyCake`): pieces of R rows by
//! C columns. Left cuts one piece vertically into d >= 2 equal pieces, d dividing its width (C);
//! Right cuts one horizontally into d equal pieces, d dividing its height (R).
//!
//! Every value is an integer, given for any size by [`piece_value`]: with the prime factors of
//! the width and of the height listed smallest first, the player whose side has more prime
//! factors (with multiplicity) wins, by `f(n) = n/p1 + n/(p1 p2) + ... + 1` where n is that side
//! stripped of as many of its smallest primes as the other side has (a 1xC strip is f(C): cut by
//! the smallest prime last). The formula is checked against a plain search of the rules, with
//! its own move generator, in the tests. Small cakes are also [`MaundyCake`] positions (for
//! move listings), valued by [`Solver`] from the rules.

mod factor;
#[cfg(test)]
mod tests;

use cgt_core::game::{GameId, Games};
use cgt_core::{Budget, Exhausted};

pub use factor::prime_factors;

use crate::position::{Partizan, Solver, Tabled};

/// The longest side of a [`MaundyCake`] position (its moves are listed piece by piece, so a cut
/// into d pieces writes d pieces).
pub const MAX_SIDE: u64 = 256;

/// The value of one piece of `rows` by `cols`, for any size (the closed form above); 0 for an
/// empty piece.
pub fn piece_value(rows: u64, cols: u64, budget: &Budget) -> Result<i128, Exhausted> {
    if rows == 0 || cols == 0 {
        return Ok(0);
    }
    let (across, down) = (prime_factors(cols, budget)?, prime_factors(rows, budget)?);
    Ok(if across.len() > down.len() {
        i128::from(strip(cols, &across, down.len()))
    } else if across.len() < down.len() {
        -i128::from(strip(rows, &down, across.len()))
    } else {
        0
    })
}

/// `f(n / (p1 ... pk))` for n with prime factors `primes` (ascending): the value of a strip of
/// n that its owner cuts alone, after the other player's k cuts took its k smallest primes.
fn strip(n: u64, primes: &[u64], k: usize) -> u64 {
    let mut part = n / primes[..k].iter().product::<u64>();
    let mut sum = 0;
    // part / p1 + part / (p1 p2) + ..., ending with 1 once every prime is taken.
    for &p in &primes[k..] {
        part /= p;
        sum += part;
    }
    sum
}

/// The value of a sum of pieces (rows, columns), for any size.
pub fn value(pieces: &[(u64, u64)], budget: &Budget) -> Result<i128, Exhausted> {
    pieces.iter().try_fold(0i128, |sum, &(r, c)| Ok(sum + piece_value(r, c, budget)?))
}

/// A Maundy Cake position small enough to list its moves: pieces (rows, columns), sorted, none
/// empty, every side at most [`MAX_SIDE`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MaundyCake {
    pieces: Vec<(u64, u64)>,
}

/// A side longer than [`MAX_SIDE`] in a position whose moves are listed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooLarge {
    /// The piece's rows.
    pub rows: u64,
    /// The piece's columns.
    pub cols: u64,
}

impl std::fmt::Display for TooLarge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "a side of {}x{} is longer than {MAX_SIDE}, too long to list its moves", self.rows, self.cols)
    }
}

impl MaundyCake {
    /// The sum of the given pieces (rows, columns); empty pieces are dropped.
    pub fn new(pieces: &[(u64, u64)]) -> Result<MaundyCake, TooLarge> {
        if let Some(&(rows, cols)) = pieces.iter().find(|&&(r, c)| r > MAX_SIDE || c > MAX_SIDE) {
            return Err(TooLarge { rows, cols });
        }
        Ok(MaundyCake::of(pieces.to_vec()))
    }

    fn of(mut pieces: Vec<(u64, u64)>) -> MaundyCake {
        pieces.retain(|&(r, c)| r > 0 && c > 0);
        pieces.sort_unstable();
        MaundyCake { pieces }
    }

    /// The pieces, as (rows, columns), sorted.
    pub fn pieces(&self) -> &[(u64, u64)] {
        &self.pieces
    }

    /// The canonical value, from the rules (the table [`Solver`]).
    pub fn game(&self, games: &mut Games, budget: &Budget) -> Result<GameId, Exhausted> {
        Solver::new().value(games, self, budget)
    }

    /// The positions after cutting one piece into d equal parts across its columns (Left,
    /// `vertical`) or its rows (Right).
    fn options(&self, vertical: bool) -> Vec<MaundyCake> {
        let mut out = Vec::new();
        for (i, &(r, c)) in self.pieces.iter().enumerate() {
            // Equal pieces give the same position, so each piece size is cut once.
            if i > 0 && self.pieces[i - 1] == (r, c) {
                continue;
            }
            let side = if vertical { c } else { r };
            for d in (2..=side).filter(|d| side.is_multiple_of(*d)) {
                let part = if vertical { (r, c / d) } else { (r / d, c) };
                let mut pieces = self.pieces.clone();
                pieces[i] = part;
                pieces.extend(std::iter::repeat_n(part, d as usize - 1));
                out.push(MaundyCake::of(pieces));
            }
        }
        out
    }
}

impl Partizan for MaundyCake {
    fn left_options(&self) -> Vec<MaundyCake> {
        self.options(true)
    }

    fn right_options(&self) -> Vec<MaundyCake> {
        self.options(false)
    }

    /// `maundy[3x1, 3x1]`, or `0` when no cake is left.
    fn notation(&self) -> String {
        if self.pieces.is_empty() {
            return "0".to_owned();
        }
        let pieces: Vec<String> = self.pieces.iter().map(|(r, c)| format!("{r}x{c}")).collect();
        format!("maundy[{}]", pieces.join(", "))
    }
}

impl Tabled for MaundyCake {
    fn regions(&self) -> Vec<MaundyCake> {
        self.pieces.iter().map(|&p| MaundyCake { pieces: vec![p] }).collect()
    }

    /// A quarter turn swaps the players' cuts, so a piece and its transpose are negatives.
    fn negated(&self) -> Option<MaundyCake> {
        match self.pieces[..] {
            [(r, c)] if c < r => Some(MaundyCake { pieces: vec![(c, r)] }),
            _ => None,
        }
    }
}

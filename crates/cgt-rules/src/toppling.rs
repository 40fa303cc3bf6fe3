//! Toppling Dominoes (`toppling[BWWB]`): a row of black (Left), white (Right) and green
//! (either player) dominoes; a move topples one of the mover's dominoes to the left or to the
//! right, removing it and every domino on that side. Rows separated by `.` are a sum.
//!
//! There is no closed formula in general (WW and *Lessons in Play* give values of special
//! rows only), so values come from the definition `G = {G^L | G^R}` through the arena's
//! canonical forms. Every option of a row is a contiguous piece of it, so a row is valued by
//! dynamic programming over its pieces, shortest first (no recursion), with a transposition
//! table keyed by the row up to reversal: toppling is symmetric under reversing the row, so a
//! row and its mirror image have equal values.

use std::collections::HashMap;

use cgt_core::game::{GameId, Games};
use cgt_core::{Budget, Exhausted};

/// The colour of a domino.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Domino {
    /// Black: Left's domino (`B`).
    Black,
    /// White: Right's domino (`W`).
    White,
    /// Green: either player may topple it (`G`).
    Green,
}

impl Domino {
    /// The letter the language writes: `B`, `W` or `G`.
    pub fn letter(self) -> char {
        match self {
            Domino::Black => 'B',
            Domino::White => 'W',
            Domino::Green => 'G',
        }
    }

    /// The domino of a letter `B`, `W` or `G`.
    pub fn from_letter(c: char) -> Option<Domino> {
        match c {
            'B' => Some(Domino::Black),
            'W' => Some(Domino::White),
            'G' => Some(Domino::Green),
            _ => None,
        }
    }

    /// Whether Left (`left = true`) or Right may topple this domino.
    fn playable(self, left: bool) -> bool {
        !matches!((self, left), (Domino::White, true) | (Domino::Black, false))
    }
}

/// A letter of a row that is not `B`, `W` or `G`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadDomino {
    /// Byte offset of the letter in the text.
    pub offset: usize,
    /// The letter.
    pub letter: char,
}

/// A toppling position: a sum of rows (empty rows are allowed and worth 0).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Position {
    /// The rows, each listed from left to right.
    pub rows: Vec<Vec<Domino>>,
}

impl Position {
    /// Reads rows separated by `.`: `BW.WB`; `_` or nothing is an empty row.
    pub fn parse(text: &str) -> Result<Position, BadDomino> {
        let mut rows = Vec::new();
        let mut start = 0;
        for word in text.split('.') {
            rows.push(parse_row(word).map_err(|e| BadDomino { offset: e.offset + start, ..e })?);
            start += word.len() + 1;
        }
        Ok(Position { rows })
    }

    /// The canonical value: the sum of the rows' values.
    pub fn game(&self, games: &mut Games, budget: &Budget) -> Result<GameId, Exhausted> {
        Toppling::new().position_game(games, self, budget)
    }

    /// The positions Left can move to, in row order then domino order (toppling left, then
    /// right); duplicates are listed once.
    pub fn left_options(&self) -> Vec<Position> {
        self.options(true)
    }

    /// The positions Right can move to ([`Position::left_options`]).
    pub fn right_options(&self) -> Vec<Position> {
        self.options(false)
    }

    fn options(&self, left: bool) -> Vec<Position> {
        let mut out: Vec<Position> = Vec::new();
        for (r, row) in self.rows.iter().enumerate() {
            for (i, d) in row.iter().enumerate() {
                if !d.playable(left) {
                    continue;
                }
                for piece in [&row[i + 1..], &row[..i]] {
                    let mut rows = self.rows.clone();
                    rows[r] = piece.to_vec();
                    let p = Position { rows };
                    if !out.contains(&p) {
                        out.push(p);
                    }
                }
            }
        }
        out
    }

    /// The position as the language writes it: `toppling[W]`, `toppling[BW.WB]`, or `0` when
    /// every row is empty. Empty rows next to others are left out.
    pub fn to_notation(&self) -> String {
        let words: Vec<String> = self.rows.iter().filter(|r| !r.is_empty()).map(|r| row_word(r)).collect();
        if words.is_empty() {
            return "0".to_owned();
        }
        format!("toppling[{}]", words.join("."))
    }
}

/// Reads one row: `BWWB`; `_` or the empty word is the empty row.
pub fn parse_row(word: &str) -> Result<Vec<Domino>, BadDomino> {
    if word == "_" {
        return Ok(Vec::new());
    }
    word.char_indices().map(|(offset, c)| Domino::from_letter(c).ok_or(BadDomino { offset, letter: c })).collect()
}

/// A row written as letters: `BWWB`.
pub fn row_word(row: &[Domino]) -> String {
    row.iter().map(|d| d.letter()).collect()
}

/// A transposition table of row values, tied to one [`Games`] arena: keep it with the arena
/// to share work between positions.
#[derive(Default)]
pub struct Toppling {
    table: HashMap<Vec<Domino>, GameId>,
}

impl Toppling {
    /// An empty table.
    pub fn new() -> Self {
        Toppling::default()
    }

    /// The value of a sum of rows.
    pub fn position_game(&mut self, games: &mut Games, p: &Position, budget: &Budget) -> Result<GameId, Exhausted> {
        let mut total = games.zero();
        for row in &p.rows {
            let g = self.row_game(games, row, budget)?;
            total = games.add(total, g, budget)?;
        }
        Ok(total)
    }

    /// The value of one row: every piece `row[i..j]`, shortest first, from its options
    /// `row[i..k]` and `row[k+1..j]` for the dominoes k the mover may topple.
    pub fn row_game(&mut self, games: &mut Games, row: &[Domino], budget: &Budget) -> Result<GameId, Exhausted> {
        if let Some(&g) = self.table.get(&key(row)) {
            return Ok(g);
        }
        let n = row.len();
        // `value[i][len]`: the value of `row[i..i + len]`.
        let mut value: Vec<Vec<GameId>> = vec![vec![games.zero()]; n + 1];
        for len in 1..=n {
            for i in 0..=n - len {
                budget.check()?;
                let g = self.piece(games, &row[i..i + len], |a, b| value[a + i][b - a], budget)?;
                value[i].push(g);
            }
        }
        Ok(value[0][n])
    }

    /// The value of `piece`, given the values of its proper pieces (`known(a, b)` is the value
    /// of `piece[a..b]`), through the table.
    fn piece(
        &mut self,
        games: &mut Games,
        piece: &[Domino],
        known: impl Fn(usize, usize) -> GameId,
        budget: &Budget,
    ) -> Result<GameId, Exhausted> {
        let k = key(piece);
        if let Some(&g) = self.table.get(&k) {
            return Ok(g);
        }
        let options = |left: bool| -> Vec<GameId> {
            let mut v = Vec::new();
            for (i, _) in piece.iter().enumerate().filter(|(_, d)| d.playable(left)) {
                v.push(known(0, i));
                v.push(known(i + 1, piece.len()));
            }
            v
        };
        let (l, r) = (options(true), options(false));
        let g = games.from_options(&l, &r, budget)?;
        budget.check_memory(games.memory_bytes() + self.table.len() * (48 + piece.len()))?;
        self.table.insert(k, g);
        Ok(g)
    }
}

/// The table key of a row: the row or its reversal, whichever is smaller.
fn key(row: &[Domino]) -> Vec<Domino> {
    let reversed: Vec<Domino> = row.iter().rev().copied().collect();
    if reversed.as_slice() < row { reversed } else { row.to_vec() }
}

#[cfg(test)]
mod tests;

impl crate::position::Partizan for Position {
    fn left_options(&self) -> Vec<Position> {
        Position::left_options(self)
    }

    fn right_options(&self) -> Vec<Position> {
        Position::right_options(self)
    }

    fn notation(&self) -> String {
        self.to_notation()
    }
}

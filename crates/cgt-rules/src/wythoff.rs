//! Wythoff's game: one queen on a quarter-infinite board at `(a, b)`, moving towards the corner
//! `(0, 0)` along its row, its column or its diagonal; written `wythoff[a, b]`.
//!
//! Theory: Wythoff (1907); WW ch. 3; Lessons in Play ch. 7. The P-positions are
//! `(floor(k phi), floor(k phi^2)) = (a_k, a_k + k)` and their mirror images, `phi` the golden
//! ratio; the two Beatty sequences `a_k` and `b_k = a_k + k` (k >= 1) partition the positive
//! integers. Both are computed exactly with integer square roots: `floor(k phi) =
//! floor((k + isqrt(5 k^2)) / 2)` because `sqrt(5 k^2)` is irrational for k > 0, so rounding it
//! down does not change the floor of the half-sum. The Grundy values have no known formula; they
//! come from a table of the rectangle below the queen (any rectangle is closed under moves).

use cgt_core::{Budget, Exhausted, Outcome};
use num_bigint::BigUint;
use num_traits::{One, ToPrimitive, Zero};

/// A position of Wythoff's game: the queen at `(a, b)`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Wythoff {
    a: BigUint,
    b: BigUint,
}

impl Wythoff {
    /// The queen at `(a, b)` (any sizes).
    pub fn new(a: BigUint, b: BigUint) -> Self {
        Wythoff { a, b }
    }

    /// The first coordinate.
    pub fn a(&self) -> &BigUint {
        &self.a
    }

    /// The second coordinate.
    pub fn b(&self) -> &BigUint {
        &self.b
    }

    /// The position in the language's notation, `wythoff[3, 5]`.
    pub fn notation(&self) -> String {
        format!("wythoff[{}, {}]", self.a, self.b)
    }

    /// Whether the second player wins: `{a, b} = {a_k, a_k + k}` for some k >= 0.
    pub fn is_p_position(&self) -> bool {
        let (small, large) = self.sorted();
        match classify(small) {
            Beatty::Lower(k) => *large == small + k,
            Beatty::Upper(_) => false,
        }
    }

    /// `P` or `N` (the game is impartial).
    pub fn outcome(&self) -> Outcome {
        if self.is_p_position() { Outcome::P } else { Outcome::N }
    }

    /// The position after a winning move, or `None` from a P-position. With `a <= b` (the other
    /// order is mirrored): if `a = b_j` the queen moves along `b` to `a_j`; if `a = a_k` and
    /// `b > a_k + k` it moves along `b` to `a_k + k`; if `b = a + d` with `d < k` it moves
    /// diagonally to `(a_d, a_d + d)`.
    pub fn winning_move(&self) -> Option<Wythoff> {
        let (small, large) = self.sorted();
        let (new_small, new_large) = match classify(small) {
            Beatty::Upper(j) => (small.clone(), lower(&j)),
            Beatty::Lower(k) => {
                let target = small + &k;
                if *large == target {
                    return None;
                }
                if *large > target {
                    (small.clone(), target)
                } else {
                    let d = large - small;
                    let a_d = lower(&d);
                    let b_d = &a_d + &d;
                    (a_d, b_d)
                }
            }
        };
        Some(self.oriented(new_small, new_large))
    }

    /// The Grundy value, from a table of the rectangle `[0, a] x [0, b]`: about `a * b` steps and
    /// `2 min(a, b) (a + b + 2 min(a, b))` bits of memory, both under the budget.
    pub fn grundy(&self, budget: &Budget) -> Result<u64, Exhausted> {
        let (short, long) = self.small_sides()?;
        let mut value = 0;
        rectangle(short, long, budget, &mut |r, c, v| {
            if (r, c) == (short, long) {
                value = v;
            }
        })?;
        Ok(value)
    }

    /// A move to a position of Grundy value `target` (for play in a sum of queens), or `None` if
    /// no option has that value; from the same table as [`Wythoff::grundy`].
    pub fn move_to_value(&self, target: u64, budget: &Budget) -> Result<Option<Wythoff>, Exhausted> {
        let (short, long) = self.small_sides()?;
        let mut found: Option<(u64, u64)> = None;
        rectangle(short, long, budget, &mut |r, c, v| {
            let is_option =
                (c == long && r < short) || (r == short && c < long) || (long - c == short - r && r < short);
            if v == target && is_option && found.is_none() {
                found = Some((r, c));
            }
        })?;
        Ok(found.map(|(r, c)| self.oriented(BigUint::from(r), BigUint::from(c))))
    }

    /// `(min, max)` of the coordinates.
    fn sorted(&self) -> (&BigUint, &BigUint) {
        if self.a <= self.b { (&self.a, &self.b) } else { (&self.b, &self.a) }
    }

    /// A position with the smaller coordinate where this position has its smaller one.
    fn oriented(&self, small: BigUint, large: BigUint) -> Wythoff {
        if self.a <= self.b { Wythoff::new(small, large) } else { Wythoff::new(large, small) }
    }

    /// The sides of the table, which must fit in memory (so certainly in a `u64`).
    fn small_sides(&self) -> Result<(u64, u64), Exhausted> {
        let (small, large) = self.sorted();
        match (small.to_u64(), large.to_u64()) {
            (Some(s), Some(l)) if l < u64::MAX / 4 => Ok((s, l)),
            _ => Err(Exhausted::Memory),
        }
    }
}

/// The k-th P-position `(a_k, b_k) = (floor(k phi), floor(k phi^2))`, k >= 0.
pub fn p_position(k: &BigUint) -> (BigUint, BigUint) {
    let a = lower(k);
    let b = &a + k;
    (a, b)
}

/// Wythoff's Grundy values `G(r, c)` for `r < rows`, `c < columns`, row by row.
pub fn grundy_rows(rows: u64, columns: u64, budget: &Budget) -> Result<Vec<Vec<u64>>, Exhausted> {
    if rows == 0 || columns == 0 {
        return Ok(Vec::new());
    }
    let cells = rows.checked_mul(columns).and_then(|n| n.checked_mul(8)).ok_or(Exhausted::Memory)?;
    budget.check_memory(usize::try_from(cells).map_err(|_| Exhausted::Memory)?)?;
    let mut table = vec![vec![0u64; columns as usize]; rows as usize];
    // The table is symmetric, so the short side runs inside.
    let transpose = rows > columns;
    let (short, long) = if transpose { (columns - 1, rows - 1) } else { (rows - 1, columns - 1) };
    rectangle(short, long, budget, &mut |r, c, v| {
        let (row, column) = if transpose { (c, r) } else { (r, c) };
        table[row as usize][column as usize] = v;
    })?;
    Ok(table)
}

/// Where a positive integer lies in the Beatty partition: `a_k` or `b_k`.
enum Beatty {
    /// `floor(k phi)` (also 0, with k = 0).
    Lower(BigUint),
    /// `floor(k phi^2)`, k >= 1.
    Upper(BigUint),
}

/// `floor(k phi) = floor((k + isqrt(5 k^2)) / 2)`.
fn lower(k: &BigUint) -> BigUint {
    let root = (k * k * 5u32).sqrt();
    (k + root) >> 1u32
}

/// `floor(x / phi) = floor((isqrt(5 x^2) - x) / 2)` (x / phi = x (sqrt 5 - 1) / 2, irrational).
fn floor_div_phi(x: &BigUint) -> BigUint {
    let root = (x * x * 5u32).sqrt();
    (root - x) >> 1u32
}

/// Exactly `c = floor((x + 1) / phi)` of the `a_k` (k >= 1) are at most x, since
/// `floor(k phi) <= x` iff `k phi < x + 1`; so x is `a_c` if that equals x, and otherwise it is the
/// `(x - c)`-th of the `b_j`.
fn classify(x: &BigUint) -> Beatty {
    if x.is_zero() {
        return Beatty::Lower(BigUint::zero());
    }
    let c = floor_div_phi(&(x + BigUint::one()));
    if lower(&c) == *x { Beatty::Lower(c) } else { Beatty::Upper(x - c) }
}

/// Computes `G(r, c)` for every `r <= short`, `c <= long`, column by column, and hands each to
/// `sink`. `G(r, c)` is the mex of its row to the left, its column below and its diagonal, kept as
/// bitsets over the values: one per row, one for the current column and one per diagonal that
/// meets the current column (a diagonal is retired, and its bits cleared, when it leaves). A value
/// is at most the number of options, `r + c + min(r, c)`, so `long + 2 short + 1` bits suffice.
fn rectangle(short: u64, long: u64, budget: &Budget, sink: &mut dyn FnMut(u64, u64, u64)) -> Result<(), Exhausted> {
    let height = usize::try_from(short).map_err(|_| Exhausted::Memory)? + 1;
    let width_bits = long.checked_add(2 * short + 2).ok_or(Exhausted::Memory)?;
    let words = usize::try_from(width_bits / 64 + 1).map_err(|_| Exhausted::Memory)?;
    let bytes = words.checked_mul(8 * (2 * height + 1)).ok_or(Exhausted::Memory)?;
    budget.check_memory(bytes)?;
    let mut rows = vec![0u64; height * words];
    // The least value missing from each set: the mex of their union is at least the largest.
    let mut row_mex = vec![0u64; height];
    let mut diagonal_mex = vec![0u64; height];
    let mut diagonals = vec![0u64; height * words];
    let mut diagonal_values: Vec<Vec<u64>> = vec![Vec::new(); height];
    let mut column = vec![0u64; words];
    let mut column_values: Vec<u64> = Vec::with_capacity(height);
    for c in 0..=long {
        for v in column_values.drain(..) {
            clear(&mut column, v);
        }
        let mut column_mex = 0;
        for r in 0..=short {
            budget.check()?;
            let slot = (c + height as u64 - r % height as u64) as usize % height;
            if r == 0 && c > 0 {
                // The diagonal c - height leaves as the diagonal c arrives in the same slot.
                for v in diagonal_values[slot].drain(..) {
                    clear(&mut diagonals[slot * words..(slot + 1) * words], v);
                }
                diagonal_mex[slot] = 0;
            }
            let row = &mut rows[r as usize * words..(r as usize + 1) * words];
            let diagonal = &mut diagonals[slot * words..(slot + 1) * words];
            let from = row_mex[r as usize].max(column_mex).max(diagonal_mex[slot]);
            let v = mex(row, &column, diagonal, from);
            set(row, v);
            set(&mut column, v);
            set(diagonal, v);
            column_values.push(v);
            diagonal_values[slot].push(v);
            row_mex[r as usize] = next_missing(row, row_mex[r as usize]);
            column_mex = next_missing(&column, column_mex);
            diagonal_mex[slot] = next_missing(diagonal, diagonal_mex[slot]);
            sink(r, c, v);
        }
    }
    Ok(())
}

/// The least value at or above `from` in none of the three bitsets.
fn mex(a: &[u64], b: &[u64], c: &[u64], from: u64) -> u64 {
    let mut w = (from / 64) as usize;
    let mut free = !(a[w] | b[w] | c[w]) & (u64::MAX << (from % 64));
    while free == 0 {
        w += 1;
        free = !(a[w] | b[w] | c[w]);
    }
    w as u64 * 64 + u64::from(free.trailing_zeros())
}

/// The least value at or above `from` missing from `bits`.
fn next_missing(bits: &[u64], from: u64) -> u64 {
    let mut m = from;
    while is_set(bits, m) {
        m += 1;
    }
    m
}

fn set(bits: &mut [u64], v: u64) {
    bits[(v / 64) as usize] |= 1 << (v % 64);
}

fn clear(bits: &mut [u64], v: u64) {
    bits[(v / 64) as usize] &= !(1 << (v % 64));
}

fn is_set(bits: &[u64], v: u64) -> bool {
    bits.get((v / 64) as usize).is_some_and(|w| w >> (v % 64) & 1 == 1)
}

#[cfg(test)]
mod tests;

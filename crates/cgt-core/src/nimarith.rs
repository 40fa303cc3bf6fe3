//! Nim arithmetic: nim addition and multiplication of integers of any size.
//!
//! Theory: Conway, *On Numbers and Games* (ONAG) ch. 6, and Winning Ways ch. 14. Nim addition is
//! XOR. Nim multiplication is defined by `a*b = mex{ a'*b + a*b' + a'*b' : a' < a, b' < b }`
//! (nim operations inside); with nim addition it makes the integers a field of characteristic 2,
//! in which the integers below `2^(2^k)` form the subfield of that order. The computation uses
//! the Fermat 2-powers `F = 2^(2^k)`: for `x, y < F` the nim product `x*F` is the ordinary product
//! (so `F` shifts), and `F*F = F + F/2` (ordinary sum, `3F/2`). Writing `a = a1 F + a0` and
//! `b = b1 F + b0` with halves below `F`:
//!
//! `a*b = ((a0+a1)(b0+b1) + a0 b0) F + a1 b1 (F/2) + a0 b0`  (nim operations throughout),
//!
//! three half-size products and a product by the power of two `F/2` (Karatsuba's trick), so the
//! cost grows as n^1.6 in the number of bits. Products of bytes come from a table.

use std::sync::OnceLock;

use num_bigint::BigUint;

use crate::{Budget, Exhausted};

/// The nim sum of two integers (their bitwise XOR).
pub fn nim_sum(a: &BigUint, b: &BigUint) -> BigUint {
    a ^ b
}

/// The nim product of two integers below 2^64 (the product is below 2^64 too).
pub fn nim_product_u64(a: u64, b: u64) -> u64 {
    if a < 2 || b < 2 {
        return a * b;
    }
    let level = bit_length(a | b).next_power_of_two();
    if level <= 8 {
        return byte_table()[(a as usize) << 8 | b as usize] as u64;
    }
    split_product(a, b, level / 2, nim_product_u64)
}

/// The nim product of two integers of any size. Multiplying numbers of n bits takes about
/// (n/64)^1.6 word products; the budget is checked on the way.
pub fn nim_product(a: &BigUint, b: &BigUint, budget: &Budget) -> Result<BigUint, Exhausted> {
    let product = product_words(&a.to_u64_digits(), &b.to_u64_digits(), budget)?;
    Ok(BigUint::from_slice(&to_u32_words(&product)))
}

/// The nim square of an integer below 2^64.
pub fn nim_square_u64(a: u64) -> u64 {
    nim_product_u64(a, a)
}

/// The nim inverse of a nonzero integer below 2^64 (`None` for 0): the `b` with `a*b = 1`.
///
/// In the field of the integers below `2^(2^k)` the inverse is `a^(2^(2^k) - 2)`, the product of
/// the squares `a^2, a^4, ..., a^(2^(2^k - 1))`.
pub fn nim_inverse_u64(a: u64) -> Option<u64> {
    if a == 0 {
        return None;
    }
    let field_bits = bit_length(a).next_power_of_two().max(1);
    let (mut square, mut inverse) = (a, 1u64);
    for _ in 1..field_bits {
        square = nim_square_u64(square);
        inverse = nim_product_u64(inverse, square);
    }
    Some(inverse)
}

/// The nim inverse of a nonzero integer of any size (`None` for 0), as for
/// [`nim_inverse_u64`]: `2^k - 1` squarings and products in a field of `2^k` bits.
pub fn nim_inverse(a: &BigUint, budget: &Budget) -> Result<Option<BigUint>, Exhausted> {
    if a.bits() == 0 {
        return Ok(None);
    }
    if let Some(small) = u64_of(a) {
        return Ok(nim_inverse_u64(small).map(BigUint::from));
    }
    let field_bits = a.bits().next_power_of_two();
    let (mut square, mut inverse) = (a.clone(), BigUint::from(1u32));
    for _ in 1..field_bits {
        budget.check()?;
        square = nim_product(&square, &square, budget)?;
        inverse = nim_product(&inverse, &square, budget)?;
    }
    Ok(Some(inverse))
}

/// The value of a `BigUint` below 2^64, if it is.
fn u64_of(a: &BigUint) -> Option<u64> {
    match a.to_u64_digits()[..] {
        [] => Some(0),
        [x] => Some(x),
        _ => None,
    }
}

fn bit_length(x: u64) -> u32 {
    64 - x.leading_zeros()
}

/// The product of `a` and `b` (below `2^(2h)`, at least one of them at least `2^h`), split at
/// `F = 2^h` as in the module comment, with `mul` multiplying the halves.
fn split_product(a: u64, b: u64, h: u32, mul: fn(u64, u64) -> u64) -> u64 {
    let mask = (1u64 << h) - 1;
    let (a1, a0, b1, b0) = (a >> h, a & mask, b >> h, b & mask);
    let half_f = 1u64 << (h - 1);
    if a1 == 0 || b1 == 0 {
        // One factor is below F: (a1 F + a0) b0 = (a1 b0) F + a0 b0, and symmetrically.
        let (high, low) = if a1 == 0 { (mul(a0, b1), mul(a0, b0)) } else { (mul(a1, b0), mul(a0, b0)) };
        return high << h ^ low;
    }
    let low = mul(a0, b0);
    let high = mul(a1, b1);
    let cross = mul(a0 ^ a1, b0 ^ b1) ^ low;
    cross << h ^ mul(high, half_f) ^ low
}

/// Nim products of bytes, `table[a << 8 | b]`, built once from the recursion on bits.
fn byte_table() -> &'static [u8] {
    static TABLE: OnceLock<Vec<u8>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = vec![0u8; 1 << 16];
        for a in 0..256u64 {
            for b in 0..256u64 {
                table[(a << 8 | b) as usize] = small_product(a, b) as u8;
            }
        }
        table
    })
}

/// The nim product of numbers below 256 by the recursion alone (used to fill the byte table).
fn small_product(a: u64, b: u64) -> u64 {
    if a < 2 || b < 2 {
        return a * b;
    }
    let level = bit_length(a | b).next_power_of_two();
    split_product(a, b, level / 2, small_product)
}

/// The nim product of numbers given as little-endian 64-bit words.
fn product_words(a: &[u64], b: &[u64], budget: &Budget) -> Result<Vec<u64>, Exhausted> {
    let (a, b) = (trim(a), trim(b));
    if a.is_empty() || b.is_empty() {
        return Ok(Vec::new());
    }
    if a.len() == 1 && b.len() == 1 {
        return Ok(vec![nim_product_u64(a[0], b[0])]);
    }
    budget.check()?;
    // F = 2^(64 h): the halves are h words each.
    let h = a.len().max(b.len()).next_power_of_two() / 2;
    let (a0, a1) = a.split_at(h.min(a.len()));
    let (b0, b1) = b.split_at(h.min(b.len()));
    if a1.is_empty() || b1.is_empty() {
        let (high, low) = if a1.is_empty() {
            (product_words(a0, b1, budget)?, product_words(a0, b0, budget)?)
        } else {
            (product_words(a1, b0, budget)?, product_words(a0, b0, budget)?)
        };
        return Ok(xor_words(&shifted(&high, h), &low));
    }
    let low = product_words(a0, b0, budget)?;
    let high = product_words(a1, b1, budget)?;
    let cross = xor_words(&product_words(&xor_words(a0, a1), &xor_words(b0, b1), budget)?, &low);
    let mut half_f = vec![0u64; h];
    half_f[h - 1] = 1 << 63;
    let high_half = product_words(&high, &half_f, budget)?;
    Ok(xor_words(&xor_words(&shifted(&cross, h), &high_half), &low))
}

fn trim(words: &[u64]) -> &[u64] {
    let len = words.iter().rposition(|&w| w != 0).map_or(0, |i| i + 1);
    &words[..len]
}

fn xor_words(a: &[u64], b: &[u64]) -> Vec<u64> {
    let (long, short) = if a.len() >= b.len() { (a, b) } else { (b, a) };
    let mut out = long.to_vec();
    for (o, s) in out.iter_mut().zip(short) {
        *o ^= s;
    }
    out
}

/// `words` times `2^(64 shift)`.
fn shifted(words: &[u64], shift: usize) -> Vec<u64> {
    if trim(words).is_empty() {
        return Vec::new();
    }
    let mut out = vec![0u64; shift];
    out.extend_from_slice(words);
    out
}

fn to_u32_words(words: &[u64]) -> Vec<u32> {
    words.iter().flat_map(|&w| [w as u32, (w >> 32) as u32]).collect()
}

#[cfg(test)]
mod tests;

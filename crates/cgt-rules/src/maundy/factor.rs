//! Prime factors of 64-bit numbers: trial division by small primes, a deterministic
//! Miller–Rabin test (the first twelve primes as bases decide every n < 2^64; Jaeschke 1993,
//! Sorenson–Webster 2015), and Pollard's rho with Brent's cycle finding for what is left.

use cgt_core::{Budget, Exhausted};

/// The bases that make Miller–Rabin exact below 2^64 (3.3 * 10^24 in fact).
const BASES: [u64; 12] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];

/// The prime factors of `n` with multiplicity, ascending (none for 0 and 1).
pub fn prime_factors(n: u64, budget: &Budget) -> Result<Vec<u64>, Exhausted> {
    let mut out = Vec::new();
    if n == 0 {
        return Ok(out);
    }
    let mut n = n;
    for p in 2..1000u64 {
        while n.is_multiple_of(p) {
            out.push(p);
            n /= p;
        }
    }
    let mut pending = vec![n];
    while let Some(m) = pending.pop() {
        budget.check()?;
        if m == 1 {
            continue;
        }
        if is_prime(m) {
            out.push(m);
            continue;
        }
        let d = rho(m, budget)?;
        pending.push(d);
        pending.push(m / d);
    }
    out.sort_unstable();
    Ok(out)
}

fn mul_mod(a: u64, b: u64, m: u64) -> u64 {
    (u128::from(a) * u128::from(b) % u128::from(m)) as u64
}

fn pow_mod(mut b: u64, mut e: u64, m: u64) -> u64 {
    let mut r = 1 % m;
    b %= m;
    while e > 0 {
        if e & 1 == 1 {
            r = mul_mod(r, b, m);
        }
        b = mul_mod(b, b, m);
        e >>= 1;
    }
    r
}

/// Whether `n` is prime, exactly, for every 64-bit n.
pub(crate) fn is_prime(n: u64) -> bool {
    if n < 2 {
        return false;
    }
    if let Some(&p) = BASES.iter().find(|&&p| n.is_multiple_of(p)) {
        return n == p;
    }
    let s = (n - 1).trailing_zeros();
    let d = (n - 1) >> s;
    BASES.iter().all(|&a| {
        let mut x = pow_mod(a, d, n);
        if x == 1 || x == n - 1 {
            return true;
        }
        (1..s).any(|_| {
            x = mul_mod(x, x, n);
            x == n - 1
        })
    })
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// A proper factor of the odd composite `n` (no factor below 1000): Pollard's rho on
/// x -> x^2 + c with Brent's cycle finding, trying c = 1, 2, ... until one splits n.
fn rho(n: u64, budget: &Budget) -> Result<u64, Exhausted> {
    for c in 1u64.. {
        let step = |x: u64| (mul_mod(x, x, n) + c) % n;
        let (mut x, mut y, mut power, mut lam) = (2u64, 2u64, 1u64, 1u64);
        y = step(y);
        loop {
            budget.check()?;
            let d = gcd(x.abs_diff(y), n);
            if d == n {
                break; // this c cycles without splitting n: try the next one
            }
            if d > 1 {
                return Ok(d);
            }
            if power == lam {
                x = y;
                power *= 2;
                lam = 0;
            }
            y = step(y);
            lam += 1;
        }
    }
    unreachable!("some c splits every composite")
}

//! Arithmetic periodicity of partizan subtraction games with a number saltus:
//! `G(n + p) = G(n) + s` for every `n >= n0`, proven from the values computed.
//!
//! The proof. Let m be the largest amount either player may take, and suppose the values show
//! (S) `G(k + p) = G(k) + s` for `n0 <= k < n0 + m`, with `s` a number, and
//! (T) `G(k)` is not a number for `n0 + m <= k < n0 + m + p`.
//! Then S and T hold for every k from n0 on, by strong induction on n >= n0 + m:
//! - T(n) for n >= n0 + m + p: `G(n) = G(n - p) + s` by S(n - p) (proven, since n - p < n and
//!   n - p >= n0), and `G(n - p)` is not a number by T(n - p); a game that is not a number plus
//!   a number is not a number.
//! - S(n): since n >= m, every amount can be taken from both n and n + p, so
//!   `G(n + p) = { G(n + p - a) | G(n + p - b) } = { G(n - a) + s | G(n - b) + s }` by S on
//!   `n - m <= k < n` (every k there is >= n0). `G(n)` equals the game `H = { G(n - a) | G(n - b) }`
//!   and is not a number by T(n), so the Number Translation Theorem (for a number x and a game H
//!   not equal to a number, `H + x = { H^L + x | H^R + x }`; Conway, ONAG ch. 8, and Siegel,
//!   "Combinatorial Game Theory", 2013, ch. II) gives `G(n + p) = H + s = G(n) + s`.
//!
//! The condition T cannot be dropped: `{ x + s | }` is not `{ x | } + s` for every number (take
//! x = 0 and s = 1/2). When one player has no move at all, every value is an integer of one
//! sign and `{ x1, x2, ... | } = max(x) + 1` for integers x >= 0 (and `{ | y1, ... } = min(y) - 1`
//! for y <= 0), so an integer saltus needs only S, by the same induction.
//!
//! A saltus that is not a number (ups, say) is not claimed: translation by such a game does not
//! commute with taking options (`{ 0 | 0 } + ^` is `^*`, but `{ ^ | ^ }` is `^^*`), so the values
//! computed would prove nothing about larger heaps.

use cgt_core::dyadic::Dyadic;
use cgt_core::game::{GameId, Games};
use cgt_core::{Budget, Exhausted};

/// A proven arithmetic period: `G(n + period) = G(n) + saltus` for every `n >= preperiod`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Saltus {
    /// The heap from which the rule is proven.
    pub preperiod: u64,
    /// The period p.
    pub period: u64,
    /// The number added each period.
    pub saltus: Dyadic,
}

/// The candidate periods tried, at most (the search stops earlier when the values run out).
const MAX_PERIOD: usize = 600;

/// The least period with a number saltus whose proof (the module's S and T) the values contain,
/// from the start of the run of S that ends at the last value, moved past the last number for T
/// (so the rule may hold a little earlier than the pre-period given); `left` and `right` are the
/// sets (T is not needed when one is empty).
pub(super) fn find(
    games: &mut Games,
    values: &[GameId],
    (left, right): (&[u64], &[u64]),
    budget: &Budget,
) -> Result<Option<Saltus>, Exhausted> {
    let len = values.len();
    let reach = left.iter().chain(right).copied().max().unwrap_or(0) as usize;
    let one_sided = left.is_empty() || right.is_empty();
    let stops = stops(games, values, left, right);
    for p in 1..=MAX_PERIOD {
        // S must be seen on at least m + p heaps after the pre-period, ending at the last value.
        if len < 2 * p + reach + 1 {
            break;
        }
        budget.check()?;
        let (a, b) = (len - 1 - p, len - 1);
        let Some(s) = candidate(games, (values[a], &stops[a]), (values[b], &stops[b])) else { continue };
        let sid = games.number(&s);
        // The first index of the run of S ending at the last value.
        let mut start = len - p;
        while start > 0 {
            budget.check()?;
            if games.add(values[start - 1], sid, budget)? != values[start - 1 + p] {
                break;
            }
            start -= 1;
        }
        let mut n0 = start;
        if !one_sided {
            // T from n0 + m on: start after the last number among the values.
            let last_number = (n0 + reach..len).rev().find(|&k| games.as_number(values[k]).is_some());
            if let Some(k) = last_number {
                n0 = n0.max(k + 1 - reach);
            }
        }
        if n0 + reach + p <= len - p {
            return Ok(Some(Saltus { preperiod: n0 as u64, period: p as u64, saltus: s }));
        }
    }
    Ok(None)
}

/// The stops (left, right) of each value, from the sets: a number's are itself, and otherwise
/// `LS(G) = max RS(G^L)` and `RS(G) = min LS(G^R)` over the options of any form of G, here
/// `{ G(n - a) | G(n - b) }` (Siegel, CGT ch. II); `None` where a side has no option. Only
/// candidates are taken from them, so they need not be exact for the proof.
type Stops = Option<(Dyadic, Dyadic)>;

fn stops(games: &Games, values: &[GameId], left: &[u64], right: &[u64]) -> Vec<Stops> {
    let mut out: Vec<Stops> = Vec::with_capacity(values.len());
    for (n, &g) in values.iter().enumerate() {
        let s = match games.as_number(g) {
            Some(x) => Some((x.clone(), x)),
            None => {
                let of = |set: &[u64], right_stop: bool| -> Option<Vec<Dyadic>> {
                    set.iter()
                        .filter(|&&t| t as usize <= n)
                        .map(|&t| out[n - t as usize].as_ref().map(|(l, r)| if right_stop { r } else { l }.clone()))
                        .collect()
                };
                match (of(left, true), of(right, false)) {
                    (Some(l), Some(r)) => l.into_iter().max().zip(r.into_iter().min()),
                    _ => None,
                }
            }
        };
        out.push(s);
    }
    out
}

/// The number s with `b = a + s`, if a cheap look allows one; the caller checks the equation
/// itself. Adding a number keeps a value `x + k·^ + *m` in that form with the same k and m, keeps
/// a general game general with as many options on each side (the canonical form of `a + s` is
/// `a`'s options plus s: number translation), and adds s to both stops.
fn candidate(games: &mut Games, (a, sa): (GameId, &Stops), (b, sb): (GameId, &Stops)) -> Option<Dyadic> {
    match (games.as_nus_big(a), games.as_nus_big(b)) {
        (Some((x, k, m)), Some((y, j, n))) => return (k == j && m == n).then(|| &y - &x),
        (None, None) => {}
        _ => return None,
    }
    let (Ok((al, ar)), Ok((bl, br))) = (games.try_options(a), games.try_options(b)) else { return None };
    if al.len() != bl.len() || ar.len() != br.len() {
        return None;
    }
    let ((la, ra), (lb, rb)) = (sa.as_ref()?, sb.as_ref()?);
    let s = lb - la;
    (s == rb - ra).then_some(s)
}

/// `G(n)` for a heap n beyond the values computed, through the proven saltus.
pub(super) fn value(
    games: &mut Games,
    values: &[GameId],
    saltus: &Saltus,
    n: u64,
    budget: &Budget,
) -> Result<GameId, Exhausted> {
    let len = values.len() as u64;
    let p = saltus.period;
    // The last computed heap i with i = n (mod p); i >= len - p >= the pre-period.
    let i = len - p + (n - (len - p)) % p;
    let k = (n - i) / p;
    let shift = Dyadic::integer(k).mul(&saltus.saltus);
    let x = games.number(&shift);
    games.add(values[i as usize], x, budget)
}

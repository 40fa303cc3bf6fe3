//! The Grundy values again, laid out for the splits: the heaps a of the splits `(a, m - a)`,
//! a = 1, 2, ..., come from the values in order, and their partners m - a from a reversed copy,
//! so that both are read forwards (no shuffle to reverse vector lanes); as `u16` while every
//! value fits (half the memory to read).

/// The values as the splits read them. `back[cap - 1 - i]` is g(i), where `cap` is the length
/// of `back`, a power of two at least the number of values (the copy is made again, twice as
/// long, when the values reach it).
#[derive(Clone, Debug)]
pub(super) enum Copies {
    /// Every value fits in `u16`: `front[i]` is g(i).
    Narrow { front: Vec<u16>, back: Vec<u16> },
    /// Some value does not: the front is the engine's own `u32` values.
    Wide { back: Vec<u32> },
}

/// The values of the splits `(a, m - a)` for a = `from` to `last`, each side read forwards:
/// `front[i]` is g(from + i) and `back[i]` is g(m - from - i).
pub(super) enum Splits<'a> {
    Narrow(&'a [u16], &'a [u16]),
    Wide(&'a [u32], &'a [u32]),
}

impl Copies {
    /// The copies of no values yet.
    pub(super) fn new() -> Self {
        Copies::Narrow { front: Vec::new(), back: Vec::new() }
    }

    /// Takes in the last of `values`, g(i) for i = `values.len() - 1`.
    pub(super) fn push(&mut self, values: &[u32]) {
        let (i, v) = (values.len() - 1, values[values.len() - 1]);
        let fits = u16::try_from(v).ok();
        match (&mut *self, fits) {
            (Copies::Narrow { front, back }, Some(v)) if back.len() > i => {
                front.push(v);
                let cap = back.len();
                back[cap - 1 - i] = v;
            }
            (Copies::Wide { back }, _) if back.len() > i => {
                let cap = back.len();
                back[cap - 1 - i] = v;
            }
            _ => *self = Copies::of(values),
        }
    }

    /// The copies of `values`, narrow if every value fits in `u16`.
    fn of(values: &[u32]) -> Self {
        let cap = values.len().next_power_of_two().max(64);
        match values.iter().map(|&v| u16::try_from(v).ok()).collect::<Option<Vec<u16>>>() {
            Some(front) => {
                let mut back = vec![0; cap];
                front.iter().enumerate().for_each(|(i, &v)| back[cap - 1 - i] = v);
                Copies::Narrow { front, back }
            }
            None => {
                let mut back = vec![0; cap];
                values.iter().enumerate().for_each(|(i, &v)| back[cap - 1 - i] = v);
                Copies::Wide { back }
            }
        }
    }

    /// The splits `(a, m - a)` for a = `from` to `last`, of the engine's `values` (`m - 1` among
    /// them, `1 <= from <= last + 1`, `2 last <= m`).
    pub(super) fn splits<'a>(&'a self, values: &'a [u32], m: usize, from: usize, last: usize) -> Splits<'a> {
        // g(m - a) is back[cap + a - 1 - m].
        match self {
            Copies::Narrow { front, back } => {
                let cap = back.len();
                Splits::Narrow(&front[from..=last], &back[cap + from - 1 - m..cap - m + last])
            }
            Copies::Wide { back } => {
                let cap = back.len();
                Splits::Wide(&values[from..=last], &back[cap + from - 1 - m..cap - m + last])
            }
        }
    }

    /// The values as `u16`, if they all fit.
    pub(super) fn narrow(&self) -> Option<&[u16]> {
        match self {
            Copies::Narrow { front, .. } => Some(front),
            Copies::Wide { .. } => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::Rng;

    /// Random values, narrow and then wide, random ranges of splits: every split read from the
    /// copies is `(g(a), g(m - a))`.
    #[test]
    fn the_copies_read_the_splits() {
        let mut rng = Rng(0x6a09_e667_f3bc_c908);
        for round in 0..40 {
            let (mut values, mut copies) = (Vec::new(), Copies::new());
            let len = 1 + rng.index(300);
            let wide_at = if round % 2 == 0 { rng.index(len) } else { len };
            for i in 0..len {
                let v = if i >= wide_at { 65_536 + rng.below(9) as u32 } else { rng.below(70_000) as u32 % 65_536 };
                values.push(v);
                copies.push(&values);
                assert_eq!(copies.narrow().is_some(), values.iter().all(|&v| v < 65_536), "round {round}");
                let m = 1 + rng.index(values.len());
                let last = rng.index(m / 2 + 1);
                let from = 1 + rng.index(last + 1);
                let pairs: Vec<(u32, u32)> = match copies.splits(&values, m, from, last) {
                    Splits::Narrow(f, b) => f.iter().zip(b).map(|(&x, &y)| (x.into(), y.into())).collect(),
                    Splits::Wide(f, b) => f.iter().copied().zip(b.iter().copied()).collect(),
                };
                let want: Vec<(u32, u32)> = (from..=last).map(|a| (values[a], values[m - a])).collect();
                assert_eq!(pairs, want, "round {round}");
            }
        }
    }
}

//! Exact piecewise-linear functions of the temperature: the walls of thermographs and the
//! operations that build them (tilting by `±t`, pointwise max and min, the first meeting point).

use std::cmp::Ordering;

use crate::dyadic::Dyadic;

/// One linear piece of a [`Trajectory`]: from temperature `from` on, until the next piece
/// starts, the wall is `value + slope·(t - from)`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The temperature where this piece starts.
    pub from: Dyadic,
    /// The value of the wall at `from`.
    pub value: Dyadic,
    /// The slope `dx/dt`: -1, 0 or 1 on the walls of a thermograph.
    pub slope: i8,
}

/// A wall of a thermograph: a continuous piecewise-linear function of the temperature
/// `t >= -1` with slopes -1, 0 and 1 and exact dyadic breakpoints.
///
/// It is stored as a list of [`Piece`]s: the first starts at `t = -1`, the starts increase
/// strictly, the function is continuous, and two neighbouring pieces have different slopes
/// (so every start after the first is a true breakpoint). The last piece goes on for ever; on
/// a finished thermograph it is the flat mast.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Trajectory {
    pieces: Vec<Piece>,
}

/// Which pointwise extreme [`Trajectory::combine`] takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Extreme {
    /// The pointwise maximum (Left's wall: Left picks her best option).
    Max,
    /// The pointwise minimum (Right's wall).
    Min,
}

impl Trajectory {
    /// The value of the wall at temperature `t` (extended linearly below `t = -1`).
    pub fn value_at(&self, t: &Dyadic) -> Dyadic {
        let p = self.piece_at(t);
        along(&p.value, p.slope, &(t - &p.from))
    }

    /// The slope of the wall just above temperature `t`.
    pub fn slope_at(&self, t: &Dyadic) -> i8 {
        self.piece_at(t).slope
    }

    /// The points `(t, value)` where the pieces start: `t = -1` first, then every breakpoint.
    pub fn breakpoints(&self) -> Vec<(Dyadic, Dyadic)> {
        self.pieces.iter().map(|p| (p.from.clone(), p.value.clone())).collect()
    }

    /// The pieces, in increasing order of temperature.
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// The constant wall `x` for all `t >= -1`.
    pub(crate) fn constant(x: Dyadic) -> Self {
        Trajectory { pieces: vec![Piece { from: minus_one(), value: x, slope: 0 }] }
    }

    /// The wall `x + slope·(t + 1)` for all `t >= -1`.
    pub(crate) fn line(x_at_minus_one: Dyadic, slope: i8) -> Self {
        Trajectory { pieces: vec![Piece { from: minus_one(), value: x_at_minus_one, slope }] }
    }

    /// This wall plus `k·t`.
    pub(crate) fn tilt(&self, k: i8) -> Self {
        let pieces = self
            .pieces
            .iter()
            .map(|p| Piece { from: p.from.clone(), value: along(&p.value, k, &p.from), slope: p.slope + k })
            .collect();
        Trajectory { pieces }
    }

    /// The pointwise maximum or minimum of two walls.
    pub(crate) fn combine(&self, other: &Trajectory, extreme: Extreme) -> Self {
        let starts = merged_starts(self, other);
        let mut out = Builder::default();
        for (i, s) in starts.iter().enumerate() {
            let end = starts.get(i + 1);
            let (a, b) = (self.piece_at(s), other.piece_at(s));
            let (va, vb) = (self.value_at(s), other.value_at(s));
            let a_wins = match (va.cmp(&vb), extreme) {
                (Ordering::Equal, Extreme::Max) => a.slope >= b.slope,
                (Ordering::Equal, Extreme::Min) => a.slope <= b.slope,
                (ord, Extreme::Max) => ord == Ordering::Greater,
                (ord, Extreme::Min) => ord == Ordering::Less,
            };
            let ((v1, s1), (v2, s2)) =
                if a_wins { ((va, a.slope), (vb, b.slope)) } else { ((vb, b.slope), (va, a.slope)) };
            out.push(s.clone(), v1.clone(), s1);
            let overtakes = match extreme {
                Extreme::Max => s2 > s1,
                Extreme::Min => s2 < s1,
            };
            if overtakes {
                // The gap is positive (ties went to the better slope) and closes at |s2 - s1|.
                let c = s + &divide(&(&v1 - &v2).abs(), (s2 - s1).unsigned_abs());
                if end.is_none_or(|e| &c < e) {
                    let v = along(&v1, s1, &(&c - s));
                    out.push(c, v, s2);
                }
            }
        }
        out.finish()
    }

    /// The least `t >= -1` where `left(t) <= right(t)`, if there is one.
    pub(crate) fn first_meet(left: &Trajectory, right: &Trajectory) -> Option<Dyadic> {
        let starts = merged_starts(left, right);
        for (i, s) in starts.iter().enumerate() {
            let gap = &left.value_at(s) - &right.value_at(s);
            if gap.signum() <= 0 {
                return Some(s.clone());
            }
            let closing = right.slope_at(s) - left.slope_at(s);
            if closing > 0 {
                let c = s + &divide(&gap, closing.unsigned_abs());
                if starts.get(i + 1).is_none_or(|e| &c < e) {
                    return Some(c);
                }
            }
        }
        None
    }

    /// This wall below `t`, then flat at `x` from `t` on (the mast).
    pub(crate) fn with_mast(&self, t: &Dyadic, x: Dyadic) -> Self {
        let mut out = Builder::default();
        for p in self.pieces.iter().take_while(|p| &p.from < t) {
            out.push(p.from.clone(), p.value.clone(), p.slope);
        }
        out.push(t.clone(), x, 0);
        out.finish()
    }

    /// The piece in force at `t`: the last one starting at or below it (the first if none).
    fn piece_at(&self, t: &Dyadic) -> &Piece {
        let i = self.pieces.partition_point(|p| &p.from <= t);
        &self.pieces[i.saturating_sub(1)]
    }
}

/// Collects pieces, merging a piece into the previous one when it continues the same line.
#[derive(Default)]
struct Builder {
    pieces: Vec<Piece>,
}

impl Builder {
    fn push(&mut self, from: Dyadic, value: Dyadic, slope: i8) {
        match self.pieces.last() {
            Some(last) if last.slope == slope => {}
            Some(last) if last.from == from => {
                self.pieces.pop();
                self.push(from, value, slope);
            }
            _ => self.pieces.push(Piece { from, value, slope }),
        }
    }

    fn finish(self) -> Trajectory {
        debug_assert!(!self.pieces.is_empty(), "a trajectory has at least one piece");
        Trajectory { pieces: self.pieces }
    }
}

/// `-1`, where every wall starts.
pub(crate) fn minus_one() -> Dyadic {
    Dyadic::integer(-1)
}

/// `value + slope·dt`.
fn along(value: &Dyadic, slope: i8, dt: &Dyadic) -> Dyadic {
    match slope {
        0 => value.clone(),
        1 => value + dt,
        -1 => value - dt,
        s => value + &dt.mul(&Dyadic::integer(s)),
    }
}

/// `x / rate` for a rate of 1 or 2, the only ones walls with slopes in {-1, 0, 1} produce.
fn divide(x: &Dyadic, rate: u8) -> Dyadic {
    debug_assert!(rate.is_power_of_two(), "walls have slopes -1, 0 and 1, so rates are 1 or 2");
    x.shift(-i64::from(rate.trailing_zeros()))
}

/// The union of the piece starts of two walls, sorted, without repeats.
fn merged_starts(a: &Trajectory, b: &Trajectory) -> Vec<Dyadic> {
    let mut starts: Vec<Dyadic> = a.pieces.iter().chain(&b.pieces).map(|p| p.from.clone()).collect();
    starts.sort();
    starts.dedup();
    starts
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(n: i64, e: u64) -> Dyadic {
        Dyadic::new(n, e)
    }

    fn show(t: &Trajectory) -> String {
        let parts: Vec<String> = t.pieces.iter().map(|p| format!("{}:{}/{}", p.from, p.value, p.slope)).collect();
        parts.join(" ")
    }

    #[test]
    fn tilt_and_value() {
        let w = Trajectory::constant(d(3, 0)).tilt(-1);
        assert_eq!(show(&w), "-1:4/-1");
        assert_eq!(w.value_at(&d(5, 1)), d(1, 1));
    }

    #[test]
    fn max_with_crossing() {
        // 3 - t against 0: they cross at t = 3.
        let a = Trajectory::constant(d(3, 0)).tilt(-1);
        let b = Trajectory::constant(d(0, 0));
        assert_eq!(show(&a.combine(&b, Extreme::Max)), "-1:4/-1 3:0/0");
        assert_eq!(show(&a.combine(&b, Extreme::Min)), "-1:0/0 3:0/-1");
    }

    #[test]
    fn min_of_lines_with_breakpoints() {
        // min(1 + t, 1/2 with mast) crosses at t = -1/2.
        let a = Trajectory::line(d(0, 0), 1);
        let b = Trajectory::constant(d(1, 1));
        assert_eq!(show(&a.combine(&b, Extreme::Min)), "-1:0/1 -1/2:1/2/0");
    }

    #[test]
    fn meeting_point() {
        let l = Trajectory::constant(d(3, 0)).tilt(-1);
        let r = Trajectory::constant(d(-2, 0)).tilt(1);
        assert_eq!(Trajectory::first_meet(&l, &r), Some(d(5, 1)));
        let m = l.with_mast(&d(5, 1), d(1, 1));
        assert_eq!(show(&m), "-1:4/-1 5/2:1/2/0");
        assert_eq!(Trajectory::first_meet(&r, &l), Some(minus_one()));
    }
}

//! Thermographs for papers: a TikZ picture (`cgt eval --tex`), drawn as the SVG picture is
//! (render.rs): temperature upwards, Left's values on the left, one scale on both axes so
//! that the walls' slanted pieces are at 45°. Coordinates are given in centimetres, already
//! scaled, so that no coordinate leaves TeX's range however large the values are; every label
//! shows the exact value.

use std::fmt::Write;

use super::Thermograph;
use super::render::{approx, wall_points};
use crate::dyadic::Dyadic;

/// The most width and height of the plot, in centimetres.
const WIDTH: f64 = 10.0;
const HEIGHT: f64 = 6.0;

impl Thermograph {
    /// A `tikzpicture` environment (needs `\usepackage{tikz}`): the value axis at `t = 0`, the
    /// temperature axis at value 0 (or at the edge), Left's wall in blue, Right's in red, the
    /// mast in black from the temperature up, the temperature as a dashed line, and the mean,
    /// the temperature and the walls' values at `t = -1` as labels.
    pub fn to_tikz(&self) -> String {
        let f = Frame::fit(self);
        let mut out = String::from("\\begin{tikzpicture}[font=\\scriptsize]\n");
        let (y0, yb, yt) = (f.y(0.0), f.y(-1.0), f.y(f.t_max));
        let x0 = f.x(0.0_f64.clamp(f.lo, f.hi));
        let (xl, xr) = (f.x(f.hi), f.x(f.lo));
        let _ = writeln!(out, "\\draw[gray] ({xl:.3},{y0:.3}) -- ({xr:.3},{y0:.3}) node[right] {{$t = 0$}};");
        let _ = writeln!(out, "\\draw[gray] ({x0:.3},{yb:.3}) -- ({x0:.3},{yt:.3}) node[above left] {{$t$}};");
        let temp = f.y(approx(&self.temperature));
        let _ = writeln!(
            out,
            "\\draw[gray, dashed] ({xl:.3},{temp:.3}) -- ({xr:.3},{temp:.3}) node[above left] {{temperature ${}$}};",
            math(&self.temperature)
        );
        for (wall, colour, side) in [(&self.left, "blue", "left"), (&self.right, "red", "right")] {
            let points: Vec<String> = wall_points(wall, &self.temperature)
                .iter()
                .map(|(t, x)| format!("({:.3},{:.3})", f.x(approx(x)), f.y(approx(t))))
                .collect();
            let bottom = wall.value_at(&Dyadic::integer(-1));
            let _ = writeln!(
                out,
                "\\draw[{colour}, thick] {} node[below {side}] {{${}$}};",
                points.iter().rev().cloned().collect::<Vec<_>>().join(" -- "),
                math(&bottom)
            );
        }
        let xm = f.x(approx(&self.mast));
        let _ = writeln!(
            out,
            "\\draw[black, thick] ({xm:.3},{temp:.3}) -- ({xm:.3},{yt:.3}) node[above right] {{mean ${}$}};",
            math(&self.mast)
        );
        out.push_str("\\end{tikzpicture}");
        out
    }
}

/// The ranges shown (values `lo..hi`, temperatures `-1..t_max`) and centimetres per unit.
struct Frame {
    lo: f64,
    hi: f64,
    t_max: f64,
    scale: f64,
}

impl Frame {
    /// Everything from `t = -1` to a whole number above the temperature, and the walls' values
    /// with a margin, at the largest scale (at most 1 cm a unit) that fits both.
    fn fit(th: &Thermograph) -> Self {
        let t_max = (approx(&th.temperature) + 1.0).max(1.0).ceil();
        let values =
            [&th.left, &th.right].into_iter().flat_map(|w| wall_points(w, &th.temperature)).map(|(_, x)| approx(&x));
        let (lo, hi) = values.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), x| (lo.min(x), hi.max(x)));
        let pad = ((hi - lo) * 0.1).max(0.5);
        let (lo, hi) = (lo - pad, hi + pad);
        let scale = (WIDTH / (hi - lo)).min(HEIGHT / (t_max + 1.0)).min(1.0);
        Frame { lo, hi, t_max, scale }
    }

    /// Left's values grow to the left: value `hi` is at 0.
    fn x(&self, value: f64) -> f64 {
        (self.hi - value) * self.scale
    }

    /// Temperature `-1` is at 0.
    fn y(&self, t: f64) -> f64 {
        (t + 1.0) * self.scale
    }
}

/// A dyadic in math: `-\tfrac{3}{8}`, `5`.
fn math(x: &Dyadic) -> String {
    let s = x.to_string();
    match s.split_once('/') {
        Some((n, d)) => match n.strip_prefix('-') {
            Some(n) => format!("-\\tfrac{{{n}}}{{{d}}}"),
            None => format!("\\tfrac{{{n}}}{{{d}}}"),
        },
        None => s,
    }
}

#[cfg(test)]
mod tests {
    use crate::budget::Budget;
    use crate::dyadic::Dyadic;
    use crate::game::Games;

    /// The points of each `\draw[COLOUR, thick]` path.
    fn path(tikz: &str, colour: &str) -> Vec<(f64, f64)> {
        let line = tikz.lines().find(|l| l.starts_with(&format!("\\draw[{colour}, thick]"))).expect(colour);
        line.split('(')
            .skip(1)
            .map(|p| {
                let (x, y) = p.split(')').next().unwrap().split_once(',').unwrap();
                (x.parse().unwrap(), y.parse().unwrap())
            })
            .collect()
    }

    #[test]
    fn a_thermograph_is_a_tikz_picture_with_walls_at_45_degrees_and_exact_labels() {
        let mut games = Games::new();
        let b = Budget::unlimited();
        // {3 | -2}: temperature 5/2, mean 1/2.
        let (three, minus_two) = (games.number(&Dyadic::integer(3)), games.number(&Dyadic::integer(-2)));
        let g = games.from_options(&[three], &[minus_two], &b).unwrap();
        let tikz = super::super::thermograph(&mut games, g, &b).unwrap().to_tikz();
        assert!(tikz.starts_with("\\begin{tikzpicture}") && tikz.ends_with("\\end{tikzpicture}"), "{tikz}");
        assert!(tikz.contains("temperature $\\tfrac{5}{2}$"), "{tikz}");
        assert!(tikz.contains("mean $\\tfrac{1}{2}$"), "{tikz}");
        assert!(
            tikz.contains("{$4$}") && tikz.contains("{$-3$}"),
            "the walls' values at t = -1 (3 - t, -2 + t): {tikz}"
        );
        let (left, right) = (path(&tikz, "blue"), path(&tikz, "red"));
        let mast = path(&tikz, "black");
        for wall in [&left, &right] {
            for w in wall.windows(2) {
                let (dx, dy) = (w[1].0 - w[0].0, w[1].1 - w[0].1);
                assert!(dx.abs() < 0.002 || (dx.abs() - dy.abs()).abs() < 0.002, "45° or vertical: {w:?}");
            }
            // Each wall ends where the mast begins.
            assert!((wall[0].0 - mast[0].0).abs() < 0.002 && (wall[0].1 - mast[0].1).abs() < 0.002, "{tikz}");
        }
        // Left's wall is on the left; every coordinate is inside the page.
        assert!(left.last().unwrap().0 < right.last().unwrap().0);
        assert!(
            left.iter().chain(&right).chain(&mast).all(|&(x, y)| (0.0..=10.0).contains(&x) && (0.0..=6.0).contains(&y))
        );
        // Huge values are scaled down, not written as huge coordinates.
        let big = games.number(&Dyadic::integer(1_000_000_000_000_i64));
        let zero = games.zero();
        let g = games.from_options(&[big], &[zero], &b).unwrap();
        let tikz = super::super::thermograph(&mut games, g, &b).unwrap().to_tikz();
        assert!(path(&tikz, "blue").iter().all(|&(x, y)| x.abs() <= 10.0 && y.abs() <= 6.0), "{tikz}");
    }
}

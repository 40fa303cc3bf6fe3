//! Thermographs for people: a one-line text description and a standalone SVG picture.
//!
//! The picture follows the convention of *Winning Ways* and CGSuite: temperature upwards,
//! values horizontally with Left's (positive) values on the left, with one scale on both axes so
//! that the walls' slanted pieces are at 45°. Only the pixel coordinates are approximate; every
//! label shows the exact dyadic value.

use std::fmt::Write;

use num_traits::ToPrimitive;

use super::{Piece, Thermograph, Trajectory};
use crate::dyadic::Dyadic;

/// The size of the picture and of the margin around the plot, in pixels.
const WIDTH: f64 = 480.0;
const HEIGHT: f64 = 320.0;
const MARGIN: f64 = 48.0;

impl Thermograph {
    /// A readable description: the mast, then each wall's breakpoints up to the temperature.
    ///
    /// For example `mast 1/2 from t = 5/2; left wall 4 at t = -1, 1/2 at t = 5/2; right wall
    /// -3 at t = -1, 1/2 at t = 5/2`.
    pub fn to_text(&self) -> String {
        let mut out = format!("mast {} from t = {}", self.mast, self.temperature);
        for (name, wall) in [("left", &self.left), ("right", &self.right)] {
            let points = wall_points(wall, &self.temperature);
            if points.len() > 1 {
                let list: Vec<String> = points.iter().map(|(t, x)| format!("{x} at t = {t}")).collect();
                let _ = write!(out, "; {name} wall {}", list.join(", "));
            }
        }
        out
    }

    /// A standalone SVG picture (480 by 320 pixels): axes, both walls, the mast, and labels for
    /// the temperature and the mean, under the given title.
    pub fn to_svg(&self, title: &str) -> String {
        let frame = Frame::fit(self);
        let mut svg = String::new();
        let _ = write!(
            svg,
            r##"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="12">"##
        );
        let _ = write!(svg, r##"<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>"##);
        let _ = write!(
            svg,
            r##"<text x="{}" y="20" text-anchor="middle" font-size="14">{}</text>"##,
            WIDTH / 2.0,
            escape(title)
        );
        frame.axes(&mut svg);
        frame.labels(self, &mut svg);
        for (wall, colour) in [(&self.left, "#1f4fbf"), (&self.right, "#c62828")] {
            let points = wall_points(wall, &self.temperature);
            frame.polyline(&points, colour, &mut svg);
        }
        let top = Dyadic::new(frame.t_max_label(), 0);
        frame.polyline(&[(self.temperature.clone(), self.mast.clone()), (top, self.mast.clone())], "black", &mut svg);
        svg.push_str("</svg>\n");
        svg
    }
}

/// The breakpoints of a wall from `t = -1` up to and including the temperature.
pub(super) fn wall_points(wall: &Trajectory, temperature: &Dyadic) -> Vec<(Dyadic, Dyadic)> {
    let mut points: Vec<(Dyadic, Dyadic)> = wall
        .pieces()
        .iter()
        .take_while(|p| &p.from < temperature)
        .map(|Piece { from, value, .. }| (from.clone(), value.clone()))
        .collect();
    points.push((temperature.clone(), wall.value_at(temperature)));
    points
}

/// The visible ranges of temperature and value, and the map from them to pixels: one unit of
/// value is as many pixels as one unit of temperature.
struct Frame {
    t_min: f64,
    t_max: f64,
    x_min: f64,
    x_max: f64,
    /// Pixels per unit, on both axes.
    scale: f64,
}

impl Frame {
    /// Ranges that show everything from `t = -1` to a little above the temperature, at the
    /// largest scale that fits both; the value range then widens to fill the picture's width
    /// (or, for very wide walls, the temperature axis gets room to spare above).
    fn fit(th: &Thermograph) -> Self {
        let temp = approx(&th.temperature);
        let (t_min, t_max) = (-1.0, (temp + 1.0).max(1.0).ceil());
        let values =
            [&th.left, &th.right].into_iter().flat_map(|w| wall_points(w, &th.temperature)).map(|(_, x)| approx(&x));
        let (lo, hi) = values.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), x| (lo.min(x), hi.max(x)));
        let pad = ((hi - lo) * 0.1).max(0.5);
        let (plot_w, plot_h) = (WIDTH - 2.0 * MARGIN, HEIGHT - 2.0 * MARGIN);
        let scale = (plot_w / (hi - lo + 2.0 * pad)).min(plot_h / (t_max - t_min));
        let (mid, half) = ((lo + hi) / 2.0, plot_w / scale / 2.0);
        Frame { t_min, t_max, x_min: mid - half, x_max: mid + half, scale }
    }

    /// The top of the temperature axis, a whole number.
    fn t_max_label(&self) -> i64 {
        self.t_max as i64
    }

    /// Left's values grow to the left.
    fn px(&self, x: f64) -> f64 {
        MARGIN + (self.x_max - x) * self.scale
    }

    /// Temperatures grow upwards, from the bottom margin.
    fn py(&self, t: f64) -> f64 {
        HEIGHT - MARGIN - (t - self.t_min) * self.scale
    }

    /// The value axis at `t = 0` and the temperature axis at value 0 (or at the edge).
    fn axes(&self, svg: &mut String) {
        let y0 = self.py(0.0);
        let x0 = self.px(0.0_f64.clamp(self.x_min, self.x_max));
        let (xl, xr) = (self.px(self.x_max), self.px(self.x_min));
        let (yb, yt) = (self.py(self.t_min), self.py(self.t_max));
        let _ = write!(svg, r##"<g stroke="#888" stroke-width="1">"##);
        let _ = write!(svg, r##"<line x1="{xl:.1}" y1="{y0:.1}" x2="{xr:.1}" y2="{y0:.1}"/>"##);
        let _ = write!(svg, r##"<line x1="{x0:.1}" y1="{yb:.1}" x2="{x0:.1}" y2="{yt:.1}"/></g>"##);
        let _ = write!(svg, r##"<text x="{:.1}" y="{:.1}" fill="#555">t</text>"##, x0 + 4.0, yt + 10.0);
        let _ = write!(svg, r##"<text x="{:.1}" y="{:.1}" fill="#555">t = 0</text>"##, xr + 2.0, y0 - 3.0);
        let _ = write!(svg, r##"<text x="{:.1}" y="{:.1}" fill="#555">t = -1</text>"##, xr + 2.0, yb);
        let _ = write!(
            svg,
            r##"<text x="{:.1}" y="{:.1}" fill="#555">t = {}</text>"##,
            xr + 2.0,
            yt + 4.0,
            self.t_max_label()
        );
    }

    /// The temperature (a dashed line) and the mean (under the mast), and the walls' values at
    /// `t = -1`.
    fn labels(&self, th: &Thermograph, svg: &mut String) {
        let yt = self.py(approx(&th.temperature));
        let (xl, xr) = (self.px(self.x_max), self.px(self.x_min));
        let _ = write!(
            svg,
            r##"<line x1="{xl:.1}" y1="{yt:.1}" x2="{xr:.1}" y2="{yt:.1}" stroke="#999" stroke-dasharray="4 3"/><text x="{:.1}" y="{:.1}" fill="#333">temperature {}</text>"##,
            xl + 2.0,
            yt - 4.0,
            th.temperature
        );
        let xm = self.px(approx(&th.mast));
        let top = self.py(self.t_max);
        let _ = write!(svg, r##"<text x="{xm:.1}" y="{:.1}" text-anchor="middle">mean {}</text>"##, top - 6.0, th.mast);
        let bottom = self.py(self.t_min) + 16.0;
        for (wall, anchor) in [(&th.left, "end"), (&th.right, "start")] {
            let x = wall.value_at(&Dyadic::integer(-1));
            let _ = write!(
                svg,
                r##"<text x="{:.1}" y="{bottom:.1}" text-anchor="{anchor}">{x}</text>"##,
                self.px(approx(&x))
            );
        }
    }

    /// A polyline through `(t, value)` points.
    fn polyline(&self, points: &[(Dyadic, Dyadic)], colour: &str, svg: &mut String) {
        let coords: Vec<String> =
            points.iter().map(|(t, x)| format!("{:.1},{:.1}", self.px(approx(x)), self.py(approx(t)))).collect();
        let _ = write!(
            svg,
            r##"<polyline points="{}" fill="none" stroke="{colour}" stroke-width="2"/>"##,
            coords.join(" ")
        );
    }
}

/// The largest magnitude a picture coordinate is given: beyond it every picture is degenerate
/// anyway, and keeping coordinates finite keeps the arithmetic of the frame finite.
const LARGEST: f64 = 1e100;

/// A floating-point approximation, for pixel positions only (clamped to ±[`LARGEST`]).
pub(super) fn approx(x: &Dyadic) -> f64 {
    let num = x.numerator();
    let drop = num.bits().saturating_sub(62);
    let mantissa = (num >> drop).to_f64().unwrap_or(0.0);
    let scale = i64::try_from(drop).unwrap_or(i64::MAX).saturating_sub(i64::try_from(x.exponent()).unwrap_or(i64::MAX));
    (mantissa * 2f64.powi(scale.clamp(-1000, 1000) as i32)).clamp(-LARGEST, LARGEST)
}

/// Escapes text for SVG.
fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

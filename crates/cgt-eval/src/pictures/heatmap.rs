//! The intensity plot (heat map) of a table of numbers: a square per cell, darker for larger
//! values, with the rows' and columns' headers and a legend of the smallest and largest value.
//! Written as SVG directly, as the Grundy plot is (the playground's worker cannot measure text).

use std::fmt::Write;

use super::escape;
use crate::table::Table;

/// The widest and tallest the grid of cells may be, in pixels.
const GRID: f64 = 560.0;
/// The largest and smallest side of a cell.
const CELL_MAX: f64 = 40.0;
const CELL_MIN: f64 = 4.0;
/// The width of a character of the headers (11 px sans-serif), for the room they take.
const CHAR: f64 = 7.0;
/// The colour of a cell that gave up on its budget.
const GAVE_UP_FILL: &str = "rgb(190,190,190)";

/// The colour of a value at `t` between 0 (the smallest value) and 1 (the largest): from pale
/// to dark blue, every channel falling as `t` grows, so a larger value is never lighter.
pub(crate) fn colour(t: f64) -> (u8, u8, u8) {
    let t = if t.is_finite() { t.clamp(0.0, 1.0) } else { 0.0 };
    let mix = |a: f64, b: f64| (a + (b - a) * t).round() as u8;
    (mix(247.0, 8.0), mix(251.0, 48.0), mix(255.0, 107.0))
}

/// The heat map of `table`, whose cells are the numbers `values` (`None` for a cell that gave
/// up), under a title.
pub(crate) fn heat_map_svg(table: &Table, values: &[Vec<Option<f64>>], title: &str) -> String {
    let (rows, cols) = (table.rows.len().max(1), table.columns.len().max(1));
    let side = (GRID / cols as f64).min(GRID / rows as f64).clamp(CELL_MIN, CELL_MAX).floor();
    let head_chars = table.rows.iter().map(|r| r.chars().count()).max().unwrap_or(1).min(16);
    let left = 36.0 + CHAR * head_chars as f64;
    let top = 72.0;
    // Wide enough for the title (15 px sans-serif) and the legend.
    let room = (8.0 * title.chars().count() as f64 + 32.0).max(360.0);
    let (width, height) = ((left + side * cols as f64 + 24.0).max(room), top + side * rows as f64 + 56.0);
    let finite = values.iter().flatten().flatten().copied().filter(|x| x.is_finite());
    let (lo, hi) = finite.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), x| (lo.min(x), hi.max(x)));
    let t_of = |x: f64| if hi > lo { (x - lo) / (hi - lo) } else { 0.0 };
    let mut svg = String::new();
    let _ = write!(
        svg,
        r#"<svg width="{width}" height="{height}" viewBox="0 0 {width} {height}" xmlns="http://www.w3.org/2000/svg"><rect width="{width}" height="{height}" fill="white"/>"#
    );
    text(&mut svg, width / 2.0, 22.0, 15, "middle", title);
    // Headers every `step` rows or columns, so that they do not overlap.
    let step = |room: f64| ((room / side).ceil() as usize).max(1);
    let mid = |i: usize| side * (i as f64 + 0.5);
    text(&mut svg, left + side * cols as f64 / 2.0, 42.0, 12, "middle", &table.column_name);
    for (j, c) in table.columns.iter().enumerate().step_by(step(CHAR * 4.0)) {
        text(&mut svg, left + mid(j), top - 8.0, 11, "middle", c);
    }
    text(&mut svg, 12.0, top + side * rows as f64 / 2.0, 12, "start", &table.row_name);
    for (i, r) in table.rows.iter().enumerate().step_by(step(14.0)) {
        text(&mut svg, left - 6.0, top + mid(i) + 4.0, 11, "end", r);
    }
    for (i, row) in values.iter().enumerate() {
        for (j, v) in row.iter().enumerate() {
            let fill = match v {
                Some(x) => {
                    let (r, g, b) = colour(t_of(*x));
                    format!("rgb({r},{g},{b})")
                }
                None => GAVE_UP_FILL.to_string(),
            };
            let (x, y) = (left + side * j as f64, top + side * i as f64);
            let what = format!(
                "{} = {}, {} = {}: {}",
                table.row_name,
                table.rows.get(i).map_or("", String::as_str),
                table.column_name,
                table.columns.get(j).map_or("", String::as_str),
                table.cell(i, j)
            );
            let _ = write!(
                svg,
                r#"<rect class="cell" x="{x:.1}" y="{y:.1}" width="{side}" height="{side}" fill="{fill}" stroke="white" stroke-width="0.5"><title>{}</title></rect>"#,
                escape(&what)
            );
            let shown = table.cell(i, j);
            if side >= 24.0 && CHAR * shown.chars().count() as f64 <= side {
                let ink = if v.is_some_and(|x| t_of(x) > 0.5) { "white" } else { "black" };
                let _ = write!(
                    svg,
                    r#"<text x="{:.1}" y="{:.1}" font-family="sans-serif" font-size="11" text-anchor="middle" fill="{ink}">{}</text>"#,
                    x + side / 2.0,
                    y + side / 2.0 + 4.0,
                    escape(shown)
                );
            }
        }
    }
    legend(&mut svg, left, top + side * rows as f64 + 18.0, (lo, hi), values);
    svg.push_str("</svg>");
    svg
}

/// The smallest and largest value with their colours, below the grid.
fn legend(svg: &mut String, x: f64, y: f64, (lo, hi): (f64, f64), values: &[Vec<Option<f64>>]) {
    if lo > hi {
        return;
    }
    let number = |v: f64| if v.fract() == 0.0 && v.abs() < 1e15 { format!("{v:.0}") } else { format!("{v}") };
    let mut at = x;
    for (label, t) in [(format!("{} (smallest)", number(lo)), 0.0), (format!("{} (largest)", number(hi)), 1.0)] {
        let (r, g, b) = colour(t);
        let _ = write!(
            svg,
            r#"<rect class="legend" x="{at:.1}" y="{y:.1}" width="14" height="14" fill="rgb({r},{g},{b})" stroke="black" stroke-width="0.5"/>"#
        );
        text(svg, at + 20.0, y + 11.0, 11, "start", &label);
        at += 28.0 + CHAR * label.chars().count() as f64;
    }
    if values.iter().flatten().any(Option::is_none) {
        let _ = write!(
            svg,
            r#"<rect class="legend" x="{at:.1}" y="{y:.1}" width="14" height="14" fill="{GAVE_UP_FILL}" stroke="black" stroke-width="0.5"/>"#
        );
        text(svg, at + 20.0, y + 11.0, 11, "start", "? (gave up)");
    }
}

fn text(svg: &mut String, x: f64, y: f64, size: u32, anchor: &str, t: &str) {
    let _ = write!(
        svg,
        r#"<text x="{x:.1}" y="{y:.1}" font-family="sans-serif" font-size="{size}" text-anchor="{anchor}">{}</text>"#,
        escape(t)
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A table of `rows` x `cols` whose cell (i, j) is `f(i, j)`, its headers 0, 1, ...
    fn numbers(rows: usize, cols: usize, f: impl Fn(usize, usize) -> Option<f64>) -> (Table, Vec<Vec<Option<f64>>>) {
        let values: Vec<Vec<Option<f64>>> = (0..rows).map(|i| (0..cols).map(|j| f(i, j)).collect()).collect();
        let cells = values.iter().map(|r| r.iter().map(|v| v.map(|x| x.to_string())).collect()).collect();
        let table = Table {
            row_name: "r".into(),
            column_name: "c".into(),
            rows: (0..rows).map(|i| i.to_string()).collect(),
            columns: (0..cols).map(|j| j.to_string()).collect(),
            cells,
        };
        (table, values)
    }

    /// The fill of every cell, row by row, as (r, g, b).
    fn fills(svg: &str) -> Vec<(u8, u8, u8)> {
        svg.split(r#"<rect class="cell""#)
            .skip(1)
            .map(|c| {
                let fill = c.split("fill=\"").nth(1).expect("a fill").split('"').next().expect("a quote");
                let inner = fill.trim_start_matches("rgb(").trim_end_matches(')');
                let ch: Vec<u8> = inner.split(',').map(|x| x.parse().expect("a channel")).collect();
                (ch[0], ch[1], ch[2])
            })
            .collect()
    }

    #[test]
    fn a_cell_per_entry_and_larger_values_are_darker() {
        // The nim-sum table: values 0..=7 over 8 x 8 cells.
        let (table, values) = numbers(8, 8, |i, j| Some((i ^ j) as f64));
        let svg = heat_map_svg(&table, &values, "table(nimsum(r, c) for r in 0..7, c in 0..7)");
        let fills = fills(&svg);
        assert_eq!(fills.len(), 64, "one square per cell");
        let flat: Vec<f64> = values.iter().flatten().map(|v| v.expect("a value")).collect();
        for (a, fa) in flat.iter().zip(&fills) {
            for (b, fb) in flat.iter().zip(&fills) {
                if a < b {
                    assert!(fa.0 > fb.0 && fa.1 > fb.1 && fa.2 > fb.2, "{a} {fa:?} is not lighter than {b} {fb:?}");
                }
                if a == b {
                    assert_eq!(fa, fb, "equal values, equal colours");
                }
            }
        }
        assert_eq!(fills[0], colour(0.0));
        assert_eq!(fills[7], colour(1.0), "cell (0, 7) holds the largest value, 7");
    }

    #[test]
    fn headers_name_every_row_and_column_of_a_small_table() {
        let (table, values) = numbers(3, 4, |i, j| Some((i * j) as f64));
        let svg = heat_map_svg(&table, &values, "t");
        let labels: Vec<&str> =
            svg.split("<text").skip(1).filter_map(|t| t.split('>').nth(1)?.split('<').next()).collect();
        for h in ["0", "1", "2", "3"] {
            assert!(labels.contains(&h), "header {h}: {labels:?}");
        }
        assert!(labels.contains(&"r") && labels.contains(&"c"), "the indices' names: {labels:?}");
        assert!(labels.contains(&"0 (smallest)") && labels.contains(&"6 (largest)"), "{labels:?}");
    }

    #[test]
    fn a_cell_that_gave_up_is_grey_and_a_large_table_keeps_its_headers_apart() {
        let (table, values) = numbers(2, 2, |i, j| (i + j != 2).then_some((i + j) as f64));
        let svg = heat_map_svg(&table, &values, "t");
        assert_eq!(fills(&svg)[3], (190, 190, 190));
        assert!(svg.contains("? (gave up)"));
        let (table, values) = numbers(100, 100, |i, j| Some(((i + j) % 7) as f64));
        let svg = heat_map_svg(&table, &values, "t");
        assert_eq!(fills(&svg).len(), 100 * 100);
        assert!(svg.matches("<text").count() < 120, "headers thinned out, no values written in tiny cells");
    }

    #[test]
    fn colours_fall_in_every_channel() {
        let steps: Vec<(u8, u8, u8)> = (0..=20).map(|k| colour(f64::from(k) / 20.0)).collect();
        assert!(steps.windows(2).all(|w| w[0].0 >= w[1].0 && w[0].1 >= w[1].1 && w[0].2 >= w[1].2));
        assert_eq!(colour(f64::NAN), colour(0.0));
    }
}

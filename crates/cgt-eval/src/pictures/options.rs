//! The options of a small ruleset position as a picture (issue 36, "each option as a small
//! picture beside its value"): Left's options in a column on the left, Right's on the right,
//! each the option's position picture scaled down to a thumbnail with its value beside it. The
//! thumbnails are the position pictures of `positions.rs`, nested as `<svg>` elements.

use std::fmt::Write;

/// One option of a position: its picture (`None` for a position that is not drawn, such as
/// the empty position `0`), its notation (written beside the value when there is no picture)
/// and its printed value.
pub(crate) struct OptionShown {
    /// The option's position picture, a standalone SVG document.
    pub svg: Option<String>,
    /// The option in its ruleset's notation.
    pub notation: String,
    /// Its value, printed.
    pub value: String,
}

/// The largest side of a thumbnail, in pixels.
const THUMB: f64 = 64.0;
/// The gap between a thumbnail and its value, and between rows.
const GAP: f64 = 8.0;
const MARGIN: f64 = 10.0;
/// The height of the column headings.
const HEADING: f64 = 22.0;
/// About the width of a character of the values' font.
const CHAR: f64 = 7.2;

/// The options picture: `left` and `right` are the options shown (already capped), and
/// `more` how many of each side are left out.
pub(crate) fn options_svg(left: &[OptionShown], right: &[OptionShown], more: (usize, usize)) -> String {
    let width_of = |side: &[OptionShown], title: &str| {
        let text = side.iter().map(|o| label(o).chars().count()).max().unwrap_or(4) as f64 * CHAR;
        (THUMB + GAP + text).max(title.len() as f64 * CHAR)
    };
    let (lt, rt) = ("Left's options", "Right's options");
    let (lw, rw) = (width_of(left, lt), width_of(right, rt));
    let rows = |n: usize, more: usize| n.max(1) + usize::from(more > 0);
    let tallest = rows(left.len(), more.0).max(rows(right.len(), more.1));
    let width = 2.0 * MARGIN + lw + 3.0 * GAP + rw;
    let height = 2.0 * MARGIN + HEADING + tallest as f64 * (THUMB + GAP);
    let mut svg = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}">"#
    );
    svg.push('\n');
    column(&mut svg, (MARGIN, lt, "left", "#1f4fbf"), left, more.0);
    column(&mut svg, (MARGIN + lw + 3.0 * GAP, rt, "right", "#c62828"), right, more.1);
    svg.push_str("</svg>\n");
    svg
}

/// One side's column at `x`: its heading, then one row per option.
fn column(svg: &mut String, (x, title, side, colour): (f64, &str, &str, &str), options: &[OptionShown], more: usize) {
    let text = |svg: &mut String, class: &str, x: f64, y: f64, fill: &str, s: &str| {
        let _ = writeln!(
            svg,
            r#"<text class="{class}" x="{x:.1}" y="{y:.1}" font-family="monospace" font-size="12" fill="{fill}">{}</text>"#,
            escape(s)
        );
    };
    text(svg, "heading", x, MARGIN + 12.0, colour, title);
    let top = |i: usize| MARGIN + HEADING + i as f64 * (THUMB + GAP);
    if options.is_empty() {
        text(svg, "none", x, top(0) + THUMB / 2.0, "#555555", "none");
    }
    for (i, o) in options.iter().enumerate() {
        let y = top(i);
        match o.svg.as_deref().and_then(|s| nested(s, x, y, side)) {
            Some(thumb) => svg.push_str(&thumb),
            None => {
                // No picture: an empty frame, and the option's notation written with its value.
                let _ = writeln!(
                    svg,
                    r##"<rect class="unpictured {side}" x="{x:.1}" y="{:.1}" width="{THUMB}" height="{}" fill="none" stroke="#bbbbbb" stroke-dasharray="4 3"/>"##,
                    y + THUMB / 4.0,
                    THUMB / 2.0
                );
            }
        }
        text(svg, "value", x + THUMB + GAP, y + THUMB / 2.0 + 4.0, "#111111", &label(o));
    }
    if more > 0 {
        let y = top(options.len()) + 16.0;
        text(svg, "more", x, y, "#555555", &format!("… and {more} more"));
    }
}

/// What is written beside an option: its value, after its notation if it has no picture (and
/// the notation is not the value itself, as for `0`).
fn label(o: &OptionShown) -> String {
    match &o.svg {
        None if o.notation != o.value => format!("{} = {}", o.notation, o.value),
        _ => o.value.clone(),
    }
}

/// A position picture scaled into a thumbnail at `(x, y)`: its own `<svg>` element, with the
/// document's view box so that it keeps its proportions. `None` if `svg` has no view box.
fn nested(svg: &str, x: f64, y: f64, side: &str) -> Option<String> {
    let (header, body) = svg.split_once('\n')?;
    let view = header.split("viewBox=\"").nth(1)?.split('"').next()?;
    let dims: Vec<f64> = view.split(' ').filter_map(|v| v.parse().ok()).collect();
    let [_, _, w, h] = dims.as_slice() else { return None };
    let scale = (THUMB / w.max(*h)).min(1.0);
    Some(
        format!(
            r#"<svg class="option {side}" x="{x:.1}" y="{y:.1}" width="{:.1}" height="{:.1}" viewBox="{view}">"#,
            w * scale,
            h * scale
        ) + "\n"
            + body,
    )
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(svg: Option<&str>, value: &str) -> OptionShown {
        OptionShown { svg: svg.map(str::to_string), notation: "toppling[]".into(), value: value.into() }
    }

    #[test]
    fn options_are_thumbnails_in_two_columns_with_their_values() {
        let big = r#"<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 200 100">
<rect class="cell" x="0" y="0" width="28" height="28"/>
</svg>
"#;
        let svg = options_svg(&[shown(Some(big), "1/2"), shown(None, "0")], &[shown(Some(big), "{1|0}")], (0, 3));
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
        // Every nested picture is closed: one document, three `<svg>` opened and closed.
        assert_eq!((svg.matches("<svg").count(), svg.matches("</svg>").count()), (3, 3));
        assert_eq!(
            (svg.matches(r#"class="option left""#).count(), svg.matches(r#"class="option right""#).count()),
            (1, 1)
        );
        // Scaled to the thumbnail's width, keeping the proportions and the view box.
        assert!(svg.contains(r#"width="64.0" height="32.0" viewBox="0 0 200 100""#), "{svg}");
        let values: Vec<&str> = svg.split(r#"class="value""#).skip(1).map(|t| t.split('>').nth(1).unwrap()).collect();
        assert_eq!(values, ["1/2</text", "toppling[] = 0</text", "{1|0}</text"], "the notation without a picture");
        assert_eq!(svg.matches(r#"class="unpictured left""#).count(), 1);
        assert!(svg.contains("… and 3 more"));
        // The right column starts after the left one's widest value.
        let x_of = |class: &str| -> f64 {
            let at = svg.find(class).unwrap();
            svg[at..].split("x=\"").nth(1).unwrap().split('"').next().unwrap().parse().unwrap()
        };
        assert!(x_of(r#"class="option right""#) > x_of(r#"class="value""#) + 14.0 * CHAR);
        let empty = options_svg(&[], &[shown(None, "-1")], (0, 0));
        assert_eq!(empty.matches(r#"class="none""#).count(), 1, "a side without options says so");
    }
}

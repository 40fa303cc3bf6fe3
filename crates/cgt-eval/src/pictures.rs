//! Pictures of results (docs/src/howto/editors.md): the game tree of a small game, the plot of a Grundy
//! sequence and (`positions`) the position a ruleset statement writes (and, in `options`, its options beside their values), as standalone SVG documents drawn with `plotters`. Thermographs are drawn by
//! `cgt_core::thermo` (their walls need exact 45° slopes at equal scales).
//!
//! Trees follow the convention of *Winning Ways* (ch. 1) and CGSuite: each node is a position,
//! Left's options hang below it to the left on blue edges, Right's to the right on red edges.

mod heatmap;
mod options;
mod positions;

pub(crate) use heatmap::heat_map_svg;
pub(crate) use options::{OptionShown, options_svg};
pub(crate) use positions::{notation_svg, position_svg};

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// A picture of a statement's result: what it shows and the SVG document.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    /// What the picture shows: `thermograph`, `tree`, `plot`, `heatmap` or `position`.
    pub kind: &'static str,
    /// A standalone SVG document (shared: reports are cloned whenever the editor reuses them).
    pub svg: std::sync::Arc<str>,
}

/// A node of a game tree: its printed value and its children (Left's first, then Right's).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeNode {
    /// The position's printed value.
    pub label: String,
    /// The children: index into the tree's node list, and whether the move is Left's.
    pub children: Vec<(usize, bool)>,
}

/// Horizontal room for each leaf, vertical distance between levels, and the margin, in pixels.
const SLOT: i32 = 64;
const LEVEL: i32 = 64;
const MARGIN: i32 = 28;

/// Left's colour and Right's colour (as in the thermograph picture).
const BLUE: RGBColor = RGBColor(0x1f, 0x4f, 0xbf);
const RED: RGBColor = RGBColor(0xc6, 0x28, 0x28);

/// Where each node of a tree goes: leaves get consecutive slots in drawing order, a parent sits
/// midway between its first and last child, one level below its parent. Node 0 is the root.
/// Returns `(x, y)` in pixels, and the picture's width and height.
pub fn layout(nodes: &[TreeNode]) -> (Vec<(i32, i32)>, (u32, u32)) {
    let n = nodes.len();
    let mut pos = vec![(0, 0); n];
    let mut depth = vec![0; n];
    let mut next_leaf = 0;
    // Post-order with an explicit stack: (node, children done).
    let mut stack = vec![(0usize, false)];
    while let Some((v, done)) = stack.pop() {
        if v >= n {
            continue;
        }
        if !done {
            stack.push((v, true));
            for &(c, _) in nodes[v].children.iter().rev() {
                depth[c] = depth[v] + 1;
                stack.push((c, false));
            }
            continue;
        }
        let y = MARGIN + depth[v] * LEVEL;
        let x = match (nodes[v].children.first(), nodes[v].children.last()) {
            (Some(&(a, _)), Some(&(b, _))) => (pos[a].0 + pos[b].0) / 2,
            _ => {
                next_leaf += 1;
                MARGIN + (next_leaf - 1) * SLOT + SLOT / 2
            }
        };
        pos[v] = (x, y);
    }
    let levels = depth.iter().copied().max().unwrap_or(0);
    let width = (2 * MARGIN + next_leaf.max(1) * SLOT) as u32;
    let height = (2 * MARGIN + levels * LEVEL) as u32;
    (pos, (width, height))
}

/// The game tree as an SVG picture, under a title.
pub fn tree_svg(nodes: &[TreeNode], title: &str) -> String {
    let (pos, (width, height)) = layout(nodes);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (width, height + 20)).into_drawing_area();
        let _ = draw_tree(&root, nodes, &pos, title);
        let _ = root.present();
    }
    svg
}

/// The game tree as a `tikzpicture` environment (`cgt eval --tex`), laid out as [`tree_svg`]
/// lays it out, at most 12 cm wide: Left's moves on blue edges, Right's on red, each node's
/// value as `label` writes it in math, above an inner node and below a leaf.
pub fn tree_tikz(nodes: &[TreeNode], label: impl Fn(&str) -> String) -> String {
    use std::fmt::Write;
    let (pos, (width, _)) = layout(nodes);
    // Centimetres per pixel: 64 pixels (a leaf's slot, a level) are at most 1.5 cm.
    let scale = (12.0 / f64::from(width)).min(1.5 / f64::from(SLOT));
    let at = |v: usize| (f64::from(pos[v].0) * scale, -f64::from(pos[v].1) * scale);
    let mut out = String::from("\\begin{tikzpicture}[font=\\scriptsize]\n");
    for (v, node) in nodes.iter().enumerate() {
        for &(c, left) in &node.children {
            let ((x1, y1), (x2, y2)) = (at(v), at(c));
            let colour = if left { "blue" } else { "red" };
            let _ = writeln!(out, "\\draw[{colour}, thick] ({x1:.3},{y1:.3}) -- ({x2:.3},{y2:.3});");
        }
    }
    for (v, node) in nodes.iter().enumerate() {
        let (x, y) = at(v);
        let side = if node.children.is_empty() { "below" } else { "above" };
        let _ = writeln!(out, "\\fill ({x:.3},{y:.3}) circle (1.5pt) node[{side}] {{${}$}};", label(&node.label));
    }
    out.push_str("\\end{tikzpicture}");
    out
}

type Area<'a> = DrawingArea<SVGBackend<'a>, plotters::coord::Shift>;

fn draw_tree(root: &Area, nodes: &[TreeNode], pos: &[(i32, i32)], title: &str) -> DrawResult {
    root.fill(&WHITE)?;
    let centred = |size| ("sans-serif", size).into_font().color(&BLACK).pos(Pos::new(HPos::Center, VPos::Center));
    root.draw(&Text::new(title.to_string(), (root.dim_in_pixel().0 as i32 / 2, 10), centred(16)))?;
    let shift = |(x, y): (i32, i32)| (x, y + 20);
    for (v, node) in nodes.iter().enumerate() {
        for &(c, left) in &node.children {
            let colour = if left { BLUE } else { RED };
            root.draw(&PathElement::new(vec![shift(pos[v]), shift(pos[c])], colour.stroke_width(2)))?;
        }
    }
    for (v, node) in nodes.iter().enumerate() {
        let (x, y) = shift(pos[v]);
        root.draw(&Circle::new((x, y), 3, BLACK.filled()))?;
        let label = if node.label.chars().count() > 14 { String::from("…") } else { node.label.clone() };
        let dy = if node.children.is_empty() { 14 } else { -12 };
        root.draw(&Text::new(label, (x, y + dy), centred(15)))?;
    }
    Ok(())
}

type DrawResult = Result<(), DrawingAreaErrorKind<<SVGBackend<'static> as DrawingBackend>::ErrorType>>;

/// A plot of Grundy values (nim value against heap size, heaps from `first`), under a title.
///
/// Written as SVG directly, not through plotters' charts: a chart measures its caption and tick
/// labels with the browser's canvas when built for WebAssembly, and the playground's Web Worker
/// has no window to measure with.
pub fn grundy_plot_svg(first: u64, values: &[u64], title: &str) -> String {
    plot_svg(first, values, title, "heap size", "nim value")
}

/// A plot of whole numbers against consecutive indices from `first`, with its axes' labels (a
/// Grundy sequence, a one-index table).
pub fn plot_svg(first: u64, values: &[u64], title: &str, x_label: &str, y_label: &str) -> String {
    use std::fmt::Write;
    const W: f64 = 640.0;
    const H: f64 = 360.0;
    let (left, right, top, bottom) = (56.0, W - 16.0, 40.0, H - 44.0);
    let n = values.len().max(1) as f64;
    let max = values.iter().copied().max().unwrap_or(0) as f64 + 1.0;
    let x_of = |i: f64| left + (i + 0.5) * (right - left) / n;
    let y_of = |g: f64| bottom - g * (bottom - top) / max;
    let mut svg = String::new();
    let _ = write!(
        svg,
        r#"<svg width="{W}" height="{H}" viewBox="0 0 {W} {H}" xmlns="http://www.w3.org/2000/svg"><rect width="{W}" height="{H}" fill="white"/>"#
    );
    let text = |svg: &mut String, x: f64, y: f64, size: u32, anchor: &str, extra: &str, t: &str| {
        let _ = write!(
            svg,
            r#"<text x="{x:.1}" y="{y:.1}" font-family="sans-serif" font-size="{size}" text-anchor="{anchor}"{extra}>{}</text>"#,
            escape(t)
        );
    };
    text(&mut svg, W / 2.0, 24.0, 17, "middle", "", title);
    let _ = write!(svg, r#"<path d="M{left} {top} V{bottom} H{right}" fill="none" stroke="black" stroke-width="1"/>"#);
    // Whole ticks only, at most about ten on each axis.
    // Steps in u64, never usize: nim values reach 2^63, and usize is 32 bits in WebAssembly.
    let step = |count: f64| (count / 10.0).ceil().max(1.0) as u64;
    let highest = max as u64;
    let ticks = std::iter::successors(Some(0u64), |g| g.checked_add(step(max))).take_while(|&g| g < highest);
    for g in ticks {
        let y = y_of(g as f64);
        let _ = write!(svg, r#"<path d="M{:.1} {y:.1} H{left}" stroke="black"/>"#, left - 4.0);
        text(&mut svg, left - 7.0, y + 4.0, 11, "end", "", &g.to_string());
    }
    for i in (0..values.len()).step_by(step(n).min(values.len().max(1) as u64) as usize) {
        let x = x_of(i as f64);
        let _ = write!(svg, r#"<path d="M{x:.1} {bottom} V{:.1}" stroke="black"/>"#, bottom + 4.0);
        text(&mut svg, x, bottom + 16.0, 11, "middle", "", &(first + i as u64).to_string());
    }
    text(&mut svg, (left + right) / 2.0, H - 8.0, 12, "middle", "", x_label);
    let rotate = format!(r#" transform="rotate(-90 14 {:.1})""#, (top + bottom) / 2.0);
    text(&mut svg, 14.0, (top + bottom) / 2.0, 12, "middle", &rotate, y_label);
    let radius = if values.len() > 200 { 1 } else { 3 };
    for (i, &g) in values.iter().enumerate() {
        let (x, y) = (x_of(i as f64), y_of(g as f64));
        let _ = write!(svg, r#"<circle cx="{x:.1}" cy="{y:.1}" r="{radius}" fill="rgb(0,0,255)"/>"#);
    }
    svg.push_str("</svg>");
    svg
}

/// Text for SVG: `&`, `<` and `>` escaped.
pub(crate) fn escape(t: &str) -> String {
    t.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn node(label: &str, children: &[(usize, bool)]) -> TreeNode {
        TreeNode { label: label.to_string(), children: children.to_vec() }
    }

    /// `{2 || 1 | 0}`: the root, its Left option 2, its Right option `{1 | 0}` and that one's
    /// options 1 and 0.
    fn switch_tree() -> Vec<TreeNode> {
        vec![
            node("{2||1|0}", &[(1, true), (2, false)]),
            node("2", &[]),
            node("{1|0}", &[(3, true), (4, false)]),
            node("1", &[]),
            node("0", &[]),
        ]
    }

    #[test]
    fn left_options_hang_to_the_left_and_parents_sit_above_their_children() {
        let nodes = switch_tree();
        let (pos, (w, h)) = layout(&nodes);
        for (v, n) in nodes.iter().enumerate() {
            for &(c, left) in &n.children {
                assert_eq!(pos[c].1, pos[v].1 + LEVEL, "a child is one level below");
                assert_eq!(pos[c].0 < pos[v].0, left, "Left's children to the left, Right's to the right");
            }
        }
        // Three leaves, two levels below the root.
        assert_eq!((w, h), ((2 * MARGIN + 3 * SLOT) as u32, (2 * MARGIN + 2 * LEVEL) as u32));
    }

    #[test]
    fn the_tree_picture_has_an_edge_per_move_in_the_mover_colour() {
        let svg = tree_svg(&switch_tree(), "{2||1|0}");
        assert!(svg.starts_with("<svg"));
        let count = |needle: &str| svg.matches(needle).count();
        assert_eq!(count("#1F4FBF"), 2, "two Left edges:\n{svg}");
        assert_eq!(count("#C62828"), 2, "two Right edges:\n{svg}");
        assert_eq!(count("<circle"), 5, "one dot per node");
        let mut labels: Vec<&str> =
            svg.split("<text").skip(1).filter_map(|t| t.split('>').nth(1)?.split('<').next()).map(str::trim).collect();
        labels.sort_unstable();
        assert_eq!(labels, ["0", "1", "2", "{1|0}", "{2||1|0}", "{2||1|0}"], "the title and one label per node");
    }

    #[test]
    fn the_tikz_tree_has_an_edge_per_move_in_the_mover_colour_and_a_label_per_node() {
        let tikz = tree_tikz(&switch_tree(), |l| format!("<{l}>"));
        assert!(tikz.starts_with("\\begin{tikzpicture}") && tikz.ends_with("\\end{tikzpicture}"), "{tikz}");
        let edges = |colour: &str| -> Vec<[f64; 4]> {
            tikz.lines()
                .filter(|l| l.starts_with(&format!("\\draw[{colour}, thick]")))
                .map(|l| {
                    let n: Vec<f64> = l.split(['(', ')', ',']).filter_map(|p| p.trim().parse().ok()).collect();
                    [n[0], n[1], n[2], n[3]]
                })
                .collect()
        };
        let (left, right) = (edges("blue"), edges("red"));
        assert_eq!((left.len(), right.len()), (2, 2), "{tikz}");
        // Left's moves go down to the left, Right's down to the right.
        assert!(left.iter().all(|[x1, y1, x2, y2]| x2 < x1 && y2 < y1), "{tikz}");
        assert!(right.iter().all(|[x1, y1, x2, y2]| x2 > x1 && y2 < y1), "{tikz}");
        let labels: Vec<&str> = tikz.lines().filter_map(|l| l.split("{$").nth(1)?.strip_suffix("$};")).collect();
        assert_eq!(labels, ["<{2||1|0}>", "<2>", "<{1|0}>", "<1>", "<0>"]);
        assert_eq!(tikz.matches("node[below]").count(), 3, "leaves are labelled below");
    }

    #[test]
    fn labels_are_escaped() {
        let svg = tree_svg(&[node("^<2>&", &[])], "a < b");
        assert!(svg.contains("^&lt;2&gt;&amp;") && svg.contains("a &lt; b"), "{svg}");
    }

    #[test]
    fn a_single_node_is_a_picture_too() {
        let (pos, (w, h)) = layout(&[node("0", &[])]);
        assert_eq!(pos, vec![(MARGIN + SLOT / 2, MARGIN)]);
        assert_eq!((w, h), ((2 * MARGIN + SLOT) as u32, (2 * MARGIN) as u32));
    }

    #[test]
    fn a_plot_of_huge_values_has_a_few_ticks() {
        let first = 999_999_999_999_999_990;
        let values: Vec<u64> = (0..11).map(|i| 499_999_999_999_999_990 + i / 2).collect();
        let svg = grundy_plot_svg(first, &values, "grundy(stones allbut=[1, 4], ...)");
        assert_eq!(svg.matches("<circle").count(), values.len());
        assert!(svg.matches("<text").count() < 40, "{svg}");
    }

    #[test]
    fn the_plot_has_a_point_per_heap() {
        let values = [0, 1, 2, 0, 1, 2, 3];
        let svg = grundy_plot_svg(0, &values, "grundy(stones, 0..6)");
        assert_eq!(svg.matches("<circle").count(), values.len());
        assert!(svg.contains("nim value") && svg.contains("heap size"));
    }
}

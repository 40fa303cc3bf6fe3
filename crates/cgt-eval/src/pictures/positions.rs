//! Pictures of ruleset positions as written (issue 36: "where people would rather look than
//! read"): boards and strips as grids of cells (`.` empty, `#` not on the board, Left's pieces
//! `x` and `T` black, Right's `o` and `F` white, other letters written in their cell), cakes
//! `RxC` as empty grids, Toppling Dominoes as rows of dominoes, Hackenbush trees (`tree[...]`) and strings, and graphs (Col, Snort, Arc Kayles, Hackenbush) with
//! their vertices on a circle (`boxes[...]`, bare box words) as stalks of
//! coloured edges on the ground, blue for B, red for W, green for G. The SVG is written by hand.

use std::fmt::Write;

use cgt_syntax::{ExprKind, RuleArgKind, Ruleset};

/// Rulesets whose positions are grids of cells written as rows (or `RxC`).
const GRIDS: &[&str] = &[
    "domineering",
    "cram",
    "clobber",
    "anticlobber",
    "hotclobber",
    "konane",
    "amazons",
    "fission",
    "kings",
    "knights",
    "rooks",
    "queens",
    "skijumps",
    "toads",
    "push",
    "shove",
    "cutcake",
    "eatcake",
    "maundy",
];

/// Rulesets played on an undirected graph written as edges `1-2` (Hackenbush's with a colour,
/// vertex 0 the ground).
const GRAPHS: &[&str] =
    &["col", "snort", "arckayles", "hackenbush", "childish", "partizan_arckayles", "weighted_arckayles"];

/// The most cells (or edges) drawn: a larger position is not drawn.
const MAX_CELLS: usize = 400;
/// A cell's side, and the margin, in pixels.
const CELL: usize = 28;
const MARGIN: usize = 12;

/// The picture of a position written as `e`, if it is one this module draws.
pub(crate) fn position_svg(e: &ExprKind) -> Option<String> {
    match e {
        ExprKind::Ruleset(r) if GRIDS.contains(&r.name.node.as_str()) => grid(&rows(r)?),
        ExprKind::Ruleset(r) if r.name.node == "boxes" => stalks(&words(r)?),
        ExprKind::Ruleset(r) if r.name.node == "toppling" => dominoes(&words(r)?),
        ExprKind::Ruleset(r) if r.name.node == "tree" => {
            // Each argument is a tree on the ground; a word hangs from its parent's top.
            let mut nodes: Vec<(char, Option<usize>)> = Vec::new();
            for a in &r.args {
                let base = nodes.len();
                match &a.kind {
                    RuleArgKind::Word(w) => nodes.push((single(w)?, None)),
                    RuleArgKind::Nested(ws) => {
                        for n in ws {
                            nodes.push((single(&n.word)?, n.parent.map(|p| base + p)));
                        }
                    }
                    _ => return None,
                }
            }
            trees(&nodes)
        }
        ExprKind::Ruleset(r) if GRAPHS.contains(&r.name.node.as_str()) => graph(r),
        ExprKind::Boxes(words) => stalks(&words.iter().map(|w| w.node.clone()).collect::<Vec<_>>()),
        _ => None,
    }
}

/// The picture of a position written in its ruleset's notation (an option as `options` lists
/// it), if it reads as one this module draws.
pub(crate) fn notation_svg(text: &str) -> Option<String> {
    let parsed = cgt_syntax::parse(text);
    let [stmt] = parsed.stmts.as_slice() else { return None };
    let cgt_syntax::StmtKind::Expr(e) = &stmt.kind else { return None };
    position_svg(&e.node)
}

/// The words of a position written as words and dotted words (`boxes[WB, BW.G]`): one per
/// pile or row.
fn words(r: &Ruleset) -> Option<Vec<String>> {
    let mut out = Vec::new();
    for a in &r.args {
        match &a.kind {
            RuleArgKind::Word(w) => out.push(w.clone()),
            RuleArgKind::Dotted(ws) => out.extend(ws.iter().map(|w| w.node.clone())),
            _ => return None,
        }
    }
    Some(out)
}

/// The rows of a grid position: its quoted rows, or `RxC` empty cells.
fn rows(r: &Ruleset) -> Option<Vec<Vec<char>>> {
    match r.args.as_slice() {
        [a] if matches!(&a.kind, RuleArgKind::Dims(..)) => {
            let RuleArgKind::Dims(h, w) = &a.kind else { return None };
            let (h, w): (usize, usize) = (h.parse().ok()?, w.parse().ok()?);
            (h.checked_mul(w)? <= MAX_CELLS && h > 0 && w > 0).then(|| vec![vec!['.'; w]; h])
        }
        args => {
            let rows: Option<Vec<Vec<char>>> = args
                .iter()
                .map(|a| match &a.kind {
                    RuleArgKind::Str(s) => Some(s.chars().collect()),
                    _ => None,
                })
                .collect();
            let rows = rows?;
            let cells: usize = rows.iter().map(Vec::len).sum();
            (!rows.is_empty() && cells > 0 && cells <= MAX_CELLS).then_some(rows)
        }
    }
}

/// A grid of cells, one row per line.
fn grid(rows: &[Vec<char>]) -> Option<String> {
    let width = rows.iter().map(Vec::len).max()?;
    let (w, h) = (2 * MARGIN + width * CELL, 2 * MARGIN + rows.len() * CELL);
    let mut svg = header(w, h);
    for (i, row) in rows.iter().enumerate() {
        for (j, &c) in row.iter().enumerate() {
            let (x, y) = (MARGIN + j * CELL, MARGIN + i * CELL);
            let fill = if c == '#' { "#555555" } else { "#f4f1e8" };
            let _ = writeln!(
                svg,
                r##"<rect class="cell" x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{fill}" stroke="#888888"/>"##
            );
            let (cx, cy, r) = (x + CELL / 2, y + CELL / 2, CELL * 3 / 8);
            match c {
                '.' | '#' => {}
                'x' | 'X' | 'T' => {
                    let _ = writeln!(svg, r##"<circle class="left" cx="{cx}" cy="{cy}" r="{r}" fill="#111111"/>"##);
                }
                'o' | 'O' | 'F' => {
                    let _ = writeln!(
                        svg,
                        r##"<circle class="right" cx="{cx}" cy="{cy}" r="{r}" fill="#ffffff" stroke="#111111" stroke-width="2"/>"##
                    );
                }
                other => {
                    let _ = writeln!(
                        svg,
                        r#"<text x="{cx}" y="{}" text-anchor="middle" font-family="monospace" font-size="16">{}</text>"#,
                        cy + 5,
                        escape(other)
                    );
                }
            }
        }
    }
    svg.push_str("</svg>\n");
    Some(svg)
}

/// Hackenbush strings: one stalk per word, bottom to top, on a ground line.
fn stalks(words: &[String]) -> Option<String> {
    let edges: usize = words.iter().map(String::len).sum();
    let tallest = words.iter().map(String::len).max()?;
    if words.is_empty() || edges > MAX_CELLS || tallest == 0 {
        return None;
    }
    const GAP: usize = 36;
    let (w, h) = (2 * MARGIN + words.len() * GAP, 2 * MARGIN + tallest * CELL + 8);
    let ground = h - MARGIN;
    let mut svg = header(w, h);
    let _ = writeln!(
        svg,
        r##"<line class="ground" x1="{}" y1="{ground}" x2="{}" y2="{ground}" stroke="#6b4f2a" stroke-width="4"/>"##,
        MARGIN / 2,
        w - MARGIN / 2
    );
    for (k, word) in words.iter().enumerate() {
        let x = MARGIN + k * GAP + GAP / 2;
        for (i, c) in word.chars().enumerate() {
            let colour = edge_colour(c)?;
            let (y1, y2) = (ground - i * CELL, ground - (i + 1) * CELL);
            let _ = writeln!(
                svg,
                r#"<line class="edge" x1="{x}" y1="{y1}" x2="{x}" y2="{y2}" stroke="{colour}" stroke-width="5"/>"#
            );
            let _ = writeln!(svg, r##"<circle cx="{x}" cy="{y2}" r="3" fill="#111111"/>"##);
        }
    }
    svg.push_str("</svg>\n");
    Some(svg)
}

/// A graph position: vertices on a circle (Hackenbush's ground, vertex 0, drawn as a brown
/// square), edges as lines (coloured by their letter, if any), vertices tinted for Left
/// (`left=[...]`, blue) or Right (`right=[...]`, red).
fn graph(r: &Ruleset) -> Option<String> {
    let mut edges = Vec::new();
    let mut isolated = Vec::new();
    for a in &r.args {
        if let RuleArgKind::Int(v) = &a.kind {
            // A vertex without edges (`col[1-2, 3]`, as Col's and Snort's options write them).
            isolated.push(v.parse::<u64>().ok()?);
            continue;
        }
        let RuleArgKind::Link(u, v, colour) = &a.kind else { return None };
        let colour = match colour {
            Some(c) => edge_colour(single(&c.node)?)?,
            None => "#444444",
        };
        edges.push((u.parse::<u64>().ok()?, v.parse::<u64>().ok()?, colour));
    }
    let tint = |key: &str| -> Vec<u64> {
        r.settings
            .iter()
            .filter(|s| s.key.node == key)
            .filter_map(|s| match &s.value {
                Some(cgt_syntax::SettingValue::List(l)) => Some(l.node.clone()),
                _ => None,
            })
            .flatten()
            .filter_map(|a| match a.kind {
                RuleArgKind::Int(n) => n.parse().ok(),
                _ => None,
            })
            .collect()
    };
    let (left, right) = (tint("left"), tint("right"));
    let mut vertices: Vec<u64> =
        edges.iter().flat_map(|&(u, v, _)| [u, v]).chain(isolated).chain(left.clone()).chain(right.clone()).collect();
    vertices.sort_unstable();
    vertices.dedup();
    if vertices.is_empty() || vertices.len() > 64 || edges.len() > MAX_CELLS {
        return None;
    }
    let ground = r.name.node == "hackenbush" || r.name.node == "childish";
    const RADIUS: f64 = 90.0;
    let size = 2 * MARGIN + 2 * RADIUS as usize + 24;
    let centre = size as f64 / 2.0;
    let at = |v: u64| {
        let k = vertices.iter().position(|&w| w == v).expect("a vertex");
        // Start at the bottom, so Hackenbush's ground (vertex 0, the smallest) is below.
        let angle = std::f64::consts::FRAC_PI_2 + std::f64::consts::TAU * k as f64 / vertices.len() as f64;
        (centre + RADIUS * angle.cos(), centre + RADIUS * angle.sin())
    };
    let mut svg = header(size, size);
    for &(u, v, colour) in &edges {
        let ((x1, y1), (x2, y2)) = (at(u), at(v));
        if u == v {
            // A loop: a small circle beside the vertex.
            let _ = writeln!(
                svg,
                r#"<circle class="edge" cx="{:.1}" cy="{:.1}" r="10" fill="none" stroke="{colour}" stroke-width="3"/>"#,
                x1 + (x1 - centre) * 0.15,
                y1 + (y1 - centre) * 0.15
            );
        } else {
            let _ = writeln!(
                svg,
                r#"<line class="edge" x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="{colour}" stroke-width="3"/>"#
            );
        }
    }
    for &v in &vertices {
        let (x, y) = at(v);
        if ground && v == 0 {
            let _ = writeln!(
                svg,
                r##"<rect class="ground" x="{:.1}" y="{:.1}" width="16" height="16" fill="#6b4f2a"/>"##,
                x - 8.0,
                y - 8.0
            );
            continue;
        }
        let fill = if left.contains(&v) {
            "#1f4fbf"
        } else if right.contains(&v) {
            "#c62828"
        } else {
            "#ffffff"
        };
        let _ =
            writeln!(svg, r##"<circle class="vertex" cx="{x:.1}" cy="{y:.1}" r="9" fill="{fill}" stroke="#111111"/>"##);
        let _ = writeln!(
            svg,
            r#"<text x="{x:.1}" y="{:.1}" text-anchor="middle" font-family="sans-serif" font-size="9" fill="{}">{v}</text>"#,
            y + 3.0,
            if fill == "#ffffff" { "#111111" } else { "#ffffff" }
        );
    }
    svg.push_str("</svg>\n");
    Some(svg)
}

/// The colour letter of a one-letter word.
fn single(w: &str) -> Option<char> {
    let mut chars = w.chars();
    let c = chars.next()?;
    chars.next().is_none().then_some(c)
}

/// The stroke colour of an edge: B blue, R or W red, G green.
fn edge_colour(c: char) -> Option<&'static str> {
    match c.to_ascii_uppercase() {
        'B' => Some("#1f4fbf"),
        'W' | 'R' => Some("#c62828"),
        'G' => Some("#2e7d32"),
        _ => None,
    }
}

/// Hackenbush trees: `nodes` are edges (colour, parent) in pre-order; roots stand on the
/// ground. Leaves get consecutive slots, a parent sits midway over its children.
fn trees(nodes: &[(char, Option<usize>)]) -> Option<String> {
    if nodes.is_empty() || nodes.len() > MAX_CELLS {
        return None;
    }
    let n = nodes.len();
    let mut children = vec![Vec::new(); n];
    let mut depth = vec![1usize; n];
    for (i, &(_, parent)) in nodes.iter().enumerate() {
        if let Some(p) = parent {
            // Pre-order: a parent comes before its children.
            (p < i).then_some(())?;
            children[p].push(i);
            depth[i] = depth[p] + 1;
        }
    }
    let mut x = vec![0usize; n];
    let mut slot = 0;
    // Children come after their parent in pre-order, so placing in reverse order places every
    // child before its parent; leaves are numbered in pre-order first.
    for i in 0..n {
        if children[i].is_empty() {
            x[i] = slot;
            slot += 2;
        }
    }
    for i in (0..n).rev() {
        if let (Some(&first), Some(&last)) = (children[i].first(), children[i].last()) {
            x[i] = (x[first] + x[last]) / 2;
        }
    }
    const HALF: usize = 14;
    let tallest = depth.iter().copied().max()?;
    let (w, h) = (2 * MARGIN + slot * HALF, 2 * MARGIN + tallest * CELL + 8);
    let ground = h - MARGIN;
    let px = |i: usize| MARGIN + HALF + x[i] * HALF;
    let mut svg = header(w, h);
    let _ = writeln!(
        svg,
        r##"<line class="ground" x1="{}" y1="{ground}" x2="{}" y2="{ground}" stroke="#6b4f2a" stroke-width="4"/>"##,
        MARGIN / 2,
        w - MARGIN / 2
    );
    for (i, &(c, parent)) in nodes.iter().enumerate() {
        let colour = edge_colour(c)?;
        let (x1, y1) = match parent {
            Some(p) => (px(p), ground - depth[p] * CELL),
            None => (px(i), ground),
        };
        let (x2, y2) = (px(i), ground - depth[i] * CELL);
        let _ = writeln!(
            svg,
            r#"<line class="edge" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{colour}" stroke-width="5"/>"#
        );
        let _ = writeln!(svg, r##"<circle cx="{x2}" cy="{y2}" r="3" fill="#111111"/>"##);
    }
    svg.push_str("</svg>\n");
    Some(svg)
}

/// Toppling Dominoes: one row of standing dominoes per word (B black, W white, G green).
fn dominoes(rows: &[String]) -> Option<String> {
    let widest = rows.iter().map(String::len).max()?;
    let count: usize = rows.iter().map(String::len).sum();
    if rows.is_empty() || widest == 0 || count > MAX_CELLS {
        return None;
    }
    const STEP: usize = 18;
    const TALL: usize = 40;
    let (w, h) = (2 * MARGIN + widest * STEP, 2 * MARGIN + rows.len() * (TALL + 12));
    let mut svg = header(w, h);
    for (i, row) in rows.iter().enumerate() {
        let y = MARGIN + i * (TALL + 12);
        for (j, c) in row.chars().enumerate() {
            let fill = match c.to_ascii_uppercase() {
                'B' => "#111111",
                'W' => "#ffffff",
                'G' => "#2e7d32",
                _ => return None,
            };
            let x = MARGIN + j * STEP + 3;
            let _ = writeln!(
                svg,
                r##"<rect class="domino" x="{x}" y="{y}" width="{}" height="{TALL}" rx="2" fill="{fill}" stroke="#111111"/>"##,
                STEP - 6
            );
        }
    }
    svg.push_str("</svg>\n");
    Some(svg)
}

fn header(w: usize, h: usize) -> String {
    format!(r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">"#) + "\n"
}

fn escape(c: char) -> String {
    match c {
        '<' => "&lt;".into(),
        '>' => "&gt;".into(),
        '&' => "&amp;".into(),
        '"' => "&quot;".into(),
        c => c.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn picture(text: &str) -> Option<String> {
        let parsed = cgt_syntax::parse(text);
        let [stmt] = parsed.stmts.as_slice() else { panic!("{text}") };
        let cgt_syntax::StmtKind::Expr(e) = &stmt.kind else { panic!("{text}") };
        position_svg(&e.node)
    }

    #[test]
    fn boards_are_grids_with_their_pieces() {
        let svg = picture(r#"clobber["xo.", "o#x"]"#).expect("a picture");
        assert_eq!(svg.matches(r#"class="cell""#).count(), 6);
        assert_eq!(svg.matches(r#"class="left""#).count(), 2);
        assert_eq!(svg.matches(r#"class="right""#).count(), 2);
        assert_eq!(svg.matches("#555555").count(), 1, "one cell off the board");
        assert!(svg.contains(r#"width="108" height="80""#), "{svg}");
        let cake = picture("cutcake[3x4]").expect("a picture");
        assert_eq!(cake.matches(r#"class="cell""#).count(), 12);
        let toads = picture(r#"toads["TT..FF"]"#).expect("a picture");
        assert_eq!((toads.matches(r#"class="left""#).count(), toads.matches(r#"class="right""#).count()), (2, 2));
    }

    #[test]
    fn hackenbush_strings_are_stalks_on_the_ground() {
        let svg = picture("WBBW.BW").expect("a picture");
        assert_eq!(svg.matches(r#"class="edge""#).count(), 6);
        assert_eq!(svg.matches("#1f4fbf").count(), 3, "three blue edges");
        assert_eq!(svg.matches("#c62828").count(), 3, "three red edges");
        assert_eq!(svg.matches(r#"class="ground""#).count(), 1);
        let row = picture("toppling[BWG.WW]").expect("a picture");
        assert_eq!(row.matches(r#"class="domino""#).count(), 5);
        let tree = picture("tree[B(R, B(B)), R]").expect("a picture");
        assert_eq!(tree.matches(r#"class="edge""#).count(), 5);
        assert_eq!((tree.matches("#1f4fbf").count(), tree.matches("#c62828").count()), (3, 2));
        let apart = picture("snort[1-2, 3] left=[3]").expect("a picture");
        assert_eq!((apart.matches(r#"class="edge""#).count(), apart.matches(r#"class="vertex""#).count()), (1, 3));
        let col = picture("col[1-2, 2-3, 3-4] left=[1] right=[3]").expect("a picture");
        assert_eq!((col.matches(r#"class="edge""#).count(), col.matches(r#"class="vertex""#).count()), (3, 4));
        assert_eq!((col.matches("#1f4fbf").count(), col.matches("#c62828").count()), (1, 1), "tints");
        let graph = picture("hackenbush[0-1 B, 1-2 R, 2-0 G, 1-1 G]").expect("a picture");
        assert_eq!((graph.matches(r#"class="edge""#).count(), graph.matches(r#"class="ground""#).count()), (4, 1));
        let boxes = picture("boxes[WBBW, BGW]").expect("a picture");
        assert_eq!(boxes.matches("#2e7d32").count(), 1, "one green edge");
    }

    #[test]
    fn large_positions_and_other_expressions_are_not_drawn() {
        assert!(picture("domineering[30x30]").is_none());
        assert!(picture("kayles[5]").is_none());
        assert!(picture("{1 | 0}").is_none());
    }
}

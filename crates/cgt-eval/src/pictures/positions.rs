//! Pictures of ruleset positions as written (issue 36: "where people would rather look than
//! read"): boards and strips as grids of cells (`.` empty, `#` not on the board, Left's pieces
//! `x` and `T` black, Right's `o` and `F` white, other letters written in their cell), cakes
//! `RxC` as empty grids, Toppling Dominoes as rows of dominoes, Hackenbush trees (`tree[...]`) and strings (`boxes[...]`, bare box words) as stalks of
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
    "toads",
    "push",
    "shove",
    "cutcake",
    "eatcake",
    "maundy",
];

/// The most cells (or edges) drawn: a larger position is not drawn.
const MAX_CELLS: usize = 400;
/// A cell's side, and the margin, in pixels.
const CELL: usize = 28;
const MARGIN: usize = 12;

/// The picture of a position written as `e`, if it is one this module draws.
pub(crate) fn position_svg(e: &ExprKind) -> Option<String> {
    match e {
        ExprKind::Ruleset(r) if GRIDS.contains(&r.name.node.as_str()) => grid(&rows(r)?),
        ExprKind::Ruleset(r) if r.name.node == "boxes" => {
            let piles = r.args.iter().map(|a| match &a.kind {
                RuleArgKind::Word(w) => Some(vec![w.clone()]),
                RuleArgKind::Dotted(ws) => Some(ws.iter().map(|w| w.node.clone()).collect()),
                _ => None,
            });
            let piles: Option<Vec<Vec<String>>> = piles.collect();
            stalks(&piles?.concat())
        }
        ExprKind::Ruleset(r) if r.name.node == "toppling" => {
            let rows = r.args.iter().map(|a| match &a.kind {
                RuleArgKind::Word(w) => Some(vec![w.clone()]),
                RuleArgKind::Dotted(ws) => Some(ws.iter().map(|w| w.node.clone()).collect()),
                _ => None,
            });
            let rows: Option<Vec<Vec<String>>> = rows.collect();
            dominoes(&rows?.concat())
        }
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
        ExprKind::Boxes(words) => stalks(&words.iter().map(|w| w.node.clone()).collect::<Vec<_>>()),
        _ => None,
    }
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

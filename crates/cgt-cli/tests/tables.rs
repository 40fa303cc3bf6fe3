//! `table(EXPR for r in A, c in B)` through the real binary: the aligned text, `--json` rows of
//! cells, `--csv DIR` files, the heat map and plot of `--svg DIR`, the `tabular` of `--tex`, and
//! cells that give up on the budget.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn eval(src: &str, extra: &[&str]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_cgt"));
    cmd.args(["eval", "-"]).args(extra).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    let mut child = cmd.spawn().expect("the cgt binary runs");
    child.stdin.take().expect("piped").write_all(src.as_bytes()).expect("write stdin");
    child.wait_with_output().expect("cgt finishes")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A fresh folder for one test's files.
fn folder(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("cgt-tables-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

const SRC: &str = "table(nimsum(r, c) for r in 0..2, c in [1, 2, 4])\ntable({r | c} for r in 0..1, c in 0..1)\n";

#[test]
fn a_table_prints_aligned_under_its_summary() {
    let out = eval(SRC, &[]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let expected = "\
1 │ table(nimsum(r, c) for r in 0..2, c in [1, 2, 4])   = table of 3 rows (r in 0..2) by 3 columns (c in [1, 2, 4])
  │     r\\c │ 1  2  4
  │     ────┼────────
  │       0 │ 1  2  4
  │       1 │ 0  3  5
  │       2 │ 3  0  6
2 │ table({r | c} for r in 0..1, c in 0..1)   = table of 2 rows (r in 0..1) by 2 columns (c in 0..1)
  │     r\\c │     0    1
  │     ────┼───────────
  │       0 │     *  1/2
  │       1 │ {1|0}   1*
";
    assert_eq!(text(&out.stdout), expected);
}

#[test]
fn json_gives_rows_of_cells() {
    let out = eval(SRC, &["--json"]);
    let lines: Vec<serde_json::Value> =
        text(&out.stdout).lines().map(|l| serde_json::from_str(l).expect("valid JSON")).collect();
    let t = &lines[0]["table"];
    assert_eq!(t["row"], "r");
    assert_eq!(t["column"], "c");
    assert_eq!(t["rows"], serde_json::json!(["0", "1", "2"]));
    assert_eq!(t["columns"], serde_json::json!(["1", "2", "4"]));
    assert_eq!(t["cells"], serde_json::json!([["1", "2", "4"], ["0", "3", "5"], ["3", "0", "6"]]));
    assert_eq!(lines[1]["table"]["cells"][1][0], "{1|0}");
    // A one-index table is a list, with no table beside it.
    let out = eval("table(n times n for n in 1..4)\n", &["--json"]);
    let line: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).expect("valid JSON");
    assert_eq!(line["value"], "[1, 4, 9, 16]");
    assert!(line.get("table").is_none());
}

#[test]
fn csv_writes_a_file_per_table_and_svg_a_heat_map_of_numbers() {
    let dir = folder("files");
    let src = format!("{SRC}table(n times n for n in 1..4)\n");
    let out = eval(&src, &["--csv", dir.to_str().unwrap(), "--svg", dir.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let mut names: Vec<String> =
        std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    names.sort();
    // The second table holds games that are not numbers: no heat map; the list is plotted.
    assert_eq!(names, ["line-1-heatmap.svg", "line-1-table.csv", "line-2-table.csv", "line-3-plot.svg"]);
    let csv = std::fs::read_to_string(dir.join("line-1-table.csv")).unwrap();
    assert_eq!(csv, "r\\c,1,2,4\r\n0,1,2,4\r\n1,0,3,5\r\n2,3,0,6\r\n");
    let svg = std::fs::read_to_string(dir.join("line-1-heatmap.svg")).unwrap();
    assert_eq!(svg.matches(r#"<rect class="cell""#).count(), 9);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn tex_writes_a_tabular() {
    let dir = folder("tex");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("t.tex");
    let out = eval(SRC, &["--tex", path.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let tex = std::fs::read_to_string(&path).unwrap();
    assert_eq!(tex.matches("\\begin{tabular}{r|rrr}").count(), 1, "{tex}");
    assert_eq!(tex.matches("\\begin{tabular}{r|rr}").count(), 1, "{tex}");
    assert_eq!(tex.matches("\\end{tabular}").count(), 2, "{tex}");
    assert!(tex.contains("$r \\backslash c$ & $1$ & $2$ & $4$ \\\\ \\hline"), "{tex}");
    assert!(tex.contains("$1$ & $\\{1 \\mid 0\\}$ & $1\\ast$ \\\\"), "{tex}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn cells_that_give_up_are_marked_and_the_others_shown() {
    // Row r filters r times 10^9 numbers: row 0 is instant, the others cannot finish in
    // 300 ms (the filter keeps `len` from counting without looking).
    let src = "table(len([a for a in 1..r times 1000000000 if a mod 2 == 0]) + c for r in 0..3, c in 0..1)\n";
    let out = eval(src, &["--budget", "300ms", "--json"]);
    assert_eq!(out.status.code(), Some(1), "a table with cells that gave up is incomplete");
    let line: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).expect("valid JSON");
    let cells = &line["table"]["cells"];
    assert_eq!(cells[0], serde_json::json!(["0", "1"]), "{line}");
    assert_eq!(cells[3], serde_json::json!([null, null]), "{line}");
    assert!(line["error"].as_str().unwrap().starts_with("gave up on "), "{line}");
    let out = eval(src, &["--budget", "300ms"]);
    let shown = text(&out.stdout);
    assert!(shown.contains("      0 │ 0  1"), "{shown}");
    assert!(shown.contains("      3 │ ?  ?"), "{shown}");
    assert!(shown.contains("warning: gave up on "), "{shown}");
}

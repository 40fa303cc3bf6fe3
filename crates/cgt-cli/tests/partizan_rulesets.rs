//! End-to-end tests of the textbook rulesets (docs/src/reference/rulesets.md) through the real `cgt` binary: their
//! values (published ones from Lessons in Play, Winning Ways and CGSuite), their moves in their
//! own notation, and their errors with the column they point at.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn eval(src: &str, extra: &[&str]) -> Output {
    let mut args = vec!["eval", "-"];
    args.extend_from_slice(extra);
    let mut child = Command::new(env!("CARGO_BIN_EXE_cgt"))
        .args(&args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the cgt binary runs");
    child.stdin.take().expect("piped").write_all(src.as_bytes()).expect("write stdin");
    child.wait_with_output().expect("cgt finishes")
}

/// Each statement's result as one line: `= VALUE` or `error: MESSAGE`.
fn results(src: &str, extra: &[&str]) -> Vec<String> {
    let mut args = vec!["--json"];
    args.extend_from_slice(extra);
    let out = eval(src, &args);
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("valid JSON");
            match (&v["value"], &v["error"]) {
                (serde_json::Value::String(value), _) => format!("= {value}"),
                (_, serde_json::Value::String(e)) => format!("error: {e}"),
                _ => "nothing".to_string(),
            }
        })
        .collect()
}

/// Evaluates every position and compares its result with the one beside it.
fn check(cases: &[(&str, &str)]) {
    let src: String = cases.iter().map(|(s, _)| format!("{s}\n")).collect();
    let got = results(&src, &[]);
    assert_eq!(got.len(), cases.len(), "one result per statement: {got:?}");
    let wrong: Vec<String> = cases
        .iter()
        .zip(&got)
        .filter(|((_, want), got)| got.as_str() != *want)
        .map(|((src, want), got)| format!("{src}\n  want {want}\n  got  {got}"))
        .collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn published_values() {
    check(&[
        // CGSuite's documentation, Clobber("xox|ox."); Lessons in Play.
        (r#"clobber["xox", "ox."]"#, "= {^^*|*,v}"),
        (r#"clobber["xxo"]"#, "= ^"),
        (r#"clobber["xo.x", "o..."]"#, "= *"),
        (r#"toads["TT.F"]"#, "= {1/2|0}"),
        (r#"toads["T.F"]"#, "= *"),
        ("cutcake[8x1]", "= -7"),
        ("cutcake[1x8]", "= 7"),
        ("cutcake[2x2, 1x5]", "= 4"),
        ("eatcake[8x1]", "= ^"),
        (r#"push["xo.xo.xo.xo"]"#, "= -183/32"),
        (r#"shove["..x"]"#, "= 3"),
        ("cram[2x2]", "= 0"),
        ("cram[1x9]", "= 0"),
        (r##"cram["..#", "..."]"##, "= 0"),
        ("cram[1x4]", "= *2"),
        (r#"konane["xo."]"#, "= 1"),
        (r#"konane[".xo."]"#, "= *"),
        (r#####"amazons["x..", "###", "..o"]"#####, "= 0"),
        (r#####"amazons["x...", "####", "..o#"]"#####, "= 1"),
        ("hackenbush[0-1 B, 1-2 R, 2-3 B, 3-4 R, 4-5 R, 5-6 B, 6-7 B, 7-8 R]", "= 77/128"),
        ("hackenbush[0-1 B, 1-2 B, 1-3 R, 3-4 B]", "= 3/2"),
        ("hackenbush[0-1, 1-2, 2-3, 3-4, 4-5, 5-6, 6-7]", "= *7"),
        ("hackenbush[0 - 1 B, 1 -1 B]", "= 2"),
        ("hackenbush[5-6 B, 6-7 R] ground=5", "= 1/2"),
        ("hackenbush[1-2 B, 2-3 R] ground=[1, 2]", "= 0"),
        ("hackenbush[7, 0-1 B]", "= 1"),
        ("childish[0-1 B, 1-2 B, 1-3 R, 3-4 B]", "= 2"),
        ("childish[0-1 R, 1-6 B, 1-2 R, 2-6 B, 2-3 R, 3-6 B, 3-4 R, 4-6 B, 4-5 R, 5-6 B]", "= 15/16"),
        ("col[1-2, 2-3, 3-4, 4-5, 5-6, 6-7, 7-8, 8-9, 9-10] left=[5] right=[1, 3, 7, 9]", "= 7/8"),
        ("col[1] left=1", "= -1"),
        ("col[] vertices=3", "= *"),
        ("col[1-2, 3]", "= *"),
        ("snort[1-2, 2-3, 3-4, 4-5] left=[1, 5]", "= {4|0,+-1}"),
        ("snort[1-2, 2-3, 3-4, 3-5]", "= +-{3|2}"),
        ("arckayles[1-2, 2-3, 3-4]", "= *2"),
        ("arckayles[1-1, 5]", "= *"),
        // Maundy Cake (WW ch. 2): a strip of 12 = 2.2.3 that only Left cuts is 12/2 + 12/4 + 1.
        ("maundy[1x12]", "= 10"),
        ("maundy[1000000000000000000x1000000000000000000]", "= 0"),
        // Equal sets are the impartial subtraction game {1, 2, 3} (period 4).
        ("psub[22] left=[1, 2, 3] right=[1, 2, 3]", "= *2"),
        ("psub[2] left=[1, 2] right=[1, 3]", "= ^"),
        (r#"fission[".", "x", "."]"#, "= 1"),
        (r#"fission["..x..", "....."]"#, "= -2"),
        // Sums and comparisons mix the rulesets with the rest of the language.
        (r#"clobber["xo"] + toads["T.F"]"#, "= 0"),
        ("cutcake[8x1] + 7", "= 0"),
        // Negative numbers still read as before beside the new edges.
        ("deque[1, -2, 3]", "= 0"),
    ]);
}

#[test]
fn moves_are_written_in_each_rulesets_notation() {
    check(&[
        (r#"options(toads["TT.F"])"#, r#"= Left: toads["T.TF"] (= 1/2); Right: toads["TTF."] (= 0)"#),
        ("options(cutcake[2x3])", "= Left: cutcake[2x1, 2x2] (= -1); Right: cutcake[1x3, 1x3] (= 4)"),
        ("options(hackenbush[0-1 B, 1-2 R])", "= Left: hackenbush[] (= 0); Right: hackenbush[0-1 B] (= 1)"),
        (
            "options(col[1-2] left=[1])",
            "= Left: col[1] left=[1] (= -1); Right: col[2] right=[2] (= 1), col[1] left=[1] right=[1] (= 0)",
        ),
        (r#"options(push["xo"])"#, r#"= Left: push[".o"] (= -2); Right: push["o."] (= -1)"#),
        (
            "options(maundy[2x4])",
            "= Left: maundy[2x2, 2x2] (= 0), maundy[2x1, 2x1, 2x1, 2x1] (= -4); Right: maundy[1x4, 1x4] (= 6)",
        ),
        (
            "options(psub[3] left=[1, 2] right=[3])",
            "= Left: psub[2] left=[1, 2] right=[3] (= 2), psub[1] left=[1, 2] right=[3] (= 1); Right: psub[0] left=[1, 2] right=[3] (= 0)",
        ),
        (r#"options(fission[".x."])"#, r#"= Left: none; Right: fission["x.x"] (= 0)"#),
    ]);
}

#[test]
fn bad_positions_are_errors_at_their_place() {
    // (source, message, column of the error's first character)
    let cases: &[(&str, &str, usize)] = &[
        (r#"clobber["xo", "oX"]"#, "`X` is not a cell here", 17),
        (r#"clobber["xo", "o"]"#, "row 2 is not as long as the first row", 15),
        ("clobber[xo]", "write the cells in quotes", 9),
        (r#"toads["TT", "FF"]"#, "a strip is one string of cells in quotes", 13),
        (r#"toads["TTx"]"#, "`x` is not a cell here", 10),
        (r##"push["xo#"]"##, "`#` is not a cell here", 9),
        ("cutcake[BW]", "a piece is `RxC`: R rows by C columns", 9),
        ("eatcake[]", "give the size of each piece as `RxC` (rows by columns)", 1),
        ("cutcake[300x1]", "this position is too large: a side of 300x1 is longer than 256", 9),
        ("cram[17x17]", "this position is too large: a 17x17 board has more than 256 cells", 6),
        (
            r#"amazons["........", "........", "........", "........", "........", "........", "........", "........", "x"]"#,
            "row 9 is not as long as the first row",
            105,
        ),
        (
            r#"amazons["..........", "..........", "..........", "..........", "..........", "..........", "..........", "x........o"]"#,
            "a 8x10 Amazons board has more than 64 squares",
            9,
        ),
        ("hackenbush[0-1 W]", "`W` is not an edge colour", 16),
        ("hackenbush[0->1]", "these edges have no direction: write `1-2`, not `1->2`", 12),
        ("hackenbush[0-1] ground=[]", "there is no ground vertex", 17),
        ("hackenbush[0-1, -3]", "vertices are whole numbers not negative", 17),
        ("hackenbush[0-99999999999999999999]", "vertices are whole numbers below 2^64", 12),
        ("col[1-2 B]", "`col`'s edges have no colour", 9),
        ("col[1-2] left=[3]", "vertex 3 is not in the graph", 10),
        ("snort[1-2] vertices=2000000", "2000000 vertices are too many", 12),
        ("snort[1-2] ground=1", "`snort` has no setting `ground`", 12),
        ("arckayles[1-2 R]", "`arckayles`'s edges have no colour", 15),
        ("hackenbush[0-1-2]", "unexpected `-`, expected `,` or `]`", 15),
        ("maundy[BW]", "a piece is `RxC`: R rows by C columns", 8),
        ("misere maundy[300x2]", "a side of 300x2 is longer than 256, too long to list its moves", 8),
        ("psub[5] left=[1]", "`psub` needs `right=[...]`", 1),
        ("psub[5] left=[0] right=[1]", "a set contains 0, and taking nothing is not a move", 1),
        ("psub[1000000] left=[1, 2] right=[1, 3]", "beyond the 20000 values computed, and they show no period", 1),
        (r#"fission["x", "X"]"#, "`X` is not a cell here", 15),
    ];
    for &(src, message, column) in cases {
        let out = eval(&format!("{src}\n"), &[]);
        assert_eq!(out.status.code(), Some(1), "{src}: exit status");
        let report = String::from_utf8_lossy(&out.stderr);
        assert!(report.contains(message), "{src}: want `{message}` in\n{report}");
        assert!(report.contains(&format!("<stdin>:1:{column} ]")), "{src}: want column {column} in\n{report}");
    }
}

#[test]
fn large_positions_give_up_under_the_budget() {
    let board = format!("amazons[{}]", [r#"".......o""#; 8].join(", ").replacen(".......o", "x......o", 1));
    // An 8x8 Konane board, full but for two squares in the middle.
    let rows: Vec<String> = (0..8)
        .map(|r| match r {
            3 => "\"oxo..oxo\"".to_string(),
            _ => format!("\"{}\"", (0..8).map(|c| if (r + c) % 2 == 0 { 'x' } else { 'o' }).collect::<String>()),
        })
        .collect();
    // Cram 15x15: odd by odd with its centre free, so no mirror strategy settles it (16x16 is 0 at once).
    let src = format!("{board}\ncram[15x15]\nkonane[{}]\n", rows.join(", "));
    let got = results(&src, &["--budget", "200ms"]);
    let gave_up = "error: gave up: evaluating this exceeded the time budget of 200 ms";
    assert_eq!(got, [gave_up; 3], "{src}");
}

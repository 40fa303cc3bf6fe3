//! `cgt eval --explain`: under each statement whose value is a game, the derivation of its
//! canonical form, indented; in JSON, an `explanation` array. Tested on the real binary.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn eval(src: &str, args: &[&str]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_cgt"));
    cmd.args(["eval", "-"]).args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    let mut child = cmd.spawn().expect("the cgt binary runs");
    child.stdin.take().expect("piped").write_all(src.as_bytes()).expect("write stdin");
    child.wait_with_output().expect("cgt finishes")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn explanations_are_indented_under_game_statements() {
    let out = eval("{0, -1 | 1}\ngrundy(*3)\nlet x = {^ | v}\n", &["--explain"]);
    assert_eq!(out.status.code(), Some(0));
    expect_test::expect![[r#"
        1 │ {0, -1 | 1}       = 1/2 · L
          │     G = `{0,-1|1}`
          │     Left's option `-1` is dominated by `0` (because `0 > -1`)
          │     `{0|1}` is the simplest number between `0` and `1`: `1/2`
          │     The canonical form is `1/2`
        2 │ grundy(*3)        = 3
        3 │ let x = {^ | v}   x = * · N
          │     G = `{^|v}`
          │     Left's option `^` is reversible through `*` since `* <= G`: replaced by `*`'s Left options (`0`)
          │     Right's option `v` is reversible through `*` since `* >= G`: replaced by `*`'s Right options (`0`)
          │     Nothing else is dominated or reversible: the canonical form is `*`
    "#]]
    .assert_eq(&stdout(&out));
}

#[test]
fn without_the_flag_there_is_no_explanation() {
    let out = eval("{0, -1 | 1}\n", &[]);
    assert_eq!(stdout(&out), "1 │ {0, -1 | 1}   = 1/2 · L\n");
}

#[test]
fn explain_as_a_function_prints_its_lines() {
    let out = eval("explain({0 | 1})\n", &["--time"]);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(lines[0].ends_with("1 │ explain({0 | 1})   = G = `{0|1}`"), "{text}");
    // Continuation lines are indented past the clock and the line number (in characters).
    let bar = |l: &str| l.chars().position(|c| c == '│');
    assert_eq!(bar(lines[1]), bar(lines[0]), "{text}");
    assert!(lines[2].ends_with("│     The canonical form is `1/2`"), "{text}");
}

#[test]
fn json_carries_the_explanation() {
    let out = eval("{0 | 1}\n1 + 1\n", &["--json", "--explain"]);
    let rows: Vec<serde_json::Value> =
        stdout(&out).lines().map(|l| serde_json::from_str(l).expect("one JSON object per line")).collect();
    let steps = rows[0]["explanation"].as_array().expect("an explanation");
    assert_eq!(steps.last().and_then(|s| s.as_str()), Some("The canonical form is `1/2`"));
    // `1 + 1` is a sum of numbers: its options, then simplicity.
    assert!(rows[1]["explanation"].as_array().is_some_and(|s| s.len() > 2), "{}", rows[1]);
    let plain = eval("{0 | 1}\n", &["--json"]);
    assert!(!stdout(&plain).contains("explanation"));
}

#[test]
fn errors_in_arguments_exit_1() {
    let out = eval("cool({3|-2}, -2)\nnorton(*, ^)\n", &["--explain"]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(text.contains("error: cooling is defined for t > -1, but t is -2"), "{text}");
    assert!(text.contains("error: the first argument of the Norton product must be a number, but it is *"), "{text}");
}

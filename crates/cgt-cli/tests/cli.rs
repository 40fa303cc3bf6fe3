//! End-to-end tests of the real `cgt` binary: golden output of every `examples/*.cgt`, exit
//! statuses, JSON, standard input and hostile input. Golden files sit beside each example
//! (`NAME.out` for standard output, `NAME.err` for the error reports); run with
//! `UPDATE_EXPECT=1` to rewrite them.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use cgt_testkit::Rng;

fn cgt(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_cgt"));
    cmd.args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    let mut child = cmd.spawn().expect("the cgt binary runs");
    let mut input = child.stdin.take().expect("piped");
    if let Some(bytes) = stdin {
        input.write_all(bytes).expect("write stdin");
    }
    drop(input);
    child.wait_with_output().expect("cgt finishes")
}

fn eval_stdin(src: &str, extra: &[&str]) -> Output {
    let mut args = vec!["eval", "-"];
    args.extend_from_slice(extra);
    cgt(&args, Some(src.as_bytes()))
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn examples_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples")
}

#[test]
fn golden_examples() {
    // Two threads: independent statements are evaluated in parallel (`--jobs`).
    check_examples("2", std::env::var_os("UPDATE_EXPECT").is_some());
}

#[test]
fn examples_give_the_same_output_on_one_thread() {
    check_examples("1", false);
}

/// Runs every example with `--jobs JOBS` and compares its output with the golden files (or
/// writes them, with `update`).
fn check_examples(jobs: &str, update: bool) {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(examples_dir())
        .expect("examples/ exists")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "cgt"))
        .collect();
    paths.sort();
    assert!(paths.len() >= 2, "examples/ holds the tour and the boxes examples");
    let mut failures = Vec::new();
    for path in &paths {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        // Run from the examples folder so the file name in error reports is stable.
        let out = Command::new(env!("CARGO_BIN_EXE_cgt"))
            .args(["eval", "--jobs", jobs, &name])
            .current_dir(examples_dir())
            .output()
            .expect("cgt runs");
        let expected_status =
            if path.with_extension("err").exists() || (update && !out.stderr.is_empty()) { 1 } else { 0 };
        for (ext, actual) in [("out", text(&out.stdout)), ("err", text(&out.stderr))] {
            let golden = path.with_extension(ext);
            if update {
                if actual.is_empty() {
                    let _ = std::fs::remove_file(&golden);
                } else {
                    std::fs::write(&golden, &actual).expect("write golden file");
                }
                continue;
            }
            let expected = std::fs::read_to_string(&golden).unwrap_or_default();
            if expected != actual {
                failures.push(format!("{}:\n--- expected\n{expected}--- actual\n{actual}", golden.display()));
            }
        }
        if !update {
            assert_eq!(out.status.code(), Some(expected_status), "{name}: exit status");
        }
    }
    assert!(failures.is_empty(), "{}\n(run with UPDATE_EXPECT=1 to accept)", failures.join("\n"));
}

#[test]
fn failing_check_exits_1_and_shows_the_true_value() {
    let out = eval_stdin("WBBW == 1/2\n", &[]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("-3/8"), "{stdout}");
    assert!(text(&out.stderr).contains("this is -3/8"), "{}", text(&out.stderr));
}

#[test]
fn passing_file_exits_0() {
    let out = eval_stdin("WBBW.BW == 1/8\nBW\n", &[]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(out.stderr.is_empty());
}

#[test]
fn non_dyadic_number_has_a_hint() {
    let out = eval_stdin("1/3\n", &[]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("1/3 is not a dyadic rational"), "{err}");
    assert!(err.contains("power of two"), "{err}");
}

#[test]
fn syntax_error_on_line_1_does_not_stop_line_2() {
    let out = eval_stdin("{3|2|1}\nWBBW.BW\n", &[]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    assert!(stdout.lines().nth(1).is_some_and(|l| l.contains("= 1/8 · L")), "{stdout}");
}

#[test]
fn unreadable_file_exits_2() {
    let out = cgt(&["eval", "/definitely/not/here.cgt"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("cannot read"));
    let out = cgt(&["eval", "-"], Some(b"WB\xff\xfe\n"));
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("not UTF-8"));
}

#[test]
fn json_has_one_object_per_statement() {
    let out = eval_stdin("WBBW.BW\nWBBW == 1/2\nlet x = ^\n", &["--json"]);
    let lines: Vec<serde_json::Value> =
        text(&out.stdout).lines().map(|l| serde_json::from_str(l).expect("valid JSON")).collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["line"], 1);
    assert_eq!(lines[0]["source"], "WBBW.BW");
    assert_eq!(lines[0]["value"], "1/8");
    assert_eq!(lines[0]["outcome"], "L");
    assert_eq!(lines[0]["error"], serde_json::Value::Null);
    assert_eq!(lines[1]["check"], "failed");
    assert!(lines[1]["error"].as_str().unwrap().contains("-3/8"));
    assert_eq!(lines[2]["value"], "^");
    assert!(lines[2]["extras"].is_object());
}

#[test]
fn unicode_output() {
    let out = eval_stdin("^ + ^\n", &["--unicode"]);
    assert!(text(&out.stdout).contains("↑↑"), "{}", text(&out.stdout));
}

#[test]
fn hostile_input_gives_errors_not_crashes() {
    let deep = "{".repeat(100_000);
    for src in [deep.as_str(), "", "   \n\n", "\0\u{1}\u{7f}", "((((((((((", "}}}}]]]))) ||| <<<>>>"] {
        let out = eval_stdin(src, &[]);
        assert!(matches!(out.status.code(), Some(0 | 1)), "{src:?}: {:?}", out.status);
    }
    let mut rng = Rng(0x9E3779B97F4A7C15);
    for _ in 0..20 {
        let bytes: Vec<u8> = (0..400).map(|_| (rng.next_u64() >> 24) as u8).collect();
        let out = cgt(&["eval", "-"], Some(&bytes));
        assert!(matches!(out.status.code(), Some(0..=2)), "{:?}", out.status);
    }
}

#[test]
fn long_piles_are_exact_and_fast() {
    let pile: String = (0..10_000).map(|i| if i % 3 == 0 { 'B' } else { 'W' }).collect();
    let start = std::time::Instant::now();
    let out = eval_stdin(&format!("{pile}\n"), &["--json"]);
    let elapsed = start.elapsed();
    let v: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    let value = v["value"].as_str().unwrap();
    let (_, den) = value.split_once('/').expect("a fraction");
    // The denominator is 2^9999, which has 3010 decimal digits.
    assert_eq!(den.len(), 3010, "{value}");
    // Not a timing assertion (CI machines vary): a sanity bound far above the measured ~50 ms.
    assert!(elapsed.as_secs() < 60);
}

#[test]
fn help_and_version() {
    let out = cgt(&["--help"], None);
    assert!(text(&out.stdout).contains("eval"));
    let out = cgt(&["--version"], None);
    assert!(text(&out.stdout).starts_with("cgt "));
}

#[test]
fn a_check_that_gives_up_is_undecided_and_exits_1() {
    let out = eval_stdin("domineering[6x6] == 1\n", &["--budget", "1s", "--json"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stdout));
    let line: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).expect("valid JSON");
    assert_eq!(line["check"], "undecided");
    assert!(line["error"].as_str().unwrap().starts_with("undecided: gave up"), "{line}");
    let out = eval_stdin("domineering[6x6] == 1\n", &["--budget", "1s"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stdout).contains("undecided"), "{}", text(&out.stdout));
}

#[test]
fn a_statement_that_gives_up_exits_1() {
    let out = eval_stdin("WBBW\ndomineering[6x6]\n", &["--budget", "1s"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stdout));
    assert!(text(&out.stdout).contains("gave up"));
}

#[test]
fn plain_numbers_are_not_games() {
    let out = eval_stdin("grundy(kayles[5])\ndeque[1, 2]\nfair[B, W, WB, WB]\n", &["--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    let lines: Vec<serde_json::Value> = text(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines[0]["value"], "4");
    assert_eq!(lines[0]["outcome"], serde_json::Value::Null);
    assert_eq!(lines[1]["value"], "1");
    assert_eq!(lines[2]["value"], "5");
    for (src, needle) in [
        ("deque[1, 2] + 1\n", "a score, a plain number"),
        ("deque[1, 2] is L\n", "has no outcome class"),
        ("grundy(kayles[5]) == *4\n", "cannot compare 4"),
    ] {
        let out = eval_stdin(src, &[]);
        assert_eq!(out.status.code(), Some(1), "{src}");
        assert!(text(&out.stdout).contains(needle), "{src}: {}", text(&out.stdout));
    }
    for ok in ["grundy(kayles[5]) == 4\n", "deque[10, 80, 90, 30] == 10\n", "4 == grundy(kayles[5])\n"] {
        let out = eval_stdin(ok, &[]);
        assert_eq!(out.status.code(), Some(0), "{ok}: {}", text(&out.stdout));
    }
}

#[test]
fn misuse_is_an_error_not_a_budget_warning() {
    for (src, needle) in [
        ("selective()\n", "needs at least one component"),
        ("nim[3] k=0\n", "k must be at least 1"),
        ("nim[3] k=1 k=2\n", "given twice"),
        ("graph[1->2] from=7\n", "vertex 7 is not in the graph"),
        ("tree[BRR]\n", "one letter per edge"),
        ("toppling[LRR]\n", "trees use B, R and G"),
    ] {
        let out = eval_stdin(src, &[]);
        assert_eq!(out.status.code(), Some(1), "{src}");
        let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
        assert!(stdout.contains("error:") && !stdout.contains("gave up"), "{src}: {stdout}");
        assert!(stdout.contains(needle) || stderr.contains(needle), "{src}: {stdout}{stderr}");
    }
}

#[test]
fn options_of_box_words_list_the_moves() {
    let out = eval_stdin("options(WBBW)\n", &["--json"]);
    let line: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert_eq!(line["value"], "Left: W (= -1), WB (= -1/2); Right: _ (= 0), WBB (= -1/4)");
}

#[test]
fn svg_writes_thermographs_trees_plots_and_positions() {
    let dir = std::env::temp_dir().join(format!("cgt-svg-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let src = "{2 || 1 | 0}\nthermograph({3 | -2})\ngrundy(grundy_game, 1..20)\n2 + 3\nclobber[\"xo.\", \"ox.\"]\n";
    let out = eval_stdin(src, &["--svg", dir.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let mut names: Vec<String> =
        std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    names.sort();
    assert_eq!(
        names,
        [
            "line-1-thermograph.svg",
            "line-1-tree.svg",
            "line-2-thermograph.svg",
            "line-3-plot.svg",
            "line-4-thermograph.svg",
            "line-5-position.svg",
            "line-5-thermograph.svg"
        ]
    );
    for name in &names {
        let svg = std::fs::read_to_string(dir.join(name)).unwrap();
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"), "{name}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn long_results_are_cut_unless_full() {
    // 40,000 Grundy values print as about 120,000 characters: cut by default, whole with --full.
    let src = "grundy(kayles, 0..39999)\n";
    let cut = text(&eval_stdin(src, &[]).stdout);
    assert!(cut.contains("more characters not shown"), "{}", &cut[cut.len().saturating_sub(200)..]);
    let full = eval_stdin(src, &["--full"]);
    assert!(full.status.success());
    let full = text(&full.stdout);
    assert!(!full.contains("not shown"));
    let list = full.split("= [").nth(1).and_then(|l| l.split(']').next()).expect("a list");
    let values: Vec<&str> = list.split(", ").collect();
    assert_eq!(values.len(), 40_000);
    // Kayles' values are periodic with period 12 from heap 71 (Guy & Smith 1956).
    assert_eq!(values[39_999], values[39_999 - 12 * 100]);
    assert!(cut.len() < full.len());
}

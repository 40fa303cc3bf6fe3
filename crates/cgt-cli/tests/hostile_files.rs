//! Hostile input against the real `cgt` binary (docs/src/reference/exit-statuses.md): empty
//! files, invalid UTF-8, CRLF line endings, files of 5 and 50 MB, and hostile input to `cgt fmt`
//! and to the arguments.

use std::path::{Path, PathBuf};
use std::time::Duration;

mod common;

use common::*;

#[test]
fn empty_and_blank_files_succeed_with_no_output() {
    for src in ["", " ", "\n", "\n\n\n", "\t \t\n  \n", "\r\n\r\n", "# only a comment\n", "   # indented comment"] {
        let run = eval(src);
        run.assert_code(0, &format!("{src:?}"));
        assert!(run.stdout.trim().is_empty(), "{src:?}: {}", run.tail());
        assert!(run.stderr.is_empty(), "{src:?}: {}", run.tail());
    }
    let run = eval_args("", &["--json"]);
    run.assert_code(0, "empty --json");
    let empty = TempFile::new("empty.cgt", b"");
    cgt_with(&["eval", empty.0.to_str().unwrap()], b"", LIMIT).assert_code(0, "an empty file");
    cgt_with(&["fmt", "-"], b"", LIMIT).assert_code(0, "fmt of nothing");
}

#[test]
fn invalid_utf8_exits_2_with_a_clear_message() {
    let cases: [&[u8]; 8] = [
        b"WB\xff\n",
        b"\xfe\xff\x00W\x00B",               // UTF-16 with a byte-order mark
        b"\x80",                             // a lone continuation byte
        b"WBBW\n\xc0\xaf\n",                 // an overlong encoding of '/'
        b"\xed\xa0\x80",                     // an encoded surrogate
        b"1 + \xe2\x86\n",                   // a truncated '↑'
        b"\xf4\x90\x80\x80",                 // beyond U+10FFFF
        b"nim[1]\n\x00\x01\x02\xff\xfe\xfd", // binary garbage after a good line
    ];
    for bytes in cases {
        let what = format!("{bytes:?}");
        cgt_with(&["eval", "-"], bytes, LIMIT).assert_code(2, &what).assert_stderr("not UTF-8", &what);
        let file = TempFile::new("bad.cgt", bytes);
        let path = file.0.to_str().unwrap().to_string();
        cgt_with(&["eval", &path], b"", LIMIT).assert_code(2, &what).assert_stderr("not UTF-8", &what);
        cgt_with(&["fmt", &path], b"", LIMIT).assert_code(2, &what).assert_stderr("not UTF-8", &what);
    }
    // The message says where.
    cgt_with(&["eval", "-"], b"WBBW\nWB\xff\n", LIMIT).assert_stderr("offset 7", "the offset of the bad byte");
}

#[test]
fn valid_utf8_garbage_gives_errors_not_crashes() {
    for src in ["\0\0\0", "\u{feff}WBBW.BW", "𝄞𝄞𝄞", "↑↑↑↑↑↑", "±±±±", "\u{202e}WB", "é = 1", "\u{b}\u{c}\u{85}"]
    {
        eval(src).assert_sane(&format!("{src:?}"));
    }
}

#[test]
fn crlf_line_endings_give_the_same_results_as_lf() {
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&examples)
        .expect("examples/")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "cgt"))
        .collect();
    paths.sort();
    assert!(!paths.is_empty());
    let mut differ = Vec::new();
    for path in &paths {
        let lf = std::fs::read_to_string(path).expect("read an example").replace("\r\n", "\n");
        let crlf = lf.replace('\n', "\r\n");
        let (a, b) = (eval_args(&lf, &["--json"]), eval_args(&crlf, &["--json"]));
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        a.assert_sane(&name);
        b.assert_sane(&format!("{name} with CRLF"));
        if a.stdout != b.stdout || a.code != b.code {
            differ.push(format!("{name}:\n--- LF\n{}\n--- CRLF\n{}", a.stdout, b.stdout));
        }
        // The plain output too, and a file that mixes both.
        let (a, b) = (eval(&lf), eval(&crlf));
        if a.stdout != b.stdout {
            differ.push(format!("{name} (text output):\n--- LF\n{}\n--- CRLF\n{}", a.stdout, b.stdout));
        }
        let mixed: String = lf
            .split_inclusive('\n')
            .enumerate()
            .map(|(i, l)| if i % 2 == 0 { l.replace('\n', "\r\n") } else { l.into() })
            .collect();
        if eval(&mixed).stdout != a.stdout {
            differ.push(format!("{name} (mixed line endings)"));
        }
    }
    assert!(differ.is_empty(), "CRLF changed results:\n{}", differ.join("\n"));
    // A statement continued over CRLF lines, and a lone CR at the very end.
    let run = eval("{1,\r\n 2 |\r\n 0}\r\nWBBW.BW\r");
    run.assert_code(0, "continued CRLF statement").assert_stdout("= 1/8 · L", "the line after it");
}

// --------------------------------------------------------------------- large inputs

/// A file of `count` short statements (each padded to 24 bytes and a line break), cycling
/// through six fast statements that evaluate without error; with `with_errors`, one in six is
/// an error instead (`1/3`).
fn many_statements(count: usize, with_errors: bool) -> String {
    let stmts = [
        "WBBW.BW + 1/2 + *3 + ^",
        "{1|0} + {2|{1|0}} - 3/8",
        "nim[3, 4, 5] + BBBWBBW",
        if with_errors { "1/3" } else { "B.WB.WB is P" },
        "toppling[BWWB] == ^",
        "kayles[10, 20] + dawson[5]",
    ];
    let mut src = String::with_capacity(count * 25);
    for i in 0..count {
        let s = stmts[i % stmts.len()];
        src.push_str(s);
        src.push_str(&" ".repeat(24usize.saturating_sub(s.len())));
        src.push('\n');
    }
    src
}

/// Runs `cgt eval FILE --json` on `src` within `limit`; checks one line per statement.
fn eval_file(name: &str, src: &str, count: usize, limit: Duration) -> Run {
    let file = TempFile::new(name, src.as_bytes());
    let run = cgt_with(&["eval", file.0.to_str().unwrap(), "--json"], b"", limit);
    run.assert_sane(name);
    assert_eq!(run.stdout.lines().count(), count, "{name}: one JSON line per statement");
    eprintln!("{name}: {} bytes, {count} statements: {:?}", src.len(), run.elapsed);
    run
}

/// A 5 MB file of 200,000 statements, all with results, in the default test run.
#[test]
fn five_megabyte_file_finishes() {
    let count = 200_000;
    let run = eval_file("five.cgt", &many_statements(count, false), count, Duration::from_secs(120));
    assert_eq!(run.code, Some(0), "{}", run.tail());
}

/// A 50 MB file: 100,000 statements between 45 MB of comments and blank lines. (A file of 2
/// million statements also finishes, in about a minute with a release build, but its results
/// and syntax trees are all kept in memory, about 90 bytes per input byte: that is what
/// `cgt eval` needs to print every result, and it grows with the input, not without bound.)
#[test]
fn fifty_megabyte_file_finishes() {
    let count = 100_000;
    let statements = many_statements(count, false);
    let comment = format!("# {}\n", "x".repeat(448));
    let padding = comment.repeat(45_000_000 / comment.len());
    let src = format!("{padding}{statements}{padding}");
    assert!(src.len() >= 50_000_000 - 1_000_000, "{} bytes", src.len());
    let run = eval_file("fifty.cgt", &src, count, Duration::from_secs(300));
    assert_eq!(run.code, Some(0), "{}", run.tail());
}

/// Found by hand with the 50 MB file: the CLI renders each diagnostic with
/// `Source::from(src)` (crates/cgt-cli/src/render.rs, `reports`), which indexes the lines of the
/// whole file again for every diagnostic, so the time is (number of errors) x (file size):
/// 20,000 lines with 3,300 errors take 1.9 s (release build), 60,000 lines with 10,000 errors
/// 19 s, and the 50 MB file with 330,000 errors would take hours after its results are
/// already printed. Rendering must be linear: build the `Source` once.
#[test]
fn regression_many_errors_in_a_large_file_render_in_linear_time() {
    // 100,000 statements: rendered in linear time, well under a minute in a debug build; the
    // quadratic renderer took minutes (25 times the 20,000-line figure above, in release). The
    // limit leaves room for a machine busy with other tests.
    let count = 100_000;
    let src = many_statements(count, true);
    let file = TempFile::new("errors.cgt", src.as_bytes());
    let run = cgt_with(&["eval", file.0.to_str().unwrap()], b"", Duration::from_secs(120));
    run.assert_code(1, "100,000 statements, 16,500 of them errors");
    assert!(run.stderr.matches("not a dyadic rational").count() >= count / 6, "every error is reported");
}

#[test]
fn fmt_survives_hostile_input() {
    let deep = "{".repeat(N);
    for src in [deep.as_str(), "", "\r\n", "{1|\n", "}}}]]]", "1+1\n\u{b}", "𝄞 ± ↑"] {
        let once = cgt_with(&["fmt", "-"], src.as_bytes(), LIMIT);
        once.assert_sane(&format!("fmt {:?}", src.chars().take(20).collect::<String>()));
    }
    let big = format!("{}\n", vec!["{1|0}+WB"; 10_000].join("\n"));
    cgt_with(&["fmt", "-"], big.as_bytes(), LIMIT).assert_code(0, "fmt of 10,000 lines");
}

#[test]
fn bad_arguments_are_usage_errors() {
    for args in [
        &["eval", "-", "--budget", "forever"][..],
        &["eval", "-", "--budget", "0s"],
        &["eval", "-", "--budget", "99999999999999999999999s"],
        &["eval", "-", "--budget", "1s,99999999999999999999GiB"],
        &["eval", "-", "--budget", ""],
        &["eval"],
        &["nosuchcommand"],
    ] {
        let run = cgt_with(args, b"1\n", LIMIT);
        assert!(!run.timed_out && matches!(run.code, Some(0..=2)), "{args:?}: {}", run.tail());
        assert!(!run.stderr.contains("panicked"), "{args:?}: {}", run.tail());
    }
}

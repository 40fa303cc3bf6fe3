//! Hostile input against the real `cgt` binary (SPEC §4): deep nesting, huge integers in every
//! place a number is accepted, huge heaps, empty files, invalid UTF-8, CRLF line endings, a
//! 50 MB file, deep and wide trees, budgets, every ruleset's error cases, and the crashes found
//! by fuzzing (`fuzz/`), each as a test named `regression_*`.
//!
//! Every case must end with exit status 0, 1 or 2 (never 101, an abort or a signal), with a
//! result or a clear error, within a generous time bound: a hang is killed and reported.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// The time bound of a case: generous (debug builds on a loaded CI machine), but never a hang.
const LIMIT: Duration = Duration::from_secs(60);

/// What a run of the binary did.
#[derive(Debug)]
struct Run {
    /// The exit code; `None` when killed by a signal (or by the time limit).
    code: Option<i32>,
    stdout: String,
    stderr: String,
    elapsed: Duration,
    timed_out: bool,
}

impl Run {
    /// Exit 0, 1 or 2 within the limit, no panic message: the minimum for any input.
    #[track_caller]
    fn assert_sane(&self, what: &str) -> &Self {
        assert!(!self.timed_out, "{what}: still running after {LIMIT:?} (a hang)\n{}", self.tail());
        assert!(
            matches!(self.code, Some(0..=2)),
            "{what}: exit status {:?} (a panic, an abort or a signal)\n{}",
            self.code,
            self.tail()
        );
        for bad in ["panicked", "internal error", "stack overflow", "RUST_BACKTRACE"] {
            assert!(!self.stderr.contains(bad), "{what}: `{bad}` on stderr\n{}", self.tail());
        }
        self
    }

    #[track_caller]
    fn assert_code(&self, code: i32, what: &str) -> &Self {
        self.assert_sane(what);
        assert_eq!(self.code, Some(code), "{what}: exit status\n{}", self.tail());
        self
    }

    #[track_caller]
    fn assert_stderr(&self, needle: &str, what: &str) -> &Self {
        assert!(self.stderr.contains(needle), "{what}: stderr lacks {needle:?}\n{}", self.tail());
        self
    }

    #[track_caller]
    fn assert_stdout(&self, needle: &str, what: &str) -> &Self {
        assert!(self.stdout.contains(needle), "{what}: stdout lacks {needle:?}\n{}", self.tail());
        self
    }

    /// The ends of stdout and stderr, for failure messages (outputs can be megabytes).
    fn tail(&self) -> String {
        format!(
            "status {:?} after {:?}\n--- stdout (end)\n{}\n--- stderr (end)\n{}",
            self.code,
            self.elapsed,
            clip(&self.stdout),
            clip(&self.stderr)
        )
    }
}

fn clip(s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    chars[chars.len().saturating_sub(1500)..].iter().collect()
}

/// Reads a pipe to its end on a thread, so that neither pipe can fill up and block the child.
fn drain(pipe: impl Read + Send + 'static) -> mpsc::Receiver<Vec<u8>> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut buf = Vec::new();
        let mut pipe = pipe;
        let _ = pipe.read_to_end(&mut buf);
        let _ = tx.send(buf);
    });
    rx
}

/// Waits for `child` at most `limit`, killing it after that.
fn finish(mut child: Child, start: Instant, limit: Duration) -> Run {
    let out = drain(child.stdout.take().expect("piped"));
    let err = drain(child.stderr.take().expect("piped"));
    let mut timed_out = false;
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if start.elapsed() > limit {
            timed_out = true;
            let _ = child.kill();
            break child.wait().expect("wait after kill");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let elapsed = start.elapsed();
    let text = |rx: mpsc::Receiver<Vec<u8>>| String::from_utf8_lossy(&rx.recv().unwrap_or_default()).into_owned();
    Run { code: status.code(), stdout: text(out), stderr: text(err), elapsed, timed_out }
}

/// Runs `cgt ARGS` with `stdin` as its standard input.
fn cgt_with(args: &[&str], stdin: &[u8], limit: Duration) -> Run {
    let start = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_cgt"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the cgt binary runs");
    let mut input = child.stdin.take().expect("piped");
    let bytes = stdin.to_vec();
    // Written on a thread: a child that exits early (or writes a lot first) must not block us.
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&bytes);
    });
    let run = finish(child, start, limit);
    let _ = writer.join();
    run
}

/// `cgt eval -` on `src` with the default budget.
fn eval(src: &str) -> Run {
    cgt_with(&["eval", "-"], src.as_bytes(), LIMIT)
}

/// `cgt eval - EXTRA...` on `src`.
fn eval_args(src: &str, extra: &[&str]) -> Run {
    let mut args = vec!["eval", "-"];
    args.extend_from_slice(extra);
    cgt_with(&args, src.as_bytes(), LIMIT)
}

/// A scratch file under the target folder, removed when dropped.
struct TempFile(PathBuf);

impl TempFile {
    fn new(name: &str, bytes: &[u8]) -> Self {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("hostile");
        std::fs::create_dir_all(&dir).expect("create the scratch folder");
        let path = dir.join(format!("{}-{name}", std::process::id()));
        std::fs::write(&path, bytes).expect("write a scratch file");
        TempFile(path)
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

const N: usize = 100_000;

/// A string of `n` decimal digits (not all nines, so that it is not a power-of-ten edge case).
fn digits(n: usize) -> String {
    (0..n).map(|i| char::from(b'1' + (i * 7 % 9) as u8)).collect()
}

// ------------------------------------------------------------------------------- nesting

#[test]
fn deep_nesting_of_every_bracket_is_a_clear_error() {
    let opens = ["{", "(", "[", "<", "{1|", "<1|", "{|", "-(", "nim[", "cf(", "+-(", "{0||"];
    for open in opens {
        // Unclosed, then closed: both nest 100,000 deep.
        let unclosed = open.repeat(N);
        let close: String = open
            .chars()
            .rev()
            .filter_map(|c| match c {
                '{' => Some('}'),
                '(' => Some(')'),
                '[' => Some(']'),
                '<' => Some('>'),
                _ => None,
            })
            .collect();
        let closed = format!("{}0{}", open.repeat(N), close.repeat(N));
        for (kind, src) in [("unclosed", unclosed), ("closed", closed)] {
            let what = format!("{N} x {open:?} {kind}");
            eval(&format!("{src}\nWBBW.BW\n"))
                .assert_code(1, &what)
                .assert_stderr("nested more than 256 deep", &what)
                // The statement after it is still evaluated.
                .assert_stdout("= 1/8 · L", &what);
        }
    }
}

#[test]
fn nesting_at_the_limit_evaluates_and_one_more_is_an_error() {
    let at = |d: usize| format!("{}1{}", "(".repeat(d), ")".repeat(d));
    eval(&at(256)).assert_code(0, "256 parentheses").assert_stdout("= 1 · L", "256 parentheses");
    eval(&at(257)).assert_code(1, "257 parentheses").assert_stderr("nested more than 256 deep", "257 parentheses");
    // A game nested 256 deep: {0|{0|...{0|}...}}.
    let game = format!("{}{}", "{0|".repeat(256), "}".repeat(256));
    eval(&game).assert_code(0, "a game nested 256 deep").assert_stdout("· ", "a game nested 256 deep");
    let game = format!("{}{}", "{0|".repeat(257), "}".repeat(257));
    eval(&game).assert_code(1, "a game nested 257 deep").assert_stderr("nested more than 256 deep", "257");
}

#[test]
fn long_flat_chains_are_fine() {
    let sum = vec!["1"; N].join(" + ");
    eval(&sum).assert_code(0, "a sum of 100,000 ones").assert_stdout("= 100000 · L", "sum");
    let negations = format!("{}1", "- ".repeat(N));
    eval(&negations).assert_code(0, "100,000 negations").assert_stdout("= 1 · L", "negations");
    let stars = vec!["*"; N].join(" + ");
    eval(&stars).assert_code(0, "100,000 stars").assert_stdout("= 0 · P", "stars");
    let ordinal = vec!["1"; 2000].join(" : ");
    eval(&ordinal).assert_sane("an ordinal chain of 2,000 ones");
    let options = format!("{{{}|}}", vec!["0"; N].join(", "));
    eval(&options).assert_code(0, "a game with 100,000 equal options").assert_stdout("= 1 · L", "options");
    let piles = vec!["BW"; N].join(".");
    eval(&piles).assert_code(0, "100,000 box piles").assert_stdout("= 50000 · L", "piles");
    let settings = format!("nim[1]{}", " k=1".repeat(1000));
    eval(&settings).assert_sane("a setting repeated 1,000 times");
}

#[test]
fn unclosed_brackets_are_cut_back_to_their_line() {
    for open in ["{1|", "(", "[", "<0|", "nim[1, ", "tree[B(", "graph[1->2", "\"..#", "cf("] {
        let what = format!("unclosed {open:?}");
        eval(&format!("{open}\nWBBW.BW\n^ + ^\n"))
            .assert_code(1, &what)
            .assert_stdout("= 1/8 · L", &what)
            .assert_stdout("= ^^ · L", &what);
    }
    // Closers without openers.
    eval("}}}]]])))>>>\nWBBW.BW\n").assert_code(1, "stray closers").assert_stdout("= 1/8 · L", "stray closers");
}

// ---------------------------------------------------------------------- huge integers

/// Every place a number is accepted, with a number of thousands of digits: a result or a clear
/// error, never a crash or a hang.
#[test]
fn huge_integers_everywhere_a_number_is_accepted() {
    let d = digits(3000);
    let pow2 = num_pow2_decimal(4000);
    let cases: Vec<String> = vec![
        d.clone(),
        format!("-{d}"),
        format!("{d}/2"),
        format!("1/{d}"),
        format!("{d}/{pow2}"),
        format!("{d}^"),
        format!("{d}*"),
        format!("{d}^*3"),
        format!("*{d}"),
        format!("^{d}"),
        format!("v{d}"),
        format!("↑{d}"),
        format!("↓{d}"),
        format!("{{{d}|-{d}}}"),
        format!("{{{d}||0|-{d}}}"),
        format!("{d} + {d}"),
        format!("{d} - {d}"),
        format!("{d} : 1"),
        format!("temp({{{d}|-{d}}})"),
        format!("mean({{{d}|-{d}}})"),
        format!("thermograph({{{d}|-{d}}})"),
        format!("birthday({d})"),
        format!("options({d})"),
        format!("cf({d})"),
        format!("{d} == {d}"),
        format!("{d} > 1"),
        format!("nim[{d}]"),
        format!("nim[{d}, {d}]"),
        format!("nim[1, 2] k={d}"),
        format!("nim[{d}, 1] k=2"),
        format!("stones[{d}] take=[1, 2, 3]"),
        format!("stones[5] take=[{d}]"),
        format!("stones[5] take=[1, {d}]"),
        format!("octal[{d}] code=0.137"),
        format!("octal[5] code=0.{}", "7".repeat(3000)),
        format!("octal[5] code={d}.7"),
        format!("kayles[{d}]"),
        format!("dawson[{d}]"),
        format!("deque[{d}, -{d}, 1]"),
        format!("graph[{d}->1] from={d}"),
        format!("graph[1->{d}] from=1"),
        format!("graph[1->2] from={d}"),
        format!("graph[1->2] from=1 values=[{d}, -{d}] stop"),
        format!("domineering[{d}x3]"),
        format!("domineering[3x{d}]"),
        "domineering[99999999999999999999x3]".to_string(),
        "domineering[3x99999999999999999999]".to_string(),
        "domineering[0x0]".to_string(),
        format!("grundy(kayles, 0..{d})"),
        format!("grundy(kayles, {d}..{d})"),
        "grundy(kayles, 0..99999999999999999999)".to_string(),
        format!("grundy(stones take=[{d}], 0..5)"),
        format!("period(octal code=0.{})", "7".repeat(3000)),
        format!("let x = {d}"),
    ];
    let mut failures = Vec::new();
    for src in &cases {
        let run = eval_args(src, &["--budget", "5s,512MiB"]);
        let short: String = src.chars().take(60).collect();
        if std::panic::catch_unwind(|| {
            run.assert_sane(&short);
            // A result (`= `, `✓`) or an error or a budget warning, on the statement's line.
            assert!(
                run.stdout.contains("= ")
                    || run.stdout.contains('✓')
                    || run.stdout.contains("error")
                    || run.stdout.contains("gave up"),
                "{short}: no result and no error\n{}",
                run.tail()
            );
        })
        .is_err()
        {
            failures.push(short);
        }
    }
    assert!(failures.is_empty(), "huge integers broke: {failures:#?}");
}

/// 2^k in decimal (a dyadic denominator with many digits).
fn num_pow2_decimal(k: u32) -> String {
    // Schoolbook doubling in base 10^9: no big-integer crate needed in the test.
    let mut limbs: Vec<u64> = vec![1];
    for _ in 0..k {
        let mut carry = 0;
        for l in &mut limbs {
            let v = *l * 2 + carry;
            *l = v % 1_000_000_000;
            carry = v / 1_000_000_000;
        }
        if carry > 0 {
            limbs.push(carry);
        }
    }
    let mut s = limbs.last().unwrap().to_string();
    for l in limbs.iter().rev().skip(1) {
        s.push_str(&format!("{l:09}"));
    }
    s
}

#[test]
fn huge_integers_in_one_file_do_not_stop_the_others() {
    let d = digits(5000);
    let src = format!("*{d}\nkayles[{d}]\ndomineering[{d}x{d}]\n{d}/3\nWBBW.BW\n");
    eval(&src).assert_code(1, "a file of huge integers").assert_stdout("= 1/8 · L", "the last line");
}

#[test]
fn huge_heaps_use_fast_paths() {
    let ten_1000 = format!("1{}", "0".repeat(1000));
    let e18 = "1000000000000000000";
    let cases = [
        (format!("nim[{ten_1000}]"), "= *1000"),
        (format!("nim[{ten_1000}, {ten_1000}]"), "= 0 · P"),
        (format!("nim[{ten_1000}, 1] k=2"), "= N"),
        (format!("kayles[{e18}]"), "= "),
        (format!("dawson[{e18}]"), "= "),
        (format!("octal[{e18}] code=0.137"), "= "),
        // 10^18 is a multiple of 4: a P-position of take 1, 2 or 3.
        (format!("stones[{e18}] take=[1, 2, 3]"), "= 0 · P"),
        (format!("stones[{e18}] take=[2, 5, 7]"), "= "),
        (format!("stones[{e18}, {e18}] take=[1, 2, 3]"), "= 0 · P"),
    ];
    for (src, want) in &cases {
        let short: String = src.chars().take(60).collect();
        eval(src).assert_code(0, &short).assert_stdout(want, &short);
    }
    // Beyond 2^64 a heap may be refused, but clearly.
    for src in [format!("kayles[{ten_1000}]"), format!("stones[{ten_1000}] take=[1, 2, 3]")] {
        let short: String = src.chars().take(60).collect();
        let run = eval(&src);
        run.assert_sane(&short);
        assert!(run.stdout.contains("= ") || run.stderr.contains("too large"), "{short}\n{}", run.tail());
    }
}

// ------------------------------------------------------------------ empty, encodings

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
    let count = 200_000;
    let src = many_statements(count, true);
    let file = TempFile::new("errors.cgt", src.as_bytes());
    let run = cgt_with(&["eval", file.0.to_str().unwrap()], b"", Duration::from_secs(60));
    run.assert_code(1, "200,000 statements, 33,000 of them errors");
    assert!(run.stderr.matches("not a dyadic rational").count() >= count / 6, "every error is reported");
}

// ---------------------------------------------------------------------------- trees

/// A path deeper than the parser's nesting limit: either the clear nesting error, or (if tree
/// arguments are read without that limit) the right value. Never a crash.
#[test]
fn a_tree_path_of_100_000_edges() {
    let path = |n: usize| format!("tree[{}B{}]", "B(".repeat(n), ")".repeat(n));
    let what = "a path of 100,000 edges";
    let run = eval(&format!("{}\nWBBW.BW\n", path(N - 1)));
    run.assert_sane(what).assert_stdout("= 1/8 · L", what);
    assert!(
        run.stdout.contains("= 100000 · L") || run.stderr.contains("nested more than 256 deep"),
        "{what}: neither the value nor the nesting error\n{}",
        run.tail()
    );
    let green = format!("tree[{}G{}]", "G(".repeat(N - 1), ")".repeat(N - 1));
    let run = eval(&green);
    run.assert_sane("a green path of 100,000 edges");
    assert!(run.stdout.contains("= *100000") || run.stderr.contains("nested more than 256 deep"), "{}", run.tail());
    let mixed: String = format!("tree[{}R{}]", "B(G(".repeat(N / 2 - 1), "))".repeat(N / 2 - 1));
    eval_args(&mixed, &["--budget", "5s"]).assert_sane("a mixed path of 100,000 edges");
    // Within the limit: a path of 255 edges (254 nested brackets plus the ruleset's).
    eval(&path(254)).assert_code(0, "a path of 255 edges").assert_stdout("= 255 · L", "a path of 255 edges");
    eval(&format!("tree[{}G{}]", "G(".repeat(254), ")".repeat(254)))
        .assert_code(0, "a green path of 255 edges")
        .assert_stdout("= *255", "a green path of 255 edges");
    eval(&format!("tree[{}R{}]", "B(".repeat(254), ")".repeat(254))).assert_sane("a blue path topped by red");
}

#[test]
fn wide_trees_of_100_000_edges() {
    let wide = |edge: &str| format!("tree[{}]", vec![edge; N].join(", "));
    eval(&wide("B")).assert_code(0, "100,000 blue edges").assert_stdout("= 100000 · L", "blue");
    eval(&wide("G")).assert_code(0, "100,000 green edges").assert_stdout("= 0 · P", "green");
    eval(&wide("R")).assert_code(0, "100,000 red edges").assert_stdout("= -100000 · R", "red");
    // One vertex with 100,000 children.
    let bush = format!("tree[B({})]", vec!["R"; N].join(", "));
    eval_args(&bush, &["--budget", "20s"]).assert_sane("a blue edge under 100,000 red ones");
    let green_bush = format!("tree[G({})]", vec!["G"; N].join(", "));
    eval_args(&green_bush, &["--budget", "20s"])
        .assert_code(0, "a green edge under 100,000 green ones")
        .assert_stdout("= * · N", "green bush");
    let mixed = format!("tree[{}]", (0..N).map(|i| ["B(R)", "G(B)", "R(G, G)"][i % 3]).collect::<Vec<_>>().join(", "));
    eval_args(&mixed, &["--budget", "5s"]).assert_sane("100,000 mixed branches");
}

// ---------------------------------------------------------------------------- budgets

#[test]
fn domineering_10x10_gives_up_within_the_budget() {
    let start = Instant::now();
    let run = eval_args("domineering[10x10]\nWBBW.BW\n", &["--budget", "1s"]);
    run.assert_sane("domineering[10x10] --budget 1s");
    assert!(run.stdout.contains("gave up"), "{}", run.tail());
    assert!(run.stderr.contains("exceeded the budget") || run.stdout.contains("budget"), "{}", run.tail());
    assert!(run.stdout.contains("= 1/8 · L"), "the next statement still runs\n{}", run.tail());
    assert!(start.elapsed() < Duration::from_secs(15), "took {:?}", start.elapsed());
}

#[test]
fn memory_budget_gives_up_cleanly() {
    let run = eval_args("domineering[10x10]\nWBBW.BW\n", &["--budget", "30s,32MiB"]);
    run.assert_sane("domineering[10x10] in 32 MiB");
    assert!(run.stdout.contains("gave up"), "{}", run.tail());
    assert!(run.stdout.contains("= 1/8 · L"), "{}", run.tail());
}

#[test]
fn budgets_hold_for_every_expensive_statement() {
    let cases = [
        "domineering[9x9]",
        "domineering[\"........\", \"........\", \"........\", \"........\", \"........\", \"........\", \"........\"]",
        "toppling[BWGBWGBWGBWGBWGBWGBWGBWGBWGBWGBWGBWGBWG]",
        "toppling[GGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGG]",
        "tree[G(B, R, G(B, R, G(B, R, G(B, R, G(B, R, G(B, R))))))]",
        "misere nim[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]",
        "outcome(boxes[BGWBGWBGWBGWBGWBGWBGWBGWBGWBGWBGWBGWBGWBGWBGWBGWBGWBGWBGWBGW])",
        "deque[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30]",
        "fair[B, W, WB, WB, BWW, BWW, BW, WB, BBW, WWB, BWB, WBW, BB, WW, BWBW, WBWB, BBWW, WWBB, B, W, BW, WB, BWW, WWB, BWBWB, WBWBW]",
        "grundy(octal code=0.137, 0..100000000)",
        "period(octal code=0.7777777777777777)",
        "1 : 100000",
        "thermograph(domineering[4x5])",
        "options(domineering[5x5])",
        "temp(toppling[BWBWBWBWBWBWBWBWBWBWBWBWBWBWBW])",
    ];
    let failures = over_budget(&cases, "1s,256MiB", Duration::from_secs(20));
    assert!(failures.is_empty(), "over a 1 s budget: {failures:#?}");
}

/// The statements among `cases` that crash or take longer than `bound` under `budget`.
fn over_budget(cases: &[&str], budget: &str, bound: Duration) -> Vec<String> {
    let mut failures = Vec::new();
    for src in cases {
        let run = cgt_with(&["eval", "-", "--budget", budget], src.as_bytes(), bound);
        let short: String = src.chars().take(70).collect();
        if run.timed_out || !matches!(run.code, Some(0..=2)) || run.stderr.contains("panicked") {
            failures.push(format!("{short}: status {:?} after {:?}", run.code, run.elapsed));
        }
    }
    failures
}

// ------------------------------------------------------------------- ruleset errors

/// Every ruleset's and function's error cases: exit 1 with an error report, no crash.
#[test]
fn ruleset_and_function_errors_are_clear() {
    let cases = [
        "boxes[BXW]",
        "boxes[]",
        "boxes[1]",
        "boxes[\"BW\"]",
        "BXW",
        "WBG",
        "tree[X]",
        "tree[B(X)]",
        "tree[]",
        "tree[1]",
        "tree[B()]",
        "tree[B(R,)]",
        "toppling[BXW]",
        "toppling[]",
        "toppling[3]",
        "domineering[]",
        "domineering[3]",
        "domineering[x3]",
        "domineering[-3x3]",
        "domineering[\"..\", \"...\"]",
        "domineering[\"a.\"]",
        "domineering[\"\"]",
        "domineering[2x2, 3x3]",
        "domineering[BW]",
        "nim[]",
        "nim[-1]",
        "nim[B]",
        "nim[1] k=0",
        "nim[1] k=-1",
        "nim[1] k",
        "nim[1] q=3",
        "nim[1] k=[1, 2]",
        "stones[5]",
        "stones[5] take=[]",
        "stones[5] take=[0]",
        "stones[5] take=[-1]",
        "stones[5] take=3",
        "stones[-5] take=[1]",
        "stones take=[1]",
        "octal[5]",
        "octal[5] code=0.9",
        "octal[5] code=1.5",
        "octal[5] code=0.8",
        "octal[5] code=7",
        "octal[5] code=0.0",
        "octal[-5] code=0.7",
        "kayles[-1]",
        "kayles[B]",
        "dawson[x]",
        "dawson[1.5]",
        "deque[]",
        "deque[B]",
        "deque[1.5]",
        "graph[1->2]",
        "graph[1->2] from=3",
        "graph[] from=1",
        "graph[1->2] from=1 values=[1] stop",
        "graph[1->2] from=1 values=[1, 2, 3] stop",
        "graph[1->-2] from=1",
        "graph[1->2] from=-1",
        "graph[a->b] from=a",
        "fair[]",
        "fair[X]",
        "fair[1]",
        "foo[1]",
        "Nim[1]",
        "grundy(kayles, 5..1)",
        "grundy(foo, 0..3)",
        "grundy(kayles)",
        "grundy(kayles, 0..3, 1)",
        "grundy(1, 0..3)",
        "period(stones)",
        "period(octal)",
        "period(foo)",
        "period(1)",
        "cf()",
        "cf(1, 2)",
        "options()",
        "temp()",
        "thermograph(kayles)",
        "outcome(graph[1->2] from=1)",
        "nosuchfunction(1)",
        "misere nim[1, 2] + 1",
        "atomic(1)",
        "diminished()",
        "let = 1",
        "let 1 = 1",
        "let x = ",
        "1 is Q",
        "1 is",
        "is P",
        "1 == ",
        "{1|2|3}",
        "{1,|0}",
        "<1|0",
        "1/0",
        "1/3",
        "*-1",
        "^-1",
    ];
    for src in cases {
        let run = eval(&format!("{src}\nWBBW.BW\n"));
        run.assert_sane(src);
        assert!(matches!(run.code, Some(0 | 1)), "{src}: {}", run.tail());
        assert!(run.stdout.contains("= 1/8 · L"), "{src}: the next line is still evaluated\n{}", run.tail());
        if run.code == Some(1) {
            assert!(run.stderr.contains("Error"), "{src}: exit 1 without an error report\n{}", run.tail());
        }
    }
}

// ------------------------------------------------------------------- other commands

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

// ------------------------------------------------------- regressions found by fuzzing

/// Found by `fuzz/` (target `parse`): a statement that is a syntax error only because of a
/// trailing vertical tab (U+000B, or U+0085) is kept as written, then the tab is trimmed as
/// trailing whitespace, so formatting the result again changes it: `1+1\v` formats to `1+1\n`,
/// which formats to `1 + 1\n`. Formatting must be idempotent.
#[test]
fn regression_format_is_idempotent_with_trailing_vertical_tab() {
    for src in ["1+1\u{b}", "1+1\u{85}", "+-(1, {2|1||})\u{b}", "{1|0}\u{b}\n"] {
        let once = cgt_with(&["fmt", "-"], src.as_bytes(), LIMIT);
        once.assert_code(0, src);
        let twice = cgt_with(&["fmt", "-"], once.stdout.as_bytes(), LIMIT);
        assert_eq!(once.stdout, twice.stdout, "format(format({src:?})) != format({src:?})");
    }
}

/// Found by `fuzz/` (targets `eval` and `ide`; every crash and out-of-memory they reported
/// comes down to this): the options of a nimber `*n` are listed one by one (`Nus::options` in
/// cgt-core/src/game/nus.rs, `(0..m).map(...).collect()`), outside any budget, whenever a
/// nimber is used as a general game: `options(*n)`, a sum or comparison with a game that is not
/// a number/up/star value, an ordinal sum, a game literal with `*n` as an option, and the
/// editor's hover details (`Session::details`, cgt-eval/src/value.rs:159). For n =
/// 4000000000000 the process aborts ("memory allocation of 224000000000000 bytes failed",
/// exit 134); for n = 100000000 it runs past any budget, eating memory. The language server
/// dies the same way. Minimal inputs: `*4000000000000 + {1|0}`, `options(*39999999999999)`,
/// `{*4000000000000|}`, `*100000000 : *`.
#[test]
fn regression_huge_nimbers_in_general_games_respect_the_budget() {
    let cases = [
        "options(*39999999999999)",
        "options(*100000000)",
        "options(nim[100000000])",
        "*4000000000000 + {1|0}",
        "{1|0} + *4000000000000",
        "*4000000000000 == {1|0}",
        "{*4000000000000|}",
        "{*4000000000000 | *4000000000000}",
        "cf({*4000000000000|})",
        "*4000000000000 : 1",
        "1 : *4000000000000",
        "nim[4000000000000] : 1",
        "*100000000 : *",
        "*100000000 + {1|0}",
    ];
    let failures = over_budget(&cases, "2s,256MiB", Duration::from_secs(30));
    assert!(failures.is_empty(), "crashed or over a 2 s budget (30 s allowed): {failures:#?}");
}

/// Found by hand while writing these tests: an ordinal sum whose right side is a large integer
/// recurses once per unit (`Games::ordinal` in cgt-core/src/game/ops.rs calls itself on
/// `a : (n-1)`), so `1 : 1000000` overflows even the 256 MiB evaluation stack and aborts
/// ("thread has overflowed its stack", exit 134) after about 2 s, instead of giving the value
/// (1000001) or giving up within the budget. The language server's
/// worker thread dies the same way.
#[test]
fn regression_ordinal_sum_with_a_large_integer_does_not_overflow_the_stack() {
    for src in ["1 : 1000000", "0 : 1000000", "* : 1000000", "1 : -1000000", "1 : 99999999999999999999"] {
        let run = eval_args(src, &["--budget", "2s,1GiB"]);
        run.assert_sane(src);
    }
}

/// Found by hand while writing these tests: printing a canonical form is not under the budget,
/// and its text can be exponentially longer than the game's DAG. `boxes[BGW x 7]` (21 boxes)
/// prints 3.7 MB in 3 s with `--budget 1s`; each 3 more boxes cost 10 times more, so
/// `boxes[BGW x 19]` never finishes (killed after 60 s), and its memory grows with the text.
/// A long mixed tree takes 8.4 s under a 1 s budget for the same reason. (`outcome(...)` and
/// `birthday(...)` of the same positions answer at once: the value is computed in time, it is
/// the display that runs on.) Printing must give up (or abbreviate) within the budget.
#[test]
fn regression_printing_a_huge_canonical_form_respects_the_budget() {
    let cases = [
        "boxes[BGWBGWBGWBGWBGWBGWBGWBGWBGW]",
        "boxes[BGWBGWBGWBGWBGWBGWBGWBGWBGWBGWBGWBGWBGWBGWBGWBGWBGWBGWBGW]",
        "boxes[BGWBGWBGWBGWBGWBGWBGWBGWBGWBGWBGWBGWBGWBGWBGWBGWBGWBGWBGW] == 0",
        "tree[G(B(R(G(B(R(G(B(R(G)))))))), B(R(G(B(R(G(B(R(G))))))))), R(G(B(R(G(B(R(G(B)))))))), G(G(G(B(R(G)))))]",
    ];
    let failures = over_budget(&cases, "1s,256MiB", Duration::from_secs(10));
    assert!(failures.is_empty(), "over a 1 s budget (10 s allowed): {failures:#?}");
}

/// Found by hand while writing these tests: `grundy(kayles, 18446744073709551614..
/// 18446744073709551615)` panics in debug builds ("attempt to add with overflow" at
/// cgt-eval/src/value.rs:118, `start + values.len() as u64 - 1` when printing the sequence),
/// so `cgt eval` prints "internal error" and exits 1. (Release builds wrap and happen to print
/// the right end.) The range is accepted, so the sequence must print.
#[test]
fn regression_grundy_range_at_the_top_of_u64() {
    for src in [
        "grundy(kayles, 18446744073709551614..18446744073709551615)",
        "grundy(kayles, 18446744073709551615..18446744073709551615)",
        "grundy(stones take=[1, 2], 18446744073709551610..18446744073709551615)",
    ] {
        eval(src).assert_sane(src);
    }
}

// -------------------------------------------------------------- the language server

/// A minimal LSP client over the real `cgt lsp`: frames messages, reads responses.
struct Lsp {
    child: Child,
    input: std::process::ChildStdin,
    messages: mpsc::Receiver<serde_json::Value>,
    next_id: i64,
}

impl Lsp {
    fn start() -> Self {
        let mut child = Command::new(env!("CARGO_BIN_EXE_cgt"))
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("cgt lsp runs");
        let input = child.stdin.take().expect("piped");
        let output = child.stdout.take().expect("piped");
        let (tx, messages) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(output);
            loop {
                let mut length = None;
                loop {
                    let mut line = String::new();
                    if reader.read_line(&mut line).unwrap_or(0) == 0 {
                        return;
                    }
                    let line = line.trim_end();
                    if line.is_empty() {
                        break;
                    }
                    if let Some(n) = line.strip_prefix("Content-Length: ") {
                        length = n.parse::<usize>().ok();
                    }
                }
                let Some(n) = length else { return };
                let mut body = vec![0; n];
                if reader.read_exact(&mut body).is_err() {
                    return;
                }
                if let Ok(v) = serde_json::from_slice(&body)
                    && tx.send(v).is_err()
                {
                    return;
                }
            }
        });
        let mut lsp = Lsp { child, input, messages, next_id: 1 };
        let init = lsp.request("initialize", serde_json::json!({ "processId": null, "capabilities": {} }));
        assert!(init.is_some_and(|r| r.get("result").is_some()), "initialize answered");
        lsp.notify("initialized", serde_json::json!({}));
        lsp
    }

    fn send(&mut self, msg: serde_json::Value) -> bool {
        let body = msg.to_string();
        self.input.write_all(format!("Content-Length: {}\r\n\r\n{body}", body.len()).as_bytes()).is_ok()
            && self.input.flush().is_ok()
    }

    fn notify(&mut self, method: &str, params: serde_json::Value) {
        self.send(serde_json::json!({ "jsonrpc": "2.0", "method": method, "params": params }));
    }

    /// Sends a request and waits (at most 20 s) for its response; `None` if none came.
    fn request(&mut self, method: &str, params: serde_json::Value) -> Option<serde_json::Value> {
        let id = self.next_id;
        self.next_id += 1;
        if !self.send(serde_json::json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params })) {
            return None;
        }
        let deadline = Instant::now() + Duration::from_secs(20);
        while let Some(left) = deadline.checked_duration_since(Instant::now()) {
            match self.messages.recv_timeout(left) {
                Ok(m) if m.get("id") == Some(&serde_json::json!(id)) && m.get("method").is_none() => return Some(m),
                Ok(m) => {
                    // A request from the server (inlay hint refresh...): answer it.
                    if let (Some(sid), Some(_)) = (m.get("id").cloned(), m.get("method")) {
                        self.send(serde_json::json!({ "jsonrpc": "2.0", "id": sid, "result": null }));
                    }
                }
                Err(_) => return None,
            }
        }
        None
    }

    fn open(&mut self, uri: &str, text: &str) {
        self.notify(
            "textDocument/didOpen",
            serde_json::json!({ "textDocument": { "uri": uri, "languageId": "cgt", "version": 1, "text": text } }),
        );
    }

    fn at(uri: &str, line: u32, character: u32) -> serde_json::Value {
        serde_json::json!({ "textDocument": { "uri": uri }, "position": { "line": line, "character": character } })
    }

    /// Whether the server is still running.
    fn alive(&mut self) -> bool {
        self.child.try_wait().ok().flatten().is_none()
    }

    /// Shuts the server down; returns its exit status code.
    fn stop(mut self) -> Option<i32> {
        let _ = self.request("shutdown", serde_json::Value::Null);
        self.notify("exit", serde_json::Value::Null);
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline {
            if let Ok(Some(status)) = self.child.try_wait() {
                return status.code();
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        None
    }
}

/// Every request at every position of hostile documents gets an answer, and the server lives.
#[test]
fn language_server_survives_hostile_documents() {
    let mut lsp = Lsp::start();
    let deep = "{".repeat(N);
    let docs = [
        ("file:///deep.cgt", deep.as_str()),
        ("file:///empty.cgt", ""),
        ("file:///crlf.cgt", "let x = {1|0}\r\nx + x\r\n"),
        ("file:///slow.cgt", "domineering[10x10]\nWBBW.BW\n"),
    ];
    for (uri, text) in docs {
        lsp.open(uri, text);
        for method in ["textDocument/hover", "textDocument/definition", "textDocument/references"] {
            let mut params = Lsp::at(uri, 0, 3);
            if method.ends_with("references") {
                params["context"] = serde_json::json!({ "includeDeclaration": true });
            }
            let r = lsp.request(method, params);
            assert!(r.is_some_and(|r| r.get("error").is_none()), "{uri}: {method} answered");
        }
        let r = lsp.request(
            "textDocument/formatting",
            serde_json::json!({
                "textDocument": { "uri": uri }, "options": { "tabSize": 4, "insertSpaces": true }
            }),
        );
        assert!(r.is_some(), "{uri}: formatting answered");
    }
    assert!(lsp.alive(), "the server is still running");
    assert_eq!(lsp.stop(), Some(0), "clean exit");
}

/// Found by `fuzz/` (target `ide`): `cgt_ide::completions` finds the start of the word being
/// typed with `rfind(non-word char) + 1`, which lands inside the character when that character
/// is not ASCII (`↑`, `±`, `é`, `𝄞`), and slicing there panics ("byte index 1 is not a char
/// boundary; it is inside '↑'", completion.rs:40). In the editor: type `↑` (or `±1`) and ask
/// for completions right after it. The server must answer (an empty list is fine).
#[test]
fn regression_lsp_completion_right_after_a_multibyte_character() {
    let mut lsp = Lsp::start();
    let mut failures = Vec::new();
    for (i, (text, character)) in [("↑", 1), ("±1", 1), ("let é = 1\n", 5), ("𝄞x", 2), ("1 + ↓", 5)].iter().enumerate()
    {
        let uri = format!("file:///completion{i}.cgt");
        lsp.open(&uri, text);
        let r = lsp.request("textDocument/completion", Lsp::at(&uri, 0, *character));
        if r.as_ref().is_none_or(|r| r.get("result").is_none()) {
            failures.push(format!("{text:?} at {character}: {r:?}"));
        }
    }
    let alive = lsp.alive();
    let status = lsp.stop();
    assert!(failures.is_empty() && alive, "completion failed: {failures:#?}; server alive: {alive}, exit {status:?}");
}

/// Found by `fuzz/` (target `eval` with details, as the editor evaluates): a document whose
/// statement is a huge nimber makes the language server list all its options for the hover
/// (see `regression_huge_nimbers_in_general_games_respect_the_budget`): `*39999999999999` aborts
/// the server ("memory allocation ... failed"). The server must stay up and answer.
#[test]
fn regression_lsp_survives_a_huge_nimber() {
    let mut lsp = Lsp::start();
    lsp.open("file:///nim.cgt", "*39999999999999\nWBBW.BW\n");
    // Give the worker time to evaluate, then ask.
    std::thread::sleep(Duration::from_secs(3));
    let r = lsp.request("textDocument/hover", Lsp::at("file:///nim.cgt", 1, 2));
    let answered = r.is_some_and(|r| r.get("result").is_some());
    let alive = lsp.alive();
    let status = lsp.stop();
    assert!(answered && alive, "hover answered: {answered}, server alive: {alive}, exit {status:?}");
}

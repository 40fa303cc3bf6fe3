//! Helpers shared by the hostile-input tests (`hostile_*.rs`): running the real `cgt` binary
//! under a time limit, with its output drained on threads, and scratch files.
//!
//! Every case must end with exit status 0, 1 or 2 (never 101, an abort or a signal), with a
//! result or a clear error, within a generous time bound: a hang is killed and reported.

// Each test file is its own crate and uses only some of these helpers.
#![allow(dead_code)]

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// The time bound of a case: generous (debug builds on a loaded CI machine), but never a hang.
pub const LIMIT: Duration = Duration::from_secs(60);

/// What a run of the binary did.
#[derive(Debug)]
pub struct Run {
    /// The exit code; `None` when killed by a signal (or by the time limit).
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
    pub elapsed: Duration,
    pub timed_out: bool,
}

impl Run {
    /// Exit 0, 1 or 2 within the limit, no panic message: the minimum for any input.
    #[track_caller]
    pub fn assert_sane(&self, what: &str) -> &Self {
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
    pub fn assert_code(&self, code: i32, what: &str) -> &Self {
        self.assert_sane(what);
        assert_eq!(self.code, Some(code), "{what}: exit status\n{}", self.tail());
        self
    }

    #[track_caller]
    pub fn assert_stderr(&self, needle: &str, what: &str) -> &Self {
        assert!(self.stderr.contains(needle), "{what}: stderr lacks {needle:?}\n{}", self.tail());
        self
    }

    #[track_caller]
    pub fn assert_stdout(&self, needle: &str, what: &str) -> &Self {
        assert!(self.stdout.contains(needle), "{what}: stdout lacks {needle:?}\n{}", self.tail());
        self
    }

    /// The ends of stdout and stderr, for failure messages (outputs can be megabytes).
    pub fn tail(&self) -> String {
        format!(
            "status {:?} after {:?}\n--- stdout (end)\n{}\n--- stderr (end)\n{}",
            self.code,
            self.elapsed,
            clip(&self.stdout),
            clip(&self.stderr)
        )
    }
}

pub fn clip(s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    chars[chars.len().saturating_sub(1500)..].iter().collect()
}

/// Reads a pipe to its end on a thread, so that neither pipe can fill up and block the child.
pub fn drain(pipe: impl Read + Send + 'static) -> mpsc::Receiver<Vec<u8>> {
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
pub fn finish(mut child: Child, start: Instant, limit: Duration) -> Run {
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
pub fn cgt_with(args: &[&str], stdin: &[u8], limit: Duration) -> Run {
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
pub fn eval(src: &str) -> Run {
    cgt_with(&["eval", "-"], src.as_bytes(), LIMIT)
}

/// `cgt eval - EXTRA...` on `src`.
pub fn eval_args(src: &str, extra: &[&str]) -> Run {
    let mut args = vec!["eval", "-"];
    args.extend_from_slice(extra);
    cgt_with(&args, src.as_bytes(), LIMIT)
}

/// A scratch file under the target folder, removed when dropped.
pub struct TempFile(pub PathBuf);

impl TempFile {
    pub fn new(name: &str, bytes: &[u8]) -> Self {
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

pub const N: usize = 100_000;

/// A string of `n` decimal digits (not all nines, so that it is not a power-of-ten edge case).
pub fn digits(n: usize) -> String {
    (0..n).map(|i| char::from(b'1' + (i * 7 % 9) as u8)).collect()
}

/// The statements among `cases` that crash or take longer than `bound` under `budget`.
pub fn over_budget(cases: &[&str], budget: &str, bound: Duration) -> Vec<String> {
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

//! Editor latency: the time from a one-line change to fresh results, in the IDE engine and
//! through the real language server over stdio.

use std::cell::RefCell;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use cgt_ide::{DocumentEngine, EngineConfig};

use crate::Workload;

/// The editor workloads.
pub const EDITOR: &[Workload] = &[
    Workload {
        name: "editor-change",
        what: "IDE engine: re-evaluating an n-line file after one line changed (the other lines come from the cache), until every result is fresh.",
        sizes: &[1_000, 2_000, 4_000, 10_000],
        run: |n| engine_change(n, false),
    },
    Workload {
        name: "editor-change-slow",
        what: "IDE engine: as above with a statement on line 1 that exhausts its 2 s budget (`domineering[9x9]`); time until the changed line's result is published.",
        sizes: &[1_000],
        run: |n| engine_change(n, true),
    },
    Workload {
        name: "editor-parse",
        what: "Parsing an n-line file of the editor workloads' kind from scratch (what `cgt eval` does).",
        sizes: &[1_000, 4_000, 10_000],
        run: |n| {
            let text = document(n, false).join("\n");
            let parsed = cgt_syntax::parse(&text);
            format!("{} statements", parsed.stmts.len())
        },
    },
    Workload {
        name: "editor-parse-incremental",
        what: "Parsing an n-line file after one line changed, through the parse cache of the previous version (what the editor does on every change).",
        sizes: &[1_000, 4_000, 10_000],
        run: parse_change,
    },
    Workload {
        name: "lsp-change",
        what: "Language server over stdio (release binary): time from `didChange` of one line of an n-line file to `publishDiagnostics` for the new version.",
        sizes: &[1_000, 4_000, 10_000],
        run: lsp_change,
    },
];

/// An n-line homework file: boxes, checks, games and names.
fn document(n: u64, slow: bool) -> Vec<String> {
    let mut lines: Vec<String> = (0..n)
        .map(|i| match i % 5 {
            0 => format!("let g{i} = {{{} | {{0 | -{}}}}}", i % 7 + 1, i % 5 + 1),
            1 => "WBBW.BW == 1/8".to_string(),
            2 => format!("g{} + ^ + *", i - 2),
            3 => format!("toppling[BWWB] + {}/8", i % 8),
            _ => "nim[3, 4, 5]".to_string(),
        })
        .collect();
    if slow {
        lines[0] = "domineering[9x9]".to_string();
    }
    lines
}

struct EngineState {
    n: u64,
    slow: bool,
    engine: DocumentEngine,
    lines: Vec<String>,
    edits: u64,
}

thread_local! {
    static ENGINE: RefCell<Option<EngineState>> = const { RefCell::new(None) };
}

fn engine_change(n: u64, slow: bool) -> String {
    ENGINE.with(|cell| {
        let mut cell = cell.borrow_mut();
        if cell.as_ref().is_none_or(|s| s.n != n || s.slow != slow) {
            let lines = document(n, slow);
            let mut engine = DocumentEngine::new(EngineConfig::default());
            engine.evaluate(&lines.join("\n"), &Arc::new(AtomicBool::new(false)), |_| {});
            *cell = Some(EngineState { n, slow, engine, lines, edits: 0 });
        }
        let s = cell.as_mut().expect("set above");
        s.edits += 1;
        let k = (s.edits * 7919 % (n - 1) + 1) as usize;
        s.lines[k] = format!("{} == {}/16", "BW".repeat(1 + (s.edits % 5) as usize), s.edits % 16);
        let text = s.lines.join("\n");
        let started = Instant::now();
        let mut first = None;
        let a = s
            .engine
            .evaluate(&text, &Arc::new(AtomicBool::new(false)), |_| {
                first.get_or_insert_with(|| started.elapsed());
            })
            .expect("not cancelled");
        let done = a.results.iter().filter(|r| matches!(r, cgt_ide::StmtResult::Done(_))).count();
        format!("{done} results; first publication after {:?}", first.unwrap_or_default())
    })
}

/// A document and the parse cache of its previous version.
struct ParseState {
    n: u64,
    cache: cgt_syntax::ParseCache,
    lines: Vec<String>,
    edits: u64,
}

thread_local! {
    static PARSES: RefCell<Option<ParseState>> = const { RefCell::new(None) };
}

fn parse_change(n: u64) -> String {
    PARSES.with(|cell| {
        let mut cell = cell.borrow_mut();
        if cell.as_ref().is_none_or(|s| s.n != n) {
            let lines = document(n, false);
            let mut cache = cgt_syntax::ParseCache::new();
            cache.parse(&lines.join("\n"));
            *cell = Some(ParseState { n, cache, lines, edits: 0 });
        }
        let s = cell.as_mut().expect("set above");
        s.edits += 1;
        let k = (s.edits * 7919 % (n - 1) + 1) as usize;
        s.lines[k] = format!("{} == {}/16", "BW".repeat(1 + (s.edits % 5) as usize), s.edits % 16);
        let parsed = s.cache.parse(&s.lines.join("\n"));
        format!("{} statements", parsed.stmts.len())
    })
}

/// A language server child process and its pipes.
struct Server {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    n: u64,
    version: i64,
    lines: Vec<String>,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
    }
}

thread_local! {
    static SERVER: RefCell<Option<Server>> = const { RefCell::new(None) };
}

fn send(stdin: &mut ChildStdin, msg: serde_json::Value) {
    let body = msg.to_string();
    let _ = write!(stdin, "Content-Length: {}\r\n\r\n{body}", body.len());
    let _ = stdin.flush();
}

fn receive(stdout: &mut BufReader<ChildStdout>) -> Option<serde_json::Value> {
    let mut len = 0;
    loop {
        let mut line = String::new();
        if stdout.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(v) = line.strip_prefix("Content-Length: ") {
            len = v.parse().ok()?;
        }
    }
    let mut body = vec![0; len];
    stdout.read_exact(&mut body).ok()?;
    serde_json::from_slice(&body).ok()
}

/// Reads messages until diagnostics for `version` arrive, answering server requests.
fn wait_for_version(s: &mut Server, version: i64) -> usize {
    loop {
        let Some(m) = receive(&mut s.stdout) else { return 0 };
        if let Some(id) = m.get("id").filter(|_| m.get("method").is_some()) {
            send(&mut s.stdin, serde_json::json!({"jsonrpc": "2.0", "id": id, "result": null}));
        }
        if m["method"] == "textDocument/publishDiagnostics" && m["params"]["version"] == version {
            return m["params"]["diagnostics"].as_array().map_or(0, Vec::len);
        }
    }
}

fn start_server(n: u64) -> Option<Server> {
    let exe = std::env::current_exe().ok()?.with_file_name("cgt");
    let mut child =
        Command::new(exe).arg("lsp").stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::null()).spawn().ok()?;
    let (mut stdin, stdout) = (child.stdin.take()?, BufReader::new(child.stdout.take()?));
    send(
        &mut stdin,
        serde_json::json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}),
    );
    let lines = document(n, false);
    let mut s = Server { child, stdin, stdout, n, version: 1, lines };
    let _ = receive(&mut s.stdout);
    send(&mut s.stdin, serde_json::json!({"jsonrpc": "2.0", "method": "initialized", "params": {}}));
    let text = s.lines.join("\n");
    send(
        &mut s.stdin,
        serde_json::json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument":
            {"uri": "file:///bench.cgt", "languageId": "cgt", "version": 1, "text": text}}}),
    );
    wait_for_version(&mut s, 1);
    Some(s)
}

fn lsp_change(n: u64) -> String {
    SERVER.with(|cell| {
        let mut cell = cell.borrow_mut();
        if cell.as_ref().is_none_or(|s| s.n != n) {
            *cell = start_server(n);
        }
        let Some(s) = cell.as_mut() else {
            return "no server: build the release binary first (cargo build --release)".to_string();
        };
        s.version += 1;
        let k = (s.version as u64 * 7919 % (n - 1) + 1) as usize;
        let new_line = format!("{} == {}/16", "BW".repeat(1 + (s.version % 5) as usize), s.version % 16);
        let change = serde_json::json!({
            "range": {"start": {"line": k, "character": 0}, "end": {"line": k, "character": s.lines[k].len()}},
            "text": new_line,
        });
        s.lines[k] = new_line;
        let version = s.version;
        let started = Instant::now();
        send(
            &mut s.stdin,
            serde_json::json!({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
                "textDocument": {"uri": "file:///bench.cgt", "version": version}, "contentChanges": [change]}}),
        );
        let diagnostics = wait_for_version(s, version);
        let took: Duration = started.elapsed();
        format!("{diagnostics} diagnostics; round trip {took:?}")
    })
}

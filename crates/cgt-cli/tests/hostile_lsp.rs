//! Hostile documents against the real language server (`cgt lsp`) through a minimal LSP client:
//! every request at every position gets an answer and the server stays up.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

mod common;

use common::*;

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

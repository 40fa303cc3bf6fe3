//! The evaluation worker: one thread (with a large stack, as deep games recurse) that owns a
//! [`DocumentEngine`] per document, evaluates the newest version of each document, and
//! publishes results as they arrive. Requests never wait for it.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::{Receiver, Sender};

use cgt_ide::{Analysis, DocumentEngine, EngineConfig, StmtResult};
use cgt_syntax::ParsedFile;
use tower_lsp_server::Client;
use tower_lsp_server::ls_types::Uri;

use crate::{Docs, convert};

/// Work for the worker.
pub enum Job {
    /// Evaluate this version of a document (cancelled when `cancel` is set).
    Evaluate { uri: Uri, version: i32, text: String, parsed: Arc<ParsedFile>, cancel: Arc<AtomicBool> },
    /// Forget a closed document.
    Close(Uri),
    /// New settings for every document.
    Config(EngineConfig),
}

/// Stack size of the worker thread.
const STACK: usize = 256 << 20;

/// Starts the worker; send it [`Job`]s through the returned channel.
pub fn spawn(client: Client, docs: Docs, runtime: tokio::runtime::Handle) -> Sender<Job> {
    let (tx, rx) = std::sync::mpsc::channel();
    // One task sends every publication, in the order they were made: tasks spawned one per
    // publication could overtake each other and leave an older version's diagnostics last.
    let (out, mut published) = tokio::sync::mpsc::unbounded_channel::<Publication>();
    runtime.spawn(async move {
        while let Some((uri, diagnostics, version)) = published.recv().await {
            client.publish_diagnostics(uri, diagnostics, Some(version)).await;
            let _ = client.inlay_hint_refresh().await;
        }
    });
    let worker = Worker { out, docs, engines: HashMap::new(), config: EngineConfig::default() };
    let spawned = std::thread::Builder::new().name("cgt-eval".into()).stack_size(STACK).spawn(move || worker.run(rx));
    if let Err(e) = spawned {
        eprintln!("error: cannot start the evaluation thread: {e}");
    }
    tx
}

/// A version of a document to evaluate: its uri, version, text and parse, and its cancel flag.
type Evaluation = (Uri, i32, String, Arc<ParsedFile>, Arc<AtomicBool>);

/// Diagnostics to send for a version of a document.
type Publication = (Uri, Vec<tower_lsp_server::ls_types::Diagnostic>, i32);

struct Worker {
    out: tokio::sync::mpsc::UnboundedSender<Publication>,
    docs: Docs,
    engines: HashMap<Uri, DocumentEngine>,
    config: EngineConfig,
}

impl Worker {
    fn run(mut self, rx: Receiver<Job>) {
        while let Ok(first) = rx.recv() {
            // Take everything queued, and keep only the newest version of each document.
            let mut latest: Vec<Evaluation> = Vec::new();
            for job in std::iter::once(first).chain(rx.try_iter()) {
                match job {
                    Job::Evaluate { uri, version, text, parsed, cancel } => {
                        latest.retain(|(u, ..)| *u != uri);
                        latest.push((uri, version, text, parsed, cancel));
                    }
                    Job::Close(uri) => {
                        latest.retain(|(u, ..)| *u != uri);
                        self.engines.remove(&uri);
                    }
                    Job::Config(c) => {
                        for e in self.engines.values_mut() {
                            e.set_config(c.clone());
                        }
                        self.config = c;
                    }
                }
            }
            for (uri, version, text, parsed, cancel) in latest {
                self.evaluate(uri, version, &text, parsed, &cancel);
            }
        }
    }

    fn evaluate(&mut self, uri: Uri, version: i32, text: &str, parsed: Arc<ParsedFile>, cancel: &Arc<AtomicBool>) {
        let engine = self.engines.entry(uri.clone()).or_insert_with(|| DocumentEngine::new(self.config.clone()));
        let (out, docs) = (&self.out, &self.docs);
        // Partial analyses (a slow statement still pending) are published as they come; the
        // final one is published below without copying it.
        let finished = engine.evaluate_parsed(text, parsed, cancel, |analysis| {
            if analysis.results.iter().any(|r| matches!(r, StmtResult::Pending)) {
                publish(out, docs, &uri, version, Arc::new(analysis.clone()));
            }
        });
        if let Some(analysis) = finished {
            publish(out, docs, &uri, version, Arc::new(analysis));
        }
    }
}

/// Stores an analysis for its version (if still current) and queues its diagnostics and a
/// hint refresh for the client.
fn publish(
    out: &tokio::sync::mpsc::UnboundedSender<Publication>,
    docs: &Docs,
    uri: &Uri,
    version: i32,
    a: Arc<Analysis>,
) {
    let (diagnostics, old) = {
        let mut docs = docs.lock().unwrap_or_else(|e| e.into_inner());
        let Some(doc) = docs.get_mut(uri).filter(|d| d.version == version) else { return };
        let diagnostics = cgt_ide::diagnostics(&a).iter().map(|d| convert::diagnostic(doc, uri, d)).collect();
        (diagnostics, std::mem::replace(&mut doc.analysis, a))
    };
    // The server is shutting down when the sending task is gone: nothing to tell.
    let _ = out.send((uri.clone(), diagnostics, version));
    // The analysis it replaces is dropped after the diagnostics are on their way.
    drop(old);
}

//! The evaluation worker: one thread (with a large stack, as deep games recurse) that owns a
//! [`DocumentEngine`] per document, evaluates the newest version of each document, and
//! publishes results as they arrive. Requests never wait for it.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::{Receiver, Sender};

use cgt_ide::{Analysis, DocumentEngine, EngineConfig};
use tower_lsp_server::Client;
use tower_lsp_server::ls_types::Uri;

use crate::{Docs, convert};

/// Work for the worker.
pub enum Job {
    /// Evaluate this version of a document (cancelled when `cancel` is set).
    Evaluate { uri: Uri, version: i32, text: String, cancel: Arc<AtomicBool> },
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
    let worker = Worker { client, docs, runtime, engines: HashMap::new(), config: EngineConfig::default() };
    let spawned = std::thread::Builder::new().name("cgt-eval".into()).stack_size(STACK).spawn(move || worker.run(rx));
    if let Err(e) = spawned {
        eprintln!("error: cannot start the evaluation thread: {e}");
    }
    tx
}

struct Worker {
    client: Client,
    docs: Docs,
    runtime: tokio::runtime::Handle,
    engines: HashMap<Uri, DocumentEngine>,
    config: EngineConfig,
}

impl Worker {
    fn run(mut self, rx: Receiver<Job>) {
        while let Ok(first) = rx.recv() {
            // Take everything queued, and keep only the newest version of each document.
            let mut latest: Vec<(Uri, i32, String, Arc<AtomicBool>)> = Vec::new();
            for job in std::iter::once(first).chain(rx.try_iter()) {
                match job {
                    Job::Evaluate { uri, version, text, cancel } => {
                        latest.retain(|(u, ..)| *u != uri);
                        latest.push((uri, version, text, cancel));
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
            for (uri, version, text, cancel) in latest {
                self.evaluate(uri, version, &text, &cancel);
            }
        }
    }

    fn evaluate(&mut self, uri: Uri, version: i32, text: &str, cancel: &Arc<AtomicBool>) {
        let engine = self.engines.entry(uri.clone()).or_insert_with(|| DocumentEngine::new(self.config.clone()));
        let (client, docs, runtime) = (&self.client, &self.docs, &self.runtime);
        engine.evaluate(text, cancel, |analysis| publish(client, docs, runtime, &uri, version, analysis));
    }
}

/// Stores an analysis for its version (if still current) and pushes diagnostics and a hint
/// refresh to the client.
fn publish(client: &Client, docs: &Docs, runtime: &tokio::runtime::Handle, uri: &Uri, version: i32, a: &Analysis) {
    let diagnostics = {
        let mut docs = docs.lock().unwrap_or_else(|e| e.into_inner());
        let Some(doc) = docs.get_mut(uri).filter(|d| d.version == version) else { return };
        doc.analysis = Arc::new(a.clone());
        cgt_ide::diagnostics(a).iter().map(|d| convert::diagnostic(doc, uri, d)).collect()
    };
    let (client, uri) = (client.clone(), uri.clone());
    runtime.spawn(async move {
        client.publish_diagnostics(uri, diagnostics, Some(version)).await;
        let _ = client.inlay_hint_refresh().await;
    });
}

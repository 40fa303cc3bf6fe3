//! The cgt language server: `cgt lsp` speaks LSP over stdio.
//!
//! This crate is a thin adapter: requests are answered by cgt-ide's pure functions over the
//! latest [`Analysis`] of each document, and only here are byte offsets converted to LSP
//! positions (UTF-16). Evaluation runs on a worker thread ([`worker`]), never on the request
//! path: an edit cancels the evaluation of the previous version, statements are evaluated
//! incrementally, and results are published as they arrive (diagnostics pushed, inlay hints
//! refreshed).

mod convert;
pub mod position;
mod worker;

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use cgt_ide::{Analysis, EngineConfig};
use cgt_syntax::ParseCache;
use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::*;
use tower_lsp_server::{Client, LanguageServer, LspService, Server};

use position::LineIndex;
use worker::Job;

/// Serves LSP on standard input and output until the client exits.
pub fn serve_stdio() {
    // A bug must not leave the editor with a server that neither answers nor exits (the
    // runtime would wait for its stdin reader): report it and exit, so the editor restarts us.
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        default_hook(info);
        eprintln!("error: the cgt language server hit a bug and exits; please report it");
        std::process::exit(101);
    }));
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build();
    let Ok(runtime) = runtime else {
        eprintln!("error: cannot start the language server's runtime");
        return;
    };
    runtime.block_on(async {
        let (service, socket) = LspService::new(Backend::new);
        Server::new(tokio::io::stdin(), tokio::io::stdout(), socket).serve(service).await;
    });
}

/// One open document: its text, version and the latest analysis of it.
pub(crate) struct Doc {
    pub text: String,
    pub version: i32,
    pub index: LineIndex,
    pub analysis: Arc<Analysis>,
    pub cancel: Arc<AtomicBool>,
    /// The statements parsed in the last versions, for parsing the next one.
    pub parses: ParseCache,
}

/// The documents, shared between request handlers and the worker.
pub(crate) type Docs = Arc<Mutex<HashMap<Uri, Doc>>>;

/// The server: documents, and the channel to the evaluation worker.
struct Backend {
    client: Client,
    docs: Docs,
    jobs: std::sync::mpsc::Sender<Job>,
    /// The base URL of the built book (`manualUrl`), for the link that ends the hover of a
    /// ruleset or function name; no link without it.
    manual: Mutex<Option<String>>,
}

impl Backend {
    fn new(client: Client) -> Self {
        let docs: Docs = Arc::default();
        let jobs = worker::spawn(client.clone(), docs.clone(), tokio::runtime::Handle::current());
        Backend { client, docs, jobs, manual: Mutex::new(None) }
    }

    /// Records a new version of a document and asks the worker to evaluate it. The new text is
    /// parsed here, so that requests always read an analysis of the text they refer to; the
    /// document's parse cache makes that cost only the statements that changed.
    fn update(&self, uri: Uri, version: i32, text: String) {
        let cancel = Arc::new(AtomicBool::new(false));
        let mut parses = match self.lock().get_mut(&uri) {
            Some(old) => {
                old.cancel.store(true, Ordering::Relaxed);
                std::mem::take(&mut old.parses)
            }
            None => ParseCache::new(),
        };
        let analysis = Arc::new(Analysis::unevaluated_with(&text, &mut parses));
        let parsed = analysis.parsed.clone();
        let doc =
            Doc { index: LineIndex::new(&text), analysis, parses, text: text.clone(), version, cancel: cancel.clone() };
        let old = self.lock().insert(uri.clone(), doc);
        let _ = self.jobs.send(Job::Evaluate { uri, version, text, parsed, cancel });
        // The old version's analysis is dropped here, after the worker has its job.
        drop(old);
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<Uri, Doc>> {
        self.docs.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Runs `f` on the document at `uri` with the byte offset of `pos`.
    fn with_doc<T>(&self, uri: &Uri, f: impl FnOnce(&Doc) -> Option<T>) -> Option<T> {
        let docs = self.lock();
        f(docs.get(uri)?)
    }
}

/// Reads the settings the VS Code extension passes: `{budgetMs, unicode}` (and `manualUrl`, read by
/// [`manual_url`]).
fn engine_config(options: Option<&serde_json::Value>) -> EngineConfig {
    let mut c = EngineConfig::default();
    if let Some(ms) = options.and_then(|o| o.get("budgetMs")).and_then(serde_json::Value::as_u64) {
        c.budget = Duration::from_millis(ms.clamp(10, 600_000));
        c.quick = c.quick.min(c.budget);
    }
    if let Some(u) = options.and_then(|o| o.get("unicode")).and_then(serde_json::Value::as_bool) {
        c.unicode = u;
    }
    c
}

/// Reads the manual's base URL (`manualUrl`), without its trailing slashes; none when it is
/// missing or empty.
fn manual_url(options: Option<&serde_json::Value>) -> Option<String> {
    let url = options?.get("manualUrl")?.as_str()?.trim().trim_end_matches('/');
    (!url.is_empty()).then(|| url.to_string())
}

/// The hover's Markdown, ended by a link to the manual entry when there is one and the manual's
/// base URL is set.
fn with_manual_link(markdown: String, entry: Option<&str>, base: Option<&str>) -> String {
    match (entry, base) {
        (Some(path), Some(base)) => format!("{markdown}\n\n[Manual entry]({base}/{path})"),
        _ => markdown,
    }
}

impl LanguageServer for Backend {
    async fn initialize(&self, params: InitializeParams) -> Result<InitializeResult> {
        let _ = self.jobs.send(Job::Config(engine_config(params.initialization_options.as_ref())));
        *self.manual.lock().unwrap_or_else(|e| e.into_inner()) = manual_url(params.initialization_options.as_ref());
        Ok(InitializeResult {
            server_info: Some(ServerInfo { name: "cgt".into(), version: Some(env!("CARGO_PKG_VERSION").into()) }),
            capabilities: convert::capabilities(),
            offset_encoding: None,
        })
    }

    async fn initialized(&self, _: InitializedParams) {
        self.client.log_message(MessageType::INFO, "cgt language server ready").await;
    }

    async fn shutdown(&self) -> Result<()> {
        for doc in self.lock().values() {
            doc.cancel.store(true, Ordering::Relaxed);
        }
        Ok(())
    }

    async fn did_open(&self, params: DidOpenTextDocumentParams) {
        let d = params.text_document;
        self.update(d.uri, d.version, d.text);
    }

    async fn did_change(&self, params: DidChangeTextDocumentParams) {
        let uri = params.text_document.uri;
        let Some(mut text) = self.with_doc(&uri, |d| Some(d.text.clone())) else { return };
        for change in params.content_changes {
            match change.range {
                Some(range) => {
                    let index = LineIndex::new(&text);
                    let span = index.span(&text, range);
                    // A reversed range (end before start) is taken as the range between them.
                    let span = span.start.min(span.end)..span.start.max(span.end);
                    text.replace_range(span, &change.text);
                }
                None => text = change.text,
            }
        }
        self.update(uri, params.text_document.version, text);
    }

    async fn did_close(&self, params: DidCloseTextDocumentParams) {
        let uri = params.text_document.uri;
        if let Some(old) = self.lock().remove(&uri) {
            old.cancel.store(true, Ordering::Relaxed);
        }
        let _ = self.jobs.send(Job::Close(uri.clone()));
        self.client.publish_diagnostics(uri, Vec::new(), None).await;
    }

    async fn did_change_configuration(&self, params: DidChangeConfigurationParams) {
        let cgt = params.settings.get("cgt").cloned().unwrap_or(params.settings);
        let _ = self.jobs.send(Job::Config(engine_config(Some(&cgt))));
        *self.manual.lock().unwrap_or_else(|e| e.into_inner()) = manual_url(Some(&cgt));
    }

    async fn inlay_hint(&self, params: InlayHintParams) -> Result<Option<Vec<InlayHint>>> {
        Ok(self.with_doc(&params.text_document.uri, |d| {
            let span = d.index.span(&d.text, params.range);
            Some(cgt_ide::inlay_hints(&d.analysis, Some(span)).iter().map(|h| convert::hint(d, h)).collect())
        }))
    }

    async fn hover(&self, params: HoverParams) -> Result<Option<Hover>> {
        let p = params.text_document_position_params;
        let base = self.manual.lock().unwrap_or_else(|e| e.into_inner()).clone();
        Ok(self.with_doc(&p.text_document.uri, |d| {
            let h = cgt_ide::hover(&d.analysis, d.index.offset(&d.text, p.position))?;
            let value = with_manual_link(h.markdown, h.manual.as_deref(), base.as_deref());
            Some(Hover {
                contents: HoverContents::Markup(MarkupContent { kind: MarkupKind::Markdown, value }),
                range: Some(d.index.range(&d.text, &h.span)),
            })
        }))
    }

    async fn completion(&self, params: CompletionParams) -> Result<Option<CompletionResponse>> {
        let p = params.text_document_position;
        Ok(self.with_doc(&p.text_document.uri, |d| {
            let items = cgt_ide::completions(&d.analysis, d.index.offset(&d.text, p.position));
            Some(CompletionResponse::Array(items.into_iter().map(convert::completion).collect()))
        }))
    }

    async fn goto_definition(&self, params: GotoDefinitionParams) -> Result<Option<GotoDefinitionResponse>> {
        let p = params.text_document_position_params;
        let uri = p.text_document.uri;
        Ok(self.with_doc(&uri, |d| {
            let span = cgt_ide::definition(&d.analysis, d.index.offset(&d.text, p.position))?;
            Some(GotoDefinitionResponse::Scalar(Location::new(uri.clone(), d.index.range(&d.text, &span))))
        }))
    }

    async fn references(&self, params: ReferenceParams) -> Result<Option<Vec<Location>>> {
        let p = params.text_document_position;
        let uri = p.text_document.uri;
        let include_decl = params.context.include_declaration;
        Ok(self.with_doc(&uri, |d| {
            let refs = cgt_ide::references(&d.analysis, d.index.offset(&d.text, p.position));
            let locations = refs
                .into_iter()
                .filter(|o| include_decl || !o.definition)
                .map(|o| Location::new(uri.clone(), d.index.range(&d.text, &o.span)))
                .collect();
            Some(locations)
        }))
    }

    async fn prepare_rename(&self, params: TextDocumentPositionParams) -> Result<Option<PrepareRenameResponse>> {
        Ok(self.with_doc(&params.text_document.uri, |d| {
            let offset = d.index.offset(&d.text, params.position);
            let here = cgt_ide::prepare_rename(&d.analysis, offset)?;
            Some(PrepareRenameResponse::Range(d.index.range(&d.text, &here)))
        }))
    }

    async fn rename(&self, params: RenameParams) -> Result<Option<WorkspaceEdit>> {
        let p = params.text_document_position;
        let uri = p.text_document.uri;
        let edits = self.with_doc(&uri, |d| {
            Some(
                cgt_ide::rename(&d.analysis, d.index.offset(&d.text, p.position), &params.new_name)
                    .map(|e| convert::edits(d, &e)),
            )
        });
        match edits {
            None => Ok(None),
            Some(Ok(edits)) => Ok(Some(WorkspaceEdit::new(HashMap::from([(uri, edits)])))),
            Some(Err(msg)) => Err(tower_lsp_server::jsonrpc::Error::invalid_params(msg)),
        }
    }

    async fn formatting(&self, params: DocumentFormattingParams) -> Result<Option<Vec<TextEdit>>> {
        Ok(self.with_doc(&params.text_document.uri, |d| Some(convert::edits(d, &cgt_ide::format_edits(&d.text)))))
    }

    async fn code_action(&self, params: CodeActionParams) -> Result<Option<CodeActionResponse>> {
        let uri = params.text_document.uri;
        Ok(self.with_doc(&uri, |d| {
            let offset = d.index.offset(&d.text, params.range.start);
            let actions = cgt_ide::code_actions(&d.analysis, offset);
            Some(actions.iter().map(|a| convert::action(d, &uri, a)).collect())
        }))
    }

    async fn semantic_tokens_full(&self, params: SemanticTokensParams) -> Result<Option<SemanticTokensResult>> {
        Ok(self.with_doc(&params.text_document.uri, |d| {
            let tokens = cgt_ide::semantic_tokens(&d.analysis);
            Some(SemanticTokensResult::Tokens(convert::semantic_tokens(d, &tokens)))
        }))
    }

    async fn document_symbol(&self, params: DocumentSymbolParams) -> Result<Option<DocumentSymbolResponse>> {
        Ok(self.with_doc(&params.text_document.uri, |d| {
            Some(DocumentSymbolResponse::Nested(
                cgt_ide::symbols(&d.analysis).iter().map(|s| convert::symbol(d, s)).collect(),
            ))
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_manual_url_is_read_without_trailing_slashes() {
        let options = serde_json::json!({ "manualUrl": "https://example.org/cgt/ " });
        assert_eq!(manual_url(Some(&options)).as_deref(), Some("https://example.org/cgt"));
        assert_eq!(manual_url(Some(&serde_json::json!({ "manualUrl": "" }))), None);
        assert_eq!(manual_url(Some(&serde_json::json!({ "budgetMs": 5 }))), None);
        assert_eq!(manual_url(None), None);
    }

    #[test]
    fn a_name_hover_ends_with_its_link_only_when_the_url_is_set() {
        let entry = Some("reference/rulesets.html#nim");
        let linked = with_manual_link("**nim**".into(), entry, Some("file:///book"));
        assert_eq!(linked, "**nim**\n\n[Manual entry](file:///book/reference/rulesets.html#nim)");
        assert_eq!(with_manual_link("**nim**".into(), entry, None), "**nim**");
        assert_eq!(with_manual_link("= 1/2".into(), None, Some("file:///book")), "= 1/2");
    }
}

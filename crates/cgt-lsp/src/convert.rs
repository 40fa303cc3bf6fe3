//! Conversions from cgt-ide's plain data (byte offsets) to LSP types (UTF-16 positions).

use std::collections::HashMap;

use cgt_ide::{Action, Completion, CompletionKind, Hint, Symbol};
use cgt_syntax::{Severity, Span};
use tower_lsp_server::ls_types::*;

use crate::Doc;

/// What the server offers.
pub fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        position_encoding: Some(PositionEncodingKind::UTF16),
        text_document_sync: Some(TextDocumentSyncCapability::Kind(TextDocumentSyncKind::INCREMENTAL)),
        inlay_hint_provider: Some(OneOf::Left(true)),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(vec!["(".into(), "[".into()]),
            ..Default::default()
        }),
        definition_provider: Some(OneOf::Left(true)),
        references_provider: Some(OneOf::Left(true)),
        rename_provider: Some(OneOf::Right(RenameOptions {
            prepare_provider: Some(true),
            work_done_progress_options: Default::default(),
        })),
        document_formatting_provider: Some(OneOf::Left(true)),
        code_action_provider: Some(CodeActionProviderCapability::Simple(true)),
        document_symbol_provider: Some(OneOf::Left(true)),
        ..Default::default()
    }
}

/// An inlay hint at the end of a statement.
pub fn hint(d: &Doc, h: &Hint) -> InlayHint {
    InlayHint {
        position: d.index.position(&d.text, h.offset),
        label: InlayHintLabel::String(h.label.clone()),
        kind: None,
        text_edits: None,
        tooltip: h.tooltip.clone().map(InlayHintTooltip::String),
        padding_left: Some(true),
        padding_right: None,
        data: None,
    }
}

/// A diagnostic, with its labels as related information.
pub fn diagnostic(d: &Doc, uri: &Uri, x: &cgt_syntax::Diagnostic) -> Diagnostic {
    let mut message = x.message.clone();
    if let Some(h) = &x.hint {
        message.push_str(&format!("\nhint: {h}"));
    }
    let related: Vec<DiagnosticRelatedInformation> = x
        .labels
        .iter()
        .map(|l| DiagnosticRelatedInformation {
            location: Location::new(uri.clone(), d.index.range(&d.text, &l.span)),
            message: l.message.clone(),
        })
        .collect();
    Diagnostic {
        range: d.index.range(&d.text, &x.span),
        severity: Some(match x.severity {
            Severity::Error => DiagnosticSeverity::ERROR,
            Severity::Warning => DiagnosticSeverity::WARNING,
        }),
        code: Some(NumberOrString::String(x.code.to_string())),
        source: Some("cgt".into()),
        message,
        related_information: (!related.is_empty()).then_some(related),
        ..Default::default()
    }
}

/// A completion item.
pub fn completion(c: Completion) -> CompletionItem {
    CompletionItem {
        label: c.label,
        kind: Some(match c.kind {
            CompletionKind::Function => CompletionItemKind::FUNCTION,
            CompletionKind::Ruleset => CompletionItemKind::CLASS,
            CompletionKind::Name => CompletionItemKind::VARIABLE,
            CompletionKind::Keyword => CompletionItemKind::KEYWORD,
        }),
        detail: Some(c.detail),
        documentation: Some(Documentation::String(c.documentation)),
        insert_text: Some(c.insert),
        ..Default::default()
    }
}

/// Byte-range replacements as LSP text edits.
pub fn edits(d: &Doc, edits: &[(Span, String)]) -> Vec<TextEdit> {
    edits.iter().map(|(span, text)| TextEdit::new(d.index.range(&d.text, span), text.clone())).collect()
}

/// A code action as a quick fix with a workspace edit.
pub fn action(d: &Doc, uri: &Uri, a: &Action) -> CodeActionOrCommand {
    CodeActionOrCommand::CodeAction(CodeAction {
        title: a.title.clone(),
        kind: Some(CodeActionKind::QUICKFIX),
        edit: Some(WorkspaceEdit::new(HashMap::from([(uri.clone(), edits(d, &a.edits))]))),
        ..Default::default()
    })
}

/// A `let` name as a document symbol.
#[allow(deprecated)] // `DocumentSymbol::deprecated` must be written, though the field is deprecated.
pub fn symbol(d: &Doc, s: &Symbol) -> DocumentSymbol {
    DocumentSymbol {
        name: s.name.clone(),
        detail: s.detail.clone(),
        kind: SymbolKind::VARIABLE,
        tags: None,
        deprecated: None,
        range: d.index.range(&d.text, &s.span),
        selection_range: d.index.range(&d.text, &s.name_span),
        children: None,
    }
}

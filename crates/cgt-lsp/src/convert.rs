//! Conversions from cgt-ide's plain data (byte offsets) to LSP types (UTF-16 positions).

use std::collections::HashMap;

use cgt_ide::{Action, Completion, CompletionKind, Hint, Symbol, TokenKind};
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
        semantic_tokens_provider: Some(SemanticTokensServerCapabilities::SemanticTokensOptions(
            SemanticTokensOptions {
                legend: legend(),
                full: Some(SemanticTokensFullOptions::Bool(true)),
                range: None,
                work_done_progress_options: Default::default(),
            },
        )),
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
            CompletionKind::Definition => CompletionItemKind::FUNCTION,
            CompletionKind::Parameter => CompletionItemKind::VARIABLE,
        }),
        insert_text_format: c.snippet.then_some(InsertTextFormat::SNIPPET),
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

/// The semantic token types and modifiers the server uses, in the order of their indices.
pub fn legend() -> SemanticTokensLegend {
    SemanticTokensLegend {
        token_types: TokenKind::ALL.iter().map(|&k| token_type(k)).collect(),
        token_modifiers: vec![SemanticTokenModifier::DECLARATION],
    }
}

/// The LSP token type of a kind of name: rules are classes, as rulesets are in completion.
fn token_type(k: TokenKind) -> SemanticTokenType {
    match k {
        TokenKind::Variable => SemanticTokenType::VARIABLE,
        TokenKind::Function => SemanticTokenType::FUNCTION,
        TokenKind::Rule => SemanticTokenType::CLASS,
        TokenKind::Parameter => SemanticTokenType::PARAMETER,
    }
}

/// Semantic tokens in LSP's relative encoding: each token's line and start (in UTF-16 units)
/// relative to the previous token's, its length, type index and modifier bits.
pub fn semantic_tokens(d: &Doc, tokens: &[cgt_ide::SemanticToken]) -> SemanticTokens {
    let mut data = Vec::with_capacity(tokens.len());
    let (mut line, mut start) = (0, 0);
    for t in tokens {
        let range = d.index.range(&d.text, &t.span);
        if range.start.line != range.end.line {
            continue;
        }
        let delta_line = range.start.line - line;
        let delta_start = if delta_line == 0 { range.start.character - start } else { range.start.character };
        let token_type = TokenKind::ALL.iter().position(|&k| k == t.kind).unwrap_or(0) as u32;
        data.push(SemanticToken {
            delta_line,
            delta_start,
            length: range.end.character - range.start.character,
            token_type,
            token_modifiers_bitset: u32::from(t.declaration),
        });
        (line, start) = (range.start.line, range.start.character);
    }
    SemanticTokens { result_id: None, data }
}

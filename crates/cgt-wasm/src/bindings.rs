//! The JavaScript API of the WebAssembly module (wasm-bindgen): an `Engine` per document and
//! `format`; results are JSON strings of the shapes documented on [`crate::Playground`].

use wasm_bindgen::prelude::*;

use crate::{Playground, PlaygroundConfig};

/// One document's evaluation engine, living in the page's Web Worker.
#[wasm_bindgen]
pub struct Engine(Playground);

#[wasm_bindgen]
impl Engine {
    /// An engine with `budget_ms` per statement, `quick_ms` in the first pass, and values
    /// printed with `↑ ↓ ±` when `unicode` is set.
    #[wasm_bindgen(constructor)]
    pub fn new(budget_ms: u32, quick_ms: u32, unicode: bool) -> Engine {
        let config = PlaygroundConfig { budget_ms, quick_ms, unicode, ..PlaygroundConfig::default() };
        Engine(Playground::new(config))
    }

    /// Evaluates `text`; `progress` is called with the JSON view after each pass, and the final
    /// view is returned.
    pub fn evaluate(&mut self, text: &str, progress: &js_sys::Function) -> String {
        let view = self.0.evaluate(text, |v| {
            // A throwing callback must not stop the evaluation; the final view still arrives.
            let _ = progress.call1(&JsValue::NULL, &JsValue::from_str(&v.to_string()));
        });
        view.to_string()
    }

    /// The hover at UTF-16 offset `at` of `text`, as JSON (`null` if none).
    pub fn hover(&self, text: &str, at: u32) -> String {
        self.0.hover(text, at as usize).to_string()
    }

    /// The completions at UTF-16 offset `at` of `text`, as JSON.
    pub fn completions(&self, text: &str, at: u32) -> String {
        self.0.completions(text, at as usize).to_string()
    }
}

/// The UTF-16 offset of the statement the engine started last (read after a trap).
#[wasm_bindgen]
pub fn last_statement(text: &str) -> u32 {
    crate::last_statement(text) as u32
}

/// `text` with the statements starting at the UTF-16 offsets `starts` blanked, as JSON
/// `{text, blanked: [[from, to], ...]}`.
#[wasm_bindgen]
pub fn blank_statements(text: &str, starts: Vec<u32>) -> String {
    let starts: Vec<usize> = starts.into_iter().map(|s| s as usize).collect();
    let (text, blanked) = crate::blank_statements(text, &starts);
    serde_json::json!({ "text": text, "blanked": blanked }).to_string()
}

/// `text` in the canonical layout of `cgt fmt`.
#[wasm_bindgen]
pub fn format(text: &str) -> String {
    crate::format(text)
}

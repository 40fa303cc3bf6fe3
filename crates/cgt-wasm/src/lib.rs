//! The playground's engine: cgt's evaluator and IDE layer (cgt-ide) for JavaScript, with every
//! offset in UTF-16 code units as CodeMirror counts them (theory: see cgt-core; this crate only
//! converts).
//!
//! The plain Rust API ([`Playground`], [`format`]) is what the native tests exercise; on
//! `wasm32` the same is exported to JavaScript through wasm-bindgen (`bindings`), with JSON
//! strings as results. Evaluation runs in the page's Web Worker, under a per-statement budget
//! whose clock works without threads (`cgt_core::budget::Instant`).

#[cfg(target_arch = "wasm32")]
mod bindings;
mod offsets;
mod playground;
mod view;

pub use offsets::Utf16Index;
pub use playground::{Playground, PlaygroundConfig, blank_statements, format, last_statement};

#[cfg(test)]
mod tests;

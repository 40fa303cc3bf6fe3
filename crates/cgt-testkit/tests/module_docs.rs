//! Every module of the workspace starts with a `//!` line saying what it is for (STYLE.md): this
//! test walks every `.rs` file under `crates/*/src` and lists the files whose first non-empty
//! line is anything else.

use std::path::{Path, PathBuf};

/// The `crates/` folder of the workspace (this crate's parent).
fn crates_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("crates/cgt-testkit has a parent").to_path_buf()
}

/// Every `.rs` file under `dir`, recursively, in a stable order.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Whether the first non-empty line of `text` is a `//!` doc comment.
fn starts_with_module_doc(text: &str) -> bool {
    text.lines().map(str::trim).find(|l| !l.is_empty()).is_some_and(|l| l.starts_with("//!"))
}

#[test]
fn the_check_tells_documented_modules_from_others() {
    assert!(starts_with_module_doc("//! What this is for.\nuse x;\n"));
    assert!(starts_with_module_doc("\n\n  //! Indented, after blank lines.\n"));
    assert!(!starts_with_module_doc("use x;\n//! Too late.\n"));
    assert!(!starts_with_module_doc("/// An item's doc, not the module's.\nfn f() {}\n"));
    assert!(!starts_with_module_doc("// A plain comment.\n"));
    assert!(!starts_with_module_doc(""));
}

#[test]
fn every_module_starts_with_a_doc_line() {
    let crates = crates_dir();
    let mut files = Vec::new();
    let Ok(entries) = std::fs::read_dir(&crates) else { panic!("cannot read {}", crates.display()) };
    let mut crate_dirs: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path().join("src"))).collect();
    crate_dirs.sort();
    for src in crate_dirs.iter().filter(|p| p.is_dir()) {
        rust_files(src, &mut files);
    }
    assert!(files.len() > 50, "only {} files found under {}", files.len(), crates.display());
    let missing: Vec<String> = files
        .iter()
        .filter(|f| !std::fs::read_to_string(f).is_ok_and(|text| starts_with_module_doc(&text)))
        .map(|f| f.strip_prefix(&crates).unwrap_or(f).display().to_string())
        .collect();
    assert!(
        missing.is_empty(),
        "these modules do not start with a `//!` line saying what they are for:\n  {}",
        missing.join("\n  ")
    );
}

//! The book under `docs/` is a test: every ```cgt block of `docs/src/**/*.md` is run through the
//! real binary (`cgt eval -`) and must be followed by the output the binary prints (a ```text
//! block) and a link that opens the block in the playground; the reference pages must be what
//! the registry generates. `UPDATE_EXPECT=1` rewrites the outputs, the links and the generated
//! pages (read the diff and check every value before accepting it). The format is described in
//! `docs/README.md`.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The line that carries a block's playground link starts with this.
const LINK_START: &str = "<sub>[open in the playground](";

fn docs() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs")
}

fn update() -> bool {
    std::env::var_os("UPDATE_EXPECT").is_some()
}

/// Every Markdown file under `dir`, sorted.
fn markdown_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).expect("docs/src exists") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            out.extend(markdown_files(&path));
        } else if path.extension().is_some_and(|e| e == "md") {
            out.push(path);
        }
    }
    out.sort();
    out
}

/// What `cgt eval -` does with `code`: its standard output, then its error reports (without
/// colour), then its exit status when it is not 0.
fn run(code: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cgt"))
        .args(["eval", "-", "--no-color"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the cgt binary runs");
    child.stdin.take().expect("piped").write_all(code.as_bytes()).expect("write the example");
    let out = child.wait_with_output().expect("cgt finishes");
    let mut text = String::from_utf8_lossy(&out.stdout).into_owned();
    text.push_str(&String::from_utf8_lossy(&out.stderr));
    match out.status.code() {
        Some(0) => {}
        Some(n) => text.push_str(&format!("exit status {n}\n")),
        None => panic!("cgt was killed running:\n{code}"),
    }
    // Trailing spaces would not survive an editor; the book shows lines without them.
    text.lines().map(str::trim_end).map(|l| format!("{l}\n")).collect()
}

/// The link that opens `code` in the playground, from a page `depth` folders below
/// `docs/src` (the playground is served at `playground/` beside the book).
fn link(code: &str, depth: usize) -> String {
    let hash = cgt_eval::manual::playground_hash(code);
    format!("{LINK_START}{}playground/index.html{hash})</sub>", "../".repeat(depth))
}

/// The page with each ```cgt block followed by its output and its link, as the binary gives
/// them now, and the number of blocks.
fn fill(page: &str, depth: usize) -> (String, usize) {
    let lines: Vec<&str> = page.lines().collect();
    let mut out = String::new();
    let (mut i, mut blocks) = (0, 0);
    while i < lines.len() {
        out.push_str(lines[i]);
        out.push('\n');
        if lines[i] != "```cgt" {
            i += 1;
            continue;
        }
        let start = i + 1;
        let end = start + lines[start..].iter().position(|l| *l == "```").expect("a ```cgt block is closed");
        let code: String = lines[start..end].iter().map(|l| format!("{l}\n")).collect();
        out.push_str(&code);
        out.push_str("```\n\n```text\n");
        out.push_str(&run(&code));
        out.push_str("```\n");
        out.push_str(&link(&code, depth));
        out.push_str("\n\n");
        i = skip_old_output(&lines, end + 1);
        blocks += 1;
    }
    (out, blocks)
}

/// The index past the output block and link that follow a ```cgt block ending before `i`
/// (and the blank lines around them).
fn skip_old_output(lines: &[&str], mut i: usize) -> usize {
    let blank = |i: usize| lines.get(i).is_some_and(|l| l.trim().is_empty());
    while blank(i) {
        i += 1;
    }
    if lines.get(i) == Some(&"```text") {
        i += 1 + lines[i + 1..].iter().position(|l| *l == "```").expect("a ```text block is closed") + 1;
    }
    while blank(i) {
        i += 1;
    }
    if lines.get(i).is_some_and(|l| l.starts_with(LINK_START)) {
        i += 1;
    }
    while blank(i) {
        i += 1;
    }
    i
}

/// Compares `want` with the file at `path` (or writes it, with `UPDATE_EXPECT`); returns a
/// failure message.
fn compare(path: &Path, want: &str) -> Option<String> {
    let have = std::fs::read_to_string(path).unwrap_or_default();
    if have == want {
        return None;
    }
    if update() {
        std::fs::write(path, want).expect("write the page");
        return None;
    }
    let line = have.lines().zip(want.lines()).position(|(a, b)| a != b).unwrap_or(0) + 1;
    Some(format!("{} is stale from line {line} (UPDATE_EXPECT=1 rewrites it)", path.display()))
}

fn generated(path: &Path) -> bool {
    let names: Vec<&str> = cgt_eval::manual::reference_pages().iter().map(|(n, _)| *n).collect();
    path.parent().is_some_and(|p| p.ends_with("reference"))
        && path.file_name().is_some_and(|f| names.iter().any(|n| f == *n))
}

#[test]
fn reference_pages_are_generated_from_the_registry() {
    let dir = docs().join("src/reference");
    let mut failures = Vec::new();
    for (name, skeleton) in cgt_eval::manual::reference_pages() {
        let (page, _) = fill(&skeleton, 1);
        failures.extend(compare(&dir.join(name), &page));
    }
    let all: String = cgt_eval::manual::reference_pages().into_iter().map(|(_, p)| p).collect();
    for entry in cgt_eval::manual::entries() {
        assert!(all.contains(&format!("\n## {}\n", entry.name())), "{} has no reference entry", entry.name());
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_example_in_the_book_prints_what_the_book_shows() {
    let src = docs().join("src");
    let mut failures = Vec::new();
    let mut blocks = 0;
    let files = markdown_files(&src);
    for path in files.iter().filter(|p| !generated(p)) {
        let depth = path.strip_prefix(&src).expect("under docs/src").components().count() - 1;
        let page = std::fs::read_to_string(path).expect("read a page");
        let (filled, n) = fill(&page, depth);
        blocks += n;
        failures.extend(compare(path, &filled));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let reference: usize = cgt_eval::manual::reference_pages().iter().map(|(_, p)| p.matches("```cgt\n").count()).sum();
    assert!(blocks + reference >= 150, "the book has {} examples; it should have at least 150", blocks + reference);
    assert!(files.len() > 12, "the book has {} pages; it should have more than 12", files.len());
}

#[test]
fn the_summary_lists_every_page() {
    let src = docs().join("src");
    let summary = std::fs::read_to_string(src.join("SUMMARY.md")).expect("docs/src/SUMMARY.md");
    for path in markdown_files(&src) {
        let rel = path.strip_prefix(&src).expect("under docs/src").to_string_lossy().replace('\\', "/");
        if rel != "SUMMARY.md" {
            assert!(summary.contains(&format!("({rel})")), "SUMMARY.md does not list {rel}");
        }
    }
}

#[test]
fn filling_is_idempotent_and_replaces_old_output() {
    let page = "Intro\n\n```cgt\n^ + v\n```\n\n```text\nstale\n```\n<sub>[open in the playground](x)</sub>\n\nAfter\n";
    let (once, n) = fill(page, 1);
    assert_eq!(n, 1);
    assert!(once.contains("= 0 · P") && !once.contains("stale"), "{once}");
    assert!(once.ends_with("</sub>\n\nAfter\n"), "{once}");
    assert!(once.contains("(../playground/index.html#code="), "{once}");
    assert_eq!(fill(&once, 1).0, once);
}

/// Every `.rs` file under `dir`.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a source folder") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn the_pages_the_code_cites_exist() {
    // Comments cite the book as `docs/src/theory/temperature.md`; a renamed page must not leave
    // them pointing at nothing.
    let root = docs().join("..");
    let mut files = Vec::new();
    rust_files(&root.join("crates"), &mut files);
    let mut cited = 0;
    for path in files {
        let text = std::fs::read_to_string(&path).expect("read a source file");
        for (i, _) in text.match_indices("docs/src/") {
            let page: String =
                text[i..].chars().take_while(|c| c.is_ascii_alphanumeric() || "/-_.".contains(*c)).collect();
            let Some(page) = page.strip_suffix(".md").map(|p| format!("{p}.md")) else { continue };
            cited += 1;
            assert!(root.join(&page).is_file(), "{} cites {page}, which does not exist", path.display());
        }
    }
    assert!(cited >= 50, "the code cites the book {cited} times");
}

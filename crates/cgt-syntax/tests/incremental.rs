//! The incremental parser against a fresh parse: every example file and parser test file is
//! edited at random (lines inserted, deleted, duplicated and joined, statements split, strings,
//! comments and brackets opened or closed, characters typed), and after every edit parsing
//! through one `ParseCache` must give exactly what `parse` gives, spans and errors included.

use std::path::{Path, PathBuf};

use cgt_syntax::{ParseCache, parse};
use cgt_testkit::Rng;

/// The `.cgt` files of `examples/` and of the parser's test data.
fn corpus() -> Vec<(PathBuf, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dirs = [root.join("../../examples"), root.join("test_data/parser/ok"), root.join("test_data/parser/err")];
    let mut files = Vec::new();
    for dir in dirs {
        let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| e.expect("directory entry").path())
            .filter(|p| p.extension().is_some_and(|x| x == "cgt"))
            .collect();
        paths.sort();
        for p in paths {
            let text = std::fs::read_to_string(&p).expect("readable example");
            files.push((p, text));
        }
    }
    assert!(files.len() > 40, "the corpus was not found");
    files
}

/// Texts typed in by the edits: pieces of statements, openers and closers.
const TYPED: &[&str] = &[
    "\"",
    "#",
    "{",
    "}",
    "(",
    ")",
    "[",
    "]",
    "<",
    ">",
    "|",
    "||",
    "\n",
    "\n\n",
    " ",
    "let x = ",
    "+ *",
    "1/2",
    "^",
    "def f(n) = n",
    "rule r(n) = [n - 1]",
    " # note",
    "\"..#\"",
    ",",
    "±",
    "↑",
    "==",
    "is N",
    "domineering[2x3]",
    "WBBW.BW",
    "x{0 | x}",
    "[f(n) for n in 1..3]",
    "pass",
    "@",
    "\r\n",
];

/// The byte offsets of the starts of lines.
fn line_starts(text: &str) -> Vec<usize> {
    std::iter::once(0).chain(text.match_indices('\n').map(|(i, _)| i + 1)).collect()
}

/// A random character boundary of `text`.
fn boundary(rng: &mut Rng, text: &str) -> usize {
    let mut at = rng.index(text.len() + 1);
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// One random edit of `text`, with lines taken from `pool` for insertions.
fn edit(rng: &mut Rng, text: &str, pool: &[&str]) -> String {
    let starts = line_starts(text);
    let line = rng.index(starts.len());
    let (start, end) = (starts[line], starts.get(line + 1).copied().unwrap_or(text.len()));
    let mut out = text.to_string();
    match rng.below(6) {
        0 => {
            let new = format!("{}\n", rng.pick(pool).copied().unwrap_or("1"));
            out.insert_str(start, &new);
        }
        1 => out.replace_range(start..end, ""),
        2 => out.insert_str(start, &text[start..end]),
        3 => {
            // Join this line with the next, or split it at a random place.
            match text[start..end].find('\n') {
                Some(nl) if rng.chance(1, 2) => out.replace_range(start + nl..start + nl + 1, " "),
                _ => out.insert(boundary(rng, &text[..end]).max(start), '\n'),
            }
        }
        _ => {
            let typed = rng.pick(TYPED).copied().unwrap_or(" ");
            out.insert_str(boundary(rng, text), typed);
        }
    }
    out
}

#[test]
fn incremental_parse_equals_fresh_parse_after_random_edits() {
    let files = corpus();
    let pool: Vec<&str> = files.iter().flat_map(|(_, t)| t.lines()).filter(|l| !l.trim().is_empty()).collect();
    let mut rng = Rng::new(0x1ec7_0018);
    let mut checked = 0;
    for (path, original) in &files {
        let mut cache = ParseCache::new();
        let mut text = original.clone();
        for step in 0..10 {
            let fresh = parse(&text);
            let incremental = cache.parse(&text);
            assert_eq!(incremental, fresh, "{} after {step} edits:\n{text}", path.display());
            assert_eq!(cache.len(), {
                let mut texts: Vec<&str> = fresh.stmts.iter().map(|s| &text[s.span.clone()]).collect();
                texts.sort_unstable();
                texts.dedup();
                texts.len()
            });
            checked += 1;
            text = edit(&mut rng, &text, &pool);
        }
    }
    assert!(checked >= 400);
}

#[test]
fn a_cache_serves_unrelated_files_and_the_same_file_twice() {
    let files = corpus();
    let mut cache = ParseCache::new();
    for (path, text) in files.iter().chain(files.iter().rev()).take(30) {
        assert_eq!(cache.parse(text), parse(text), "{}", path.display());
        assert_eq!(cache.parse(text), parse(text), "{} again", path.display());
    }
}

#[test]
fn moved_statements_keep_exact_spans() {
    // The same statements at other offsets and in other orders: every tree is reused, moved.
    let stmts = ["let a = {1 | {0 | -1}}", "def f(n) = if n <= 0 then 0 else {f(n - 1) | }", "a + f(2) == 1", "{ 1 |"];
    let mut cache = ParseCache::new();
    let mut rng = Rng::new(7);
    for _ in 0..40 {
        let mut lines: Vec<String> = Vec::new();
        for _ in 0..rng.below(8) {
            let pad = " ".repeat(rng.index(4));
            let comment = if rng.chance(1, 3) { " # c" } else { "" };
            lines.push(format!("{pad}{}{comment}", rng.pick(&stmts).copied().unwrap_or("0")));
        }
        let text = lines.join(if rng.chance(1, 2) { "\n" } else { "\r\n" });
        assert_eq!(cache.parse(&text), parse(&text), "{text}");
    }
}

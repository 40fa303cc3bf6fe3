//! The import graph of cgt-eval's modules (ARCHITECTURE.md, "One direction of imports"): rows
//! depend on a small core, hubs list rows, and no circle of files that import each other is
//! larger than [`LARGEST_CIRCLE`]. A file imports another when it names an item defined there,
//! by a `use` or by a path in its code (`crate::x::f`, `super::f`); an item re-exported by a
//! `pub use` counts as defined where it really is. `mod` lines do not count: a parent lists its
//! children, that is not using them.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The most files one circle of imports may hold.
const LARGEST_CIRCLE: usize = 6;

/// One source file: its module path and its code without comments and test modules.
struct File {
    module: Vec<String>,
    code: String,
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("source folder") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The module path of a file under `src` (`lib.rs` is the crate, `a/b.rs` is `a::b`).
fn module_of(rel: &Path) -> Vec<String> {
    let mut parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    let last = parts.pop().expect("a file name");
    let stem = last.trim_end_matches(".rs");
    if stem != "lib" && stem != "mod" {
        parts.push(stem.to_string());
    }
    parts
}

/// The code that counts: line comments removed, and nothing from an inline test module on.
fn code_of(text: &str) -> String {
    let cut = text.find("#[cfg(test)]\nmod tests").unwrap_or(text.len());
    text[..cut]
        .lines()
        .map(|l| match l.find("//") {
            Some(i) => &l[..i],
            None => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The paths of a `use` tree (`a::{b, c::d as e}` gives `a::b` and `a::c::d`), each with the
/// name it is known by where it is imported.
fn expand(tree: &str) -> Vec<(String, String)> {
    // `as` is kept as `@` so that the spaces can go.
    let tree: String = tree.split_whitespace().collect::<Vec<_>>().join(" ").replace(" as ", "@");
    let tree: String = tree.chars().filter(|c| !c.is_whitespace()).collect();
    let Some(open) = tree.find('{') else {
        return vec![match tree.split_once('@') {
            Some((path, alias)) => (path.to_string(), alias.to_string()),
            None => (tree.clone(), tree.rsplit("::").next().unwrap_or("").to_string()),
        }];
    };
    let prefix = &tree[..open];
    let body = &tree[open + 1..tree.len() - 1];
    let mut items = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, c) in body.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(&body[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    items.push(&body[start..]);
    items
        .into_iter()
        .filter(|i| !i.is_empty())
        .flat_map(|item| {
            let joined =
                if item == "self" { prefix.trim_end_matches("::").to_string() } else { format!("{prefix}{item}") };
            expand(&joined)
        })
        .collect()
}

/// The `use` trees of some code, each with whether it is a re-export (`pub use`).
fn uses(code: &str) -> Vec<(bool, String)> {
    let mut out = Vec::new();
    let bytes = code.as_bytes();
    let mut at = 0;
    while let Some(i) = code[at..].find("use ") {
        let i = at + i;
        at = i + 4;
        let starts_word = i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_');
        if !starts_word {
            continue;
        }
        let Some(end) = code[i..].find(';') else { break };
        let before = code[..i].trim_end();
        let public = before.ends_with("pub") || before.ends_with("pub(crate)") || before.ends_with("pub(super)");
        out.push((public, code[i + 4..i + end].to_string()));
        at = i + end;
    }
    out
}

/// The paths written in code outside `use` lines: `a::b::c` with at least one `::`.
fn inline_paths(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let chars: Vec<char> = code.chars().collect();
    let word = |c: char| c.is_alphanumeric() || c == '_';
    let mut i = 0;
    while i < chars.len() {
        if word(chars[i]) && (i == 0 || !(word(chars[i - 1]) || chars[i - 1] == ':')) {
            let start = i;
            while i < chars.len() && (word(chars[i]) || (chars[i] == ':' && chars.get(i + 1) == Some(&':'))) {
                i += if chars[i] == ':' { 2 } else { 1 };
            }
            let path: String = chars[start..i].iter().collect();
            // `a::{...}` is a `use` tree, read by `uses`.
            if path.contains("::") && !path.ends_with("::") {
                out.push(path);
            }
        } else {
            i += 1;
        }
    }
    out
}

/// The crate's files and the graph of which file uses which.
struct Graph {
    files: Vec<File>,
    by_module: BTreeMap<Vec<String>, usize>,
    /// Per file: the names it re-exports, with the path each stands for.
    reexports: Vec<BTreeMap<String, String>>,
}

impl Graph {
    /// The file defining what `path` (written in file `from`) names, following re-exports.
    fn target(&self, from: usize, path: &str, depth: usize) -> Option<usize> {
        let segs: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
        let here = &self.files[from].module;
        let (mut base, mut rest): (Vec<String>, &[&str]) = match segs.first()? {
            &"crate" => (Vec::new(), &segs[1..]),
            &"self" | &"super" => {
                let mut base = here.clone();
                let mut k = 0;
                while k < segs.len() && (segs[k] == "self" || segs[k] == "super") {
                    if segs[k] == "super" {
                        base.pop();
                    }
                    k += 1;
                }
                (base, &segs[k..])
            }
            first => {
                let mut child = here.clone();
                child.push(first.to_string());
                if !self.by_module.contains_key(&child) {
                    return None;
                }
                (here.clone(), &segs[..])
            }
        };
        while let Some((first, tail)) = rest.split_first() {
            let mut deeper = base.clone();
            deeper.push(first.to_string());
            if !self.by_module.contains_key(&deeper) {
                break;
            }
            base = deeper;
            rest = tail;
        }
        let file = *self.by_module.get(&base)?;
        if let (Some(name), true) = (rest.first(), depth < 8)
            && let Some(source) = self.reexports[file].get(*name)
        {
            return self.target(file, source, depth + 1).or(Some(file));
        }
        Some(file)
    }

    fn edges(&self) -> Vec<BTreeSet<usize>> {
        (0..self.files.len())
            .map(|i| {
                let code = &self.files[i].code;
                let mut paths: Vec<String> =
                    uses(code).into_iter().flat_map(|(_, t)| expand(&t)).map(|p| p.0).collect();
                paths.extend(inline_paths(code));
                paths.iter().filter_map(|p| self.target(i, p, 0)).filter(|&t| t != i).collect()
            })
            .collect()
    }
}

/// The graph of one crate of the workspace (`cgt-eval`, `cgt-core`, ...).
fn graph_of(krate: &str) -> (Graph, Vec<String>) {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(krate).join("src");
    let mut paths = Vec::new();
    rust_files(&src, &mut paths);
    paths.sort();
    let mut files = Vec::new();
    let mut names = Vec::new();
    for p in &paths {
        let rel = p.strip_prefix(&src).expect("under src");
        names.push(rel.to_string_lossy().into_owned());
        let text = std::fs::read_to_string(p).expect("readable");
        files.push(File { module: module_of(rel), code: code_of(&text) });
    }
    let by_module = files.iter().enumerate().map(|(i, f)| (f.module.clone(), i)).collect();
    let reexports = files
        .iter()
        .map(|f| {
            uses(&f.code)
                .into_iter()
                .filter(|(public, _)| *public)
                .flat_map(|(_, t)| expand(&t))
                .map(|(path, alias)| (alias, path))
                .collect()
        })
        .collect();
    (Graph { files, by_module, reexports }, names)
}

/// The strongly connected components of a graph (Tarjan), each a set of nodes.
fn circles(edges: &[BTreeSet<usize>]) -> Vec<Vec<usize>> {
    struct State<'a> {
        edges: &'a [BTreeSet<usize>],
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        stack: Vec<usize>,
        on_stack: Vec<bool>,
        next: usize,
        out: Vec<Vec<usize>>,
    }
    fn visit(s: &mut State, v: usize) {
        s.index[v] = Some(s.next);
        s.low[v] = s.next;
        s.next += 1;
        s.stack.push(v);
        s.on_stack[v] = true;
        for &w in s.edges[v].iter() {
            match s.index[w] {
                None => {
                    visit(s, w);
                    s.low[v] = s.low[v].min(s.low[w]);
                }
                Some(iw) if s.on_stack[w] => s.low[v] = s.low[v].min(iw),
                _ => {}
            }
        }
        if Some(s.low[v]) == s.index[v] {
            let mut comp = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack[w] = false;
                comp.push(w);
                if w == v {
                    break;
                }
            }
            s.out.push(comp);
        }
    }
    let n = edges.len();
    let mut s = State {
        edges,
        index: vec![None; n],
        low: vec![0; n],
        stack: Vec::new(),
        on_stack: vec![false; n],
        next: 0,
        out: Vec::new(),
    };
    for v in 0..n {
        if s.index[v].is_none() {
            visit(&mut s, v);
        }
    }
    s.out
}

/// The circles of imports in a crate larger than [`LARGEST_CIRCLE`], described; empty if none.
fn too_large(krate: &str) -> String {
    let (g, names) = graph_of(krate);
    let edges = g.edges();
    let mut all = circles(&edges);
    all.sort_by_key(|c| std::cmp::Reverse(c.len()));
    let shown: Vec<String> = all
        .iter()
        .filter(|c| c.len() > 1)
        .map(|c| {
            let mut files: Vec<&str> = c.iter().map(|&i| names[i].as_str()).collect();
            files.sort();
            format!("{} files: {}", c.len(), files.join(", "))
        })
        .collect();
    // For each file of a circle too large: the files of the circle it imports.
    let mut detail = Vec::new();
    for c in all.iter().filter(|c| c.len() > LARGEST_CIRCLE) {
        for &f in c {
            let inside: Vec<&str> = edges[f].iter().filter(|t| c.contains(t)).map(|&t| names[t].as_str()).collect();
            detail.push(format!("  {} -> {}", names[f], inside.join(", ")));
        }
    }
    detail.sort();
    println!("{krate}:\n{}\n{}", shown.join("\n"), detail.join("\n"));
    if all[0].len() <= LARGEST_CIRCLE {
        return String::new();
    }
    format!("{krate}: circles of imports:\n{}\n{}", shown.join("\n"), detail.join("\n"))
}

#[test]
fn no_circle_of_imports_is_larger_than_six_files() {
    let crates = ["cgt-eval", "cgt-core", "cgt-rules", "cgt-syntax", "cgt-ide", "cgt-lsp", "cgt-cli"];
    let failures: Vec<String> = crates.iter().map(|k| too_large(k)).filter(|s| !s.is_empty()).collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_graph_sees_imports_of_every_kind() {
    // The reader must see what it claims to see, or the test above proves nothing.
    let (g, names) = graph_of("cgt-eval");
    let edges = g.edges();
    let file = |n: &str| names.iter().position(|m| m == n).expect(n);
    let uses = |a: &str, b: &str| edges[file(a)].contains(&file(b));
    assert!(uses("functions/game.rs", "registry.rs"), "a `use crate::...` line");
    assert!(uses("rulesets/nim.rs", "rulesets/args.rs"), "through a re-export or a `super::` path");
    assert!(uses("lib.rs", "session.rs"), "a `pub use` of a child module");
    assert_eq!(
        expand("a::{b, c::{d as e, self}}"),
        [
            ("a::b".to_string(), "b".to_string()),
            ("a::c::d".to_string(), "e".to_string()),
            ("a::c".to_string(), "c".to_string())
        ]
    );
    assert_eq!(inline_paths("x = crate::a::b(1) + super::c;"), ["crate::a::b", "super::c"]);
}

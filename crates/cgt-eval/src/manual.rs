//! The manual's entries, read from the registry rows: the hover of a function or ruleset name,
//! `cgt doc` and the generated reference pages of the book (`docs/src/reference/`) all come
//! from here, so the three say the same thing and cannot drift from the rows.

mod examples;
mod link;

use std::fmt::Write;

use crate::names::suggest;
use crate::registry::{FunctionDef, Returns, RulesetDef};
use crate::rows::{functions, rulesets};

pub use link::playground_hash;

/// A ruleset's or a function's entry in the manual.
#[derive(Clone, Copy, Debug)]
pub enum Entry {
    /// A ruleset: `name[...]`.
    Ruleset(&'static RulesetDef),
    /// A function: `name(...)`.
    Function(&'static FunctionDef),
}

impl std::fmt::Debug for RulesetDef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ruleset {}", self.name)
    }
}

impl Entry {
    /// The name the entry is about.
    pub fn name(&self) -> &'static str {
        match self {
            Entry::Ruleset(r) => r.name,
            Entry::Function(f) => f.name,
        }
    }

    /// What the entry's name gives.
    pub fn returns(&self) -> Returns {
        match self {
            Entry::Ruleset(r) => r.returns,
            Entry::Function(f) => f.returns,
        }
    }

    /// The entry as Markdown: the text of the hover on the name, and of `cgt doc NAME`.
    pub fn markdown(&self) -> String {
        match self {
            Entry::Function(f) => {
                let mut out = format!(
                    "```cgt\n{}\n```\n{} (function `{}`; gives {})",
                    f.signature,
                    f.doc,
                    f.name,
                    f.returns.describe()
                );
                if !f.aliases.is_empty() {
                    let _ = write!(out, "\n\nAlso spelled {}.", quoted(f.aliases));
                }
                out.push_str(&limits_and_source(f.limits, f.source));
                out
            }
            Entry::Ruleset(r) => {
                let mut out =
                    format!("**{}**: {} (gives {})\n\n```cgt\n{}\n```", r.name, r.doc, r.returns.describe(), r.example);
                for s in r.settings {
                    let _ = write!(out, "\n- `{}=`: {}", s.key, s.doc);
                }
                out.push_str(&limits_and_source(r.limits, r.source));
                out
            }
        }
    }

    /// Where the entry is in the built book, from the book's root: the page of its kind and the
    /// anchor mdBook gives its heading (the name itself: names are lower case letters, digits
    /// and `_`, which mdBook keeps as they are), e.g. `reference/rulesets.html#clobber`.
    pub fn book_path(&self) -> String {
        let page = match self {
            Entry::Ruleset(_) => "rulesets",
            Entry::Function(_) => "functions",
        };
        format!("reference/{page}.html#{}", self.name())
    }

    /// The entry's example as the lines of a `.cgt` file, one statement per line: a ruleset's
    /// example from its row (`cram[3x4] or cram["..#", "..."]` is two), a function's from the
    /// manual's table of function examples.
    pub fn example_lines(&self) -> Vec<&'static str> {
        match self {
            Entry::Ruleset(r) => r.example.split(" or ").collect(),
            Entry::Function(f) => examples::of(f.name).to_vec(),
        }
    }
}

/// Every entry: the rulesets, then the functions, in the registry's order.
pub fn entries() -> Vec<Entry> {
    let rules = rulesets().iter().map(Entry::Ruleset);
    rules.chain(functions().iter().map(Entry::Function)).collect()
}

/// The entry named `name` (a function may be named by an alias), or the closest name to
/// suggest ("did you mean") when there is none.
pub fn lookup(name: &str) -> Result<Entry, Option<&'static str>> {
    if let Some(f) = crate::rows::function(name) {
        return Ok(Entry::Function(f));
    }
    if let Some(r) = crate::rows::ruleset(name) {
        return Ok(Entry::Ruleset(r));
    }
    Err(suggest(name, entries().iter().map(Entry::name)))
}

/// The kinds of result in the order the index lists them.
const KINDS: [Returns; 8] = [
    Returns::Game,
    Returns::Number,
    Returns::Integer,
    Returns::Outcome,
    Returns::Play,
    Returns::List,
    Returns::Text,
    Returns::Table,
];

/// The index `cgt doc` prints: every ruleset and every function, grouped by what they give.
pub fn index() -> String {
    let all = entries();
    let mut out = String::new();
    for (title, rulesets) in [("Rulesets", true), ("Functions", false)] {
        let _ = writeln!(out, "{title}");
        for kind in KINDS {
            let names: Vec<&str> = all
                .iter()
                .filter(|e| matches!(e, Entry::Ruleset(_)) == rulesets && e.returns() == kind)
                .map(Entry::name)
                .collect();
            if !names.is_empty() {
                let _ = writeln!(out, "  giving {}:\n{}", kind.describe(), wrap(&names, "    ", 92));
            }
        }
    }
    out.push_str("\n`cgt doc NAME` prints one entry.\n");
    out
}

/// The generated pages of the book's reference, as (file name under `docs/src/reference/`,
/// Markdown). Each example is a ```cgt block; the book's test writes its output after it.
pub fn reference_pages() -> Vec<(&'static str, String)> {
    let all = entries();
    let page = |title: &str, intro: &str, rulesets: bool| {
        let intro = intro.replace("LIMITS", LIMITS_NOTE);
        let mut out = format!(
            "# {title}\n\n<!-- Generated from the registry rows by `UPDATE_EXPECT=1 cargo test -p cgt-cli --test book`: do not edit. -->\n\n{intro}\n"
        );
        for e in all.iter().filter(|e| matches!(e, Entry::Ruleset(_)) == rulesets) {
            out.push_str(&reference_entry(e));
        }
        out
    };
    vec![
        (
            "rulesets.md",
            page(
                "Rulesets",
                "Every ruleset, in the order of the registry: its notation (the example), what it is, the \
                 settings it accepts after the brackets and the kind of result it gives, its limits and \
                 where its theory comes from, then its example run through `cgt eval`. `cgt doc NAME` prints \
                 the same entry in the terminal, and the editor shows it when the mouse rests on the name. \
                 LIMITS",
                true,
            ),
        ),
        (
            "functions.md",
            page(
                "Functions",
                "Every function, in the order of the registry: how it is called, what it computes, the \
                 kind of result it gives, its limits and where its theory comes from, then an example run \
                 through `cgt eval`. `cgt doc NAME` prints the same entry in the terminal, and the editor \
                 shows it when the mouse rests on the name. LIMITS",
                false,
            ),
        ),
    ]
}

/// What the times in the limits mean, for the reference pages.
const LIMITS_NOTE: &str = "The limits give the method's cost, its hard caps, and times of the `cgt eval` of one \
     statement with the release build on a shared two-core machine (2026), where the default budget is 10 s per \
     statement (`--budget` changes it).";

/// One entry of a reference page: a heading, the entry's Markdown, its example.
fn reference_entry(e: &Entry) -> String {
    let mut out = format!("\n## {}\n\n", e.name());
    // The hover's Markdown shows a signature in a ```cgt block, which is not a runnable
    // example: the book shows it as a plain code block instead.
    let body = link_theory_pages(&e.markdown().replace("```cgt\n", "```text\n"));
    let _ = writeln!(out, "{body}\n");
    let _ = writeln!(out, "```cgt\n{}\n```", e.example_lines().join("\n"));
    out
}

/// The limits and sources paragraphs that end an entry.
fn limits_and_source(limits: &str, source: &str) -> String {
    format!("\n\n**Limits**: {limits}\n\n**Theory**: {source}")
}

/// `text` with each book page it cites (`theory/NAME.md`) made a link from a reference page.
fn link_theory_pages(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find("theory/") {
        let after = &rest[i + "theory/".len()..];
        let stem = after.find(|c: char| !(c.is_ascii_lowercase() || c == '-')).unwrap_or(after.len());
        out.push_str(&rest[..i]);
        if after[stem..].starts_with(".md") {
            let page = &rest[i..i + "theory/".len() + stem + ".md".len()];
            let _ = write!(out, "[{page}](../{page})");
            rest = &rest[i + page.len()..];
        } else {
            out.push_str("theory/");
            rest = after;
        }
    }
    out.push_str(rest);
    out
}

/// Names quoted as code and joined with commas.
fn quoted(names: &[&str]) -> String {
    names.iter().map(|n| format!("`{n}`")).collect::<Vec<_>>().join(", ")
}

/// `names` joined with commas in lines of at most `width` characters, each starting with
/// `indent`.
fn wrap(names: &[&str], indent: &str, width: usize) -> String {
    let mut lines = vec![indent.to_string()];
    for (i, n) in names.iter().enumerate() {
        let piece = if i + 1 < names.len() { format!("{n}, ") } else { n.to_string() };
        let last = lines.last_mut().expect("one line at least");
        if last.len() + piece.trim_end().len() > width && last.len() > indent.len() {
            lines.push(indent.to_string());
        }
        lines.last_mut().expect("one line at least").push_str(&piece);
    }
    lines.iter().map(|l| l.trim_end()).collect::<Vec<_>>().join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_has_an_entry_and_an_example() {
        for e in entries() {
            assert_eq!(lookup(e.name()).map(|x| x.name()), Ok(e.name()));
            assert!(!e.example_lines().is_empty(), "{} has no example", e.name());
            assert!(index().contains(e.name()), "{} is not in the index", e.name());
        }
    }

    #[test]
    fn unknown_names_get_a_suggestion() {
        assert_eq!(lookup("clobbr").map(|e| e.name()), Err(Some("clobber")));
        assert_eq!(lookup("tmep").map(|e| e.name()), Err(Some("temp")));
        assert_eq!(lookup("zzzzzzzz").map(|e| e.name()), Err(None));
    }

    #[test]
    fn aliases_find_their_function() {
        let f = functions().iter().find(|f| !f.aliases.is_empty()).expect("a function with an alias");
        assert_eq!(lookup(f.aliases[0]).map(|e| e.name()), Ok(f.name));
    }

    #[test]
    fn every_entry_says_its_limits_and_sources() {
        let theory = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/src/");
        for e in entries() {
            let (limits, source) = match e {
                Entry::Ruleset(r) => (r.limits, r.source),
                Entry::Function(f) => (f.limits, f.source),
            };
            assert!(!limits.trim().is_empty(), "{} has no limits", e.name());
            assert!(!source.trim().is_empty(), "{} has no source", e.name());
            assert!(
                !source.contains("SPEC") && !source.contains("THEORY"),
                "{} cites a document outside the book",
                e.name()
            );
            // Every book page a source cites exists.
            for (i, _) in source.match_indices("theory/") {
                let page = &source[i..];
                let end = page.find(".md").expect("a cited page ends in .md") + ".md".len();
                let path = format!("{theory}{}", &page[..end]);
                assert!(std::path::Path::new(&path).is_file(), "{} cites {path}, which is not in the book", e.name());
            }
        }
    }

    #[test]
    fn theory_pages_become_links() {
        assert_eq!(
            link_theory_pages("theory/periodicity.md; WW ch. 4; theory/ alone"),
            "[theory/periodicity.md](../theory/periodicity.md); WW ch. 4; theory/ alone"
        );
    }

    #[test]
    fn book_paths_are_the_reference_anchors() {
        assert_eq!(lookup("clobber").map(|e| e.book_path()), Ok("reference/rulesets.html#clobber".to_string()));
        assert_eq!(lookup("Tiny").map(|e| e.book_path()), Ok("reference/functions.html#tiny".to_string()));
    }

    #[test]
    fn wrapping_keeps_every_name() {
        let names = ["alpha", "beta", "gamma", "delta"];
        assert_eq!(wrap(&names, "  ", 16), "  alpha, beta,\n  gamma, delta");
    }
}

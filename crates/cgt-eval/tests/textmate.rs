//! Checks the TextMate grammar `grammar/cgt.tmLanguage.json` (the VS Code extension's colours):
//! it is JSON with the scope name `source.cgt`, every regex in it passes a permissive check
//! (balanced groups and classes, fixed-width lookbehinds, captures that exist), every include
//! resolves, and every keyword, every function and every ruleset of the registry is coloured:
//! the names come from the same rows the evaluator, completion and hover read, so adding a
//! function or a ruleset without colouring it fails here.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use serde_json::{Map, Value};

/// The keywords of the language (grammar/cgt.ebnf).
const KEYWORDS: &[&str] = &["let", "is", "misere"];

/// The outcomes that may follow `is` (grammar/cgt.ebnf); the one-letter ones are not checked.
const OUTCOME_WORDS: &[&str] = &["win", "loss", "draw"];

fn repo_path(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").join(rel)
}

fn read(rel: &str) -> String {
    std::fs::read_to_string(repo_path(rel)).unwrap_or_else(|e| panic!("cannot read {rel}: {e}"))
}

fn grammar() -> Value {
    serde_json::from_str(&read("grammar/cgt.tmLanguage.json")).expect("grammar/cgt.tmLanguage.json is valid JSON")
}

/// A rule of the grammar (an object with `match`, `begin`, `include` or `patterns`) and where it is.
struct Rule<'a> {
    path: String,
    obj: &'a Map<String, Value>,
}

impl Rule<'_> {
    /// The rule's regexes, with their keys.
    fn regexes(&self) -> Vec<(&'static str, &str)> {
        ["match", "begin", "end", "while"]
            .into_iter()
            .filter_map(|k| {
                self.obj.get(k).map(|v| (k, v.as_str().unwrap_or_else(|| panic!("{}: {k} is a string", self.path))))
            })
            .collect()
    }

    /// The scope names the rule gives: its `name`, `contentName` and those of its captures.
    fn scopes(&self) -> Vec<&str> {
        let mut out: Vec<&str> =
            ["name", "contentName"].into_iter().filter_map(|k| self.obj.get(k).and_then(Value::as_str)).collect();
        for k in ["captures", "beginCaptures", "endCaptures", "whileCaptures"] {
            if let Some(Value::Object(caps)) = self.obj.get(k) {
                out.extend(caps.values().filter_map(|c| c.get("name").and_then(Value::as_str)));
            }
        }
        out
    }
}

fn collect_rules<'a>(v: &'a Value, path: String, out: &mut Vec<Rule<'a>>) {
    match v {
        Value::Object(m) => {
            // The top level (whose `name` is the language's) is not a rule.
            if !path.is_empty() && ["match", "begin", "include", "patterns"].iter().any(|k| m.contains_key(*k)) {
                out.push(Rule { path: path.clone(), obj: m });
            }
            for (k, x) in m {
                collect_rules(x, format!("{path}/{k}"), out);
            }
        }
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                collect_rules(x, format!("{path}/{i}"), out);
            }
        }
        _ => {}
    }
}

/// The names of the registry's functions (with their aliases) or rulesets.
fn registry_names(functions: bool) -> Vec<String> {
    if functions {
        cgt_eval::functions()
            .iter()
            .flat_map(|f| std::iter::once(f.name).chain(f.aliases.iter().copied()))
            .map(str::to_owned)
            .collect()
    } else {
        cgt_eval::rulesets().iter().map(|r| r.name.to_owned()).collect()
    }
}

fn is_word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '\''
}

/// Whether `word` occurs in `re` as a whole word (not inside a longer word).
fn has_word(re: &str, word: &str) -> bool {
    re.match_indices(word).any(|(at, _)| {
        !re[..at].chars().next_back().is_some_and(is_word_char)
            && !re[at + word.len()..].chars().next().is_some_and(is_word_char)
    })
}

/// The alternatives of the first capturing group of `re`: `(a|b|c)` gives a, b, c.
fn first_alternation(re: &str) -> Vec<String> {
    let start = re.match_indices('(').find(|(at, _)| !re[at + 1..].starts_with('?')).expect("a capturing group").0;
    let end = start + re[start..].find(')').expect("a closed group");
    re[start + 1..end].split('|').map(str::to_owned).collect()
}

/// A permissive well-formedness check of an Oniguruma regex, as far as it can be done without a
/// regex engine: escapes are complete, groups and character classes are balanced, lookbehinds
/// have no variable-length quantifiers. Returns the number of capturing groups.
fn check_regex(re: &str) -> Result<usize, String> {
    let chars: Vec<char> = re.chars().collect();
    let mut groups = 0;
    // For each open group: whether it is (inside) a lookbehind.
    let mut stack: Vec<bool> = Vec::new();
    let mut class_depth = 0usize;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '\\' {
            if i + 1 == chars.len() {
                return Err("ends with a lone backslash".into());
            }
            i += 2;
            continue;
        }
        if class_depth > 0 {
            match c {
                '[' => class_depth += 1,
                ']' => class_depth -= 1,
                _ => {}
            }
            i += 1;
            continue;
        }
        let in_lookbehind = stack.last().copied().unwrap_or(false);
        match c {
            '[' => {
                class_depth = 1;
                // `]` first in a class (or after `^`) is a literal.
                if chars.get(i + 1) == Some(&'^') {
                    i += 1;
                }
                if chars.get(i + 1) == Some(&']') {
                    i += 1;
                }
            }
            ']' => return Err(format!("unbalanced `]` at {i}")),
            '(' => {
                let rest: String = chars[i..].iter().take(4).collect();
                if rest.starts_with("(?") {
                    let lookbehind = rest == "(?<=" || rest == "(?<!";
                    let named = rest.starts_with("(?<") && !lookbehind;
                    if named {
                        groups += 1;
                    }
                    stack.push(in_lookbehind || lookbehind);
                    i += 2; // the `?` is not a quantifier
                    continue;
                }
                groups += 1;
                stack.push(in_lookbehind);
            }
            // The guard pops the group whether or not it fails.
            ')' if stack.pop().is_none() => return Err(format!("unbalanced `)` at {i}")),
            '*' | '+' | '?' if in_lookbehind => {
                return Err(format!("variable-length quantifier `{c}` in a lookbehind at {i}"));
            }
            _ => {}
        }
        i += 1;
    }
    if class_depth > 0 {
        return Err("unclosed character class".into());
    }
    if !stack.is_empty() {
        return Err("unclosed group".into());
    }
    Ok(groups)
}

#[test]
fn regex_check_catches_the_usual_mistakes() {
    assert_eq!(check_regex(r"(?<![A-Za-z_'])(let|is)\s*(\[)"), Ok(2));
    assert_eq!(check_regex(r"(?<name>a)(b)(?:c)"), Ok(2));
    assert_eq!(check_regex(r"[)(\]]+(?<=[*+?])x"), Ok(0));
    assert_eq!(check_regex(r"[^]]"), Ok(0));
    assert!(check_regex(r"(a").is_err());
    assert!(check_regex(r"a)").is_err());
    assert!(check_regex(r"[a").is_err());
    assert!(check_regex(r"a\").is_err());
    assert!(check_regex(r"(?<=\s*)a").is_err());
    assert!(check_regex(r"(?<!(ab)+)a").is_err());
}

#[test]
fn grammar_is_well_formed() {
    let g = grammar();
    assert_eq!(g["scopeName"], "source.cgt");
    let repository = g["repository"].as_object().expect("a repository");
    let mut rules = Vec::new();
    collect_rules(&g, String::new(), &mut rules);
    assert!(rules.len() > 20, "only {} rules", rules.len());
    let mut errors = Vec::new();
    for rule in &rules {
        let mut group_counts = std::collections::HashMap::new();
        for (key, re) in rule.regexes() {
            match check_regex(re) {
                Ok(n) => {
                    group_counts.insert(key, n);
                }
                Err(e) => errors.push(format!("{}/{key}: {e}: {re}", rule.path)),
            }
        }
        // Captures must name groups that exist.
        let caps = [
            ("captures", ["match", "begin", "end"].as_slice()),
            ("beginCaptures", ["begin"].as_slice()),
            ("endCaptures", ["end"].as_slice()),
            ("whileCaptures", ["while"].as_slice()),
        ];
        for (caps_key, regex_keys) in caps {
            let Some(Value::Object(c)) = rule.obj.get(caps_key) else { continue };
            let available = regex_keys.iter().filter_map(|k| group_counts.get(k)).max().copied().unwrap_or(0);
            for k in c.keys() {
                match k.parse::<usize>() {
                    Ok(n) if n <= available => {}
                    _ => errors.push(format!("{}/{caps_key}: capture {k} but only {available} groups", rule.path)),
                }
            }
        }
        if rule.obj.contains_key("begin") != rule.obj.contains_key("end") {
            errors.push(format!("{}: begin without end or end without begin", rule.path));
        }
        if let Some(inc) = rule.obj.get("include").and_then(Value::as_str) {
            let ok = inc == "$self"
                || inc == "$base"
                || inc.strip_prefix('#').is_some_and(|name| repository.contains_key(name));
            if !ok {
                errors.push(format!("{}: include {inc} does not resolve", rule.path));
            }
        }
        for scope in rule.scopes() {
            if !scope.ends_with(".cgt") {
                errors.push(format!("{}: scope {scope} does not end in .cgt", rule.path));
            }
        }
    }
    assert!(errors.is_empty(), "the TextMate grammar has errors:\n{}", errors.join("\n"));
}

/// Whether some rule giving `scope` has a regex with `word` in it.
fn coloured(rules: &[Rule<'_>], word: &str, scope: &str) -> bool {
    rules.iter().any(|r| r.scopes().contains(&scope) && r.regexes().iter().any(|(_, re)| has_word(re, word)))
}

#[test]
fn every_keyword_function_and_ruleset_is_coloured() {
    let g = grammar();
    let mut rules = Vec::new();
    collect_rules(&g, String::new(), &mut rules);
    let functions = registry_names(true);
    let rulesets = registry_names(false);
    let mut missing = Vec::new();
    for kw in KEYWORDS {
        if !coloured(&rules, kw, &format!("keyword.other.{kw}.cgt")) {
            missing.push(format!("keyword `{kw}` (scope keyword.other.{kw}.cgt)"));
        }
    }
    for kw in cgt_syntax::DEF_KEYWORDS {
        let scopes = ["keyword.other.definition.cgt", "keyword.control.definition.cgt", "keyword.operator.word.cgt"];
        if !scopes.iter().chain(&["constant.language.boolean.cgt"]).any(|s| coloured(&rules, kw, s)) {
            missing.push(format!("definition keyword `{kw}` (a keyword.* scope of the definition rules)"));
        }
    }
    for w in OUTCOME_WORDS {
        if !coloured(&rules, w, "constant.language.outcome.cgt") {
            missing.push(format!("outcome `{w}` (scope constant.language.outcome.cgt)"));
        }
    }
    for f in &functions {
        if !coloured(&rules, f, "support.function.builtin.cgt") {
            missing.push(format!("function `{f}` (scope support.function.builtin.cgt)"));
        }
    }
    for r in &rulesets {
        if !coloured(&rules, r, "support.type.ruleset.cgt") {
            missing.push(format!("ruleset `{r}` (scope support.type.ruleset.cgt)"));
        }
    }
    assert!(
        missing.is_empty(),
        "grammar/cgt.tmLanguage.json does not colour:\n{}\n(add them to the alternations of the \
         function-name / ruleset-name rules)",
        missing.join("\n")
    );
}

#[test]
fn grammar_names_no_removed_function_or_ruleset() {
    let g = grammar();
    let repo = &g["repository"];
    let functions: BTreeSet<String> = registry_names(true).into_iter().collect();
    let rulesets: BTreeSet<String> = registry_names(false).into_iter().collect();
    let listed = |rule: &str| -> BTreeSet<String> {
        let re = repo[rule]["match"].as_str().unwrap_or_else(|| panic!("repository.{rule}.match"));
        first_alternation(re).into_iter().collect()
    };
    assert_eq!(listed("function-name"), functions, "function-name lists exactly the registry's functions");
    assert_eq!(listed("ruleset-name"), rulesets, "ruleset-name lists exactly the registry's rulesets");
}

#[test]
fn vscode_extension_uses_this_grammar() {
    let g = grammar();
    let pkg: Value =
        serde_json::from_str(&read("editors/vscode/package.json")).expect("editors/vscode/package.json is JSON");
    let contributes = &pkg["contributes"];
    let language = contributes["languages"]
        .as_array()
        .and_then(|ls| ls.iter().find(|l| l["id"] == "cgt"))
        .expect("the extension contributes the language `cgt`");
    assert!(language["extensions"].as_array().is_some_and(|e| e.iter().any(|x| x == ".cgt")));
    let grammar_entry = contributes["grammars"]
        .as_array()
        .and_then(|gs| gs.iter().find(|x| x["language"] == "cgt"))
        .expect("the extension contributes a grammar for `cgt`");
    assert_eq!(grammar_entry["scopeName"], g["scopeName"]);
    // The extension's copy is made from grammar/ by its build scripts, never edited by hand.
    let scripts = pkg["scripts"].to_string();
    assert!(scripts.contains("grammar/cgt.tmLanguage.json"), "package.json scripts copy grammar/cgt.tmLanguage.json");
}

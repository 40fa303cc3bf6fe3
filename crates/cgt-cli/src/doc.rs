//! `cgt doc`: the index of every ruleset and function, or one entry with its example run, from
//! the same registry rows as the editor's hover and the book's reference.

use std::process::ExitCode;

use cgt_eval::manual::{self, Entry};

use crate::render;

/// Prints the index (no name) or the entry `name`; an unknown name is an error with a
/// suggestion and exit status 1.
pub fn run(name: Option<&str>) -> ExitCode {
    let Some(name) = name else {
        print!("{}", manual::index());
        return ExitCode::SUCCESS;
    };
    match manual::lookup(name) {
        Ok(entry) => {
            print!("{}", entry_text(&entry));
            ExitCode::SUCCESS
        }
        Err(suggestion) => {
            eprintln!("error: no ruleset or function is named `{name}`");
            match suggestion {
                Some(s) => eprintln!("hint: did you mean `{s}`? (`cgt doc` lists every name)"),
                None => eprintln!("hint: `cgt doc` lists every ruleset and function"),
            }
            ExitCode::from(crate::EXIT_ERRORS)
        }
    }
}

/// The entry as the hover shows it, then its example evaluated as `cgt eval` prints it, and
/// where the book has it.
fn entry_text(entry: &Entry) -> String {
    let example = entry.example_lines().join("\n") + "\n";
    let reports = cgt_eval::evaluate(&example, &cgt_eval::Config::default());
    let page = match entry {
        Entry::Ruleset(_) => "rulesets",
        Entry::Function(_) => "functions",
    };
    format!(
        "{}\n\nExample:\n{}\nIn the book: docs/src/reference/{page}.md#{}\n",
        entry.markdown(),
        render::lines(&reports, false),
        entry.name()
    )
}

//! Evaluating a file's statements on several threads (`cgt eval --jobs N`).
//!
//! Statements depend on each other only through names: a `let`, `def` or `rule` binds a name
//! that later statements use. Statements are grouped by the names they define or use (a name
//! joins every statement that mentions it), and each group is evaluated in file order in its
//! own session on one of the threads; the reports come back in file order. Printed values do
//! not depend on a session's history (an invariant of the arena), so the output is the same as
//! [`crate::evaluate`]'s; only caches are not shared between threads.

use std::collections::{HashMap, HashSet};

use cgt_syntax::{NameRole, ParsedFile, name_defined, name_refs};

use crate::session::{Config, Session};
use crate::{LineCounter, StmtReport};

/// The group of each statement: statements that share a name the file defines are in one
/// group (names of built-in functions and rulesets do not join statements); a statement that
/// uses a name defined nowhere is evaluated with every defining statement, so that its error's
/// "did you mean" hint sees the same names as in one session. Groups are numbered by their
/// first statement.
pub fn statement_groups(parsed: &ParsedFile) -> Vec<usize> {
    let n = parsed.stmts.len();
    let mut parent: Vec<usize> = (0..n).collect();
    let defined: HashSet<&str> = parsed.stmts.iter().filter_map(|s| name_defined(s).map(|d| d.node.as_str())).collect();
    let builtin = |name: &str| crate::rows::function(name).is_some() || crate::rows::ruleset(name).is_some();
    let mut first_with: HashMap<String, usize> = HashMap::new();
    let mut needs_all_names = Vec::new();
    for (i, stmt) in parsed.stmts.iter().enumerate() {
        let used = name_refs(stmt).into_iter().filter(|r| r.is_global());
        // A word in a ruleset's brackets that no statement binds is notation (`clobber[WBW]`).
        let names = used
            .map(|r| (r.role == NameRole::Argument, r.name.node))
            .chain(name_defined(stmt).map(|s| (false, s.node.clone())));
        for (word, name) in names {
            if !defined.contains(name.as_str()) {
                if !builtin(&name) && !word {
                    needs_all_names.push(i);
                }
                continue;
            }
            let j = *first_with.entry(name).or_insert(i);
            union(&mut parent, i, j);
        }
    }
    if let Some(&k) = needs_all_names.first() {
        let definers = parsed.stmts.iter().enumerate().filter(|(_, s)| name_defined(s).is_some()).map(|(i, _)| i);
        for i in needs_all_names.iter().copied().chain(definers).collect::<Vec<_>>() {
            union(&mut parent, i, k);
        }
    }
    let roots: Vec<usize> = (0..n).map(|i| find(&mut parent, i)).collect();
    let mut number: HashMap<usize, usize> = HashMap::new();
    roots
        .into_iter()
        .map(|r| {
            let next = number.len();
            *number.entry(r).or_insert(next)
        })
        .collect()
}

fn find(parent: &mut [usize], mut i: usize) -> usize {
    while parent[i] != i {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    i
}

fn union(parent: &mut [usize], a: usize, b: usize) {
    let (ra, rb) = (find(parent, a), find(parent, b));
    // The smaller index is the root, so a group's root is its first statement.
    if ra != rb {
        parent[ra.max(rb)] = ra.min(rb);
    }
}

/// Evaluates every statement of `src` as [`crate::evaluate`] does, on up to `threads` threads
/// (`None`: as many as the machine's cores), and returns one report per statement in file order.
/// The calling thread evaluates one share itself, so it needs a stack as large as the `stack`
/// bytes each other thread gets; a file whose statements form one group is evaluated on the
/// calling thread alone, without starting a thread or asking the machine for its cores.
pub fn evaluate_parallel(src: &str, config: &Config, threads: Option<usize>, stack: usize) -> Vec<StmtReport> {
    let parsed = cgt_syntax::parse(src);
    let groups = statement_groups(&parsed);
    let group_count = groups.iter().copied().max().map_or(0, |g| g + 1);
    // Asking for the cores reads files (cgroup quotas), so only when there is a choice.
    let threads = if group_count <= 1 { 1 } else { threads.unwrap_or_else(cores).clamp(1, group_count) };
    if threads == 1 {
        return crate::evaluate_parsed(parsed, src, config);
    }
    let mut lines = LineCounter::default();
    let line_numbers: Vec<usize> = parsed.stmts.iter().map(|s| lines.line_of(src, s.span.start)).collect();
    // Each statement's own helper threads (a large Cram region, a long octal sequence) share
    // the cores with the other workers: more threads than cores would make their spin-waits
    // stall for seconds, and a statement's result or budget must not depend on the others.
    let mut config = config.clone();
    config.threads = config.threads.min((cores() / threads).max(1));
    let config = &config;
    // Groups are dealt to the threads in turn, in the order of their first statements.
    let share = Share { parsed: &parsed, src, config, line_numbers: &line_numbers, groups: &groups, threads };
    let Some(reports) = share.run_all(stack) else { return crate::evaluate(src, config) };
    let mut syntax_errors = parsed.errors.into_iter().peekable();
    let mut out = Vec::with_capacity(reports.len());
    for (stmt, report) in parsed.stmts.iter().zip(reports) {
        let Some(mut report) = report else { return crate::evaluate(src, config) };
        let mut errors = Vec::new();
        while let Some(d) = syntax_errors.next_if(|d| d.span.start <= stmt.span.end) {
            errors.push(d);
        }
        report.diagnostics.splice(0..0, errors);
        out.push(report);
    }
    out
}

/// The machine's cores (1 when they cannot be read).
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// What every worker reads: the file, its statements' groups and lines, and the thread count.
struct Share<'a> {
    parsed: &'a ParsedFile,
    src: &'a str,
    config: &'a Config,
    line_numbers: &'a [usize],
    groups: &'a [usize],
    threads: usize,
}

impl Share<'_> {
    /// Runs worker 0 on this thread and the others on new threads; `None` when a thread could
    /// not start or failed.
    fn run_all(&self, stack: usize) -> Option<Vec<Option<StmtReport>>> {
        let results = std::thread::scope(|scope| {
            let handles: Vec<_> = (1..self.threads)
                .map(|w| std::thread::Builder::new().stack_size(stack).spawn_scoped(scope, move || self.run(w)))
                .collect();
            let mine = self.run(0);
            let others = handles.into_iter().map(|h| h.ok().and_then(|h| h.join().ok())).collect::<Vec<_>>();
            std::iter::once(Some(mine)).chain(others).collect::<Vec<_>>()
        });
        let mut reports: Vec<Option<StmtReport>> = vec![None; self.parsed.stmts.len()];
        for done in results {
            for (i, r) in done? {
                reports[i] = Some(r);
            }
        }
        Some(reports)
    }

    /// Evaluates, in file order in one session, the statements of the groups dealt to worker `w`.
    fn run(&self, w: usize) -> Vec<(usize, StmtReport)> {
        let mut session = Session::new(self.config.clone());
        let mut out = Vec::new();
        for (i, stmt) in self.parsed.stmts.iter().enumerate().filter(|(i, _)| self.groups[*i] % self.threads == w) {
            let budget = session.budget();
            out.push((i, session.run_statement(stmt, self.src, self.line_numbers[i], &budget)));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn groups(src: &str) -> Vec<usize> {
        statement_groups(&cgt_syntax::parse(src))
    }

    #[test]
    fn statements_that_share_a_name_share_a_group() {
        let src = "let a = 1\n*2\na + 1\ndef f(n) = n\nf(3) + a\n{1 | 0}\nrule r(n) = [n - 1 for k in 1..1]\ngrundy(r, 0..3)\n";
        assert_eq!(groups(src), [0, 1, 0, 0, 0, 2, 3, 3]);
        // Built-in names do not join statements; an unknown name joins every definition.
        assert_eq!(groups("toppling[BW]\ntoppling[WB]\nlet a = 1\nb + 1\n*3\n"), [0, 1, 2, 2, 3]);
        assert_eq!(groups(""), Vec::<usize>::new());
    }

    #[test]
    fn parallel_evaluation_gives_the_same_reports() {
        let src = "let a = {1 | 0}\n*2 + *3\na + a\nlet a = 1/2\na\ndef f(n) = if n == 0 then 0 else { f(n - 1) | }\nf(5)\n\
                   toppling[BWB]\nWBBW == 1/2\n{1 | \nnim[3, 4, 5]\nrule s(n) = [n - k for k in [1, 2] if k <= n]\ns[7]\n\
                   aa + 1\nlet pile = BBW\npyle\n";
        let config = Config::default();
        let one = crate::evaluate(src, &config);
        for threads in [Some(1), Some(2), Some(3), Some(8), None] {
            let many = evaluate_parallel(src, &config, threads, 64 << 20);
            assert_eq!(many.len(), one.len());
            for (a, b) in one.iter().zip(&many) {
                assert_eq!(
                    (&a.value, &a.outcome, &a.diagnostics, a.line),
                    (&b.value, &b.outcome, &b.diagnostics, b.line)
                );
            }
        }
    }
}

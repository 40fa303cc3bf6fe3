//! The `cgt` command line: `cgt eval FILE` evaluates a .cgt file and prints one line per
//! statement, `cgt doc NAME` prints a reference entry; the only place in the project with process
//! IO and exit codes.

mod budget_arg;
mod doc;
mod render;
mod tex;

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use cgt_eval::{Config, StmtReport};

/// Combinatorial game positions: values, outcomes and checks.
#[derive(Parser)]
#[command(name = "cgt", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Evaluate a .cgt file (`-` for standard input): one line per statement.
    Eval(EvalArgs),
    /// Format .cgt files in the canonical layout (print, `--write` in place, or `--check`).
    Fmt(FmtArgs),
    /// Run the language server on standard input and output (for editors).
    Lsp,
    /// List every ruleset and function, or print the entry of one (`cgt doc clobber`).
    Doc(DocArgs),
}

#[derive(clap::Args)]
struct DocArgs {
    /// The ruleset or function to describe; without it, the index of every name.
    name: Option<String>,
}

#[derive(clap::Args)]
struct FmtArgs {
    /// The files to format, or `-` for standard input.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Rewrite the files in place instead of printing.
    #[arg(long, conflicts_with = "check")]
    write: bool,
    /// Print nothing; exit with status 1 if a file is not formatted.
    #[arg(long)]
    check: bool,
}

#[derive(clap::Args)]
struct EvalArgs {
    /// The file to evaluate, or `-` for standard input.
    file: PathBuf,
    /// Print one JSON object per statement instead of text.
    #[arg(long)]
    json: bool,
    /// Print values with ↑ ↓ ± instead of ^ v +-.
    #[arg(long)]
    unicode: bool,
    /// Time and memory allowed per statement, e.g. `10s`, `500ms`, `10s,2GiB`.
    #[arg(long, default_value = "10s,2GiB", value_parser = budget_arg::parse)]
    budget: budget_arg::BudgetArg,
    /// Write pictures into this folder as SVG: thermographs and game trees of game values,
    /// plots of Grundy sequences and one-index tables, heat maps of tables of numbers, positions of
    /// boards, strips, cakes and Hackenbush strings (`line-N-thermograph.svg`, `line-N-tree.svg`,
    /// `line-N-plot.svg`, `line-N-heatmap.svg`, `line-N-position.svg`).
    #[arg(long, value_name = "DIR")]
    svg: Option<PathBuf>,
    /// Write each two-dimensional table into this folder as CSV (`line-N-table.csv`).
    #[arg(long, value_name = "DIR")]
    csv: Option<PathBuf>,
    /// Evaluate statements that share no name on up to N threads (default: the number of
    /// cores), and one statement's search (Cram's, a long octal sequence) on up to N; the output is the same, in file
    /// order. `--jobs 1` evaluates on one thread.
    #[arg(long, short = 'j', value_name = "N")]
    jobs: Option<usize>,
    /// Also print each statement's evaluation time.
    #[arg(long)]
    time: bool,
    /// Also write the file and its results as a LaTeX document: each statement's source, its
    /// value in math (as `tex(G)` writes it), its outcome, a check's tick or cross, and the
    /// thermograph and (small games) the game tree of a game that is not a number, in TikZ.
    #[arg(long, value_name = "FILE.tex")]
    tex: Option<PathBuf>,
    /// Also print, under each statement whose value is a game, the derivation of its
    /// canonical form step by step (as `explain(G)` gives it).
    #[arg(long)]
    explain: bool,
    /// Never color the error reports (they are plain when not printed to a terminal).
    #[arg(long)]
    no_color: bool,
    /// Print every result in full, however long (a result over 100,000 characters is
    /// otherwise cut, with a note of how much was left out).
    #[arg(long)]
    full: bool,
}

/// Exit status when a check fails or is undecided, a statement has an error, or a statement
/// gave up on its budget.
const EXIT_ERRORS: u8 = 1;
/// Exit status when the input cannot be read.
const EXIT_UNREADABLE: u8 = 2;

/// Stack size for the evaluation thread: deep games recurse, and the virtual reservation costs
/// nothing until used.
const EVAL_STACK: usize = 256 << 20;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Eval(args) => eval(args),
        Command::Fmt(args) => fmt(args),
        Command::Lsp => {
            cgt_lsp::serve_stdio();
            ExitCode::SUCCESS
        }
        Command::Doc(args) => doc::run(args.name.as_deref()),
    }
}

fn fmt(args: FmtArgs) -> ExitCode {
    let mut status = ExitCode::SUCCESS;
    for path in &args.files {
        let (name, src) = match read_input(path) {
            Ok(x) => x,
            Err(msg) => {
                eprintln!("error: {msg}");
                return ExitCode::from(EXIT_UNREADABLE);
            }
        };
        let formatted = cgt_ide::format(&src);
        if args.check {
            if formatted != src {
                eprintln!("{name} is not formatted");
                status = ExitCode::from(EXIT_ERRORS);
            }
        } else if args.write && path.as_os_str() != "-" {
            if formatted != src
                && let Err(e) = std::fs::write(path, &formatted)
            {
                eprintln!("error: cannot write {name}: {e}");
                return ExitCode::from(EXIT_UNREADABLE);
            }
        } else {
            print!("{formatted}");
        }
    }
    status
}

fn eval(args: EvalArgs) -> ExitCode {
    let (name, src) = match read_input(&args.file) {
        Ok(x) => x,
        Err(msg) => {
            eprintln!("error: {msg}");
            return ExitCode::from(EXIT_UNREADABLE);
        }
    };
    let config = Config {
        time: args.budget.time,
        memory: args.budget.memory,
        unicode: args.unicode,
        details: args.explain,
        pictures: args.svg.is_some(),
        tikz: args.tex.is_some(),
        // `--jobs N` also limits the threads of one statement's search.
        threads: args.jobs.map_or(usize::MAX, |n| n.max(1)),
        full: args.full,
    };
    // The number of cores is asked only when the file has statements that can run apart.
    let jobs = args.jobs.map(|n| n.max(1));
    // The evaluation thread also writes the output and ends the process: the thread's own
    // teardown and the wait for it are skipped (0.03-0.15 ms of a run of a few milliseconds,
    // BENCHMARKS "Cram's small rows"), and so is dropping the session's tables. It returns only
    // by panicking, which the join below reports.
    let spawned = std::thread::Builder::new().stack_size(EVAL_STACK).spawn({
        let (name, src) = (name.clone(), src.clone());
        move || {
            let reports = cgt_eval::evaluate_parallel(&src, &config, jobs, EVAL_STACK);
            let code = finish(&args, &name, &src, &reports);
            std::process::exit(i32::from(code))
        }
    });
    let _ = spawned.map(|h| h.join());
    eprintln!("error: internal error while evaluating {name}; please report it with the file");
    ExitCode::from(EXIT_ERRORS)
}

/// Writes the pictures, the result lines and the reports of an evaluated file, and gives the
/// exit status.
fn finish(args: &EvalArgs, name: &str, src: &str, reports: &[StmtReport]) -> u8 {
    if let Some(dir) = &args.svg
        && let Err(msg) = write_pictures(dir, reports)
    {
        eprintln!("error: {msg}");
        return EXIT_ERRORS;
    }
    if let Some(dir) = &args.csv
        && let Err(msg) = write_tables(dir, reports)
    {
        eprintln!("error: {msg}");
        return EXIT_ERRORS;
    }
    if let Some(path) = &args.tex
        && let Err(e) = std::fs::write(path, tex::document(name, reports))
    {
        eprintln!("error: cannot write {}: {e}", path.display());
        return EXIT_ERRORS;
    }
    let mut out = std::io::stdout().lock();
    let text = if args.json { render::json(reports, args.time) } else { render::lines(reports, args.time) };
    let _ = out.write_all(text.as_bytes());
    let _ = out.flush();
    let color = !args.no_color && std::io::IsTerminal::is_terminal(&std::io::stderr());
    let _ = std::io::stderr().write_all(render::reports(name, src, reports, color).as_bytes());
    if reports.iter().any(StmtReport::is_incomplete) { EXIT_ERRORS } else { 0 }
}

/// Writes the SVG pictures of the reports into `dir`, one file per picture.
fn write_pictures(dir: &PathBuf, reports: &[cgt_eval::StmtReport]) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    for r in reports {
        for p in &r.pictures {
            let path = dir.join(format!("line-{}-{}.svg", r.line, p.kind));
            std::fs::write(&path, p.svg.as_bytes()).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        }
    }
    Ok(())
}

/// Writes the tables of the reports into `dir` as CSV, one file per table statement.
fn write_tables(dir: &PathBuf, reports: &[cgt_eval::StmtReport]) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    for r in reports {
        if let Some(t) = &r.table {
            let path = dir.join(format!("line-{}-table.csv", r.line));
            std::fs::write(&path, t.csv()).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        }
    }
    Ok(())
}

/// Reads the file (or standard input) as UTF-8 text.
fn read_input(path: &PathBuf) -> Result<(String, String), String> {
    let (name, bytes) = if path.as_os_str() == "-" {
        let mut buf = Vec::new();
        std::io::stdin().read_to_end(&mut buf).map_err(|e| format!("cannot read standard input: {e}"))?;
        ("<stdin>".to_string(), buf)
    } else {
        let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        (path.display().to_string(), bytes)
    };
    let text = String::from_utf8(bytes)
        .map_err(|e| format!("{name} is not UTF-8 text (invalid byte at offset {})", e.utf8_error().valid_up_to()))?;
    Ok((name, text))
}

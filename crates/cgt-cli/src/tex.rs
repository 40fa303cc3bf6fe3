//! `cgt eval --tex FILE.tex`: the evaluated file as a LaTeX document for a paper or a handout.
//! Each statement is an item: its source (verbatim), then its value in math as `tex(G)` writes
//! it, its outcome class, a check's tick or cross, or its error; a table below as a `tabular`;
//! the thermograph of a game that is not a number and the game tree of a small game below as
//! TikZ pictures. The document needs only `amsmath` and `amssymb`, and `tikz` when it has a
//! picture. TeX reads at most 200,000 characters a line (TeX Live's `buf_size`), and a large
//! game's value is longer than that (`domineering[4x10]` prints in 154,698 characters, about
//! three times as many in math): the document's lines are broken after about [`LINE`]
//! characters, where TeX reads the break as nothing ([`wrap`]).

use cgt_eval::{CheckStatus, StmtReport};
use cgt_syntax::Severity;

/// The document for the file `name` and its reports.
pub fn document(name: &str, reports: &[StmtReport]) -> String {
    let mut out = String::from("\\documentclass{article}\n\\usepackage{amsmath,amssymb}\n");
    if reports.iter().any(|r| !r.tikz.is_empty()) {
        out.push_str("\\usepackage{tikz}\n");
    }
    out.push_str("\\begin{document}\n");
    out.push_str(&format!("\\section*{{\\texttt{{{}}}}}\n", escape(name)));
    if reports.is_empty() {
        out.push_str("No statements.\n");
    } else {
        out.push_str("\\begin{itemize}\n");
        for r in reports {
            let head = format!("\\item[{}] {}", r.line, verbatim(&r.source));
            let column = head.len() - head.rfind('\n').map_or(0, |i| i + 1);
            out.push_str(&head);
            out.push_str(&wrap_from(&format!("{}{}", result(r), pictures(r)), column));
            out.push('\n');
        }
        out.push_str("\\end{itemize}\n");
    }
    out.push_str("\\end{document}\n");
    out
}

/// What follows a statement's source: its result, in math where it is a game's value.
fn result(r: &StmtReport) -> String {
    let error = r.diagnostics.iter().find(|d| d.severity == Severity::Error);
    match (r.check, error) {
        (Some(CheckStatus::Passed), _) => return " \\quad $\\checkmark$".into(),
        (Some(CheckStatus::Failed), Some(d)) => return format!(" \\quad $\\times$ \\textit{{{}}}", escape(&d.message)),
        (_, Some(d)) => return format!(" \\quad \\textit{{error: {}}}", escape(&d.message)),
        _ => {}
    }
    let mut out = String::new();
    if let Some(v) = &r.value {
        let number = !v.is_empty() && v.trim_start_matches('-').chars().all(|c| c.is_ascii_digit() || c == '/');
        let shown = if r.outcome.is_some() || number { format!("${}$", cgt_eval::latex(&ascii(v))) } else { texttt(v) };
        match &r.name {
            Some(n) => out.push_str(&format!(" \\quad $\\mathit{{{}}} = $ {shown}", escape(n))),
            None => out.push_str(&format!(" \\quad $=$ {shown}")),
        }
    }
    if let Some(o) = &r.outcome {
        out.push_str(&format!(" \\quad ({})", escape(o)));
    }
    for (label, text) in &r.extras {
        out.push_str(&format!("; {}: {}", escape(label), texttt(text)));
    }
    if r.diagnostics.iter().any(|d| d.message.contains("gave up")) {
        out.push_str(" \\quad \\textit{gave up on its budget}");
    }
    if let Some(t) = &r.table {
        out.push_str(&tabular(t));
    }
    out
}

/// The TikZ pictures of a statement's value (thermograph, game tree), side by side in a
/// centred block below it.
fn pictures(r: &StmtReport) -> String {
    if r.tikz.is_empty() || r.has_error() {
        return String::new();
    }
    let shown: Vec<&str> = r.tikz.iter().map(|(_, t)| t.as_str()).collect();
    format!("\n\\begin{{center}}\n{}\n\\end{{center}}", shown.join("\n\\qquad\n"))
}

/// A table as a `tabular`: the corner and the column headers above a rule, each row's header
/// left of a rule, every entry in math (`?` for a cell that gave up).
fn tabular(t: &cgt_eval::Table) -> String {
    // Printed games in math; other entries (strings, tuples, `?`) as text.
    let game = |s: &str| s.chars().all(|c| c.is_alphanumeric() || "{}|^*+-/,.<>[]&()↑↓± ".contains(c));
    let math = |s: &str| {
        if s != cgt_eval::GAVE_UP && game(s) { format!("${}$", cgt_eval::latex(&ascii(s))) } else { texttt(s) }
    };
    let corner = format!("${} \\backslash {}$", escape(&t.row_name), escape(&t.column_name));
    let mut out = format!("\n\\begin{{center}}\\small\n\\begin{{tabular}}{{r|{}}}\n", "r".repeat(t.columns.len()));
    let heads: Vec<String> = t.columns.iter().map(|c| math(c)).collect();
    out.push_str(&format!("{corner} & {} \\\\ \\hline\n", heads.join(" & ")));
    for (i, row) in t.rows.iter().enumerate() {
        let cells: Vec<String> = (0..t.columns.len()).map(|j| math(t.cell(i, j))).collect();
        out.push_str(&format!("{} & {} \\\\\n", math(row), cells.join(" & ")));
    }
    out.push_str("\\end{tabular}\n\\end{center}");
    out
}

/// A value printed with `--unicode`, written back in ASCII for [`cgt_eval::latex`].
fn ascii(v: &str) -> String {
    v.replace('↑', "^").replace('↓', "v").replace('±', "+-")
}

/// Text in typewriter type, escaped, one line.
fn texttt(s: &str) -> String {
    format!("\\texttt{{{}}}", escape(&s.replace('\n', " ")))
}

/// The source of a statement verbatim, with a delimiter it does not contain; a long one (a
/// `\verb` cannot span lines) in typewriter type, its lines broken by [`wrap`].
fn verbatim(s: &str) -> String {
    match ['|', '!', '@', '+', '"', '=', '/'].into_iter().find(|c| !s.contains(*c)) {
        Some(d) if s.len() <= VERB => format!("\\verb{d}{s}{d}"),
        _ => wrap(&texttt(s)),
    }
}

/// The longest source shown by `\verb`: short enough that its line stays under [`LINE`].
const VERB: usize = 1_000;
/// Lines of the document are broken once they pass this many characters.
const LINE: usize = 2_000;

/// `s` with a TeX comment and a line break (`%` and a newline, which TeX reads as nothing at
/// all) after the first comma or space past every [`LINE`] characters of a line: the
/// document's text is the same to TeX, in lines it can read. A comma or a space never ends a
/// control word, so no command is split; `s` holds no `\verb` (the sources of statements are
/// outside it).
fn wrap(s: &str) -> String {
    wrap_from(s, 0)
}

/// [`wrap`] for text that continues a line already `column` characters long.
fn wrap_from(s: &str, column: usize) -> String {
    let mut out = String::with_capacity(s.len() + s.len() / LINE * 2);
    let mut line = column;
    for c in s.chars() {
        out.push(c);
        line = if c == '\n' { 0 } else { line + 1 };
        if line >= LINE && (c == ',' || c == ' ') {
            out.push_str("%\n");
            line = 0;
        }
    }
    out
}

/// Escapes LaTeX's special characters in running text.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\textbackslash{}"),
            '{' | '}' | '$' | '&' | '#' | '%' | '_' => {
                out.push('\\');
                out.push(c);
            }
            '^' => out.push_str("\\textasciicircum{}"),
            '~' => out.push_str("\\textasciitilde{}"),
            '|' => out.push_str("\\textbar{}"),
            '<' => out.push_str("\\textless{}"),
            '>' => out.push_str("\\textgreater{}"),
            '\n' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether the braces of `s` balance, ignoring escaped ones and `\verb` arguments.
    fn balanced(s: &str) -> bool {
        let mut depth = 0i64;
        let mut chars = s.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '\\' => {
                    let word: String = std::iter::from_fn(|| chars.next_if(|c| c.is_ascii_alphabetic())).collect();
                    if word == "verb" {
                        let d = chars.next().expect("a delimiter");
                        for c in chars.by_ref() {
                            if c == d {
                                break;
                            }
                        }
                    } else if word.is_empty() {
                        chars.next();
                    }
                }
                '{' => depth += 1,
                '}' => depth -= 1,
                _ => {}
            }
            if depth < 0 {
                return false;
            }
        }
        depth == 0
    }

    #[test]
    fn a_file_becomes_a_document_with_an_item_per_statement() {
        let src = "WBBW.BW\n{1/2 | ^*}\nWBBW == 1/2\nlet x = {3 || 2 | 1}\n1/3\n# 100% {braces} & _under_\ngrundy(kayles, 0..4)\n";
        let reports = cgt_eval::evaluate(src, &cgt_eval::Config::default());
        let tex = document("hw_1.cgt", &reports);
        assert!(tex.starts_with("\\documentclass{article}"), "{tex}");
        assert!(tex.trim_end().ends_with("\\end{document}"), "{tex}");
        assert_eq!(tex.matches("\\item[").count(), reports.len(), "{tex}");
        assert!(balanced(&tex), "{tex}");
        assert!(tex.contains("\\section*{\\texttt{hw\\_1.cgt}}"), "{tex}");
        assert!(tex.contains("$\\{\\frac{1}{2} \\mid \\uparrow\\ast\\}$"), "{tex}");
        assert!(tex.contains("$\\times$"), "the failed check: {tex}");
        assert!(tex.contains("$\\mathit{x} = $ $\\{3 \\mid\\mid 2 \\mid 1\\}$"), "{tex}");
        assert!(tex.contains("\\textit{error: "), "1/3: {tex}");
        assert!(tex.contains("\\texttt{[0, 1, 2, 3, 1]}"), "a list: {tex}");
        assert!(!tex.contains("tikz"), "no pictures without Config::tikz: {tex}");
    }

    #[test]
    fn long_sources_and_values_come_in_lines_tex_can_read() {
        // A list of 3,001 values (about 9,000 characters) and a source of 6,000 characters.
        let sum = vec!["1"; 1_500].join(" + ");
        let src = format!("grundy(kayles, 0..3000)\n{sum}\n");
        let reports = cgt_eval::evaluate(&src, &cgt_eval::Config::default());
        let tex = document("long.cgt", &reports);
        let longest = tex.lines().map(str::len).max().unwrap_or(0);
        assert!(longest <= LINE + 100, "a line of {longest} characters");
        assert!(tex.contains("%\n"), "{tex}");
        assert!(balanced(&tex), "{tex}");
        // TeX reads `%` and the line break as nothing: the same text as in one line.
        let read = tex.replace("%\n", "");
        let values = reports[0].value.as_deref().expect("the list");
        assert!(read.contains(&format!("\\texttt{{{values}}}")), "{read}");
        assert!(read.contains(&format!("\\texttt{{{}}}", escape(&sum))), "the long source in typewriter type");
        assert!(!read.contains("\\verb!1 + 1"), "a long source is not a \\verb");
    }

    #[test]
    fn thermographs_and_small_game_trees_are_tikz_pictures() {
        let src = "{2 || 1 | 0}\n1/2\nlet x = {1|-1} + {2|-2} + {3|-3} + {4|-4} + {5|-5}\n1/3\n";
        let config = cgt_eval::Config { tikz: true, ..cgt_eval::Config::default() };
        let reports = cgt_eval::evaluate(src, &config);
        let tex = document("t.cgt", &reports);
        assert!(tex.contains("\\usepackage{tikz}"), "{tex}");
        assert!(balanced(&tex), "{tex}");
        let items: Vec<&str> = tex.split("\\item[").skip(1).collect();
        let count = |item: &str, s: &str| item.matches(s).count();
        // {2 || 1 | 0}: its thermograph and its tree of five nodes.
        assert_eq!(count(items[0], "\\begin{tikzpicture}"), 2, "{tex}");
        assert_eq!(count(items[0], "\\end{tikzpicture}"), 2, "{tex}");
        assert!(items[0].contains("mean $\\tfrac{5}{4}$") && items[0].contains("temperature $\\tfrac{3}{4}$"), "{tex}");
        assert_eq!(count(items[0], "circle (1.5pt)"), 5, "{tex}");
        // A number has neither; a sum too large for a tree has its thermograph only.
        assert_eq!(count(items[1], "tikzpicture"), 0, "{tex}");
        assert_eq!(count(items[2], "\\begin{tikzpicture}"), 1, "{tex}");
        assert!(items[2].contains("\\draw[blue, thick]") && items[2].contains("\\draw[red, thick]"), "{tex}");
        assert_eq!(count(items[3], "tikzpicture"), 0, "an error has no picture: {tex}");
        // Every picture is inside a centred block after its statement.
        assert_eq!(tex.matches("\\begin{center}").count(), tex.matches("\\end{center}").count());
    }
}

//! A table's data (what a statement reports), and the table as text: aligned columns for the terminal, a Markdown table for hovers, CSV for
//! `cgt eval --csv`.

/// The most cells a table may have.
pub const MAX_CELLS: usize = 10_000;

/// The widest cell the text of a table shows whole; a longer one is cut to this width with `…`
/// at its end (`--json` and `--csv DIR` keep every cell whole).
pub const TEXT_CELL: usize = 40;

/// How a cell that gave up on its budget is shown.
pub const GAVE_UP: &str = "?";

/// A two-dimensional table of printed values, as `table(EXPR for r in A, c in B)` reports it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// The name of the rows' index (`r`).
    pub row_name: String,
    /// The name of the columns' index (`c`).
    pub column_name: String,
    /// The rows' index values, printed.
    pub rows: Vec<String>,
    /// The columns' index values, printed.
    pub columns: Vec<String>,
    /// The cells row by row, printed; `None` for a cell that gave up on its budget.
    pub cells: Vec<Vec<Option<String>>>,
}

impl Table {
    /// The top-left corner: the rows' index over the columns' (`r\c`).
    pub fn corner(&self) -> String {
        format!("{}\\{}", self.row_name, self.column_name)
    }

    /// A cell printed, [`GAVE_UP`] for one that gave up.
    pub fn cell(&self, row: usize, column: usize) -> &str {
        self.cells.get(row).and_then(|r| r.get(column)).and_then(Option::as_deref).unwrap_or(GAVE_UP)
    }

    /// How many cells gave up on their budget.
    pub fn gave_up(&self) -> usize {
        self.cells.iter().flatten().filter(|c| c.is_none()).count()
    }

    /// The table as aligned text: the column headers on the first line, a rule, then a line per
    /// row with its header; every column right-aligned to its widest entry. A cell wider than
    /// [`TEXT_CELL`] is cut, with `…`, and a last line says so.
    pub fn text(&self) -> String {
        let width = |s: &str| s.chars().count();
        let mut cut = false;
        let mut show = |s: &str| -> String {
            if width(s) <= TEXT_CELL {
                return s.to_string();
            }
            cut = true;
            let kept: String = s.chars().take(TEXT_CELL - 1).collect();
            format!("{kept}…")
        };
        let cells: Vec<Vec<String>> =
            (0..self.rows.len()).map(|i| (0..self.columns.len()).map(|j| show(self.cell(i, j))).collect()).collect();
        let first = self.rows.iter().map(|r| width(r)).chain([width(&self.corner())]).max().unwrap_or(0);
        let widths: Vec<usize> = (0..self.columns.len())
            .map(|j| cells.iter().map(|row| width(&row[j])).chain([width(&self.columns[j])]).max().unwrap_or(0))
            .collect();
        let line = |head: &str, items: &mut dyn Iterator<Item = &str>| {
            let cells: Vec<String> = items.zip(&widths).map(|(s, &w)| format!("{s:>w$}")).collect();
            format!("{head:>first$} │ {}", cells.join("  ")).trim_end().to_string()
        };
        let mut out = vec![line(&self.corner(), &mut self.columns.iter().map(String::as_str))];
        let rule_width = widths.iter().sum::<usize>() + 2 * widths.len().saturating_sub(1);
        out.push(format!("{}─┼─{}", "─".repeat(first), "─".repeat(rule_width)));
        for (head, row) in self.rows.iter().zip(&cells) {
            out.push(line(head, &mut row.iter().map(String::as_str)));
        }
        if cut {
            out.push(format!(
                "(cells longer than {TEXT_CELL} characters are cut at `…`; `--json` and `--csv DIR` give them whole)"
            ));
        }
        out.join("\n")
    }

    /// The table in Markdown (GitHub's tables): each entry in a code span, bars escaped.
    pub fn markdown(&self) -> String {
        let code = |s: &str| format!("`{}`", s.replace('|', "\\|"));
        let row = |head: String, cells: Vec<String>| format!("| {head} | {} |", cells.join(" | "));
        let mut out = vec![row(code(&self.corner()), self.columns.iter().map(|c| code(c)).collect())];
        out.push(format!("|---:|{}", "---:|".repeat(self.columns.len())));
        for (i, head) in self.rows.iter().enumerate() {
            out.push(row(code(head), (0..self.columns.len()).map(|j| code(self.cell(i, j))).collect()));
        }
        out.join("\n")
    }

    /// The table as CSV (RFC 4180): the corner and the column headers, then a line per row.
    pub fn csv(&self) -> String {
        let field = |s: &str| {
            if s.contains([',', '"', '\n', '\r']) { format!("\"{}\"", s.replace('"', "\"\"")) } else { s.to_string() }
        };
        let mut out = String::new();
        let mut line = |head: &str, cells: &mut dyn Iterator<Item = &str>| {
            let mut fields = vec![field(head)];
            fields.extend(cells.map(field));
            out.push_str(&fields.join(","));
            out.push_str("\r\n");
        };
        line(&self.corner(), &mut self.columns.iter().map(String::as_str));
        for (i, head) in self.rows.iter().enumerate() {
            line(head, &mut (0..self.columns.len()).map(|j| self.cell(i, j)));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table() -> Table {
        Table {
            row_name: "r".into(),
            column_name: "c".into(),
            rows: vec!["1".into(), "10".into()],
            columns: vec!["1".into(), "2".into(), "3".into()],
            cells: vec![
                vec![Some("0".into()), Some("{1|0}".into()), Some("-12".into())],
                vec![Some("*".into()), None, Some("{1,2|0}".into())],
            ],
        }
    }

    #[test]
    fn text_is_aligned_with_headers() {
        let t = table().text();
        let expected =
            "r\\c │ 1      2        3\n────┼──────────────────\n  1 │ 0  {1|0}      -12\n 10 │ *      ?  {1,2|0}";
        assert_eq!(t, expected, "\n{t}");
        let widths: Vec<usize> = t.lines().map(|l| l.chars().count()).collect();
        assert!(widths.windows(2).all(|w| w[0] == w[1]), "every line as wide: {widths:?}");
    }

    #[test]
    fn long_cells_are_cut_in_the_text_and_whole_in_the_csv() {
        let mut t = table();
        let long = "{".repeat(30) + &"}".repeat(30);
        t.cells[0][0] = Some(long.clone());
        let text = t.text();
        let cut: String = long.chars().take(TEXT_CELL - 1).collect::<String>() + "…";
        assert!(text.contains(&cut), "{text}");
        assert!(!text.contains(&long), "{text}");
        assert!(text.ends_with("give them whole)"), "{text}");
        assert!(t.csv().contains(&long));
        assert!(!table().text().contains("cut at"), "a table of short cells says nothing");
    }

    #[test]
    fn markdown_has_a_row_per_row_and_escapes_bars() {
        let m = table().markdown();
        let lines: Vec<&str> = m.lines().collect();
        assert_eq!(lines.len(), 2 + 2);
        assert_eq!(lines[0], "| `r\\c` | `1` | `2` | `3` |");
        assert_eq!(lines[1], "|---:|---:|---:|---:|");
        assert_eq!(lines[2], "| `1` | `0` | `{1\\|0}` | `-12` |");
        let cells = |l: &&str| l.matches(" | ").count();
        assert!(lines.iter().enumerate().all(|(i, l)| i == 1 || cells(l) == 3), "four entries a row:\n{m}");
    }

    #[test]
    fn csv_quotes_fields_with_commas() {
        let c = table().csv();
        assert_eq!(c, "r\\c,1,2,3\r\n1,0,{1|0},-12\r\n10,*,?,\"{1,2|0}\"\r\n");
        assert_eq!(table().gave_up(), 1);
    }
}

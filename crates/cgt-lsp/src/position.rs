//! Conversion between byte offsets (what cgt-ide speaks) and LSP positions (lines and UTF-16
//! code units, which files with `±` and `↑` make different from bytes and from characters).

use tower_lsp_server::ls_types::{Position, Range};

/// The line starts of a text, for converting offsets both ways.
#[derive(Clone, Debug)]
pub struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    /// Indexes `text`.
    pub fn new(text: &str) -> Self {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        LineIndex { starts }
    }

    /// The LSP position of a byte offset (clamped to the text, and to a character boundary).
    pub fn position(&self, text: &str, offset: usize) -> Position {
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.starts.partition_point(|&s| s <= offset) - 1;
        let character = text[self.starts[line]..offset].encode_utf16().count();
        Position::new(line as u32, character as u32)
    }

    /// The LSP range of a byte span.
    pub fn range(&self, text: &str, span: &std::ops::Range<usize>) -> Range {
        Range::new(self.position(text, span.start), self.position(text, span.end))
    }

    /// The byte offset of an LSP position (clamped to its line, and to the text).
    pub fn offset(&self, text: &str, pos: Position) -> usize {
        let Some(&start) = self.starts.get(pos.line as usize) else { return text.len() };
        let end = self.starts.get(pos.line as usize + 1).map_or(text.len(), |&e| e - 1);
        let mut units = 0u32;
        for (i, c) in text[start..end].char_indices() {
            if units >= pos.character {
                return start + i;
            }
            units += c.len_utf16() as u32;
        }
        end
    }

    /// The byte span of an LSP range.
    pub fn span(&self, text: &str, range: Range) -> std::ops::Range<usize> {
        self.offset(text, range.start)..self.offset(text, range.end)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf16_positions() {
        let text = "±1 + ↑\n𝄞x = 1\r\nlast";
        let idx = LineIndex::new(text);
        // `±` is 2 bytes and 1 UTF-16 unit; `↑` is 3 bytes and 1 unit; `𝄞` is 4 bytes, 2 units.
        assert_eq!(idx.position(text, 2), Position::new(0, 1));
        assert_eq!(idx.position(text, text.find('↑').unwrap()), Position::new(0, 5));
        let x = text.find('x').unwrap();
        assert_eq!(idx.position(text, x), Position::new(1, 2));
        assert_eq!(idx.offset(text, Position::new(1, 2)), x);
        assert_eq!(idx.offset(text, Position::new(0, 1)), 2);
        // Past the end of a line clamps to the line's end; past the last line to the text's end.
        assert_eq!(idx.offset(text, Position::new(0, 99)), text.find('\n').unwrap());
        assert_eq!(idx.offset(text, Position::new(9, 0)), text.len());
        assert_eq!(idx.position(text, text.len()), Position::new(2, 4));
        // Offsets inside a character snap back to its start.
        assert_eq!(idx.position(text, 1), Position::new(0, 0));
    }
}

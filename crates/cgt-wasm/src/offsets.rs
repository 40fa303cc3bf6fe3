//! Offsets in UTF-16 code units (what JavaScript strings and CodeMirror count) to and from the
//! byte offsets cgt-ide speaks; files hold `±`, `↑` and other characters where the two differ.

/// The non-ASCII characters of a text, for converting offsets both ways in logarithmic time.
#[derive(Clone, Debug, Default)]
pub struct Utf16Index {
    /// For each non-ASCII character, the byte offset and the UTF-16 offset just after it;
    /// between two entries every character is ASCII, one byte and one code unit.
    after: Vec<(usize, usize)>,
    /// The text's length in bytes.
    bytes: usize,
    /// The text's length in UTF-16 code units.
    units: usize,
}

impl Utf16Index {
    /// Indexes `text`.
    pub fn new(text: &str) -> Self {
        let mut after = Vec::new();
        let mut units = 0;
        for (i, c) in text.char_indices() {
            units += c.len_utf16();
            if !c.is_ascii() {
                after.push((i + c.len_utf8(), units));
            }
        }
        Utf16Index { after, bytes: text.len(), units }
    }

    /// The text's length in UTF-16 code units.
    pub fn len_utf16(&self) -> usize {
        self.units
    }

    /// The UTF-16 offset of a byte offset (clamped to the text; an offset inside a character
    /// counts as the character's start).
    pub fn to_utf16(&self, text: &str, offset: usize) -> usize {
        let offset = floor_boundary(text, offset.min(self.bytes));
        let k = self.after.partition_point(|&(b, _)| b <= offset);
        match k.checked_sub(1) {
            Some(k) => self.after[k].1 + (offset - self.after[k].0),
            None => offset,
        }
    }

    /// The byte offset of a UTF-16 offset (clamped to the text; an offset between the two
    /// halves of a surrogate pair counts as the character's start).
    pub fn to_byte(&self, text: &str, units: usize) -> usize {
        let units = units.min(self.units);
        let k = self.after.partition_point(|&(_, u)| u <= units);
        let offset = match k.checked_sub(1) {
            Some(k) => self.after[k].0 + (units - self.after[k].1),
            None => units,
        };
        floor_boundary(text, offset.min(self.bytes))
    }
}

/// The greatest character boundary of `text` at or before `offset` (which is at most its length).
fn floor_boundary(text: &str, mut offset: usize) -> usize {
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

#[cfg(test)]
mod tests {
    use super::*;
    use cgt_testkit::Rng;

    /// The UTF-16 offset of `offset`, counted from the start.
    fn brute_utf16(text: &str, offset: usize) -> usize {
        text[..floor_boundary(text, offset.min(text.len()))].encode_utf16().count()
    }

    /// The byte offset of `units`, counted from the start.
    fn brute_byte(text: &str, units: usize) -> usize {
        let mut seen = 0;
        for (i, c) in text.char_indices() {
            if seen + c.len_utf16() > units {
                return i;
            }
            seen += c.len_utf16();
        }
        text.len()
    }

    #[test]
    fn offsets_agree_with_counting_on_random_texts() {
        const CHARS: [char; 9] = ['a', '{', ' ', '\n', '±', '↑', '½', '😀', '𝔾'];
        let mut rng = Rng::new(19);
        for _ in 0..300 {
            let len = rng.index(40);
            let text: String = (0..len).map(|_| *rng.pick(&CHARS).unwrap()).collect();
            let index = Utf16Index::new(&text);
            assert_eq!(index.len_utf16(), text.encode_utf16().count());
            for b in 0..=text.len() + 2 {
                assert_eq!(index.to_utf16(&text, b), brute_utf16(&text, b), "{text:?} byte {b}");
            }
            for u in 0..=index.len_utf16() + 2 {
                assert_eq!(index.to_byte(&text, u), brute_byte(&text, u), "{text:?} unit {u}");
            }
        }
    }
}

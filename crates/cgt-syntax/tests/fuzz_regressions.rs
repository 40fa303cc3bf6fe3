//! The parser's side of the fuzzing in `fuzz/`: the seed inputs of the `parse` target replayed
//! with the target's checks, and inputs that fuzzing found interesting, as named tests. The
//! checks are those of `fuzz/fuzz_targets/parse.rs`: parsing never panics, and every
//! statement, diagnostic and label span lies inside the text on character boundaries.
//! (Formatting, which that target also checks, lives in cgt-ide; its regressions are
//! end-to-end tests of `cgt fmt` in crates/cgt-cli/tests/hostile.rs.)

use std::ops::Range;
use std::path::Path;

fn check_span(text: &str, span: &Range<usize>, what: &str) {
    assert!(span.start <= span.end && span.end <= text.len(), "{what} span {span:?} outside {} bytes", text.len());
    assert!(
        text.is_char_boundary(span.start) && text.is_char_boundary(span.end),
        "{what} span {span:?} splits a character"
    );
}

/// Parses `text` on a thread with a small stack (as the CLI's callers might) and checks spans.
fn check(text: &str) -> cgt_syntax::ParsedFile {
    let owned = text.to_string();
    let parsed = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || cgt_syntax::parse(&owned))
        .expect("spawn")
        .join()
        .expect("parse does not panic");
    for s in &parsed.stmts {
        check_span(text, &s.span, "statement");
    }
    for d in &parsed.errors {
        check_span(text, &d.span, "diagnostic");
        for l in &d.labels {
            check_span(text, &l.span, "label");
        }
    }
    // Statements are in order and do not overlap.
    for w in parsed.stmts.windows(2) {
        assert!(w[0].span.end <= w[1].span.start, "statements overlap: {:?} then {:?}", w[0].span, w[1].span);
    }
    parsed
}

#[test]
fn fuzz_seeds_parse_cleanly() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/seeds/parse");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        panic!("{} is missing: the fuzz seeds are part of the repository", dir.display())
    };
    let mut count = 0;
    for entry in entries {
        let path = entry.expect("entry").path();
        let bytes = std::fs::read(&path).expect("read a seed");
        check(&String::from_utf8_lossy(&bytes));
        count += 1;
    }
    assert!(count > 10, "only {count} seeds");
}

/// Characters the lexer does not know but `str::trim` counts as whitespace (vertical tab, form
/// feed, NEL, no-break space...): found by the `parse` target through the formatter. The
/// statement is an error; its span must still be sound and the next line must parse.
#[test]
fn unicode_whitespace_that_is_not_a_separator() {
    for ws in ['\u{b}', '\u{c}', '\u{85}', '\u{a0}', '\u{2028}', '\u{3000}', '\u{feff}'] {
        let text = format!("1+1{ws}\n{ws}WBBW.BW\nBW{ws}");
        let parsed = check(&text);
        assert!(!parsed.stmts.is_empty(), "{ws:?}");
    }
}

/// Multi-byte characters next to every token kind: spans must not split them.
#[test]
fn multibyte_characters_around_tokens() {
    let tokens =
        ["{", "}", "|", "||", "(", ")", "[", "]", "<", ">", "*3", "^", "v", "1/2", "..", "->", "=", "#", "\"", "x"];
    for c in ['↑', '±', 'é', '𝄞', '\u{fffd}'] {
        for t in tokens {
            check(&format!("{c}{t}{c}\n{t}{c}{t}\n{c}"));
        }
    }
}

/// The shapes the fuzzer kept producing at the nesting limit: unclosed brackets of every kind
/// mixed with line breaks and multi-byte characters, just under, at and over 256.
#[test]
fn mixed_unclosed_brackets_around_the_limit() {
    for depth in [255, 256, 257, 300] {
        let opens: String = (0..depth).map(|i| ["{", "(", "[", "<", "{1|"][i % 5]).collect();
        for tail in ["", "\n", "↑\n", "\r\n}", "#{\n"] {
            check(&format!("{opens}{tail}WBBW\n"));
        }
    }
}

//! Arbitrary bytes, read as UTF-8 (lossily), through the parser and the formatter.
//!
//! Checks: parsing never panics; every statement and diagnostic span lies inside the text on
//! character boundaries; formatting never panics and is idempotent.
#![no_main]

use libfuzzer_sys::fuzz_target;

fn check_span(text: &str, span: &std::ops::Range<usize>, what: &str) {
    assert!(
        span.start <= span.end && span.end <= text.len(),
        "{what} span {span:?} outside the text of {} bytes",
        text.len()
    );
    assert!(
        text.is_char_boundary(span.start) && text.is_char_boundary(span.end),
        "{what} span {span:?} is not on character boundaries"
    );
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let parsed = cgt_syntax::parse(&text);
    for s in &parsed.stmts {
        check_span(&text, &s.span, "statement");
    }
    for d in &parsed.errors {
        check_span(&text, &d.span, "diagnostic");
        for l in &d.labels {
            check_span(&text, &l.span, "label");
        }
    }
    let once = cgt_ide::format(&text);
    let twice = cgt_ide::format(&once);
    assert_eq!(once, twice, "formatting is not idempotent\ninput: {text:?}\nonce: {once:?}");
});

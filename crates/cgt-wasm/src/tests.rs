//! Tests of the playground's engine: its views against cgt-ide's own answers with offsets
//! converted by counting, on the shipped examples with non-ASCII text mixed in.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use cgt_ide::{Analysis, DocumentEngine};
use cgt_testkit::Rng;
use serde_json::{Value, json};

use crate::{Playground, PlaygroundConfig};

/// UTF-16 units before byte `offset` of `text`, by counting.
fn units(text: &str, offset: usize) -> usize {
    text[..offset].encode_utf16().count()
}

/// A shipped example.
fn example(name: &str) -> String {
    let path = format!("{}/../../examples/{name}.cgt", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// `text` with comments holding `±`, `↑` and an astral character added at random line ends.
fn with_non_ascii(text: &str, rng: &mut Rng) -> String {
    const NOTES: [&str; 4] = ["  # ±1", "  # ↑*", "  # 😀 𝔾", ""];
    let mut out = String::new();
    for line in text.lines() {
        out.push_str(line);
        if !line.trim_start().starts_with('#') && !line.contains('#') {
            out.push_str(rng.pick(&NOTES).unwrap());
        }
        out.push('\n');
    }
    out
}

/// cgt-ide's analysis of `text` with the playground's settings, evaluated to the end.
fn ide_analysis(text: &str) -> Analysis {
    let config = PlaygroundConfig::default();
    let mut engine = DocumentEngine::new(cgt_ide::EngineConfig {
        budget: std::time::Duration::from_millis(config.budget_ms.into()),
        quick: std::time::Duration::from_millis(config.quick_ms.into()),
        memory: config.memory,
        unicode: config.unicode,
    });
    engine.evaluate(text, &Arc::new(AtomicBool::new(false)), |_| {}).expect("not cancelled")
}

/// The view cgt-ide's answers give, converted by counting.
fn expected_view(a: &Analysis) -> Value {
    let t = &a.text;
    let hints: Vec<Value> = cgt_ide::inlay_hints(a, None)
        .iter()
        .map(|h| json!({ "at": units(t, h.offset), "label": h.label, "tooltip": h.tooltip }))
        .collect();
    let diags: Vec<(usize, usize, String)> = cgt_ide::diagnostics(a)
        .iter()
        .map(|d| (units(t, d.span.start), units(t, d.span.end), d.message.clone()))
        .collect();
    json!({ "hints": hints, "diagnostics": diags })
}

/// The hints and the diagnostics' ranges and first message lines of a view.
fn comparable(view: &Value) -> Value {
    let diags: Vec<(usize, usize, String)> = view["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            let message = d["message"].as_str().unwrap().split("\nhint: ").next().unwrap().to_string();
            (d["from"].as_u64().unwrap() as usize, d["to"].as_u64().unwrap() as usize, message)
        })
        .collect();
    json!({ "hints": view["hints"], "diagnostics": diags })
}

#[test]
fn a_wrong_homework_answer_shows_the_true_value() {
    let mut p = Playground::new(PlaygroundConfig::default());
    let text = "# homework ↑\nWBBW == 1/2\nWBBW.BW\n";
    let view = p.evaluate(text, |_| {});
    let diags = view["diagnostics"].as_array().unwrap();
    assert_eq!(diags.len(), 1, "{view}");
    let d = &diags[0];
    assert_eq!((d["severity"].as_str(), d["code"].as_str()), (Some("error"), Some("check")));
    assert!(d["message"].as_str().unwrap().contains("-3/8"), "{d}");
    // `↑` is three bytes but one UTF-16 unit: the statement starts at unit 13, not byte 15.
    assert_eq!((d["from"].as_u64(), d["to"].as_u64()), (Some(13), Some(24)));
    // The failing check is a diagnostic, not a hint; the sum's hint is at the end of its line.
    let hints = view["hints"].as_array().unwrap();
    assert_eq!(hints.len(), 1, "{view}");
    assert_eq!(hints[0]["at"].as_u64(), Some(32));
    assert_eq!(hints[0]["label"].as_str(), Some("= 1/8 · L"));
    assert_eq!(view["pending"].as_u64(), Some(0));
}

#[test]
fn views_agree_with_cgt_ide_on_examples_with_non_ascii_text() {
    let mut rng = Rng::new(4);
    for name in ["boxes", "toppling", "nim", "mistakes", "tour"] {
        let text = with_non_ascii(&example(name), &mut rng);
        let mut p = Playground::new(PlaygroundConfig::default());
        let mut progressed = 0;
        let view = p.evaluate(&text, |_| progressed += 1);
        assert!(progressed >= 1, "{name}: no progress reported");
        assert_eq!(comparable(&view), expected_view(&ide_analysis(&text)), "{name}");
    }
}

#[test]
fn hovers_and_completions_agree_with_cgt_ide_at_every_position() {
    let text = "let a = {1 | 0}  # ±\nWBBW.BW + a   # 😀\nnim[3, 5] ↑\nopt";
    let mut p = Playground::new(PlaygroundConfig::default());
    p.evaluate(text, |_| {});
    let a = ide_analysis(text);
    for (byte, _) in text.char_indices().chain([(text.len(), ' ')]) {
        let at = units(text, byte);
        let expected = match cgt_ide::hover(&a, byte) {
            Some(h) => {
                let (from, to) = (units(text, h.span.start), units(text, h.span.end));
                json!({ "from": from, "to": to, "markdown": h.markdown, "manual": h.manual })
            }
            None => Value::Null,
        };
        assert_eq!(p.hover(text, at), expected, "hover at byte {byte}");
        let labels: Vec<String> = cgt_ide::completions(&a, byte).into_iter().map(|c| c.label).collect();
        let got: Vec<String> = p
            .completions(text, at)
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["label"].as_str().unwrap().to_string())
            .collect();
        assert_eq!(got, labels, "completions at byte {byte}");
    }
}

#[test]
fn a_text_typed_since_the_last_evaluation_is_parsed_afresh() {
    let mut p = Playground::new(PlaygroundConfig::default());
    p.evaluate("let xs = 3\n", |_| {});
    let newer = "let xs = 3\nlet ys = 4\nx";
    let names: Vec<Value> =
        p.completions(newer, newer.len()).as_array().unwrap().iter().map(|c| c["label"].clone()).collect();
    assert!(names.contains(&json!("xs")), "{names:?}");
    let hover = p.hover(newer, 16);
    assert!(hover["markdown"].as_str().unwrap().contains("still computing"), "{hover}");
    assert_eq!(p.text(), "let xs = 3\n");
}

#[test]
fn formatting_is_cgt_fmt() {
    let text = example("mistakes");
    assert_eq!(crate::format(&text), cgt_ide::format(&text));
    assert_eq!(crate::format("{1|0}+  *"), cgt_ide::format("{1|0}+  *"));
}

#[test]
fn a_statement_that_stopped_the_engine_is_blanked_and_the_others_keep_their_offsets() {
    let text = "*2\nlet x = {1 | ±2}\n  ↑ + *\n";
    let second = units(text, text.find("let").unwrap());
    let (blanked, ranges) = crate::blank_statements(text, &[second]);
    assert_eq!(blanked.len(), text.len());
    assert_eq!(
        blanked.encode_utf16().count(),
        text.encode_utf16().count() + 1,
        "± (one unit, 2 bytes) became 2 spaces"
    );
    assert!(blanked.starts_with("*2\n") && blanked.ends_with("  ↑ + *\n"), "{blanked:?}");
    assert!(!blanked.contains("let"));
    assert_eq!(ranges, vec![(second, second + "let x = {1 | ±2}".encode_utf16().count())]);
    let first = cgt_eval::evaluate(&blanked, &cgt_eval::Config::default());
    assert_eq!(first.len(), 2, "the blanked statement is gone, the others remain");
}

#[test]
fn the_last_statement_started_is_found_in_the_text() {
    let text = "1\n±1\n*3";
    let _ = cgt_eval::evaluate(text, &cgt_eval::Config::default());
    assert_eq!(crate::last_statement(text), units(text, text.find('*').unwrap()));
}

//! The explanation of a game statement in its hover (at most 15 lines, winning moves kept after
//! the canonical form), multi-line text values
//! in hovers, and the formatting of CGSuite's spellings (`^<3>`, `2Tiny(2)`).

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use cgt_ide::*;

fn hover_at(text: &str, at: &str) -> String {
    let mut engine = DocumentEngine::new(EngineConfig::default());
    let a = engine.evaluate(text, &Arc::new(AtomicBool::new(false)), |_| {}).expect("not cancelled");
    hover(&a, text.find(at).expect("marker")).expect("a hover").markdown
}

#[test]
fn hover_shows_the_derivation() {
    let h = hover_at("{0, -1 | 1}\n", "{0");
    let explanation = &h[h.find("**Explanation**").expect("an explanation")..];
    expect_test::expect![[r#"
        **Explanation**

        G = `{0,-1|1}`  
        Left's option `-1` is dominated by `0` (because `0 > -1`)  
        `{0|1}` is the simplest number between `0` and `1`: `1/2`  
        The canonical form is `1/2`  
    "#]]
    .assert_eq(explanation);
}

#[test]
fn hover_names_winning_moves_after_the_canonical_form() {
    let h = hover_at("toads[\"TT.F\"]\n", "TT.F");
    let explanation = &h[h.find("**Explanation**").unwrap_or_else(|| panic!("an explanation in {h}"))..];
    expect_test::expect![[r#"
        **Explanation**

        The position toads["TT.F"]: Left has 1 move, Right has 1  
        Left moves to toads["T.TF"] = 1/2  
        Right moves to toads["TTF."] = 0  
        G = `{1/2|0}`  
        No option is dominated or reversible: the canonical form is `{1/2|0}`  
        Left wins moving first: `toads["TT.F"]` → `toads["T.TF"]`, of value `1/2` (>= 0)  
        Right wins moving first: `toads["TT.F"]` → `toads["TTF."]`, of value `0` (<= 0)  
    "#]]
    .assert_eq(explanation);
    // A long derivation is cut before its canonical form, never the moves after it.
    let h = hover_at("toads[\"TT.F\"] + *7 + *6\n", "+");
    let explanation = &h[h.find("**Explanation**").expect("an explanation")..];
    let lines: Vec<&str> = explanation.lines().skip(2).collect();
    assert_eq!(lines.len(), 15, "{explanation}");
    assert!(lines[11].starts_with("… "), "{explanation}");
    assert!(lines[12].contains("the canonical form is"), "{explanation}");
    assert!(lines[13].starts_with("Left wins moving first: in term"), "{explanation}");
    assert!(lines[14].starts_with("Right "), "{explanation}");
}

#[test]
fn hover_leaves_out_explanations_without_steps() {
    let h = hover_at("{2 | {1 | 0}}\n", "{2");
    assert!(!h.contains("Explanation"), "{h}");
}

#[test]
fn long_derivations_are_cut_in_hovers() {
    let h = hover_at("{0, *, *2, *3, *4, *5, ^, v, 1/4, 1/2 | 1, 2, 3, 4, 5, *}\n", "{0");
    let explanation = &h[h.find("**Explanation**").expect("an explanation")..];
    let lines: Vec<&str> = explanation.lines().skip(2).collect();
    assert_eq!(lines.len(), 15, "{explanation}");
    assert!(lines[13].starts_with("… 2 more steps"), "{explanation}");
    assert!(lines[14].starts_with("Nothing else is dominated or reversible: the canonical form is `{1/2|*}`"));
}

#[test]
fn text_of_several_lines_is_a_block() {
    let h = hover_at("explain({0 | 1})\n", "{0");
    assert!(h.starts_with("```text\nG = `{0|1}`\n"), "{h}");
    assert!(!h.contains("**Explanation**"), "{h}");
}

#[test]
fn uptimals_and_tiny_keep_their_spelling() {
    let src = "pow(^, 3) == ^<3>\nv<2>* + ^[2]\n2Tiny(2) == 2 + tiny(2)\n3 < 4\n";
    assert_eq!(format(src), src);
    assert_eq!(format("^ < 3 > + 2 Tiny(2)\n"), "^<3> + 2Tiny(2)\n");
}

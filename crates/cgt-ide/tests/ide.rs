//! Tests of the IDE layer: results are spliced into the source so a reader sees them at once
//! (`WBBW.BW  [= 1/8 · L]`), compared with expect-test (`UPDATE_EXPECT=1` to accept).

use cgt_syntax::Code;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use cgt_ide::*;
use expect_test::{Expect, expect};

fn analyse(text: &str) -> Analysis {
    let mut engine = DocumentEngine::new(EngineConfig::default());
    engine.evaluate(text, &Arc::new(AtomicBool::new(false)), |_| {}).expect("not cancelled")
}

/// The text with each hint spliced in at its offset.
fn check_hints(text: &str, want: Expect) {
    let a = analyse(text);
    let mut out = String::new();
    let mut pos = 0;
    for h in inlay_hints(&a, None) {
        out.push_str(&text[pos..h.offset]);
        out.push_str(&format!("  [{}]", h.label));
        pos = h.offset;
    }
    out.push_str(&text[pos..]);
    for d in diagnostics(&a) {
        out.push_str(&format!("\n{}..{} {}: {}", d.span.start, d.span.end, d.code, d.message));
    }
    want.assert_eq(&out);
}

#[test]
fn hints_and_diagnostics() {
    check_hints(
        "WBBW.BW\nWBBW.BW == 1/8\nWBBW == 1/2\n1/3\nlet x = {1|0}\nx + x\n{3|2|1}\nB.WB.WB is P\n",
        expect![[r#"
            WBBW.BW  [= 1/8 · L]
            WBBW.BW == 1/8  [✓]
            WBBW == 1/2
            1/3
            let x = {1|0}  [= {1|0} · N]
            x + x  [= 1 · L]
            {3|2|1}
            B.WB.WB is P  [✓]

            23..34 check: check failed: `WBBW` is -3/8, which is less than 1/2, so `==` does not hold
            35..38 dyadic: 1/3 is not a dyadic rational
            63..64 syntax: ambiguous `|`: write `||` to say which side nests deeper"#]],
    );
}

#[test]
fn slow_statement_does_not_hold_back_the_others() {
    let mut heavy = String::from("0");
    for i in 1..40 {
        heavy.push_str(&format!(" + {{{}|{{0|-{i}}}}}", 2 * i));
    }
    let text = format!("{heavy}\nBW\nlet y = {heavy}\ny + 1\nWB\n");
    let config =
        EngineConfig { budget: Duration::from_millis(300), quick: Duration::from_millis(20), ..Default::default() };
    let mut engine = DocumentEngine::new(config);
    let mut snapshots = Vec::new();
    let a = engine
        .evaluate(&text, &Arc::new(AtomicBool::new(false)), |a| {
            snapshots.push(a.results.iter().map(|r| matches!(r, StmtResult::Done(_))).collect::<Vec<_>>())
        })
        .unwrap();
    // After the quick pass, the cheap lines are done and the slow ones (and `y + 1`) pending.
    assert_eq!(snapshots[0], vec![false, true, false, false, true]);
    let labels: Vec<String> = inlay_hints(&a, None).into_iter().map(|h| h.label).collect();
    assert_eq!(labels, ["gave up", "= 1/2 · L", "gave up", "= -1/2 · R"]);
    let d = diagnostics(&a);
    assert!(d.iter().any(|d| d.code == Code::Budget && d.severity == cgt_syntax::Severity::Warning));
    assert!(d.iter().any(|d| d.code == Code::Name && d.message.contains("`y`")), "{d:?}");
}

#[test]
fn unchanged_statements_come_from_the_cache() {
    let mut engine = DocumentEngine::new(EngineConfig::default());
    let cancel = Arc::new(AtomicBool::new(false));
    let lines: Vec<String> = (0..200).map(|i| format!("let x{i} = {{{i}|{{0|-{i}}}}}")).collect();
    let text = lines.join("\n") + "\nx3 + x4\n";
    engine.evaluate(&text, &cancel, |_| {}).unwrap();
    let before = engine.evaluated_statements();
    assert_eq!(before, 201);
    // Edit one definition: it and its dependants are evaluated again, nothing else.
    let edited = text.replace("let x4 = {4|{0|-4}}", "let x4 = {5|{0|-4}}");
    let a = engine.evaluate(&edited, &cancel, |_| {}).unwrap();
    assert_eq!(engine.evaluated_statements() - before, 2);
    let fresh = cgt_eval::evaluate("{3|{0|-3}} + {5|{0|-4}}", &cgt_eval::Config::default());
    assert_eq!(a.report(200).unwrap().value, fresh[0].value);
    // Inserting a line above shifts everything; results are reused and moved.
    let shifted = format!("# a comment\n{edited}");
    let a = engine.evaluate(&shifted, &cancel, |_| {}).unwrap();
    assert_eq!(engine.evaluated_statements() - before, 2);
    assert_eq!(a.report(0).unwrap().line, 2);
}

#[test]
fn cancellation_stops_evaluation() {
    let mut engine = DocumentEngine::new(EngineConfig::default());
    let cancel = Arc::new(AtomicBool::new(true));
    assert!(engine.evaluate("BW\n", &cancel, |_| {}).is_none());
}

fn check_hover(text: &str, at: &str, want: Expect) {
    let a = analyse(text);
    let offset = text.find(at).expect("marker");
    let h = hover(&a, offset).map(|h| {
        let manual = h.manual.map(|m| format!("\n[manual: {m}]")).unwrap_or_default();
        format!("{}..{}\n{}{manual}", h.span.start, h.span.end, h.markdown)
    });
    want.assert_eq(&without_image_data(&h.unwrap_or_default()));
}

/// The hover with each picture's base64 data replaced by `DATA` (pictures are tested on
/// their own).
fn without_image_data(markdown: &str) -> String {
    let mut out = String::new();
    let mut rest = markdown;
    while let Some(i) = rest.find(";base64,") {
        let start = i + ";base64,".len();
        let len = rest[start..].find(')').unwrap_or(rest.len() - start);
        out.push_str(&rest[..start]);
        out.push_str(if len > 0 { "DATA" } else { "" });
        rest = &rest[start + len..];
    }
    out.push_str(rest);
    out
}

/// The SVG pictures of a hover, by kind.
fn hover_pictures(text: &str, at: &str) -> Vec<(String, String)> {
    use base64::Engine as _;
    let a = analyse(text);
    let md = hover(&a, text.find(at).expect("marker")).expect("a hover").markdown;
    md.split("![")
        .skip(1)
        .map(|p| {
            let kind = p[..p.find(']').unwrap()].to_string();
            let data = p.split(";base64,").nth(1).unwrap().split(')').next().unwrap();
            let svg = base64::engine::general_purpose::STANDARD.decode(data).expect("base64");
            (kind, String::from_utf8(svg).expect("UTF-8"))
        })
        .collect()
}

#[test]
fn hovers_show_the_thermograph_and_the_game_tree_as_pictures() {
    let pics = hover_pictures("{2 || 1 | 0}\n", "{2");
    let kinds: Vec<&str> = pics.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(kinds, ["thermograph", "tree"]);
    for (_, svg) in &pics {
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    }
    // A game too large for a tree still has its thermograph.
    let pics = hover_pictures("{1|-1} + {2|-2} + {3|-3} + {4|-4} + {5|-5}\n", "{1");
    assert_eq!(pics.iter().map(|(k, _)| k.as_str()).collect::<Vec<_>>(), ["thermograph"]);
    // A Grundy sequence is plotted.
    let pics = hover_pictures("grundy(grundy_game, 0..30)\n", "0..30");
    assert_eq!(pics.len(), 1);
    assert_eq!(pics[0].0, "plot");
    assert_eq!(pics[0].1.matches("<circle").count(), 31);
}

#[test]
fn hovers_draw_a_small_positions_options_beside_their_values() {
    let pics = hover_pictures("toppling[BWB]\n", "WB");
    let kinds: Vec<&str> = pics.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(kinds.get(..2), Some(&["position", "options"][..]), "the options come after the position: {kinds:?}");
    let svg = &pics[1].1;
    let texts = |class: &str| -> Vec<String> {
        svg.split(&format!(r#"class="{class}""#))
            .skip(1)
            .map(|t| t[t.find('>').unwrap() + 1..t.find("</text>").unwrap()].to_string())
            .collect()
    };
    // toppling[BWB]: Left topples to WB (*), to nothing (0) or to BW (*); Right to B (1).
    assert_eq!(texts("value"), ["*", "0", "*", "1"]);
    assert_eq!(svg.matches(r#"class="unpictured left""#).count(), 1, "the empty position is not drawn");
    assert_eq!(svg.matches(r#"class="option left""#).count(), 2);
    assert_eq!(svg.matches(r#"class="option right""#).count(), 1);
    assert_eq!(svg.matches(r#"class="domino""#).count(), 2 + 2 + 1, "the options' dominoes");
    // A `let` and a check draw the position they name and its options as a plain statement does.
    for (text, at) in [("let t = toppling[BWB]", "WB"), ("toppling[BWB] == {*, 0 | 1}", "WB")] {
        let pics = hover_pictures(&format!("{text}\n"), at);
        let kinds: Vec<&str> = pics.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(kinds.get(..2), Some(&["position", "options"][..]), "{text}: {kinds:?}");
        assert_eq!(&pics[1].1, svg, "{text}: the same options picture");
    }
    // At most eight options a side: a 4 x 3 Domineering board has nine vertical moves.
    let pics = hover_pictures("domineering[4x3]\n", "x3");
    let svg = &pics.iter().find(|(k, _)| k == "options").expect("options").1;
    assert_eq!(svg.matches(r#"class="option left""#).count(), 8);
    assert_eq!(svg.matches(r#"class="option right""#).count(), 8);
    assert!(svg.contains("… and 1 more"), "{svg}");
    // A position that is not small has no options picture, nor has a game that is not a position.
    for (text, at) in [(r#"clobber["xoxoxoxoxo"]"#, "xoxo"), ("{1 | 0}", "|")] {
        let pics = hover_pictures(&format!("{text}\n"), at);
        assert!(pics.iter().all(|(k, _)| k != "options"), "{text}");
    }
}

#[test]
fn hovers() {
    check_hover(
        "{2 | {1 | 0}}\n",
        "{2",
        expect![[r#"
            0..13
            **Value** `{2||1|0}` · outcome **L** (Left wins whoever starts)

            **Left options** `2`  
            **Right options** `{1|0}`

            stops `2` / `1` · mean `5/4` · temperature `3/4` · birthday 3

            ![thermograph](data:image/svg+xml;base64,DATA)

            ![tree](data:image/svg+xml;base64,DATA)

            ```text
            {2||1|0}
            ├─ L: 2
            └─ R: {1|0}
               ├─ L: 1
               └─ R: 0
            ```
        "#]],
    );
    check_hover(
        "let g = ^*\ng + 1\n",
        "g + 1",
        expect![[r#"
            11..12
            `g` (defined on line 1)

            **Value** `^*` · outcome **N** (the first player wins)

            **Left options** `0, *`  
            **Right options** `0`

            stops `0` / `0` · mean `0` · temperature `0` · birthday 2

            ![thermograph](data:image/svg+xml;base64,DATA)

            ![tree](data:image/svg+xml;base64,DATA)

            ```text
            ^*
            ├─ L: 0
            ├─ L: *
            └─ R: 0
            ```
        "#]],
    );
    check_hover(
        "temp({3|-2})\n",
        "temp",
        expect![[r#"
            0..4
            ```cgt
            temp(G)
            ```
            the temperature of G (numbers have negative temperature, as in CGSuite) (function `temp`; gives a number)

            **Limits**: From the thermograph, exact: polynomial in the canonical form and the number of wall segments (a sum of 16 switches in about 30 ms, BENCHMARKS.md "thermograph-sum").

            **Theory**: theory/temperature.md; CGT II.5; WW ch. 6; LiP ch. 6.
            [manual: reference/functions.html#temp]"#]],
    );
    check_hover(
        "boxes[WB]\n",
        "boxes",
        expect![[r#"
            0..5
            **boxes**: Black-and-White boxes (Hackenbush strings), piles bottom to top; G is green; bare words `WBBW.BW` too (gives a game)

            ```cgt
            boxes[WBBW, BW, BGW]
            ```

            **Limits**: Black-and-white piles by van Roode's rule, linear in the number of boxes and exact at any length (one pile of 10^6 boxes takes a few milliseconds, BENCHMARKS.md "boxes-long-pile"). Piles with green boxes are built bottom up from their prefixes, O(n^2) options for n boxes, and their canonical forms grow with the pile (60 boxes `BGWBGW...` in about 0.2 s).

            **Theory**: theory/simplicity.md (van Roode's rule); WW and LiP (Hackenbush strings).
            [manual: reference/rulesets.html#boxes]"#]],
    );
}

#[test]
fn navigation_and_rename() {
    let text = "let x = 1\nx + x\nlet x = x + 1\nx\n";
    let a = analyse(text);
    // The use on line 2 refers to the first `let`.
    assert_eq!(definition(&a, 10), Some(4..5));
    let refs: Vec<_> = references(&a, 10).into_iter().map(|o| (o.span.start, o.definition)).collect();
    assert_eq!(refs, [(4, true), (10, false), (14, false), (24, false)]);
    // The last line's `x` refers to the second `let`.
    assert_eq!(definition(&a, 30), Some(20..21));
    let edits = rename(&a, 4, "y").unwrap();
    let mut renamed = text.to_string();
    for (span, new) in edits.iter().rev() {
        renamed.replace_range(span.clone(), new);
    }
    assert_eq!(renamed, "let y = 1\ny + y\nlet x = y + 1\nx\n");
    assert!(rename(&a, 4, "B").is_err());
    assert!(rename(&a, 4, "let").is_err());
}

#[test]
fn completion() {
    let a = analyse("let swing = {1|-1}\nsw");
    let labels: Vec<String> = completions(&a, a.text.len()).into_iter().map(|c| c.label).collect();
    assert_eq!(labels, ["swing"]);
    let a = analyse("te");
    let c = completions(&a, 2);
    assert_eq!(c[0].label, "temp");
    assert_eq!(c[0].insert, "temp(");
    assert_eq!(c[0].detail, "temp(G)");
    let a = analyse("to");
    assert_eq!(completions(&a, 2)[0].insert, "toppling[");
    let a = analyse("BW is ");
    let labels: Vec<String> = completions(&a, 6).into_iter().map(|c| c.label).collect();
    assert_eq!(labels, ["L", "R", "P", "N", "D", "PHat", "PCheck", "NHat", "NCheck", "win", "loss", "draw"]);
}

#[test]
fn code_actions_fix_homework() {
    let text = "WBBW.BW\nWBBW == 1/2\n";
    let a = analyse(text);
    let titles: Vec<String> = code_actions(&a, 0).into_iter().map(|x| x.title).collect();
    assert_eq!(titles, ["Replace with the computed value 1/8", "Insert a check: WBBW.BW == 1/8"]);
    let fix = &code_actions(&a, 10)[0];
    assert_eq!(fix.title, "Change the expected value to the computed -3/8");
    assert_eq!(fix.edits, vec![(16..19, "-3/8".to_string())]);
}

#[test]
fn formatting() {
    let messy = "  let   x={1|0}   # the switch\n\n\n\nx+x ==1\n-1v*3\n1/2^*+^\nnim[3,4] k=3\ngraph[1->2,2->1]   from=1\n{ 2 || 1|0 }:1\n<0|1> < 1\n- (1v)\nmisere {0|0}\nboxes[ WB . BW ]\n{3|2|1}   \n";
    let formatted = format(messy);
    expect![[r#"
        let x = {1 | 0}   # the switch

        x + x == 1
        -1v*3
        1/2^* + ^
        nim[3, 4] k=3
        graph[1->2, 2->1] from=1
        {2 || 1 | 0} : 1
        <0 | 1><1
        -(1v)
        misere {0 | 0}
        boxes[WB.BW]
        {3|2|1}
    "#]]
    .assert_eq(&formatted);
    assert_eq!(format(&formatted), formatted, "idempotent");
    // Found by fuzzing: characters the lexer does not skip (a vertical tab) are kept as written.
    for odd in ["sctaoc>talv\u{b}#", "1+1\u{b}", "x\u{85} # c"] {
        let once = format(odd);
        assert_eq!(format(&once), once, "{odd:?}");
    }
    for example in ["tour", "boxes", "mistakes"] {
        let path = format!("{}/../../examples/{example}.cgt", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(path).unwrap();
        let once = format(&text);
        assert_eq!(format(&once), once, "{example}: idempotent");
        // Formatting never changes what a file means.
        let (before, after) = (analyse(&text), analyse(&once));
        let values = |a: &Analysis| a.results.iter().map(|r| format!("{r:?}").len()).count();
        assert_eq!(values(&before), values(&after));
        let shown = |a: &Analysis| -> Vec<Option<String>> {
            (0..a.results.len()).map(|i| a.report(i).and_then(|r| r.value.clone())).collect()
        };
        assert_eq!(shown(&before), shown(&after), "{example}");
    }
}

/// Formats `text`, checks that formatting again changes nothing, and compares with `want`.
fn check_format(text: &str, want: Expect) {
    let once = format(text);
    assert_eq!(format(&once), once, "formatting is idempotent");
    want.assert_eq(&once);
}

/// Trailing comments keep their column while the code fits two spaces before it; the comments
/// of a paragraph written at one column move together, so they stay aligned.
#[test]
fn trailing_comment_blocks_stay_aligned() {
    // The README's block: nothing to change.
    check_format(
        "WBBW.BW                 # boxes\nWBBW.BW == 1/8          # a check\nlet x = {2 | {1 | 0}}   # written out\n",
        expect![[r#"
            WBBW.BW                 # boxes
            WBBW.BW == 1/8          # a check
            let x = {2 | {1 | 0}}   # written out
        "#]],
    );
    // Re-spaced code that still fits keeps the block's column; so does a lone comment.
    check_format(
        "x+x==1       # a\n{1|0}        # b\n\n1+1      # alone\n",
        expect![[r#"
            x + x == 1   # a
            {1 | 0}      # b

            1 + 1    # alone
        "#]],
    );
    // Code that grows past the column moves the whole block, which stays aligned; lines without
    // a comment do not break the block, but a blank line does (`# c` keeps its column).
    check_format(
        "x+x==1  # a\nnim[1,2,3] is P\n1       # b\n\n2       # c\n",
        expect![[r#"
            x + x == 1  # a
            nim[1, 2, 3] is P
            1           # b

            2       # c
        "#]],
    );
    // A comment closer than two spaces, alone at its column, goes two spaces after its code.
    check_format(
        "1+1 # sum\n{1|0}# switch\n",
        expect![[r#"
            1 + 1  # sum
            {1 | 0}  # switch
        "#]],
    );
    // Columns count characters, not bytes.
    check_format(
        "±1 + ↑    # hot\n^^*       # ups\n",
        expect![[r#"
            ±1 + ↑    # hot
            ^^*       # ups
        "#]],
    );
    // A statement kept as written (a comment inside it) aligns with the block around it.
    check_format(
        "{1 |    # left\n 0}     # right\n2+2+2+2 # eight\n",
        expect![[r#"
            {1 |           # left
             0}            # right
            2 + 2 + 2 + 2  # eight
        "#]],
    );
}

/// Found by fuzzing: completion at an offset inside a multi-byte character.
#[test]
fn completion_at_any_offset() {
    let a = analyse("ki.≠\n±1 + ↑\n");
    for offset in 0..=a.text.len() + 3 {
        let _ = completions(&a, offset);
        let _ = hover(&a, offset);
        let _ = definition(&a, offset);
        let _ = code_actions(&a, offset);
    }
}

#[test]
fn loopy_values_show_their_sides() {
    check_hints(
        "a{1 || a | 0}\ndud\nover\n",
        expect![[r#"
        a{1 || a | 0}  [= 2 & +-1 · NHat]
        dud  [= dud · D]
        over  [= over · L]
    "#]],
    );
    check_hover(
        "a{1 || a | 0}\n",
        "a{",
        expect![[r#"
        0..13
        **Value** `2 & +-1` · outcome **NHat** (Left wins when Left starts, a draw when Right starts (loopy games))

        **Onside** `2` (infinite play won by Left) · **offside** `+-1` (infinite play won by Right)
    "#]],
    );
    check_hover(
        "dud\n",
        "dud",
        expect![[r#"
        0..3
        **Value** `dud` · outcome **D** (a draw whoever starts (loopy games))

        **Onside** `on` (infinite play won by Left) · **offside** `off` (infinite play won by Right)
    "#]],
    );
    for (typed, want) in [("ov", "over"), ("du", "dud"), ("pa", "pass"), ("up", "upon"), ("onsi", "onside")] {
        let a = analyse(typed);
        let labels: Vec<String> = completions(&a, typed.len()).into_iter().map(|c| c.label).collect();
        assert!(labels.iter().any(|l| l == want), "{typed}: {labels:?}");
    }
}

#[test]
fn a_table_hovers_as_a_markdown_table_with_its_heat_map() {
    check_hover(
        "table(nimsum(r, c) for r in 0..2, c in 1..3)\n",
        "for",
        expect![[r#"
            0..44
            **Value** `table of 3 rows (r in 0..2) by 3 columns (c in 1..3)`

            | `r\c` | `1` | `2` | `3` |
            |---:|---:|---:|---:|
            | `0` | `1` | `2` | `3` |
            | `1` | `0` | `3` | `2` |
            | `2` | `3` | `0` | `1` |

            ![heatmap](data:image/svg+xml;base64,DATA)
        "#]],
    );
    let pics = hover_pictures("table(nimsum(r, c) for r in 0..2, c in 1..3)\n", "for");
    assert_eq!(pics.iter().map(|(k, _)| k.as_str()).collect::<Vec<_>>(), ["heatmap"]);
    assert_eq!(pics[0].1.matches(r#"<rect class="cell""#).count(), 9);
    // One index: the list, and its plot.
    let pics = hover_pictures("table(nimsum(n, 3) for n in 0..9)\n", "for");
    assert_eq!(pics.iter().map(|(k, _)| k.as_str()).collect::<Vec<_>>(), ["plot"]);
    assert_eq!(pics[0].1.matches("<circle").count(), 10);
}

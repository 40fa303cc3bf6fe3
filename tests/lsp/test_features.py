"""Requests: hover, completion, definition, references, rename, formatting, code actions and
document symbols."""

from __future__ import annotations

import pytest
from lsprotocol import types

from conftest import TD, apply_edits, pos

DOC = """\
let pile = BBBWBBW
pile - 45/16 == 0
temp({3 | -2})
nim[3, 4, 5]
WBBW.BW
let q = pile + pile
q
let pile = BW
pile + 1
te
"""


@pytest.fixture
async def doc(client):
    uri = client.open(DOC, "features.cgt")
    await client.settle(uri)
    return uri


# ------------------------------------------------------------------ hover


async def test_hover_on_a_value(client, doc):
    h = await client.hover(doc, 4, 3)  # WBBW.BW
    assert h is not None
    assert h.contents.kind == types.MarkupKind.Markdown
    md = h.contents.value
    assert "**Value** `1/8`" in md
    assert "outcome **L**" in md
    assert "Left options" in md and "Right options" in md
    assert h.range.start == pos(4, 0) and h.range.end == pos(4, 7)


async def test_hover_on_a_game_shows_stops_and_temperature(client):
    uri = client.open("{3 | -2}\n", "hot.cgt")
    await client.settle(uri)
    md = (await client.hover(uri, 0, 1)).contents.value
    assert "**Value** `{3|-2}`" in md
    assert "outcome **N**" in md
    assert "**Left options** `3`" in md and "**Right options** `-2`" in md
    assert "temperature `5/2`" in md and "mean `1/2`" in md


async def test_hover_on_a_function_name(client, doc):
    h = await client.hover(doc, 2, 2)  # temp(
    md = h.contents.value
    assert "temp(G)" in md
    assert "temperature" in md
    assert h.range.start == pos(2, 0) and h.range.end == pos(2, 4)


async def test_hover_on_a_ruleset_name(client, doc):
    h = await client.hover(doc, 3, 1)  # nim[
    md = h.contents.value
    assert md.startswith("**nim**")
    assert "Nim" in md
    assert h.range.start == pos(3, 0) and h.range.end == pos(3, 3)


async def test_a_name_hover_has_no_manual_link_without_a_manual_url(client, doc):
    for line, col in [(2, 2), (3, 1)]:  # temp(, nim[
        md = (await client.hover(doc, line, col)).contents.value
        assert "**Limits**" in md and "**Theory**" in md
        assert "[Manual entry]" not in md


@pytest.mark.init_options({"manualUrl": "https://example.org/cgt-book/"})
async def test_a_name_hover_ends_with_a_link_to_its_manual_entry(client, doc):
    md = (await client.hover(doc, 2, 2)).contents.value  # temp(
    assert md.endswith("\n\n[Manual entry](https://example.org/cgt-book/reference/functions.html#temp)")
    md = (await client.hover(doc, 3, 1)).contents.value  # nim[
    assert md.endswith("\n\n[Manual entry](https://example.org/cgt-book/reference/rulesets.html#nim)")
    # A value's hover is not an entry.
    md = (await client.hover(doc, 4, 3)).contents.value  # WBBW.BW
    assert "[Manual entry]" not in md


async def test_hover_on_a_let_name(client, doc):
    md = (await client.hover(doc, 1, 2)).contents.value  # pile (first binding)
    assert "`pile`" in md and "45/16" in md
    md = (await client.hover(doc, 8, 2)).contents.value  # pile (rebound on line 8)
    assert "`pile`" in md and "1/2" in md and "45/16" not in md


async def test_hover_outside_any_statement(client):
    uri = client.open("# just a comment\n\nBW\n", "empty.cgt")
    await client.settle(uri)
    assert await client.hover(uri, 0, 3) is None
    assert await client.hover(uri, 1, 0) is None


# ------------------------------------------------------------------ completion


async def test_completion_of_function_names(client, doc):
    items = await client.complete(doc, 9, 2)  # `te|`
    labels = [i.label for i in items]
    assert labels == ["temp", "tex"]
    temp = items[0]
    assert temp.kind == types.CompletionItemKind.Function
    assert temp.detail == "temp(G)"
    assert temp.insert_text == "temp("


async def test_completion_of_let_names_and_rulesets(client):
    uri = client.open("let pile = BW\nlet pyramid = WBBW\np\n", "names.cgt")
    await client.settle(uri)
    items = {i.label: i for i in await client.complete(uri, 2, 1)}
    assert {"pile", "pyramid", "period"} <= set(items)
    assert items["pile"].kind == types.CompletionItemKind.Variable
    assert items["pile"].detail == "1/2"  # the value of the name
    assert items["pyramid"].detail == "-3/8"
    assert items["period"].kind == types.CompletionItemKind.Function
    # Rulesets complete with their bracket.
    uri2 = client.open("dom\n", "rules.cgt")
    await client.settle(uri2)
    items = await client.complete(uri2, 0, 3)
    assert [(i.label, i.insert_text, i.kind) for i in items] == [
        ("domineering", "domineering[", types.CompletionItemKind.Class)
    ]


async def test_completion_after_non_ascii_characters(client):
    # The word being completed starts after `↑` / `±` / `𝄞` (multi-byte characters).
    text = "↑te\n±1 + ↑te\n# 𝄞\n𝄞te\n"
    uri = client.open(text, "nonascii.cgt")
    await client.settle(uri)
    for line, ch in [(0, 3), (1, 8), (3, 4)]:
        labels = [i.label for i in await client.complete(uri, line, ch)]
        assert labels == ["temp", "tex"], (line, labels)
    # Right after the non-ASCII character itself: everything (an empty prefix).
    assert len(await client.complete(uri, 0, 1)) > 10


async def test_completion_after_is_offers_outcomes(client):
    uri = client.open("B.WB.WB is \n", "is.cgt")
    await client.diagnostics_for(uri, 1)
    labels = {i.label for i in await client.complete(uri, 0, 11)}
    assert {"L", "R", "P", "N"} <= labels
    assert "temp" not in labels


# ------------------------------------------------------------------ definition / references / rename


async def test_go_to_definition(client, doc):
    loc = await client.text_document_definition_async(
        types.DefinitionParams(text_document=TD(doc), position=pos(1, 1))
    )
    assert isinstance(loc, types.Location)
    assert loc.uri == doc
    assert loc.range.start == pos(0, 4) and loc.range.end == pos(0, 8)
    # A use after `pile` is bound again refers to the second `let`.
    loc = await client.text_document_definition_async(
        types.DefinitionParams(text_document=TD(doc), position=pos(8, 0))
    )
    assert loc.range.start == pos(7, 4)
    # Not a name: nothing.
    none = await client.text_document_definition_async(
        types.DefinitionParams(text_document=TD(doc), position=pos(4, 2))
    )
    assert none is None or none == []


async def test_references(client, doc):
    async def refs(line, ch, include):
        r = await client.text_document_references_async(
            types.ReferenceParams(
                text_document=TD(doc),
                position=pos(line, ch),
                context=types.ReferenceContext(include_declaration=include),
            )
        )
        return sorted((l.range.start.line, l.range.start.character, l.range.end.character) for l in r)

    # The first `pile`: its let, line 1, and both uses on line 5; not the rebinding on line 7.
    assert await refs(0, 5, True) == [(0, 4, 8), (1, 0, 4), (5, 8, 12), (5, 15, 19)]
    assert await refs(5, 9, False) == [(1, 0, 4), (5, 8, 12), (5, 15, 19)]
    # The second `pile`.
    assert await refs(8, 1, True) == [(7, 4, 8), (8, 0, 4)]


async def test_rename(client, doc):
    prep = await client.text_document_prepare_rename_async(
        types.PrepareRenameParams(text_document=TD(doc), position=pos(1, 2))
    )
    assert prep is not None
    prep_range = prep if isinstance(prep, types.Range) else prep.range
    assert prep_range.start == pos(1, 0) and prep_range.end == pos(1, 4)

    edit = await client.text_document_rename_async(
        types.RenameParams(text_document=TD(doc), position=pos(1, 2), new_name="heap")
    )
    changed = apply_edits(DOC, edit.changes[doc])
    lines = changed.splitlines()
    assert lines[0] == "let heap = BBBWBBW"
    assert lines[1] == "heap - 45/16 == 0"
    assert lines[5] == "let q = heap + heap"
    assert lines[7] == "let pile = BW"  # a different binding of the same name is untouched
    assert lines[8] == "pile + 1"

    # The renamed document evaluates the same.
    client.change(doc, (None, changed))
    hints, _ = await client.settle(doc)
    assert client.hints_by_line(hints)[1] == "✓"


async def test_rename_rejects_an_invalid_name(client, doc):
    for bad in ["1abc", "let", "two words", "WBBW", ""]:
        with pytest.raises(Exception, match="not a valid name"):
            await client.text_document_rename_async(
                types.RenameParams(text_document=TD(doc), position=pos(1, 2), new_name=bad)
            )
    # Nothing to rename on a non-name.
    prep = await client.text_document_prepare_rename_async(
        types.PrepareRenameParams(text_document=TD(doc), position=pos(4, 2))
    )
    assert prep is None


# ------------------------------------------------------------------ formatting


MESSY = """\
let  pile=BW   \t


pile+1==  3/2 # a note
{3|-2}
temp( {3||2|1} )
<0|1>+^*+1/2^*
nim[3,4,5]   k=1
{ 1 ,
  2 | 0 }
B.WB.WB is   P"""

CANONICAL = """\
let pile = BW

pile + 1 == 3/2  # a note
{3 | -2}
temp({3 || 2 | 1})
<0 | 1> + ^* + 1/2^*
nim[3, 4, 5] k=1
{1, 2 | 0}
B.WB.WB is P
"""


async def test_formatting_produces_the_canonical_layout(client):
    uri = client.open(MESSY, "messy.cgt")
    hints_before, _ = await client.settle(uri)
    edits = await client.format(uri)
    formatted = apply_edits(MESSY, edits)
    assert formatted == CANONICAL
    # Formatting changes no value.
    client.change(uri, (None, formatted))
    hints_after, _ = await client.settle(uri)
    assert sorted(h.label for h in hints_after) == sorted(h.label for h in hints_before)
    # And it is idempotent: the canonical text needs no edits.
    assert await client.format(uri) == []


async def test_formatting_leaves_strings_alone(client):
    # A `#` inside a string (a Domineering row) is not a comment: the statement is still
    # formatted, and the string is kept as written; the trailing comment keeps its column.
    text = 'domineering["..#","..."]\ndomineering[ "#." ,".." ]  # a comment\n'
    uri = client.open(text, "strings.cgt")
    await client.settle(uri)
    formatted = apply_edits(text, await client.format(uri))
    assert formatted == 'domineering["..#", "..."]\ndomineering["#.", ".."]    # a comment\n'


# ------------------------------------------------------------------ code actions


async def test_code_action_replace_with_value_and_insert_check(client):
    text = "WBBW.BW\nnim[3, 4, 5]\n"
    uri = client.open(text, "actions.cgt")
    await client.settle(uri)
    actions = {a.title: a for a in await client.code_actions(uri, 0, 2)}
    replace = next(a for t, a in actions.items() if t.startswith("Replace with the computed value"))
    check = next(a for t, a in actions.items() if t.startswith("Insert a check"))
    assert replace.kind == types.CodeActionKind.QuickFix
    assert apply_edits(text, replace.edit.changes[uri]) == "1/8\nnim[3, 4, 5]\n"
    with_check = apply_edits(text, check.edit.changes[uri])
    assert with_check == "WBBW.BW == 1/8\nnim[3, 4, 5]\n"
    # The inserted check passes.
    v = client.change(uri, (None, with_check))
    hints, diags = await client.settle(uri, v)
    assert client.hints_by_line(hints)[0] == "✓"
    assert diags == []


async def test_code_action_fixes_a_failing_check(client):
    text = "WBBW == 1/2\nB.WB.WB is N\n"
    uri = client.open(text, "fix.cgt")
    _, diags = await client.settle(uri)
    assert len(diags) == 2
    actions = await client.code_actions(uri, 0, 0, diags[:1])
    fix = [a for a in actions if "-3/8" in a.title]
    assert len(fix) == 1, [a.title for a in actions]
    fixed = apply_edits(text, fix[0].edit.changes[uri])
    assert fixed.splitlines()[0] == "WBBW == -3/8"
    actions = await client.code_actions(uri, 1, 3, diags[1:])
    outcome = [a for a in actions if "P" in a.title]
    assert len(outcome) == 1, [a.title for a in actions]
    fixed = apply_edits(fixed, outcome[0].edit.changes[uri])
    assert fixed == "WBBW == -3/8\nB.WB.WB is P\n"
    v = client.change(uri, (None, fixed))
    hints, diags = await client.settle(uri, v)
    assert client.hints_by_line(hints) == {0: "✓", 1: "✓"}
    assert diags == []


async def test_no_code_actions_on_errors_or_comments(client):
    uri = client.open("# comment\n1/3\n", "noactions.cgt")
    await client.settle(uri)
    assert await client.code_actions(uri, 0, 3) == []
    assert await client.code_actions(uri, 1, 1) == []


# ------------------------------------------------------------------ symbols


async def test_document_symbols_are_the_let_names(client, doc):
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=TD(doc)))
    got = [(s.name, s.kind, s.detail, s.range.start.line, s.selection_range.start.character) for s in symbols]
    assert got == [
        ("pile", types.SymbolKind.Variable, "45/16", 0, 4),
        ("q", types.SymbolKind.Variable, "45/8", 5, 4),
        ("pile", types.SymbolKind.Variable, "1/2", 7, 4),
    ]

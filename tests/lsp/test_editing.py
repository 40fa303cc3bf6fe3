"""Editing: incremental didChange republishes diagnostics and hints for the new version;
syntax errors stay local; a burst of edits leaves the server consistent."""

from __future__ import annotations

import random

from lsprotocol import types

from conftest import label


def codes_by_line(diags):
    return sorted((d.range.start.line, d.code) for d in diags)


async def test_incremental_edit_republishes_for_the_new_version(client):
    uri = client.open("WBBW.BW\nBW\n", "edit.cgt")
    hints, diags = await client.settle(uri)
    assert client.hints_by_line(hints) == {0: "= 1/8 · L", 1: "= 1/2 · L"}
    assert diags == []

    # Type a `W` at the end of line 1: BW -> BWW.
    v = client.change(uri, ((1, 2, 1, 2), "W"))
    assert v == 2
    hints, diags = await client.settle(uri, v)
    assert client.hints_by_line(hints) == {0: "= 1/8 · L", 1: "= 1/4 · L"}
    assert hints[1].position.character == 3
    assert client.latest[uri].version == 2

    # Insert a wrong line at the top: everything below moves down one line.
    v = client.change(uri, ((0, 0, 0, 0), "1/3\n"))
    hints, diags = await client.settle(uri, v)
    assert client.hints_by_line(hints) == {1: "= 1/8 · L", 2: "= 1/4 · L"}
    assert codes_by_line(diags) == [(0, "dyadic")]

    # Fix it (replace `3` by `4`): the error goes, a hint appears.
    v = client.change(uri, ((0, 2, 0, 3), "4"))
    hints, diags = await client.settle(uri, v)
    assert client.hints_by_line(hints) == {0: "= 1/4 · L", 1: "= 1/8 · L", 2: "= 1/4 · L"}
    assert diags == []

    # Delete the first line again (a range spanning a line break).
    v = client.change(uri, ((0, 0, 1, 0), ""))
    hints, diags = await client.settle(uri, v)
    assert client.hints_by_line(hints) == {0: "= 1/8 · L", 1: "= 1/4 · L"}


async def test_several_changes_in_one_notification_apply_in_order(client):
    uri = client.open("BW\n", "multi.cgt")
    await client.settle(uri)
    # Each range refers to the text after the previous change (LSP semantics).
    v = client.change(
        uri,
        ((0, 0, 0, 0), "WBBW."),  # WBBW.BW
        ((0, 7, 0, 7), " == 1/8"),  # WBBW.BW == 1/8
        ((0, 14, 0, 14), "\nWBBW == 1/2"),
    )
    hints, diags = await client.settle(uri, v)
    assert client.hints_by_line(hints) == {0: "✓"}
    assert codes_by_line(diags) == [(1, "check")]
    assert "-3/8" in diags[0].message


async def test_full_text_change(client):
    uri = client.open("1/3\n", "full.cgt")
    _, diags = await client.settle(uri)
    assert codes_by_line(diags) == [(0, "dyadic")]
    v = client.change(uri, (None, "^ + ^ + *\n"))
    hints, diags = await client.settle(uri, v)
    assert client.hints_by_line(hints) == {0: "= ^^* · L"}
    assert diags == []


async def test_syntax_error_does_not_hide_other_lines(client):
    text = "WBBW.BW\n{3|2|1}\nBW\n1 + + 2\nWBBW == -3/8\n"
    uri = client.open(text, "syntax.cgt")
    hints, diags = await client.settle(uri)
    assert client.hints_by_line(hints) == {0: "= 1/8 · L", 2: "= 1/2 · L", 4: "✓"}
    assert {line for line, _ in codes_by_line(diags)} == {1, 3}
    assert all(d.severity == types.DiagnosticSeverity.Error for d in diags)
    assert all(d.code == "syntax" for d in diags)

    # Break a good line while typing (an unfinished game literal): the others keep their hints.
    v = client.change(uri, ((2, 0, 2, 2), "{1 |"))
    hints, diags = await client.settle(uri, v)
    by_line = client.hints_by_line(hints)
    assert by_line[0] == "= 1/8 · L"
    assert by_line[4] == "✓"
    assert 2 in {d.range.start.line for d in diags}


async def test_unclosed_bracket_is_cut_back(client):
    # A statement continues while a bracket is open; one never closed must not swallow the
    # rest of the file (grammar/cgt.ebnf: it is cut back).
    uri = client.open("{1 | 0\nBW\nWBBW.BW\n", "open.cgt")
    hints, diags = await client.settle(uri)
    by_line = client.hints_by_line(hints)
    assert by_line.get(2) == "= 1/8 · L", by_line
    assert diags and diags[0].range.start.line == 0


async def test_rapid_edits_leave_the_server_consistent(client):
    # A moderately slow statement keeps the worker busy, so most edits cancel an evaluation.
    slow = " + ".join(f"{{{2 * i}|{{0|-{i}}}}}" for i in range(1, 8))
    uri = client.open(f"{slow}\nBW\n", "rapid.cgt")
    target = "WBBW.BW == 1/8\nWBBW == 1/2\n1/3\nlet x = BW\nx + x\n"
    # Type the target character by character on new lines after line 1, each keystroke its
    # own didChange, without waiting for anything.
    line, col = 2, 0
    for ch in target:
        client.change(uri, ((line, col, line, col), ch))
        if ch == "\n":
            line, col = line + 1, 0
        else:
            col += 1
    # Then some random deletions and re-insertions that end with the same text.
    rnd = random.Random(7)
    for _ in range(20):
        ln = rnd.randrange(2, 7)
        text_line = target.split("\n")[ln - 2]
        if not text_line:
            continue
        c = rnd.randrange(len(text_line))
        client.change(uri, ((ln, c, ln, c + 1), ""))
        client.change(uri, ((ln, c, ln, c), text_line[c]))
    final = client.versions[uri]
    hints, diags = await client.settle(uri, final)
    by_line = client.hints_by_line(hints)
    assert by_line[1] == "= 1/2 · L"
    assert by_line[2] == "✓"
    assert by_line[5] == "= 1/2 · L"
    assert by_line[6] == "= 1 · L"
    assert codes_by_line(diags) == [(3, "check"), (4, "dyadic")]
    assert client.latest[uri].version == final

    # The same text opened fresh gives exactly the same results.
    fresh = client.open(f"{slow}\nBW\n{target}", "rapid-fresh.cgt")
    fresh_hints, fresh_diags = await client.settle(fresh)
    assert [(h.position, label(h)) for h in fresh_hints] == [(h.position, label(h)) for h in hints]
    assert [(d.range, d.message, d.code) for d in fresh_diags] == [(d.range, d.message, d.code) for d in diags]


async def test_closing_a_document_clears_its_diagnostics(client):
    uri = client.open("1/3\n", "close.cgt")
    await client.diagnostics_for(uri, 1, lambda ds: len(ds) == 1)
    client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri)))
    await client.until(lambda: len(client.latest[uri].diagnostics) == 0, "empty diagnostics after didClose")
    # And reopening works.
    uri2 = client.open("BW\n", "close.cgt")
    assert uri2 == uri
    hints, _ = await client.settle(uri)
    assert client.hints_by_line(hints) == {0: "= 1/2 · L"}

"""Positions are in UTF-16 code units (SPEC §5): `±` and `↑` are one unit (but two and three
bytes), `𝄞` (U+1D11E) is two units (a surrogate pair; four bytes, one code point)."""

from __future__ import annotations

import pytest
from lsprotocol import types

from conftest import apply_edits, label, pos

# Line 0: a statement with BMP non-ASCII characters, then a comment with 𝄞.
# Line 1: a 𝄞 comment line directly before a statement.
# Line 2: an error after `±` and `↑`, then a 𝄞 comment.
# Line 3: an error right after a 𝄞 inside the statement (a syntax error on the clef itself).
# Line 4: a 𝄞 in a string argument, with the error on that string.
# Lines 5-6: a statement continued on the next line, with a 𝄞 comment inside it.
TEXT = """\
±1 + ↑  # 𝄞 a clef
# 𝄞𝄞 two clefs
↑ + ±1 + 1/3  # 𝄞
toppling[𝄞B]
domineering["𝄞.", ".."]
{↑ # 𝄞 clef
| 0} + ±1
"""


async def test_hint_and_diagnostic_positions_are_utf16(client):
    uri = client.open(TEXT, "utf16.cgt")
    hints, diags = await client.settle(uri)

    positions = {h.position.line: (h.position.character, label(h)) for h in hints}
    # `±1 + ↑` is 6 UTF-16 units (and 10 bytes).
    assert positions[0] == (6, "= {1^|-1^} · N")
    # The continued statement ends after `| 0} + ±1` on line 6: 9 units.
    assert positions[6][0] == 9

    by_line = {d.range.start.line: d for d in diags}
    assert set(by_line) == {2, 3, 4}
    # `1/3` after `↑ + ±1 + `: units 9..12 (bytes 13..16).
    d = by_line[2]
    assert d.code == "dyadic"
    assert (d.range.start, d.range.end) == (pos(2, 9), pos(2, 12))
    # The clef in `toppling[𝄞B]` is units 9..11 (a surrogate pair).
    d = by_line[3]
    assert (d.range.start, d.range.end) == (pos(3, 9), pos(3, 11))
    # The string `"𝄞."` in `domineering["𝄞.", ".."]` is units 12..17.
    d = by_line[4]
    assert (d.range.start, d.range.end) == (pos(4, 12), pos(4, 17))


async def test_request_and_edit_positions_are_utf16(client):
    uri = client.open(TEXT, "utf16-edit.cgt")
    await client.settle(uri)

    # Hover at unit 5 of line 0 is on `↑`, inside the statement; at unit 7 it is past it.
    h = await client.hover(uri, 0, 5)
    assert h is not None and h.range.start == pos(0, 0) and h.range.end == pos(0, 6)

    # Replace the clef on line 3 (units 9..11) with `W`: toppling[WB] is `*`.
    v = client.change(uri, ((3, 9, 3, 11), "W"))
    hints, diags = await client.settle(uri, v)
    positions = {h.position.line: (h.position.character, label(h)) for h in hints}
    assert positions[3] == (12, "= * · N")
    assert 3 not in {d.range.start.line for d in diags}

    # Replace `1/3` on line 2 (units 9..12) with `1/4`.
    v = client.change(uri, ((2, 9, 2, 12), "1/4"))
    hints, diags = await client.settle(uri, v)
    positions = {h.position.line: (h.position.character, label(h)) for h in hints}
    assert positions[2][0] == 12
    assert 2 not in {d.range.start.line for d in diags}

    # Insert between the two clefs of the comment on line 1 (unit 4): still a comment.
    v = client.change(uri, ((1, 4, 1, 4), "x"))
    hints, diags = await client.settle(uri, v)
    assert 1 not in {d.range.start.line for d in diags}

    # Formatting edits come back in UTF-16 too: applying them gives well-formed text.
    text = apply_edits(TEXT, [])
    text = text.replace("toppling[𝄞B]", "toppling[WB]").replace("1/3", "1/4").replace("# 𝄞𝄞", "# 𝄞x𝄞")
    edits = await client.format(uri)
    formatted = apply_edits(text, edits)
    assert "toppling[WB]" in formatted and "𝄞x𝄞" in formatted


@pytest.mark.init_options({"unicode": True})
async def test_unicode_initialization_option(client):
    uri = client.open("^ + ^\n{1 | -1}\nv\n", "arrows-init.cgt")
    hints, _ = await client.settle(uri)
    assert [label(h) for h in hints] == ["= ↑↑ · L", "= ±1 · N", "= ↓ · R"]


async def test_unicode_setting_changed_at_run_time(client):
    # The same setting through workspace/didChangeConfiguration (as {"cgt": {...}}); it applies
    # from the next evaluation, so an edit follows it.
    uri = client.open("^ + ^\n{1 | -1}\n", "arrows.cgt")
    hints, _ = await client.settle(uri)
    assert [label(h) for h in hints] == ["= ^^ · L", "= +-1 · N"]
    client.workspace_did_change_configuration(
        types.DidChangeConfigurationParams(settings={"cgt": {"unicode": True, "budgetMs": 2000}})
    )
    client.change(uri, ((0, 5, 0, 5), " "))

    async def arrows():
        hs = await client.hints(uri)
        return [label(h) for h in hs] == ["= ↑↑ · L", "= ±1 · N"]

    await client.until(arrows, "hints with ↑ and ±")

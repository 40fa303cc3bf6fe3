"""Definitions in the editor (SPEC §3.6 and §5): semantic tokens (with `±` and `↑` earlier on
a line, so that UTF-16 columns differ from byte columns), hints on definition lines, hover on
a use of a definition, rename of a parameter and go to definition of a definition."""

from __future__ import annotations

from lsprotocol import types

from conftest import TD, apply_edits, pos

DOC = """\
let x = ↑
let g = ±1 + ↑ + x
# Take one from the heap (a doc comment).
def f(w) = if w < 1 then 0 else {f(w - 1) | }
def h(w) = w + 1
rule r(n) = [n - k for k in [1, 2] if k <= n]
f(3) + x
grundy(r, 0..5)
↑ + r[4]
"""
LINES = DOC.splitlines()


def col(line: int, needle: str, nth: int = 0) -> int:
    """The UTF-16 column of the `nth` occurrence of `needle` on `line` (every character of DOC
    is in the BMP, so Python's index is the UTF-16 column)."""
    start = -1
    for _ in range(nth + 1):
        start = LINES[line].index(needle, start + 1)
    return start


async def test_semantic_tokens_are_declared_and_utf16(client):
    provider = client.server_info.capabilities.semantic_tokens_provider
    legend = provider.legend
    assert set(legend.token_types) >= {"variable", "function", "parameter", "class"}
    assert list(legend.token_modifiers) == ["declaration"]

    uri = client.open(DOC, "defs-tokens.cgt")
    result = await client.text_document_semantic_tokens_full_async(
        types.SemanticTokensParams(text_document=TD(uri))
    )
    data = result.data
    assert len(data) % 5 == 0
    tokens = []
    line = start = 0
    for i in range(0, len(data), 5):
        dl, ds, length, kind, mods = data[i : i + 5]
        line += dl
        start = start + ds if dl == 0 else ds
        tokens.append((line, start, length, legend.token_types[kind], bool(mods & 1)))

    want = [
        (0, col(0, "x"), 1, "variable", True),
        (1, col(1, "g"), 1, "variable", True),
        # `x` after `±1 + ↑ + `: column 17 in UTF-16 (byte 20).
        (1, 17, 1, "variable", False),
        (3, col(3, "f(w)"), 1, "function", True),
        (3, col(3, "w"), 1, "parameter", True),
        (3, col(3, "w", 1), 1, "parameter", False),
        (3, col(3, "f(w - 1)"), 1, "function", False),
        (3, col(3, "w - 1"), 1, "parameter", False),
        (4, col(4, "h(w)"), 1, "function", True),
        (4, col(4, "w"), 1, "parameter", True),
        (4, col(4, "w + 1"), 1, "parameter", False),
        (5, col(5, "r(n)"), 1, "class", True),
        (5, col(5, "n)"), 1, "parameter", True),
        (5, col(5, "n - k"), 1, "parameter", False),
        (5, col(5, "k in"), 1, "variable", True),
        (5, col(5, "k <="), 1, "variable", False),
        (5, col(5, "n]"), 1, "parameter", False),
        (6, 0, 1, "function", False),
        (6, col(6, "x"), 1, "variable", False),
        (7, col(7, "r, 0"), 1, "class", False),
        # `r` after `↑ + `: column 4 in UTF-16 (byte 6).
        (8, 4, 1, "class", False),
    ]
    # `k` of `n - k` is a use of the `for` variable too.
    want.insert(14, (5, col(5, "k for"), 1, "variable", False))
    assert tokens == sorted(want)


async def test_hints_and_hover_on_a_use_of_a_definition(client):
    uri = client.open(DOC, "defs-hover.cgt")
    hints, diags = await client.settle(uri)
    assert diags == []
    by_line = client.hints_by_line(hints)
    assert by_line[3] == "f(w)"
    assert by_line[5] == "rule r(n)"

    h = await client.hover(uri, 6, 0)
    assert h is not None
    text = h.contents.value
    assert "def f(w)" in text
    assert "Take one from the heap (a doc comment)." in text
    assert "**This line**" in text
    assert (h.range.start, h.range.end) == (pos(6, 0), pos(6, 1))


async def test_rename_of_a_parameter_touches_only_its_definition(client):
    uri = client.open(DOC, "defs-rename.cgt")
    await client.settle(uri)
    at = pos(3, col(3, "w - 1"))
    prep = await client.text_document_prepare_rename_async(
        types.PrepareRenameParams(text_document=TD(uri), position=at)
    )
    prep_range = prep if isinstance(prep, types.Range) else prep.range
    assert (prep_range.start, prep_range.end) == (at, pos(3, at.character + 1))
    edit = await client.text_document_rename_async(
        types.RenameParams(text_document=TD(uri), position=at, new_name="width")
    )
    changed = apply_edits(DOC, edit.changes[uri]).splitlines()
    assert changed[3] == "def f(width) = if width < 1 then 0 else {f(width - 1) | }"
    assert changed[4] == "def h(w) = w + 1"
    assert changed[:3] == LINES[:3] and changed[5:] == LINES[5:]
    # Keywords and built-in functions are not renamed.
    for line, needle in [(3, "def"), (3, "then"), (7, "grundy")]:
        prep = await client.text_document_prepare_rename_async(
            types.PrepareRenameParams(text_document=TD(uri), position=pos(line, col(line, needle) + 1))
        )
        assert prep is None, needle


async def test_go_to_definition_of_a_definition(client):
    uri = client.open(DOC, "defs-goto.cgt")
    for line, needle in [(6, "f"), (3, "f(w - 1)")]:
        loc = await client.text_document_definition_async(
            types.DefinitionParams(text_document=TD(uri), position=pos(line, col(line, needle)))
        )
        assert isinstance(loc, types.Location)
        assert (loc.range.start, loc.range.end) == (pos(3, 4), pos(3, 5))
    # The rule, used after `↑ + ` (UTF-16 column 4).
    loc = await client.text_document_definition_async(
        types.DefinitionParams(text_document=TD(uri), position=pos(8, 4))
    )
    assert (loc.range.start, loc.range.end) == (pos(5, 5), pos(5, 6))

"""The server survives garbage (SPEC §4, §5): random text, 100,000 levels of `{`, huge numbers,
invalid edits and requests at impossible positions, and still answers afterwards."""

from __future__ import annotations

import asyncio
import random

from lsprotocol import types

from conftest import TD, TIMEOUT, label, pos, rng


async def still_works(client):
    """The server is alive and evaluates a fresh document correctly."""
    assert client.alive(), f"the server exited with status {client._server.returncode}"
    uri = client.open("WBBW.BW\nWBBW == 1/2\n", f"sanity{len(client.versions)}.cgt")
    hints, diags = await client.settle(uri)
    assert client.hints_by_line(hints) == {0: "= 1/8 · L"}
    assert [d.code for d in diags] == ["check"]


async def every_request(client, uri, line, ch):
    """Sends every request the server supports at (line, ch); returns nothing, fails on errors."""
    p = pos(line, ch)
    await client.hover(uri, line, ch)
    await client.complete(uri, line, ch)
    await client.code_actions(uri, line, ch)
    await client.text_document_definition_async(types.DefinitionParams(text_document=TD(uri), position=p))
    await client.text_document_references_async(
        types.ReferenceParams(text_document=TD(uri), position=p, context=types.ReferenceContext(include_declaration=True))
    )
    await client.text_document_prepare_rename_async(types.PrepareRenameParams(text_document=TD(uri), position=p))
    try:
        await client.text_document_rename_async(types.RenameParams(text_document=TD(uri), position=p, new_name="fresh"))
    except Exception as e:  # an error answer ("no `let` name here") is fine; a dead server is not
        assert "name" in str(e), e
    await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=TD(uri)))
    await client.format(uri)
    await client.hints(uri)


ALPHABET = (
    list("{}[]()<>|,.:;+-*/^v=!#_\"' \t\n\n\n0123456789BWGRLNPxyzk")
    + ["let ", "is ", "misere ", "±", "↑", "↓", "𝄞", "é", "\u200b", "\x00", "\x07", "\r", "\r\n", "\ufeff", "->", "=="]
    + ["nim[", "boxes[", "temp(", "domineering[", "graph[", "toppling[", "stones[", "fair[", "tree[", "kayles["]
)


def garbage(r: random.Random, n: int) -> str:
    return "".join(r.choice(ALPHABET) for _ in range(n))


async def test_random_text(client):
    r = random.Random(1234)
    for i in range(8):
        text = garbage(r, r.randrange(1, 800))
        uri = client.open(text, f"garbage{i}.cgt")
        await client.settle(uri)
        lines = text.split("\n")
        for _ in range(5):
            line = r.randrange(len(lines) + 2)
            await every_request(client, uri, line, r.randrange(0, 40))
        assert client.alive()
    await still_works(client)


async def test_random_incremental_edits(client):
    r = random.Random(99)
    text = "WBBW.BW\nlet x = {1 | -1}\nx + ↑\n"
    uri = client.open(text, "edits.cgt")
    for _ in range(150):
        lines = text.split("\n")
        l0 = r.randrange(len(lines))
        c0 = r.randrange(len(lines[l0]) + 1)
        l1 = r.randrange(l0, min(l0 + 2, len(lines)))
        c1 = r.randrange(len(lines[l1]) + 1) if l1 > l0 else r.randrange(c0, len(lines[l1]) + 1)
        new = garbage(r, r.randrange(0, 6))
        # Positions in code points here: keep the document to BMP characters for this test.
        new = new.replace("𝄞", "x")
        start = sum(len(x) + 1 for x in lines[:l0]) + c0
        end = sum(len(x) + 1 for x in lines[:l1]) + c1
        text = text[:start] + new + text[end:]
        client.change(uri, ((l0, c0, l1, c1), new))
    # The server's text must be exactly ours: a full re-open of our text gives the same results.
    hints, diags = await client.settle(uri)
    fresh = client.open(text, "edits-fresh.cgt")
    fresh_hints, fresh_diags = await client.settle(fresh)
    assert [(h.position, label(h)) for h in hints] == [(h.position, label(h)) for h in fresh_hints]
    assert [(d.range, d.code) for d in diags] == [(d.range, d.code) for d in fresh_diags]
    await still_works(client)


async def test_deep_nesting(client):
    deep_open = "{" * 100_000
    deep_closed = "{" * 100_000 + "0" + "}" * 100_000
    text = f"{deep_open}\nBW\n{deep_closed}\nWBBW\n"
    uri = client.open(text, "deep.cgt")
    hints, diags = await client.settle(uri, timeout=60)
    by_line = client.hints_by_line(hints)
    assert by_line[1] == "= 1/2 · L"
    assert by_line[3] == "= -3/8 · R"
    assert {0, 2} <= {d.range.start.line for d in diags}
    for line, ch in [(0, 50_000), (2, 100_000), (2, 200_001), (1, 1)]:
        await every_request(client, uri, line, ch)
    # Typing into the deep line.
    v = client.change(uri, ((0, 100_000, 0, 100_000), "}"))
    await client.settle(uri, v, timeout=60)
    await still_works(client)


async def test_huge_numbers_and_long_lines(client):
    big = "1" + "0" * 5000
    text = f"{big} + 1\n{big}/{'2' * 3} \nBW{'W' * 1000}\n{'B' * 1000}.{'W' * 999}\n"
    uri = client.open(text, "big.cgt")
    hints, diags = await client.settle(uri, timeout=60)
    by_line = client.hints_by_line(hints)
    assert by_line[0] == f"= {big[:-1]}1 · L"
    assert 1 in {d.range.start.line for d in diags}  # 222 is not a power of two
    assert by_line[3] == "= 1 · L"
    await still_works(client)


async def test_empty_and_blank_documents(client):
    for i, text in enumerate(["", "\n", "   \n\t\n", "# only a comment", "\r\n\r\n"]):
        uri = client.open(text, f"empty{i}.cgt")
        hints, diags = await client.settle(uri)
        assert hints == [] and diags == []
        await every_request(client, uri, 0, 0)
    await still_works(client)


async def test_edits_with_out_of_range_positions(client):
    uri = client.open("BW\nWBBW\n", "ranges.cgt")
    await client.settle(uri)
    # Past the end of a line, past the last line: clamped, as clients do.
    client.change(uri, ((0, 100, 0, 200), " + 0"))
    client.change(uri, ((50, 0, 60, 5), "B.WB.WB\n"))
    # In the middle of a surrogate pair.
    client.change(uri, (None, "# 𝄞\nBW\n"))
    client.change(uri, ((0, 3, 0, 3), "x"))
    hints, _ = await client.settle(uri)
    assert client.alive()
    assert client.hints_by_line(hints).get(1) == "= 1/2 · L"
    # Finally a known state.
    v = client.change(uri, (None, "WBBW.BW\n"))
    hints, _ = await client.settle(uri, v)
    assert client.hints_by_line(hints) == {0: "= 1/8 · L"}
    await still_works(client)


async def test_reversed_edit_range(client):
    # A range whose end is before its start is invalid; the server must not die on it.
    uri = client.open("BW\nWBBW\n", "reversed.cgt")
    await client.settle(uri)
    client.change(uri, ((1, 3, 0, 1), "X"))
    # Whatever the server makes of it, it must still answer and be usable.
    await asyncio.wait_for(client.hints(uri), TIMEOUT)
    v = client.change(uri, (None, "WBBW.BW\n"))
    hints, _ = await client.settle(uri, v)
    assert client.hints_by_line(hints) == {0: "= 1/8 · L"}
    await still_works(client)


async def test_requests_at_impossible_positions(client):
    uri = client.open("let a = BW\na + a\n", "positions.cgt")
    await client.settle(uri)
    for line, ch in [(0, 10_000), (2, 0), (999, 999), (2**31 - 1, 2**31 - 1)]:
        await every_request(client, uri, line, ch)
    # An inlay hint range that is reversed or far outside the document.
    for r in [rng(1, 5, 0, 0), rng(100, 0, 200, 0), rng(0, 0, 2**31 - 1, 0)]:
        await client.text_document_inlay_hint_async(types.InlayHintParams(text_document=TD(uri), range=r))
    await still_works(client)


async def test_unknown_documents_and_odd_notifications(client):
    ghost = "file:///tmp/cgt-lsp-tests/never-opened.cgt"
    client.versions[ghost] = 1
    client.change(ghost, ((0, 0, 0, 0), "BW"))
    assert await client.hover(ghost, 0, 0) is None
    assert await client.hints(ghost) == []
    # Opening the same document twice, and a version that goes backwards.
    uri = client.open("BW\n", "twice.cgt")
    uri = client.open("WBBW\n", "twice.cgt")
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=0),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text="WBBW.BW\n")],
        )
    )
    client.versions[uri] = 0
    hints, _ = await client.settle(uri, 0)
    assert client.hints_by_line(hints) == {0: "= 1/8 · L"}
    # Closing a document that is not open.
    client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=TD(ghost)))
    # A request the server does not implement gets an error answer, not a crash.
    try:
        await client.text_document_semantic_tokens_full_async(types.SemanticTokensParams(text_document=TD(uri)))
    except Exception as e:
        assert "not found" in str(e).lower() or "method" in str(e).lower(), e
    await still_works(client)

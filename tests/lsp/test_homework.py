"""Opening a homework file: inlay hints, ticks and diagnostics (SPEC §5, first two bullets)."""

from __future__ import annotations

import re

import pytest

from lsprotocol import types

from conftest import ROOT, TIMEOUT

HOMEWORK = """\
# Homework 3: Black-and-White boxes
WBBW.BW
WBBW.BW == 1/8
WBBW == 1/2
1/3
nim[22, 11, 42] k=3
let pile = BBBWBBW
pile - 45/16 == 0
B.WB.WB is P
"""


async def open_homework(client):
    uri = client.open(HOMEWORK, "homework.cgt")
    hints, diags = await client.settle(uri)
    return uri, client.hints_by_line(hints), hints, diags


async def test_value_hint_at_end_of_statement(client):
    uri, by_line, hints, _ = await open_homework(client)
    assert by_line[1] == "= 1/8 · L"
    hint = next(h for h in hints if h.position.line == 1)
    # At the end of `WBBW.BW`, with padding so it does not stick to the text.
    assert (hint.position.line, hint.position.character) == (1, len("WBBW.BW"))
    assert hint.padding_left is True


async def test_passing_checks_get_a_tick(client):
    _, by_line, hints, _ = await open_homework(client)
    assert by_line[2] == "✓"
    assert by_line[7] == "✓"
    assert by_line[8] == "✓"
    tick = next(h for h in hints if h.position.line == 2)
    assert tick.position.character == len("WBBW.BW == 1/8")


async def test_failing_check_is_an_error_naming_the_true_value(client):
    _, by_line, _, diags = await open_homework(client)
    on_line = [d for d in diags if d.range.start.line == 3]
    assert len(on_line) == 1, on_line
    d = on_line[0]
    assert d.severity == types.DiagnosticSeverity.Error
    assert d.code == "check"
    assert d.source == "cgt"
    assert "-3/8" in d.message  # the true value of WBBW
    assert "1/2" in d.message  # the claimed one
    assert (d.range.start.character, d.range.end.line, d.range.end.character) == (0, 3, len("WBBW == 1/2"))
    # Both sides are labelled as related information.
    related = {r.message for r in d.related_information or []}
    assert any("-3/8" in m for m in related), related
    # The failing check gets no tick.
    assert by_line.get(3) != "✓"


async def test_non_dyadic_number_is_an_error(client):
    _, by_line, _, diags = await open_homework(client)
    on_line = [d for d in diags if d.range.start.line == 4]
    assert len(on_line) == 1, on_line
    d = on_line[0]
    assert d.severity == types.DiagnosticSeverity.Error
    assert d.code == "dyadic"
    assert "dyadic" in d.message
    assert (d.range.start.character, d.range.end.character) == (0, 3)
    assert 4 not in by_line  # errors are shown as diagnostics, not as hints


async def test_only_the_two_wrong_lines_have_diagnostics(client):
    _, _, _, diags = await open_homework(client)
    assert sorted(d.range.start.line for d in diags) == [3, 4]


def column_counts(heaps: list[int]) -> list[int]:
    width = max(heaps).bit_length()
    return [sum((h >> b) & 1 for h in heaps) for b in range(width)]


async def test_moores_nim_reports_outcome_and_a_winning_move(client):
    # SPEC §3.3: `nim[22, 11, 42] k=3` is Moore's Nim_3. It reports the outcome and, for an
    # N-position, a winning move as the list of changed heaps. The server's current label is
    # `= N · winning move: 22 -> 0, 11 -> 0, 42 -> 0`; rather than pin that particular move,
    # check that the reported move is legal and leads to a P-position.
    _, by_line, _, diags = await open_homework(client)
    assert not [d for d in diags if d.range.start.line == 5]
    hint = by_line[5]
    assert hint.startswith("= N"), hint
    m = re.search(r"winning move: (.*)$", hint)
    assert m, hint
    heaps = [22, 11, 42]
    changed = 0
    for move in m.group(1).split(","):
        old, new = (int(x) for x in move.strip().split("->"))
        i = heaps.index(old)
        assert 0 <= new < old
        heaps[i] = new
        changed += 1
    assert 1 <= changed <= 3
    assert all(c % 4 == 0 for c in column_counts(heaps)), heaps


async def test_let_binding_shows_its_value(client):
    _, by_line, _, _ = await open_homework(client)
    assert by_line[6] == "= 45/16 · L"


async def test_diagnostics_carry_the_document_version(client):
    uri, _, _, _ = await open_homework(client)
    assert client.latest[uri].version == 1
    assert client.refresh_count >= 1  # hints were refreshed after evaluating


# ------------------------------------------------------------------ the examples


def cli_results(path):
    """`N │ source   result` lines of an examples/*.out file: {line: result}."""
    out = {}
    for row in path.read_text(encoding="utf-8").splitlines():
        m = re.match(r"\s*(\d+) │ (.*)$", row)
        if not m:
            continue
        line, rest = int(m.group(1)), m.group(2)
        source = path.with_suffix(".cgt").read_text(encoding="utf-8").splitlines()[line - 1]
        stmt = source.split("#")[0].rstrip() if "#" in source else source.rstrip()
        if rest.startswith(stmt):
            out[line - 1] = rest[len(stmt) :].strip()
        else:
            # A long statement is shown cut, ending in `…`.
            cut = rest.index("…")
            assert stmt.startswith(rest[:cut]), (rest, stmt)
            out[line - 1] = rest[cut + 1 :].strip()
    return out


async def test_tour_hints_match_the_command_line(client):
    """Every result `cgt eval examples/tour.cgt` prints is the inlay hint the editor shows."""
    tour = ROOT / "examples" / "tour.cgt"
    uri = client.open(tour.read_text(encoding="utf-8"), "tour.cgt")
    hints, diags = await client.settle(uri)
    assert diags == []
    by_line = client.hints_by_line(hints)
    expected = cli_results(tour.with_suffix(".out"))
    assert expected, "tour.out has no results"
    for line, result in expected.items():
        if result.startswith("= def "):
            # A definition's hint is its signature: `cutcake(w, h)`; a rule's `rule kay(n)`.
            assert by_line.get(line) == result[len("= def ") :], (line, result)
        elif result.startswith("= rule "):
            assert by_line.get(line) == result[len("= ") :], (line, result)
        elif result.startswith("="):
            assert by_line.get(line) == result, (line, result)
        elif result == "✓":
            assert by_line.get(line) == "✓", line
        else:
            # `let pile = BBBWBBW   pile = 45/16 · L`: the hint is the value part.
            name, _, value = result.partition(" = ")
            assert by_line.get(line) == "= " + value, (line, result)
    assert set(by_line) == set(expected)


async def test_mistakes_diagnostics_match_the_command_line(client):
    """The error codes and lines of `cgt eval examples/mistakes.cgt` are the diagnostics."""
    mistakes = ROOT / "examples" / "mistakes.cgt"
    uri = client.open(mistakes.read_text(encoding="utf-8"), "mistakes.cgt")
    _, diags = await client.settle(uri)
    err = (ROOT / "examples" / "mistakes.err").read_text(encoding="utf-8")
    expected = re.findall(r"^\[(\w+)\] (Error|Warning): .*\n\s*╭─\[ mistakes\.cgt:(\d+):(\d+) \]", err, re.M)
    assert expected
    got = [(d.code, d.range.start.line + 1) for d in diags]
    assert got == [(code, int(line)) for code, _, line, _ in expected]
    for d, (_, severity, _, _) in zip(diags, expected):
        want = types.DiagnosticSeverity.Error if severity == "Error" else types.DiagnosticSeverity.Warning
        assert d.severity == want


EXAMPLES = sorted(p.stem for p in (ROOT / "examples").glob("*.cgt"))


@pytest.mark.init_options({"budgetMs": 10000})
@pytest.mark.parametrize("name", EXAMPLES)
async def test_every_example_shows_the_command_lines_values(client, name):
    """Each value `cgt eval examples/NAME.cgt` prints is the inlay hint the editor shows on
    that line (the server gets the command line's budget); a line the editor did not finish
    carries a `gave up` diagnostic instead."""
    path = ROOT / "examples" / f"{name}.cgt"
    uri = client.open(path.read_text(encoding="utf-8"), f"{name}.cgt")
    hints, diags = await client.settle(uri, timeout=max(TIMEOUT, 240))
    by_line = client.hints_by_line(hints)
    gave_up = {d.range.start.line for d in diags if "gave up" in d.message}
    expected = cli_results(path.with_suffix(".out"))
    compared = 0
    for line, result in expected.items():
        if "gave up" in result or line in gave_up:
            continue
        hint = by_line.get(line)
        if result.startswith("= def "):
            want = result[len("= def ") :]
        elif result.startswith("= rule "):
            want = result[len("= ") :]
        elif result.startswith("✓"):
            # A passed check's hint is the tick; what the command line adds after it (a winning
            # move, a rule) is in the hover.
            want = "✓"
        elif result.startswith("="):
            want = result
        elif " = " in result and not result.startswith(("✗", "error")):
            want = "= " + result.partition(" = ")[2]
        else:
            continue
        if hint is not None and hint.endswith("…") and want.startswith(hint[:-1]):
            compared += 1
            continue
        # A value of several lines (an explanation) shows its first line in the file's output.
        first = hint.split("\n")[0] if hint is not None else None
        assert first == want, (name, line + 1, hint, want)
        compared += 1
    assert compared > 0 or all(r.startswith(("✗", "error")) for r in expected.values()), name

"""Pictures in hovers, through the real server: the thermograph and the game tree of a game are
Markdown images with SVG `data:` URIs (SPEC §5)."""

from __future__ import annotations

import base64
import re


def pictures(markdown: str) -> dict[str, str]:
    """The SVG documents of a hover's images, by their alt text."""
    found = re.findall(r"!\[([a-z]+)\]\(data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)\)", markdown)
    return {kind: base64.b64decode(data).decode("utf-8") for kind, data in found}


def polylines(svg: str) -> list[list[tuple[float, float]]]:
    lines = []
    for points in re.findall(r'<polyline points="([^"]*)"', svg):
        lines.append([tuple(float(c) for c in p.split(",")) for p in points.split()])
    return lines


async def test_the_thermograph_of_a_switch_has_walls_at_45_degrees(client):
    uri = client.open("{3 | -2}\n", "switch.cgt")
    await client.settle(uri)
    md = (await client.hover(uri, 0, 1)).contents.value
    svg = pictures(md)["thermograph"]
    assert svg.startswith("<svg")
    slanted = 0
    for line in polylines(svg):
        for (x0, y0), (x1, y1) in zip(line, line[1:]):
            dx, dy = x1 - x0, y1 - y0
            if abs(dx) < 0.05:
                continue  # a vertical piece (the mast)
            slope = dy / dx
            assert abs(abs(slope) - 1) < 0.01, f"slope {slope} in {line}"
            slanted += 1
    # {3 | -2} has temperature 5/2: both walls slant up to the mast.
    assert slanted >= 2


async def test_a_small_game_has_a_tree_picture(client):
    uri = client.open("{2 || 1 | 0}\n", "tree.cgt")
    await client.settle(uri)
    md = (await client.hover(uri, 0, 1)).contents.value
    svg = pictures(md)["tree"]
    labels = [t.strip() for t in re.findall(r"<text[^>]*>([^<]*)</text>", svg)]
    for value in ["{2||1|0}", "{1|0}", "2", "1", "0"]:
        assert value in labels, (value, labels)
    # One edge per move: Left's blue, Right's red.
    assert svg.count("#1F4FBF") == 2 and svg.count("#C62828") == 2


async def test_a_grundy_sequence_is_plotted(client):
    uri = client.open("grundy(grundy_game, 1..20)\n", "plot.cgt")
    await client.settle(uri)
    md = (await client.hover(uri, 0, 24)).contents.value
    svg = pictures(md)["plot"]
    assert svg.count("<circle") == 20


async def test_a_small_position_shows_its_options_beside_their_values(client):
    uri = client.open('toppling[BWB]\n', "options.cgt")
    await client.settle(uri)
    md = (await client.hover(uri, 0, 10)).contents.value
    svg = pictures(md)["options"]
    values = [t.strip() for t in re.findall(r'<text class="value"[^>]*>([^<]*)</text>', svg)]
    # Left topples to WB (*), to nothing (0) or to BW (*); Right to B (1).
    assert values == ["*", "0", "*", "1"], values
    assert svg.count('class="option left"') == 2 and svg.count('class="option right"') == 1

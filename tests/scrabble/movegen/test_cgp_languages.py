"""CGP positions in other languages: Polish and Catalan (multi-character tiles) read and write."""

from __future__ import annotations

import json

import pytest
from conftest import shared_file

from wordgames.errors import FormatError
from wordgames.scrabble.core.tiles import TILE_DISTRIBUTIONS
from wordgames.scrabble.formats.cgp import format_cgp, parse_cgp

CATALAN = TILE_DISTRIBUTIONS["catalan"]
EMPTY = "/".join(["15"] * 15)


def test_the_external_catalan_and_polish_positions_parse() -> None:
    entries = json.loads(shared_file("external/cgp/forms.json").read_text(encoding="utf-8"))
    foreign = [entry["cgp"] for entry in entries if "OSPS" in entry["cgp"] or "DISC" in entry["cgp"]]
    assert len(foreign) == 5
    for text in foreign:
        position = parse_cgp(text)
        # Written back the same, but for MAGPIE's '-lex' spelling of the operation.
        assert format_cgp(position) == text.replace("-lex", "lex")
        assert parse_cgp(format_cgp(position)).board.row_tiles(5) == position.board.row_tiles(5)
    catalan = parse_cgp(next(text for text in foreign if "[L·L]" in text))
    row = [tile for tile in catalan.board.row_tiles(5) if tile]
    assert [CATALAN.show(tile) for tile in row] == ["n", "C", "E", "[L·L]", "A"]
    assert catalan.board.row_tiles(5)[4] == "n"  # a blank stands for N
    assert catalan.racks == ["AAIPRRS", "AADEGLT"]
    polish = parse_cgp(next(text for text in foreign if "ZDZIAŁaJ" in text))
    assert "".join(tile or "." for tile in polish.board.row_tiles(14)) == "ZDZIAŁaJ.Y....."
    assert polish.racks[1] == "AHIKPZŻ"


def test_tiles_are_read_by_the_named_or_given_distribution() -> None:
    text = f"{EMPTY.replace('15', '4[QU]10', 1)} [NY]A?[l·l]/ 0/0 0 ld catalan;"
    position = parse_cgp(text)
    assert position.board.row_tiles(0)[4] == "QU"
    assert position.racks[0] == "[NY]A?[L·L]"  # notation; a rack holds no designated blank
    assert format_cgp(position) == text.replace("[l·l]", "[L·L]")
    with pytest.raises(FormatError, match=r"row 1 .* at position 1 is not a tile"):
        parse_cgp(f"{EMPTY.replace('15', '4[QU]10', 1)} / 0/0 0")  # English tiles
    given = parse_cgp(f"{EMPTY.replace('15', '4[QU]10', 1)} / 0/0 0", tile_set=CATALAN)
    assert given.board.row_tiles(0)[4] == "QU"

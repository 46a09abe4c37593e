"""Tile sets: letter values, reading FIT1045 score files and USC tile bags."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from conftest import shared_file

from wordgames.errors import FormatError, InvalidArgumentError
from wordgames.scrabble import BLANK, STANDARD_ENGLISH, Bag, TileSet, read_tile_set


def test_standard_english_has_100_tiles_and_two_blanks() -> None:
    bag = STANDARD_ENGLISH.full_bag()
    assert len(bag) == 100
    assert bag.count(BLANK) == 2
    assert Counter(bag)["E"] == 12
    assert STANDARD_ENGLISH.value("Q") == 10
    assert STANDARD_ENGLISH.letters == "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def test_blanks_score_zero_and_unknown_tiles_are_refused() -> None:
    assert STANDARD_ENGLISH.value(BLANK) == 0
    assert STANDARD_ENGLISH.value("z") == 0  # a played blank standing for Z
    with pytest.raises(InvalidArgumentError):
        STANDARD_ENGLISH.value("3")


def test_fit1045_scores_file() -> None:
    tiles = read_tile_set(shared_file("formats/fit1045/scores.txt"))
    assert len(tiles.letters) == 26
    assert (tiles.value("A"), tiles.value("Q"), tiles.value("W"), tiles.value("H")) == (1, 20, 12, 3)
    assert tiles.value(BLANK) == 0
    assert tiles.counts == {}
    with pytest.raises(InvalidArgumentError):
        Bag.full(tiles)


def test_usc_tile_bags() -> None:
    english = read_tile_set(shared_file("formats/usc104/english-tile-bag.txt"))
    assert english.values == STANDARD_ENGLISH.values
    assert english.counts == STANDARD_ENGLISH.counts
    small = read_tile_set(shared_file("formats/usc104/small-tile-bag.txt"))
    assert small.counts[BLANK] == 5 and small.value("F") == 4
    assert len(small.full_bag()) == 16


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("A 1\nB 3 2\n", ":2:"),  # mixed formats
        ("A one\n", "whole numbers"),
        ("AB 1\n", "not a letter"),
        ("A 1\nA 2\n", "twice"),
        ("A -1\n", "negative"),
        ("\n\n", "no tiles"),
        ("A\n", ":1:"),
    ],
)
def test_bad_tile_files_name_the_problem(tmp_path: Path, text: str, fragment: str) -> None:
    path = tmp_path / "tiles.txt"
    path.write_text(text)
    with pytest.raises(FormatError, match=fragment):
        read_tile_set(path)


def test_tile_file_tolerates_crlf_bom_and_lower_case(tmp_path: Path) -> None:
    path = tmp_path / "values.txt"
    path.write_bytes(b"\xef\xbb\xbfa 1\r\nb 3\r\n")
    assert read_tile_set(path).values == {"A": 1, "B": 3, BLANK: 0}


def test_tile_set_values_only() -> None:
    tiles = TileSet({"A": 2})
    assert tiles.full_bag() == []
    assert tiles.letters == "A"

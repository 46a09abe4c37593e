"""Small leave tables and a tiny game world for the leave tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from wordgames.lexicon.kwg import ENGLISH_ALPHABET
from wordgames.scrabble.core.tiles import TileSet
from wordgames.scrabble.leaves import LeaveTable

TINY_WORDS = [
    "AB", "AS", "AT", "BA", "BE", "ES", "ET", "TA", "TE", "ABS", "ATE", "BAT", "BATS", "BET",
    "BETS", "BEAT", "BEATS", "BEST", "EAT", "EATS", "SAT", "SEA", "SEAT", "SET", "SETA", "TAB",
    "TABS", "TEA", "TEAS", "TEE", "TEES", "BASE", "BASTE", "STAB", "ABET", "ABETS", "EASE", "SEE",
    "TEST"
]
TINY_TILES = TileSet({"A": 1, "B": 3, "E": 1, "S": 1, "T": 1, "?": 0},
                     {"A": 5, "B": 2, "E": 6, "S": 3, "T": 4, "?": 1})
TINY_BAG = "A 1 5\nB 3 2\nE 1 6\nS 1 3\nT 1 4\n? 0 1\n"


def small_table() -> LeaveTable:
    """A hand-made table over A, B and the blank."""
    return LeaveTable.from_texts(ENGLISH_ALPHABET, {
        "?": 25.5, "A": 0.5, "B": -2.25, "?A": 20.0, "AA": -4.0, "AB": 1.0, "?AB": 18.5, "AAB": -7.0,
    })


@pytest.fixture(scope="session")
def tiny_lexicon_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A word file of a few words over A, B, E, S, T."""
    path = tmp_path_factory.mktemp("tiny") / "tiny.txt"
    path.write_text("\n".join(TINY_WORDS) + "\n", encoding="utf-8")
    return path


@pytest.fixture(scope="session")
def tiny_bag_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The tiny tile set as a USC tile-bag file."""
    path = tmp_path_factory.mktemp("tinybag") / "bag.txt"
    path.write_text(TINY_BAG, encoding="utf-8")
    return path

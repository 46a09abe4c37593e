"""Word lists in other languages read into tiles: longest match or bracketed digraphs, case
folded per alphabet, a character outside the alphabet named with its line (issue 17)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordgames.errors import InvalidArgumentError, InvalidArgumentTypeError, LexiconError
from wordgames.lexicon.encoding import read_tile_words
from wordgames.lexicon.tiles import TileSplitter
from wordgames.limits import MAX_TILE_TEXT_CHARS
from wordgames.scrabble.core.tiles import TILE_DISTRIBUTIONS

CATALAN = TILE_DISTRIBUTIONS["catalan"].alphabet
SPANISH = TILE_DISTRIBUTIONS["spanish"].alphabet
GERMAN = TILE_DISTRIBUTIONS["german"].alphabet


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "words.txt"
    path.write_bytes(text.encode("utf-8"))
    return path


def test_catalan_list(tmp_path: Path) -> None:
    path = write(tmp_path, "\ufeffcol·legi\r\nQUINA definició\n\nANYS\ncol·legi\nCOL·LEGI\n")
    words = read_tile_words(path, CATALAN.word_splitter)
    assert words == [("C", "O", "L·L", "E", "G", "I"), ("QU", "I", "N", "A"), ("A", "NY", "S")]


def test_spanish_lists_mark_digraphs_either_way(tmp_path: Path) -> None:
    path = write(tmp_path, "CHILE\nLLAMA\nPERRO\nñandú\n")
    with pytest.raises(LexiconError, match=r"words.txt:4: 'ñandú': 'ú' at position 5"):
        read_tile_words(path, SPANISH.word_splitter)
    path = write(tmp_path, "CHILE\nLLAMA\nPERRO\nñandu\n")
    assert read_tile_words(path, SPANISH.word_splitter) == [
        ("CH", "I", "L", "E"), ("LL", "A", "M", "A"), ("P", "E", "RR", "O"), ("Ñ", "A", "N", "D", "U"),
    ]
    # A list that brackets its digraphs: SUBRAYAR keeps R and R apart; [RR] is one tile.
    path = write(tmp_path, "SUBRAYAR\nPE[RR]O\n[CH]ILE\nCHAL\n")
    assert read_tile_words(path, SPANISH.word_splitter, "bracketed") == [
        ("S", "U", "B", "R", "A", "Y", "A", "R"), ("P", "E", "RR", "O"), ("CH", "I", "L", "E"),
        ("C", "H", "A", "L"),
    ]


def test_german_list_refuses_eszett_with_its_line(tmp_path: Path) -> None:
    path = write(tmp_path, "bären\nÜBER\nstraße\n")
    with pytest.raises(LexiconError, match=r"words.txt:3: 'straße': 'ß' at position 5 is not in"):
        read_tile_words(path, GERMAN.word_splitter)
    assert read_tile_words(write(tmp_path, "bären\nSTRASSE\n"), GERMAN.word_splitter)[0] == tuple("BÄREN")


@pytest.mark.parametrize(
    ("data", "fragment"),
    [(b"\xff\xfe", "not UTF-8"), (b"A\0B", "binary"), (b"\n \n", "no words")],
)
def test_unreadable_lists(tmp_path: Path, data: bytes, fragment: str) -> None:
    path = tmp_path / "bad.txt"
    path.write_bytes(data)
    with pytest.raises(LexiconError, match=fragment):
        read_tile_words(path, GERMAN.word_splitter)
    with pytest.raises(LexiconError, match="no such"):
        read_tile_words(tmp_path / "missing.txt", GERMAN.word_splitter)


def test_limits(tmp_path: Path) -> None:
    with pytest.raises(LexiconError, match="65 tiles"):
        read_tile_words(write(tmp_path, "A" * 65 + "\n"), GERMAN.word_splitter)
    with pytest.raises(InvalidArgumentError, match=f"at most {MAX_TILE_TEXT_CHARS}"):
        GERMAN.split_word("A" * (MAX_TILE_TEXT_CHARS + 1))


@pytest.mark.parametrize(
    ("forms", "error"),
    [
        ({"AB]": "AB"}, InvalidArgumentError),
        ({"": "A"}, InvalidArgumentError),
        ({"A\u0308": "Ä"}, InvalidArgumentError),
        ({chr(0x100 + n): "A" for n in range(1025)}, InvalidArgumentError),
        ({"A": 1}, InvalidArgumentTypeError),
        (["A"], InvalidArgumentTypeError),
    ],
)
def test_splitters_refuse_bad_forms(forms: object, error: type[Exception]) -> None:
    with pytest.raises(error):
        TileSplitter(forms)  # type: ignore[arg-type]


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture], max_examples=40)
@given(st.text(alphabet="ACHILNY·QUÑñ[]ß\n\r \t#", max_size=80) | st.binary(max_size=60).map(repr))
def test_any_list_reads_or_is_a_lexicon_error(tmp_path: Path, text: str) -> None:
    path = write(tmp_path, text)
    for alphabet in (CATALAN, SPANISH):
        try:
            words = read_tile_words(path, alphabet.word_splitter)
        except LexiconError:
            continue
        assert words and all(tile in alphabet.tiles for word in words for tile in word)

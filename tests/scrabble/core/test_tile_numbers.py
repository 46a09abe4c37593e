"""Tiles as numbers: each tile is its number in the alphabet inside the engine (lexicons,
boards, racks, moves), text only at the edges, and no private or borrowed code points."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordgames.errors import InvalidArgumentError, LexiconError
from wordgames.lexicon import BLANK_BIT, BLANK_NUMBER, load_lexicon
from wordgames.lexicon.alphabet import Alphabet
from wordgames.lexicon.kwg import kwg_bytes_from_words
from wordgames.scrabble import Board, Rack
from wordgames.scrabble.core.tiles import STANDARD_ENGLISH, TILE_DISTRIBUTIONS

CATALAN = TILE_DISTRIBUTIONS["catalan"]
SPANISH = TILE_DISTRIBUTIONS["spanish"]


def private_or_borrowed(text: str) -> bool:
    """Whether ``text`` holds a private-use code point or one of a script no game uses."""
    return any(unicodedata.category(char) == "Co" or 0x10400 <= ord(char) <= 0x1044F for char in text)


def test_tiles_are_numbered_one_to_n_and_the_blank_bit_is_defined_once() -> None:
    alphabet = CATALAN.alphabet
    assert [alphabet.number(tile) for tile in alphabet.tiles] == list(range(1, len(alphabet) + 1))
    assert alphabet.number("?") == BLANK_NUMBER == 0
    assert alphabet.parse_tiles("[L·L]A?[ny]c") == bytes(
        [alphabet.number("L·L"), alphabet.number("A"), BLANK_NUMBER, alphabet.number("NY") | BLANK_BIT,
         alphabet.number("C") | BLANK_BIT]
    )
    assert alphabet.format_tiles(alphabet.parse_tiles("CO[L·L]EGI")) == "CO[L·L]EGI"
    assert STANDARD_ENGLISH.lexicon_encoding() is None
    assert TILE_DISTRIBUTIONS["german"].lexicon_encoding() is not None  # Ä: read by the alphabet


def test_spanish_c_then_h_stays_two_tiles_and_ch_sorts_after_c() -> None:
    alphabet = SPANISH.alphabet
    two = bytes([alphabet.number("C"), alphabet.number("H")])
    assert alphabet.format_tiles(two) == "[C]H" and alphabet.parse_tiles("[C]H") == two
    assert len(alphabet.encode_word("CHILE")) == 4
    words = sorted(alphabet.encode_word(word) for word in ("CHILE", "CURA", "CASA", "DADO"))
    assert [alphabet.decode_word(word) for word in words] == ["CASA", "CURA", "CHILE", "DADO"]


def test_a_tile_whose_lower_form_is_not_str_lower() -> None:
    # Turkish-style dotless i: 'I' with 'ı' as its lower-case form.
    alphabet = Alphabet(["A", "I"], ["a", "ı"])
    assert alphabet.parse_tiles("ı") == bytes([2 | BLANK_BIT])
    assert alphabet.decode_word(bytes([2 | BLANK_BIT, 1])) == "ıA"


@given(st.lists(st.sampled_from(["A", "C", "H", "CH", "L", "LL", "L·L", "Ñ"]), max_size=10),
       st.lists(st.booleans(), max_size=10))
def test_numbers_round_trip_through_notation(tiles: list[str], blanks: list[bool]) -> None:
    alphabet = Alphabet(["A", "C", "CH", "H", "L", "LL", "L·L", "Ñ"])
    flags = (blanks + [False] * len(tiles))[: len(tiles)]
    numbers = bytes(alphabet.number(tile) | (BLANK_BIT if blank else 0)
                    for tile, blank in zip(tiles, flags, strict=True))
    written = alphabet.format_tiles(numbers)
    assert alphabet.parse_tiles(written) == numbers
    assert not private_or_borrowed(written)


def test_boards_and_racks_hold_numbers_and_show_forms() -> None:
    board = Board(alphabet=CATALAN.alphabet)
    board.place(7, 7, "L·L")
    board.place(7, 8, "a")
    assert board.number_at(7, 7) == CATALAN.alphabet.number("L·L")
    assert board.number_at(7, 8) == CATALAN.alphabet.number("A") | BLANK_BIT
    assert board.get(7, 7) == "L·L" and board.letter(7, 8) == "A"
    assert "[L·L]a" in board.to_text()
    again = Board.from_text(board.to_text(), alphabet=CATALAN.alphabet)
    assert again == board
    rack = CATALAN.parse_rack("[L·L]A?")
    assert rack.tiles() == ["A", "L·L", "?"] and str(rack) == "A[L·L]?"
    assert rack.number_counts()[0] == 1
    with pytest.raises(InvalidArgumentError):
        Rack(["Ä"])  # not an English tile


# --- word lists ---------------------------------------------------------------------------


def test_word_lists_load_as_tile_numbers(tmp_path: Path) -> None:
    words = tmp_path / "catala.txt"
    words.write_text("\ufeffcol·legi\r\nANYS definició\nQUE\n\nany\n", encoding="utf-8")
    encoding = CATALAN.lexicon_encoding()
    for backend in ("trie", "sortedset"):
        lexicon = load_lexicon(words, backend, tiles=encoding)
        assert lexicon.alphabet == CATALAN.alphabet
        spelled = sorted(CATALAN.alphabet.format_tiles(key) for key in lexicon.all_keys())
        assert spelled == sorted(["CO[L·L]EGI", "A[NY]S", "[QU]E", "A[NY]"])
        assert "ANYS" in lexicon  # read as A NY S, the longest tile first
        assert lexicon.contains_key(CATALAN.alphabet.parse_tiles("A[NY]S"))
        assert not any(private_or_borrowed(word) for word in lexicon)


def test_a_character_outside_the_alphabet_names_its_line(tmp_path: Path) -> None:
    words = tmp_path / "deutsch.txt"
    words.write_text("BÄR\nstraße\n", encoding="utf-8")
    with pytest.raises(LexiconError, match=r"deutsch.txt:2: 'straße': 'ß' at position 5"):
        load_lexicon(words, tiles=TILE_DISTRIBUTIONS["german"].lexicon_encoding())


def test_bracketed_mode_keeps_unbracketed_digraphs_apart(tmp_path: Path) -> None:
    words = tmp_path / "espanol.txt"
    words.write_text("PE[RR]O\nCARRO\nCHILE\n", encoding="utf-8")
    alphabet = SPANISH.alphabet
    bracketed = load_lexicon(words, tiles=SPANISH.lexicon_encoding("bracketed"))
    spelled = sorted(alphabet.format_tiles(key) for key in bracketed.all_keys())
    assert spelled == ["CA[R]RO", "PE[RR]O", "[C]HILE"]
    longest = load_lexicon(words, tiles=SPANISH.lexicon_encoding())
    spelled = sorted(alphabet.format_tiles(key) for key in longest.all_keys())
    assert spelled == ["CA[RR]O", "PE[RR]O", "[CH]ILE"]


def test_the_cache_never_mixes_encodings(tmp_path: Path) -> None:
    words = tmp_path / "both.txt"
    words.write_text("LLAC\n", encoding="utf-8")
    spanish = load_lexicon(words, tiles=SPANISH.lexicon_encoding())
    catalan = load_lexicon(words, tiles=CATALAN.lexicon_encoding())
    english = load_lexicon(words)
    assert [SPANISH.alphabet.format_tiles(key) for key in spanish.all_keys()] == ["[LL]AC"]
    assert [CATALAN.alphabet.format_tiles(key) for key in catalan.all_keys()] == ["LLAC"]
    assert list(english) == ["LLAC"]
    again = load_lexicon(words, tiles=SPANISH.lexicon_encoding())  # from the cache
    assert list(again.all_keys()) == list(spanish.all_keys())


def test_a_kwg_of_a_multi_character_alphabet_loads_as_tile_numbers(tmp_path: Path) -> None:
    alphabet = CATALAN.alphabet
    graph = tmp_path / "catala.kwg"
    graph.write_bytes(kwg_bytes_from_words(["COL·LEGI", "ANYS", "QUE"], alphabet.tiles))
    lexicon = load_lexicon(graph, tiles=CATALAN.lexicon_encoding())
    spelled = sorted(alphabet.format_tiles(key) for key in lexicon.all_keys())
    assert spelled == ["A[NY]S", "CO[L·L]EGI", "[QU]E"]

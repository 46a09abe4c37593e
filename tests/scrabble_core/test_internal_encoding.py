"""The internal encoding: one code point a tile inside the engine, written forms at the edges."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordgames.errors import InvalidArgumentError, LexiconError
from wordgames.lexicon import load_lexicon
from wordgames.lexicon.kwg import kwg_bytes_from_words
from wordgames.scrabble.core.alphabet import CODE_POOL, Alphabet
from wordgames.scrabble.core.tiles import STANDARD_ENGLISH, TILE_DISTRIBUTIONS

CATALAN = TILE_DISTRIBUTIONS["catalan"]
SPANISH = TILE_DISTRIBUTIONS["spanish"]


def test_one_character_alphabets_are_the_identity() -> None:
    for name in ("english", "german", "polish", "norwegian", "french"):
        alphabet = TILE_DISTRIBUTIONS[name].tile_alphabet
        assert alphabet.is_identity and alphabet.codes == "".join(alphabet.tiles), name
    assert STANDARD_ENGLISH.lexicon_encoding() is None
    assert TILE_DISTRIBUTIONS["german"].lexicon_encoding() is not None  # Ä: read by the alphabet


def test_multi_character_tiles_take_case_paired_code_points() -> None:
    alphabet = CATALAN.tile_alphabet
    assert not alphabet.is_identity
    codes = {tile: alphabet.code(tile) for tile in ("L·L", "NY", "QU")}
    assert list(codes.values()) == list(CODE_POOL[:3])
    for tile, code in codes.items():
        assert alphabet.code(tile.lower()) == code.lower() and code.lower().upper() == code
        assert alphabet.written(code) == tile and alphabet.written(code.lower()) == tile.lower()
    assert alphabet.code("Ç") == "Ç" and alphabet.code("?") == "?"
    assert alphabet.parse_codes("[L·L]A?[ny]c") == codes["L·L"] + "A?" + codes["NY"].lower() + "c"
    assert alphabet.format_codes(alphabet.parse_codes("COL·LEGI")) == "CO[L·L]EGI"
    with pytest.raises(InvalidArgumentError, match="not a tile code"):
        alphabet.written("\U00010430")
    # Spanish C then H stays two tiles through a round trip.
    spanish = SPANISH.tile_alphabet
    two = "C" + "H"
    assert spanish.format_codes(two) == "[C]H" and spanish.parse_codes("[C]H") == two
    assert len(spanish.parse_codes("CHILE")) == 4


def test_a_tile_whose_lower_form_is_not_str_lower_is_encoded() -> None:
    # Turkish-style dotless i: 'I' with 'ı' as its lower-case form cannot be the identity.
    alphabet = Alphabet(["A", "I"], ["a", "ı"])
    assert alphabet.code("A") == "A" and alphabet.code("I") == CODE_POOL[0]
    assert alphabet.code("ı") == CODE_POOL[0].lower()


def test_the_pool_bounds_the_alphabet() -> None:
    pairs = [first + second for first in "ABCDEFG" for second in "ABCDEFG"]
    Alphabet(pairs[:40])
    with pytest.raises(InvalidArgumentError, match="at most 40 tiles"):
        Alphabet(pairs[:41])


@given(st.lists(st.sampled_from(["A", "C", "H", "CH", "L", "LL", "L·L", "Ñ"]), max_size=10),
       st.lists(st.booleans(), max_size=10))
def test_codes_round_trip_through_notation(tiles: list[str], blanks: list[bool]) -> None:
    alphabet = Alphabet(["A", "C", "CH", "H", "L", "LL", "L·L", "Ñ"])
    flags = (blanks + [False] * len(tiles))[: len(tiles)]
    forms = [alphabet.lower(tile) if blank else tile for tile, blank in zip(tiles, flags, strict=True)]
    codes = "".join(alphabet.code(form) for form in forms)
    assert len(codes) == len(forms)
    assert alphabet.parse_codes(alphabet.format_codes(codes)) == codes


# --- word lists ---------------------------------------------------------------------------


def test_word_lists_load_one_code_point_a_tile(tmp_path: Path) -> None:
    words = tmp_path / "catala.txt"
    words.write_text("\ufeffcol·legi\r\nANYS definició\nQUE\n\nany\n", encoding="utf-8")
    encoding = CATALAN.lexicon_encoding()
    for backend in ("trie", "sortedset"):
        lexicon = load_lexicon(words, backend, tiles=encoding)
        spelled = sorted(CATALAN.show(word) for word in lexicon)
        assert spelled == sorted(["CO[L·L]EGI", "A[NY]S", "[QU]E", "A[NY]"])
        assert CATALAN.read("A[NY]S") in lexicon and "ANYS" not in lexicon


def test_a_character_outside_the_alphabet_names_its_line(tmp_path: Path) -> None:
    words = tmp_path / "deutsch.txt"
    words.write_text("BÄR\nstraße\n", encoding="utf-8")
    with pytest.raises(LexiconError, match=r"deutsch.txt:2: 'straße': 'ß' at position 5"):
        load_lexicon(words, tiles=TILE_DISTRIBUTIONS["german"].lexicon_encoding())


def test_bracketed_mode_keeps_unbracketed_digraphs_apart(tmp_path: Path) -> None:
    words = tmp_path / "espanol.txt"
    words.write_text("PE[RR]O\nCARRO\nCHILE\n", encoding="utf-8")
    bracketed = load_lexicon(words, tiles=SPANISH.lexicon_encoding("bracketed"))
    assert sorted(SPANISH.show(word) for word in bracketed) == ["CA[R]RO", "PE[RR]O", "[C]HILE"]
    longest = load_lexicon(words, tiles=SPANISH.lexicon_encoding())
    assert sorted(SPANISH.show(word) for word in longest) == ["CA[RR]O", "PE[RR]O", "[CH]ILE"]


def test_the_cache_never_mixes_encodings(tmp_path: Path) -> None:
    # One file, read as Catalan and as Spanish: the shared code point means different tiles.
    words = tmp_path / "both.txt"
    words.write_text("LLAC\n", encoding="utf-8")
    spanish = load_lexicon(words, tiles=SPANISH.lexicon_encoding())
    catalan = load_lexicon(words, tiles=CATALAN.lexicon_encoding())
    english = load_lexicon(words)
    assert [SPANISH.show(word) for word in spanish] == ["[LL]AC"]
    assert [CATALAN.show(word) for word in catalan] == ["LLAC"]
    assert list(english) == ["LLAC"]
    again = load_lexicon(words, tiles=SPANISH.lexicon_encoding())  # from the cache
    assert list(again) == list(spanish)


def test_a_kwg_of_a_multi_character_alphabet_loads_into_codes(tmp_path: Path) -> None:
    alphabet = CATALAN.tile_alphabet
    graph = tmp_path / "catala.kwg"
    graph.write_bytes(kwg_bytes_from_words(["COL·LEGI", "ANYS", "QUE"], alphabet.tiles))
    lexicon = load_lexicon(graph, tiles=CATALAN.lexicon_encoding())
    assert sorted(CATALAN.show(word) for word in lexicon) == ["A[NY]S", "CO[L·L]EGI", "[QU]E"]

"""Alphabets: tiles of one or more characters, case per alphabet, splitting words, the
bracket notation of racks and moves (issue 17)."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest
from conftest import shared_file
from hypothesis import given
from hypothesis import strategies as st

from wordgames.errors import InvalidArgumentError, InvalidArgumentTypeError
from wordgames.lexicon.alphabet import BLANK, MAX_ALPHABET_TILES, Alphabet
from wordgames.lexicon.tile_forms import is_tile_form
from wordgames.scrabble.core.tiles import TILE_DISTRIBUTIONS

CATALAN = Alphabet(
    ["A", "C", "Ç", "E", "G", "I", "L", "L·L", "N", "NY", "O", "QU", "S", "U"],
    ["a", "c", "ç", "e", "g", "i", "l", "l·l", "n", "ny", "o", "qu", "s", "u"],
    vowels="AEIOU",
)
SPANISH = Alphabet(["A", "C", "CH", "E", "H", "I", "L", "LL", "Ñ", "O", "R", "RR"], vowels="AEIO")


def test_tiles_are_numbered_from_one_in_order() -> None:
    assert len(CATALAN) == 14
    assert CATALAN.number("A") == 1 and CATALAN.number("L·L") == 8 and CATALAN.number("l·l") == 8
    assert CATALAN.number(BLANK) == 0
    assert CATALAN.tile(8) == "L·L" and CATALAN.tile(0) == BLANK
    assert CATALAN.lower("NY") == "ny" and CATALAN.upper("qu") == "QU"
    assert CATALAN.is_designated_blank("l·l") and not CATALAN.is_designated_blank("L·L")
    assert CATALAN.is_vowel("a") and not CATALAN.is_vowel("NY") and not CATALAN.is_vowel(BLANK)
    assert not CATALAN.is_single_character and Alphabet.from_letters("ABC").is_single_character
    with pytest.raises(InvalidArgumentError, match="'X'"):
        CATALAN.number("X")
    with pytest.raises(InvalidArgumentError):
        CATALAN.tile(15)
    with pytest.raises(InvalidArgumentTypeError):
        CATALAN.tile(True)


def test_words_split_longest_match_first() -> None:
    assert CATALAN.split_word("COL·LEGI") == ("C", "O", "L·L", "E", "G", "I")
    assert CATALAN.split_word("col·legi") == ("C", "O", "L·L", "E", "G", "I")
    assert CATALAN.split_word("QUINA") == ("QU", "I", "N", "A")
    assert CATALAN.split_word("ANYS") == ("A", "NY", "S")
    assert CATALAN.word_numbers("ANYS") == (1, 10, 13)
    assert SPANISH.split_word("CHILE") == ("CH", "I", "L", "E")
    assert SPANISH.split_word("CHILE", "bracketed") == ("C", "H", "I", "L", "E")
    assert SPANISH.split_word("[CH]I[LL]A", "bracketed") == ("CH", "I", "LL", "A")
    assert SPANISH.split_word("C[H]") == ("C", "H")
    assert SPANISH.fold("añorar") == "AÑORAR"


def test_a_dead_end_falls_back_on_a_shorter_tile() -> None:
    # With tiles AB, BC, A and no B, "ABC" only splits as A + BC.
    alphabet = Alphabet(["A", "AB", "BC"])
    assert alphabet.split_word("ABC") == ("A", "BC")
    assert alphabet.split_word("ABAB") == ("AB", "AB")


def test_case_is_folded_by_the_alphabet_not_by_str_upper() -> None:
    german = Alphabet.from_letters("AÄBERSTU", vowels="AÄEU")
    assert german.split_word("bär") == ("B", "Ä", "R")
    with pytest.raises(InvalidArgumentError, match="'ß' at position 5"):
        german.split_word("STRAßE")
    # A decomposed Ä (A + combining diaeresis) is the tile Ä.
    assert german.split_word("BA\u0308R") == ("B", "Ä", "R")
    # A lower-case form that str.lower would get wrong is given by the data.
    turkish = Alphabet(["I", "İ"], ["ı", "i"])
    assert turkish.split_word("iı") == ("İ", "I")


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("COLX", "'X' at position 4 is not in the alphabet"),
        ("L·", "'·' at position 2"),
        ("A[NY", "never closed"),
        ("A[XY]", "'[XY]' at position 2 is not a tile"),
        ("[]", "'[]' at position 1"),
        ("", None),
    ],
)
def test_unreadable_words_name_the_character(text: str, fragment: str | None) -> None:
    if fragment is None:
        assert CATALAN.split_word(text) == ()
        return
    with pytest.raises(InvalidArgumentError, match=fragment.replace("[", r"\[").replace("]", r"\]")):
        CATALAN.split_word(text)


def test_notation_brackets_multi_character_tiles_and_keeps_blanks() -> None:
    assert CATALAN.parse("[L·L]A?[ny]c") == ("L·L", "A", BLANK, "ny", "c")
    assert CATALAN.parse("L·LQU_") == ("L·L", "QU", BLANK)
    assert CATALAN.format(("L·L", "A", BLANK, "ny", "c")) == "[L·L]A?[ny]c"
    assert SPANISH.format(("C", "H")) == "[C]H" and SPANISH.parse("CH") == ("CH",)
    assert SPANISH.format(("C", "A", "CH", "c", "h")) == "CA[CH][c]h"
    assert SPANISH.parse("[C]H") == ("C", "H")
    with pytest.raises(InvalidArgumentError):
        CATALAN.format(["X"])
    with pytest.raises(InvalidArgumentTypeError):
        CATALAN.parse(7)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("tiles", "lower", "fragment"),
    [
        ([], None, "1 to"),
        (["A", "A"], None, "used twice"),
        (["A", "a"], None, "lower-case form"),
        (["ß"], None, "cannot be derived"),
        (["1"], None, "cannot be a tile"),
        (["A?"], None, "cannot be a tile"),
        (["[A]"], None, "cannot be a tile"),
        (["ABCDEFGHI"], None, "cannot be a tile"),
        (["A", "B"], ["a"], "2 tiles but 1"),
        (["A"], ["A"], "cannot be the lower-case form"),
        (["A", "B"], ["b", "a"], None),
        (["A", "B"], ["B", "a"], "used twice"),
        ([f"A{chr(0x300 + n % 100)}" for n in range(MAX_ALPHABET_TILES + 1)], None, "1 to"),
    ],
)
def test_malformed_alphabets_are_refused(
    tiles: list[str], lower: list[str] | None, fragment: str | None
) -> None:
    if fragment is None:
        assert Alphabet(tiles, lower).lower("A") == "b"
        return
    with pytest.raises(InvalidArgumentError, match=fragment):
        Alphabet(tiles, lower)


def test_bad_argument_types() -> None:
    with pytest.raises(InvalidArgumentTypeError):
        Alphabet("ABC")
    with pytest.raises(InvalidArgumentTypeError):
        Alphabet(["A"], vowels=3)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="not tiles"):
        Alphabet(["A"], vowels="E")
    with pytest.raises(InvalidArgumentTypeError):
        CATALAN.split_word(None)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="digraphs"):
        CATALAN.split_word("A", "never")  # type: ignore[arg-type]


def test_value_semantics() -> None:
    again = Alphabet(list(CATALAN.tiles), list(CATALAN.lower_forms), CATALAN.vowels)
    assert again == CATALAN and hash(again) == hash(CATALAN)
    assert Alphabet(list(CATALAN.tiles), list(CATALAN.lower_forms)) != CATALAN
    assert "L·L" in CATALAN and "l·l" in CATALAN and "X" not in CATALAN and 3 not in CATALAN
    assert repr(SPANISH).startswith("Alphabet('AC[CH]")


def test_tile_forms() -> None:
    assert is_tile_form("L·L") and is_tile_form("Ñ") and is_tile_form("NY")
    assert not is_tile_form("·L") and not is_tile_form("") and not is_tile_form("A B")
    assert not is_tile_form("A\u0308")  # not NFC: Ä decomposed
    assert not is_tile_form(None)


# --- properties, on random alphabets with overlapping multi-character tiles ------------------

LETTERS = "ABCDEÑÇŁ"


@st.composite
def alphabets(draw: st.DrawFn) -> Alphabet:
    singles = draw(st.lists(st.sampled_from(LETTERS), min_size=1, max_size=len(LETTERS), unique=True))
    multi = draw(
        st.lists(
            st.text(alphabet=LETTERS + "·", min_size=2, max_size=3).filter(lambda text: text[0] != "·"),
            max_size=5,
            unique=True,
        )
    )
    tiles = singles + [tile for tile in multi if tile not in singles]
    return Alphabet(draw(st.permutations(tiles)))


@given(alphabets(), st.data())
def test_split_then_join_is_the_identity(alphabet: Alphabet, data: st.DataObject) -> None:
    tiles = data.draw(st.lists(st.sampled_from(alphabet.tiles), max_size=12))
    text = alphabet.join(tiles)
    split = alphabet.split_word(text)
    assert alphabet.join(split) == text
    assert alphabet.split_word(text.lower()) == split
    assert all(tile in alphabet.tiles for tile in split)


@given(alphabets(), st.data())
def test_format_then_parse_round_trips(alphabet: Alphabet, data: st.DataObject) -> None:
    forms = (*alphabet.tiles, *alphabet.lower_forms, BLANK)
    tiles = tuple(data.draw(st.lists(st.sampled_from(forms), max_size=12)))
    assert alphabet.parse(alphabet.format(tiles)) == tiles
    bracketed = "".join(f"[{tile}]" for tile in tiles if tile != BLANK)
    expected = tuple(alphabet.upper(tile) for tile in tiles if tile != BLANK)
    assert alphabet.split_word(bracketed, "bracketed") == expected


@given(alphabets(), st.text(alphabet=LETTERS + "·[]?x" + LETTERS.lower(), max_size=15))
def test_any_text_splits_or_names_a_character(alphabet: Alphabet, text: str) -> None:
    try:
        tiles = alphabet.split_word(text)
    except InvalidArgumentError as error:
        assert "position" in str(error)
        return
    assert alphabet.join(tiles) == text.replace("[", "").replace("]", "").upper()
    assert alphabet.parse(alphabet.format(tiles)) == tiles


def test_the_external_catalan_and_polish_positions_spell_with_their_alphabets() -> None:
    # The board rows of the CGP positions the CGP reader refuses today: each row, its runs of
    # empty squares taken out, parses with the language's alphabet to exactly 15 squares.
    forms = json.loads(shared_file("external/cgp/forms.json").read_text(encoding="utf-8"))
    entries = forms if isinstance(forms, list) else forms["forms"]
    unsupported = [entry["cgp"] for entry in entries if entry.get("expect") == "unsupported"]
    assert len(unsupported) == 5
    seen: Counter[str] = Counter()
    for cgp in unsupported:
        language = "catalan" if "DISC2" in cgp else "polish"
        alphabet = TILE_DISTRIBUTIONS[language].alphabet
        for row in cgp.split()[0].split("/"):
            squares = sum(int(part) if part.isdigit() else len(alphabet.parse(part))
                          for part in re.findall(r"\d+|\D+", row))
            assert squares == 15, (language, row)
        racks = [rack for rack in cgp.split()[1].split("/") if rack]
        assert all(alphabet.parse(rack) for rack in racks)
        seen[language] += 1
    assert seen == {"catalan": 2, "polish": 3}
    catalan = TILE_DISTRIBUTIONS["catalan"].alphabet
    assert catalan.parse("4n2CE[L·L]A4".replace("4", "").replace("2", "")) == ("n", "C", "E", "L·L", "A")

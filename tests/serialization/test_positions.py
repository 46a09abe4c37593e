"""Reading request inputs: boards from rows or CGP, racks against tile sets, the tiles a CGP
names, and a word list that does not fit the tiles."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordgames.errors import BoardError, FormatError, InvalidArgumentError
from wordgames.lexicon import lexicon_from_words
from wordgames.scrabble import STANDARD_ENGLISH, Board
from wordgames.scrabble.core.tiles import tile_set_named
from wordgames.serialization.boards import board_json
from wordgames.serialization.positions import (
    board_from_rows,
    check_lexicon_fits_tiles,
    position_from_cgp,
    position_from_rows,
    read_rack,
)

EMPTY = "/".join(["15"] * 15)


def test_a_cgp_gives_board_rack_scores_and_what_it_names() -> None:
    position = position_from_cgp(f"{EMPTY.replace('15', '7CAT5', 1)} AEINRST/XYZ 12/30 1 lex CSW21; bb 40;")
    assert position.board.grid()[0][7:10] == ["C", "A", "T"]
    assert position.rack is not None and sorted(position.rack.tiles()) == sorted("AEINRST")
    assert position.scores == (12, 30) and position.lexicon == "CSW21" and position.bingo_bonus == 40
    assert position.tile_set == STANDARD_ENGLISH


def test_a_given_rack_replaces_the_cgps() -> None:
    position = position_from_cgp(f"{EMPTY} AEINRST/ 0/0 0", rack="qz?")
    assert position.rack is not None and sorted(position.rack.tiles()) == sorted("QZ?")


def test_a_cgp_without_a_rack_has_none() -> None:
    assert position_from_cgp(f"{EMPTY} / 0/0 0").rack is None


@pytest.mark.parametrize(("operation", "tiles"), [("ld german;", "german"), ("lex OSPS49;", "polish")])
def test_the_tiles_a_cgp_names(operation: str, tiles: str) -> None:
    assert position_from_cgp(f"{EMPTY} / 0/0 0 {operation}").tile_set == tile_set_named(tiles)


def test_an_unknown_distribution_is_refused_with_the_faces_remedy() -> None:
    with pytest.raises(FormatError, match="'klingon' is not known: say which"):
        position_from_cgp(f"{EMPTY} A/ 0/0 0 ld klingon;", remedy="say which")


def test_rows_in_a_tile_sets_notation_read_back_what_board_json_writes() -> None:
    catalan = tile_set_named("catalan")
    assert catalan is not None
    position = position_from_cgp(f"{EMPTY.replace('15', '4[QU]E[L·L]8', 1)} / 0/0 0 ld catalan;")
    drawn = board_json(position.board, catalan)
    again = board_from_rows(drawn["text"], tile_set=catalan)
    assert again.grid() == position.board.grid()


@given(st.lists(st.text(alphabet="ABCZ.", min_size=15, max_size=15), min_size=15, max_size=15))
def test_english_rows_are_the_plain_board_text(rows: list[str]) -> None:
    assert board_from_rows(rows).grid() == Board.from_text("\n".join(rows)).grid()


def test_bad_rows_name_the_board() -> None:
    with pytest.raises(BoardError, match="the board"):
        board_from_rows(["ABC", "AB"])
    with pytest.raises(BoardError, match="my rows"):
        position_from_rows(["ABC", "AB"], name="my rows")


def test_racks_are_read_in_the_tile_sets_notation() -> None:
    spanish = tile_set_named("spanish")
    assert spanish is not None
    assert len(read_rack("[CH]A?", spanish)) == 3
    with pytest.raises(InvalidArgumentError, match="empty"):
        read_rack("")
    with pytest.raises(InvalidArgumentError):
        read_rack("A1")


def test_a_word_list_that_does_not_fit_the_tiles_is_refused() -> None:
    polish = tile_set_named("polish")
    assert polish is not None
    english_words = lexicon_from_words(["QUIZ", "AB"])
    with pytest.raises(InvalidArgumentError, match="with Q, which the polish tiles lack: pick a polish"):
        check_lexicon_fits_tiles(english_words, polish, "pick a {name} list")
    check_lexicon_fits_tiles(english_words, STANDARD_ENGLISH)  # English is never checked

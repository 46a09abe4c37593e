"""CGP positions: parsing, writing, round trips, layouts and errors; the super layout."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordgames.errors import FormatError
from wordgames.scrabble import Board, layout_by_name, plain_layout, standard_layout
from wordgames.scrabble.core.layout import BUILTIN_LAYOUTS, super_layout
from wordgames.scrabble.formats.cgp import Position, format_cgp, parse_cgp

EMPTY = "/".join(["15"] * 15)
MAVEN = (
    "5BERGS5/4PA3U5/2QAID3R5/3BEE3F2S2/1P1ET2VIATIC2/MA1TAW3c2H2/ES3IS2E2A2/AT1FOLIA4V2/"
    "LI1L1EX1E6/1N1O1D2N2Y3/1GNU2C1JETE3/2ER2OHO2N3/2O3GOY6/1INDOW1U7/4DORR7 "
    "IKLMTZ/AEINRU? 0/0 0 lex OSPD1;"
)


def test_parse_a_full_position() -> None:
    position = parse_cgp(MAVEN)
    assert position.racks == ["IKLMTZ", "AEINRU?"] and position.rack == "IKLMTZ"
    assert position.scores == [0, 0] and position.zero_turns == 0
    assert position.opcodes == {"lex": "OSPD1"} and position.lexicon == "OSPD1"
    board = position.board
    assert board.layout == standard_layout()
    assert board.get(0, 5) == "B" and board.get(0, 4) is None and board.get(5, 9) == "c"
    assert board.tile_count() == sum(ch.isalpha() for ch in MAVEN.split()[0])


def test_round_trips() -> None:
    for text in [
        MAVEN,
        f"{EMPTY} AELNOQT/ 0/0 0 lex NWL18; lm -2;",
        f"{EMPTY} /ABC 357/289 5",
        f"{EMPTY} A/B/C 1/2/3 0 bb 35; bdn CrosswordGame; mcnz;",
    ]:
        assert format_cgp(parse_cgp(text)) == text
        assert parse_cgp(format_cgp(parse_cgp(text))) == parse_cgp(text)


def test_defaults_for_missing_fields() -> None:
    position = parse_cgp(EMPTY)
    assert position.racks == [] and position.rack is None and position.scores == []
    assert position.board.is_empty() and position.lexicon is None
    assert format_cgp(position) == f"{EMPTY} / 0/0 0"
    assert parse_cgp(f"{EMPTY} /ABC").rack is None
    assert format_cgp(Position(Board(), ["ABC", "", ""])) == f"{EMPTY} ABC// 0/0/0 0"
    assert format_cgp(Position(Board(), [""])) == f"{EMPTY} / 0/0 0"


def test_layouts_follow_size_board_name_or_argument() -> None:
    assert parse_cgp("/".join(["21"] * 21)).board.layout == super_layout()
    assert parse_cgp("/".join(["7"] * 5)).board.layout == plain_layout(5, 7)
    named = parse_cgp(f"{'/'.join(['21'] * 21)} / 0/0 0 bdn SuperCrosswordGame;")
    assert named.board.layout.name == "super"
    custom = plain_layout(15)
    assert parse_cgp(EMPTY, custom).board.layout == custom
    with pytest.raises(FormatError, match="the layout is 21x21"):
        parse_cgp(EMPTY, super_layout())


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "at least the board"),
        ("15/14", "differ in width"),
        ("15/15/0", "0 squares"),
        ("15//15", "row 2 is empty"),
        ("7[CH]7", "row 1 '\\[CH\\]': '\\[CH\\]' at position 1 is not a tile"),
        ("7*7", "row 1 '\\*': '\\*' at position 1 is not in the alphabet"),
        ("7?7", "row 1: '\\?' is not a tile on the board"),
        (f"{EMPTY} AB1/C", "rack 'AB1': '1' at position 3 is not in the alphabet"),
        (f"{EMPTY} AB/C x/0", "not whole numbers"),
        (f"{EMPTY} AB/C 1/2/3 0", "2 racks but 3 scores"),
        (f"{EMPTY} AB/C 1/2 z", "zero-turn count 'z'"),
        (f"{EMPTY} AB/C 1/2 -1", "cannot be negative"),
        (f"{EMPTY} AB/C 1/2 0 lex CSW21;; bb 3;", "expected 'opcode operands;'"),
    ],
)
def test_errors_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(FormatError, match=message):
        parse_cgp(text)


@given(
    st.lists(st.tuples(st.integers(0, 14), st.integers(0, 14), st.sampled_from("ABCXYZqz")), max_size=40),
    st.lists(st.text("ABCDEFG?", max_size=7), min_size=2, max_size=4),
    st.integers(0, 9),
)
def test_any_position_round_trips(tiles: list[tuple[int, int, str]], racks: list[str], zeros: int) -> None:
    board = Board()
    for row, col, tile in tiles:
        if board.get(row, col) is None:
            board.place(row, col, tile)
    position = Position(board, racks, list(range(len(racks))), zeros, {"lex": "CSW21"})
    assert parse_cgp(format_cgp(position)) == position


def test_super_layout_is_symmetric_with_quadruple_corners() -> None:
    layout = layout_by_name("super")
    assert "super" in BUILTIN_LAYOUTS and layout == super_layout()
    assert (layout.rows, layout.cols, layout.start) == (21, 21, (10, 10))
    grid = layout.premiums
    for row in range(21):
        for col in range(21):
            code = grid[row][col]
            assert code == grid[col][row] == grid[20 - row][col] == grid[row][20 - col]
    assert layout.transposed() == layout
    counts = {code: sum(row.count(code) for row in grid) for code in "qt d432".replace(" ", "")}
    assert counts == {"q": 4, "t": 16, "d": 41, "4": 8, "3": 20, "2": 36}
    assert layout.word_multiplier(0, 0) == 4 and layout.letter_multiplier(2, 5) == 4
    assert layout.word_multiplier(10, 10) == 2 and layout.premium(10, 10) == "d"

"""Fuzzing the readers of boards, racks, moves (every notation), move files, layouts, tile
bags, deal files and configuration files: whatever the text, only the package's documented
errors come out, limits hold, and what is accepted is well formed (issue 11)."""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordgames.errors import WordGamesError
from wordgames.limits import MAX_BOARD_SIDE, MAX_HAND_SIZE
from wordgames.scrabble import Bag, Board, Rack, parse_move, plain_layout, read_tile_set
from wordgames.scrabble.core.layout import parse_layout
from wordgames.scrabble.core.notation import column_name, parse_coordinate, parse_fit1045, parse_square
from wordgames.scrabble.core.tiles import is_tile_letter
from wordgames.scrabble.formats.config import parse_config
from wordgames.scrabble.rules.classic import parse_move_file

from .strategies import near

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
BOARD = Board(plain_layout(9, 30))  # wider than 26 columns
BOARD.place_all([(4, 4, "C"), (4, 5, "A"), (4, 6, "T"), (2, 28, "q")])
FILES = settings(suppress_health_check=[HealthCheck.function_scoped_fixture])


def well_formed(board: Board) -> None:
    assert 1 <= board.rows <= MAX_BOARD_SIDE and 1 <= board.cols <= MAX_BOARD_SIDE
    for _, _, tile in board.tiles():
        assert is_tile_letter(tile) and len(tile.upper()) == 1


@given(near(LETTERS))
def test_board_text(text: str) -> None:
    try:
        board = Board.from_text(text)
    except WordGamesError:
        return
    well_formed(board)
    assert Board.from_text(board.to_text()) == board


@given(st.integers(1, 40), st.integers(1, 40), st.data())
def test_boards_that_parse_round_trip(rows: int, cols: int, data: st.DataObject) -> None:
    line = st.text(alphabet=".ABCxyz", min_size=cols, max_size=cols)
    text = "\n".join(data.draw(st.lists(line, min_size=rows, max_size=rows)))
    board = Board.from_text(text)
    assert board.to_text() == text + "\n"


@FILES
@given(st.binary(max_size=300))
def test_board_files(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "board.txt"
    path.write_bytes(data)
    with contextlib.suppress(WordGamesError):
        well_formed(Board.read(path))


def test_oversized_boards_are_refused_before_allocating(tmp_path: Path) -> None:
    path = tmp_path / "huge.txt"
    path.write_text(("." * 5000 + "\n") * 5000)
    with pytest.raises(WordGamesError, match="at most"):
        Board.read(path)
    with pytest.raises(WordGamesError, match="at most 100 rows and columns"):
        Board.from_text(("." * 101 + "\n") * 3)
    with pytest.raises(WordGamesError, match="from 1 to 100"):
        plain_layout(10**6)


@given(near(LETTERS + "?", max_size=40))
def test_racks(text: str) -> None:
    try:
        rack = Rack.parse(text)
    except WordGamesError:
        return
    tiles = rack.tiles()
    assert len(tiles) <= MAX_HAND_SIZE and len(str(rack)) == len(tiles) == len(rack)
    assert all(tile == "?" or (is_tile_letter(tile) and tile.isupper()) for tile in tiles)


@given(st.one_of(
    near(LETTERS),
    st.builds(lambda c, r, w: f"{c}{r} {w}", near("ABZ", 3), near("0189", 4), near(LETTERS, 12)),
    st.builds(lambda r, c, w: f"{r}{c} {w}", near("0189", 4), near("ABZ", 3), near(LETTERS, 12)),
    st.builds(lambda r, c, d, w: f"{r}:{c}:{d} {w}", near("0189", 3), near("0189", 3), near("HVX", 2),
              near(LETTERS, 12)),
    st.builds(lambda d, r, c, w: f"PLACE {d} {r} {c} {w}", near("-|", 2), near("0189", 3), near("0189", 3),
              near(LETTERS + "?", 12)),
))
def test_moves_in_every_notation(text: str) -> None:
    try:
        move = parse_move(text, BOARD)
    except WordGamesError:
        return
    assert move.word and all(is_tile_letter(char) for char in move.word)
    for placement in move.placed:
        assert BOARD.in_bounds(placement.row, placement.col)
        assert is_tile_letter(placement.letter) and placement.letter.isupper()


@given(near("0123456789ABCDEFGHVhv:", max_size=30))
def test_coordinates_and_squares(text: str) -> None:
    for parse in (parse_coordinate, parse_fit1045, parse_square):
        with contextlib.suppress(WordGamesError):
            parse(text)


@given(st.lists(st.tuples(st.integers(0, 120), st.integers(0, 120), near("ACTq?", 2)), max_size=9))
def test_move_files(lines: list[tuple[int, int, str]]) -> None:
    text = "\n".join(f"{column_name(col)}{row}\t{letter}" for row, col, letter in lines)
    try:
        move = parse_move_file(text, BOARD)
    except WordGamesError:
        return
    assert all(is_tile_letter(p.letter) for p in move.placed)


@given(near("ABC\t.", max_size=100))
def test_move_file_text(text: str) -> None:
    with contextlib.suppress(WordGamesError):
        parse_move_file(text, BOARD)


@given(st.one_of(
    near(".234dtq", max_size=300),
    st.builds(lambda r, c, sr, sc, grid: f"{r} {c}\n{sr} {sc}\n{grid}", near("0123456789", 6),
              near("0123456789", 6), near("0123", 3), near("0123", 3), near(".23dtq\n", 100)),
))
def test_layout_files(text: str) -> None:
    try:
        layout = parse_layout(text)
    except WordGamesError:
        return
    assert 1 <= layout.rows <= MAX_BOARD_SIDE and 1 <= layout.cols <= MAX_BOARD_SIDE


@FILES
@given(st.one_of(
    near("AB?ßÉ 0123456789-\n", max_size=200),
    st.lists(st.builds(lambda t, v, c: f"{t} {v} {c}", near("A?ß", 2), near("0123456789-", 6),
                       near("0123456789", 6)), max_size=6).map("\n".join),
))
def test_tile_bag_and_deal_files(tmp_path: Path, text: str) -> None:
    path = tmp_path / "tiles.txt"
    path.write_text(text, encoding="utf-8")
    try:
        tile_set = read_tile_set(path)
        assert all(len(tile) == 1 for tile in tile_set.values)
    except WordGamesError:
        pass
    try:
        bag = Bag.from_deal_file(path)
        assert all(len(tile) == 1 for tile in bag.tiles)
    except WordGamesError:
        pass


@given(st.one_of(
    near("abcdefghijklmnopqrstuvwxyz_:#0123456789", max_size=300),
    st.lists(st.builds(lambda k, v: f"{k}: {v}",
                       st.sampled_from(["hand_size", "seed", "minimum_word_length", "exchange_minimum",
                                        "scoreless_turns", "board", "tile_bag", "dictionary", "colour",
                                        "challenge"]),
                       near("0123456789-voidsingledouble", 40)), max_size=6).map("\n".join),
))
def test_configuration_files(text: str) -> None:
    with contextlib.suppress(WordGamesError):
        parse_config(text, "/nonexistent/config.txt")

"""Notations: FIT1045 ``r:c:H``, standard ``8H``/``H8``, USC ``PLACE``; parse/format round trips."""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from wordgames.errors import InvalidArgumentError, InvalidArgumentTypeError, NotationError
from wordgames.scrabble import Board, Direction, Move, parse_move, plain_layout, standard_layout
from wordgames.scrabble.core.notation import (
    column_index,
    column_name,
    format_coordinate,
    format_fit1045,
    format_square,
    format_standard_move,
    format_usc_move,
    parse_coordinate,
    parse_fit1045,
    parse_square,
    parse_standard_move,
    parse_usc_move,
)
from wordgames.scrabble.core.tiles import TILE_DISTRIBUTIONS

directions = st.sampled_from(list(Direction))


@given(st.integers(0, 99), st.integers(0, 99), directions)
def test_fit1045_round_trip(row: int, col: int, direction: Direction) -> None:
    text = format_fit1045(row, col, direction)
    assert parse_fit1045(text) == (row, col, direction)
    assert parse_fit1045(f" {row} : {col} : {direction.value.lower()} ") == (row, col, direction)


@given(st.integers(0, 25), st.integers(0, 25), directions)
def test_standard_coordinate_round_trip(row: int, col: int, direction: Direction) -> None:
    assert parse_coordinate(format_coordinate(row, col, direction)) == (row, col, direction)


@given(st.integers(0, 25), st.integers(0, 25))
def test_square_round_trip(row: int, col: int) -> None:
    assert parse_square(format_square(row, col)) == (row, col)


def test_known_spellings() -> None:
    assert format_fit1045(3, 3, Direction.ACROSS) == "3:3:H"
    assert parse_coordinate("8H") == (7, 7, Direction.ACROSS)
    assert parse_coordinate("h8") == (7, 7, Direction.DOWN)
    assert format_coordinate(0, 14, Direction.DOWN) == "O1"
    assert parse_square("K10") == (9, 10)
    assert (column_name(0), column_index("c")) == ("A", 2)


@pytest.mark.parametrize("text", ["3:3", "3:3:H:1", "-1:4:H", "a:b:H", "3:3:X", ""])
def test_bad_fit1045_locations(text: str) -> None:
    with pytest.raises(NotationError):
        parse_fit1045(text)


@pytest.mark.parametrize("text", ["88", "HH", "0H", "H0", "8H8"])
def test_bad_coordinates(text: str) -> None:
    with pytest.raises(NotationError):
        parse_coordinate(text)


@pytest.mark.parametrize(
    ("col", "name"), [(0, "A"), (25, "Z"), (26, "AA"), (27, "AB"), (51, "AZ"), (52, "BA"),
                      (99, "CV"), (701, "ZZ"), (702, "AAA")],
)
def test_wide_boards_name_columns_as_spreadsheets_do(col: int, name: str) -> None:
    assert column_name(col) == name
    assert column_index(name) == column_index(name.lower()) == col


@given(st.integers(min_value=0, max_value=18_277))
def test_column_names_round_trip(col: int) -> None:
    name = column_name(col)
    assert name.isalpha() and name.isupper() and column_index(name) == col


@given(st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZ", min_size=1, max_size=3))
def test_column_indexes_round_trip(name: str) -> None:
    assert column_name(column_index(name)) == name


@pytest.mark.parametrize("name", ["1", "", "AAAA", "É", "A1", " A"])
def test_bad_column_names(name: str) -> None:
    with pytest.raises(NotationError):
        column_index(name)


def test_negative_columns_have_no_name() -> None:
    with pytest.raises(InvalidArgumentError):
        column_name(-1)
    with pytest.raises(InvalidArgumentTypeError):
        column_name("A")  # type: ignore[arg-type]


@given(st.integers(0, 99), st.integers(0, 99), st.sampled_from(list(Direction)))
def test_wide_coordinates_round_trip(row: int, col: int, direction: Direction) -> None:
    text = format_coordinate(row, col, direction)
    assert parse_coordinate(text) == (row, col, direction)
    assert parse_square(format_square(row, col)) == (row, col)


def test_moves_beyond_column_z_read_and_write_on_a_wide_board() -> None:
    board = Board(plain_layout(30, 40))
    move = parse_standard_move("28AB CAT", board)
    assert (move.row, move.col, move.direction) == (27, 27, Direction.ACROSS)
    assert format_standard_move(move) == "28AB CAT"
    down = parse_move("AN3 DOG", board)
    assert (down.row, down.col, down.direction) == (2, 39, Direction.DOWN)
    assert format_standard_move(down) == "AN3 DOG"
    with pytest.raises(NotationError, match="off the 30x40 board"):
        parse_move("AO3 DOG", board)


def test_standard_move_with_board_letters_as_dots() -> None:
    board = Board(standard_layout())
    board.place_all([(7, 7, "C"), (7, 8, "A"), (7, 9, "T")])
    move = parse_standard_move("H7 a.E", board)
    assert (move.row, move.col, move.direction, move.word) == (6, 7, Direction.DOWN, "aCE")
    assert format_standard_move(move) == "H7 aCE"
    assert format_standard_move(move, through=".") == "H7 a.E"
    with pytest.raises(NotationError, match="empty square"):
        parse_standard_move("8A .", board)
    with pytest.raises(NotationError, match="off the"):
        parse_standard_move("16A AB", board)


def test_usc_move_skips_occupied_squares() -> None:
    board = Board(standard_layout())
    board.place_all([(7, 7, "C"), (7, 8, "A"), (7, 9, "T")])
    move = parse_usc_move("PLACE - 8 7 S?s", board)
    assert (move.row, move.col, move.word) == (7, 6, "SCATs")
    assert format_usc_move(move) == "PLACE - 8 7 S?S"
    for bad in (
        "PLACE - 8 8 S",
        "PLACE + 8 7 S",
        "PLACE - x 7 S",
        "PLACE - 8 7 S?",
        "PLACE - 8 7 S1",
        "PUT - 1 1 A",
    ):
        with pytest.raises(NotationError):
            parse_usc_move(bad, board)


@st.composite
def board_and_move(draw: st.DrawFn) -> tuple[Board, Move]:
    """A random board (tiles anywhere, some blanks) and a move that places at least one tile."""
    size = draw(st.integers(3, 8))
    board = Board(plain_layout(size))
    squares = draw(st.sets(st.tuples(st.integers(0, size - 1), st.integers(0, size - 1)), max_size=size * 2))
    for row, col in squares:
        board.place(row, col, draw(st.sampled_from("ABCXYZe")))
    direction = draw(directions)
    length = draw(st.integers(1, size))
    line = draw(st.integers(0, size - 1))
    start = draw(st.integers(0, size - length))
    row, col = (line, start) if direction is Direction.ACROSS else (start, line)
    d_row, d_col = direction.step
    chars = []
    for i in range(length):
        tile = board.get(row + d_row * i, col + d_col * i)
        chars.append(tile if tile is not None else draw(st.sampled_from("DEFGqr")))
    move = Move.from_word(board, row, col, direction, "".join(chars))
    assume(move.placed)
    return board, move


@given(board_and_move())
def test_move_round_trips_through_every_notation(case: tuple[Board, Move]) -> None:
    board, move = case
    fit = f"{format_fit1045(move.row, move.col, move.direction)} {move.word}"
    assert parse_move(fit, board) == move
    assert parse_move(format_standard_move(move), board) == move
    assert parse_move(format_standard_move(move, through="."), board) == move
    d_row, d_col = move.direction.step
    end_row, end_col = move.squares()[-1]
    before, after = (move.row - d_row, move.col - d_col), (end_row + d_row, end_col + d_col)
    maximal = all(not board.in_bounds(*square) or board.get(*square) is None for square in (before, after))
    if maximal and len(move.word) >= 2:
        # USC names only the placed tiles, so the word read back is the whole run of tiles.
        assert parse_move(format_usc_move(move), board) == move


def test_overlong_notation_text_is_refused_by_every_reader() -> None:
    board = Board()
    long_text = "8H " + "A" * 5000
    for parse in (lambda t: parse_move(t, board), lambda t: parse_standard_move(t, board),
                  lambda t: parse_usc_move(t, board), parse_fit1045, parse_coordinate, parse_square):
        with pytest.raises(NotationError, match="at most 1000 characters"):
            parse(long_text)
    with pytest.raises(NotationError):
        parse_coordinate("9" * 5000 + "H")  # no int() of thousands of digits


def test_usc_notation_writes_and_reads_multi_character_tiles() -> None:
    catalan = TILE_DISTRIBUTIONS["catalan"]
    board = Board(standard_layout())
    move = parse_usc_move("PLACE - 8 8 CE?[L·L]A", board, catalan)
    assert format_usc_move(move, catalan) == "PLACE - 8 8 CE?[L·L]A"
    assert parse_usc_move(format_usc_move(move, catalan), board, catalan) == move
    with pytest.raises(InvalidArgumentTypeError):
        format_usc_move(move, "catalan")  # type: ignore[arg-type]

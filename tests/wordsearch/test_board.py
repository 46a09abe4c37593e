"""Boards: construction from cells, board text, board files, neighbours, printing."""

from __future__ import annotations

from pathlib import Path

import pytest

from wordgames.errors import BoardError, InvalidArgumentError, InvalidArgumentTypeError
from wordgames.wordsearch.board import (
    DEFAULT_BOARD,
    Board,
    neighbour_table,
    parse_board,
    read_board_file,
)

from .support import SPEC_CELLS


def test_default_board_is_the_spec_board() -> None:
    assert DEFAULT_BOARD.cells == tuple(SPEC_CELLS)
    assert (DEFAULT_BOARD.rows, DEFAULT_BOARD.columns) == (4, 4)


def test_from_cells_normalizes_case_and_spaces() -> None:
    board = Board.from_cells(["e", " qu ", "Th", "a"])
    assert board.cells == ("E", "QU", "TH", "A")
    assert (board.rows, board.columns) == (2, 2)


def test_rectangular_board_needs_columns() -> None:
    board = Board.from_cells(list("ABCDEF"), columns=3)
    assert (board.rows, board.columns) == (2, 3)
    assert board.grid() == [["A", "B", "C"], ["D", "E", "F"]]
    assert board.position(4) == (1, 1)
    with pytest.raises(BoardError, match="square"):
        Board.from_cells(list("ABCDEF"))


@pytest.mark.parametrize(
    ("cells", "columns", "error"),
    [
        (None, None, InvalidArgumentTypeError),
        ("EECA", None, InvalidArgumentTypeError),
        (42, None, InvalidArgumentTypeError),
        (["A", None, "B", "C"], None, InvalidArgumentTypeError),
        (["A", 1, "B", "C"], None, InvalidArgumentTypeError),
        ([], None, BoardError),
        (["A", "", "B", "C"], None, BoardError),
        (["A", "  ", "B", "C"], None, BoardError),
        (["A", "B1", "B", "C"], None, BoardError),
        (["A", "B", "C"], None, BoardError),
        (list("ABCDEF"), 4, BoardError),
        (list("ABCDEF"), 0, BoardError),
        (list("ABCDEF"), -3, BoardError),
        (list("ABCDEF"), "3", InvalidArgumentTypeError),
        (list("ABCDEF"), True, InvalidArgumentTypeError),
        # Issue 29, item 9: letters whose upper case is two letters became SS and FI cells.
        (["ß", "A", "B", "C"], None, BoardError),
        (["ﬁ", "A", "B", "C"], None, BoardError),
        (["A", "ŉ", "B", "C"], None, BoardError),
    ],
)
def test_bad_cells_are_rejected(cells: object, columns: object, error: type[Exception]) -> None:
    with pytest.raises(error):
        Board.from_cells(cells, columns)  # type: ignore[arg-type]


def test_board_errors_are_value_errors() -> None:
    # Code written against the Java contract catches IllegalArgumentException as ValueError.
    assert issubclass(BoardError, ValueError)
    assert issubclass(BoardError, InvalidArgumentError)
    assert issubclass(InvalidArgumentTypeError, TypeError)


def test_one_by_one_board_has_no_neighbours() -> None:
    board = Board.from_cells(["A"])
    assert board.neighbours == ((),)


def test_neighbours_of_the_four_by_four_grid() -> None:
    table = neighbour_table(4, 4)
    assert table[0] == (1, 4, 5)
    assert table[5] == (0, 1, 2, 4, 6, 8, 9, 10)
    assert table[15] == (10, 11, 14)
    assert all(cell not in around for cell, around in enumerate(table))
    # Adjacency is symmetric and never wraps around a row end.
    assert all(cell in table[other] for cell, around in enumerate(table) for other in around)
    assert 4 not in table[3]


def test_neighbours_of_a_rectangle() -> None:
    table = neighbour_table(2, 3)
    assert table == ((1, 3, 4), (0, 2, 3, 4, 5), (1, 4, 5), (0, 1, 4), (0, 1, 2, 3, 5), (1, 2, 4))
    assert neighbour_table(1, 4) == ((1,), (0, 2), (1, 3), (2,))


@pytest.mark.parametrize(
    "text",
    [
        "EECA/ALEP/HNBO/QTTY",
        "eeca/alep/hnbo/qtty",
        "EECA\nALEP\nHNBO\nQTTY\n",
        "\n  EECA \r\n ALEP\r\nHNBO\n\nQTTY",
        "E E C A / A L E P / H N B O / Q T T Y",
        "E E C A\nA L E P\nH N B O\nQ T T Y",
    ],
)
def test_parse_board_accepts_every_row_syntax(text: str) -> None:
    assert parse_board(text) == DEFAULT_BOARD


def test_brackets_make_multi_letter_cells() -> None:
    board = parse_board("AN[QU]/[TH]E#")
    assert board.cells == ("A", "N", "QU", "TH", "E", "#")
    assert parse_board("A N QU / TH E #") == board
    assert parse_board("A N [QU] / [TH] E #") == board


@pytest.mark.parametrize(
    "text", ["", " / \n", "EEC/ALEP", "AB[QU/CD", "A]B/CD", "AB[]/CD", "A1/CD", "A B/C"]
)
def test_parse_board_rejects_malformed_text(text: str) -> None:
    with pytest.raises(BoardError):
        parse_board(text)


@pytest.mark.parametrize("text", ["A//B", "AB/CD/", "/AB/CD", "AB/ /CD", "AB/CD\n/EF", " / \n"])
def test_an_empty_row_is_an_error_not_left_out(text: str) -> None:
    with pytest.raises(BoardError, match="empty"):
        parse_board(text)


def test_parse_board_rejects_non_text() -> None:
    with pytest.raises(InvalidArgumentTypeError):
        parse_board(None)  # type: ignore[arg-type]


def test_text_forms_round_trip() -> None:
    board = parse_board("AN[QU]/[TH]EX")
    assert board.to_text() == "AN[QU]/[TH]EX"
    assert parse_board(board.to_text()) == board
    assert str(board) == "A  N  QU\nTH E  X"
    assert parse_board(str(board)) == board
    assert repr(board) == "Board('AN[QU]/[TH]EX')"
    assert hash(board) == hash(parse_board("an[qu]/[th]ex"))


def test_read_board_file(tmp_path: Path) -> None:
    file = tmp_path / "board.txt"
    file.write_text("\ufeffE E C A\nA L E P\nH N B O\nQ T T Y\n", encoding="utf-8")
    assert read_board_file(file) == DEFAULT_BOARD


def test_read_board_file_errors_name_the_file(tmp_path: Path) -> None:
    with pytest.raises(BoardError, match=r"missing\.txt"):
        read_board_file(tmp_path / "missing.txt")
    with pytest.raises(BoardError, match="is a directory, not a board file"):
        read_board_file(tmp_path)
    ragged = tmp_path / "ragged.txt"
    ragged.write_text("ABC\nAB\n", encoding="utf-8")
    with pytest.raises(BoardError, match=r"ragged\.txt"):
        read_board_file(ragged)
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"\xff\xfe\x00A")
    with pytest.raises(BoardError, match=r"binary\.txt"):
        read_board_file(binary)


def test_letter_counts_skip_blocked_cells() -> None:
    board = parse_board("[QU]A#/AB#")
    assert board.letter_counts == {"Q": 1, "U": 1, "A": 2, "B": 1}

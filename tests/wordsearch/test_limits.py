"""Documented input limits, refused before anything is allocated (issue 11, items 1, 4, 5)."""

from __future__ import annotations

import tracemalloc
from pathlib import Path

import pytest

from wordgames.cli import main
from wordgames.errors import BoardError, InvalidArgumentError, InvalidArgumentTypeError
from wordgames.limits import (
    MAX_WORDSEARCH_CELLS,
    MAX_WORDSEARCH_ROW_CHARS,
    MAX_WORDSEARCH_SIDE,
    MAX_WORDSEARCH_TEXT_CHARS,
)
from wordgames.wordsearch import Board, parse_board, read_board_file, roll_board


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["boggle", *argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def assert_one_line_error(code: int, out: str, err: str, message: str) -> None:
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("wordgames: error: ")
    assert message in err


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "-1", "1e300", "86401"])
def test_play_time_out_of_range(capsys: pytest.CaptureFixture[str], value: str) -> None:
    code, out, err = run(capsys, "play", "--board", "EECA/ALEP/HNBO/QTTY", f"--time={value}")
    # nan and inf are not numbers to the command line (digits only); the rest are out of range
    expected = "is not a number" if value.lstrip("-") in ("nan", "inf") else "--time must be"
    assert_one_line_error(code, out, err, expected)


@pytest.mark.parametrize(
    ("size", "message"),
    [
        ("100000", "--size rows must be between 1 and 10000"),
        ("5x100000", "--size columns must be"),
        ("99999999999999999999", "--size must be"),
        ("501", "a 501 x 501 board is too large"),
        ("30x10000", "a 30 x 10000 board is too large"),
    ],
)
def test_solve_size_beyond_the_limit(
    capsys: pytest.CaptureFixture[str], size: str, message: str
) -> None:
    code, out, err = run(capsys, "solve", "--size", size)
    assert_one_line_error(code, out, err, message)


@pytest.mark.parametrize("rows", [10**21, MAX_WORDSEARCH_SIDE + 1, 0, -3])
def test_roll_board_refuses_sides_out_of_range(rows: int) -> None:
    with pytest.raises(InvalidArgumentError, match=str(MAX_WORDSEARCH_SIDE)):
        roll_board(rows)
    with pytest.raises(InvalidArgumentError):
        roll_board(4, rows)


@pytest.mark.parametrize("bad", ["4", 4.0, None, True])
def test_roll_board_refuses_non_int_sides(bad: object) -> None:
    with pytest.raises(InvalidArgumentTypeError):
        roll_board(bad)  # type: ignore[arg-type]


def test_roll_board_refuses_odd_seeds() -> None:
    with pytest.raises(InvalidArgumentTypeError):
        roll_board(4, seed=[1])  # type: ignore[arg-type]


def test_roll_board_refuses_too_many_cells() -> None:
    with pytest.raises(InvalidArgumentError, match=str(MAX_WORDSEARCH_CELLS)):
        roll_board(500, 501)
    with pytest.raises(InvalidArgumentError, match="too large"):
        roll_board(10**4)


def test_a_100x100_board_is_still_fine() -> None:
    assert roll_board(100, seed=1).size == 10_000
    assert roll_board(1, 3000, seed=1).size == 3000


def test_board_shapes_beyond_the_limit() -> None:
    with pytest.raises(BoardError, match="too large"):
        Board.from_cells(["A"] * (MAX_WORDSEARCH_SIDE + 1), columns=1)
    with pytest.raises(BoardError, match="rows"):
        parse_board("/".join(["A"] * (MAX_WORDSEARCH_SIDE + 1)))
    with pytest.raises(BoardError, match="cells"):
        parse_board("A" * (MAX_WORDSEARCH_SIDE + 1))
    with pytest.raises(BoardError, match="too long"):
        parse_board(" ".join(["A"] * (MAX_WORDSEARCH_ROW_CHARS // 2 + 1)))
    assert parse_board("/".join(["AB" * 50] * 100)).size == 10_000


def test_huge_single_line_board_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    big = tmp_path / "big.txt"
    with big.open("wb") as stream:  # the 50 MB single line of the report
        stream.truncate(50 * 1024 * 1024)
    tracemalloc.start()
    try:
        with pytest.raises(BoardError, match="may hold at most"):
            read_board_file(big)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 4 * MAX_WORDSEARCH_TEXT_CHARS  # one bounded read, not the 3 GB of the report
    code, out, err = run(capsys, "solve", "--board-file", str(big))
    assert_one_line_error(code, out, err, "may hold at most")


def test_endless_board_file(capsys: pytest.CaptureFixture[str]) -> None:
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero here")
    code, out, err = run(capsys, "solve", "--board-file", "/dev/zero")
    assert_one_line_error(code, out, err, "not a regular file")


def test_long_row_in_a_board_file(tmp_path: Path) -> None:
    file = tmp_path / "row.txt"
    file.write_text("A" * (MAX_WORDSEARCH_ROW_CHARS + 1) + "\n", encoding="utf-8")
    with pytest.raises(BoardError, match=r"row.txt: row 1 is too long"):
        read_board_file(file)

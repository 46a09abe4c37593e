"""Layouts: plain boards, the standard board, USC layout files."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import shared_file

from wordgames.errors import FormatError, InvalidArgumentError
from wordgames.scrabble import Layout, layout_by_name, plain_layout, read_layout, standard_layout
from wordgames.scrabble.core.layout import parse_layout


@pytest.mark.parametrize("size", [5, 7, 9, 12, 15])
def test_plain_layout_starts_at_the_middle(size: int) -> None:
    layout = plain_layout(size)
    assert (layout.rows, layout.cols, layout.start) == (size, size, (size // 2, size // 2))
    assert all(layout.premium(r, c) == "." for r in range(size) for c in range(size))


def test_standard_layout_premiums() -> None:
    layout = standard_layout()
    assert layout.start == (7, 7)
    assert layout.word_multiplier(7, 7) == 2
    assert layout.word_multiplier(0, 0) == 3
    assert layout.letter_multiplier(1, 5) == 3
    assert layout.letter_multiplier(0, 3) == 2
    assert layout.letter_multiplier(0, 0) == 1 and layout.word_multiplier(0, 1) == 1
    codes = [layout.premium(r, c) for r in range(15) for c in range(15)]
    assert (codes.count("t"), codes.count("d"), codes.count("3"), codes.count("2")) == (8, 17, 12, 24)
    assert layout.transposed() == layout, "the standard board is symmetric"


def test_usc_layout_files_use_one_based_start_squares() -> None:
    assert read_layout(shared_file("formats/usc104/small-board.txt")).start == (3, 3)
    assert read_layout(shared_file("formats/usc104/board-br-start.txt")).start == (14, 14)
    weird = read_layout(shared_file("formats/usc104/board-weird-start.txt"))
    assert weird.start == (2, 8)
    assert weird.transposed().start == (8, 2)
    assert parse_layout(weird.to_text()) == Layout(15, 15, (2, 8), weird.premiums, "<layout>")


def test_layout_by_name() -> None:
    assert layout_by_name("standard") == standard_layout()
    assert layout_by_name(str(shared_file("formats/usc104/board0.txt"))).rows == 15


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("7\n", "starts with"),
        ("7 7\nx y\n", "first two lines"),
        ("2 2\n1 1\n..\n", "expected 2 grid lines"),
        ("2 2\n1 1\n..\n...\n", "expected 2 squares"),
        ("2 2\n1 1\n.x\n..\n", "unknown square"),
        ("2 2\n3 1\n..\n..\n", "off the board"),
    ],
)
def test_bad_layout_text(text: str, fragment: str) -> None:
    with pytest.raises(FormatError, match=fragment):
        parse_layout(text)


def test_missing_layout_file(tmp_path: Path) -> None:
    with pytest.raises(FormatError, match="no such layout"):
        read_layout(tmp_path / "nope.txt")


def test_layout_checks_its_own_shape() -> None:
    with pytest.raises(InvalidArgumentError):
        Layout(2, 2, (0, 0), ("..",))
    with pytest.raises(InvalidArgumentError):
        Layout(1, 1, (0, 1), (".",))
    with pytest.raises(InvalidArgumentError):
        Layout(1, 1, (0, 0), ("z",))

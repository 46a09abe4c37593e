"""Boards rolled from the real dice sets."""

from __future__ import annotations

from collections import Counter

import pytest

from wordgames.errors import InvalidArgumentError, InvalidArgumentTypeError
from wordgames.wordsearch.dice import (
    BIG_BOGGLE_DICE,
    CLASSIC_DICE,
    DICE_SETS,
    SUPER_BIG_BOGGLE_DICE,
    dice_for,
    new_seed,
    roll_board,
)

from .support import rollable


def test_dice_sets_have_the_published_shape() -> None:
    assert [len(CLASSIC_DICE), len(BIG_BOGGLE_DICE), len(SUPER_BIG_BOGGLE_DICE)] == [16, 25, 36]
    for dice in DICE_SETS.values():
        assert all(len(die) == 6 for die in dice)
    faces = Counter(face for die in CLASSIC_DICE for face in die)
    assert faces["QU"] == 1 and "Q" not in faces
    assert faces["E"] == 11  # the classic set's most common face
    assert SUPER_BIG_BOGGLE_DICE[12] == ("AN", "ER", "HE", "IN", "QU", "TH")
    assert Counter(face for die in SUPER_BIG_BOGGLE_DICE for face in die)["#"] == 3


def test_each_square_size_uses_its_own_set() -> None:
    assert dice_for(4, 4) is CLASSIC_DICE
    assert dice_for(5, 5) is BIG_BOGGLE_DICE
    assert dice_for(6, 6) is SUPER_BIG_BOGGLE_DICE
    assert dice_for(10, 10) is CLASSIC_DICE
    assert dice_for(4, 5) is CLASSIC_DICE


@pytest.mark.parametrize("size", [4, 5, 6])
def test_a_roll_uses_every_die_once(size: int) -> None:
    board = roll_board(size, seed=11)
    dice = DICE_SETS[size]
    assert board.size == len(dice) and rollable(board.cells, dice)


def test_rolls_are_reproducible_from_the_seed() -> None:
    assert roll_board(4, seed=42) == roll_board(4, seed=42)
    assert roll_board(100, seed=3) == roll_board(100, seed=3)
    assert len({roll_board(4, seed=seed).to_text() for seed in range(20)}) == 20
    assert roll_board(3, 7, seed=1).columns == 7
    assert roll_board(3, 7, seed=1).rows == 3
    assert 0 <= new_seed() < 10**9


def test_large_boards_draw_from_copies_of_the_classic_set() -> None:
    board = roll_board(10, seed=5)
    assert board.size == 100
    classic_faces = {face for die in CLASSIC_DICE for face in die}
    assert set(board.cells) <= classic_faces


@pytest.mark.parametrize(
    ("rows", "columns", "error"),
    [
        (0, None, InvalidArgumentError),
        (4, -1, InvalidArgumentError),
        ("4", None, InvalidArgumentTypeError),
        (4, 2.5, InvalidArgumentTypeError),
        (True, None, InvalidArgumentTypeError),
    ],
)
def test_bad_dimensions(rows: object, columns: object, error: type[Exception]) -> None:
    with pytest.raises(error):
        roll_board(rows, columns, seed=1)  # type: ignore[arg-type]

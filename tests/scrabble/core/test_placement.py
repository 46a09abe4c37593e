"""Placing tiles: directions read from text."""

from __future__ import annotations

import pytest

from wordgames.errors import NotationError
from wordgames.scrabble import Direction


@pytest.mark.parametrize(
    ("text", "direction"),
    [
        ("H", Direction.ACROSS),
        ("a", Direction.ACROSS),
        ("-", Direction.ACROSS),
        ("across", Direction.ACROSS),
        ("V", Direction.DOWN),
        ("d", Direction.DOWN),
        ("|", Direction.DOWN),
        ("Down", Direction.DOWN),
    ],
)
def test_direction_parse(text: str, direction: Direction) -> None:
    assert Direction.parse(text) is direction
    assert direction.other.other is direction


def test_direction_parse_rejects_other_text() -> None:
    with pytest.raises(NotationError):
        Direction.parse("X")

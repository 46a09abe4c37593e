"""Scoring schemes."""

from __future__ import annotations

import pytest

from wordgames.errors import InvalidArgumentError
from wordgames.wordsearch.scoring import (
    DEFAULT_SCORING,
    comp2210_score,
    official_score,
    scoring_function,
    scoring_names,
)


def test_comp2210_one_point_plus_one_per_extra_letter() -> None:
    assert [comp2210_score(length, 5) for length in (5, 6, 7, 12)] == [1, 2, 3, 8]
    assert comp2210_score(3, 3) == 1


def test_official_table_ignores_the_minimum() -> None:
    table = {3: 1, 4: 1, 5: 2, 6: 3, 7: 5, 8: 11, 9: 11, 16: 11}
    for minimum in (1, 3, 4):
        assert {length: official_score(length, minimum) for length in table} == table
    assert official_score(2, 2) == 1


def test_schemes_by_name() -> None:
    assert scoring_names()[0] == DEFAULT_SCORING == "comp2210"
    assert set(scoring_names()) == {"comp2210", "official"}
    assert scoring_function("official") is official_score
    with pytest.raises(InvalidArgumentError, match="comp2210, official"):
        scoring_function("scrabble")
    with pytest.raises(InvalidArgumentError):
        scoring_function(None)  # type: ignore[arg-type]

"""Scoring schemes for found words, chosen by name.

* ``comp2210`` (the contract's): a word of K letters is worth ``1 + (K - M)`` points, where M is
  the minimum word length of the game.
* ``official``: the Boggle rule book's table, whatever the minimum: 3 or 4 letters 1 point
  (shorter words, when a lower minimum allows them, also 1), 5 letters 2, 6 letters 3,
  7 letters 5, 8 or more 11.

Lengths count letters, so a word through a ``QU`` cell counts both letters.
"""

from __future__ import annotations

from collections.abc import Callable

from wordgames.errors import InvalidArgumentError

ScoringFunction = Callable[[int, int], int]
"""``score(word_length, minimum_word_length) -> points`` for a word already known scorable."""

DEFAULT_SCORING = "comp2210"


def comp2210_score(word_length: int, minimum_word_length: int) -> int:
    """One point for reaching the minimum length and one for each letter beyond it."""
    return 1 + word_length - minimum_word_length


_OFFICIAL_TABLE = {5: 2, 6: 3, 7: 5}


def official_score(word_length: int, minimum_word_length: int) -> int:
    """The official Boggle table (the minimum length does not change it)."""
    if word_length >= 8:
        return 11
    return _OFFICIAL_TABLE.get(word_length, 1)


_SCHEMES: dict[str, ScoringFunction] = {
    "comp2210": comp2210_score,
    "official": official_score,
}


def scoring_names() -> list[str]:
    """The names of the scoring schemes, default first."""
    return [DEFAULT_SCORING, *sorted(name for name in _SCHEMES if name != DEFAULT_SCORING)]


def scoring_function(name: str) -> ScoringFunction:
    """The scoring function called ``name``; InvalidArgumentError for an unknown name."""
    try:
        return _SCHEMES[name]
    except (KeyError, TypeError):
        raise InvalidArgumentError(
            f"unknown scoring scheme {name!r} (choose from {', '.join(scoring_names())})"
        ) from None

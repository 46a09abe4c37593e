"""Argument checks for the public functions of the Scrabble engine.

A public function given the wrong kind of argument raises
:class:`~wordgames.errors.InvalidArgumentTypeError` (a ``TypeError``) naming it, or
:class:`~wordgames.errors.InvalidArgumentError` (a ``ValueError``) for a number out of range,
never an internal ``AttributeError`` from deep inside.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from wordgames.errors import InvalidArgumentError, InvalidArgumentTypeError
from wordgames.lexicon.alphabet import ENGLISH, Alphabet


def require_type(value: Any, expected: type | tuple[type, ...], what: str) -> None:
    """Raise InvalidArgumentTypeError unless ``value`` is an instance of ``expected``
    (``bool`` never passes for ``int``)."""
    kinds = expected if isinstance(expected, tuple) else (expected,)
    if isinstance(value, kinds) and not (isinstance(value, bool) and bool not in kinds):
        return
    names = " or ".join(kind.__name__ for kind in kinds)
    raise InvalidArgumentTypeError(f"{what} must be {names}, not {type(value).__name__}")


def require_items(value: Any, what: str) -> list[Any]:
    """The items of ``value`` as a list when it is iterable (a string is, character by
    character); else InvalidArgumentTypeError naming ``what``."""
    if not isinstance(value, Iterable):
        raise InvalidArgumentTypeError(f"{what} must be a sequence, not {type(value).__name__}")
    return list(value)


def require_tiles(value: Any, what: str) -> Iterable[Any]:
    """``value`` when it is an iterable of written tiles (a string is, character by
    character; ``bytes`` are not: they are tile numbers); else InvalidArgumentTypeError naming
    ``what``.  The tiles themselves are checked where they are read."""
    if isinstance(value, (bytes, bytearray)) or not isinstance(value, Iterable):
        raise InvalidArgumentTypeError(f"{what} must be an iterable of tiles, not {type(value).__name__}")
    return value


def require_alphabet(value: Any) -> Alphabet:
    """``value`` when it is an :class:`~wordgames.lexicon.alphabet.Alphabet`, the English one
    when it is None (racks and bags number English tiles unless told otherwise); else
    InvalidArgumentTypeError."""
    if value is None:
        return ENGLISH
    require_type(value, Alphabet, "an alphabet")
    assert isinstance(value, Alphabet)
    return value


def require_numbers(value: Any, what: str) -> list[int]:
    """The items of ``value`` as a list of ints (tile numbers, not yet range-checked) when it
    is an iterable of ints (``bytes`` are: a lexicon key) that is not text; else
    InvalidArgumentTypeError naming ``what``.  Cost: one pass."""
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise InvalidArgumentTypeError(
            f"{what} must be a sequence of tile numbers, not {type(value).__name__}"
        )
    numbers = list(value)
    for number in numbers:
        if isinstance(number, bool) or not isinstance(number, int):
            raise InvalidArgumentTypeError(f"a tile number must be an int, not {type(number).__name__}")
        if number < 0:
            raise InvalidArgumentError(f"a tile number is never negative, not {number}")
    return numbers


def require_int(value: Any, what: str, low: int | None = None, high: int | None = None) -> int:
    """``value`` when it is a whole number (not a bool) in ``[low, high]``; else
    InvalidArgumentTypeError or InvalidArgumentError naming ``what``."""
    require_type(value, int, what)
    if (low is not None and value < low) or (high is not None and value > high):
        if high is None:
            bounds = f"at least {low}"
        elif low is None:
            bounds = f"at most {high}"
        else:
            bounds = f"from {low} to {high}"
        raise InvalidArgumentError(f"{what} must be a whole number {bounds}, not {value}")
    return int(value)

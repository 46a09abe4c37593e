"""Reading a JSON document field by field, with errors that name the field.

A saved game, and the checkpoints of the learning runs, are checked against their formats
with these helpers: each reads one field, checks
its type and range, and raises :class:`BadField` with the field's path (``settings.hand_size``,
``players[1].rack``) and the reason.  Constructors' own errors are reported the same way
through :func:`within`.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from typing import Any

from wordgames.errors import WordGamesError
from wordgames.limits import MAX_SAVE_TEXT

MISSING: Any = object()


class BadField(Exception):
    """A field of a save is missing or wrong; ``path`` names it (``players[1].rack``)."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"{path}: {reason}")


def kind(value: Any) -> str:
    names = {dict: "an object", list: "a list", str: "a string", bool: "true/false", type(None): "null"}
    return names.get(type(value), f"a {type(value).__name__}")


@contextlib.contextmanager
def within(path: str) -> Iterator[None]:
    """Report the errors of a constructor as a problem of the field ``path``."""
    try:
        yield
    except (WordGamesError, ValueError, TypeError, OverflowError) as error:
        raise BadField(path, str(error)) from None


class Section:
    """One JSON object of a save, read field by field; every error names the field."""

    def __init__(self, value: Any, path: str) -> None:
        if not isinstance(value, dict):
            raise BadField(path, f"expected an object, found {kind(value)}")
        self.value = value
        self.path = path

    def at(self, key: str) -> str:
        """The path of a field of this object."""
        return f"{self.path}.{key}" if self.path else key

    def get(self, key: str, default: Any = MISSING) -> Any:
        """The field's value (``default`` when missing, if given)."""
        if key in self.value:
            return self.value[key]
        if default is MISSING:
            raise BadField(self.at(key), "missing")
        return default

    def section(self, key: str) -> Section:
        """A field holding an object."""
        return Section(self.get(key), self.at(key))

    def whole(self, key: str, low: int | None = None, high: int | None = None, default: Any = MISSING) -> int:
        """A field holding a whole number in [low, high]."""
        return whole(self.get(key, default), self.at(key), low, high)

    def optional_whole(self, key: str, low: int | None = None, high: int | None = None) -> int | None:
        """A field holding null or a whole number in [low, high]."""
        value = self.get(key)
        return None if value is None else whole(value, self.at(key), low, high)

    def number(self, key: str, low: float, high: float) -> float:
        """A field holding a finite number (whole or not) in [low, high]."""
        return number(self.get(key), self.at(key), low, high)

    def text(self, key: str, default: Any = MISSING, choices: Sequence[str] | None = None) -> str:
        """A field holding a string (one of ``choices`` when given)."""
        return text(self.get(key, default), self.at(key), choices)

    def items(self, key: str, most: int) -> list[Any]:
        """A field holding a list of at most ``most`` entries."""
        return items(self.get(key), self.at(key), most)


def whole(value: Any, path: str, low: int | None = None, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadField(path, f"expected a whole number, found {kind(value)}")
    if (low is not None and value < low) or (high is not None and value > high):
        shown = str(value) if abs(value) < 10**30 else f"a number of {len(str(abs(value))):,} digits"
        raise BadField(path, f"{shown} is out of range ({low} to {high})")
    return value


def number(value: Any, path: str, low: float, high: float) -> float:
    """``value`` as a float when it is a finite number (not true/false) in [low, high]."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise BadField(path, f"expected a number, found {kind(value)}")
    # A NaN fails both comparisons; a whole number of hundreds of digits compares exactly
    # (converting it first would raise OverflowError).
    if not low <= value <= high:
        raise BadField(path, f"{str(value)[:40]} is out of range ({low:g} to {high:g})")
    return float(value)


def text(value: Any, path: str, choices: Sequence[str] | None = None) -> str:
    if not isinstance(value, str):
        raise BadField(path, f"expected a string, found {kind(value)}")
    if len(value) > MAX_SAVE_TEXT:
        raise BadField(path, f"longer than {MAX_SAVE_TEXT} characters")
    if choices is not None and value not in choices:
        raise BadField(path, f"{value!r} is not one of {', '.join(choices)}")
    return value


def items(value: Any, path: str, most: int) -> list[Any]:
    if not isinstance(value, list):
        raise BadField(path, f"expected a list, found {kind(value)}")
    if len(value) > most:
        raise BadField(path, f"more than {most} entries")
    return value


def nests_deeper(value: Any, limit: int) -> bool:
    """Whether lists and objects nest more than ``limit`` levels deep in ``value`` (checked
    iteratively, so neither a deep document nor one that contains itself can recurse or loop
    for ever: the walk stops below ``limit``)."""
    pending = [(value, 1)]
    while pending:
        item, depth = pending.pop()
        if isinstance(item, dict | list | tuple):
            if depth > limit:
                return True
            children = item.values() if isinstance(item, dict) else item
            pending.extend((child, depth + 1) for child in children)
    return False

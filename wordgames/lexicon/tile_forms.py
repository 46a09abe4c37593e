"""What text may write a tile of an alphabet, and the lower-case forms derived for tiles.

A tile is written with one or more characters, letters first, and a blank played as it with
its lower-case form; :class:`~wordgames.lexicon.alphabet.Alphabet` checks every form it is
given with :func:`is_tile_form` and derives a lower-case form only where ``str.lower`` keeps
the length and maps back.
"""

from __future__ import annotations

import unicodedata

from wordgames.errors import InvalidArgumentError
from wordgames.limits import MAX_TILE_CHARS

JOINERS = frozenset("·")
"""Characters a tile may hold besides letters and combining marks (the Catalan middle dot)."""


def is_tile_form(text: object) -> bool:
    """Whether ``text`` may write a game's tile: 1..MAX_TILE_CHARS characters in Unicode NFC,
    the first a letter, the rest letters, combining marks or the middle dot ``·``."""
    if not isinstance(text, str) or not 1 <= len(text) <= MAX_TILE_CHARS or not text[0].isalpha():
        return False
    if unicodedata.normalize("NFC", text) != text:
        return False
    return all(
        char.isalpha() or char in JOINERS or unicodedata.category(char).startswith("M") for char in text
    )


def _lower_form(tile: str) -> str:
    """The lower-case form ``str.lower`` gives, when it is safe: same length, and back again."""
    lower = tile.lower()
    if len(lower) != len(tile) or lower.upper() != tile or lower == tile:
        raise InvalidArgumentError(
            f"tile {tile!r}: its lower-case form cannot be derived; give it explicitly"
        )
    return lower


def _plain_lower(char: str) -> str | None:
    """A plain alphabet's lower-case form of ``char``: ``str.lower`` when it is one character
    that maps back, else None (a hyphen or an apostrophe cannot be a played blank)."""
    lower = char.lower()
    return lower if len(lower) == 1 and lower != char and lower.upper() == char else None

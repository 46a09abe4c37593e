"""What can be a tile: one-letter tiles, multi-character tile forms, and the blank.

Kept apart from :mod:`wordgames.scrabble.core.tiles` (tile sets, the bag and the rack) because
these checks need no tile set; ``tiles`` re-exports every name here.
"""

from __future__ import annotations

from wordgames.errors import InvalidArgumentError
from wordgames.lexicon.alphabet import is_tile_form
from wordgames.scrabble.core.checks import require_type

BLANK = "?"


def is_tile_letter(char: object) -> bool:
    """Whether ``char`` can be a tile: one letter whose upper and lower case are each one
    character and map back to each other.  The board writes a blank as the lower-case letter,
    so a letter needs both cases, and changing case must never change a word's length (``ß``
    upper-cases to ``SS``, so it is not a tile letter; neither is a letter without case)."""
    if not isinstance(char, str) or len(char) != 1 or not char.isalpha():
        return False
    upper, lower = char.upper(), char.lower()
    return len(upper) == 1 and len(lower) == 1 and upper != lower and upper.lower() == lower \
        and lower.upper() == upper


def check_letters(text: str, what: str) -> None:
    """Raise InvalidArgumentError naming the first character of ``text`` that is not a tile
    letter (see :func:`is_tile_letter`)."""
    for char in text:
        if not is_tile_letter(char):
            raise InvalidArgumentError(f"{what}: {char!r} is not a letter a tile can carry")


def is_tile(tile: object) -> bool:
    """Whether ``tile`` can be one tile on a rack or in a bag: a tile letter (see
    :func:`is_tile_letter`), or a multi-character tile form (:func:`is_tile_form`: ``L·L``,
    ``NY``) written all in upper case (a tile) or all in lower case (a blank standing for it).
    Whether it belongs to a tile set is the tile set's check."""
    if is_tile_letter(tile):
        return True
    return (
        isinstance(tile, str)
        and len(tile) > 1
        and is_tile_form(tile)
        and tile in (tile.upper(), tile.lower())
    )


def rack_tile(tile: str) -> str:
    """The tile as it sits on a rack or in the bag: a played blank (a lower-case letter) is
    ``?`` again; any other tile is itself."""
    require_type(tile, str, "a tile")
    return BLANK if tile == BLANK or tile.islower() else tile

"""What can be a tile: one-letter tiles, multi-character tile forms, and the blank; and the
tile number of a tile as a rack or a bag writes it.

Kept apart from :mod:`wordgames.scrabble.core.tiles` (tile sets),
:mod:`~wordgames.scrabble.core.bag` and :mod:`~wordgames.scrabble.core.rack` because these
checks need no tile set; ``tiles`` re-exports the checks and :data:`BLANK`.
"""

from __future__ import annotations

from wordgames.errors import InvalidArgumentError, InvalidArgumentTypeError
from wordgames.lexicon.alphabet import BLANK_NUMBER, ENGLISH, Alphabet
from wordgames.lexicon.tile_forms import is_tile_form
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


def tile_number(alphabet: Alphabet, tile: object, what: str = "a tile") -> int:
    """The tile number in ``alphabet`` of a tile written on a rack or in a bag: ``?`` (or a
    tile's lower-case form, a blank once played) is the blank, 0; an upper-case tile is its
    number.  InvalidArgumentError for anything else.  Cost: O(1)."""
    if tile == BLANK:
        return BLANK_NUMBER
    if not isinstance(tile, str):
        raise InvalidArgumentTypeError(f"{what} must be a string, not {type(tile).__name__}")
    number = alphabet.number(tile) if tile in alphabet else -1
    if number < 0:
        shown = tile if len(tile) <= 20 else tile[:20] + "..."
        hint = ""
        if alphabet is ENGLISH and is_tile_letter(tile):
            hint = " (for another language give the tiles' alphabet: tile_set.parse_rack(text), " \
                   "or Rack(tiles, tile_set.alphabet))"
        raise InvalidArgumentError(f"{shown!r} is not a tile (a letter of the alphabet or '?'){hint}")
    return BLANK_NUMBER if alphabet.is_designated_blank(tile) else number

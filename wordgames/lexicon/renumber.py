"""Tile numbers between two alphabets: whether they mean the same tiles, and the byte
translation from one alphabet's numbers to the other's.
"""

from __future__ import annotations

from wordgames.errors import InvalidArgumentTypeError
from wordgames.lexicon.alphabet import Alphabet


def same_tiles(one: Alphabet, other: Alphabet) -> bool:
    """Whether two alphabets number the same tiles the same way (forms and order; vowels and
    kind aside), so tile numbers of one mean the same in the other."""
    return one.tiles == other.tiles


def renumbering(source: Alphabet, target: Alphabet) -> bytes:
    """A byte translation (``bytes.translate``) from ``source``'s tile numbers to ``target``'s,
    tile by tile by their forms: entry ``n`` is the number in ``target`` of tile ``n`` of
    ``source``, 0 where ``target`` lacks it and for every number that is no tile of
    ``source`` (0, and a played blank's ``n | BLANK_BIT``).  Cost: O(tiles)."""
    if not isinstance(source, Alphabet) or not isinstance(target, Alphabet):
        raise InvalidArgumentTypeError("a renumbering is made between two alphabets")
    table = bytearray(256)
    for number, tile in enumerate(source.tiles, 1):
        if tile in target:
            table[number] = target.number(tile)
    return bytes(table)

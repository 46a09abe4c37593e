"""The bag: the tiles not yet drawn, as tile numbers, drawn at random from a seeded generator
or in a fixed order.

A :class:`Bag` holds tile numbers of an alphabet (English unless given one), a blank as 0; it
is filled from a :class:`~wordgames.scrabble.core.tiles.TileSet`'s counts, or from a
FIT1045 deal file, and saved with its generator's state so that a restored game draws the same
tiles.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterable, Mapping
from typing import Any

from wordgames.errors import FormatError, InvalidArgumentError, InvalidArgumentTypeError
from wordgames.lexicon.alphabet import BLANK_BIT, BLANK_NUMBER, Alphabet
from wordgames.limits import MAX_SMALL_FILE_BYTES
from wordgames.scrabble.core.checks import (
    require_alphabet,
    require_int,
    require_numbers,
    require_tiles,
    require_type,
)
from wordgames.scrabble.core.tile_letters import BLANK, is_tile_letter, tile_number
from wordgames.scrabble.core.tiles import TileSet
from wordgames.textfiles import checked_path, read_text_file


class Bag:
    """The tiles not yet drawn, as tile numbers of ``alphabet`` (English by default).  Draws
    are random from a seeded generator, or, with ``fixed_order``, in the order given
    (FIT1045's ``tiles.txt``).  :meth:`draw` and :attr:`tiles` speak text (``?`` a blank);
    :meth:`draw_numbers` and :attr:`numbers` the tile numbers the engine works in."""

    def __init__(
        self, tiles: Iterable[str], seed: int | None = None, *, fixed_order: bool = False,
        alphabet: Alphabet | None = None,
    ) -> None:
        if seed is not None:
            require_type(seed, int, "a seed")
        self.alphabet = require_alphabet(alphabet)
        # A bag holds tiles, never played blanks: a lower-case form is its tile (as it was).
        upper = self.alphabet.upper
        self._tiles = [
            tile_number(
                self.alphabet, upper(tile) if isinstance(tile, str) and tile in self.alphabet else tile
            )
            for tile in require_tiles(tiles, "the tiles of a bag")
        ]
        self.fixed_order = fixed_order
        self._random = random.Random(seed)

    @classmethod
    def of_numbers(cls, numbers: Iterable[int], alphabet: Alphabet, seed: int | None = None,
                   *, fixed_order: bool = False) -> Bag:
        """A bag of tile numbers (0 a blank) of ``alphabet``."""
        bag = cls((), seed, fixed_order=fixed_order, alphabet=alphabet)
        numbers = require_numbers(numbers, "tile numbers")
        bag._tiles = [_checked_number(alphabet, number) for number in numbers]
        return bag

    @classmethod
    def full(cls, tile_set: TileSet, seed: int | None = None) -> Bag:
        """A full bag of ``tile_set`` drawn at random with ``seed``."""
        require_type(tile_set, TileSet, "tile_set")
        if not tile_set.counts:
            raise InvalidArgumentError("this tile set has no tile counts to fill a bag")
        return cls.of_numbers(tile_set.full_bag_numbers(), tile_set.alphabet, seed)

    @classmethod
    def from_deal_file(cls, path: str | os.PathLike[str], alphabet: Alphabet | None = None) -> Bag:
        """A bag dealt in file order from a FIT1045 ``tiles.txt`` (one tile a line)."""
        text = read_text_file(checked_path(path, "deal file"), "tile file", limit=MAX_SMALL_FILE_BYTES)
        tiles = [line.split()[0] for line in text.splitlines() if line.strip()]
        for tile in tiles:
            if tile != BLANK and not is_tile_letter(tile):
                raise FormatError(f"{path}: {tile!r} is not a tile")
        alphabet = require_alphabet(alphabet)
        for tile in tiles:
            if tile != BLANK and tile.upper() not in alphabet:
                raise FormatError(f"{path}: {tile!r} is not a tile of the alphabet")
        return cls([tile if tile == BLANK else tile.upper() for tile in tiles], fixed_order=True,
                   alphabet=alphabet)

    def draw_numbers(self, count: int) -> list[int]:
        """Remove and return up to ``count`` tiles as tile numbers (fewer when the bag runs
        out)."""
        require_int(count, "the number of tiles to draw", 0)
        drawn = []
        tiles = self._tiles
        for _ in range(min(count, len(tiles))):
            index = 0 if self.fixed_order else self._random.randrange(len(tiles))
            drawn.append(tiles.pop(index))
        return drawn

    def draw(self, count: int) -> list[str]:
        """Remove and return up to ``count`` tiles, written (``?`` a blank)."""
        return [self.alphabet.written(number) for number in self.draw_numbers(count)]

    def put_back(self, tiles: Iterable[str]) -> None:
        """Return tiles to the bag (a fixed-order bag gets them at the end); a played blank's
        lower-case form goes back as a blank."""
        self._tiles.extend(tile_number(self.alphabet, tile) for tile in require_tiles(tiles, "tiles"))

    def put_back_numbers(self, numbers: Iterable[int]) -> None:
        """Return tile numbers to the bag (``n | BLANK_BIT`` goes back as a blank)."""
        alphabet = self.alphabet
        self._tiles.extend([
            BLANK_NUMBER if number & BLANK_BIT else _checked_number(alphabet, number)
            for number in require_numbers(numbers, "the tiles to put back")
        ])

    def __len__(self) -> int:
        return len(self._tiles)

    @property
    def tiles(self) -> list[str]:
        """The remaining tiles, written, in draw order for a fixed bag (a copy)."""
        written = self.alphabet.written
        return [written(number) for number in self._tiles]

    @property
    def numbers(self) -> list[int]:
        """The remaining tiles as tile numbers, in draw order for a fixed bag (a copy)."""
        return list(self._tiles)

    def get_state(self) -> dict[str, object]:
        """A JSON-able snapshot that :meth:`from_state` restores, future draws included
        (tiles written as single tiles; the save's own code writes them in notation)."""
        version, internal, gauss = self._random.getstate()
        return {
            "tiles": self.tiles,
            "fixed_order": self.fixed_order,
            "random": [version, list(internal), gauss],
        }

    @classmethod
    def from_state(cls, state: Mapping[str, object], alphabet: Alphabet | None = None) -> Bag:
        """Restore a bag saved by :meth:`get_state`."""
        try:
            tiles: Any = state["tiles"]
            generator: Any = state["random"]
            version, internal, gauss = generator
            bag = cls(tiles, fixed_order=bool(state["fixed_order"]), alphabet=alphabet)
            bag._random.setstate((version, tuple(internal), gauss))
        except (KeyError, TypeError, ValueError) as error:
            raise FormatError(f"bad saved bag state ({error})") from None
        return bag


def _checked_number(alphabet: Alphabet, number: object) -> int:
    if isinstance(number, bool) or not isinstance(number, int):
        raise InvalidArgumentTypeError(f"a tile number must be an int, not {type(number).__name__}")
    if not 0 <= number <= len(alphabet):
        raise InvalidArgumentError(f"tile number {number} is not in 0..{len(alphabet)}")
    return number

"""Tiles: letter values and distributions, the bag, and the rack.

A blank is written ``?`` on a rack and in a bag; once played it stands for a letter and is
written as that letter in lower case.  Blanks score 0.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from wordgames.errors import FormatError, GameError, InvalidArgumentError
from wordgames.textfiles import read_text_file

BLANK = "?"

# Standard English letter values and counts (100 tiles, 2 blanks).
_ENGLISH = {
    "A": (1, 9), "B": (3, 2), "C": (3, 2), "D": (2, 4), "E": (1, 12), "F": (4, 2),
    "G": (2, 3), "H": (4, 2), "I": (1, 9), "J": (8, 1), "K": (5, 1), "L": (1, 4),
    "M": (3, 2), "N": (1, 6), "O": (1, 8), "P": (3, 2), "Q": (10, 1), "R": (1, 6),
    "S": (1, 4), "T": (1, 6), "U": (1, 4), "V": (4, 2), "W": (4, 2), "X": (8, 1),
    "Y": (4, 2), "Z": (10, 1), BLANK: (0, 2),
}  # fmt: skip


def rack_tile(tile: str) -> str:
    """The tile as it sits on a rack or in the bag: a played blank (a lower-case letter) is
    ``?`` again; any other tile is itself."""
    return BLANK if tile == BLANK or tile.islower() else tile


@dataclass(frozen=True)
class TileSet:
    """Letter values and how many of each tile a full bag holds (``?`` is the blank).

    ``counts`` may be empty when only values are known (FIT1045 ``scores.txt``).
    """

    values: Mapping[str, int]
    counts: Mapping[str, int] = field(default_factory=dict)

    def value(self, tile: str) -> int:
        """Points for a tile: a blank (``?`` or a lower-case letter) scores 0; an unknown
        letter raises InvalidArgumentError."""
        if tile == BLANK or (tile.isalpha() and tile.islower()):
            return 0
        try:
            return self.values[tile]
        except KeyError:
            raise InvalidArgumentError(f"no value for tile {tile!r} in this tile set") from None

    def full_bag(self) -> list[str]:
        """Every tile of a full bag, sorted (blanks as ``?``)."""
        return sorted(tile for tile, count in self.counts.items() for _ in range(count))

    @property
    def letters(self) -> str:
        """The letters (not the blank) that have values, sorted."""
        return "".join(sorted(tile for tile in self.values if tile != BLANK))


STANDARD_ENGLISH = TileSet(
    values={tile: value for tile, (value, _) in _ENGLISH.items()},
    counts={tile: count for tile, (_, count) in _ENGLISH.items()},
)


TILE_DISTRIBUTIONS = {"english": STANDARD_ENGLISH}
"""Tile sets by the names other programs give them (CGP ``ld``, GCG ``#tile-distribution``)."""


def tile_set_named(name: str) -> TileSet | None:
    """The tile set a distribution name (any case) names, or None."""
    return TILE_DISTRIBUTIONS.get(name.strip().lower())


def distribution_name(tile_set: TileSet) -> str | None:
    """The distribution name of ``tile_set`` when it is a named one, else None."""
    return next((name for name, named in TILE_DISTRIBUTIONS.items() if named == tile_set), None)


def _data_lines(path: Path) -> list[tuple[int, list[str]]]:
    text = read_text_file(path, "tile file")
    return [(number, line.split()) for number, line in enumerate(text.splitlines(), 1) if line.strip()]


def read_tile_set(path: str | os.PathLike[str]) -> TileSet:
    """Read letter values from a FIT1045 scores file (``LETTER VALUE`` per line) or a USC tile
    bag (``letter points count`` per line, ``?`` for the blank); the format is recognised by
    the number of fields.  Raises FormatError naming the file and line."""
    file = Path(path)
    values: dict[str, int] = {}
    counts: dict[str, int] = {}
    widths = set()
    for number, fields in _data_lines(file):
        widths.add(len(fields))
        if len(fields) not in (2, 3) or len(widths) > 1:
            raise FormatError(
                f"{file}:{number}: expected 'LETTER VALUE' or 'letter points count' lines"
            )
        tile = fields[0].upper()
        if len(tile) != 1 or not (tile.isalpha() or tile == BLANK):
            raise FormatError(f"{file}:{number}: {fields[0]!r} is not a letter or '?'")
        try:
            numbers = [int(item) for item in fields[1:]]
        except ValueError:
            raise FormatError(f"{file}:{number}: values must be whole numbers") from None
        if any(item < 0 for item in numbers):
            raise FormatError(f"{file}:{number}: values must not be negative")
        if tile in values:
            raise FormatError(f"{file}:{number}: {tile} is listed twice")
        values[tile] = numbers[0]
        if len(numbers) == 2:
            counts[tile] = numbers[1]
    if not values:
        raise FormatError(f"{file}: no tiles listed")
    values.setdefault(BLANK, 0)
    return TileSet(values, counts)


class Bag:
    """The tiles not yet drawn.  Draws are random from a seeded generator, or, with
    ``fixed_order``, in the order given (FIT1045's ``tiles.txt``)."""

    def __init__(
        self, tiles: Iterable[str], seed: int | None = None, *, fixed_order: bool = False
    ) -> None:
        self._tiles = [tile.upper() if tile != BLANK else tile for tile in tiles]
        self.fixed_order = fixed_order
        self._random = random.Random(seed)

    @classmethod
    def full(cls, tile_set: TileSet, seed: int | None = None) -> Bag:
        """A full bag of ``tile_set`` drawn at random with ``seed``."""
        if not tile_set.counts:
            raise InvalidArgumentError("this tile set has no tile counts to fill a bag")
        return cls(tile_set.full_bag(), seed)

    @classmethod
    def from_deal_file(cls, path: str | os.PathLike[str]) -> Bag:
        """A bag dealt in file order from a FIT1045 ``tiles.txt`` (one tile a line)."""
        tiles = [fields[0] for _, fields in _data_lines(Path(path))]
        for tile in tiles:
            if len(tile) != 1 or not (tile.isalpha() or tile == BLANK):
                raise FormatError(f"{path}: {tile!r} is not a tile")
        return cls(tiles, fixed_order=True)

    def draw(self, count: int) -> list[str]:
        """Remove and return up to ``count`` tiles (fewer when the bag runs out)."""
        drawn = []
        for _ in range(min(count, len(self._tiles))):
            index = 0 if self.fixed_order else self._random.randrange(len(self._tiles))
            drawn.append(self._tiles.pop(index))
        return drawn

    def put_back(self, tiles: Iterable[str]) -> None:
        """Return tiles to the bag (a fixed-order bag gets them at the end)."""
        self._tiles.extend(map(rack_tile, tiles))

    def __len__(self) -> int:
        return len(self._tiles)

    @property
    def tiles(self) -> list[str]:
        """The remaining tiles in draw order for a fixed bag (a copy)."""
        return list(self._tiles)

    def get_state(self) -> dict[str, object]:
        """A JSON-able snapshot that :meth:`from_state` restores, future draws included."""
        version, internal, gauss = self._random.getstate()
        return {
            "tiles": list(self._tiles),
            "fixed_order": self.fixed_order,
            "random": [version, list(internal), gauss],
        }

    @classmethod
    def from_state(cls, state: Mapping[str, object]) -> Bag:
        """Restore a bag saved by :meth:`get_state`."""
        try:
            tiles: Any = state["tiles"]
            generator: Any = state["random"]
            version, internal, gauss = generator
            bag = cls(tiles, fixed_order=bool(state["fixed_order"]))
            bag._random.setstate((version, tuple(internal), gauss))
        except (KeyError, TypeError, ValueError) as error:
            raise FormatError(f"bad saved bag state ({error})") from None
        return bag


class Rack:
    """A player's tiles as a multiset of upper-case letters and ``?`` blanks."""

    def __init__(self, tiles: Iterable[str] = ()) -> None:
        self._tiles: Counter[str] = Counter()
        self.add(tiles)

    @classmethod
    def parse(cls, text: str) -> Rack:
        """A rack from text such as ``"AEIN?ST"`` (any case; ``?`` or ``_`` is a blank)."""
        if not isinstance(text, str):
            raise InvalidArgumentError("a rack must be a string of letters and '?'")
        tiles = []
        for char in text.strip():
            if char in "?_":
                tiles.append(BLANK)
            elif char.isalpha():
                tiles.append(char.upper())
            else:
                raise InvalidArgumentError(f"bad rack {text!r}: {char!r} is not a letter or '?'")
        return cls(tiles)

    def add(self, tiles: Iterable[str]) -> None:
        """Put tiles on the rack (a lower-case letter goes back as a blank)."""
        for tile in tiles:
            self._tiles[rack_tile(tile)] += 1

    def remove(self, tiles: Iterable[str]) -> None:
        """Take tiles off the rack; a lower-case letter takes a blank.  Raises GameError
        naming the missing tiles and changes nothing when the rack does not hold them all."""
        needed = Counter(map(rack_tile, tiles))
        missing = needed - self._tiles
        if missing:
            raise GameError(f"the rack {self} does not hold {''.join(sorted(missing.elements()))}")
        self._tiles -= needed

    def can_supply(self, tiles: Iterable[str]) -> bool:
        """Whether the rack holds all of ``tiles`` (lower-case letters need blanks)."""
        needed = Counter(map(rack_tile, tiles))
        return not needed - self._tiles

    def count(self, tile: str) -> int:
        """How many of ``tile`` the rack holds."""
        return self._tiles[tile]

    def counts(self) -> Counter[str]:
        """The rack as a Counter (a copy)."""
        return Counter(self._tiles)

    def tiles(self) -> list[str]:
        """The tiles, sorted, blanks last."""
        return sorted(self._tiles.elements(), key=lambda tile: (tile == BLANK, tile))

    def __len__(self) -> int:
        return sum(self._tiles.values())

    def __str__(self) -> str:
        return "".join(self.tiles())

    def __repr__(self) -> str:
        return f"Rack({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rack) and +self._tiles == +other._tiles

    __hash__ = None  # type: ignore[assignment]

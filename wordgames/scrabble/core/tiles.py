"""Tiles: letter values and distributions, the bag, and the rack.

A blank is written ``?`` on a rack and in a bag; once played it stands for a letter and is
written as that letter in lower case.  Blanks score 0.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from wordgames.errors import FormatError, GameError, InvalidArgumentError, InvalidArgumentTypeError
from wordgames.lexicon.tiles import Digraphs, TileEncoding
from wordgames.limits import (
    MAX_HAND_SIZE,
    MAX_SMALL_FILE_BYTES,
    MAX_TILE_COUNT,
    MAX_TILE_VALUE,
)
from wordgames.scrabble.core.alphabet import Alphabet
from wordgames.scrabble.core.checks import require_int, require_items, require_type
from wordgames.scrabble.core.distributions import (
    Distribution,
    canonical_name,
    distribution_names,
    named_distribution,
    parse_distribution,
    read_distribution,
)
from wordgames.scrabble.core.tile_letters import BLANK as BLANK
from wordgames.scrabble.core.tile_letters import check_letters as check_letters
from wordgames.scrabble.core.tile_letters import is_tile as is_tile
from wordgames.scrabble.core.tile_letters import is_tile_letter as is_tile_letter
from wordgames.scrabble.core.tile_letters import rack_tile as rack_tile
from wordgames.textfiles import checked_path, read_text_file

# Standard English letter values and counts (100 tiles, 2 blanks).
_ENGLISH = {
    "A": (1, 9), "B": (3, 2), "C": (3, 2), "D": (2, 4), "E": (1, 12), "F": (4, 2),
    "G": (2, 3), "H": (4, 2), "I": (1, 9), "J": (8, 1), "K": (5, 1), "L": (1, 4),
    "M": (3, 2), "N": (1, 6), "O": (1, 8), "P": (3, 2), "Q": (10, 1), "R": (1, 6),
    "S": (1, 4), "T": (1, 6), "U": (1, 4), "V": (4, 2), "W": (4, 2), "X": (8, 1),
    "Y": (4, 2), "Z": (10, 1), BLANK: (0, 2),
}  # fmt: skip


@dataclass(frozen=True)
class TileSet:
    """Letter values and how many of each tile a full bag holds (``?`` is the blank).

    ``counts`` may be empty when only values are known (FIT1045 ``scores.txt``).  With an
    ``alphabet``, tiles are that alphabet's internal code points (one each, even for ``L·L``:
    see :mod:`wordgames.scrabble.core.alphabet`); without one, each tile is one letter (see
    :func:`is_tile_letter`) and :attr:`tile_alphabet` is derived from the values.  Tile sets
    are equal when their values and counts are.
    """

    values: Mapping[str, int]
    counts: Mapping[str, int] = field(default_factory=dict)
    alphabet: Alphabet | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        if self.alphabet is not None and not isinstance(self.alphabet, Alphabet):
            raise InvalidArgumentTypeError("a tile set's alphabet must be an Alphabet")
        for name, table, most in (("values", self.values, MAX_TILE_VALUE),
                                  ("counts", self.counts, MAX_TILE_COUNT)):
            if not isinstance(table, Mapping):
                raise InvalidArgumentTypeError(f"tile set {name} must be a mapping of tile to number")
            for tile, number in table.items():
                if tile != BLANK and not self._is_tile(tile):
                    raise InvalidArgumentError(
                        f"tile set {name}: {tile!r} is not an upper-case tile letter or '?'"
                    )
                if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number <= most:
                    raise InvalidArgumentError(
                        f"tile set {name}: {tile} has {number!r}; expected a whole number from 0 to {most}"
                    )
        unvalued = set(self.counts) - set(self.values)
        if unvalued:
            raise InvalidArgumentError(f"tile set counts: {''.join(sorted(unvalued))} have no value")

    def _is_tile(self, tile: object) -> bool:
        if self.alphabet is not None:
            return isinstance(tile, str) and len(tile) == 1 and tile in self.alphabet.codes
        return isinstance(tile, str) and is_tile_letter(tile) and tile == tile.upper()

    @cached_property
    def tile_alphabet(self) -> Alphabet:
        """The alphabet of these tiles: the one given, else the valued letters in order."""
        if self.alphabet is not None:
            return self.alphabet
        return Alphabet.from_letters(sorted(tile for tile in self.values if tile != BLANK))

    def value(self, tile: str) -> int:
        """Points for a tile (an internal code point): a blank (``?`` or a lower-case letter)
        scores 0; an unknown tile raises InvalidArgumentError."""
        require_type(tile, str, "a tile")
        if tile == BLANK or (tile.isalpha() and tile.islower()):
            return 0
        try:
            return self.values[tile]
        except KeyError:
            raise InvalidArgumentError(f"no value for tile {tile!r} in this tile set") from None

    def holds(self, tile: str) -> bool:
        """Whether ``tile`` (an upper-case letter, or ``?``) belongs to this tile set."""
        return isinstance(tile, str) and (tile in self.values or tile == BLANK)

    def check_tiles(self, tiles: Iterable[str], what: str) -> None:
        """Raise InvalidArgumentError naming the first of ``tiles`` (rack tiles or board tiles;
        a lower-case letter is a blank standing for that letter) outside this tile set."""
        for tile in require_items(tiles, what):
            require_type(tile, str, "a tile")
            if not self.holds(tile.upper() if tile != BLANK else tile):
                alphabet = self.tile_alphabet
                letters = alphabet.format_codes("".join(self.tiles))
                shown = alphabet.format_codes(tile) if tile.upper() in alphabet.codes else tile
                raise InvalidArgumentError(
                    f"{what}: {shown!r} is not a tile of this tile set ({letters} and '?')"
                )

    def full_bag(self) -> list[str]:
        """Every tile of a full bag, sorted (blanks as ``?``)."""
        return sorted(tile for tile, count in self.counts.items() for _ in range(count))

    @property
    def letters(self) -> str:
        """The letters (not the blank) that have values, sorted (for one-letter tiles; see
        :attr:`tiles` when a tile may be several characters)."""
        return "".join(sorted(tile for tile in self.values if tile != BLANK))

    @property
    def tiles(self) -> tuple[str, ...]:
        """The tiles (internal code points, not the blank) that have values, in the
        alphabet's order."""
        return tuple(code for code in self.tile_alphabet.codes if code in self.values)

    def show(self, codes: str) -> str:
        """Tiles given as internal code points, in notation for people and files (``[L·L]``
        brackets; English unchanged): see :meth:`Alphabet.format_codes`."""
        return self.tile_alphabet.format_codes(codes)

    @property
    def is_plain_english(self) -> bool:
        """Whether every tile is one letter of A-Z (English lists, racks and saves are read
        and written as they always have been)."""
        alphabet = self.tile_alphabet
        return alphabet.is_identity and alphabet.codes.isascii()

    @property
    def widest_tile(self) -> int:
        """The most characters one tile takes written (``L·L``: 3; English: 1), the column
        width that keeps a drawn board aligned."""
        written = self.tile_alphabet.written
        return max((len(written(tile)) for tile in self.tiles), default=1)

    def parse_rack(self, text: str) -> Rack:
        """A rack typed by a user or read from a file: English-letter tile sets read it as
        :meth:`Rack.parse` always has (any case); others in the alphabet's notation, where a
        lower-case form is a blank (``[L·L]A?``)."""
        return Rack.parse(text) if self.is_plain_english else Rack.parse(text, self.tile_alphabet)

    def lexicon_encoding(self, digraphs: Digraphs = "longest") -> TileEncoding | None:
        """How to read a word list for these tiles (``load_lexicon(..., tiles=)``): None for
        tiles all in A-Z (English lists load as they always have), else the alphabet's
        encoding, which folds case by the alphabet, stores one code point a tile and reports
        a word with a character outside the alphabet by line."""
        return None if self.is_plain_english else self.tile_alphabet.encoding(digraphs)

    def read(self, text: str) -> str:
        """Tiles written in notation (``[L·L]A?[ny]``) as internal code points, case kept
        (a lower-case form is a designated blank).  InvalidArgumentError naming what is not a
        tile; English text is read as it is."""
        require_type(text, str, "tiles")
        alphabet = self.tile_alphabet
        if alphabet.is_identity:
            return text
        return alphabet.parse_codes(text)


STANDARD_ENGLISH = TileSet(
    values={tile: value for tile, (value, _) in _ENGLISH.items()},
    counts={tile: count for tile, (_, count) in _ENGLISH.items()},
    alphabet=Alphabet.from_letters("ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
)


def tile_set_of(distribution: Distribution) -> TileSet:
    """The tile set of a distribution read from CSV (see
    :mod:`wordgames.scrabble.core.distributions`), keyed by the alphabet's internal code
    points."""
    code = distribution.alphabet.code
    return TileSet(
        {code(tile): value for tile, value in distribution.values.items()},
        {code(tile): count for tile, count in distribution.counts.items()},
        distribution.alphabet,
    )


class _NamedTileSets(Mapping[str, TileSet]):
    """The shipped distributions by name, each read on first use (``english`` is
    :data:`STANDARD_ENGLISH` itself)."""

    def __getitem__(self, name: str) -> TileSet:
        if name not in distribution_names():
            raise KeyError(name)
        return _named_tile_set(name)

    def __iter__(self) -> Iterator[str]:
        return iter(distribution_names())

    def __len__(self) -> int:
        return len(distribution_names())


@cache
def _named_tile_set(name: str) -> TileSet:
    distribution = named_distribution(name)
    assert distribution is not None
    return STANDARD_ENGLISH if name == "english" else tile_set_of(distribution)


TILE_DISTRIBUTIONS: Mapping[str, TileSet] = _NamedTileSets()
"""Tile sets by the names other programs give them (CGP ``ld``, GCG ``#tile-distribution``):
every distribution shipped in ``wordgames/scrabble/core/distributions/``."""


def tile_set_named(name: str) -> TileSet | None:
    """The tile set a distribution name names (any case; ``English-Super`` is
    ``english_super``), or None."""
    return TILE_DISTRIBUTIONS.get(canonical_name(name))


def read_tile_file(path: str | os.PathLike[str]) -> TileSet:
    """A tile set from a file of any supported form: distribution CSV (a ``.csv`` name, or
    commas in the text), else a FIT1045 scores file or USC tile bag (:func:`read_tile_set`)."""
    file = Path(path)
    if file.suffix.lower() == ".csv":
        return tile_set_of(read_distribution(file))
    text = read_text_file(file, "tile file", limit=MAX_SMALL_FILE_BYTES)
    if "," in text:
        return tile_set_of(parse_distribution(text, str(file)))
    return read_tile_set(file)


def tile_set_from_source(source: str) -> TileSet:
    """The tile set ``NAME|PATH`` gives (``--tile-distribution``): a shipped distribution's
    name (a name wins over a file of that name in the working folder: write ``./french``),
    else a file read by :func:`read_tile_file`.  FormatError naming the known names when
    ``source`` is neither."""
    require_type(source, str, "a tile distribution")
    named = tile_set_named(source)
    if named is not None:
        return named
    if not Path(source).exists() and "/" not in source and "." not in source:
        raise FormatError(
            f"{source!r} is neither a tile distribution ({', '.join(distribution_names())}) nor a file"
        )
    return read_tile_file(source)


def distribution_name(tile_set: TileSet) -> str | None:
    """The distribution name of ``tile_set`` when it is a named one, else None."""
    return next((name for name, named in TILE_DISTRIBUTIONS.items() if named == tile_set), None)


def _data_lines(path: Path) -> list[tuple[int, list[str]]]:
    text = read_text_file(path, "tile file", limit=MAX_SMALL_FILE_BYTES)
    return [(number, line.split()) for number, line in enumerate(text.splitlines(), 1) if line.strip()]


def read_tile_set(path: str | os.PathLike[str]) -> TileSet:
    """Read letter values from a FIT1045 scores file (``LETTER VALUE`` per line) or a USC tile
    bag (``letter points count`` per line, ``?`` for the blank); the format is recognised by
    the number of fields.  Raises FormatError naming the file and line."""
    file = checked_path(path, "tile file")
    values: dict[str, int] = {}
    counts: dict[str, int] = {}
    widths = set()
    for number, fields in _data_lines(file):
        widths.add(len(fields))
        if len(fields) not in (2, 3) or len(widths) > 1:
            raise FormatError(
                f"{file}:{number}: expected 'LETTER VALUE' or 'letter points count' lines"
            )
        tile = fields[0].upper() if is_tile_letter(fields[0]) else fields[0]
        if tile != BLANK and not is_tile_letter(tile):
            raise FormatError(f"{file}:{number}: {fields[0]!r} is not a letter or '?'")
        try:
            numbers = [int(item) for item in fields[1:]]
        except ValueError:
            raise FormatError(f"{file}:{number}: values must be whole numbers") from None
        if any(item < 0 for item in numbers):
            raise FormatError(f"{file}:{number}: values must not be negative")
        if numbers[0] > MAX_TILE_VALUE or (len(numbers) == 2 and numbers[1] > MAX_TILE_COUNT):
            raise FormatError(
                f"{file}:{number}: at most {MAX_TILE_VALUE} points and {MAX_TILE_COUNT} copies a tile"
            )
        if tile in values:
            raise FormatError(f"{file}:{number}: {tile} is listed twice")
        values[tile] = numbers[0]
        if len(numbers) == 2:
            counts[tile] = numbers[1]
    if not values:
        raise FormatError(f"{file}: no tiles listed")
    values.setdefault(BLANK, 0)
    return TileSet(values, counts)


def _bag_tile(tile: object) -> str:
    if tile != BLANK and not is_tile(tile):
        raise InvalidArgumentError(f"{tile!r} is not a tile (a letter or '?')")
    assert isinstance(tile, str)
    return tile if tile == BLANK else tile.upper()


class Bag:
    """The tiles not yet drawn.  Draws are random from a seeded generator, or, with
    ``fixed_order``, in the order given (FIT1045's ``tiles.txt``)."""

    def __init__(
        self, tiles: Iterable[str], seed: int | None = None, *, fixed_order: bool = False
    ) -> None:
        if seed is not None:
            require_type(seed, int, "a seed")
        self._tiles = [_bag_tile(tile) for tile in require_items(tiles, "the tiles of a bag")]
        self.fixed_order = fixed_order
        self._random = random.Random(seed)

    @classmethod
    def full(cls, tile_set: TileSet, seed: int | None = None) -> Bag:
        """A full bag of ``tile_set`` drawn at random with ``seed``."""
        require_type(tile_set, TileSet, "tile_set")
        if not tile_set.counts:
            raise InvalidArgumentError("this tile set has no tile counts to fill a bag")
        return cls(tile_set.full_bag(), seed)

    @classmethod
    def from_deal_file(cls, path: str | os.PathLike[str]) -> Bag:
        """A bag dealt in file order from a FIT1045 ``tiles.txt`` (one tile a line)."""
        tiles = [fields[0] for _, fields in _data_lines(checked_path(path, "deal file"))]
        for tile in tiles:
            if tile != BLANK and not is_tile_letter(tile):
                raise FormatError(f"{path}: {tile!r} is not a tile")
        return cls(tiles, fixed_order=True)

    def draw(self, count: int) -> list[str]:
        """Remove and return up to ``count`` tiles (fewer when the bag runs out)."""
        require_int(count, "the number of tiles to draw", 0)
        drawn = []
        for _ in range(min(count, len(self._tiles))):
            index = 0 if self.fixed_order else self._random.randrange(len(self._tiles))
            drawn.append(self._tiles.pop(index))
        return drawn

    def put_back(self, tiles: Iterable[str]) -> None:
        """Return tiles to the bag (a fixed-order bag gets them at the end)."""
        self._tiles.extend(map(rack_tile, require_items(tiles, "the tiles to put back")))

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


def _rack_tile_checked(tile: str) -> str:
    require_type(tile, str, "a tile")
    return rack_tile(tile)


class Rack:
    """A player's tiles as a multiset of upper-case letters and ``?`` blanks."""

    def __init__(self, tiles: Iterable[str] = ()) -> None:
        self._tiles: Counter[str] = Counter()
        self.add(tiles)

    @classmethod
    def parse(cls, text: str, alphabet: Alphabet | None = None) -> Rack:
        """A rack from text such as ``"AEIN?ST"`` (any case; ``?`` or ``_`` is a blank).
        Raises InvalidArgumentError for a character that is not a tile letter (see
        :func:`is_tile_letter`) or more than MAX_HAND_SIZE tiles; whether the tiles fit a
        rule set's tile set and hand size is the rule set's check.  With an ``alphabet``,
        the text is read in its notation (``"[L·L]AQU?"``: see :meth:`Alphabet.parse`) into
        the alphabet's internal code points, and a lower-case form is a blank."""
        require_type(text, str, "a rack")
        stripped = text.strip()
        shown = text if len(text) <= 40 else text[:40] + "..."
        if alphabet is not None:
            require_type(alphabet, Alphabet, "an alphabet")
            try:
                forms = alphabet.parse(stripped)
            except InvalidArgumentError as error:
                raise InvalidArgumentError(f"bad rack {shown!r}: {error}") from None
            if len(forms) > MAX_HAND_SIZE:
                raise InvalidArgumentError(
                    f"bad rack {shown!r}: {len(forms)} tiles; a rack holds at most {MAX_HAND_SIZE}"
                )
            return cls(BLANK if alphabet.is_designated_blank(form) else alphabet.code(form) for form in forms)
        if len(stripped) > MAX_HAND_SIZE:
            raise InvalidArgumentError(
                f"bad rack {shown!r}: {len(stripped)} tiles; a rack holds at most {MAX_HAND_SIZE}"
            )
        tiles = []
        for char in stripped:
            if char in "?_":
                tiles.append(BLANK)
            elif is_tile_letter(char):
                tiles.append(char.upper())
            else:
                raise InvalidArgumentError(f"bad rack {shown!r}: {char!r} is not a letter or '?'")
        return cls(tiles)

    def add(self, tiles: Iterable[str]) -> None:
        """Put tiles on the rack (a lower-case letter goes back as a blank).  Raises
        InvalidArgumentError for something that is not a tile."""
        for tile in require_items(tiles, "the tiles to add"):
            if tile != BLANK and not is_tile(tile):
                raise InvalidArgumentError(f"{tile!r} is not a tile (a letter or '?')")
            self._tiles[rack_tile(tile)] += 1

    def remove(self, tiles: Iterable[str]) -> None:
        """Take tiles off the rack; a lower-case letter takes a blank.  Raises GameError
        naming the missing tiles and changes nothing when the rack does not hold them all."""
        needed = Counter(map(_rack_tile_checked, require_items(tiles, "the tiles to remove")))
        missing = needed - self._tiles
        if missing:
            raise GameError(f"the rack {self} does not hold {''.join(sorted(missing.elements()))}")
        self._tiles -= needed

    def can_supply(self, tiles: Iterable[str]) -> bool:
        """Whether the rack holds all of ``tiles`` (lower-case letters need blanks)."""
        needed = Counter(map(_rack_tile_checked, require_items(tiles, "the tiles")))
        return not needed - self._tiles

    def count(self, tile: str) -> int:
        """How many of ``tile`` the rack holds."""
        require_type(tile, str, "a tile")
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

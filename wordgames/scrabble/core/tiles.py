"""Tile sets: tile values and distributions, by name and from tile files.

Inside the engine a tile is its number in the tile set's alphabet (see
:mod:`wordgames.lexicon.alphabet`): a blank on a rack or in a bag is 0, and a blank played as
tile ``n`` is ``n | BLANK_BIT``.  At the edges a blank is written ``?`` on a rack and in a bag;
once played it is written as its tile's lower-case form.  Blanks score 0.  The tiles players
hold and draw are :mod:`~wordgames.scrabble.core.rack` and :mod:`~wordgames.scrabble.core.bag`.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import cast

from wordgames.errors import FormatError, InvalidArgumentError, InvalidArgumentTypeError
from wordgames.lexicon.alphabet import BLANK_BIT, BLANK_NUMBER, ENGLISH, Alphabet
from wordgames.lexicon.encoding import TileEncoding
from wordgames.lexicon.tiles import Digraphs
from wordgames.limits import MAX_SMALL_FILE_BYTES, MAX_TILE_COUNT, MAX_TILE_VALUE
from wordgames.scrabble.core.checks import require_int, require_numbers, require_tiles, require_type
from wordgames.scrabble.core.distributions import (
    Distribution,
    canonical_name,
    distribution_names,
    named_distribution,
    parse_distribution,
    read_distribution,
)
from wordgames.scrabble.core.rack import Rack
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
    """Tile values and how many of each tile a full bag holds (``?`` is the blank).

    ``values`` and ``counts`` are keyed by how tiles are written (upper-case forms: ``A``,
    ``L·L``).  ``counts`` may be empty when only values are known (FIT1045 ``scores.txt``).
    The ``alphabet`` numbers the tiles (the numbers the engine works in); without one, each
    tile is one letter (see :func:`is_tile_letter`) and the alphabet is the valued letters in
    code point order.  Tile sets are equal when their values and counts are.

    Inside the engine a tile is its number: :attr:`number_values` and :attr:`number_counts`
    are indexed by tile number (index 0, :data:`~wordgames.lexicon.alphabet.BLANK`, is the
    blank).
    """

    values: Mapping[str, int]
    counts: Mapping[str, int] = field(default_factory=dict)
    alphabet: Alphabet = field(default=None, compare=False)  # type: ignore[assignment]
    number_values: tuple[int, ...] = field(init=False, compare=False, repr=False)
    """Each tile's points by tile number; index 0 is the blank (0)."""
    number_counts: tuple[int, ...] = field(init=False, compare=False, repr=False)
    """Copies in a full bag by tile number; index 0 is the blanks."""

    def __post_init__(self) -> None:
        if self.alphabet is not None and not isinstance(self.alphabet, Alphabet):
            raise InvalidArgumentTypeError("a tile set's alphabet must be an Alphabet")
        for name, table in (("values", self.values), ("counts", self.counts)):
            if not isinstance(table, Mapping):
                raise InvalidArgumentTypeError(f"tile set {name} must be a mapping of tile to number")
        if cast("Alphabet | None", self.alphabet) is None:  # none given: the valued letters
            letters = [tile for tile in self.values if tile != BLANK]
            for tile in letters:
                if not (isinstance(tile, str) and is_tile_letter(tile) and tile == tile.upper()):
                    raise InvalidArgumentError(
                        f"tile set values: {tile!r} is not an upper-case tile letter or '?'"
                    )
            try:
                alphabet = Alphabet.from_letters(sorted(letters))
            except InvalidArgumentError as error:
                raise InvalidArgumentError(f"tile set values: {error}") from None
            object.__setattr__(self, "alphabet", alphabet)
        alphabet = self.alphabet
        for name, table, most in (("values", self.values, MAX_TILE_VALUE),
                                  ("counts", self.counts, MAX_TILE_COUNT)):
            for tile, number in table.items():
                if tile != BLANK and not (isinstance(tile, str) and tile in alphabet.tiles):
                    raise InvalidArgumentError(
                        f"tile set {name}: {tile!r} is not an upper-case tile of the alphabet or '?'"
                    )
                if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number <= most:
                    raise InvalidArgumentError(
                        f"tile set {name}: {tile} has {number!r}; expected a whole number from 0 to {most}"
                    )
        unvalued = set(self.counts) - set(self.values)
        if unvalued:
            raise InvalidArgumentError(f"tile set counts: {''.join(sorted(unvalued))} have no value")
        values = [self.values.get(BLANK, 0)] + [self.values.get(tile, 0) for tile in alphabet.tiles]
        counts = [self.counts.get(BLANK, 0)] + [self.counts.get(tile, 0) for tile in alphabet.tiles]
        object.__setattr__(self, "number_values", tuple(values))
        object.__setattr__(self, "number_counts", tuple(counts))

    def value(self, tile: str) -> int:
        """Points for a tile written in either case: a blank (``?``, or a tile's lower-case
        form: a played blank) scores 0; an unknown tile raises InvalidArgumentError."""
        require_type(tile, str, "a tile")
        if tile == BLANK:
            return 0
        alphabet = self.alphabet
        if tile not in alphabet:
            if tile in self.values:
                return self.values[tile]
            raise InvalidArgumentError(f"no value for tile {tile!r} in this tile set")
        if alphabet.is_designated_blank(tile):
            return 0
        number = alphabet.number(tile)
        if alphabet.tile(number) not in self.values:
            raise InvalidArgumentError(f"no value for tile {tile!r} in this tile set")
        return self.number_values[number]

    def value_of(self, number: int) -> int:
        """Points for a tile number (a played blank, ``n | BLANK_BIT``, and the blank score
        0).  InvalidArgumentError for a number that is not a tile of the alphabet.  Cost:
        O(1)."""
        require_int(number, "a tile number", 0, 255)
        if number & BLANK_BIT:
            if number & ~BLANK_BIT > len(self.alphabet):
                raise InvalidArgumentError(f"{number} is not a tile number of the tile set")
            return 0
        if number >= len(self.number_values):
            raise InvalidArgumentError(f"{number} is not a tile number of the tile set")
        return self.number_values[number]

    def holds(self, tile: str) -> bool:
        """Whether ``tile`` (an upper-case tile, or ``?``) belongs to this tile set."""
        return isinstance(tile, str) and (tile in self.values or tile == BLANK)

    def holds_number(self, number: int) -> bool:
        """Whether tile number ``number`` (0 the blank) has a value in this tile set."""
        require_int(number, "a tile number")
        if number == 0:
            return True
        return 0 < number <= len(self.alphabet) and self.alphabet.tiles[number - 1] in self.values

    def check_tiles(self, tiles: Iterable[str], what: str) -> None:
        """Raise InvalidArgumentError naming the first of ``tiles`` (rack tiles or board tiles;
        a lower-case form is a blank standing for that tile) outside this tile set."""
        alphabet = self.alphabet
        for tile in require_tiles(tiles, what):
            require_type(tile, str, "a tile")
            upper = alphabet.upper(tile) if tile in alphabet else tile
            if not self.holds(upper):
                letters = alphabet.format(self.tiles)
                raise InvalidArgumentError(
                    f"{what}: {tile!r} is not a tile of this tile set ({letters} and '?')"
                )

    def full_bag(self) -> list[str]:
        """Every tile of a full bag (blanks as ``?``): the blanks, then the tiles in tile
        order (the order a seeded bag is shuffled from)."""
        return [self.alphabet.written(number) for number in self.full_bag_numbers()]

    def full_bag_numbers(self) -> list[int]:
        """Every tile of a full bag as tile numbers: the blanks (0), then the tiles in tile
        order."""
        counts = self.number_counts
        return [number for number in range(len(counts)) for _ in range(counts[number])]

    @property
    def letters(self) -> str:
        """The tiles (not the blank) that have values, in tile order, written one after the
        other (one-letter tiles: see :attr:`tiles` when a tile may be several characters)."""
        return "".join(self.tiles)

    @property
    def tiles(self) -> tuple[str, ...]:
        """The tiles (upper-case forms, not the blank) that have values, in tile order."""
        return tuple(tile for tile in self.alphabet.tiles if tile in self.values)

    def format(self, numbers: Iterable[int]) -> str:
        """Tile numbers in notation for people and files (``[L·L]`` brackets; English
        unchanged): see :meth:`Alphabet.format_tiles`."""
        return self.alphabet.format_tiles(require_numbers(numbers, "tile numbers"))

    def show(self, text: str) -> str:
        """Written tiles (a word or a rack as the engine's text views give them: ``COL·LEGI``,
        ``CE?A``) in notation, bracketed where a multi-character tile needs it (English text
        is returned as it is).  Cost: O(len(text))."""
        require_type(text, str, "tiles")
        if self.alphabet.is_single_character:
            return text
        return self.alphabet.format(self.alphabet.parse(text))

    @property
    def is_plain_english(self) -> bool:
        """Whether every tile is one letter of A-Z (English lists, racks and saves are read
        and written as they always have been)."""
        return self.alphabet.is_ascii_letters

    @property
    def widest_tile(self) -> int:
        """The most characters one tile takes written (``L·L``: 3; English: 1), the column
        width that keeps a drawn board aligned."""
        return max((len(tile) for tile in self.tiles), default=1)

    def parse_rack(self, text: str) -> Rack:
        """A rack typed by a user or read from a file: English-letter tile sets read it as
        :meth:`Rack.parse` always has (any case); others in the alphabet's notation, where a
        lower-case form is a blank (``[L·L]A?``)."""
        return Rack.parse(text, None if self.is_plain_english else self.alphabet, self.alphabet)

    def lexicon_encoding(self, digraphs: Digraphs = "longest") -> TileEncoding | None:
        """How to read a word list for these tiles (``load_lexicon(..., tiles=)``): None for
        tiles all in A-Z (English lists load as they always have, over their own letters),
        else the alphabet's encoding, which folds case by the alphabet, stores each word as
        tile numbers and reports a word with a character outside the alphabet by line."""
        return None if self.is_plain_english else TileEncoding(self.alphabet, digraphs)

    def parse_tiles(self, text: str) -> bytes:
        """Tiles written in notation (``[L·L]A?[ny]``) as tile numbers (a lower-case form is a
        played blank, ``n | BLANK_BIT``; ``?`` is 0).  English text is read one letter a tile,
        any case being a tile.  InvalidArgumentError naming what is not a tile."""
        require_type(text, str, "tiles")
        if self.is_plain_english:
            return self.alphabet.encode_word(text) if BLANK not in text else bytes(
                BLANK_NUMBER if char == BLANK else self.alphabet.number(char.upper()) for char in text
            )
        return self.alphabet.parse_tiles(text)


STANDARD_ENGLISH = TileSet(
    values={tile: value for tile, (value, _) in _ENGLISH.items()},
    counts={tile: count for tile, (_, count) in _ENGLISH.items()},
    alphabet=ENGLISH,
)


def tile_set_of(distribution: Distribution) -> TileSet:
    """The tile set of a distribution read from CSV (see
    :mod:`wordgames.scrabble.core.distributions`)."""
    return TileSet(dict(distribution.values), dict(distribution.counts), distribution.alphabet)


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

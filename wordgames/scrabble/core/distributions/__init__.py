"""Tile distributions as data: the CSV form, and the distributions wordgames ships.

A distribution file is UTF-8 CSV with one row a tile, in tile-number order, and the columns
``letter,lowercase,count,points,is_vowel`` (the form MAGPIE uses)::

    # Catalan: ... (a line starting with '#' is a comment: the shipped files cite their edition)
    letter,lowercase,count,points,is_vowel      (this header is optional)
    ?,?,2,0,0                                  (the blank: '?', 0 points; optional, 0 blanks then)
    A,a,12,1,1
    L·L,l·l,1,10,0                             (a multi-character tile)

``letter`` is the tile as written in upper case, ``lowercase`` how a blank designated as it
is written; ``count`` copies in a full bag (0 allowed: a tile only blanks can stand for),
``points`` its value, ``is_vowel`` 0 or 1.  Limits, checked as the file is read: at most
MAX_SMALL_FILE_BYTES bytes, MAX_ALPHABET_TILES tiles, MAX_TILE_COUNT copies and
MAX_TILE_VALUE points a tile.  Errors are FormatError naming the file and line.

The shipped files sit beside this module, one per name (``english``, ``french``,
``catalan``...); :func:`named_distribution` reads them.  :mod:`wordgames.scrabble.core.tiles`
turns a :class:`Distribution` into a ``TileSet``.
"""

from __future__ import annotations

import csv
import os
from dataclasses import dataclass
from functools import cache
from importlib import resources

from wordgames.errors import FormatError, InvalidArgumentError
from wordgames.lexicon.alphabet import BLANK_TEXT as BLANK
from wordgames.lexicon.alphabet import MAX_ALPHABET_TILES, Alphabet
from wordgames.limits import MAX_SMALL_FILE_BYTES, MAX_TILE_COUNT, MAX_TILE_VALUE
from wordgames.textfiles import read_text_file

HEADER = ("letter", "lowercase", "count", "points", "is_vowel")


@dataclass(frozen=True)
class Distribution:
    """A tile distribution: its alphabet, each tile's points and copies (``?`` the blank)."""

    alphabet: Alphabet
    values: dict[str, int]
    counts: dict[str, int]


def _number(field: str, most: int, what: str, where: str) -> int:
    text = field.strip()
    if not text.isascii() or not text.isdigit() or int(text) > most:
        raise FormatError(f"{where}: {what} must be a whole number from 0 to {most}, not {field!r}")
    return int(text)


def parse_distribution(text: str, source: str = "<distribution>") -> Distribution:
    """Read distribution CSV text (see module docstring); ``source`` names it in errors.
    Cost: linear in the text."""
    if len(text) > MAX_SMALL_FILE_BYTES:
        raise FormatError(
            f"{source}: a tile distribution may hold at most {MAX_SMALL_FILE_BYTES:,} characters"
        )
    tiles: list[str] = []
    lowers: list[str] = []
    vowels: list[str] = []
    values: dict[str, int] = {}
    counts: dict[str, int] = {}
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        where = f"{source}:{number}"
        # One row a line: a quote left open never swallows the next line.
        fields = [field.strip() for field in next(csv.reader([line]))]
        if tuple(field.lower() for field in fields) == HEADER and not tiles and not counts:
            continue
        if len(fields) != len(HEADER):
            raise FormatError(f"{where}: expected the {len(HEADER)} fields {','.join(HEADER)}")
        letter, lower, count, points, vowel = fields
        if vowel not in ("0", "1"):
            raise FormatError(f"{where}: is_vowel must be 0 or 1, not {vowel!r}")
        copies = _number(count, MAX_TILE_COUNT, "count", where)
        value = _number(points, MAX_TILE_VALUE, "points", where)
        if letter in values or (letter == BLANK and BLANK in counts):
            raise FormatError(f"{where}: {letter!r} is listed twice")
        if letter == BLANK:
            if lower != BLANK or value != 0 or vowel != "0":
                raise FormatError(f"{where}: the blank is written '?,?,COUNT,0,0'")
            counts[BLANK] = copies
            continue
        if len(tiles) == MAX_ALPHABET_TILES:
            raise FormatError(f"{where}: a distribution has at most {MAX_ALPHABET_TILES} tiles")
        tiles.append(letter)
        lowers.append(lower)
        if vowel == "1":
            vowels.append(letter)
        values[letter] = value
        counts[letter] = copies
        try:  # checks this tile's forms now, so the error names its line
            Alphabet(tiles, lowers)
        except InvalidArgumentError as error:
            raise FormatError(f"{where}: {error}") from None
    if not tiles:
        raise FormatError(f"{source}: no tiles listed")
    values[BLANK] = 0
    counts.setdefault(BLANK, 0)
    return Distribution(Alphabet(tiles, lowers, vowels), values, counts)


def read_distribution(path: str | os.PathLike[str]) -> Distribution:
    """Read a distribution CSV file (see module docstring)."""
    text = read_text_file(path, "tile distribution", limit=MAX_SMALL_FILE_BYTES)
    return parse_distribution(text, str(path))


def _shipped() -> dict[str, resources.abc.Traversable]:
    # Read through importlib.resources, so the files are found inside a wheel or a zip too.
    folder = resources.files(__name__)
    return {entry.name[: -len(".csv")]: entry for entry in folder.iterdir() if entry.name.endswith(".csv")}


@cache
def distribution_names() -> tuple[str, ...]:
    """The names of the shipped distributions, sorted."""
    return tuple(sorted(_shipped()))


def canonical_name(name: str) -> str:
    """A distribution name as the files spell it: lower case, ``-`` and spaces as ``_``
    (``English-Super`` -> ``english_super``)."""
    return "_".join(name.strip().lower().replace("-", " ").split())


@cache
def named_distribution(name: str) -> Distribution | None:
    """The shipped distribution called ``name`` (any case, see :func:`canonical_name`), or
    None.  Each file is read once per process."""
    entry = _shipped().get(canonical_name(name))
    return None if entry is None else parse_distribution(entry.read_text(encoding="utf-8"), entry.name)

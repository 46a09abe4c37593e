"""The leave table: a value, in points, for every multiset of tiles a rack can keep.

Tiles are numbered as in KLV2 files: 0 is the blank (``?``), ``n`` is ``alphabet[n - 1]``.
A leave is identified by its *multiset code*, the sum of one weight per tile, where tile
``n`` weighs ``2 ** (CODE_BITS * n)``: each tile's count sits in its own 5-bit field.  The code
is additive, so the leave of a move is the rack's code minus the codes of the tiles it
plays: no string is built or sorted per move, and the lookup is one dict probe (O(1)).

Leaves hold at most :data:`MAX_LEAVE_TILES` tiles (a field holds counts up to 31, and a rack at
most MAX_HAND_SIZE tiles, so a leave at most one fewer), which keeps the codes unique.
"""

from __future__ import annotations

import math
import os
from collections.abc import Iterable, Iterator, Mapping, Sequence

from wordgames.errors import FormatError, InvalidArgumentError, InvalidArgumentTypeError
from wordgames.lexicon.alphabet import ENGLISH, Alphabet
from wordgames.limits import MAX_LEAVE_TILES, MAX_TABLE_LEAVES
from wordgames.scrabble.core.checks import require_int, require_type
from wordgames.scrabble.core.tiles import BLANK, TileSet
from wordgames.textfiles import read_file_bytes

CODE_BITS = 5
FIELD_MASK = (1 << CODE_BITS) - 1

Tiles = tuple[int, ...]


def check_alphabet(alphabet: object) -> Alphabet:
    """``alphabet`` as an :class:`Alphabet`: one already, or a string of distinct upper-case
    letters (not ``?``), one a tile; else InvalidArgumentTypeError/InvalidArgumentError."""
    if isinstance(alphabet, Alphabet):
        return alphabet
    if not isinstance(alphabet, str):
        raise InvalidArgumentTypeError(
            f"an alphabet must be a string or an Alphabet, not {type(alphabet).__name__}"
        )
    if not alphabet or len(set(alphabet)) != len(alphabet):
        raise InvalidArgumentError("an alphabet holds 1 to 63 distinct letters")
    if BLANK in alphabet or not alphabet.isupper():
        raise InvalidArgumentError(f"an alphabet's letters are upper-case letters, not {alphabet!r}")
    if alphabet == "".join(ENGLISH.tiles):
        return ENGLISH
    return Alphabet.from_letters(alphabet)


def alphabet_of(tile_set: TileSet) -> Alphabet:
    """The KLV2 alphabet of a tile set: English tile sets use wolges' and MAGPIE's A..Z
    numbering; others their own tile numbers (the order of the distribution's rows, as MAGPIE
    numbers them)."""
    tiles = tile_set.tiles
    return ENGLISH if set(tiles) <= set(ENGLISH.tiles) else tile_set.alphabet


class LeaveTable:
    """Leave values looked up by multiset code (see the module docstring).

    Build one with :meth:`from_leaves` (tile tuples) or :meth:`from_texts` (``"?ES"``); read
    and write them with :mod:`~wordgames.scrabble.leaves.klv2` and
    :mod:`~wordgames.scrabble.leaves.csvfile`.  A leave the table does not hold is worth
    ``missing`` (0.0 by default) when looked up by code.
    """

    def __init__(self, alphabet: Alphabet | str, values: dict[int, float], missing: float = 0.0) -> None:
        self.alphabet = check_alphabet(alphabet)
        require_type(values, dict, "the values")
        if isinstance(missing, bool) or not isinstance(missing, (int, float)) or not math.isfinite(missing):
            raise InvalidArgumentError(f"missing must be a finite number, not {missing!r:.40}")
        self.values = values
        self.missing = float(missing)
        self.weights: dict[str, int] = {BLANK: 1}
        for number, tile in enumerate(self.alphabet.tiles, 1):
            self.weights[tile] = 1 << (CODE_BITS * number)
            lower = self.alphabet.lower_forms[number - 1]
            if lower is not None:
                self.weights[lower] = 1  # a played blank comes back to the rack as '?'

    # --- building -------------------------------------------------------------------------

    @classmethod
    def from_leaves(
        cls, alphabet: Alphabet | str, leaves: Iterable[tuple[Sequence[int], float]]
    ) -> LeaveTable:
        """A table from (tile numbers, value) pairs; FormatError for a tile outside the
        alphabet, a leave longer than MAX_LEAVE_TILES, a value that is not finite, a repeated
        leave or more than MAX_TABLE_LEAVES leaves.  Cost: O(tiles of all leaves)."""
        alphabet = check_alphabet(alphabet)
        values: dict[int, float] = {}
        require_type(leaves, Iterable, "the leaves")
        for entry in leaves:
            if not isinstance(entry, tuple) or len(entry) != 2 or not isinstance(entry[0], Sequence):
                raise InvalidArgumentTypeError(f"a leave is (tile numbers, value), not {entry!r:.40}")
            tiles, value = entry
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise InvalidArgumentTypeError(f"a leave's value is a number, not {value!r:.40}")
            if len(tiles) > MAX_LEAVE_TILES:
                raise FormatError(f"a leave of {len(tiles)} tiles (at most {MAX_LEAVE_TILES})")
            code = 0
            for tile in tiles:
                if isinstance(tile, bool) or not isinstance(tile, int) or not 0 <= tile <= len(alphabet):
                    raise FormatError(f"leave tile {tile} is not in the alphabet (0..{len(alphabet)})")
                code += 1 << (CODE_BITS * tile)
            if not math.isfinite(value):  # one NaN would make every equity comparison false
                raise FormatError(f"the leave {tiles_to_text(alphabet, tiles)}: {value} is not a finite "
                                  "number")
            if code in values:
                raise FormatError(f"the leave {tiles_to_text(alphabet, tiles)} is listed twice")
            values[code] = float(value)
            if len(values) > MAX_TABLE_LEAVES:
                raise FormatError(f"more than {MAX_TABLE_LEAVES} leaves")
        return LeaveTable(alphabet, values)  # not cls: a subclass keeps its values otherwise

    @classmethod
    def from_texts(cls, alphabet: Alphabet | str, leaves: Mapping[str, float]) -> LeaveTable:
        """A table from ``{"?ES": 25.1, ...}`` (``?`` a blank); FormatError for a letter
        outside the alphabet."""
        require_type(leaves, Mapping, "the leaves")
        checked = check_alphabet(alphabet)
        return cls.from_leaves(checked, ((text_to_tiles(checked, text), v) for text, v in leaves.items()))

    # --- lookups (the hot path) -----------------------------------------------------------

    def code(self, tiles: Iterable[str]) -> int:
        """The multiset code of rack tiles (letters, ``?``; lower case counts as a blank);
        InvalidArgumentError for a tile outside the alphabet.  O(len(tiles))."""
        try:
            return sum(map(self.weights.__getitem__, tiles))
        except KeyError as error:
            raise InvalidArgumentError(f"{error.args[0]!r} is not a tile of this leave table") from None
        except TypeError:  # not iterable, or an unhashable item
            raise InvalidArgumentTypeError(f"tiles must be a string or tiles, not {tiles!r:.40}") from None

    def value_of_code(self, code: int) -> float:
        """The value of the leave with multiset ``code``; O(1)."""
        try:
            return self.values.get(code, self.missing)
        except TypeError:  # unhashable
            raise InvalidArgumentTypeError(f"a leave code is a whole number, not {code!r:.40}") from None

    def value(self, tiles: Iterable[str]) -> float:
        """The value of keeping ``tiles`` (letters and ``?``)."""
        return self.value_of_code(self.code(tiles))

    @property
    def largest_leave(self) -> int | None:
        """The most tiles a leave of this table holds when its format bounds them (a ranked
        table's size), else None: then only a lookup tells."""
        return None

    def has_code(self, code: int) -> bool:
        """Whether the table holds the leave with this code."""
        return isinstance(code, int) and code in self.values

    def __contains__(self, tiles: object) -> bool:
        return isinstance(tiles, str) and self.has_code(self.code(tiles))

    def __len__(self) -> int:
        return len(self.values)

    def items(self) -> Iterator[tuple[int, float]]:
        """Every (code, value) the table holds, in no set order."""
        return iter(self.values.items())

    # --- listing --------------------------------------------------------------------------

    def tiles_of_code(self, code: int) -> Tiles:
        """The tile numbers of a code, in ascending order."""
        return tiles_of_code(code)

    def text_of_code(self, code: int) -> str:
        """The leave of a code as text, KLV2 order (``?`` first, then the alphabet)."""
        return tiles_to_text(self.alphabet, self.tiles_of_code(code))

    def sorted_leaves(self) -> list[tuple[Tiles, float]]:
        """Every (tiles, value) pair in KLV2 order (tile sequences in lexicographic order).
        Cost: a sort of the table."""
        return sorted((self.tiles_of_code(code), value) for code, value in self.items())

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, LeaveTable) and self.alphabet.tiles == other.alphabet.tiles
                and dict(self.items()) == dict(other.items()))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<LeaveTable {len(self)} leaves, alphabet {self.alphabet.format(self.alphabet.tiles)!r}>"


def tiles_to_text(alphabet: Alphabet | str, tiles: Iterable[int]) -> str:
    """Tile numbers as text (0 -> ``?``; multi-character tiles in notation)."""
    return check_alphabet(alphabet).format_tiles(tiles)


def text_to_tiles(alphabet: Alphabet | str, text: str) -> Tiles:
    """Text (``?`` or ``_`` a blank; one-letter tiles in any case, others in notation) as
    sorted tile numbers; FormatError for a character outside the alphabet."""
    checked = check_alphabet(alphabet)
    if checked.is_single_character:
        tiles = []
        for char in text:
            if char in "?_":
                tiles.append(0)
            elif char.upper() in checked.tiles:
                tiles.append(checked.number(char.upper()))
            else:
                raise FormatError(f"leave {text!r}: {char!r} is not a letter of the alphabet")
        return tuple(sorted(tiles))
    try:
        numbers = checked.parse_tiles(text)
    except InvalidArgumentError as error:
        raise FormatError(f"leave {text!r}: {error}") from None
    # Leaves are read in any case: a lower-case form is its tile (a blank is written '?').
    return tuple(sorted(number & 0x7F for number in numbers))


def table_of_file(alphabet: Alphabet | str, leaves: Iterable[tuple[Sequence[int], float]],
                  name: str) -> LeaveTable:
    """The table a leave file named ``name`` holds (:meth:`LeaveTable.from_leaves`, its
    errors naming the file); FormatError too for a file of no leaves, which would value every
    leave at 0 and is a wrong file, not a table.  A leave is not checked against a tile
    distribution: a table names tiles by an alphabet only and serves any bag of it (a custom
    bag may hold three blanks), so its bound is the longest leave, MAX_LEAVE_TILES.  Cost:
    that of from_leaves."""
    try:
        table = LeaveTable.from_leaves(alphabet, leaves)
    except FormatError as error:
        raise FormatError(f"{name}: {error}") from None
    if not table.values:
        raise FormatError(f"{name}: no leaves")
    return table


def distribution_bounds(alphabet: Alphabet | str, tile_set: TileSet) -> list[int]:
    """How many copies of each tile number a bag of ``tile_set`` holds (index 0: blanks)."""
    counts = tile_set.counts
    return [counts.get(BLANK, 0), *(counts.get(tile, 0) for tile in check_alphabet(alphabet).tiles)]


def enumerate_leaves(bounds: Sequence[int], max_size: int) -> Iterator[Tiles]:
    """Every multiset of at most ``max_size`` tiles with at most ``bounds[t]`` copies of
    tile ``t``, as ascending tile tuples in lexicographic order (the empty leave first):
    the order of a KLV2 file's values.  914,624 leaves (after the empty one) for English and
    six tiles; about a second."""
    if not 0 <= max_size <= MAX_LEAVE_TILES:
        raise InvalidArgumentError(f"a leave holds 0 to {MAX_LEAVE_TILES} tiles, not {max_size}")
    prefix: list[int] = []

    def walk(first: int, used: int) -> Iterator[Tiles]:
        yield tuple(prefix)
        if len(prefix) == max_size:
            return
        for tile in range(first, len(bounds)):
            count = used + 1 if prefix and prefix[-1] == tile else 1
            if count > bounds[tile]:
                continue
            prefix.append(tile)
            yield from walk(tile, count)
            prefix.pop()

    return walk(0, 0)


def tiles_of_code(code: int) -> Tiles:
    """The tile numbers of a multiset code, in ascending order; InvalidArgumentError for a
    code that is not a whole number >= 0 (a negative one has no end)."""
    require_int(code, "a leave code", 0)
    tiles: list[int] = []
    tile = 0
    while code:
        tiles.extend([tile] * (code & FIELD_MASK))
        code >>= CODE_BITS
        tile += 1
    return tuple(tiles)


def read_bounded(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of a leave file, FormatError when it is larger than ``limit``, is not a
    regular file or cannot be read (:func:`wordgames.textfiles.read_file_bytes`)."""
    return read_file_bytes(path, "leave table", limit=limit)


def code_of_tiles(tiles: Iterable[int]) -> int:
    """The multiset code of tile numbers."""
    return sum(1 << (CODE_BITS * tile) for tile in tiles)

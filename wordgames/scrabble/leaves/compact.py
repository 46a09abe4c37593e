"""A compact leave file for tables that hold every leave of a tile distribution (the shipped
table): a header line, then the values in :func:`~wordgames.scrabble.leaves.table.enumerate_leaves`
order as zlib-compressed little-endian int16 hundredths of a point.

The leaves themselves (and the empty leave, worth 0) are not stored: the header gives the
alphabet, each tile's bound and the largest leave, from which a leave's position is computed
when it is looked up (:class:`LeaveIndex`).  An English table is about 1.1 MB (KLV2: 3.7 MB)
and loads without decoding a graph or building a table of all leaves.  Values are rounded
to 0.01 point and lie
within +-327.67 points.
"""

from __future__ import annotations

import json
import os
import sys
import zlib
from array import array
from collections.abc import Iterator, Sequence

from wordgames.atomic import write_bytes_atomically
from wordgames.errors import FormatError, InvalidArgumentTypeError
from wordgames.lexicon.alphabet import Alphabet
from wordgames.limits import MAX_COMPACT_LEAVES_BYTES, MAX_LEAVE_TILES, MAX_TABLE_LEAVES
from wordgames.scrabble.leaves.table import CODE_BITS, LeaveTable, check_alphabet, read_bounded
from wordgames.textfiles import parse_json

MAGIC = b"wordgames-leaves 1\n"
SCALE = 100
_MAX_SCALE = 1_000_000
"""The largest scale a header may give (values are stored times the scale; 100 is written)."""


def enumerate_codes(bounds: Sequence[int], max_size: int) -> Iterator[int]:
    """The multiset codes of :func:`~wordgames.scrabble.leaves.table.enumerate_leaves`, in the
    same order, without building tuples."""
    weights = [1 << (CODE_BITS * tile) for tile in range(len(bounds))]
    tiles = len(bounds)

    def walk(first: int, used: int, size: int, code: int) -> Iterator[int]:
        yield code
        if size == max_size:
            return
        if used < bounds[first]:
            yield from walk(first, used + 1, size + 1, code + weights[first])
        for tile in range(first + 1, tiles):
            if bounds[tile]:
                yield from walk(tile, 1, size + 1, code + weights[tile])

    # The walk's first call starts "on" tile 0 with no copy used yet.
    def start() -> Iterator[int]:
        yield 0
        if max_size == 0:
            return
        for tile in range(tiles):
            if bounds[tile]:
                yield from walk(tile, 1, 1, weights[tile])

    return start()


class LeaveIndex:
    """The position of a leave in :func:`enumerate_codes` order, computed from its tiles (a
    ranking of bounded multisets in lexicographic order): O(tiles in the leave) with tables
    of (tiles x sizes) precomputed, so no table of all leaves is ever built."""

    def __init__(self, bounds: Sequence[int], max_size: int) -> None:
        self.bounds = list(bounds)
        self.max_size = max_size
        tiles = len(bounds)
        # below[t][r]: leaves (the empty one included) of tiles >= t and at most r tiles.
        below = [[1] * (max_size + 1) for _ in range(tiles + 1)]
        for t in range(tiles - 1, -1, -1):
            for r in range(max_size + 1):
                below[t][r] = sum(below[t + 1][r - e] for e in range(min(bounds[t], r) + 1))
        # subtree[t][u][r]: the leaves at and under a node ending in u copies of tile t with
        # r more tiles allowed.
        self.subtree = [[[sum(below[t + 1][r - e] for e in range(min(bounds[t] - u, r) + 1))
                          for r in range(max_size + 1)] for u in range(bounds[t] + 1)]
                        for t in range(tiles)]
        # before[r][t]: the leaves under the first copy of every tile below t, r tiles allowed.
        self.before = [[0] * (tiles + 1) for _ in range(max_size + 1)]
        for r in range(max_size + 1):
            for t in range(tiles):
                first = self.subtree[t][1][r] if bounds[t] >= 1 else 0
                self.before[r][t + 1] = self.before[r][t] + first
        self.count = below[0][max_size]
        """Leaves in the enumeration, the empty one included."""

    def rank(self, tiles: Sequence[int]) -> int | None:
        """The position of a leave (ascending tile numbers) in the enumeration, the empty
        leave being 0; None for a leave the bounds or the size do not allow."""
        size = len(tiles)
        if size > self.max_size:
            return None
        bounds, before, subtree = self.bounds, self.before, self.subtree
        rank = 0
        last, copies = -1, 0
        for depth, tile in enumerate(tiles):
            if tile >= len(bounds):
                return None
            room = self.max_size - depth - 1
            rank += 1
            if last < 0:
                rank += before[room][tile]
            elif tile > last:
                if copies < bounds[last]:
                    rank += subtree[last][copies + 1][room]
                rank += before[room][tile] - before[room][last + 1]
            copies = copies + 1 if tile == last else 1
            if copies > bounds[tile]:
                return None
            last = tile
        return rank


class RankedTable(LeaveTable):
    """A table of every leave within bounds, its values in enumeration order; a lookup ranks
    the leave (:class:`LeaveIndex`) and remembers the answer, so loading costs no more than
    decompressing the values."""

    def __init__(self, alphabet: Alphabet | str, bounds: Sequence[int], max_size: int,
                 scaled: Sequence[int], scale: int = SCALE) -> None:
        """``scaled``: the values times ``scale``, in enumeration order, the empty leave
        left out."""
        super().__init__(alphabet, {})
        self.index = LeaveIndex(bounds, max_size)
        if len(scaled) != self.index.count - 1:
            raise FormatError(f"{len(scaled)} values for {self.index.count - 1} leaves")
        self.scaled = scaled
        self.scale = scale

    def _position(self, code: int) -> int | None:
        rank = self.index.rank(self.tiles_of_code(code)) if code else None
        return None if rank is None else rank - 1

    def value_of_code(self, code: int) -> float:
        try:
            found = self.values.get(code)
        except TypeError:  # unhashable
            raise InvalidArgumentTypeError(f"a leave code is a whole number, not {code!r:.40}") from None
        if found is None:
            position = self._position(code)
            found = self.missing if position is None else self.scaled[position] / self.scale
            self.values[code] = found
        return found

    @property
    def largest_leave(self) -> int | None:
        return self.index.max_size

    def has_code(self, code: int) -> bool:
        return self._position(code) is not None

    def __len__(self) -> int:
        return len(self.scaled)

    def items(self) -> Iterator[tuple[int, float]]:
        codes = enumerate_codes(self.index.bounds, self.index.max_size)
        next(codes)
        return zip(codes, (value / self.scale for value in self.scaled), strict=True)


def compact_bytes(table: LeaveTable, bounds: Sequence[int], max_size: int) -> bytes:
    """The compact file of ``table`` for leaves of at most ``max_size`` tiles bounded by
    ``bounds`` (tile 0: blanks); a leave the table lacks is written as its ``missing``
    value.  FormatError for a value beyond +-327.67."""
    codes = list(enumerate_codes(bounds, max_size))[1:]  # the empty leave is not stored
    scaled = array("h")
    for code in codes:
        value = round(table.value_of_code(code) * SCALE)
        if not -32768 <= value <= 32767:
            raise FormatError(f"leave {table.text_of_code(code)}: {value / SCALE} is beyond +-327.67")
        scaled.append(value)
    if sys.byteorder == "big":
        scaled.byteswap()
    alphabet = table.alphabet
    written: object = "".join(alphabet.tiles) if alphabet.is_single_character else list(alphabet.tiles)
    header = {"alphabet": written, "bounds": list(bounds), "max_size": max_size,
              "count": len(codes), "scale": SCALE}
    return MAGIC + json.dumps(header).encode() + b"\n" + zlib.compress(scaled.tobytes(), 9)


def table_from_compact_bytes(data: bytes, name: str = "<leaves>") -> LeaveTable:
    """The table of a compact file; FormatError for anything malformed.  Cost: about a
    decompression; leaves are ranked when looked up."""
    if len(data) > MAX_COMPACT_LEAVES_BYTES:
        raise FormatError(f"{name}: larger than {MAX_COMPACT_LEAVES_BYTES} bytes")
    if not data.startswith(MAGIC):
        raise FormatError(f"{name}: not a wordgames leave file")
    line, _, body = data[len(MAGIC):].partition(b"\n")
    header = parse_json(line, name, "leave file header")
    if not isinstance(header, dict):
        raise FormatError(f"{name}: bad header (expected an object, found {type(header).__name__})")
    try:
        written = header["alphabet"]
        alphabet = check_alphabet(written) if isinstance(written, str) else Alphabet(written)
        bounds, max_size = header["bounds"], header["max_size"]
        count, scale = header["count"], header["scale"]
    except (ValueError, KeyError, TypeError) as error:
        raise FormatError(f"{name}: bad header ({error})") from None
    # Whole numbers only: int() would take 2.9 as 2, true as 1, and raise on 1e999.
    if (not _whole(max_size, MAX_LEAVE_TILES) or not _whole(count, MAX_TABLE_LEAVES) or count == 0
            or not _whole(scale, _MAX_SCALE) or scale == 0 or not isinstance(bounds, list)
            or len(bounds) != len(alphabet) + 1 or not all(_whole(b, MAX_LEAVE_TILES) for b in bounds)):
        raise FormatError(f"{name}: header values out of range")
    try:
        raw = zlib.decompressobj().decompress(body, 2 * count + 1)
    except zlib.error as error:
        raise FormatError(f"{name}: bad compressed data ({error})") from None
    if len(raw) != 2 * count:
        raise FormatError(f"{name}: {len(raw)} bytes of values for {count} leaves")
    scaled = array("h")
    scaled.frombytes(raw)
    if sys.byteorder == "big":
        scaled.byteswap()
    if count != LeaveIndex(bounds, max_size).count - 1:
        raise FormatError(f"{name}: the header's bounds do not give {count} leaves")
    return RankedTable(alphabet, bounds, max_size, scaled, scale)


def _whole(value: object, most: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= most


def read_compact(path: str | os.PathLike[str]) -> LeaveTable:
    """Read a compact leave file; FormatError when it cannot be read."""
    return table_from_compact_bytes(read_bounded(path, MAX_COMPACT_LEAVES_BYTES), str(path))


def write_compact(path: str | os.PathLike[str], table: LeaveTable, bounds: Sequence[int],
                  max_size: int) -> None:
    """Write the compact file of ``table`` atomically (see :func:`compact_bytes`)."""
    write_bytes_atomically(path, compact_bytes(table, bounds, max_size))

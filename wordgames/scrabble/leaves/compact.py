"""A compact leave file for tables that hold every leave of a tile distribution (the shipped
table): a header line, then the values in :func:`~wordgames.scrabble.leaves.table.enumerate_leaves`
order as zlib-compressed little-endian int16 hundredths of a point.

The leaves themselves are not stored: the header gives the alphabet, each tile's bound and
the largest leave, from which the order is recomputed.  An English table is about 1.3 MB
(KLV2: 3.7 MB) and loads without decoding a graph.  Values are rounded to 0.01 point and lie
within +-327.67 points.
"""

from __future__ import annotations

import json
import os
import sys
import zlib
from array import array
from collections.abc import Iterator, Sequence
from pathlib import Path

from wordgames.atomic import write_bytes_atomically
from wordgames.errors import FormatError
from wordgames.scrabble.leaves.table import (
    CODE_BITS,
    MAX_LEAVE_TILES,
    MAX_TABLE_LEAVES,
    LeaveTable,
    check_alphabet,
)

MAGIC = b"wordgames-leaves 1\n"
SCALE = 100
MAX_COMPACT_BYTES = 16 << 20


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


def compact_bytes(table: LeaveTable, bounds: Sequence[int], max_size: int) -> bytes:
    """The compact file of ``table`` for leaves of at most ``max_size`` tiles bounded by
    ``bounds`` (tile 0: blanks); a leave the table lacks is written as its ``missing``
    value.  FormatError for a value beyond +-327.67."""
    codes = list(enumerate_codes(bounds, max_size))
    scaled = array("h")
    for code in codes:
        value = round(table.value_of_code(code) * SCALE)
        if not -32768 <= value <= 32767:
            raise FormatError(f"leave {table.text_of_code(code)}: {value / SCALE} is beyond +-327.67")
        scaled.append(value)
    if sys.byteorder == "big":
        scaled.byteswap()
    header = {"alphabet": table.alphabet, "bounds": list(bounds), "max_size": max_size,
              "count": len(codes), "scale": SCALE}
    return MAGIC + json.dumps(header).encode() + b"\n" + zlib.compress(scaled.tobytes(), 9)


def table_from_compact_bytes(data: bytes, name: str = "<leaves>") -> LeaveTable:
    """The table of a compact file; FormatError for anything malformed.  Cost: about a
    second for 914,624 leaves (recomputing the codes)."""
    if len(data) > MAX_COMPACT_BYTES:
        raise FormatError(f"{name}: larger than {MAX_COMPACT_BYTES} bytes")
    if not data.startswith(MAGIC):
        raise FormatError(f"{name}: not a wordgames leave file")
    line, _, body = data[len(MAGIC):].partition(b"\n")
    try:
        header = json.loads(line)
        alphabet = check_alphabet(header["alphabet"])
        bounds = [int(b) for b in header["bounds"]]
        max_size = int(header["max_size"])
        count = int(header["count"])
        scale = int(header["scale"])
    except (ValueError, KeyError, TypeError) as error:
        raise FormatError(f"{name}: bad header ({error})") from None
    if (len(bounds) != len(alphabet) + 1 or not 0 <= max_size <= MAX_LEAVE_TILES
            or not 0 < count <= MAX_TABLE_LEAVES or scale <= 0
            or any(not 0 <= b <= MAX_LEAVE_TILES for b in bounds)):
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
    codes = []
    for code in enumerate_codes(bounds, max_size):
        codes.append(code)
        if len(codes) > count:
            break
    if len(codes) != count:
        raise FormatError(f"{name}: the header's bounds give {len(codes)} leaves, not {count}")
    return LeaveTable(alphabet, dict(zip(codes, [v / scale for v in scaled], strict=True)))


def read_compact(path: str | os.PathLike[str]) -> LeaveTable:
    """Read a compact leave file; FormatError when it cannot be read."""
    target = Path(path)
    try:
        if target.stat().st_size > MAX_COMPACT_BYTES:
            raise FormatError(f"{target}: larger than {MAX_COMPACT_BYTES} bytes")
        data = target.read_bytes()
    except OSError as error:
        raise FormatError(f"{target}: cannot read ({error.strerror or error})") from None
    return table_from_compact_bytes(data, str(target))


def write_compact(path: str | os.PathLike[str], table: LeaveTable, bounds: Sequence[int],
                  max_size: int) -> None:
    """Write the compact file of ``table`` atomically (see :func:`compact_bytes`)."""
    write_bytes_atomically(path, compact_bytes(table, bounds, max_size))

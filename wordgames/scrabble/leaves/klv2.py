"""KLV2 leave files (wolges, MAGPIE, Woogles), read and written.

Layout, all little-endian: a u32 count of KWG nodes, those nodes (a DAWG-only KWG spelling
every leave, tiles as numbers, blank 0; see :mod:`wordgames.lexicon.kwg`), a u32 count of
leaves, then one float32 value per leave in the DAWG's order (lexicographic order of the
ascending tile sequences).  The graph is decoded and encoded by the lexicon layer's KWG
helpers; this module only frames it.
"""

from __future__ import annotations

import os
import struct
import sys
from array import array

from wordgames.atomic import write_bytes_atomically
from wordgames.errors import FormatError, InvalidArgumentTypeError, LexiconError
from wordgames.lexicon.alphabet import ENGLISH, Alphabet
from wordgames.lexicon.kwg import (
    decode_words,
    encode_words,
    nodes_from_bytes,
    nodes_to_bytes,
)
from wordgames.limits import MAX_KLV2_BYTES, MAX_LEAVE_TILES, MAX_TABLE_LEAVES
from wordgames.scrabble.leaves.table import LeaveTable, read_bounded, table_of_file


def table_from_klv2_bytes(
    data: bytes, alphabet: Alphabet | str = ENGLISH, name: str = "<klv2>"
) -> LeaveTable:
    """The leave table a KLV2 file's bytes hold; FormatError for a truncated or malformed
    file, a count of values that differs from the graph's leaves, a value that is not finite
    (NaN, an infinity), no leaves, or a file beyond the limits (MAX_KLV2_BYTES,
    MAX_TABLE_LEAVES, MAX_LEAVE_TILES).  Cost: decoding the graph,
    about 3 s for 914,624 leaves."""
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise InvalidArgumentTypeError(f"KLV2 data must be bytes, not {type(data).__name__}")
    if len(data) > MAX_KLV2_BYTES:
        raise FormatError(f"{name}: larger than {MAX_KLV2_BYTES} bytes")
    if len(data) < 4:
        raise FormatError(f"{name}: too short for a KLV2 file")
    (node_count,) = struct.unpack_from("<I", data, 0)
    values_at = 4 + 4 * node_count
    if values_at + 4 > len(data):
        raise FormatError(f"{name}: {node_count} nodes do not fit in {len(data)} bytes")
    (leave_count,) = struct.unpack_from("<I", data, values_at)
    if leave_count > MAX_TABLE_LEAVES:
        raise FormatError(f"{name}: {leave_count} leaves (at most {MAX_TABLE_LEAVES})")
    if len(data) != values_at + 4 + 4 * leave_count:
        raise FormatError(f"{name}: {len(data)} bytes do not match {node_count} nodes "
                          f"and {leave_count} values")
    try:
        nodes = nodes_from_bytes(bytes(data[4:values_at]), name)
        leaves = decode_words(nodes, max_length=MAX_LEAVE_TILES, max_words=MAX_TABLE_LEAVES, name=name)
    except LexiconError as error:
        raise FormatError(str(error)) from None
    if len(leaves) != leave_count:
        raise FormatError(f"{name}: the graph spells {len(leaves)} leaves but {leave_count} values follow")
    values = array("f")
    values.frombytes(bytes(data[values_at + 4 :]))
    if sys.byteorder == "big":
        values.byteswap()
    return table_of_file(alphabet, zip(leaves, values, strict=True), name)


def read_klv2(path: str | os.PathLike[str], alphabet: Alphabet | str = ENGLISH) -> LeaveTable:
    """Read a KLV2 file (see :func:`table_from_klv2_bytes`); FormatError when it cannot be
    read."""
    return table_from_klv2_bytes(read_bounded(path, MAX_KLV2_BYTES), alphabet, str(path))


def klv2_bytes(table: LeaveTable) -> bytes:
    """The KLV2 bytes of a table (the empty leave, which KLV2 cannot spell, is left out).
    Cost: a sort and a DAWG build, a few seconds for 914,624 leaves."""
    pairs = [(tiles, value) for tiles, value in table.sorted_leaves() if tiles]
    try:
        nodes = encode_words([tiles for tiles, _ in pairs])
    except LexiconError as error:
        raise FormatError(str(error)) from None
    values = array("f", [value for _, value in pairs])
    if sys.byteorder == "big":
        values.byteswap()
    return b"".join((struct.pack("<I", len(nodes)), nodes_to_bytes(nodes),
                     struct.pack("<I", len(values)), values.tobytes()))


def write_klv2(path: str | os.PathLike[str], table: LeaveTable) -> None:
    """Write ``table`` to ``path`` as KLV2, atomically."""
    write_bytes_atomically(path, klv2_bytes(table))

"""Packed node tables: any lexicon's prefix tree as two flat, fixed-width integer arrays over
tile numbers, the form the compiled engines walk.

:class:`PackedNodes` is the trie's layout (see :mod:`wordgames.lexicon.trie`): nodes numbered
breadth first, the children of a node consecutive and in tile order, and for each node

* ``masks[node]`` (unsigned 64-bit): bit ``t - 1`` for each tile ``t`` (1..63) that may
  follow, and bit 63 (:data:`TERMINAL`) when the prefix is a word;
* ``first[node]`` (unsigned 32-bit): the number of its first child, so the child along tile
  ``t`` is ``first[node] + popcount(masks[node] & ((1 << (t - 1)) - 1))``.

:func:`packed_nodes` gives the table of a lexicon in its own alphabet: the trie backend's own
arrays, or for any other backend a table built once through the node walk by tiles and kept
in memory and in the on-disk lexicon cache.  :func:`packed_nodes_for` gives it in another
alphabet's numbering (a game's tile set over a word list read without it): the keys
renumbered tile by tile, words with a tile the game does not have dropped.  Memory: 12 bytes
a node (about 7 MB for CSW12's 594,000 nodes).
"""

from __future__ import annotations

import struct
from array import array
from dataclasses import dataclass

from wordgames.lexicon import cache
from wordgames.lexicon.alphabet import MAX_ALPHABET_TILES, Alphabet
from wordgames.lexicon.base import Lexicon
from wordgames.lexicon.renumber import renumbering
from wordgames.lexicon.trie import (
    TERMINAL,
    TrieLexicon,
    alphabet_from_bytes,
    alphabet_to_bytes,
    build_arrays,
    check_arrays,
)

__all__ = ["TERMINAL", "PackedNodes", "build_packed_nodes", "packed_nodes", "packed_nodes_for"]

_HEADER = struct.Struct("<4sII")  # magic, node count, alphabet byte length
_MAGIC = b"WGP2"
_CACHE_NAME = "packed"


@dataclass(frozen=True, eq=False)
class PackedNodes:
    """A lexicon's prefix tree as fixed-width arrays over ``alphabet``'s tile numbers (layout
    in the module docstring).  The arrays must not be modified.  Compared and hashed by
    identity (engines key scratch data by table)."""

    masks: array[int]
    """Typecode ``Q``: per node, bit ``t - 1`` per next tile ``t``, bit 63 for a word."""
    first: array[int]
    """Typecode ``I``: per node, the number of its first child."""
    alphabet: Alphabet
    """Whose tile numbers the masks use."""

    terminal = TERMINAL

    @property
    def letter_bits(self) -> dict[str, int]:
        """The mask bit of each tile, by its upper-case form."""
        return {tile: 1 << index for index, tile in enumerate(self.alphabet.tiles)}

    def to_bytes(self) -> bytes:
        """The table as bytes (for the on-disk cache)."""
        alphabet = alphabet_to_bytes(self.alphabet)
        header = _HEADER.pack(_MAGIC, len(self.masks), len(alphabet))
        return header + alphabet + self.masks.tobytes() + self.first.tobytes()

    @classmethod
    def from_bytes(cls, data: bytes) -> PackedNodes:
        """Rebuild a table from :meth:`to_bytes` output; ValueError when it is inconsistent
        (the arrays are checked as :func:`~wordgames.lexicon.trie.check_arrays` does)."""
        if len(data) < _HEADER.size:
            raise ValueError("packed table too short")
        magic, count, alphabet_length = _HEADER.unpack_from(data)
        offset = _HEADER.size + alphabet_length
        masks, first = array("Q"), array("I")
        if magic != _MAGIC or len(data) != offset + count * (masks.itemsize + first.itemsize):
            raise ValueError("not a packed table, or truncated")
        alphabet = alphabet_from_bytes(data[_HEADER.size : offset])
        masks.frombytes(data[offset : offset + count * masks.itemsize])
        first.frombytes(data[offset + count * masks.itemsize :])
        check_arrays(masks, first, len(alphabet))
        return cls(masks, first, alphabet)


def build_packed_nodes(lexicon: Lexicon) -> PackedNodes:
    """Number ``lexicon``'s prefix tree breadth first through its public node walk by tiles.
    Cost: one ``is_word_at``, one ``next_tiles`` and one ``step_tiles`` per node; memory for
    one backend node per tree node while it runs.  ValueError for an alphabet of more than
    MAX_ALPHABET_TILES (63) tiles."""
    if len(lexicon.alphabet) > MAX_ALPHABET_TILES:
        raise ValueError(f"{len(lexicon.alphabet)} distinct characters: a packed table holds at most 63")
    step, is_word_at, next_tiles = lexicon.step_tiles, lexicon.is_word_at, lexicon.next_tiles
    nodes = [lexicon.root()]
    masks, first = array("Q"), array("I")
    index = 0
    while index < len(nodes):
        node = nodes[index]
        index += 1
        mask = TERMINAL if is_word_at(node) else 0
        first.append(len(nodes))
        for tile in next_tiles(node):  # increasing: children numbered in bit order
            mask |= 1 << (tile - 1)
            nodes.append(step(node, bytes((tile,))))
        masks.append(mask)
    return PackedNodes(masks, first, lexicon.alphabet)


def packed_nodes(lexicon: Lexicon) -> PackedNodes:
    """The packed table of ``lexicon`` in its own alphabet: the trie's arrays for the trie
    backend, else a table built through the node walk, read from or written to the on-disk
    cache.  Kept with the lexicon (which never changes), so each lexicon pays at most once per
    process.  Cost of a cache hit: hashing the keys (tens of ms for CSW12) and reading the
    entry."""
    kept: PackedNodes | None = lexicon.__dict__.get("_packed_nodes")
    if kept is not None:
        return kept
    table: PackedNodes | None = None
    if isinstance(lexicon, TrieLexicon):
        table = PackedNodes(lexicon.masks, lexicon.first, lexicon.alphabet)
    else:
        content = alphabet_to_bytes(lexicon.alphabet) + b"\0" + b"\0".join(lexicon.all_keys())
        key = cache.cache_key(content, _CACHE_NAME)
        payload = cache.read_entry(key)
        if payload is not None:
            try:
                table = PackedNodes.from_bytes(payload)
            except (ValueError, UnicodeDecodeError):
                table = None  # a corrupt entry is rebuilt
            if table is not None and table.alphabet != lexicon.alphabet:
                table = None
        if table is None:
            table = build_packed_nodes(lexicon)
            cache.write_entry(key, table.to_bytes())
    assert table is not None
    lexicon.__dict__["_packed_nodes"] = table
    return table


def packed_nodes_for(lexicon: Lexicon, alphabet: Alphabet) -> PackedNodes:
    """The packed table of ``lexicon`` in ``alphabet``'s tile numbers: :func:`packed_nodes`
    when the lexicon's tiles are numbered the same, else a table of the keys renumbered tile
    by tile (by their upper-case forms), words holding a tile ``alphabet`` lacks left out.
    Kept with the lexicon per alphabet.  Cost when renumbering: one pass over the keys and a
    trie build (about a second for CSW12), once per lexicon and alphabet."""
    if lexicon.alphabet.tiles == alphabet.tiles:
        return packed_nodes(lexicon)
    kept: dict[Alphabet, PackedNodes] = lexicon.__dict__.setdefault("_packed_for", {})
    table = kept.get(alphabet)
    if table is None:
        table = PackedNodes(*build_arrays(renumbered_keys(lexicon, alphabet)), alphabet)
        kept[alphabet] = table
    return table


def renumbered_keys(lexicon: Lexicon, alphabet: Alphabet) -> list[bytes]:
    """``lexicon``'s keys in ``alphabet``'s tile numbers, sorted, without the words holding a
    tile ``alphabet`` lacks.  Cost: one C-level translation per key and a sort."""
    translation = renumbering(lexicon.alphabet, alphabet)
    renumbered = (key.translate(translation) for key in lexicon.all_keys())
    return sorted({key for key in renumbered if 0 not in key})

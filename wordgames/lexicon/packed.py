"""Packed node tables: any lexicon's prefix tree as two flat, fixed-width integer arrays.

Compiled search loops cannot call a backend's node walk per step; they need the whole tree in
arrays of C integers.  :class:`PackedNodes` is that table, in the trie's layout (see
:mod:`wordgames.lexicon.trie`): nodes numbered breadth first, the children of a node
consecutive and in letter order, and for each node

* ``masks[node]`` (unsigned 64-bit): one bit per letter that may follow, letters in code point
  order from bit 0, plus the ``terminal`` bit (just above the letters) when the prefix is a word;
* ``first[node]`` (unsigned 32-bit): the number of its first child, so the child along letter
  bit ``b`` is ``first[node] + popcount(masks[node] & (b - 1))``.

:func:`packed_nodes` gives the table of a lexicon.  The trie backend's own arrays already have
this layout and are used as they are (its masks widened to 64 bits when they are 32); any other
backend's table is built once through the public node walk (``root``, ``step``,
``is_word_at``, ``next_letters``), a few seconds for CSW12, and kept: in memory with the
lexicon, and in the on-disk lexicon cache (:mod:`wordgames.lexicon.cache`) keyed by the words
themselves, so the next process reads it in milliseconds.  Memory: 12 bytes a node (about 7 MB
for CSW12's 594,000 nodes).
"""

from __future__ import annotations

import struct
from array import array
from dataclasses import dataclass

from wordgames.lexicon import cache
from wordgames.lexicon.base import Lexicon
from wordgames.lexicon.trie import _MAX_ALPHABET, TrieLexicon
from wordgames.lexicon.validate import check_prefix_tree

_HEADER = struct.Struct("<4sII")  # magic, node count, alphabet byte length
_MAGIC = b"WGP1"
_CACHE_NAME = "packed"


@dataclass(frozen=True, eq=False)
class PackedNodes:
    """A lexicon's prefix tree as fixed-width arrays (layout in the module docstring).  The
    arrays must not be modified.  Compared and hashed by identity (engines key scratch data
    by table)."""

    masks: array[int]
    """Typecode ``Q``: per node, next-letter bits plus :attr:`terminal` for a word."""
    first: array[int]
    """Typecode ``I``: per node, the number of its first child."""
    letter_bits: dict[str, int]
    """The bit of each upper-case letter some word uses."""
    terminal: int

    def to_bytes(self) -> bytes:
        """The table as bytes (for the on-disk cache)."""
        alphabet = "".join(sorted(self.letter_bits, key=self.letter_bits.__getitem__)).encode()
        header = _HEADER.pack(_MAGIC, len(self.masks), len(alphabet))
        return header + alphabet + self.masks.tobytes() + self.first.tobytes()

    @classmethod
    def from_bytes(cls, data: bytes) -> PackedNodes:
        """Rebuild a table from :meth:`to_bytes` output; ValueError when it is truncated or
        inconsistent (:func:`~wordgames.lexicon.validate.check_prefix_tree`)."""
        if len(data) < _HEADER.size:
            raise ValueError("packed table too short")
        magic, count, alphabet_length = _HEADER.unpack_from(data)
        offset = _HEADER.size + alphabet_length
        masks, first = array("Q"), array("I")
        if magic != _MAGIC or len(data) != offset + count * (masks.itemsize + first.itemsize):
            raise ValueError("not a packed table, or truncated")
        alphabet = data[_HEADER.size : offset].decode()
        masks.frombytes(data[offset : offset + count * masks.itemsize])
        first.frombytes(data[offset + count * masks.itemsize :])
        check_prefix_tree(masks, first, len(alphabet))
        bits = {letter: 1 << index for index, letter in enumerate(alphabet)}
        return cls(masks, first, bits, 1 << len(alphabet))


def build_packed_nodes(lexicon: Lexicon) -> PackedNodes:
    """Number ``lexicon``'s prefix tree breadth first through its public node walk.  Cost: one
    ``is_word_at``, one ``next_letters`` and one ``step`` per node, plus one pass over the
    words for the alphabet; memory for one backend node per tree node while it runs.
    ValueError for more than 63 distinct characters."""
    alphabet = sorted(set("".join(lexicon)))
    if len(alphabet) > _MAX_ALPHABET:
        raise ValueError(f"{len(alphabet)} distinct characters: a packed table holds at most 63")
    bit_of = {letter: 1 << index for index, letter in enumerate(alphabet)}
    terminal = 1 << len(alphabet)
    step, is_word_at, next_letters = lexicon.step, lexicon.is_word_at, lexicon.next_letters
    nodes = [lexicon.root()]
    masks, first = array("Q"), array("I")
    index = 0
    while index < len(nodes):
        node = nodes[index]
        index += 1
        mask = terminal if is_word_at(node) else 0
        first.append(len(nodes))
        for letter in next_letters(node):  # sorted: children numbered in bit order
            mask |= bit_of[letter]
            nodes.append(step(node, letter))
        masks.append(mask)
    return PackedNodes(masks, first, bit_of, terminal)


def _from_trie(lexicon: TrieLexicon) -> PackedNodes:
    """The trie's own arrays (already this layout); masks widened to 64 bits if need be."""
    packed = lexicon.packed()
    masks = packed.masks if packed.masks.typecode == "Q" else array("Q", packed.masks)
    letters = {letter: bit for letter, bit in packed.bits.items() if letter == letter.upper()}
    return PackedNodes(masks, packed.first, letters, packed.terminal)


def packed_nodes(lexicon: Lexicon) -> PackedNodes:
    """The packed table of ``lexicon``: the trie's arrays for the trie backend, else a table
    built through the node walk, read from or written to the on-disk cache.  Kept with the
    lexicon (which never changes), so each lexicon pays at most once per process.  Cost of a
    cache hit: hashing the words (tens of ms for CSW12) and reading the entry."""
    kept: PackedNodes | None = lexicon.__dict__.get("_packed_nodes")
    if kept is not None:
        return kept
    table: PackedNodes | None = None
    if isinstance(lexicon, TrieLexicon):
        table = _from_trie(lexicon)
    else:
        key = cache.cache_key("\n".join(lexicon).encode(), _CACHE_NAME)
        payload = cache.read_entry(key)
        if payload is not None:
            try:
                table = PackedNodes.from_bytes(payload)
            except (ValueError, UnicodeDecodeError):
                table = None  # a corrupt entry is rebuilt
        if table is None:
            table = build_packed_nodes(lexicon)
            cache.write_entry(key, table.to_bytes())
    assert table is not None
    lexicon.__dict__["_packed_nodes"] = table
    return table

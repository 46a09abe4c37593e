"""The trie backend: a prefix tree over tile numbers, packed into two flat integer arrays.

Nodes are numbered in breadth-first order so that the children of a node are consecutive and
in tile order.  For each node we keep

* ``masks[node]`` (unsigned 64-bit): bit ``t - 1`` set when tile ``t`` (1..63) has a child
  (:func:`tile_bit`), and bit 63 (:data:`TERMINAL`) when the node's prefix is a word;
* ``first[node]`` (unsigned 32-bit): the number of the node's first child.

The child along tile ``t`` is ``first[node] + popcount(masks[node] & (tile_bit(t) - 1))`` (the
children of the tiles before ``t``), so a step costs a few integer operations, and the whole
tree costs 12 bytes a node (about 7 MB for CSW12's 594,000 nodes, against ~110 MB for one
Python dict per node).  The compiled engines walk these arrays directly (see
:mod:`wordgames.lexicon.packed`).

Whole-word membership goes through a frozenset of the keys, which is what a hash look-up
does best; prefix queries walk the arrays.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import json
import operator
import struct
from array import array
from collections.abc import Iterator, Sequence
from operator import methodcaller

from wordgames.errors import LexiconError
from wordgames.lexicon.alphabet import MAX_ALPHABET_TILES, Alphabet
from wordgames.lexicon.base import Lexicon, check_sorted_keys, check_tiles_type, foreign_node_error
from wordgames.limits import MAX_WORD_LENGTH

TERMINAL = 1 << 63
"""Bit 63 of a node's mask: the node's prefix is a word."""

TILES = TERMINAL - 1
"""The bits of a node's mask that stand for tiles."""

_HEADER = struct.Struct("<4sIII")  # magic, node count, alphabet bytes, keys bytes
_MAGIC = b"WGT2"


def tile_bit(tile: int) -> int:
    """The bit of tile number ``tile`` (1..63) in a node's mask."""
    return 1 << (tile - 1)


def child_rank(mask: int, tile: int) -> int:
    """How many children come before tile ``tile``'s in a node of ``mask``."""
    return (mask & ((1 << (tile - 1)) - 1)).bit_count()


def build_arrays(keys: Sequence[bytes]) -> tuple[array[int], array[int]]:
    """Lay sorted unique keys out as a breadth-first trie: ``(masks, first)``.  Cost:
    O(nodes * log(words)) with small constants; each level is a list of key ranges
    ``[lo, hi)`` sharing a prefix.  An empty list gives one node, the root, with no children."""
    masks: array[int] = array("Q")
    first: array[int] = array("I")
    next_id = 1
    level_lo, level_hi = [0], [len(keys)]
    depth = 0
    while level_lo:
        child_lo: list[int] = []
        child_hi: list[int] = []
        for lo, hi in zip(level_lo, level_hi, strict=True):
            mask = 0
            if lo < hi and len(keys[lo]) == depth:  # the prefix itself sorts first in its range
                mask = TERMINAL
                lo += 1
            first.append(next_id)
            while lo < hi:
                key = keys[lo]
                tile = key[depth]
                mask |= 1 << (tile - 1)
                if keys[hi - 1][depth] == tile:  # the rest of the range is one group
                    end = hi
                else:
                    end = bisect.bisect_left(keys, key[:depth] + bytes((tile + 1,)), lo, hi)
                child_lo.append(lo)
                child_hi.append(end)
                next_id += 1
                lo = end
            masks.append(mask)
        level_lo, level_hi = child_lo, child_hi
        depth += 1
    return masks, first


def check_arrays(masks: array[int], first: array[int], tiles: int) -> None:
    """ValueError unless ``masks`` and ``first`` are a breadth-first trie the engines may walk
    without bounds checks: the same length, tiles only in 1..``tiles``, each node's children
    right after the previous node's, none past the end.  Cost: C-level passes, tens of
    milliseconds for CSW12 (paid on reading a cache entry, never trusted blindly)."""
    count = len(masks)
    if count == 0 or len(first) != count or masks.typecode != "Q" or first.typecode != "I":
        raise ValueError("trie arrays of different lengths or types")
    if tiles < 63 and (functools.reduce(operator.or_, masks, 0) & TILES) >> tiles:
        raise ValueError("a trie node holds a tile outside its alphabet")
    children = list(map(int.bit_count, map(TILES.__and__, masks)))
    if first[0] != 1:
        raise ValueError("the trie's root has its children in the wrong place")
    ends = list(itertools.accumulate(children, initial=1))
    if list(first) != ends[:-1] or ends[-1] != count:
        raise ValueError("trie nodes point outside the table")


def alphabet_to_bytes(alphabet: Alphabet) -> bytes:
    """An alphabet as bytes for cache payloads (forms, lower forms, vowels, kind)."""
    return json.dumps(
        [alphabet.is_plain, list(alphabet.tiles), list(alphabet.lower_forms), sorted(alphabet.vowels)],
        ensure_ascii=False,
    ).encode("utf-8")


def alphabet_from_bytes(data: bytes) -> Alphabet:
    """The alphabet :func:`alphabet_to_bytes` wrote; ValueError when it is not one."""
    try:
        plain, tiles, lowers, vowels = json.loads(data.decode("utf-8"))
        return Alphabet.plain(tiles) if plain else Alphabet(tiles, lowers, vowels)
    except Exception as error:  # any malformed payload is corruption to the cache
        raise ValueError(f"not an alphabet ({error})") from None


def check_key_tiles(blob: bytes, alphabet: Alphabet) -> None:
    """ValueError unless every byte of a keys blob is a tile number of ``alphabet`` or the 0
    separator.  Cost: one C-level pass."""
    if blob.translate(None, bytes(range(len(alphabet) + 1))):
        raise ValueError("a key holds a tile outside its alphabet")


def keys_to_bytes(keys: Sequence[bytes]) -> bytes:
    """Keys as one blob, separated by a 0 byte (no tile is numbered 0)."""
    return b"\0".join(keys)


def keys_from_bytes(data: bytes) -> list[bytes]:
    """The keys :func:`keys_to_bytes` wrote; ValueError for an empty or too long key and for
    keys out of order or repeated (the binary searches rely on the order).  Cost: C-level
    passes."""
    if not data:
        return []
    keys = data.split(b"\0")
    if not all(keys) or max(map(len, keys)) > MAX_WORD_LENGTH:
        raise ValueError("malformed keys")
    if any(map(bytes.__ge__, keys, keys[1:])):
        raise ValueError("the keys are not sorted and unique")
    return keys


class TrieLexicon(Lexicon):
    """Lexicon backed by a compact array trie over tile numbers (see the module docstring)."""

    backend_name = "trie"

    def __init__(
        self,
        keys: list[bytes],
        alphabet: Alphabet,
        masks: array[int],
        first: array[int],
        source: str = "<words>",
    ) -> None:
        self.source = source
        self.alphabet = alphabet
        self._keys = keys
        self._key_set = frozenset(keys)
        self._masks = masks
        self._first = first
        # next_tiles results by mask: few distinct masks recur across many nodes.
        self._tiles_of_mask: dict[int, bytes] = {}

    @classmethod
    def from_keys(cls, keys: list[bytes], alphabet: Alphabet, source: str = "<words>") -> TrieLexicon:
        """Build the trie from sorted unique keys.  Cost: about 0.5 s for CSW12.  LexiconError
        naming ``source`` for an alphabet of more than MAX_ALPHABET_TILES tiles (a node's next
        tiles are bits of a 64-bit mask)."""
        keys = check_sorted_keys(keys, alphabet)
        if len(alphabet) > MAX_ALPHABET_TILES:
            raise LexiconError(
                f"{source}: {len(alphabet)} distinct characters; the trie holds at most {MAX_ALPHABET_TILES} "
                "(the sortedset backend takes more)"
            )
        masks, first = build_arrays(keys)
        return cls(keys, alphabet, masks, first, source)

    # --- serialization for the on-disk cache -------------------------------------------------

    def to_bytes(self) -> bytes:
        """The compiled trie as bytes (alphabet, keys and arrays) for the cache."""
        alphabet = alphabet_to_bytes(self.alphabet)
        keys = keys_to_bytes(self._keys)
        header = _HEADER.pack(_MAGIC, len(self._masks), len(alphabet), len(keys))
        return b"".join((header, alphabet, keys, self._masks.tobytes(), self._first.tobytes()))

    @classmethod
    def from_bytes(cls, data: bytes, source: str = "<words>") -> TrieLexicon:
        """Rebuild a trie written by :meth:`to_bytes`; ValueError if the data is inconsistent
        (arrays checked with :func:`check_arrays`, keys' tiles checked in the alphabet)."""
        if len(data) < _HEADER.size:
            raise ValueError("not a compiled trie")
        magic, nodes, alphabet_len, keys_len = _HEADER.unpack_from(data)
        if magic != _MAGIC:
            raise ValueError("not a compiled trie")
        offset = _HEADER.size
        alphabet = alphabet_from_bytes(data[offset : offset + alphabet_len])
        offset += alphabet_len
        keys = keys_from_bytes(data[offset : offset + keys_len])
        offset += keys_len
        masks: array[int] = array("Q")
        first: array[int] = array("I")
        mask_end = offset + nodes * masks.itemsize
        end = mask_end + nodes * first.itemsize
        if end != len(data):
            raise ValueError("truncated compiled trie")
        masks.frombytes(data[offset:mask_end])
        first.frombytes(data[mask_end:end])
        check_arrays(masks, first, len(alphabet))
        if sum(map(TERMINAL.__and__, masks)) != TERMINAL * len(keys):
            raise ValueError("the trie's word-ending nodes do not number its keys")
        check_key_tiles(data[_HEADER.size + alphabet_len : _HEADER.size + alphabet_len + keys_len], alphabet)
        return cls(keys, alphabet, masks, first, source)

    # --- keys --------------------------------------------------------------------------------

    def contains_key(self, key: bytes) -> bool:
        """Whether ``key`` is a word.  Cost: one hash look-up."""
        return key in self._key_set

    def has_prefix_key(self, key: bytes) -> bool:
        """Whether some word starts with ``key``.  Cost: one hash look-up when ``key`` is a
        word, else a walk of at most ``len(key)`` nodes."""
        if key in self._key_set:
            return True
        masks = self._masks
        first = self._first
        node = 0
        for tile in key:
            mask = masks[node]
            bit = 1 << (tile - 1) if tile else 0
            if not mask & bit:
                return False
            node = first[node] + (mask & (bit - 1)).bit_count()
        return bool(self._keys)  # only the empty key gets here without a word below it

    def all_keys(self) -> Iterator[bytes]:
        """The keys in tile order.  Cost: O(1) per key."""
        return iter(self._keys)

    def keys_with_prefix(self, prefix: bytes) -> Iterator[bytes]:
        """The keys starting with ``prefix``.  Cost: a binary search, then one step a key."""
        prefix = check_tiles_type(prefix)
        keys = self._keys
        start = bisect.bisect_left(keys, prefix)
        return itertools.takewhile(methodcaller("startswith", prefix), itertools.islice(keys, start, None))

    def __len__(self) -> int:
        """The number of words.  Cost: O(1)."""
        return len(self._keys)

    # --- node walk ---------------------------------------------------------------------------

    def root(self) -> int:
        """Node 0, the empty prefix (breadth-first order puts it first)."""
        return 0

    def _node(self, node: object) -> int:
        if type(node) is not int or not 0 <= node < len(self._masks):
            raise foreign_node_error(node, self)
        return node

    def step_tiles(self, node: int, tiles: bytes) -> int | None:
        """The node after tile numbers ``tiles`` from ``node``, or None.  Cost: a few integer
        operations per tile."""
        current = self._node(node)
        masks = self._masks
        first = self._first
        for tile in check_tiles_type(tiles):
            mask = masks[current]
            bit = 1 << (tile - 1) if tile else 0
            if not mask & bit:
                return None
            current = first[current] + (mask & (bit - 1)).bit_count()
        return current

    def is_word_at(self, node: int) -> bool:
        """Whether ``node``'s prefix is a word.  Cost: one array look-up."""
        return bool(self._masks[self._node(node)] & TERMINAL)

    def next_tiles(self, node: int) -> bytes:
        """The tiles that can follow ``node``, increasing.  Cost: one array and one dict
        look-up (each distinct tile set is spelled out once and remembered)."""
        mask = self._masks[self._node(node)] & TILES
        tiles = self._tiles_of_mask.get(mask)
        if tiles is None:
            tiles = bytes(tile for tile in range(1, 64) if mask >> (tile - 1) & 1)
            self._tiles_of_mask[mask] = tiles
        return tiles

    # --- the arrays, for the engines ---------------------------------------------------------

    @property
    def masks(self) -> array[int]:
        """The node masks (see the module docstring); read-only by contract."""
        return self._masks

    @property
    def first(self) -> array[int]:
        """Each node's first child; read-only by contract."""
        return self._first

    @property
    def node_count(self) -> int:
        """Number of trie nodes (distinct prefixes, the empty one included)."""
        return len(self._masks)

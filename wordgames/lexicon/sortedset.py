"""The sorted-set backend: the keys in sorted order plus a hash set, from sortedcontainers.

A ``sortedcontainers.SortedSet`` is a hash set paired with a ``SortedList``; this backend holds
exactly that pair, a ``frozenset`` for membership and a ``SortedList`` for ordered iteration
and prefix ranges, but builds them directly from already-sorted keys (the SortedSet
constructor re-sorts its hash set).  Keys are ``bytes`` of tile numbers (see
:mod:`wordgames.lexicon.base`), so the order is tile order.

A node of the walk is the half-open range ``[lo, hi)`` of positions in sorted order whose keys
share the node's prefix, together with that prefix: stepping narrows the range with two binary
searches, so the walk needs no structure beyond the sorted keys.  The searches run over the
flat sorted list (the lexicon is immutable, and C-level ``bisect`` with bounds is several times
faster than positional look-ups in the SortedList's internal list of lists).
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator

from sortedcontainers import SortedList

from wordgames.lexicon.alphabet import Alphabet
from wordgames.lexicon.base import Lexicon, check_sorted_keys, check_tiles_type, foreign_node_error
from wordgames.lexicon.trie import (
    alphabet_from_bytes,
    alphabet_to_bytes,
    check_key_tiles,
    keys_from_bytes,
    keys_to_bytes,
)

_AFTER_ALL = b"\xff"  # sorts after every tile number a key can hold

SortedSetNode = tuple[bytes, int, int]


class SortedSetLexicon(Lexicon):
    """Lexicon backed by sortedcontainers' sorted structures (see the module docstring)."""

    backend_name = "sortedset"

    def __init__(self, keys: list[bytes], alphabet: Alphabet, source: str = "<words>") -> None:
        """Wrap ``keys``, which must be sorted, unique keys of ``alphabet`` (not copied)."""
        self.source = source
        self.alphabet = alphabet
        self._flat = keys
        self._set = frozenset(keys)
        self._sorted = SortedList(keys)  # linear on sorted input: the sort finds one run

    @classmethod
    def from_keys(cls, keys: list[bytes], alphabet: Alphabet, source: str = "<words>") -> SortedSetLexicon:
        """Build from sorted unique keys.  Cost: O(n) on sorted input."""
        return cls(check_sorted_keys(keys, alphabet), alphabet, source)

    def to_bytes(self) -> bytes:
        """The alphabet and the keys as bytes for the on-disk cache."""
        alphabet = alphabet_to_bytes(self.alphabet)
        return len(alphabet).to_bytes(4, "little") + alphabet + keys_to_bytes(self._flat)

    @classmethod
    def from_bytes(cls, data: bytes, source: str = "<words>") -> SortedSetLexicon:
        """Rebuild from :meth:`to_bytes` output; ValueError when it is inconsistent."""
        if len(data) < 4:
            raise ValueError("not a sorted-set payload")
        size = int.from_bytes(data[:4], "little")
        alphabet = alphabet_from_bytes(data[4 : 4 + size])
        check_key_tiles(data[4 + size :], alphabet)
        return cls(keys_from_bytes(data[4 + size :]), alphabet, source)

    # --- keys --------------------------------------------------------------------------------

    def contains_key(self, key: bytes) -> bool:
        """Whether ``key`` is a word.  Cost: one hash look-up."""
        return key in self._set

    def has_prefix_key(self, key: bytes) -> bool:
        """Whether some key starts with ``key``.  Cost: a hash look-up, then a binary search
        when ``key`` is not itself a word."""
        if key in self._set:
            return True
        flat = self._flat
        index = bisect.bisect_left(flat, key)
        return index < len(flat) and flat[index].startswith(key)

    def __len__(self) -> int:
        """The number of words.  Cost: O(1)."""
        return len(self._flat)

    def all_keys(self) -> Iterator[bytes]:
        """The keys in tile order.  Cost: O(1) per key."""
        return iter(self._sorted)

    def keys_with_prefix(self, prefix: bytes) -> Iterator[bytes]:
        """The keys starting with ``prefix``.  Cost: O(log n) plus one step a key."""
        prefix = check_tiles_type(prefix)
        return iter(self._sorted.irange(prefix, prefix + _AFTER_ALL, inclusive=(True, False)))

    # --- node walk -------------------------------------------------------------------------

    def root(self) -> SortedSetNode:
        """The empty prefix over every key."""
        return (b"", 0, len(self._flat))

    def step_tiles(self, node: SortedSetNode, tiles: bytes) -> SortedSetNode | None:
        """Narrow ``node``'s range to the keys continuing with ``tiles``.  Cost: two binary
        searches within the range."""
        prefix, lo, hi = self._checked(node)
        tiles = check_tiles_type(tiles)
        if not tiles:
            return node
        prefix += tiles
        flat = self._flat
        lo = bisect.bisect_left(flat, prefix, lo, hi)
        if lo == hi or not flat[lo].startswith(prefix):
            return None
        return prefix, lo, bisect.bisect_left(flat, prefix + _AFTER_ALL, lo + 1, hi)

    def _checked(self, node: object) -> SortedSetNode:
        """``node`` if it has a node's shape for this lexicon, else InvalidArgumentError."""
        if (
            type(node) is tuple
            and len(node) == 3
            and isinstance(node[0], bytes)
            and type(node[1]) is int
            and type(node[2]) is int
            and 0 <= node[1] <= node[2] <= len(self._flat)
        ):
            return node
        raise foreign_node_error(node, self)

    def is_word_at(self, node: SortedSetNode) -> bool:
        """Whether the range starts with its prefix itself.  Cost: O(1)."""
        prefix, lo, hi = self._checked(node)
        return lo < hi and len(self._flat[lo]) == len(prefix)

    def next_tiles(self, node: SortedSetNode) -> bytes:
        """The distinct tiles after the prefix.  Cost: one binary search per tile found."""
        prefix, lo, hi = self._checked(node)
        flat = self._flat
        depth = len(prefix)
        if lo < hi and len(flat[lo]) == depth:
            lo += 1
        tiles = bytearray()
        while lo < hi:
            tile = flat[lo][depth]
            tiles.append(tile)
            lo = bisect.bisect_left(flat, prefix + bytes((tile + 1,)), lo + 1, hi)
        return bytes(tiles)

"""The trie backend: a prefix tree packed into two flat integer arrays.

Nodes are numbered in breadth-first order so that the children of a node are consecutive and
sorted by letter.  For each node we keep

* ``masks[node]``: one bit per alphabet letter that has a child, plus a terminal bit when the
  node's prefix is a word;
* ``first[node]``: the number of the node's first child.

The child for letter bit ``b`` is ``first[node] + popcount(mask & (b - 1))``, so a step costs a
dictionary look-up and a few integer operations, and the whole tree costs 8 to 12 bytes a node
(about 5 MB for CSW12's 594k nodes, against ~110 MB for one Python dict per node).  The
alphabet is taken from the words themselves, so lists with hyphens, apostrophes or accented
letters work unchanged (up to 63 distinct characters).

Whole-word membership goes through a frozenset of the words, which is what a hash lookup does
best; prefix queries fall back to walking the arrays.
"""

from __future__ import annotations

import bisect
import itertools
import struct
from array import array
from collections.abc import Iterator
from dataclasses import dataclass
from operator import methodcaller

from wordgames.errors import LexiconError
from wordgames.lexicon.base import (
    Lexicon,
    check_sorted_words,
    foreign_node_error,
    letters_type_error,
    normalize,
)
from wordgames.lexicon.validate import check_prefix_tree, check_word_payload

_MAX_ALPHABET = 63
_HEADER = struct.Struct("<4sIII")  # magic, node count, alphabet byte length, words byte length
_MAGIC = b"WGT1"


def _mask_typecode(alphabet_size: int) -> str:
    """The narrowest unsigned array type holding one bit per letter plus the terminal bit."""
    return "I" if alphabet_size + 1 <= 32 else "Q"


def _build_arrays(words: list[str], alphabet: str) -> tuple[array[int], array[int]]:
    """Lay the words out as a breadth-first trie.  Cost: O(nodes * log(words)) with small
    constants; each level is a list of word ranges ``[lo, hi)`` sharing a prefix."""
    bit_of = {letter: 1 << i for i, letter in enumerate(alphabet)}
    terminal = 1 << len(alphabet)
    masks: array[int] = array(_mask_typecode(len(alphabet)))
    first: array[int] = array("I")
    next_id = 1
    level_lo, level_hi = [0], [len(words)]
    depth = 0
    while level_lo:
        child_lo: list[int] = []
        child_hi: list[int] = []
        for lo, hi in zip(level_lo, level_hi, strict=True):
            mask = 0
            if len(words[lo]) == depth:  # the prefix itself sorts first in its range
                mask = terminal
                lo += 1
            first.append(next_id)
            while lo < hi:
                word = words[lo]
                letter = word[depth]
                mask |= bit_of[letter]
                if words[hi - 1][depth] == letter:  # the rest of the range is one group
                    end = hi
                else:
                    end = bisect.bisect_left(words, word[:depth] + chr(ord(letter) + 1), lo, hi)
                child_lo.append(lo)
                child_hi.append(end)
                next_id += 1
                lo = end
            masks.append(mask)
        level_lo, level_hi = child_lo, child_hi
        depth += 1
    return masks, first


@dataclass(frozen=True)
class PackedTrie:
    """The layout of a :class:`TrieLexicon`, exposed for hot loops (see the module docstring):
    the child of ``node`` along letter bit ``b`` is
    ``first[node] + (masks[node] & (b - 1)).bit_count()`` when ``masks[node] & b``; the node's
    prefix is a word when ``masks[node] & terminal``.  The arrays must not be modified."""

    masks: array[int]
    first: array[int]
    bits: dict[str, int]
    """Letter to bit, lower-case letters included."""
    terminal: int


class TrieLexicon(Lexicon):
    """Lexicon backed by a compact array trie (see the module docstring)."""

    backend_name = "trie"

    def __init__(
        self,
        words: list[str],
        alphabet: str,
        masks: array[int],
        first: array[int],
        source: str = "<words>",
    ) -> None:
        self.source = source
        self._words = words
        self._word_set = frozenset(words)
        self._alphabet = alphabet
        self._masks = masks
        self._first = first
        self._terminal = 1 << len(alphabet)
        bits: dict[str, int] = {}
        for i, letter in enumerate(alphabet):
            bits[letter] = 1 << i
            lower = letter.lower()
            if lower != letter and lower.upper() == letter:
                bits.setdefault(lower, 1 << i)  # lower-case input steps like upper-case
        self._bits = bits
        self._letter_bits = self._terminal - 1
        # next_letters results by letter mask: few distinct masks recur across many nodes.
        self._letters_of_mask: dict[int, str] = {}

    @classmethod
    def from_sorted_words(cls, words: list[str], source: str = "<words>") -> TrieLexicon:
        """Build the trie from sorted unique upper-case words.  Cost: about 0.5 s for CSW12."""
        words = check_sorted_words(words)
        # One C-level pass over the joined text; a set per word would cost ~190 MB and 1 s.
        alphabet = "".join(sorted(set("".join(words))))
        if len(alphabet) > _MAX_ALPHABET:
            raise LexiconError(
                f"{source}: {len(alphabet)} distinct characters; the trie holds at most "
                f"{_MAX_ALPHABET}"
            )
        masks, first = _build_arrays(words, alphabet) if words else (array("I", [0]), array("I"))
        if not words:
            first.append(1)
        return cls(words, alphabet, masks, first, source)

    # --- serialization for the on-disk cache -------------------------------------------------

    def to_bytes(self) -> bytes:
        """The compiled trie as bytes (words, alphabet and arrays) for the cache."""
        alphabet = self._alphabet.encode("utf-8")
        words = "\n".join(self._words).encode("utf-8")
        header = _HEADER.pack(_MAGIC, len(self._masks), len(alphabet), len(words))
        return b"".join((header, alphabet, words, self._masks.tobytes(), self._first.tobytes()))

    @classmethod
    def from_bytes(cls, data: bytes, source: str = "<words>") -> TrieLexicon:
        """Rebuild a trie written by :meth:`to_bytes`; ValueError if the data is truncated or
        inconsistent (:mod:`wordgames.lexicon.validate`: indices in range, sizes agreeing), so
        a damaged or forged cache entry is rebuilt, never walked."""
        if len(data) < _HEADER.size:
            raise ValueError("truncated compiled trie")
        magic, nodes, alphabet_len, words_len = _HEADER.unpack_from(data)
        if magic != _MAGIC:
            raise ValueError("not a compiled trie")
        offset = _HEADER.size
        alphabet = data[offset : offset + alphabet_len].decode("utf-8")
        offset += alphabet_len
        words = data[offset : offset + words_len].decode("utf-8").split("\n") if words_len else []
        offset += words_len
        if len(alphabet) > _MAX_ALPHABET:
            raise ValueError(f"a compiled trie holds at most {_MAX_ALPHABET} letters")
        masks: array[int] = array(_mask_typecode(len(alphabet)))
        first: array[int] = array("I")
        mask_end = offset + nodes * masks.itemsize
        end = mask_end + nodes * first.itemsize
        if end != len(data):
            raise ValueError("truncated compiled trie")
        masks.frombytes(data[offset:mask_end])
        first.frombytes(data[mask_end:end])
        check_word_payload(words)
        check_prefix_tree(masks, first, len(alphabet), len(words))
        return cls(words, alphabet, masks, first, source)

    # --- whole-string queries ------------------------------------------------------------------

    def __contains__(self, word: object) -> bool:
        """Whether ``word`` is a word.  Cost: one hash look-up."""
        return isinstance(word, str) and word.upper() in self._word_set

    def has_prefix(self, prefix: str) -> bool:
        """Whether some word starts with ``prefix``.  Cost: one hash look-up when ``prefix``
        is a word, else a walk of at most ``len(prefix)`` nodes (inlined: this is the hot
        query of word searches)."""
        # Same check as normalize(), inlined to save a function call on the hot path.
        prefix = prefix.upper() if isinstance(prefix, str) else normalize(prefix, "prefix")
        if prefix in self._word_set:
            return True
        bits = self._bits
        masks = self._masks
        first = self._first
        node = 0
        try:
            for letter in prefix:
                bit = bits[letter]
                mask = masks[node]
                if not mask & bit:
                    return False
                node = first[node] + (mask & (bit - 1)).bit_count()
        except KeyError:  # a character no word uses
            return False
        return bool(self._words)  # only the empty prefix gets here without a word below it

    def __len__(self) -> int:
        """The number of words.  Cost: O(1)."""
        return len(self._words)

    def __iter__(self) -> Iterator[str]:
        """The words in sorted order.  Cost: O(1) per word."""
        return iter(self._words)

    def words_with_prefix(self, prefix: str) -> Iterator[str]:
        """The words starting with ``prefix``, sorted.  Cost: a binary search, then one step
        per word yielded."""
        prefix = normalize(prefix, "prefix")  # checked now, not when iteration starts
        words = self._words
        start = bisect.bisect_left(words, prefix)
        following = itertools.islice(words, start, None)
        return itertools.takewhile(methodcaller("startswith", prefix), following)

    # --- node walk -------------------------------------------------------------------------

    def root(self) -> int:
        """Node 0, the empty prefix (breadth-first order puts it first)."""
        return 0

    def step(self, node: int, letters: str) -> int | None:
        """The node after ``letters`` from ``node``, or None.  Cost: a few integer operations
        per letter; upper-case letters take the fastest path."""
        if not isinstance(letters, str):
            raise letters_type_error(letters)
        bits = self._bits
        masks = self._masks
        first = self._first
        current = node
        try:
            if node < 0:  # a negative index would wrap around to a real node
                raise IndexError(node)
            for letter in letters:
                bit = bits[letter]
                mask = masks[current]
                if not mask & bit:
                    return None
                current = first[current] + (mask & (bit - 1)).bit_count()
        except KeyError:
            # A character outside the alphabet: either no word continues this way, or it is
            # lower case in a way the bit table does not map (e.g. "ß" upper-cases to "SS").
            upper = letters.upper()
            return None if upper == letters else self.step(node, upper)
        except (IndexError, TypeError):
            raise foreign_node_error(node, self) from None
        return current

    def is_word_at(self, node: int) -> bool:
        """Whether ``node``'s prefix is a word.  Cost: one array look-up."""
        try:
            if node < 0:
                raise IndexError(node)
            return bool(self._masks[node] & self._terminal)
        except (IndexError, TypeError):
            raise foreign_node_error(node, self) from None

    def next_letters(self, node: int) -> str:
        """The letters that can follow ``node``, sorted.  Cost: one array and one dict look-up
        (each distinct letter set is spelled out once and remembered)."""
        try:
            if node < 0:
                raise IndexError(node)
            mask = self._masks[node] & self._letter_bits
        except (IndexError, TypeError):
            raise foreign_node_error(node, self) from None
        letters = self._letters_of_mask.get(mask)
        if letters is None:
            letters = "".join(letter for i, letter in enumerate(self._alphabet) if mask >> i & 1)
            self._letters_of_mask[mask] = letters
        return letters

    def packed(self) -> PackedTrie:
        """The packed arrays themselves (read-only by contract), for engines that walk the trie
        with inline integer operations instead of a method call per step.  Cost: O(1)."""
        return PackedTrie(self._masks, self._first, dict(self._bits), self._terminal)

    @property
    def node_count(self) -> int:
        """Number of trie nodes (distinct prefixes, the empty one included)."""
        return len(self._masks)

    @property
    def alphabet(self) -> str:
        """The distinct characters used by the words, sorted."""
        return self._alphabet

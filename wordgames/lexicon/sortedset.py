"""The sorted-set backend: the words in sorted order plus a hash set, from sortedcontainers.

A ``sortedcontainers.SortedSet`` is a hash set paired with a ``SortedList``; this backend holds
exactly that pair, a ``frozenset`` for membership and a ``SortedList`` for ordered iteration
and prefix ranges, but builds them directly from the reader's already-sorted words (the
SortedSet constructor re-sorts its hash set, which was 0.2 s of a 0.3 s cached CSW12 load).

A node of the walk is the half-open range ``[lo, hi)`` of positions in sorted order whose words
share the node's prefix, together with that prefix: stepping narrows the range with two binary
searches, so the walk needs no structure beyond the sorted words.  The searches run over the
flat sorted list (the lexicon is immutable, and C-level ``bisect`` with bounds is several times
faster than positional look-ups in the SortedList's internal list of lists).
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator

from sortedcontainers import SortedList

from wordgames.lexicon.base import (
    Lexicon,
    check_sorted_words,
    foreign_node_error,
    letters_type_error,
    normalize,
)
from wordgames.lexicon.validate import check_word_payload

_AFTER_ALL = "\U0010ffff"  # sorts after every character a word can hold

SortedSetNode = tuple[str, int, int]


class SortedSetLexicon(Lexicon):
    """Lexicon backed by sortedcontainers' sorted structures (see the module docstring)."""

    backend_name = "sortedset"

    def __init__(self, words: list[str], source: str = "<words>") -> None:
        """Wrap ``words``, which must be sorted, unique and upper case (not copied)."""
        self.source = source
        self._flat = words
        self._set = frozenset(words)
        self._sorted = SortedList(words)  # linear on sorted input: the sort finds one run

    @classmethod
    def from_sorted_words(cls, words: list[str], source: str = "<words>") -> SortedSetLexicon:
        """Build from sorted unique upper-case words.  Cost: O(n) on sorted input."""
        words = check_sorted_words(words)
        return cls(words, source)

    def to_bytes(self) -> bytes:
        """The words as bytes for the on-disk cache."""
        return "\n".join(self._flat).encode("utf-8")

    @classmethod
    def from_bytes(cls, data: bytes, source: str = "<words>") -> SortedSetLexicon:
        """Rebuild from :meth:`to_bytes` output; ValueError when the words are not sorted and
        unique or not words (:func:`~wordgames.lexicon.validate.check_word_payload`), which the
        binary searches of the node walk rely on."""
        text = data.decode("utf-8")
        words = text.split("\n") if text else []
        check_word_payload(words)
        return cls(words, source)

    # --- whole-string queries ------------------------------------------------------------------

    def __contains__(self, word: object) -> bool:
        """Whether ``word`` is a word.  Cost: one hash look-up."""
        return isinstance(word, str) and word.upper() in self._set

    def has_prefix(self, prefix: str) -> bool:
        """Whether some word starts with ``prefix``.  Cost: a hash look-up, then a binary
        search when ``prefix`` is not itself a word."""
        prefix = normalize(prefix, "prefix")
        if prefix in self._set:
            return True
        flat = self._flat
        index = bisect.bisect_left(flat, prefix)
        return index < len(flat) and flat[index].startswith(prefix)

    def __len__(self) -> int:
        """The number of words.  Cost: O(1)."""
        return len(self._flat)

    def __iter__(self) -> Iterator[str]:
        """The words in sorted order.  Cost: O(1) per word."""
        return iter(self._sorted)

    def words_with_prefix(self, prefix: str) -> Iterator[str]:
        """The words starting with ``prefix``, sorted.  Cost: O(log n) plus one step a word."""
        prefix = normalize(prefix, "prefix")
        return iter(self._sorted.irange(prefix, prefix + _AFTER_ALL, inclusive=(True, False)))

    # --- node walk -------------------------------------------------------------------------

    def root(self) -> SortedSetNode:
        """The empty prefix over every word."""
        return ("", 0, len(self._flat))

    def step(self, node: SortedSetNode, letters: str) -> SortedSetNode | None:
        """Narrow ``node``'s range to the words continuing with ``letters``.  Cost: two
        binary searches within the range."""
        if not isinstance(letters, str):
            raise letters_type_error(letters)
        prefix, lo, hi = self._checked(node)
        if not letters:
            return node
        prefix += letters.upper()
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
            and isinstance(node[0], str)
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

    def next_letters(self, node: SortedSetNode) -> str:
        """The distinct letters after the prefix.  Cost: one binary search per letter found."""
        prefix, lo, hi = self._checked(node)
        flat = self._flat
        depth = len(prefix)
        if lo < hi and len(flat[lo]) == depth:
            lo += 1
        letters = []
        while lo < hi:
            letter = flat[lo][depth]
            letters.append(letter)
            lo = bisect.bisect_left(flat, prefix + chr(ord(letter) + 1), lo + 1, hi)
        return "".join(letters)

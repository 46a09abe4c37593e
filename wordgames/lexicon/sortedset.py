"""The sorted-set backend: the words in a ``sortedcontainers.SortedSet``.

Membership, iteration and prefix ranges come straight from the SortedSet.  A node of the walk
is the half-open range ``[lo, hi)`` of positions in sorted order whose words share the node's
prefix, together with that prefix: stepping narrows the range with two binary searches, so the
walk needs no structure beyond the sorted words.  The searches run over a flat snapshot of the
sorted words (the lexicon is immutable, and C-level ``bisect`` with bounds is several times
faster than positional look-ups in the SortedSet's internal list of lists).
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator

from sortedcontainers import SortedSet

from wordgames.lexicon.base import Lexicon, normalize

_AFTER_ALL = "\U0010ffff"  # sorts after every character a word can hold

SortedSetNode = tuple[str, int, int]


class SortedSetLexicon(Lexicon):
    """Lexicon backed by a ``sortedcontainers.SortedSet`` (see the module docstring)."""

    backend_name = "sortedset"

    def __init__(self, words: list[str], source: str = "<words>") -> None:
        self.source = source
        self._set = SortedSet(words)
        self._flat: list[str] = list(self._set)

    @classmethod
    def from_sorted_words(cls, words: list[str], source: str = "<words>") -> SortedSetLexicon:
        """Build from sorted unique upper-case words.  Cost: O(n) on sorted input."""
        return cls(words, source)

    def to_bytes(self) -> bytes:
        """The words as bytes for the on-disk cache."""
        return "\n".join(self._flat).encode("utf-8")

    @classmethod
    def from_bytes(cls, data: bytes, source: str = "<words>") -> SortedSetLexicon:
        """Rebuild from :meth:`to_bytes` output."""
        text = data.decode("utf-8")
        return cls(text.split("\n") if text else [], source)

    # --- whole-string queries ------------------------------------------------------------------

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and word.upper() in self._set

    def has_prefix(self, prefix: str) -> bool:
        prefix = normalize(prefix, "prefix")
        flat = self._flat
        index = bisect.bisect_left(flat, prefix)
        return index < len(flat) and flat[index].startswith(prefix)

    def __len__(self) -> int:
        return len(self._set)

    def __iter__(self) -> Iterator[str]:
        return iter(self._set)

    def words_with_prefix(self, prefix: str) -> Iterator[str]:
        prefix = normalize(prefix, "prefix")
        return iter(self._set.irange(prefix, prefix + _AFTER_ALL, inclusive=(True, False)))

    # --- node walk -------------------------------------------------------------------------

    def root(self) -> SortedSetNode:
        return ("", 0, len(self._flat))

    def step(self, node: SortedSetNode, letters: str) -> SortedSetNode | None:
        prefix, lo, hi = node
        prefix += letters.upper()
        flat = self._flat
        lo = bisect.bisect_left(flat, prefix, lo, hi)
        if lo == hi or not flat[lo].startswith(prefix):
            return None
        return prefix, lo, bisect.bisect_left(flat, prefix + _AFTER_ALL, lo + 1, hi)

    def is_word_at(self, node: SortedSetNode) -> bool:
        prefix, lo, hi = node
        return lo < hi and len(self._flat[lo]) == len(prefix)

    def next_letters(self, node: SortedSetNode) -> str:
        prefix, lo, hi = node
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

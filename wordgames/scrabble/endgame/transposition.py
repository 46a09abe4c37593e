# cython: boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
# (Compiled, this module indexes without checks: every index is in range and none is negative.)
"""The endgame search's transposition table: what the search learnt about each position met
(a value, whether it is exact or a bound, how deep it was searched, the best move), by the
position's 64-bit Zobrist key, in a fixed number of entries.

Compiled by Cython (C types in ``transposition.pxd``), run as plain Python where no compiler is
available.  A move is a row of integers as the search's stack holds them (see
:mod:`.search_state`).
"""

from __future__ import annotations

from typing import Any

import cython  # type: ignore[import-untyped, unused-ignore]

from wordgames.scrabble.movegen.board_arrays import _zeros

if not cython.compiled:  # compiled, transposition.pxd cimports the row's head
    from wordgames.scrabble.endgame.search_state import HEAD

COMPLETE = 1 << 30
"""The depth of a table entry whose subtree reached no horizon (its value is proven)."""
EXACT = 0
"""An entry's flag: its value is the position's (within what its depth saw)."""
LOWER = 1
"""An entry's flag: the position is worth at least its value (the search failed high)."""
UPPER = 2
"""An entry's flag: the position is worth at most its value (the search failed low)."""


class TranspositionTable:
    """``1 << bits`` entries in buckets of two (the deeper entry and the latest), each with a
    move row of ``width`` integers; lives as long as its search, so positions reached from one
    root share what was learnt.  An entry's fields are read where they are: ``depth``,
    ``value``, ``flag`` (:data:`EXACT`, :data:`LOWER` or :data:`UPPER` bound) and its move at
    ``slot * width`` of ``move``.  Memory: ``18 + 8 * width`` bytes an entry."""

    def __init__(self, bits: int, width: int) -> None:
        self.width = width
        self.size = 1 << bits
        self.mask = self.size - 1
        self.key = _zeros("Q", self.size)
        self.depth = _zeros("i", self.size)
        self.value = _zeros("i", self.size)
        self.flag = _zeros("B", self.size)
        self.move = _zeros("q", self.size * width)
        self.used = _zeros("B", self.size)

    def probe(self, key: int) -> int:
        """The slot holding ``key``, or -1.  A bucket is two slots: the first keeps the
        deeper entry (a proven one above all), the second the latest.  Cost: O(1)."""
        slot = key & self.mask & ~1
        if self.used[slot] and self.key[slot] == key:
            return slot
        slot += 1
        if self.used[slot] and self.key[slot] == key:
            return slot
        return -1

    def store(self, key: int, depth: int, value: int, flag: int, source: Any, at: int) -> None:
        """Keep an entry for ``key`` with the move at offset ``at`` of ``source`` (a pass when
        its count is negative: no move was tried).  Cost: O(width)."""
        first = key & self.mask & ~1
        slot = first + 1
        if not self.used[first] or self.key[first] == key or depth >= self.depth[first]:
            slot = first
            if self.used[first] and self.key[first] != key:
                self._move_entry(first, first + 1)  # the deeper entry so far becomes the latest
        elif self.used[first + 1] and self.key[first + 1] == key:
            slot = first + 1
        self.used[slot] = 1
        self.key[slot] = key
        self.depth[slot] = depth
        self.value[slot] = value
        self.flag[slot] = flag
        row = slot * self.width
        if source[at + 1] < 0:
            self.move[row] = 0
            self.move[row + 1] = 0
            return
        for k in range(HEAD + source[at + 1]):
            self.move[row + k] = source[at + k]

    def _move_entry(self, origin: int, target: int) -> None:
        self.used[target] = self.used[origin]
        self.key[target] = self.key[origin]
        self.depth[target] = self.depth[origin]
        self.value[target] = self.value[origin]
        self.flag[target] = self.flag[origin]
        for k in range(self.width):
            self.move[target * self.width + k] = self.move[origin * self.width + k]

# cython: boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
# (Compiled, this module indexes without checks: every index is in range and none is negative.)
"""The endgame search's transposition table: what the search learnt about each position met
(a value, whether it is exact or a bound, how deep it was searched, the best move), by the
position's 64-bit Zobrist key, in a fixed number of entries.

Compiled by Cython (C types in ``transposition.pxd``), run as plain Python where no compiler is
available.  A move is a row of integers as the search's stack holds them (see
:mod:`.search_state`).

A *shared* table lives in memory that forked processes share (an anonymous shared mapping), so
several searches of one position can learn from each other (the solver's Lazy SMP).  Its
entries are written and read without locks, so two processes writing one slot at once can
leave it torn (one's key with the other's value).  Every entry therefore carries a check word,
a hash of all its fields written last: :meth:`TranspositionTable.probe` copies the entry out
first and accepts the copy only when it matches its check, so a torn entry is a miss, never a
wrong value or a move of another position.
"""

from __future__ import annotations

import mmap
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
_MASK = 0xFFFFFFFFFFFFFFFF  # C constants when compiled (and 64-bit arithmetic wraps by itself)
_MIX = 0x9E3779B97F4A7C15  # an odd multiplier with well-spread bits (2**64 / golden ratio)


class TranspositionTable:
    """``1 << bits`` entries in buckets of two (the deeper entry and the latest), each with a
    move row of ``width`` integers; lives as long as its search, so positions reached from one
    root share what was learnt.  :meth:`probe` finds an entry and copies it into ``hit_depth``,
    ``hit_value``, ``hit_flag`` (:data:`EXACT`, :data:`LOWER` or :data:`UPPER` bound) and the
    row ``hit_move``.  With ``shared``, the entries live in memory that processes forked
    afterwards share (module docstring).  Memory: ``26 + 8 * width`` bytes an entry."""

    def __init__(self, bits: int, width: int, shared: bool = False) -> None:
        self.width = width
        self.size = size = 1 << bits
        self.mask = size - 1
        self.hit_depth = 0
        self.hit_value = 0
        self.hit_flag = 0
        self.hit_move = _zeros("q", width)
        self.memory: Any = None
        self.shared = shared
        # One anonymous mapping is cut into the arrays, the widest items first so that each
        # starts aligned: its pages are zero until first written, so a large table costs
        # only what the search touches (an array would be zeroed whole, about a quarter of a
        # second for 2^22 entries).  Private unless shared: a process forked later for
        # other work (a pool's worker) gets its own copy, never writes into this one.
        view: Any = None
        private: int = getattr(mmap, "MAP_PRIVATE", -1)
        if shared or private >= 0:
            total = size * (26 + 8 * width)
            self.memory = memory = (mmap.mmap(-1, total) if shared
                                    else mmap.mmap(-1, total, flags=private))
            view = memoryview(memory)
        at = 0
        parts: list[Any] = []
        for code, count in (("Q", size), ("Q", size), ("q", size * width), ("i", size), ("i", size),
                            ("B", size), ("B", size)):
            if view is None:
                parts.append(_zeros(code, count))
                continue
            length = count * (8 if code in "Qq" else 4 if code == "i" else 1)
            parts.append(view[at:at + length].cast(code))
            at += length
        self.key, self.check, self.move, self.depth, self.value, self.flag, self.used = parts

    def _checksum(self, key: int, depth: int, value: int, flag: int, source: Any, at: int) -> int:
        """The check word of an entry with these fields and the move row at ``at`` of
        ``source`` (its count clamped into the row: a torn row can hold any count)."""
        count = source[at + 1]
        if count < 0:
            count = 0
        if count > self.width - HEAD:
            count = self.width - HEAD
        check = ((key ^ (depth & _MASK)) * _MIX) & _MASK
        check = ((check ^ (check >> 29) ^ (value & _MASK)) * _MIX) & _MASK
        check = ((check ^ (check >> 29) ^ flag) * _MIX) & _MASK
        for k in range(HEAD + count):
            check = ((check ^ (check >> 29) ^ (source[at + k] & _MASK)) * _MIX) & _MASK
        return check ^ (check >> 32)

    def probe(self, key: int) -> int:
        """The slot holding ``key``, its entry copied into the ``hit_`` fields, or -1 (also,
        shared, when the copy does not match its check: another process was writing it).  A bucket
        is two slots: the first keeps the deeper entry (a proven one above all), the second
        the latest.  Cost: O(width)."""
        slot = key & self.mask & ~1
        if not (self.used[slot] and self.key[slot] == key):
            slot += 1
            if not (self.used[slot] and self.key[slot] == key):
                return -1
        self.hit_depth = self.depth[slot]
        self.hit_value = self.value[slot]
        self.hit_flag = self.flag[slot]
        row = slot * self.width
        for k in range(self.width):
            self.hit_move[k] = self.move[row + k]
        if self.shared and self.check[slot] != self._checksum(key, self.hit_depth, self.hit_value,
                                                              self.hit_flag, self.hit_move, 0):
            return -1
        return slot

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
        else:
            for k in range(HEAD + source[at + 1]):
                self.move[row + k] = source[at + k]
        if self.shared:  # alone, nothing can tear an entry: the check is not kept
            self.check[slot] = self._checksum(key, depth, value, flag, self.move, row)

    def _move_entry(self, origin: int, target: int) -> None:
        self.used[target] = self.used[origin]
        self.key[target] = self.key[origin]
        self.check[target] = self.check[origin]
        self.depth[target] = self.depth[origin]
        self.value[target] = self.value[origin]
        self.flag[target] = self.flag[origin]
        for k in range(self.width):
            self.move[target * self.width + k] = self.move[origin * self.width + k]

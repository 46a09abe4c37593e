# cython: boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
# (Compiled, this module indexes without checks: every index is in range and none is negative.)
"""The endgame search's move cache: the move lists of the boards and racks met, by key.

Iterative deepening meets every inner position again, and transpositions meet boards again:
a list kept here is copied back instead of generated.  Compiled by Cython (C types in
``move_cache.pxd``), run as plain Python where no compiler is available.
"""

from __future__ import annotations

from typing import Any

from wordgames.memory import mapped_zeros

CACHED_MOVES = 64
"""Integers of cached move rows per slot of the move cache (the size of its arena, whose
memory is taken as it fills).  The arena keeps them in 32 bits (a move's score, its tile
count and its tile codes fit: the search's values are within a million)."""


class MoveCache:
    """Move lists (rows of ``width`` integers, as the search's stack holds them) in ``1 << bits``
    slots, one list a slot keyed by a 64-bit key (the latest list wins its slot), their rows in
    one arena of :data:`CACHED_MOVES` integers a slot; when the arena is full everything is
    forgotten at once (a new epoch).  Memory: 280 bytes a slot at most, taken only as the
    slots and the arena are first written (:func:`~wordgames.memory.mapped_zeros`)."""

    def __init__(self, bits: int, width: int) -> None:
        self.width = width
        self.mask = (1 << bits) - 1
        # Mapped, not allocated: a short search touches few pages of these (and makes no
        # copies of a growing arena), a long one takes the memory as it goes.
        self.keys = mapped_zeros("Q", 1 << bits)
        self.at = mapped_zeros("q", 1 << bits)
        self.count = mapped_zeros("i", 1 << bits)
        self.epochs = mapped_zeros("i", 1 << bits)
        self.moves = mapped_zeros("i", (1 << bits) * CACHED_MOVES)
        self.top = 0
        self.epoch = 1

    def find(self, key: int) -> int:
        """The slot holding the list of ``key``, or -1.  Cost: O(1)."""
        slot = key & self.mask
        if self.epochs[slot] == self.epoch and self.keys[slot] == key:
            return slot
        return -1

    def rows(self, slot: int) -> int:
        """How many move rows the list of ``slot`` (found by :meth:`find`) holds."""
        return self.count[slot]

    def copy_out(self, slot: int, target: Any, at: int) -> None:
        """The rows of ``slot``'s list into ``target`` (a move array) from offset ``at``.
        Cost: O(rows * width)."""
        start = self.at[slot]
        for i in range(self.count[slot] * self.width):
            target[at + i] = self.moves[start + i]

    def keep(self, key: int, source: Any, at: int, count: int) -> None:
        """Keep the ``count`` rows of ``source`` (a move array) from offset ``at`` as the list
        of ``key`` (nothing when they exceed the whole arena).  Cost: O(count * width)."""
        need = count * self.width
        if need > len(self.moves):
            return
        if self.top + need > len(self.moves):
            self.epoch += 1  # full: forget everything at once
            self.top = 0
        start = self.top
        for i in range(need):
            self.moves[start + i] = source[at + i]
        self.top += need
        slot = key & self.mask
        self.keys[slot] = key
        self.at[slot] = start
        self.count[slot] = count
        self.epochs[slot] = self.epoch

# cython: boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
# (Compiled, this module indexes without checks: every index is in range and none is negative.)
"""The endgame search's transposition table: what the search learnt about each position met
(a value, whether it is exact or a bound, how deep it was searched, the best move), by the
position's 64-bit Zobrist key, in a fixed number of entries.

Compiled by Cython (C types in ``transposition.pxd``), run as plain Python where no compiler is
available.  A move is a row of integers as the search's stack holds them (see
:mod:`.search_state`); the table packs it (a tile code in 16 bits where the board has at most
256 squares, else 32), so that an entry of a standard board is five 64-bit words, 40 bytes,
and a bucket of two entries spans at most two cache lines.

An entry's first word is its key XORed with its other words (the "lockless" scheme of chess
programs): a lookup reads the entry's words once and accepts them only when they XOR back to
the key it looks for.  So a *shared* table, which lives in memory that forked processes share
(an anonymous shared mapping, for the solver's Lazy SMP) and is written and read without
locks, never yields a torn entry (one process's key with another's value): it is a miss.
"""

from __future__ import annotations

from typing import Any

import cython  # type: ignore[import-untyped, unused-ignore]

from wordgames.memory import mapped_zeros
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
_LOW = 0xFFFFFFFF  # C constants when compiled
_SIGN = 0x80000000
_USED = 1  # the bit of an entry's third word that marks it used (a zeroed entry is empty)
_FIRST_CODE = 3  # words before an entry's tile codes: the lock, depth and value, the move's head


def _signed(word: int) -> int:
    """The low 32 bits of ``word`` as a signed number."""
    low = word & _LOW
    return low - ((low & _SIGN) << 1)


class TranspositionTable:
    """``1 << bits`` entries in buckets of two (the deeper entry and the latest), each keeping
    a move row of up to ``width`` integers for a board of ``squares`` squares; lives as long as
    its search (which may :meth:`grow` it), so positions reached from one root share what was
    learnt.  :meth:`probe` finds an entry and copies it into ``hit_depth``, ``hit_value``,
    ``hit_flag`` (:data:`EXACT`, :data:`LOWER` or :data:`UPPER` bound) and the row
    ``hit_move``.  With ``shared``, the
    entries live in memory that processes forked afterwards share (module docstring).
    Memory: ``8 * words`` bytes an entry, ``words`` being 3 and a word for every 4 tile codes
    a move can hold (2 on boards of more than 256 squares): 40 bytes on a standard board."""

    def __init__(self, bits: int, width: int, squares: int, shared: bool = False) -> None:
        self.width = width
        self.code_bits = 16 if squares <= 256 else 32  # a code is square << 8 | tile number
        self.code_mask = 0xFFFF if squares <= 256 else 0xFFFFFFFF
        self.per_word_shift = 2 if squares <= 256 else 1  # log2 of the codes in a word
        per_word = 1 << self.per_word_shift
        self.words = _FIRST_CODE + (width - HEAD + per_word - 1) // per_word
        self.hit_depth = 0
        self.hit_value = 0
        self.hit_flag = 0
        self.hit_move = _zeros("q", width)
        self.found = _zeros("Q", self.words)
        self.shared = shared
        self.entries: Any = self._allocate(bits)
        self.bits = bits
        self.size = 1 << bits
        self.mask = self.size - 1

    def _allocate(self, bits: int) -> Any:
        """Zeroed words for ``1 << bits`` entries."""
        total = (1 << bits) * self.words
        if not self.shared:
            # Private: a process forked later for other work (a pool's worker) gets its own
            # copy, never writes into this one.  Populated at once: keys spread the entries
            # over every page, so a search soon touches them all, and making them present at
            # once costs less than a page fault or two for each (a probe reads the page, then
            # a store writes it).  In huge pages: a probe is a read from anywhere in the
            # table, and with small pages most probes also waited for the page's address.
            return mapped_zeros("Q", total, populate=True, huge_pages=True)
        # Shared: its pages are taken as they are first written.
        return mapped_zeros("Q", total, shared=True)

    def grow(self, bits: int) -> None:
        """Make room for ``1 << bits`` entries, keeping every entry held (nothing when the
        table is that large already, or shared: forked processes hold its memory).  A search
        grows its table as it goes, so that a short one works in a table the caches hold and
        the memory of a long one's is taken only as it is needed.  Cost: O(entries held
        now)."""
        if bits <= self.bits or self.shared:
            return
        old = self.entries
        old_size = self.size
        self.entries = self._allocate(bits)
        self.bits = bits
        self.size = 1 << bits
        self.mask = self.size - 1
        words = self.words
        # The first slots of the old buckets (the deeper entries) first, so that they take
        # the first slots of the new ones.
        for second in range(2):
            for slot in range(second, old_size, 2):
                at = slot * words
                if not old[at + 2] & _USED:
                    continue
                lock = 0
                for k in range(words):
                    lock ^= old[at + k]
                target = lock & self.mask & ~1
                if self.entries[target * words + 2] & _USED:
                    target += 1
                    if self.entries[target * words + 2] & _USED:
                        continue  # both slots taken by entries kept before it
                for k in range(words):
                    self.entries[target * words + k] = old[at + k]

    def _load(self, slot: int) -> int:
        """Copy the entry of ``slot`` into ``found``; the key its words XOR back to (used or
        not: see ``found[2] & _USED``).  Cost: O(words)."""
        at = slot * self.words
        lock = 0
        for k in range(self.words):
            self.found[k] = self.entries[at + k]
            lock ^= self.found[k]
        return lock

    def _holds(self, slot: int, key: int) -> bool:
        """Whether the entry of ``slot``, copied into ``found``, is used and holds ``key``."""
        return self._load(slot) == key and bool(self.found[2] & _USED)

    def probe(self, key: int) -> int:
        """The slot holding ``key``, its entry copied into the ``hit_`` fields, or -1 (also
        when its words do not XOR back to the key: another process was writing it).  A bucket
        is two slots: the first keeps the deeper entry (a proven one above all), the second the
        latest.  Cost: O(words)."""
        slot = key & self.mask & ~1
        if not self._holds(slot, key):
            slot += 1
            if not self._holds(slot, key):
                return -1
        found = self.found
        self.hit_depth = _signed(found[1])
        self.hit_value = _signed(found[1] >> 32)
        self.hit_flag = (found[2] >> 1) & 3
        count = (found[2] >> 8) & 0xFFFF
        if count > self.width - HEAD:  # only ever a key's chance collision: stay in the row
            count = self.width - HEAD
        self.hit_move[0] = _signed(found[2] >> 32)
        self.hit_move[1] = count
        shift = self.per_word_shift
        for k in range(count):
            word = found[_FIRST_CODE + (k >> shift)]
            self.hit_move[HEAD + k] = (word >> ((k & ((1 << shift) - 1)) * self.code_bits)) & self.code_mask
        return slot

    def store(self, key: int, depth: int, value: int, flag: int, source: Any, at: int) -> None:
        """Keep an entry for ``key`` with the move at offset ``at`` of ``source`` (a pass when
        its count is negative: no move was tried).  Cost: O(words)."""
        first = key & self.mask & ~1
        slot = first + 1
        first_key = self._load(first)
        first_used = bool(self.found[2] & _USED)
        first_depth = _signed(self.found[1])
        if not first_used or first_key == key or depth >= first_depth:
            slot = first
            if first_used and first_key != key:
                self._move_entry(first, first + 1)  # the deeper entry so far becomes the latest
        found = self.found
        for k in range(self.words):
            found[k] = 0
        found[1] = (depth & _LOW) | ((value & _LOW) << 32)
        count = source[at + 1]
        if count > 0:
            found[2] = _USED | (flag << 1) | (count << 8) | ((source[at] & _LOW) << 32)
            shift = self.per_word_shift
            for k in range(count):
                found[_FIRST_CODE + (k >> shift)] |= (
                    (source[at + HEAD + k] & self.code_mask) << ((k & ((1 << shift) - 1)) * self.code_bits))
        else:  # a pass (or no move tried): score and count 0
            found[2] = _USED | (flag << 1)
        lock = key
        for k in range(1, self.words):
            lock ^= found[k]
        found[0] = lock
        row = slot * self.words
        for k in range(self.words):
            self.entries[row + k] = found[k]

    def _move_entry(self, origin: int, target: int) -> None:
        for k in range(self.words):
            self.entries[target * self.words + k] = self.entries[origin * self.words + k]

# cython: boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
# (Compiled, this module indexes without checks: every index is in range and none is negative.)
"""The endgame search's transposition table: what the search learnt about each position met
(a value, whether it is exact or a bound, how deep it was searched, the best move), by the
position's 64-bit Zobrist key, in a fixed number of entries.

Compiled by Cython (C types in ``transposition.pxd``), run as plain Python where no compiler is
available.  A move is a row of integers as the search's stack holds them (see
:mod:`.search_state`); the table packs it (a tile code in 16 bits where the board has at most
256 squares, else 32), and packs the rest of an entry (whether it is used, its bound, depth,
value, the move's score and tile count) into one word, so that an entry of a standard board
is four 64-bit words, 32 bytes, and a bucket of two entries is one 64-byte cache line (the
table's memory starts on a page).  An entry whose numbers do not fit their bits (a value
beyond about half a million points, a depth past 4,095 plies: no endgame of a real board
comes near) is not kept: the table is a cache, and a store it skips costs only time.

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

    def _prefetch(address: object) -> None:
        """Nothing: compiled, the processor's prefetch (declared in board_arrays.pxd)."""

COMPLETE = 1 << 30
"""The depth of a table entry whose subtree reached no horizon (its value is proven)."""
EXACT = 0
"""An entry's flag: its value is the position's (within what its depth saw)."""
LOWER = 1
"""An entry's flag: the position is worth at least its value (the search failed high)."""
UPPER = 2
"""An entry's flag: the position is worth at most its value (the search failed low)."""
_USED = 1  # the bit of an entry's head word that marks it used (a zeroed entry is empty)
_FIRST_CODE = 2  # words before an entry's tile codes: the lock and the head
# The head word: bit 0 used, bits 1-2 the bound's flag, bit 3 proven (COMPLETE), bits 4-11
# the move's tile count, bits 12-23 the depth, bits 24-43 the value (two's complement), bits
# 44-63 the move's score.  C constants when compiled.
_PROVEN_BIT = 8
_COUNT_SHIFT = 4
_COUNT_MASK = 0xFF
_DEPTH_SHIFT = 12
_DEPTH_MASK = 0xFFF
_VALUE_SHIFT = 24
_VALUE_MASK = 0xFFFFF
_VALUE_SIGN = 0x80000
_SCORE_SHIFT = 44
_SCORE_LIMIT = 1 << 20


def _head_value(head: int) -> int:
    """The value a head word holds, signed."""
    value = (head >> _VALUE_SHIFT) & _VALUE_MASK
    return value - ((value & _VALUE_SIGN) << 1)


def _head_depth(head: int) -> int:
    """The depth a head word holds (:data:`COMPLETE` for a proven entry)."""
    if head & _PROVEN_BIT:
        return COMPLETE
    return (head >> _DEPTH_SHIFT) & _DEPTH_MASK


class TranspositionTable:
    """``1 << bits`` entries in buckets of two (the deeper entry and the latest), each keeping
    a move row of up to ``width`` integers for a board of ``squares`` squares; lives as long as
    its search (which may :meth:`grow` it), so positions reached from one root share what was
    learnt.  :meth:`probe` finds an entry and copies it into ``hit_depth``, ``hit_value``,
    ``hit_flag`` (:data:`EXACT`, :data:`LOWER` or :data:`UPPER` bound) and the row
    ``hit_move``.  With ``shared``, the
    entries live in memory that processes forked afterwards share (module docstring).
    Memory: ``8 * words`` bytes an entry, ``words`` being 2 and a word for every 4 tile codes
    a move can hold (2 on boards of more than 256 squares): 32 bytes on a standard board."""

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
                if not old[at + 1] & _USED:
                    continue
                lock = 0
                for k in range(words):
                    lock ^= old[at + k]
                target = lock & self.mask & ~1
                if self.entries[target * words + 1] & _USED:
                    target += 1
                    if self.entries[target * words + 1] & _USED:
                        continue  # both slots taken by entries kept before it
                for k in range(words):
                    self.entries[target * words + k] = old[at + k]

    def prefetch(self, key: int) -> None:
        """Ask the processor to bring ``key``'s bucket into its cache (compiled; nothing
        interpreted): a probe soon after finds it there instead of waiting for memory."""
        if cython.compiled:
            _prefetch(cython.address(self.entries[(key & self.mask & ~1) * self.words]))

    def _load(self, slot: int) -> int:
        """Copy the entry of ``slot`` into ``found``; the key its words XOR back to (used or
        not: see ``found[1] & _USED``).  Cost: O(words)."""
        at = slot * self.words
        lock = 0
        for k in range(self.words):
            self.found[k] = self.entries[at + k]
            lock ^= self.found[k]
        return lock

    def _holds(self, slot: int, key: int) -> bool:
        """Whether the entry of ``slot``, copied into ``found``, is used and holds ``key``."""
        return self._load(slot) == key and bool(self.found[1] & _USED)

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
        head = found[1]
        self.hit_depth = _head_depth(head)
        self.hit_value = _head_value(head)
        self.hit_flag = (head >> 1) & 3
        count = (head >> _COUNT_SHIFT) & _COUNT_MASK
        if count > self.width - HEAD:  # only ever a key's chance collision: stay in the row
            count = self.width - HEAD
        self.hit_move[0] = head >> _SCORE_SHIFT
        self.hit_move[1] = count
        shift = self.per_word_shift
        for k in range(count):
            word = found[_FIRST_CODE + (k >> shift)]
            self.hit_move[HEAD + k] = (word >> ((k & ((1 << shift) - 1)) * self.code_bits)) & self.code_mask
        return slot

    def store(self, key: int, depth: int, value: int, flag: int, source: Any, at: int) -> None:
        """Keep an entry for ``key`` with the move at offset ``at`` of ``source`` (a pass when
        its count is negative: no move was tried); nothing when a number does not fit its bits
        (module docstring).  Cost: O(words)."""
        count = source[at + 1]
        score = source[at] if count > 0 else 0
        if count < 0:
            count = 0
        if (not -_VALUE_SIGN <= value < _VALUE_SIGN or not 0 <= score < _SCORE_LIMIT
                or count > _COUNT_MASK or (depth != COMPLETE and not 0 <= depth <= _DEPTH_MASK)):
            return
        first = key & self.mask & ~1
        slot = first + 1
        first_key = self._load(first)
        first_used = bool(self.found[1] & _USED)
        first_depth = _head_depth(self.found[1])
        if not first_used or first_key == key or depth >= first_depth:
            slot = first
            if first_used and first_key != key:
                self._move_entry(first, first + 1)  # the deeper entry so far becomes the latest
        found = self.found
        for k in range(self.words):
            found[k] = 0
        head = score  # unsigned when compiled: the score's shift to the top bits cannot overflow
        head = ((head << _SCORE_SHIFT) | _USED | (flag << 1) | (count << _COUNT_SHIFT)
                | ((value & _VALUE_MASK) << _VALUE_SHIFT))
        if depth == COMPLETE:
            head |= _PROVEN_BIT
        else:
            head |= depth << _DEPTH_SHIFT
        found[1] = head
        shift = self.per_word_shift
        for k in range(count):  # a pass (or no move tried): no codes
            found[_FIRST_CODE + (k >> shift)] |= (
                (source[at + HEAD + k] & self.code_mask) << ((k & ((1 << shift) - 1)) * self.code_bits))
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

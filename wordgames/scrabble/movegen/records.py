# cython: boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
# (Compiled, this module indexes without checks: every index is in range and none is negative.)
"""How the move-generation kernel (:mod:`.kernel`) holds what it reads and records what it
finds.

:class:`Recorder` is the part of the kernel's state that is not the search itself: the
lexicon's arrays, the board's (a :class:`~.board_arrays.BoardState`, read at the start of each
search), the bounds of the best-move search, and the records.  Each move found is one record
of :data:`RECORD` integers in a growable buffer — its score, orientation (1 across, 0 down),
line, first and last square, where its tiles start in a tile buffer, and the mask of the
squares it fills (``R_SCORE`` ... ``R_NEW``) — and its main word's tile numbers (board
tiles included, ``n | BLANK_BIT`` for a blank) in that tile buffer.  A word holding blanks is
recorded once per way to assign them (each blank moved to a square loses what a real tile
would have earned there), without touching the lexicon.  In the best-move search the
threshold is the lowest of the ``keep`` best scores recorded so far.

C types are declared in ``records.pxd``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import cython  # type: ignore[import-untyped, unused-ignore]

from wordgames.scrabble.movegen.board_arrays import KernelLexicon, _grown, _zeros

if not cython.compiled:  # compiled, records.pxd cimports the C function
    from wordgames.scrabble.movegen.board_arrays import _bits

NO_BOUND = -(1 << 60)
RECORD = 7
"""Integers per move record (the fields below)."""
R_SCORE = 0
R_ACROSS = 1
R_LINE = 2
R_FIRST = 3
R_LAST = 4
R_TILES = 5
"""Where the record's tiles start in the tile buffer."""
R_NEW = 6
"""Bit ``i`` set when the move fills square ``first + i``."""
BLANK_FLAG = 128
"""Set on a tile number in the tile buffer when a blank plays it (BLANK_BIT)."""
_WIDTH = RECORD  # as C constants for the compiled loops
_BLANK = BLANK_FLAG
_UNBLANK = 0x7F


class Recorder:
    """The kernel's state apart from the search (see the module docstring).  After a search,
    ``records[:count * RECORD]`` holds the moves found and ``tiles`` their tiles."""

    def __init__(self, lexicon: KernelLexicon, values: Sequence[int]) -> None:
        """``values``: each tile's points by tile number, index 0 the blank (0)."""
        self.masks = lexicon.masks
        self.first = lexicon.first
        self.height = lexicon.height
        self.letter_count = len(values) - 1
        letters: int = self.letter_count  # a Python int: the shift must not overflow a C long
        self.full = (1 << letters) - 1
        self.values = _zeros("q", len(values))
        for t in range(len(values)):
            self.values[t] = values[t]
        self.rows = 0
        self.cols = 0
        self.squares = 0
        self.rack = _zeros("i", len(values))
        self.uses = _zeros("i", len(values))
        self.records = _zeros("q", 64 * _WIDTH)
        self.tiles = _zeros("B", 512)
        self.top = _zeros("q", 1)
        self.count = 0
        self.used_tiles = 0
        self.keep = 0
        self.threshold = NO_BOUND
        self.blanks_on_rack = 0
        # Where the search is: its line, and the first square of the word being built.
        self.across = 1
        self.line = 0
        self.line_base = 0
        self.start = 0
        self.word = _zeros("i", 1)
        self.offsets = _zeros("i", 1)
        self.losses = _zeros("q", 1)
        self.chosen = _zeros("i", 1)
        self.flags = _zeros("i", 1)
        self.most_points = _zeros("q", 1)
        self.most_mult = _zeros("q", 1)
        self.most_cross = _zeros("q", 1)
        self.most_lm = _zeros("q", 1)
        self.board: Any = None

    # --- the board ------------------------------------------------------------------------------

    def use_board(self, state: Any) -> None:
        """Search on ``state`` (a synced :class:`~.board_arrays.BoardState` of this kernel's
        lexicon and values) until told otherwise."""
        self.board = state
        self.tile = state.tile
        self.tile_points = state.tile_points
        self.full_tile = state.full_tile
        self.cross = state.cross
        self.cross_points = state.cross_points
        self.cross_length = state.cross_length
        self.lm = state.lm
        self.wm = state.wm
        self.anchor = state.anchor
        self.next_square = state.next_square
        self.run_points = state.run_points
        if state.rows != self.rows or state.cols != self.cols:
            self.rows = state.rows
            self.cols = state.cols
            self.squares = state.squares
            side = max(self.rows, self.cols) + 1
            self.word = _zeros("i", side)
            self.offsets = _zeros("i", side)
            self.losses = _zeros("q", side)
            self.chosen = _zeros("i", side)
            self.flags = _zeros("i", side)

    def _base(self, across: int) -> int:
        """Where orientation ``across`` (1) or down (0) starts in the square arrays."""
        return 0 if across else self.rows * self.cols

    def _child(self, node: int, tile: int) -> int:
        """The node after ``node`` along tile ``tile`` (1..63), or -1 (0: no tile)."""
        if tile == 0:
            return -1
        bit: int = 1
        bit <<= tile - 1
        mask = self.masks[node]
        if not mask & bit:
            return -1
        return self.first[node] + _bits(mask & (bit - 1))

    # --- bounds of the best-move search ----------------------------------------------------------

    def _line_bounds(self, line_base: int, length: int, max_value: int, tiles: int) -> None:
        """For each square ``col`` of the line starting at ``line_base`` and each number
        ``k`` <= ``tiles`` of rack tiles put down from it (index ``(line_base + col) *
        (tiles + 1) + k``), the most those tiles and the board tiles they reach can add to a
        move (tiles worth at most ``max_value``): the board tiles' points, the product of the
        word multipliers, the cross words, the highest letter multiplier.  Where fewer than
        ``k`` empty squares are left, the figures of all of them.  The best-move search bounds
        a path with them.  Cost: O(length x tiles)."""
        width = tiles + 1
        need = width * self.squares
        if len(self.most_points) < need:
            self.most_points = _zeros("q", need)
            self.most_mult = _zeros("q", need)
            self.most_cross = _zeros("q", need)
            self.most_lm = _zeros("q", need)
        for col in range(length):
            points = 0
            mult = 1
            cross = 0
            lm = 0
            k = 0
            square = col
            while square < length and self.tile[line_base + square] != 0:
                points += self.tile_points[line_base + square]
                square += 1
            while k < tiles:
                if square < length:  # the next empty square, and the board tiles after it
                    at = line_base + square
                    mult *= self.wm[at]
                    lm = max(lm, self.lm[at])
                    if self.cross_points[at] >= 0 and self.cross[at]:
                        cross += (self.cross_points[at] + max_value * self.lm[at]) * self.wm[at]
                    square += 1
                    while square < length and self.tile[line_base + square] != 0:
                        points += self.tile_points[line_base + square]
                        square += 1
                k += 1
                at = (line_base + col) * width + k
                self.most_points[at] = points
                self.most_mult[at] = mult
                self.most_cross[at] = cross
                self.most_lm[at] = lm

    def _anchor_bound(self, line_base: int, col: int, limit: int, tiles: int, max_value: int,
                      bingo: int) -> int:
        """The most a move through anchor ``col`` (of the line starting at ``line_base``,
        bounds made by :meth:`_line_bounds` for ``tiles``) can score, its first square at
        most ``limit`` empty squares before the anchor or at the board tiles just before it,
        ``bingo`` added."""
        width = tiles + 1
        first = col - limit
        if col > 0 and self.tile[line_base + col - 1] != 0:
            first = col - 1
            while first > 0 and self.tile[line_base + first - 1] != 0:
                first -= 1
            limit = 0
        most = 0
        for start in range(first, first + limit + 1):
            at = (line_base + start) * width + tiles
            score = ((self.most_points[at] + tiles * max_value * self.most_lm[at]) * self.most_mult[at]
                     + self.most_cross[at])
            most = max(most, score)
        return most + bingo

    # --- records ---------------------------------------------------------------------------------

    def _start_records(self, keep: int) -> None:
        """No records yet; with ``keep`` > 0 keep the threshold of the ``keep`` best."""
        self.count = 0
        self.used_tiles = 0
        self.threshold = NO_BOUND
        self.keep = keep
        if keep > 0:
            self.top = _zeros("q", keep)
            for i in range(keep):
                self.top[i] = NO_BOUND

    def _emit(self, score: int, end: int) -> None:
        """Record the word on squares ``start..end`` as it stands in ``word``."""
        n = self.count
        if _WIDTH * n + _WIDTH > len(self.records):
            self.records = _grown(self.records, _WIDTH * n, _WIDTH * n + _WIDTH)
        length = end - self.start + 1
        offset = self.used_tiles
        if offset + length > len(self.tiles):
            self.tiles = _grown(self.tiles, offset, offset + length)
        new = 0
        bit = 1
        for square in range(self.start, end + 1):
            self.tiles[offset + square - self.start] = self.word[square]
            if self.tile[self.line_base + square] == 0:
                new |= bit
            bit <<= 1
        self.used_tiles = offset + length
        base = _WIDTH * n
        self.records[base + R_SCORE] = score
        self.records[base + R_ACROSS] = self.across
        self.records[base + R_LINE] = self.line
        self.records[base + R_FIRST] = self.start
        self.records[base + R_LAST] = end
        self.records[base + R_TILES] = offset
        self.records[base + R_NEW] = new
        self.count = n + 1
        if self.keep > 0:
            self._raise_threshold(score)

    def _raise_threshold(self, score: int) -> None:
        """Keep the ``keep`` best scores seen; the threshold is the lowest of them."""
        keep = self.keep
        if score <= self.top[keep - 1]:
            return
        j = keep - 1
        while j > 0 and self.top[j - 1] < score:
            self.top[j] = self.top[j - 1]
            j -= 1
        self.top[j] = score
        self.threshold = self.top[keep - 1]

    def _designate(self, end: int, mult: int, score: int) -> None:
        """Emit every blank assignment of the word on ``start..end``: ``score`` is that of the
        assignment in ``word``; each blank moved to a square loses what a real tile would have
        earned there."""
        count = 0
        for t in range(self.letter_count + 1):
            self.uses[t] = 0
        for square in range(self.start, end + 1):
            at = self.line_base + square
            if self.tile[at] != 0:
                continue
            tile = self.word[square]
            self.flags[count] = tile
            if tile >= _BLANK:
                tile -= _BLANK
                self.word[square] = tile
            xwm = self.wm[at] if self.cross_points[at] >= 0 else 0
            loss = self.values[tile] * self.lm[at] * (mult + xwm)
            if tile != self.flags[count]:
                score += loss
            self.offsets[count] = square
            self.losses[count] = loss
            self.uses[tile] += 1
            count += 1
        forced = 0
        for t in range(1, self.letter_count + 1):
            if self.uses[t] > self.rack[t]:
                forced += self.uses[t] - self.rack[t]
        if not forced and score >= self.threshold:
            self._emit(score, end)
        for size in range(max(forced, 1), min(self.blanks_on_rack, count) + 1):
            for j in range(size):
                self.chosen[j] = j
            while True:
                self._try_blanks(size, forced, end, score)
                j = size - 1
                while j >= 0 and self.chosen[j] == count - size + j:
                    j -= 1
                if j < 0:
                    break
                self.chosen[j] += 1
                for k in range(j + 1, size):
                    self.chosen[k] = self.chosen[k - 1] + 1
        for j in range(count):  # the word as the search left it
            self.word[self.offsets[j]] = self.flags[j]

    def _try_blanks(self, size: int, forced: int, end: int, score: int) -> None:
        """Emit the assignment with blanks on the ``chosen`` placed squares, if the rack's
        real tiles cover the others and it scores at least the threshold."""
        total = score
        for j in range(size):
            total -= self.losses[self.chosen[j]]
        if total < self.threshold:
            return
        if forced:
            # Enough when the blanks cover every tile the rack lacks.
            covered = 0
            for j in range(size):
                tile = self.word[self.offsets[self.chosen[j]]]
                if self.uses[tile] > self.rack[tile]:
                    covered += 1
                self.uses[tile] -= 1
            for j in range(size):
                self.uses[self.word[self.offsets[self.chosen[j]]]] += 1
            if covered < forced:
                return
        for j in range(size):
            self.word[self.offsets[self.chosen[j]]] += _BLANK
        self._emit(total, end)
        for j in range(size):
            self.word[self.offsets[self.chosen[j]]] -= _BLANK

# cython: boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
# (Compiled, this module indexes without checks: every index is in range and none is negative.)
"""How the typed move-generation kernel (:mod:`.kernel`) records what it finds: each move one
record in a growable integer buffer (score, orientation, line, first and last square, where
its letters start in a letter buffer), and each word's blank designations (see
:mod:`.blanks`, the reference's) expanded without touching the lexicon.  In the best-move
search the threshold is the lowest of the ``keep`` best scores recorded so far.

:class:`Recorder` extends :class:`.board_arrays.BoardArrays` and :class:`.kernel.Kernel`
extends it with the search.  C types are declared in ``records.pxd``.
"""

from __future__ import annotations

from collections.abc import Sequence

from wordgames.scrabble.movegen.board_arrays import BoardArrays, KernelLexicon, _grown, _zeros

NO_BOUND = -(1 << 60)
RECORD = 6
"""Integers per move record: score, orientation (1 across, 0 down), line, first and last
square, letter offset."""
BLANK_FLAG = 128
"""Added to a letter number in the letter buffer when a blank plays it."""
_WIDTH = 6  # RECORD and BLANK_FLAG as C constants for the compiled loops
_BLANK = 128


class Recorder(BoardArrays):
    """The record buffers and the blank designations.  After a search,
    ``records[:count * RECORD]`` holds the moves found and ``letters`` their letters (tile
    numbers, ``+ BLANK_FLAG`` for a blank played), each move's from its first square to its
    last."""

    def __init__(self, lexicon: KernelLexicon, values: Sequence[int]) -> None:
        BoardArrays.__init__(self, lexicon, values)
        self.rack = _zeros("i", len(values) + 1)
        self.uses = _zeros("i", len(values) + 1)
        self.records = _zeros("q", 64 * _WIDTH)
        self.letters = _zeros("B", 512)
        self.top = _zeros("q", 1)
        self.count = 0
        self.used_letters = 0
        self.keep = 0
        self.threshold = NO_BOUND
        self.blanks_on_rack = 0
        # Where the search is: its line, and the first square of the word being built.
        self.across = 1
        self.line = 0
        self.line_base = 0
        self.start = 0

    def _start_records(self, keep: int) -> None:
        """No records yet; with ``keep`` > 0 keep the threshold of the ``keep`` best."""
        self.count = 0
        self.used_letters = 0
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
        offset = self.used_letters
        if offset + length > len(self.letters):
            self.letters = _grown(self.letters, offset, offset + length)
        for square in range(self.start, end + 1):
            self.letters[offset + square - self.start] = self.word[square]
        self.used_letters = offset + length
        base = _WIDTH * n
        self.records[base] = score
        self.records[base + 1] = self.across
        self.records[base + 2] = self.line
        self.records[base + 3] = self.start
        self.records[base + 4] = end
        self.records[base + 5] = offset
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
        """Emit every blank assignment of the word on ``start..end`` (see :mod:`.blanks`):
        ``score`` is that of the assignment in ``word``; each blank moved to a square loses
        what a real tile would have earned there."""
        count = 0
        for i in range(self.letter_count):
            self.uses[i] = 0
        for square in range(self.start, end + 1):
            at = self.line_base + square
            if self.tile[at] >= 0:
                continue
            letter = self.word[square]
            self.flags[count] = letter
            if letter >= _BLANK:
                letter -= _BLANK
                self.word[square] = letter
            xwm = self.wm[at] if self.cross_points[at] >= 0 else 0
            loss = self.values[letter] * self.lm[at] * (mult + xwm)
            if letter != self.flags[count]:
                score += loss
            self.offsets[count] = square
            self.losses[count] = loss
            self.uses[letter] += 1
            count += 1
        forced = 0
        for i in range(self.letter_count):
            if self.uses[i] > self.rack[i]:
                forced += self.uses[i] - self.rack[i]
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
                letter = self.word[self.offsets[self.chosen[j]]]
                if self.uses[letter] > self.rack[letter]:
                    covered += 1
                self.uses[letter] -= 1
            for j in range(size):
                self.uses[self.word[self.offsets[self.chosen[j]]]] += 1
            if covered < forced:
                return
        for j in range(size):
            self.word[self.offsets[self.chosen[j]]] += _BLANK
        self._emit(total, end)
        for j in range(size):
            self.word[self.offsets[self.chosen[j]]] -= _BLANK

    def placed_codes(self, count: int) -> list[tuple[int, tuple[int, ...]]]:
        """The first ``count`` records as ``(score, codes)``: one code per tile the move puts
        down, ``square << 8 | letter`` (``+ BLANK_FLAG`` for a blank) with squares numbered
        row-major, in reading order.  The endgame searches on these instead of building
        :class:`~wordgames.scrabble.core.move.Move` objects.  Cost: O(squares of the words)."""
        found = []
        cols = self.cols
        for n in range(count):
            base = _WIDTH * n
            across = self.records[base + 1]
            line = self.records[base + 2]
            first = self.records[base + 3]
            last = self.records[base + 4]
            offset = self.records[base + 5]
            line_base = self._base(across) + line * (cols if across else self.rows)
            codes = []
            for square in range(first, last + 1):
                if self.tile[line_base + square] < 0:
                    at = line * cols + square if across else square * cols + line
                    codes.append(at << 8 | self.letters[offset + square - first])
            found.append((self.records[base], tuple(codes)))
        return found

# cython: boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
# (Compiled, this module indexes without checks: every index is in range and none is negative.)
"""The move search ranking by equity: score plus the value of the leave.

:class:`EquityKernel` is the typed :class:`~.kernel.Kernel` with its recording step replaced:
each move found is valued as it is emitted, its leave numbered as in
:mod:`wordgames.scrabble.leaves.keeps` (the whole rack's number minus the radix of each tile
placed: one loop over the word's squares) and looked up in the rack's keep values (an array
filled once per search).  With ``keep`` > 0 it tracks the ``keep`` best equities seen so far
and records only moves that reach the ``keep``-th; the base search's score threshold becomes
that equity minus the best value a leave of the rack can have, so every ``score >= threshold``
test of the search (the blank designations, the bounds) still skips only moves that cannot
enter the top ``keep`` by equity.  C types are declared in ``equity_kernel.pxd``.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence

from wordgames.scrabble.movegen.board_arrays import KernelLexicon
from wordgames.scrabble.movegen.kernel import Kernel
from wordgames.scrabble.movegen.records import BLANK_FLAG, RECORD, Recorder

_NONE = float("-inf")
_BLANK = BLANK_FLAG  # as C constants for the compiled loops
_WIDTH = RECORD
_NO_BOUND = -(1 << 60)


class EquityKernel(Kernel):
    """A :class:`~.kernel.Kernel` whose search ranks by equity (see the module docstring).

    After :meth:`search_equity` and :meth:`select`, ``records[:count * RECORD]`` holds the
    moves kept and ``equities[:count]`` their equities."""

    def __init__(self, lexicon: KernelLexicon, values: Sequence[int], hand_size: int,
                 bingo_bonus: int) -> None:
        super().__init__(lexicon, values, hand_size, bingo_bonus)
        self.equities = array("d", bytes(8 * 64))
        self.top_equity = array("d", [_NONE])

    def search_equity(self, rack: Sequence[int], keep: int, keep_values: Sequence[float],
                      radix: Sequence[int], full: int, best_keep: float) -> int:
        """The moves of ``rack`` (counts by tile number, index 0 the blanks) on the board in
        use with their equities: all of them (``keep`` 0), or at least every move whose equity
        reaches the ``keep``-th best.  ``keep_values[i]`` is the value of keep ``i``,
        ``radix[slot]`` the radix of a tile (by tile number, 0 the blank), ``full`` the whole rack's
        number and ``best_keep`` the best value of a keep smaller than the rack.  Returns how
        many records; :meth:`select` drops those below the final ``keep``-th equity.
        ValueError when ``full`` is not the rack's number or ``keep_values`` is too short
        (every leave's number must fall in it)."""
        if len(radix) <= self.letter_count or len(rack) <= self.letter_count:
            raise ValueError("a radix and a count for every tile and the blank")
        number = 0
        for slot in range(self.letter_count + 1):
            number += rack[slot] * radix[slot]
        if number != full or not 0 <= full < len(keep_values):
            raise ValueError("the keep numbering does not fit this rack")
        self.keep_values = keep_values
        self.radix = radix
        self.full_index = full
        self.best_keep = best_keep
        self.top_equity = array("d", [_NONE]) * max(keep, 1)
        return self.search(rack, keep)

    def _emit(self, score: int, end: int) -> None:
        """Value the move on ``start..end``; record it when it may be among the best."""
        leave = self.full_index
        for square in range(self.start, end + 1):
            if self.tile[self.line_base + square] == 0:
                tile = self.word[square]
                leave -= self.radix[0 if tile >= _BLANK else tile]
        equity = score + self.keep_values[leave]
        keep = self.keep
        if keep > 0 and equity < self.top_equity[keep - 1]:
            return
        n = self.count
        Recorder._emit(self, score, end)
        if n >= len(self.equities):
            self.equities = _grown_doubles(self.equities, n)
        self.equities[n] = equity
        if keep > 0 and equity > self.top_equity[keep - 1]:
            j = keep - 1
            while j > 0 and self.top_equity[j - 1] < equity:
                self.top_equity[j] = self.top_equity[j - 1]
                j -= 1
            self.top_equity[j] = equity
            if self.top_equity[keep - 1] > _NONE:
                bound = self.top_equity[keep - 1] - self.best_keep
                threshold = int(bound) if bound > _NO_BOUND else _NO_BOUND
                if threshold > bound:  # truncated towards zero: round down instead
                    threshold -= 1
                self.threshold = threshold

    def _raise_threshold(self, score: int) -> None:
        """The score-only threshold is not used: :meth:`_emit` sets it from the equities."""

    def select(self) -> int:
        """Keep only the records whose equity reaches the final ``keep``-th best (all with
        ``keep`` 0), in the order found; returns how many are left."""
        if self.keep <= 0:
            return self.count
        floor = self.top_equity[self.keep - 1]
        kept = 0
        for n in range(self.count):
            if self.equities[n] < floor:
                continue
            if kept != n:
                for k in range(_WIDTH):
                    self.records[_WIDTH * kept + k] = self.records[_WIDTH * n + k]
                self.equities[kept] = self.equities[n]
            kept += 1
        self.count = kept
        return kept


def _grown_doubles(old: array[float], used: int) -> array[float]:
    """A copy of ``old``'s first ``used`` values in an array twice as long."""
    source = getattr(old, "base", old)
    new = array("d", bytes(8 * max(2 * len(source), 64)))
    new[:used] = source[:used]
    return new

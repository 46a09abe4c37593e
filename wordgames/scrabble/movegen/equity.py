# cython: boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
# (Compiled, this module indexes without checks: every index is in range and none is negative.)
"""The move search ranking by equity: score plus the value of the leave.

A search by equity (:func:`.kernel.search_equity`) sets the buffer's ``by_equity`` mode, and
the one recording step (:func:`.records.emit`) then values each move as it is emitted: its
leave numbered as in :mod:`wordgames.scrabble.leaves.keeps` (the whole rack's number minus
the radix of each tile placed: one loop over the word's squares) and looked up in the rack's
keep values (an array filled once per search).  With ``keep`` > 0 it tracks the ``keep`` best
equities seen so far and records only moves that reach the ``keep``-th; the search's score
threshold becomes that equity minus the best value a leave of the rack can have, so every
``score >= threshold`` test of the search (the blank designations, the bounds) still skips
only moves that cannot enter the top ``keep`` by equity.  After the search, :func:`select`
drops the records below the final ``keep``-th equity.

Every function takes the :class:`~.buffer.WorkingBuffer` first.  C types are declared in
``equity.pxd``.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence

from wordgames.scrabble.movegen.buffer import BLANK_FLAG, NO_BOUND, RECORD, WorkingBuffer

# The functions of the search that return 0 return an int for the compiled code's sake: -1
# there means an exception is on its way (``except -1``), so a call costs a comparison, where a
# void function's would cost the interpreter's check for a pending exception.
_NONE = float("-inf")
_BLANK = BLANK_FLAG  # as C constants for the compiled loops
_WIDTH = RECORD
_NO_BOUND = NO_BOUND


def start_equity(buf: WorkingBuffer, rack: Sequence[int], keep: int, keep_values: Sequence[float],
                 radix: Sequence[int], full: int, best_keep: float) -> None:
    """Rank the next search of ``rack`` (counts by tile number, index 0 the blanks) by equity,
    tracking the ``keep`` best (0: every move).  ``keep_values[i]`` is the value of keep
    ``i``, ``radix[slot]`` the radix of a tile (by tile number, 0 the blank), ``full`` the
    whole rack's number and ``best_keep`` the best value of a keep smaller than the rack.
    ValueError when ``full`` is not the rack's number or ``keep_values`` is too short (every
    leave's number must fall in it)."""
    if len(radix) <= buf.letter_count or len(rack) <= buf.letter_count:
        raise ValueError("a radix and a count for every tile and the blank")
    number = 0
    for slot in range(buf.letter_count + 1):
        number += rack[slot] * radix[slot]
    if number != full or not 0 <= full < len(keep_values):
        raise ValueError("the keep numbering does not fit this rack")
    buf.keep_values = keep_values
    buf.radix = radix
    buf.full_index = full
    buf.best_keep = best_keep
    buf.top_equity = array("d", [_NONE]) * max(keep, 1)
    buf.by_equity = True


def equity_of(buf: WorkingBuffer, score: int, end: int) -> float:
    """The equity of the move on ``start..end`` as it stands in ``word``, scoring ``score``."""
    leave = buf.full_index
    for square in range(buf.start, end + 1):
        if buf.tile[buf.line_base + square] == 0:
            tile = buf.word[square]
            leave -= buf.radix[0 if tile >= _BLANK else tile]
    return score + buf.keep_values[leave]


def may_rank(buf: WorkingBuffer, equity: float) -> bool:
    """Whether a move of ``equity`` may be among the ``keep`` best (always with ``keep`` 0)."""
    return buf.keep <= 0 or equity >= buf.top_equity[buf.keep - 1]


def ranked(buf: WorkingBuffer, n: int, equity: float) -> int:
    """Note ``equity`` as that of record ``n`` (just recorded); with ``keep`` > 0 raise the
    threshold when it enters the ``keep`` best."""
    if n >= len(buf.equities):
        buf.equities = _grown_doubles(buf.equities, n)
    buf.equities[n] = equity
    keep = buf.keep
    if keep > 0 and equity > buf.top_equity[keep - 1]:
        j = keep - 1
        while j > 0 and buf.top_equity[j - 1] < equity:
            buf.top_equity[j] = buf.top_equity[j - 1]
            j -= 1
        buf.top_equity[j] = equity
        if buf.top_equity[keep - 1] > _NONE:
            bound = buf.top_equity[keep - 1] - buf.best_keep
            threshold = int(bound) if bound > _NO_BOUND else _NO_BOUND
            if threshold > bound:  # truncated towards zero: round down instead
                threshold -= 1
            buf.threshold = threshold
    return 0


def select(buf: WorkingBuffer) -> int:
    """After a search by equity, keep only the records whose equity reaches the final
    ``keep``-th best (all with ``keep`` 0), in the order found; returns how many are left."""
    if buf.keep <= 0:
        return buf.count
    floor = buf.top_equity[buf.keep - 1]
    kept = 0
    for n in range(buf.count):
        if buf.equities[n] < floor:
            continue
        if kept != n:
            for k in range(_WIDTH):
                buf.records[_WIDTH * kept + k] = buf.records[_WIDTH * n + k]
            buf.equities[kept] = buf.equities[n]
        kept += 1
    buf.count = kept
    return kept


def _grown_doubles(old: array[float], used: int) -> array[float]:
    """A copy of ``old``'s first ``used`` values in an array twice as long."""
    source = getattr(old, "base", old)
    new = array("d", bytes(8 * max(2 * len(source), 64)))
    new[:used] = source[:used]
    return new

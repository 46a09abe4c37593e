# cython: boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
# (Compiled, this module indexes without checks: every index is in range and none is negative.)
"""How the move search (:mod:`.kernel`) records what it finds, and bounds what it may still
find.

Each move found becomes one record of the :class:`~.buffer.WorkingBuffer` (see
:mod:`.buffer` for the layout) through :func:`emit`, the one recording step: by score, or,
when the buffer's ``by_equity`` mode is set, valued by equity as it is recorded
(:mod:`.equity`).  A word holding blanks is recorded once per way to assign them
(:func:`designate`: each blank moved to a square loses what a real tile would have earned
there), without touching the lexicon.  In the best-move search the threshold is the lowest of
the ``keep`` best scores recorded so far, and :func:`line_bounds` gives the most a path can
still score (an anchor's bound is :func:`.equity.anchor_equity`).

Every function takes the buffer first.  C types are declared in ``records.pxd``.
"""

from __future__ import annotations

import cython  # type: ignore[import-untyped, unused-ignore]

from wordgames.scrabble.movegen.board_arrays import _grown, _zeros
from wordgames.scrabble.movegen.buffer import BLANK_FLAG, NO_BOUND, RECORD, WorkingBuffer

if not cython.compiled:  # compiled, records.pxd cimports the C functions and the fields
    from wordgames.scrabble.movegen.buffer import R_ACROSS, R_FIRST, R_LAST, R_LINE, R_NEW, R_SCORE, R_TILES
    from wordgames.scrabble.movegen.equity import equity_of, may_rank, ranked

# The functions of the search that return 0 return an int for the compiled code's sake: -1
# there means an exception is on its way (``except -1``), so a call costs a comparison, where a
# void function's would cost the interpreter's check for a pending exception.
_WIDTH = RECORD  # as C constants for the compiled loops
_BLANK = BLANK_FLAG


def line_bounds(buf: WorkingBuffer, line_base: int, length: int, max_value: int, tiles: int) -> None:
    """For each square ``col`` of the line starting at ``line_base`` and each number
    ``k`` <= ``tiles`` of rack tiles put down from it (index ``(line_base + col) *
    (tiles + 1) + k``), the most those tiles and the board tiles they reach can add to a
    move (tiles worth at most ``max_value``): the board tiles' points, the product of the
    word multipliers, the cross words, the highest letter multiplier.  Where fewer than
    ``k`` empty squares are left, the figures of all of them.  The best-move search bounds
    a path with them.  Cost: O(length x tiles)."""
    width = tiles + 1
    need = width * buf.squares
    if len(buf.most_points) < need:
        buf.most_points = _zeros("q", need)
        buf.most_mult = _zeros("q", need)
        buf.most_cross = _zeros("q", need)
        buf.most_lm = _zeros("q", need)
    for col in range(length):
        points = 0
        mult = 1
        cross = 0
        lm = 0
        k = 0
        square = col
        while square < length and buf.tile[line_base + square] != 0:
            points += buf.tile_points[line_base + square]
            square += 1
        while k < tiles:
            if square < length:  # the next empty square, and the board tiles after it
                at = line_base + square
                mult *= buf.wm[at]
                lm = max(lm, buf.lm[at])
                if buf.cross_points[at] >= 0 and buf.cross[at]:
                    cross += (buf.cross_points[at] + max_value * buf.lm[at]) * buf.wm[at]
                square += 1
                while square < length and buf.tile[line_base + square] != 0:
                    points += buf.tile_points[line_base + square]
                    square += 1
            k += 1
            at = (line_base + col) * width + k
            buf.most_points[at] = points
            buf.most_mult[at] = mult
            buf.most_cross[at] = cross
            buf.most_lm[at] = lm


def start_records(buf: WorkingBuffer, keep: int) -> None:
    """No records yet; with ``keep`` > 0 keep the threshold of the ``keep`` best."""
    buf.count = 0
    buf.used_tiles = 0
    buf.threshold = NO_BOUND
    buf.keep = keep
    if keep > 0:
        buf.top = _zeros("q", keep)
        for i in range(keep):
            buf.top[i] = NO_BOUND


def emit(buf: WorkingBuffer, score: int, end: int) -> int:
    """Record the word on squares ``start..end`` as it stands in ``word``, scoring ``score``:
    the one recording step.  By equity (the ``by_equity`` mode), only when its equity may be
    among the ``keep`` best, the equity kept beside the record."""
    if buf.by_equity:
        equity = equity_of(buf, score, end)
        if may_rank(buf, equity):
            append(buf, score, end)
            ranked(buf, buf.count - 1, equity)
        return 0
    append(buf, score, end)
    if buf.keep > 0:
        raise_threshold(buf, score)
    return 0


def append(buf: WorkingBuffer, score: int, end: int) -> int:
    """Append the record of the word on squares ``start..end`` (growing the buffers)."""
    n = buf.count
    if _WIDTH * n + _WIDTH > len(buf.records):
        buf.records = _grown(buf.records, _WIDTH * n, _WIDTH * n + _WIDTH)
    length = end - buf.start + 1
    offset = buf.used_tiles
    if offset + length > len(buf.tiles):
        buf.tiles = _grown(buf.tiles, offset, offset + length)
    new = 0
    bit = 1
    for square in range(buf.start, end + 1):
        buf.tiles[offset + square - buf.start] = buf.word[square]
        if buf.tile[buf.line_base + square] == 0:
            new |= bit
        bit <<= 1
    buf.used_tiles = offset + length
    base = _WIDTH * n
    buf.records[base + R_SCORE] = score
    buf.records[base + R_ACROSS] = buf.across
    buf.records[base + R_LINE] = buf.line
    buf.records[base + R_FIRST] = buf.start
    buf.records[base + R_LAST] = end
    buf.records[base + R_TILES] = offset
    buf.records[base + R_NEW] = new
    buf.count = n + 1
    return 0


def raise_threshold(buf: WorkingBuffer, score: int) -> None:
    """Keep the ``keep`` best scores seen; the threshold is the lowest of them."""
    keep = buf.keep
    if score <= buf.top[keep - 1]:
        return
    j = keep - 1
    while j > 0 and buf.top[j - 1] < score:
        buf.top[j] = buf.top[j - 1]
        j -= 1
    buf.top[j] = score
    buf.threshold = buf.top[keep - 1]


def designate(buf: WorkingBuffer, end: int, mult: int, score: int) -> int:
    """Emit every blank assignment of the word on ``start..end``: ``score`` is that of the
    assignment in ``word``; each blank moved to a square loses what a real tile would have
    earned there."""
    count = 0
    for t in range(buf.letter_count + 1):
        buf.uses[t] = 0
    for square in range(buf.start, end + 1):
        at = buf.line_base + square
        if buf.tile[at] != 0:
            continue
        tile = buf.word[square]
        buf.flags[count] = tile
        if tile >= _BLANK:
            tile -= _BLANK
            buf.word[square] = tile
        xwm = buf.wm[at] if buf.cross_points[at] >= 0 else 0
        loss = buf.values[tile] * buf.lm[at] * (mult + xwm)
        if tile != buf.flags[count]:
            score += loss
        buf.offsets[count] = square
        buf.losses[count] = loss
        buf.uses[tile] += 1
        count += 1
    forced = 0
    for t in range(1, buf.letter_count + 1):
        if buf.uses[t] > buf.rack[t]:
            forced += buf.uses[t] - buf.rack[t]
    if not forced and score >= buf.threshold:
        emit(buf, score, end)
    for size in range(max(forced, 1), min(buf.blanks_on_rack, count) + 1):
        for j in range(size):
            buf.chosen[j] = j
        while True:
            try_blanks(buf, size, forced, end, score)
            j = size - 1
            while j >= 0 and buf.chosen[j] == count - size + j:
                j -= 1
            if j < 0:
                break
            buf.chosen[j] += 1
            for k in range(j + 1, size):
                buf.chosen[k] = buf.chosen[k - 1] + 1
    for j in range(count):  # the word as the search left it
        buf.word[buf.offsets[j]] = buf.flags[j]
    return 0


def try_blanks(buf: WorkingBuffer, size: int, forced: int, end: int, score: int) -> int:
    """Emit the assignment with blanks on the ``chosen`` placed squares, if the rack's
    real tiles cover the others and it scores at least the threshold."""
    total = score
    for j in range(size):
        total -= buf.losses[buf.chosen[j]]
    if total < buf.threshold:
        return 0
    if forced:
        # Enough when the blanks cover every tile the rack lacks.
        covered = 0
        for j in range(size):
            tile = buf.word[buf.offsets[buf.chosen[j]]]
            if buf.uses[tile] > buf.rack[tile]:
                covered += 1
            buf.uses[tile] -= 1
        for j in range(size):
            buf.uses[buf.word[buf.offsets[buf.chosen[j]]]] += 1
        if covered < forced:
            return 0
    for j in range(size):
        buf.word[buf.offsets[buf.chosen[j]]] += _BLANK
    emit(buf, total, end)
    for j in range(size):
        buf.word[buf.offsets[buf.chosen[j]]] -= _BLANK
    return 0

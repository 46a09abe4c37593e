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

A search that keeps the best few visits the anchors best bound first, as MAGPIE's shadow
play does: :func:`anchor_equity` bounds what any move through an anchor can be worth, from
the squares alone (no lexicon): for each first square and number of tiles, the board tiles
the word takes in, the rack's most valuable tiles on the best letter multipliers, every cross
word at its best, the bingo, plus (by equity) the best leave of the tiles left.  The search
stops at the first anchor whose bound falls below the ``keep``-th equity (by score, the
``keep``-th score) found.

Every function takes the :class:`~.buffer.WorkingBuffer` first.  C types are declared in
``equity.pxd``.
"""

from __future__ import annotations

from array import array
from collections.abc import MutableSequence, Sequence

from wordgames.scrabble.movegen.board_arrays import _zeros
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


def _rack_bounds(buf: WorkingBuffer, rack: Sequence[int]) -> int:
    """What :func:`anchor_equity` needs of the rack, in the recording mode set: ``ranks``,
    ``rank_tiles``, ``rank_sums`` and ``size_best`` (0 for every size by score).  Cost: by
    equity, one pass over the keeps (at most 128 for 7 tiles)."""
    size = 0
    for slot in range(buf.letter_count + 1):
        size += rack[slot]
    if len(buf.ranks) < size:
        buf.ranks = _zeros("q", size)
        buf.rank_tiles = _zeros("q", size)
        buf.rank_sums = _zeros("q", size + 1)
        buf.shadow_lm = _zeros("q", size)
        buf.shadow_cross = _zeros("q", size)
        buf.size_best = array("d", bytes(8 * (size + 1)))
    # The rack's tile values, most first (a blank scores 0).
    n = 0
    for slot in range(buf.letter_count, -1, -1):  # a blank after the real tiles of its value
        for _ in range(rack[slot]):
            value = buf.values[slot] if slot else 0
            j = n
            while j > 0 and buf.ranks[j - 1] < value:
                buf.ranks[j] = buf.ranks[j - 1]
                buf.rank_tiles[j] = buf.rank_tiles[j - 1]
                j -= 1
            buf.ranks[j] = value
            buf.rank_tiles[j] = slot
            n += 1
    buf.rank_sums[0] = 0
    for j in range(size):
        buf.rank_sums[j + 1] = buf.rank_sums[j] + buf.ranks[j]
    for j in range(size + 1):
        buf.size_best[j] = 0.0 if not buf.by_equity else _NONE
    if not buf.by_equity:
        return 0  # by score, a leave is worth nothing
    # The best keep of each size: the keeps in number order are an odometer whose digits
    # (the count kept of each distinct tile) turn over at their radix, smallest radix first.
    slots = 0
    places = buf.keep_places  # [radix | count | digit] for each distinct tile
    width = buf.letter_count + 1
    for slot in range(width):
        if rack[slot]:
            j = slots
            while j > 0 and places[j - 1] > buf.radix[slot]:
                places[j] = places[j - 1]
                places[width + j] = places[width + j - 1]
                j -= 1
            places[j] = buf.radix[slot]
            places[width + j] = rack[slot]
            slots += 1
    for j in range(slots):
        places[2 * width + j] = 0
    kept = 0
    for number in range(buf.full_index + 1):
        if buf.keep_values[number] > buf.size_best[kept]:
            buf.size_best[kept] = buf.keep_values[number]
        j = 0
        while j < slots:
            if places[2 * width + j] < places[width + j]:
                places[2 * width + j] += 1
                kept += 1
                break
            kept -= places[2 * width + j]
            places[2 * width + j] = 0
            j += 1
    return 0


def anchor_equity(buf: WorkingBuffer, line_base: int, length: int, col: int, limit: int) -> float:
    """The most equity a move can have whose leftmost placed anchor is square ``col`` of the
    line starting at ``line_base`` (``length`` squares), its first placed square at most
    ``limit`` empty squares before the anchor; ``-inf`` when no tile of the rack fits there.
    Cost: O(``limit`` x rack x premium squares)."""
    at = line_base + col
    if col > 0 and buf.tile[at - 1] != 0:  # the word starts at the board tiles before
        points = 0
        square = at - 1
        while square >= line_base and buf.tile[square] != 0:
            points += buf.tile_points[square]
            square -= 1
        return _walk_equity(buf, line_base, length, col, points, 1)
    best = _NONE
    for left in range(limit + 1):
        equity = _walk_equity(buf, line_base, length, col - left, 0, left + 1)
        if equity > best:
            best = equity
    return best


def _walk_equity(buf: WorkingBuffer, line_base: int, length: int, square: int, points: int,
                 least: int) -> float:
    """The most equity of a move whose first tile goes on empty square ``square`` (after
    board tiles worth ``points``) and that puts down at least ``least`` tiles: for each
    number of tiles, the squares they cover are fixed, and the score is at most the board
    tiles' points plus the rack's best tiles on the best letter multipliers, times the word
    multipliers, plus each cross word's board points and the best tiles on its squares
    (the two pairings made apart, which can only overstate), plus the bingo."""
    best = _NONE
    mult = 1
    fixed = 0  # the cross words' board points, multiplied
    placed = 0
    premiums = 0  # letter multipliers above 1 so far, most first, in shadow_lm
    crosses = 0  # each cross word's multiplier of its new tile, most first, in shadow_cross
    capped = 0  # the cross words' new tiles at the most the cross-checks allow each
    while placed < buf.rack_size and square < length:
        at = line_base + square
        if not buf.cross[at] & buf.playable_all:
            break  # no tile of the rack fits here, nor does any longer move
        mult *= buf.wm[at]
        lm = buf.lm[at]
        if lm > 1:
            premiums = _insert(buf.shadow_lm, premiums, lm)
        if buf.cross_points[at] >= 0:
            fixed += buf.cross_points[at] * buf.wm[at]
            factor = lm * buf.wm[at]
            # The most valuable tile of the rack the cross word lets on this square.
            j = 0
            while buf.rank_tiles[j] and not (buf.cross[at] >> (buf.rank_tiles[j] - 1)) & 1:
                j += 1
            capped += factor * buf.ranks[j]
            crosses = _insert(buf.shadow_cross, crosses, factor)
        placed += 1
        square += 1
        while square < length and buf.tile[line_base + square] != 0:
            points += buf.tile_points[line_base + square]
            square += 1
        if placed >= least:
            letters = buf.rank_sums[placed]
            for j in range(premiums):
                letters += (buf.shadow_lm[j] - 1) * buf.ranks[j]
            crossing = 0
            for j in range(crosses):
                crossing += buf.shadow_cross[j] * buf.ranks[j]
            score = (points + letters) * mult + fixed + min(crossing, capped)
            if placed == buf.hand_size:
                score += buf.bingo
            equity = score + buf.size_best[buf.rack_size - placed]
            if equity > best:
                best = equity
    return best


def _insert(values: MutableSequence[int], count: int, value: int) -> int:
    """Put ``value`` among the first ``count`` of ``values`` (most first); returns the new
    count."""
    j = count
    while j > 0 and values[j - 1] < value:
        values[j] = values[j - 1]
        j -= 1
    values[j] = value
    return count + 1


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

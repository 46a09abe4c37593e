# cython: boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
# (Compiled, this module indexes without checks: every index is in range and none is negative.)
"""The move search: every legal move of a rack on a board, after Appel & Jacobson (1988), over
fixed arrays in tile numbers.

The one implementation of move generation, compiled by Cython (C types in ``kernel.pxd``) and
run as plain Python where no compiler is available (the same answers, slower):

* the lexicon is a packed node table in the tile set's numbering, the board a
  :class:`~.board_arrays.BoardState` (both orientations, cross-checks, anchors), the rack a
  counts array by tile number (index 0 the blanks), sets of tiles 64-bit masks (bit ``t - 1``
  for tile ``t``);
* the *left parts* (the tiles a move puts before its leftmost anchor) are built once per
  search, depth first, and indexed by length; each is a row of two flat arrays whose fields
  are named below (``LP_*``);
* from each anchor, each left part short enough to fit is laid down and the word extended to
  the right across the anchor and through the board tiles (``_extend``), checking
  cross-checks and the lexicon as it goes;
* each move found becomes one record (:func:`.records.emit`), once per way to assign its
  blanks — no Python object per node or per move.

Everything the search reads and writes is one :class:`~.buffer.WorkingBuffer`, the first
argument of every function.  :func:`search` lists every move, or with ``keep`` only those
that may be among the ``keep`` best: the threshold rises to the ``keep``-th best score seen,
the anchors are searched best bound first (:func:`.equity.anchor_equity`) until a bound falls
below it, and with blanks on the rack a path is dropped as soon as the most it can still
score falls below it (the bounded best-move search).  :func:`search_equity` is the same
search ranking by equity (:mod:`.equity`).
"""

from __future__ import annotations

from collections.abc import Sequence

import cython  # type: ignore[import-untyped, unused-ignore]

from wordgames.lexicon.packed import TERMINAL
from wordgames.scrabble.movegen.board_arrays import _grown, _zeros
from wordgames.scrabble.movegen.buffer import BLANK_FLAG, WorkingBuffer
from wordgames.scrabble.movegen.equity import _grown_doubles, start_equity

if not cython.compiled:  # compiled, kernel.pxd cimports the C functions
    from wordgames.scrabble.movegen.board_arrays import _bits
    from wordgames.scrabble.movegen.equity import _rack_bounds, anchor_equity
    from wordgames.scrabble.movegen.records import designate, emit, line_bounds, start_records

__all__ = ["search", "search_equity"]

# The functions of the search that return 0 return an int for the compiled code's sake: -1
# there means an exception is on its way (``except -1``), so a call costs a comparison, where a
# void function's would cost the interpreter's check for a pending exception.
_BLANK = BLANK_FLAG  # C constants when compiled
_BLANK_SLOT = 0  # the blanks' index in a rack's counts
_TERMINAL = TERMINAL
_NONE = float("-inf")

# A left part is row p of two arrays: ``masks`` (LP_MASKS fields of 64 bits) and ``fields``
# (LP_FIELDS signed integers).
LP_MASKS = 4
LP_KIDS = 0
"""The tiles that may follow the left part in the lexicon."""
LP_HELD = 1
"""The rack's tiles still held after it (real tiles only)."""
LP_PLAYABLE = 2
"""The tiles still playable after it (all of them while a blank is left)."""
LP_SWAPS = 3
"""The tiles a blank played in it although the rack holds them (another assignment may put
the real tile on a better square)."""
LP_FIELDS = 7
LP_NODE = 0
"""The lexicon node the left part reaches."""
LP_LENGTH = 1
LP_PARENT = 2
"""The left part one tile shorter (-1 for the empty one)."""
LP_TILE = 3
"""Its last tile's number."""
LP_BLANK = 4
"""Whether a blank plays that tile."""
LP_VALUE = 5
"""The points of that tile (0 for a blank)."""
LP_SLOT = 6
"""The rack slot the tile came from (its number, or 0 for a blank)."""


def search(buf: WorkingBuffer, rack: Sequence[int], keep: int) -> int:
    """Every legal move of ``rack`` (counts by tile number, index 0 the blanks) on the board
    in use (:meth:`.WorkingBuffer.use_board`), as records of ``buf``; with ``keep`` > 0 only
    those scoring at least the ``keep``-th best seen so far (the best ``keep`` are among
    them).  Returns how many records."""
    buf.by_equity = False
    return _run(buf, rack, keep)


def search_equity(buf: WorkingBuffer, rack: Sequence[int], keep: int, keep_values: Sequence[float],
                  radix: Sequence[int], full: int, best_keep: float) -> int:
    """The moves of ``rack`` on the board in use with their equities (in ``buf.equities``):
    all of them (``keep`` 0), or at least every move whose equity reaches the ``keep``-th
    best; :func:`.equity.select` then drops those below the final ``keep``-th.  The keep
    numbering and values are those of :func:`.equity.start_equity` (ValueError when they do
    not fit the rack).  Returns how many records."""
    start_equity(buf, rack, keep, keep_values, radix, full, best_keep)
    return _run(buf, rack, keep)


def _run(buf: WorkingBuffer, rack: Sequence[int], keep: int) -> int:
    """The search of :func:`search`, in the recording mode set."""
    start_records(buf, keep)
    size = 0
    held = 0
    bit: int = 1
    for t in range(buf.letter_count + 1):
        buf.counts[t] = rack[t]
        buf.rack[t] = rack[t]
        size += rack[t]
        if t > 0:
            if rack[t]:
                held |= bit
            bit <<= 1
    buf.rack_size = size
    buf.blanks_on_rack = rack[0]
    buf.held_all = held
    buf.playable_all = held | (buf.full if buf.blanks_on_rack else 0)
    buf.max_value = 0
    for t in range(1, buf.letter_count + 1):
        if rack[t] and buf.values[t] > buf.max_value:
            buf.max_value = buf.values[t]
    if size == 0:
        return 0
    # The longest left part any anchor takes (the scan stops at the most a rack allows).
    depth = 0
    deepest = size - 1
    for across in range(1, -1, -1):
        lines, length = _shape(buf, across)
        base = _base(buf, across)
        for line in range(lines):
            if depth == deepest:
                break
            start = base + line * length
            for col in range(length):
                at = start + col
                if buf.anchor[at] and not (col and buf.tile[at - 1] != 0):
                    depth = max(depth, _left_limit(buf, at, col))
    _left_parts(buf, depth)
    # Bounding every path pays with blanks; without, the threshold alone (records below it
    # are not kept) is cheaper.  The anchors go best bound first with any rack: their bounds
    # skip whole anchors.
    buf.bounded = keep > 0 and buf.blanks_on_rack > 0
    if keep > 0:
        _rack_bounds(buf, rack)
        _best_first(buf)
        return buf.count
    for across in range(1, -1, -1):
        lines, length = _shape(buf, across)
        base = _base(buf, across)
        for line in range(lines):
            _select(buf, across, line, base + line * length, length)
            for col in range(length):
                if buf.anchor[buf.line_base + col]:
                    _run_anchor(buf, col)
    return buf.count


def _select(buf: WorkingBuffer, across: int, line: int, line_base: int, length: int) -> None:
    """Search line ``line`` of an orientation next."""
    buf.across = across
    buf.line = line
    buf.line_base = line_base
    buf.length = length


def _best_first(buf: WorkingBuffer) -> int:
    """The best-move search: anchors in the order of their bounds
    (:func:`.equity.anchor_equity`, leaves worth 0 by score), best first, until a bound
    falls below what the ``keep`` best found so far need: the threshold by score, the
    ``keep``-th equity by equity (moves are found in another order than by the full search;
    the best ``keep`` are the same).  The next anchor is the best left (a scan, not a sort:
    the search usually stops after a few)."""
    n = 0
    for across in range(1, -1, -1):
        lines, length = _shape(buf, across)
        base = _base(buf, across)
        for line in range(lines):
            line_base = base + line * length
            if buf.bounded:  # the paths' bounds
                line_bounds(buf, line_base, length, buf.max_value, buf.rack_size)
            for col in range(length):
                if buf.anchor[line_base + col]:
                    limit = _left_limit(buf, line_base + col, col)
                    bound = anchor_equity(buf, line_base, length, col, limit)
                    if bound == _NONE:
                        continue  # no tile of the rack fits: no move
                    if n == len(buf.anchor_squares):
                        buf.anchor_bounds = _grown_doubles(buf.anchor_bounds, n)
                        buf.anchor_squares = _grown(buf.anchor_squares, n, 2 * n)
                    buf.anchor_bounds[n] = bound
                    buf.anchor_squares[n] = line_base + col
                    n += 1
    down = buf.rows * buf.cols
    while True:
        best = -1
        for i in range(n):
            if buf.anchor_bounds[i] != _NONE and (best < 0 or buf.anchor_bounds[i] > buf.anchor_bounds[best]):
                best = i
        if best < 0:
            break
        if buf.anchor_bounds[best] < (buf.top_equity[buf.keep - 1] if buf.by_equity else buf.threshold):
            break
        buf.anchor_bounds[best] = _NONE
        at = buf.anchor_squares[best]
        across = 1 if at < down else 0
        lines, length = _shape(buf, across)
        base = _base(buf, across)
        _select(buf, across, (at - base) // length, at - (at - base) % length, length)
        _run_anchor(buf, (at - base) % length)
    return 0


def _base(buf: WorkingBuffer, across: int) -> int:
    """Where orientation ``across`` (1) or down (0) starts in the square arrays."""
    return 0 if across else buf.rows * buf.cols


def _child(buf: WorkingBuffer, node: int, tile: int) -> int:
    """The node after ``node`` along tile ``tile`` (1..63), or -1 (0: no tile)."""
    if tile == 0:
        return -1
    bit: int = 1
    bit <<= tile - 1
    mask = buf.masks[node]
    if not mask & bit:
        return -1
    return buf.first[node] + _bits(mask & (bit - 1))


def _shape(buf: WorkingBuffer, across: int) -> tuple[int, int]:
    """Lines and squares per line of an orientation."""
    if across:
        return buf.rows, buf.cols
    return buf.cols, buf.rows


def _left_limit(buf: WorkingBuffer, at: int, col: int) -> int:
    """Empty non-anchor squares before ``at`` a left part may fill (at most rack - 1)."""
    limit = 0
    while limit < buf.rack_size - 1 and col > 0 and buf.tile[at - 1] == 0 and not buf.anchor[at - 1]:
        limit += 1
        at -= 1
        col -= 1
    return limit


def _left_parts(buf: WorkingBuffer, depth: int) -> None:
    """Every left part up to ``depth`` tiles, depth first, then indexed by length."""
    buf.prefixes = 0
    buf.depth = depth
    for t in range(buf.letter_count + 1):
        buf.lead_slot[t] = -1
    buf.lead_slots = 0
    kids = buf.masks[0] & buf.full
    _add_prefix(buf, kids, buf.held_all, buf.playable_all, 0, 0, 0, -1, 0, 0, 0, 0)
    if depth and kids & buf.playable_all:
        _grow(buf, 0, 0, kids, buf.held_all, buf.playable_all, 0, 0, depth)
    if len(buf.level_start) < depth + 2:
        buf.level_start = _zeros("q", depth + 2)
    if len(buf.by_level) < buf.prefixes:
        buf.by_level = _zeros("q", 2 * buf.prefixes)
    for level in range(depth + 2):
        buf.level_start[level] = 0
    for p in range(buf.prefixes):
        buf.level_start[buf.lp_fields[LP_FIELDS * p + LP_LENGTH] + 1] += 1
    for level in range(depth + 1):
        buf.level_start[level + 1] += buf.level_start[level]
    for p in range(buf.prefixes):  # stable: each level keeps the depth-first order
        level = buf.lp_fields[LP_FIELDS * p + LP_LENGTH]
        buf.by_level[buf.level_start[level]] = p
        buf.level_start[level] += 1
    for level in range(depth, 0, -1):
        buf.level_start[level] = buf.level_start[level - 1]
    buf.level_start[0] = 0


def _add_prefix(buf: WorkingBuffer, kids: int, held: int, playable: int, swaps: int, node: int,
                length: int, parent: int, tile: int, blank: int, value: int, slot: int) -> int:
    """Append one left part; returns its number."""
    p = buf.prefixes
    if LP_MASKS * p + LP_MASKS > len(buf.lp_masks):
        buf.lp_masks = _grown(buf.lp_masks, LP_MASKS * p, LP_MASKS * p + LP_MASKS)
        buf.lp_fields = _grown(buf.lp_fields, LP_FIELDS * p, LP_FIELDS * p + LP_FIELDS)
    m = LP_MASKS * p
    buf.lp_masks[m + LP_KIDS] = kids
    buf.lp_masks[m + LP_HELD] = held
    buf.lp_masks[m + LP_PLAYABLE] = playable
    buf.lp_masks[m + LP_SWAPS] = swaps
    f = LP_FIELDS * p
    buf.lp_fields[f + LP_NODE] = node
    buf.lp_fields[f + LP_LENGTH] = length
    buf.lp_fields[f + LP_PARENT] = parent
    buf.lp_fields[f + LP_TILE] = tile
    buf.lp_fields[f + LP_BLANK] = blank
    buf.lp_fields[f + LP_VALUE] = value
    buf.lp_fields[f + LP_SLOT] = slot
    buf.prefixes = p + 1
    return p


def _grow(buf: WorkingBuffer, parent: int, node: int, kids: int, held: int, playable: int,
          swappable: int, length: int, depth: int) -> int:
    """The left parts one tile longer than ``parent`` (at ``node``), and theirs."""
    candidates = kids & playable
    length += 1
    while candidates:
        bit = candidates & (~candidates + 1)
        candidates ^= bit
        t = _bits(bit - 1) + 1
        child = buf.first[node] + _bits(buf.masks[node] & (bit - 1))
        if buf.counts[t]:
            slot, blank, value, swaps = t, 0, buf.values[t], swappable
        else:
            slot, blank, value, swaps = _BLANK_SLOT, 1, 0, swappable | (buf.held_all & bit)
        buf.counts[slot] -= 1
        now_held = held ^ bit if slot == t and not buf.counts[t] else held
        now_playable = now_held | (buf.full if buf.counts[_BLANK_SLOT] else 0)
        child_kids = buf.masks[child] & buf.full
        if child_kids & now_playable:
            p = _add_prefix(buf, child_kids, now_held, now_playable, swaps, child, length,
                            parent, t, blank, value, slot)
            if depth > 1:
                _grow(buf, p, child, child_kids, now_held, now_playable, swaps, length, depth - 1)
        buf.counts[slot] += 1
    return 0


def _leads(buf: WorkingBuffer, p: int, tile: int) -> int:
    """The tiles that may follow left part ``p`` on the anchor when board tile ``tile``
    comes next (0: none; memoised per tile for every left part)."""
    if tile == 0:
        return buf.lp_masks[LP_MASKS * p + LP_KIDS] & buf.lp_masks[LP_MASKS * p + LP_PLAYABLE]
    slot = buf.lead_slot[tile]
    if slot < 0:
        slot = buf.lead_slot[tile] = buf.lead_slots
        buf.lead_slots += 1
        need = buf.lead_slots * buf.prefixes
        if len(buf.leads) < need:
            buf.leads = _grown(buf.leads, slot * buf.prefixes, need)
            buf.lead_done = _grown(buf.lead_done, slot * buf.prefixes, need)
        for q in range(slot * buf.prefixes, need):
            buf.lead_done[q] = 0
    at = slot * buf.prefixes + p
    if not buf.lead_done[at]:
        buf.leads[at] = _follow(buf, p, tile)
        buf.lead_done[at] = 1
    return buf.leads[at]


def _follow(buf: WorkingBuffer, p: int, tile: int) -> int:
    """The playable tiles after left part ``p`` that lead into tile ``tile``."""
    node = buf.lp_fields[LP_FIELDS * p + LP_NODE]
    candidates = buf.lp_masks[LP_MASKS * p + LP_KIDS] & buf.lp_masks[LP_MASKS * p + LP_PLAYABLE]
    leads = 0
    while candidates:
        bit = candidates & (~candidates + 1)
        candidates ^= bit
        child = buf.first[node] + _bits(buf.masks[node] & (bit - 1))
        if (buf.masks[child] >> (tile - 1)) & 1:
            leads |= bit
    return leads


def _run_anchor(buf: WorkingBuffer, col: int) -> int:
    """Every move whose leftmost placed anchor is square ``col`` of the current line."""
    at = buf.line_base + col
    buf.last = buf.length - 1
    for square in range(buf.length):
        buf.word[square] = buf.full_tile[buf.line_base + square]
    if col > 0 and buf.tile[at - 1] != 0:
        first = col - 1
        while first > 0 and buf.tile[buf.line_base + first - 1] != 0:
            first -= 1
        node = 0
        points = 0
        for square in range(buf.line_base + first, at):
            node = _child(buf, node, buf.tile[square])
            if node < 0:
                return 0
            points += buf.tile_points[square]
        buf.start = first
        _extend(buf, col, buf.masks[node] & buf.full, node, points, 1, 0, 0, buf.held_all, 0)
        return 0
    mask = buf.cross[at]
    following = buf.tile[at + 1] if col + 1 < buf.length else 0
    for length in range(_left_limit(buf, at, col) + 1):
        for index in range(buf.level_start[length], buf.level_start[length + 1]):
            p = buf.by_level[index]
            leads = _leads(buf, p, following)
            if leads & mask:
                _from_left_part(buf, p, col, leads)
    return 0


def _from_left_part(buf: WorkingBuffer, p: int, col: int, leads: int) -> int:
    """Lay left part ``p`` before square ``col``, then extend with the tiles ``leads``."""
    length = buf.lp_fields[LP_FIELDS * p + LP_LENGTH]
    main = 0
    mult = 1
    link = p
    for square in range(col - 1, col - length - 1, -1):
        f = LP_FIELDS * link
        tile = buf.lp_fields[f + LP_TILE]
        buf.word[square] = tile | _BLANK if buf.lp_fields[f + LP_BLANK] else tile
        main += buf.lp_fields[f + LP_VALUE] * buf.lm[buf.line_base + square]
        mult *= buf.wm[buf.line_base + square]
        buf.counts[buf.lp_fields[f + LP_SLOT]] -= 1
        link = buf.lp_fields[f + LP_PARENT]
    buf.start = col - length
    _extend(buf, col, buf.lp_masks[LP_MASKS * p + LP_KIDS] & leads,
            buf.lp_fields[LP_FIELDS * p + LP_NODE], main, mult, 0, length,
            buf.lp_masks[LP_MASKS * p + LP_HELD], buf.lp_masks[LP_MASKS * p + LP_SWAPS])
    link = p
    for _ in range(length):
        buf.counts[buf.lp_fields[LP_FIELDS * link + LP_SLOT]] += 1
        link = buf.lp_fields[LP_FIELDS * link + LP_PARENT]
    return 0


def _extend(buf: WorkingBuffer, col: int, kid_mask: int, node: int, main: int, mult: int,
            cross: int, placed: int, held: int, swappable: int) -> int:
    """Put a tile on empty square ``col`` after ``node`` (child tiles ``kid_mask``), then go
    on through the board tiles after it: record each word that ends there, and extend
    again from the next empty square while the rack has tiles.  ``main`` and ``mult`` are
    the main word's points and word multiplier so far, ``cross`` the cross words' points,
    ``placed`` the tiles put down, ``held`` the real tiles the rack still holds,
    ``swappable`` the tiles a blank played although the rack held them."""
    at = buf.line_base + col
    have_blank = buf.counts[_BLANK_SLOT]
    candidates = kid_mask & buf.cross[at] & (buf.full if have_blank else held)
    if not candidates:
        return 0
    if buf.bounded and not swappable:
        # The best-move search: drop the path when no word it can still make (the rest
        # of the rack at its best on the best squares ahead, the bingo only if the
        # lexicon has words long enough) reaches the threshold.  Not once a blank stands
        # for a tile the rack holds: another designation may then put the real tile on a
        # better square than the path scored it on.
        left = buf.rack_size - placed
        ahead = (buf.line_base + col) * (buf.rack_size + 1) + left
        most = ((main + buf.most_points[ahead] + left * buf.max_value * buf.most_lm[ahead])
                * mult * buf.most_mult[ahead] + cross + buf.most_cross[ahead])
        if buf.rack_size >= buf.hand_size and buf.height[node] >= buf.hand_size - placed:
            most += buf.bingo
        if most < buf.threshold:
            return 0
    wm = buf.wm[at]
    lm = buf.lm[at]
    csum = buf.cross_points[at]
    nxt = buf.next_square[at] - buf.line_base
    end = nxt - 1
    mult *= wm
    placed += 1
    main += buf.run_points[at]
    go_on = placed < buf.rack_size and nxt <= buf.last
    record = True
    if placed == 1:
        length = end - buf.start + 1
        record = length >= 2 and (length > buf.cross_length[at]
                                  or (length == buf.cross_length[at] and buf.across == 1))
    if not (record or go_on):
        return 0
    bonus = buf.bingo if placed == buf.hand_size else 0
    next_mask = buf.cross[buf.line_base + nxt] if nxt < buf.length else 0
    while candidates:
        bit = candidates & (~candidates + 1)
        candidates ^= bit
        t = _bits(bit - 1) + 1
        child = buf.first[node] + _bits(buf.masks[node] & (bit - 1))
        for square in range(at + 1, buf.line_base + nxt):  # the board tiles after it
            following = buf.tile[square]
            if not (buf.masks[child] >> (following - 1)) & 1:
                child = -1
                break
            child = _child(buf, child, following)
        if child < 0:
            continue
        is_word = (buf.masks[child] & _TERMINAL) != 0
        if not (go_on or is_word):
            continue
        real = buf.counts[t]
        if real:
            buf.word[col] = t
            v = buf.values[t] * lm
            spare = have_blank
            swaps = swappable
        else:
            buf.word[col] = t | _BLANK
            v = 0
            spare = have_blank - 1
            swaps = swappable | (buf.held_all & bit)
        word_part = main + v
        cross_part = cross + (csum + v) * wm if csum >= 0 else cross
        if record and is_word:
            score = word_part * mult + cross_part + bonus
            if spare or swaps:
                designate(buf, end, mult, score)
            elif score >= buf.threshold:
                emit(buf, score, end)
        if go_on:
            next_kids = buf.masks[child] & buf.full
            if real:
                now_held = held if real > 1 else held ^ bit
                if next_kids & next_mask & (buf.full if have_blank else now_held):
                    buf.counts[t] = real - 1
                    _extend(buf, nxt, next_kids, child, word_part, mult, cross_part, placed,
                            now_held, swaps)
                    buf.counts[t] = real
            elif next_kids & next_mask & (buf.full if spare else held):
                buf.counts[_BLANK_SLOT] = spare
                _extend(buf, nxt, next_kids, child, word_part, mult, cross_part, placed,
                        held, swaps)
                buf.counts[_BLANK_SLOT] = have_blank
    return 0

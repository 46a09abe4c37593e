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
  the right across the anchor and through the board tiles (``Kernel._extend``), checking
  cross-checks and the lexicon as it goes;
* each move found becomes one record (:class:`~.records.Recorder`), once per way to assign
  its blanks — no Python object per node or per move.

:meth:`Kernel.search` lists every move, or with ``keep`` only those that may be among the
``keep`` best: the threshold rises to the ``keep``-th best score seen, and with blanks on the
rack the anchors are searched best bound first and a path is dropped as soon as the most it
can still score falls below the threshold (the bounded best-move search).
"""

from __future__ import annotations

from collections.abc import Sequence

import cython  # type: ignore[import-untyped, unused-ignore]

from wordgames.lexicon.packed import TERMINAL
from wordgames.scrabble.movegen.board_arrays import KernelLexicon, _grown, _zeros
from wordgames.scrabble.movegen.records import BLANK_FLAG, NO_BOUND, RECORD, Recorder

if not cython.compiled:  # compiled, kernel.pxd cimports the C function
    from wordgames.scrabble.movegen.board_arrays import _bits

__all__ = ["BLANK_FLAG", "NO_BOUND", "RECORD", "Kernel"]

_BLANK = BLANK_FLAG  # C constants when compiled
_TERMINAL = TERMINAL

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


class Kernel(Recorder):
    """The move search for one lexicon, tile values, hand size and bingo bonus; its buffers are
    reused from search to search (one search at a time).  After :meth:`search` the records are
    in ``records`` and ``tiles`` (see :class:`.Recorder`)."""

    def __init__(self, lexicon: KernelLexicon, values: Sequence[int], hand_size: int,
                 bingo_bonus: int) -> None:
        Recorder.__init__(self, lexicon, values)
        self.hand_size = hand_size
        self.bingo = bingo_bonus
        self.counts = _zeros("i", len(values))
        self.lead_slot = _zeros("i", len(values))
        self.lp_masks = _zeros("Q", LP_MASKS * 64)
        self.lp_fields = _zeros("q", LP_FIELDS * 64)
        self.by_level = _zeros("q", 64)
        self.level_start = _zeros("q", 32)
        self.leads = _zeros("Q", 64)
        self.lead_done = _zeros("B", 64)
        self.pool: object = None
        self.bounded = False
        self.blank = 0

    # --- the rack and the search -----------------------------------------------------------

    def search(self, rack: Sequence[int], keep: int) -> int:
        """Every legal move of ``rack`` (counts by tile number, index 0 the blanks) on the board
        in use (:meth:`use_board`), as records; with ``keep`` > 0 only those scoring at least
        the ``keep``-th best seen so far (the best ``keep`` are among them).  Returns how many
        records."""
        self._start_records(keep)
        size = 0
        held = 0
        bit: int = 1
        for t in range(self.letter_count + 1):
            self.counts[t] = rack[t]
            self.rack[t] = rack[t]
            size += rack[t]
            if t > 0:
                if rack[t]:
                    held |= bit
                bit <<= 1
        self.rack_size = size
        self.blanks_on_rack = rack[0]
        self.held_all = held
        self.playable_all = held | (self.full if self.blanks_on_rack else 0)
        self.max_value = 0
        for t in range(1, self.letter_count + 1):
            if rack[t] and self.values[t] > self.max_value:
                self.max_value = self.values[t]
        if size == 0:
            return 0
        depth = 0
        for across in range(1, -1, -1):
            lines, length = self._shape(across)
            base = self._base(across)
            for at in range(base, base + lines * length):
                if self.anchor[at] and not ((at - base) % length and self.tile[at - 1] != 0):
                    depth = max(depth, self._left_limit(at, (at - base) % length))
        self._left_parts(depth)
        # Bounding every path and anchor pays with blanks; without, the threshold alone
        # (records below it are not kept) is cheaper.
        self.bounded = keep > 0 and self.blanks_on_rack > 0
        if self.bounded:
            self._best_first()
            return self.count
        for across in range(1, -1, -1):
            lines, length = self._shape(across)
            base = self._base(across)
            for line in range(lines):
                self._select(across, line, base + line * length, length)
                for col in range(length):
                    if self.anchor[self.line_base + col]:
                        self._run_anchor(col)
        return self.count

    @cython.final  # type: ignore[untyped-decorator]
    def _select(self, across: int, line: int, line_base: int, length: int) -> None:
        """Search line ``line`` of an orientation next."""
        self.across = across
        self.line = line
        self.line_base = line_base
        self.length = length

    @cython.final  # type: ignore[untyped-decorator]
    def _best_first(self) -> None:
        """The best-move search: anchors in the order of their bounds, best first, until a
        bound falls below the threshold (moves are found in another order than by the full
        search; the best ``keep`` are the same)."""
        order = []
        bingo = self.bingo if self.rack_size >= self.hand_size else 0
        for across in range(1, -1, -1):
            lines, length = self._shape(across)
            base = self._base(across)
            for line in range(lines):
                line_base = base + line * length
                self._line_bounds(line_base, length, self.max_value, self.rack_size)
                for col in range(length):
                    if self.anchor[line_base + col]:
                        bound = self._anchor_bound(line_base, col, self._left_limit(line_base + col, col),
                                                   self.rack_size, self.max_value, bingo)
                        order.append((-bound, across, line, col))
        order.sort()
        for negative, across, line, col in order:
            if -negative < self.threshold:
                break
            lines, length = self._shape(across)
            self._select(across, line, self._base(across) + line * length, length)
            self._run_anchor(col)

    def _shape(self, across: int) -> tuple[int, int]:
        """Lines and squares per line of an orientation."""
        if across:
            return self.rows, self.cols
        return self.cols, self.rows

    @cython.final  # type: ignore[untyped-decorator]
    def _left_limit(self, at: int, col: int) -> int:
        """Empty non-anchor squares before ``at`` a left part may fill (at most rack - 1)."""
        limit = 0
        while limit < self.rack_size - 1 and col > 0 and self.tile[at - 1] == 0 and not self.anchor[at - 1]:
            limit += 1
            at -= 1
            col -= 1
        return limit

    # --- left parts -------------------------------------------------------------------------

    @cython.final  # type: ignore[untyped-decorator]
    def _left_parts(self, depth: int) -> None:
        """Every left part up to ``depth`` tiles, depth first, then indexed by length."""
        self.prefixes = 0
        self.depth = depth
        for t in range(self.letter_count + 1):
            self.lead_slot[t] = -1
        self.lead_slots = 0
        kids = self.masks[0] & self.full
        self._add_prefix(kids, self.held_all, self.playable_all, 0, 0, 0, -1, 0, 0, 0, 0)
        if depth and kids & self.playable_all:
            self._grow(0, 0, kids, self.held_all, self.playable_all, 0, 0, depth)
        if len(self.level_start) < depth + 2:
            self.level_start = _zeros("q", depth + 2)
        if len(self.by_level) < self.prefixes:
            self.by_level = _zeros("q", 2 * self.prefixes)
        for level in range(depth + 2):
            self.level_start[level] = 0
        for p in range(self.prefixes):
            self.level_start[self.lp_fields[LP_FIELDS * p + LP_LENGTH] + 1] += 1
        for level in range(depth + 1):
            self.level_start[level + 1] += self.level_start[level]
        for p in range(self.prefixes):  # stable: each level keeps the depth-first order
            level = self.lp_fields[LP_FIELDS * p + LP_LENGTH]
            self.by_level[self.level_start[level]] = p
            self.level_start[level] += 1
        for level in range(depth, 0, -1):
            self.level_start[level] = self.level_start[level - 1]
        self.level_start[0] = 0

    @cython.final  # type: ignore[untyped-decorator]
    def _add_prefix(self, kids: int, held: int, playable: int, swaps: int, node: int,
                    length: int, parent: int, tile: int, blank: int, value: int, slot: int) -> int:
        """Append one left part; returns its number."""
        p = self.prefixes
        if LP_MASKS * p + LP_MASKS > len(self.lp_masks):
            self.lp_masks = _grown(self.lp_masks, LP_MASKS * p, LP_MASKS * p + LP_MASKS)
            self.lp_fields = _grown(self.lp_fields, LP_FIELDS * p, LP_FIELDS * p + LP_FIELDS)
        m = LP_MASKS * p
        self.lp_masks[m + LP_KIDS] = kids
        self.lp_masks[m + LP_HELD] = held
        self.lp_masks[m + LP_PLAYABLE] = playable
        self.lp_masks[m + LP_SWAPS] = swaps
        f = LP_FIELDS * p
        self.lp_fields[f + LP_NODE] = node
        self.lp_fields[f + LP_LENGTH] = length
        self.lp_fields[f + LP_PARENT] = parent
        self.lp_fields[f + LP_TILE] = tile
        self.lp_fields[f + LP_BLANK] = blank
        self.lp_fields[f + LP_VALUE] = value
        self.lp_fields[f + LP_SLOT] = slot
        self.prefixes = p + 1
        return p

    @cython.final  # type: ignore[untyped-decorator]
    def _grow(self, parent: int, node: int, kids: int, held: int, playable: int, swappable: int,
              length: int, depth: int) -> None:
        """The left parts one tile longer than ``parent`` (at ``node``), and theirs."""
        candidates = kids & playable
        length += 1
        while candidates:
            bit = candidates & (~candidates + 1)
            candidates ^= bit
            t = _bits(bit - 1) + 1
            child = self.first[node] + _bits(self.masks[node] & (bit - 1))
            if self.counts[t]:
                slot, blank, value, swaps = t, 0, self.values[t], swappable
            else:
                slot, blank, value, swaps = self.blank, 1, 0, swappable | (self.held_all & bit)
            self.counts[slot] -= 1
            now_held = held ^ bit if slot == t and not self.counts[t] else held
            now_playable = now_held | (self.full if self.counts[self.blank] else 0)
            child_kids = self.masks[child] & self.full
            if child_kids & now_playable:
                p = self._add_prefix(child_kids, now_held, now_playable, swaps, child, length,
                                     parent, t, blank, value, slot)
                if depth > 1:
                    self._grow(p, child, child_kids, now_held, now_playable, swaps, length, depth - 1)
            self.counts[slot] += 1

    @cython.final  # type: ignore[untyped-decorator]
    def _leads(self, p: int, tile: int) -> int:
        """The tiles that may follow left part ``p`` on the anchor when board tile ``tile``
        comes next (0: none; memoised per tile for every left part)."""
        if tile == 0:
            return self.lp_masks[LP_MASKS * p + LP_KIDS] & self.lp_masks[LP_MASKS * p + LP_PLAYABLE]
        slot = self.lead_slot[tile]
        if slot < 0:
            slot = self.lead_slot[tile] = self.lead_slots
            self.lead_slots += 1
            need = self.lead_slots * self.prefixes
            if len(self.leads) < need:
                self.leads = _grown(self.leads, slot * self.prefixes, need)
                self.lead_done = _grown(self.lead_done, slot * self.prefixes, need)
            for q in range(slot * self.prefixes, need):
                self.lead_done[q] = 0
        at = slot * self.prefixes + p
        if not self.lead_done[at]:
            self.leads[at] = self._follow(p, tile)
            self.lead_done[at] = 1
        return self.leads[at]

    @cython.final  # type: ignore[untyped-decorator]
    def _follow(self, p: int, tile: int) -> int:
        """The playable tiles after left part ``p`` that lead into tile ``tile``."""
        node = self.lp_fields[LP_FIELDS * p + LP_NODE]
        candidates = self.lp_masks[LP_MASKS * p + LP_KIDS] & self.lp_masks[LP_MASKS * p + LP_PLAYABLE]
        leads = 0
        while candidates:
            bit = candidates & (~candidates + 1)
            candidates ^= bit
            child = self.first[node] + _bits(self.masks[node] & (bit - 1))
            if (self.masks[child] >> (tile - 1)) & 1:
                leads |= bit
        return leads

    # --- one anchor -------------------------------------------------------------------------

    @cython.final  # type: ignore[untyped-decorator]
    def _run_anchor(self, col: int) -> None:
        """Every move whose leftmost placed anchor is square ``col`` of the current line."""
        at = self.line_base + col
        self.last = self.length - 1
        for square in range(self.length):
            self.word[square] = self.full_tile[self.line_base + square]
        if col > 0 and self.tile[at - 1] != 0:
            first = col - 1
            while first > 0 and self.tile[self.line_base + first - 1] != 0:
                first -= 1
            node = 0
            points = 0
            for square in range(self.line_base + first, at):
                node = self._child(node, self.tile[square])
                if node < 0:
                    return
                points += self.tile_points[square]
            self.start = first
            self._extend(col, self.masks[node] & self.full, node, points, 1, 0, 0, self.held_all, 0)
            return
        mask = self.cross[at]
        following = self.tile[at + 1] if col + 1 < self.length else 0
        for length in range(self._left_limit(at, col) + 1):
            for index in range(self.level_start[length], self.level_start[length + 1]):
                p = self.by_level[index]
                leads = self._leads(p, following)
                if leads & mask:
                    self._from_left_part(p, col, leads)

    @cython.final  # type: ignore[untyped-decorator]
    def _from_left_part(self, p: int, col: int, leads: int) -> None:
        """Lay left part ``p`` before square ``col``, then extend with the tiles ``leads``."""
        length = self.lp_fields[LP_FIELDS * p + LP_LENGTH]
        main = 0
        mult = 1
        link = p
        for square in range(col - 1, col - length - 1, -1):
            f = LP_FIELDS * link
            tile = self.lp_fields[f + LP_TILE]
            self.word[square] = tile | _BLANK if self.lp_fields[f + LP_BLANK] else tile
            main += self.lp_fields[f + LP_VALUE] * self.lm[self.line_base + square]
            mult *= self.wm[self.line_base + square]
            self.counts[self.lp_fields[f + LP_SLOT]] -= 1
            link = self.lp_fields[f + LP_PARENT]
        self.start = col - length
        self._extend(col, self.lp_masks[LP_MASKS * p + LP_KIDS] & leads,
                     self.lp_fields[LP_FIELDS * p + LP_NODE], main, mult, 0, length,
                     self.lp_masks[LP_MASKS * p + LP_HELD], self.lp_masks[LP_MASKS * p + LP_SWAPS])
        link = p
        for _ in range(length):
            self.counts[self.lp_fields[LP_FIELDS * link + LP_SLOT]] += 1
            link = self.lp_fields[LP_FIELDS * link + LP_PARENT]

    @cython.final  # type: ignore[untyped-decorator]
    def _extend(self, col: int, kid_mask: int, node: int, main: int, mult: int, cross: int,
                placed: int, held: int, swappable: int) -> None:
        """Put a tile on empty square ``col`` after ``node`` (child tiles ``kid_mask``), then go
        on through the board tiles after it: record each word that ends there, and extend
        again from the next empty square while the rack has tiles.  ``main`` and ``mult`` are
        the main word's points and word multiplier so far, ``cross`` the cross words' points,
        ``placed`` the tiles put down, ``held`` the real tiles the rack still holds,
        ``swappable`` the tiles a blank played although the rack held them."""
        at = self.line_base + col
        have_blank = self.counts[self.blank]
        candidates = kid_mask & self.cross[at] & (self.full if have_blank else held)
        if not candidates:
            return
        if self.bounded and not swappable:
            # The best-move search: drop the path when no word it can still make (the rest
            # of the rack at its best on the best squares ahead, the bingo only if the
            # lexicon has words long enough) reaches the threshold.  Not once a blank stands
            # for a tile the rack holds: another designation may then put the real tile on a
            # better square than the path scored it on.
            left = self.rack_size - placed
            ahead = (self.line_base + col) * (self.rack_size + 1) + left
            most = ((main + self.most_points[ahead] + left * self.max_value * self.most_lm[ahead])
                    * mult * self.most_mult[ahead] + cross + self.most_cross[ahead])
            if self.rack_size >= self.hand_size and self.height[node] >= self.hand_size - placed:
                most += self.bingo
            if most < self.threshold:
                return
        wm = self.wm[at]
        lm = self.lm[at]
        csum = self.cross_points[at]
        nxt = self.next_square[at] - self.line_base
        end = nxt - 1
        mult *= wm
        placed += 1
        main += self.run_points[at]
        go_on = placed < self.rack_size and nxt <= self.last
        record = True
        if placed == 1:
            length = end - self.start + 1
            record = length >= 2 and (length > self.cross_length[at]
                                      or (length == self.cross_length[at] and self.across == 1))
        if not (record or go_on):
            return
        bonus = self.bingo if placed == self.hand_size else 0
        next_mask = self.cross[self.line_base + nxt] if nxt < self.length else 0
        while candidates:
            bit = candidates & (~candidates + 1)
            candidates ^= bit
            t = _bits(bit - 1) + 1
            child = self.first[node] + _bits(self.masks[node] & (bit - 1))
            for square in range(at + 1, self.line_base + nxt):  # the board tiles after it
                following = self.tile[square]
                if not (self.masks[child] >> (following - 1)) & 1:
                    child = -1
                    break
                child = self._child(child, following)
            if child < 0:
                continue
            is_word = (self.masks[child] & _TERMINAL) != 0
            if not (go_on or is_word):
                continue
            real = self.counts[t]
            if real:
                self.word[col] = t
                v = self.values[t] * lm
                spare = have_blank
                swaps = swappable
            else:
                self.word[col] = t | _BLANK
                v = 0
                spare = have_blank - 1
                swaps = swappable | (self.held_all & bit)
            word_part = main + v
            cross_part = cross + (csum + v) * wm if csum >= 0 else cross
            if record and is_word:
                score = word_part * mult + cross_part + bonus
                if spare or swaps:
                    self._designate(end, mult, score)
                elif score >= self.threshold:
                    self._emit(score, end)
            if go_on:
                next_kids = self.masks[child] & self.full
                if real:
                    now_held = held if real > 1 else held ^ bit
                    if next_kids & next_mask & (self.full if have_blank else now_held):
                        self.counts[t] = real - 1
                        self._extend(nxt, next_kids, child, word_part, mult, cross_part, placed,
                                     now_held, swaps)
                        self.counts[t] = real
                elif next_kids & next_mask & (self.full if spare else held):
                    self.counts[self.blank] = spare
                    self._extend(nxt, next_kids, child, word_part, mult, cross_part, placed,
                                 held, swaps)
                    self.counts[self.blank] = have_blank

# cython: boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
# (Compiled, this module indexes without checks: every index is in range and none is negative.)
"""The typed move-generation kernel: the whole search of :mod:`.search` over fixed arrays.

The compiled build runs this instead of the closure search (:mod:`.extension` and friends,
which stay the pure-Python reference, as :mod:`wordgames.wordsearch.searcher` keeps both):

* the lexicon is the packed node table and the board flat arrays for both orientations
  (:mod:`.board_arrays`, which :class:`Kernel` extends); the rack is a counts array, the word
  being built a per-square buffer, the left parts two flat arrays;
* each move is one record in a growable integer buffer (:mod:`.records`, which
  :class:`Kernel` extends too, with the blank designations) — no Python object per node or
  per move; :mod:`.convert` turns records into :class:`Move` objects or :data:`RawMove`
  tuples.

It visits anchors, left parts, letters and blank designations in the reference's order, so
both give the same moves in the same order (the tests check it).  :meth:`Kernel.search` keeps
only moves scoring at least the ``keep``-th best seen so far when asked (the best-move search).
C types are declared in ``kernel.pxd``; run as plain Python the module gives the same answers,
only slower.
"""

from __future__ import annotations

from collections.abc import Sequence

import cython  # type: ignore[import-untyped, unused-ignore]

from wordgames.scrabble.movegen.board_arrays import KernelLexicon, _grown, _zeros, kernel_lexicon
from wordgames.scrabble.movegen.records import BLANK_FLAG, NO_BOUND, RECORD, Recorder

if not cython.compiled:  # compiled, kernel.pxd cimports the C function
    from wordgames.scrabble.movegen.board_arrays import _bits

__all__ = ["BLANK_FLAG", "NO_BOUND", "RECORD", "Kernel", "KernelLexicon", "kernel_lexicon"]

_BLANK = BLANK_FLAG  # a C constant when compiled


class Kernel(Recorder):
    """The move search for one lexicon, alphabet, letter values, hand size and bingo bonus;
    its buffers are reused from search to search (one search at a time).  After
    :meth:`search` the records are in ``records`` and ``letters`` (see :class:`.Recorder`)."""

    def __init__(self, lexicon: KernelLexicon, values: Sequence[int], hand_size: int,
                 bingo_bonus: int) -> None:
        Recorder.__init__(self, lexicon, values)
        self.hand_size = hand_size
        self.bingo = bingo_bonus
        self.counts = _zeros("i", len(values) + 1)
        self.lead_slot = _zeros("i", len(values))
        self.pu = _zeros("Q", 4 * 64)
        self.pi = _zeros("q", 8 * 64)
        self.by_level = _zeros("q", 64)
        self.level_start = _zeros("q", 32)
        self.leads = _zeros("Q", 64)
        self.lead_done = _zeros("B", 64)
        self.pool: object = None
        self.bounded = False

    # --- the rack and the search -----------------------------------------------------------

    def search(self, rack: Sequence[int], keep: int) -> int:
        """Every legal move of ``rack`` (counts per letter number, blanks last) on the loaded
        board, as records; with ``keep`` > 0 only those scoring at least the ``keep``-th best
        seen so far (the best ``keep`` are among them).  Returns how many records."""
        self._start_records(keep)
        self.blank = self.letter_count
        size = 0
        held = 0
        bit: int = 1
        for i in range(self.letter_count + 1):
            self.counts[i] = rack[i]
            self.rack[i] = rack[i]
            size += rack[i]
            if i < self.letter_count:
                if rack[i]:
                    held |= bit
                bit <<= 1
        self.rack_size = size
        self.blanks_on_rack = rack[self.blank]
        self.held_all = held
        self.playable_all = held | (self.full if self.blanks_on_rack else 0)
        self.max_value = 0
        for i in range(self.letter_count):
            if rack[i] and self.values[i] > self.max_value:
                self.max_value = self.values[i]
        if size == 0:
            return 0
        depth = 0
        for across in range(1, -1, -1):
            lines, length = self._shape(across)
            base = self._base(across)
            for at in range(base, base + lines * length):
                if self.anchor[at] and not ((at - base) % length and self.tile[at - 1] >= 0):
                    depth = max(depth, self._left_limit(at, (at - base) % length))
        self._left_parts(depth)
        # Bounding every path and anchor pays with blanks; without, the threshold alone
        # (records below it are not kept) is cheaper (measured: 0.15 against 0.23 ms).
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
        while limit < self.rack_size - 1 and col > 0 and self.tile[at - 1] < 0 and not self.anchor[at - 1]:
            limit += 1
            at -= 1
            col -= 1
        return limit

    # --- left parts -------------------------------------------------------------------------
    # A left part is pu[4p:4p+4] (child mask, letters still held, letters still playable,
    # blank-for-held-letter flag) and pi[8p:8p+8] (node, length, parent, letter, blank or
    # not, value, rack slot, the most its tile can be worth).

    @cython.final  # type: ignore[untyped-decorator]
    def _left_parts(self, depth: int) -> None:
        """Every left part up to ``depth`` tiles, depth first, then indexed by length."""
        self.prefixes = 0
        self.depth = depth
        for i in range(self.letter_count):
            self.lead_slot[i] = -1
        self.lead_slots = 0
        kids = self.kids[0]
        self._add_prefix(kids, self.held_all, self.playable_all, 0, 0, 0, -1, 0, 0, 0, 0, 0)
        if depth and kids & self.playable_all:
            self._grow(0, 0, kids, self.held_all, self.playable_all, 0, 0, depth)
        if len(self.level_start) < depth + 2:
            self.level_start = _zeros("q", depth + 2)
        if len(self.by_level) < self.prefixes:
            self.by_level = _zeros("q", 2 * self.prefixes)
        for level in range(depth + 2):
            self.level_start[level] = 0
        for p in range(self.prefixes):
            self.level_start[self.pi[8 * p + 1] + 1] += 1
        for level in range(depth + 1):
            self.level_start[level + 1] += self.level_start[level]
        for p in range(self.prefixes):  # stable: each level keeps the depth-first order
            level = self.pi[8 * p + 1]
            self.by_level[self.level_start[level]] = p
            self.level_start[level] += 1
        for level in range(depth, 0, -1):
            self.level_start[level] = self.level_start[level - 1]
        self.level_start[0] = 0

    @cython.final  # type: ignore[untyped-decorator]
    def _add_prefix(self, kids: int, held: int, playable: int, swaps: int, node: int,
                    length: int, parent: int, letter: int, blank: int, value: int, slot: int,
                    most: int) -> int:
        """Append one left part; returns its number."""
        p = self.prefixes
        if 4 * p + 4 > len(self.pu):
            self.pu = _grown(self.pu, 4 * p, 4 * p + 4)
            self.pi = _grown(self.pi, 8 * p, 8 * p + 8)
        self.pu[4 * p] = kids
        self.pu[4 * p + 1] = held
        self.pu[4 * p + 2] = playable
        self.pu[4 * p + 3] = swaps
        self.pi[8 * p] = node
        self.pi[8 * p + 1] = length
        self.pi[8 * p + 2] = parent
        self.pi[8 * p + 3] = letter
        self.pi[8 * p + 4] = blank
        self.pi[8 * p + 5] = value
        self.pi[8 * p + 6] = slot
        self.pi[8 * p + 7] = most
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
            i = _bits(bit - 1)
            child = self.first[node] + _bits(self.masks[node] & (self.lexicon_bit[i] - 1))
            if self.counts[i]:
                slot, blank, value, swaps = i, 0, self.values[i], swappable
            else:
                slot, blank, value, swaps = self.blank, 1, 0, swappable | (self.held_all & bit)
            self.counts[slot] -= 1
            now_held = held ^ bit if slot == i and not self.counts[i] else held
            now_playable = now_held | (self.full if self.counts[self.blank] else 0)
            child_kids = self.kids[child]
            if child_kids & now_playable:
                p = self._add_prefix(child_kids, now_held, now_playable, swaps, child, length,
                                     parent, i, blank, value, slot,
                                     self.values[i] if self.held_all & bit else 0)
                if depth > 1:
                    self._grow(p, child, child_kids, now_held, now_playable, swaps, length, depth - 1)
            self.counts[slot] += 1

    @cython.final  # type: ignore[untyped-decorator]
    def _leads(self, p: int, letter: int) -> int:
        """The letters that may follow left part ``p`` on the anchor when board letter
        ``letter`` comes next (-1: none; memoised per letter for every left part)."""
        if letter < 0:
            return self.pu[4 * p] & self.pu[4 * p + 2]
        slot = self.lead_slot[letter]
        if slot < 0:
            slot = self.lead_slot[letter] = self.lead_slots
            self.lead_slots += 1
            need = self.lead_slots * self.prefixes
            if len(self.leads) < need:
                self.leads = _grown(self.leads, slot * self.prefixes, need)
                self.lead_done = _grown(self.lead_done, slot * self.prefixes, need)
            for q in range(slot * self.prefixes, need):
                self.lead_done[q] = 0
        at = slot * self.prefixes + p
        if not self.lead_done[at]:
            self.leads[at] = self._follow(p, letter)
            self.lead_done[at] = 1
        return self.leads[at]

    @cython.final  # type: ignore[untyped-decorator]
    def _follow(self, p: int, letter: int) -> int:
        """The playable letters after left part ``p`` that lead into ``letter``."""
        node = self.pi[8 * p]
        candidates = self.pu[4 * p] & self.pu[4 * p + 2]
        leads = 0
        while candidates:
            bit = candidates & (~candidates + 1)
            candidates ^= bit
            child = self.first[node] + _bits(self.masks[node] & (self.lexicon_bit[_bits(bit - 1)] - 1))
            if (self.kids[child] >> letter) & 1:
                leads |= bit
        return leads

    # --- one anchor -------------------------------------------------------------------------

    @cython.final  # type: ignore[untyped-decorator]
    def _run_anchor(self, col: int) -> None:
        """Every move whose leftmost placed anchor is square ``col`` of the current line."""
        at = self.line_base + col
        self.last = self.length - 1
        for square in range(self.length):
            self.word[square] = self.tile[self.line_base + square]
        if col > 0 and self.tile[at - 1] >= 0:
            first = col - 1
            while first > 0 and self.tile[self.line_base + first - 1] >= 0:
                first -= 1
            node = 0
            points = 0
            for square in range(self.line_base + first, at):
                node = self._child(node, self.tile[square])
                if node < 0:
                    return
                points += self.tile_points[square]
            self.start = first
            self._extend(col, self.kids[node], node, points, 1, 0, 0, self.held_all, 0)
            return
        mask = self.cross[at]
        following = self.tile[at + 1] if col + 1 < self.length else -1
        for length in range(self._left_limit(at, col) + 1):
            for index in range(self.level_start[length], self.level_start[length + 1]):
                p = self.by_level[index]
                leads = self._leads(p, following)
                if leads & mask:
                    self._from_left_part(p, col, leads)

    @cython.final  # type: ignore[untyped-decorator]
    def _from_left_part(self, p: int, col: int, leads: int) -> None:
        """Lay left part ``p`` before square ``col``, then extend with the letters ``leads``."""
        length = self.pi[8 * p + 1]
        main = 0
        mult = 1
        link = p
        for square in range(col - 1, col - length - 1, -1):
            letter = self.pi[8 * link + 3]
            self.word[square] = letter + _BLANK if self.pi[8 * link + 4] else letter
            main += self.pi[8 * link + 5] * self.lm[self.line_base + square]
            mult *= self.wm[self.line_base + square]
            self.counts[self.pi[8 * link + 6]] -= 1
            link = self.pi[8 * link + 2]
        self.start = col - length
        self._extend(col, self.pu[4 * p] & leads, self.pi[8 * p], main, mult, 0, length,
                     self.pu[4 * p + 1], self.pu[4 * p + 3])
        link = p
        for _ in range(length):
            self.counts[self.pi[8 * link + 6]] += 1
            link = self.pi[8 * link + 2]

    @cython.final  # type: ignore[untyped-decorator]
    def _extend(self, col: int, kid_mask: int, node: int, main: int, mult: int, cross: int,
                placed: int, held: int, swappable: int) -> None:
        """Put a tile on empty square ``col`` after ``node`` (child letters ``kid_mask``) and
        go on: the reference's ``extend`` (see :mod:`.extension`) on the arrays."""
        at = self.line_base + col
        have_blank = self.counts[self.blank]
        candidates = kid_mask & self.cross[at] & (self.full if have_blank else held)
        if not candidates:
            return
        if self.bounded and not swappable:
            # The best-move search: drop the path when no word it can still make (the rest
            # of the rack at its best on the best squares ahead, the bingo only if the
            # lexicon has words long enough) reaches the threshold.  Not once a blank stands
            # for a letter the rack holds: another designation may then put the real tile
            # on a better square than the path scored it on.
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
            i = _bits(bit - 1)
            child = self.first[node] + _bits(self.masks[node] & (self.lexicon_bit[i] - 1))
            for square in range(at + 1, self.line_base + nxt):  # the board tiles after it
                t = self.tile[square]
                if not (self.kids[child] >> t) & 1:
                    child = -1
                    break
                child = self.first[child] + _bits(self.masks[child] & (self.lexicon_bit[t] - 1))
            if child < 0:
                continue
            is_word = (self.masks[child] & self.terminal) != 0
            if not (go_on or is_word):
                continue
            real = self.counts[i]
            if real:
                self.word[col] = i
                v = self.values[i] * lm
                spare = have_blank
                swaps = swappable
            else:
                self.word[col] = i + _BLANK
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
                next_kids = self.kids[child]
                if real:
                    now_held = held if real > 1 else held ^ bit
                    if next_kids & next_mask & (self.full if have_blank else now_held):
                        self.counts[i] = real - 1
                        self._extend(nxt, next_kids, child, word_part, mult, cross_part, placed,
                                     now_held, swaps)
                        self.counts[i] = real
                elif next_kids & next_mask & (self.full if spare else held):
                    self.counts[self.blank] = spare
                    self._extend(nxt, next_kids, child, word_part, mult, cross_part, placed,
                                 held, swaps)
                    self.counts[self.blank] = have_blank

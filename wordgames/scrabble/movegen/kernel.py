# cython: boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
# (Compiled, this module indexes without checks: every index is in range and none is negative.)
"""The typed move-generation kernel: the whole search of :mod:`.search` over fixed arrays.

The compiled build runs this instead of the closure search (:mod:`.extension` and friends,
which stay the pure-Python reference, as :mod:`wordgames.wordsearch.searcher` keeps both):

* the lexicon is the packed node table (:mod:`wordgames.lexicon.packed`); its letter bits are
  mapped once to the tile set's letter numbers (position in ``tile_set.letters``), so the
  search's masks are in the tile set's letter order (:class:`KernelLexicon`);
* the board is read once per search into flat integer arrays for both orientations (tile
  number or -1, cross-check mask, cross-word points and length, premiums, anchors, the run of
  board tiles after each square), the rack into a counts array, the word being built into a
  per-square buffer;
* each move is one record in a growable integer buffer (score, orientation, line, first and
  last square, where its letters start in a letter buffer) — no Python object per node or per
  move; :mod:`.convert` turns records into :class:`Move` objects or :data:`RawMove` tuples.

It visits anchors, left parts, letters and blank designations in the reference's order, so
both give the same moves in the same order (the tests check it).  :meth:`Kernel.search` keeps
only moves scoring at least the ``keep``-th best seen so far when asked (the best-move search).
C types are declared in ``kernel.pxd``; run as plain Python the module gives the same answers,
only slower.
"""

from __future__ import annotations

import weakref
from array import array
from collections.abc import Sequence

import cython  # type: ignore[import-untyped, unused-ignore]

from wordgames.lexicon.packed import PackedNodes

# The search's own methods are ``cython.final`` (called directly, not through the class's
# method table, so a subclass such as .equity_kernel.EquityKernel costs the search nothing);
# only the recording steps, ``_emit`` and ``_raise_threshold``, may be overridden.  Cython
# reads ``final`` on a method from the source, not from the .pxd.

NO_BOUND = -(1 << 60)
RECORD = 6
"""Integers per move record: score, orientation (1 across, 0 down), line, first and last
square, letter offset."""
BLANK_FLAG = 128
"""Added to a letter number in the letter buffer when a blank plays it."""
_WIDTH = 6  # RECORD and BLANK_FLAG as C constants for the compiled loops
_BLANK = 128

_ALL = 0xFFFFFFFFFFFFFFFF
_ODD = 0x5555555555555555
_PAIR = 0x3333333333333333
_NIBBLE = 0x0F0F0F0F0F0F0F0F
_ONES = 0x0101010101010101


def _bits(mask: int) -> int:
    """How many bits of a 64-bit ``mask`` are set (the multiply wraps in C; ``_ALL`` makes
    Python wrap the same way)."""
    mask = mask - ((mask >> 1) & _ODD)
    mask = (mask & _PAIR) + ((mask >> 2) & _PAIR)
    mask = (mask + (mask >> 4)) & _NIBBLE
    return ((mask * _ONES) & _ALL) >> 56


def _zeros(typecode: str, count: int) -> array[int]:
    """A zero-filled array of ``count`` items."""
    return array(typecode, bytes(array(typecode).itemsize * count))


def _grown(old: array[int], used: int, wanted: int) -> array[int]:
    """A copy of the first ``used`` items of ``old`` in an array of at least ``wanted`` (``old``
    is an array, or, compiled, a typed view of one: its ``base``)."""
    source = getattr(old, "base", old)
    new = _zeros(source.typecode, max(wanted, 2 * len(source), 64))
    new[:used] = source[:used]
    return new


class KernelLexicon:
    """A packed node table with its child masks in a tile set's letter order: ``kids[node]``
    has bit ``i`` when letter ``alphabet[i]`` may follow; the child along letter ``i`` is
    ``first[node] + popcount(masks[node] & (lexicon_bit[i] - 1))``.  When the alphabet's
    letters hold the table's first bits in order (A-Z and ENABLE) ``kids`` is the table's own
    mask array; otherwise it is translated once, one pass over the nodes."""

    def __init__(self, packed: PackedNodes, alphabet: str) -> None:
        self.masks = packed.masks
        self.first = packed.first
        self.terminal = packed.terminal
        self.lexicon_bit = array("Q", [packed.letter_bits.get(letter, 0) for letter in alphabet])
        if all(self.lexicon_bit[i] == 1 << i for i in range(len(alphabet))):
            self.kids = packed.masks
        else:
            self.kids = _translated(packed, alphabet)


def _translated(packed: PackedNodes, alphabet: str) -> array[int]:
    """Each node's child mask with letter ``alphabet[i]`` on bit ``i`` (other letters dropped)."""
    to_tile = _zeros("Q", 64)  # lexicon bit position -> tile bit (0: not in the alphabet)
    for i, letter in enumerate(alphabet):
        bit = packed.letter_bits.get(letter, 0)
        if bit:
            to_tile[bit.bit_length() - 1] = 1 << i
    masks = packed.masks
    kids = _zeros("Q", len(masks))
    return _translate(masks, kids, to_tile, packed.terminal)


def _translate(masks: array[int], kids: array[int], to_tile: array[int], terminal: int) -> array[int]:
    """Fill ``kids`` from ``masks`` through ``to_tile`` (a loop the compiler types)."""
    m, k, t = masks, kids, to_tile  # typed views when compiled
    for node in range(len(masks)):
        mask = m[node] & ~terminal
        out = 0
        position = 0
        while mask:
            if mask & 1:
                out |= t[position]
            mask >>= 1
            position += 1
        k[node] = out
    return kids


_LEXICONS: weakref.WeakKeyDictionary[PackedNodes, dict[str, KernelLexicon]] = weakref.WeakKeyDictionary()


def kernel_lexicon(packed: PackedNodes, alphabet: str) -> KernelLexicon:
    """The :class:`KernelLexicon` of ``packed`` for ``alphabet`` (made once, kept with it)."""
    by_alphabet = _LEXICONS.setdefault(packed, {})
    found = by_alphabet.get(alphabet)
    if found is None:
        found = by_alphabet[alphabet] = KernelLexicon(packed, alphabet)
    return found


class Kernel:
    """The move search for one lexicon, alphabet, letter values, hand size and bingo bonus;
    its buffers are reused from search to search (one search at a time).

    After :meth:`search`, ``records[:count * RECORD]`` holds the moves found and
    ``letters`` their letters (tile numbers, ``+ BLANK_FLAG`` for a blank played), each move's
    from its first square to its last."""

    def __init__(self, lexicon: KernelLexicon, values: Sequence[int], hand_size: int,
                 bingo_bonus: int) -> None:
        self.kids = lexicon.kids
        self.masks = lexicon.masks
        self.first = lexicon.first
        self.lexicon_bit = lexicon.lexicon_bit
        self.terminal = lexicon.terminal
        self.letter_count = len(values)
        letters: int = len(values)  # a Python int: the shift must not overflow a C long
        self.full = (1 << letters) - 1
        self.values = array("q", [*values, 0])
        self.hand_size = hand_size
        self.bingo = bingo_bonus
        self.counts = _zeros("i", len(values) + 1)
        self.rack = _zeros("i", len(values) + 1)
        self.lead_slot = _zeros("i", len(values))
        self.squares = 0
        self.records = _zeros("q", 64 * _WIDTH)
        self.letters = _zeros("B", 512)
        self.pu = _zeros("Q", 4 * 64)
        self.pi = _zeros("q", 8 * 64)
        self.by_level = _zeros("q", 64)
        self.level_start = _zeros("q", 32)
        self.leads = _zeros("Q", 64)
        self.top = _zeros("q", 1)
        self.count = 0
        self.pool: object = None
        self.word = _zeros("i", 1)
        self.offsets = _zeros("i", 1)
        self.losses = _zeros("q", 1)
        self.chosen = _zeros("i", 1)
        self.flags = _zeros("i", 1)
        self.uses = _zeros("i", len(values) + 1)

    # --- the board --------------------------------------------------------------------------

    @cython.final  # type: ignore[untyped-decorator]
    def _size(self, rows: int, cols: int) -> None:
        """Arrays for a board of ``rows`` x ``cols`` squares, both orientations."""
        self.rows = rows
        self.cols = cols
        if self.squares == 2 * rows * cols:
            return
        self.squares = size = 2 * rows * cols
        self.tile = _zeros("i", size)
        self.tile_points = _zeros("q", size)
        self.cross = _zeros("Q", size)
        self.cross_points = _zeros("q", size)
        self.cross_length = _zeros("i", size)
        self.lm = _zeros("q", size)
        self.wm = _zeros("q", size)
        self.anchor = _zeros("i", size)
        self.next_square = _zeros("i", size)
        self.run_points = _zeros("q", size)
        side = max(rows, cols) + 1
        self.word = _zeros("i", side)
        self.offsets = _zeros("i", side)
        self.losses = _zeros("q", side)
        self.chosen = _zeros("i", side)
        self.flags = _zeros("i", side)

    @cython.final  # type: ignore[untyped-decorator]
    def _base(self, across: int) -> int:
        """Where orientation ``across`` (1) or down (0) starts in the square arrays."""
        return 0 if across else self.rows * self.cols

    def load_board(self, tiles: Sequence[int], points: Sequence[int], letter_mult: Sequence[int],
                   word_mult: Sequence[int], rows: int, cols: int, start: int) -> None:
        """Read a board given row-major: tile numbers (-1 empty), tile points, premiums, and
        the start square (used when the board is empty).  Cost: O(squares) plus a walk of the
        lexicon per cross word."""
        self._size(rows, cols)
        empty = True
        for o in range(2):
            base = self._base(1 - o)
            for square in range(rows * cols):
                r = square // cols
                c = square - r * cols
                at = base + (r * cols + c if o == 0 else c * rows + r)
                self.tile[at] = tiles[square]
                self.tile_points[at] = points[square]
                self.lm[at] = letter_mult[square]
                self.wm[at] = word_mult[square]
                if tiles[square] >= 0:
                    empty = False
        self._lines(1, rows, cols, empty, start)
        self._lines(0, cols, rows, empty, (start % cols) * rows + start // cols)

    @cython.final  # type: ignore[untyped-decorator]
    def _lines(self, across: int, lines: int, length: int, empty: bool, start: int) -> None:
        """Cross-checks, anchors and runs of one orientation (``lines`` lines of ``length``)."""
        base = self._base(across)
        other = self._base(1 - across)
        for line in range(lines):
            for col in range(length - 1, -1, -1):  # right to left: each square sees its run
                at = base + line * length + col
                self.anchor[at] = 0
                if self.tile[at] >= 0:
                    self.cross[at] = 0
                    continue
                self._run_after(at, col, length)
                if empty:
                    self.cross[at] = self.full
                    self.cross_points[at] = -1
                    self.cross_length[at] = 1
                    self.anchor[at] = at - base == start
                    continue
                self._cross_check(at, other + col * lines, line, lines)
                if (self.cross_points[at] >= 0 or (col + 1 < length and self.tile[at + 1] >= 0)
                        or (col > 0 and self.tile[at - 1] >= 0)):
                    self.anchor[at] = 1

    @cython.final  # type: ignore[untyped-decorator]
    def _run_after(self, at: int, col: int, length: int) -> None:
        """The square after the board tiles following empty square ``at`` and their points."""
        nxt = at + 1
        points = 0
        end = col + 1
        while end < length and self.tile[nxt] >= 0:
            points += self.tile_points[nxt]
            nxt += 1
            end += 1
        self.next_square[at] = nxt
        self.run_points[at] = points

    @cython.final  # type: ignore[untyped-decorator]
    def _cross_check(self, at: int, line_start: int, position: int, length: int) -> None:
        """The letters that may go on ``at`` given the board tiles around it in the other
        orientation (whose line starts at ``line_start``; ``at`` is its square ``position``)."""
        top = position
        while top > 0 and self.tile[line_start + top - 1] >= 0:
            top -= 1
        bottom = position
        while bottom + 1 < length and self.tile[line_start + bottom + 1] >= 0:
            bottom += 1
        if top == bottom:
            self.cross[at] = self.full
            self.cross_points[at] = -1
            self.cross_length[at] = 1
            return
        points = 0
        node = 0
        for square in range(line_start + top, line_start + bottom + 1):
            points += self.tile_points[square]
        self.cross_points[at] = points
        self.cross_length[at] = bottom - top + 1
        for square in range(line_start + top, line_start + position):
            node = self._child(node, self.tile[square])
            if node < 0:
                self.cross[at] = 0
                return
        allowed = 0
        letters = self.kids[node] & self.full
        while letters:
            bit = letters & (~letters + 1)
            letters ^= bit
            child = self._child(node, _bits(bit - 1))
            for square in range(line_start + position + 1, line_start + bottom + 1):
                child = self._child(child, self.tile[square])
                if child < 0:
                    break
            if child >= 0 and self.masks[child] & self.terminal:
                allowed |= bit
        self.cross[at] = allowed

    @cython.final  # type: ignore[untyped-decorator]
    def _child(self, node: int, letter: int) -> int:
        """The node after ``node`` along tile letter ``letter``, or -1."""
        if letter < 0 or not (self.kids[node] >> letter) & 1:
            return -1
        return self.first[node] + _bits(self.masks[node] & (self.lexicon_bit[letter] - 1))

    # --- the rack and the search -----------------------------------------------------------

    def search(self, rack: Sequence[int], keep: int) -> int:
        """Every legal move of ``rack`` (counts per letter number, blanks last) on the loaded
        board, as records; with ``keep`` > 0 only those scoring at least the ``keep``-th best
        seen so far (the best ``keep`` are among them).  Returns how many records."""
        self.count = 0
        self.used_letters = 0
        self.threshold = NO_BOUND
        self.keep = keep
        if keep > 0:
            self.top = _zeros("q", keep)
            for i in range(keep):
                self.top[i] = NO_BOUND
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
        for across in range(1, -1, -1):
            lines, length = self._shape(across)
            base = self._base(across)
            self.across = across
            for line in range(lines):
                self.line = line
                self.line_base = base + line * length
                self.length = length
                for col in range(length):
                    if self.anchor[self.line_base + col]:
                        self._run_anchor(col)
        return self.count

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
            for q in range(self.prefixes):
                self.leads[slot * self.prefixes + q] = self._follow(q, letter)
        return self.leads[slot * self.prefixes + p]

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
                child = self._child(child, self.tile[square])
                if child < 0:
                    break
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

    # --- recording --------------------------------------------------------------------------

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

    @cython.final  # type: ignore[untyped-decorator]
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

    @cython.final  # type: ignore[untyped-decorator]
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

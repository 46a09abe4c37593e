# cython: boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
# (Compiled, this module indexes without checks: every index is in range and none is negative.)
"""What the typed move-generation kernel (:mod:`.kernel`) reads: the lexicon and the board as
fixed arrays.

* :class:`KernelLexicon`: the packed node table (:mod:`wordgames.lexicon.packed`) with its
  letter bits mapped once to the tile set's letter numbers (position in ``tile_set.letters``),
  so the search's masks are in the tile set's letter order whatever the alphabet;
* :class:`BoardArrays`: the board read once per search into flat arrays for both orientations
  (tile number or -1, tile points, cross-check mask, cross-word points and length, premiums,
  anchors, the square after the board tiles that follow each square and their points), with
  the lexicon walk those need.  :class:`.kernel.Kernel` extends it with the search.

C types are declared in ``board_arrays.pxd``; run as plain Python the module gives the same
answers, only slower.
"""

from __future__ import annotations

import weakref
from array import array
from collections.abc import Sequence

from wordgames.lexicon.packed import PackedNodes

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
        self.height = _heights(packed.masks, packed.first, packed.terminal)


def _heights(masks: array[int], first: array[int], terminal: int) -> array[int]:
    """Per node, the most letters a word may still take after it (at most 255): the best-move
    search drops a path that cannot reach the bingo.  Children are numbered after their
    parent (breadth first), so one backward pass.  Cost: O(nodes), a byte each."""
    height = _zeros("B", len(masks))
    m, f, h = masks, first, height  # typed views when compiled
    for node in range(len(masks) - 1, -1, -1):
        children = _bits(m[node] & ~terminal)
        best = 0
        for child in range(f[node], f[node] + children):
            if h[child] + 1 > best:
                best = h[child] + 1
        h[node] = min(best, 255)
    return height


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


class BoardArrays:
    """The lexicon arrays of one alphabet and letter values, and the arrays of the board last
    loaded (both orientations: across lines first, then down lines, each line's squares in
    reading order)."""

    def __init__(self, lexicon: KernelLexicon, values: Sequence[int]) -> None:
        self.kids = lexicon.kids
        self.height = lexicon.height
        self.masks = lexicon.masks
        self.first = lexicon.first
        self.lexicon_bit = lexicon.lexicon_bit
        self.terminal = lexicon.terminal
        self.letter_count = len(values)
        letters: int = len(values)  # a Python int: the shift must not overflow a C long
        self.full = (1 << letters) - 1
        self.values = array("q", [*values, 0])
        self.squares = 0
        self.word = _zeros("i", 1)
        self.offsets = _zeros("i", 1)
        self.losses = _zeros("q", 1)
        self.chosen = _zeros("i", 1)
        self.flags = _zeros("i", 1)
        self.most_points = _zeros("q", 1)
        self.most_mult = _zeros("q", 1)
        self.most_cross = _zeros("q", 1)
        self.most_lm = _zeros("q", 1)

    def _size(self, rows: int, cols: int) -> None:
        """Arrays for a board of ``rows`` x ``cols`` squares, both orientations, and the
        search's per-square buffers."""
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

    def _line_bounds(self, line_base: int, length: int, max_value: int, tiles: int) -> None:
        """For each square ``col`` of the line starting at ``line_base`` and each number
        ``k`` <= ``tiles`` of rack tiles put down from it (index ``(line_base + col) *
        (tiles + 1) + k``),
        the most those tiles and the board tiles they reach can add to a move (tiles worth at
        most ``max_value``): the board tiles' points, the product of the word multipliers,
        the cross words, the highest letter multiplier.  Where fewer than ``k`` empty squares
        are left, the figures of all of them.  The best-move search bounds a path with them.
        Cost: O(length x tiles)."""
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
            while square < length and self.tile[line_base + square] >= 0:
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
                    while square < length and self.tile[line_base + square] >= 0:
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
        if col > 0 and self.tile[line_base + col - 1] >= 0:
            first = col - 1
            while first > 0 and self.tile[line_base + first - 1] >= 0:
                first -= 1
            limit = 0
        most = 0
        for start in range(first, first + limit + 1):
            at = (line_base + start) * width + tiles
            score = ((self.most_points[at] + tiles * max_value * self.most_lm[at]) * self.most_mult[at]
                     + self.most_cross[at])
            most = max(most, score)
        return most + bingo

    def _child(self, node: int, letter: int) -> int:
        """The node after ``node`` along tile letter ``letter``, or -1."""
        if letter < 0 or not (self.kids[node] >> letter) & 1:
            return -1
        return self.first[node] + _bits(self.masks[node] & (self.lexicon_bit[letter] - 1))

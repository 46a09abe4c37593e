# cython: boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
# (Compiled, this module indexes without checks: every index is in range and none is negative.)
"""What the move-generation kernel reads: the lexicon and the board as fixed arrays, in tile
numbers.

* :class:`KernelLexicon`: a packed node table in a tile set's numbering
  (:func:`wordgames.lexicon.packed.packed_nodes_for`): bit ``t - 1`` of ``masks[node]`` when
  tile ``t`` may follow, bit 63 for a word; and per node the most tiles a word may still take
  after it (the best-move search drops a path that cannot reach the bingo).
* :class:`BoardState`: one board seen by one lexicon and set of tile values, both orientations
  (across lines first, then down lines, each line's squares in reading order): per square its
  tile (a number, 0 empty; ``tile`` without the blank bit, as the lexicon spells it,
  ``full_tile`` with it), tile points, premiums, cross-check mask, cross-word points and
  length, whether it is an anchor, and the square after the board tiles that follow it with
  their points.  It lives with the board (:meth:`BoardSquares.kernel_state`) and follows the board's
  change log (:meth:`BoardState.sync`): after a move is played or taken back only the squares
  whose runs or cross words it changed are computed again (at most five a tile).

C types are declared in ``board_arrays.pxd``; run as plain Python the module gives the same
answers, only slower.
"""

from __future__ import annotations

import weakref
from array import array
from collections.abc import Sequence
from typing import Any

import cython  # type: ignore[import-untyped, unused-ignore]

from wordgames.lexicon.packed import TERMINAL, PackedNodes

_ALL = 0xFFFFFFFFFFFFFFFF
_ODD = 0x5555555555555555
_PAIR = 0x3333333333333333
_NIBBLE = 0x0F0F0F0F0F0F0F0F
_ONES = 0x0101010101010101
_TERMINAL = TERMINAL  # a C constant when compiled
_UNBLANK = 0x7F  # a tile number without the blank bit (BLANK_BIT is 0x80)
_NO_CROSS = -1  # cross_points of a square whose tile would form no cross word


def _bits(mask: int) -> int:
    """How many bits of a 64-bit ``mask`` are set (the multiply wraps in C; ``_ALL`` makes
    Python wrap the same way)."""
    mask = mask - ((mask >> 1) & _ODD)
    mask = (mask & _PAIR) + ((mask >> 2) & _PAIR)
    mask = (mask + (mask >> 4)) & _NIBBLE
    return ((mask * _ONES) & _ALL) >> 56


if not cython.compiled:  # compiled, board_arrays.pxd gives _popcount in C (inline, C constants)
    _popcount = _bits


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
    """A packed node table in a tile set's numbering (see the module docstring): the child of
    ``node`` along tile ``t`` is ``first[node] + popcount(masks[node] & ((1 << (t - 1)) - 1))``;
    ``height[node]`` is the most tiles a word may still take after it (at most 255)."""

    def __init__(self, packed: PackedNodes) -> None:
        self.packed = packed
        self.masks = packed.masks
        self.first = packed.first
        self.height = _heights(packed.masks, packed.first)


def _heights(masks: array[int], first: array[int]) -> array[int]:
    """Per node, the most tiles a word may still take after it (at most 255).  Children are
    numbered after their parent (breadth first), so one backward pass.  Cost: O(nodes), a
    byte each."""
    height = _zeros("B", len(masks))
    m, f, h = masks, first, height  # typed views when compiled
    for node in range(len(masks) - 1, -1, -1):
        children = _bits(m[node] & ~_TERMINAL)
        best = 0
        for child in range(f[node], f[node] + children):
            if h[child] + 1 > best:
                best = h[child] + 1
        h[node] = min(best, 255)
    return height


_LEXICONS: weakref.WeakKeyDictionary[PackedNodes, KernelLexicon] = weakref.WeakKeyDictionary()


def kernel_lexicon(packed: PackedNodes) -> KernelLexicon:
    """The :class:`KernelLexicon` of ``packed`` (made once, kept with it)."""
    found = _LEXICONS.get(packed)
    if found is None:
        found = _LEXICONS[packed] = KernelLexicon(packed)
    return found


class BoardState:
    """One board's arrays for one lexicon and set of tile values (see the module docstring).
    :meth:`sync` brings them up to the board as it is; the kernel reads them."""

    def __init__(self, lexicon: KernelLexicon, values: Sequence[int]) -> None:
        self.masks = lexicon.masks
        self.first = lexicon.first
        self.letter_count = len(values) - 1
        letters: int = self.letter_count  # a Python int: the shift must not overflow a C long
        self.full = (1 << letters) - 1
        self.values = array("q", values)
        self.rows = 0
        self.cols = 0
        self.squares = 0
        self.version = -1
        self.empty = True
        self.start = 0
        self.board_id = 0
        self.marks = _zeros("B", 1)
        self.touched = _zeros("i", 1)

    # --- loading --------------------------------------------------------------------------------

    def _size(self, rows: int, cols: int) -> None:
        """Arrays for a board of ``rows`` x ``cols`` squares, both orientations."""
        self.rows = rows
        self.cols = cols
        self.squares = size = 2 * rows * cols
        self.tile = _zeros("i", size)
        self.full_tile = _zeros("i", size)
        self.tile_points = _zeros("q", size)
        self.cross = _zeros("Q", size)
        self.cross_points = _zeros("q", size)
        self.cross_length = _zeros("i", size)
        self.lm = _zeros("q", size)
        self.wm = _zeros("q", size)
        self.anchor = _zeros("i", size)
        self.next_square = _zeros("i", size)
        self.run_points = _zeros("q", size)
        self.marks = _zeros("B", rows * cols)  # squares touched by a change (row-major), see _apply
        self.touched = _zeros("i", rows * cols)

    def base(self, across: int) -> int:
        """Where orientation ``across`` (1) or down (0) starts in the square arrays."""
        return 0 if across else self.rows * self.cols

    def at(self, across: int, row: int, col: int) -> int:
        """The index of square (row, col) in orientation ``across``'s arrays."""
        if across:
            return row * self.cols + col
        return self.rows * self.cols + col * self.rows + row

    def sync(self, board: Any) -> None:
        """Bring the arrays up to ``board`` (a :class:`~wordgames.scrabble.core.board.Board`):
        from its change log when the board is the one last seen, of the same size, and the
        log reaches back far enough; else whole.  Cost: a cross-check walk for each of at
        most five squares a changed tile, or O(squares) plus a lexicon walk per cross word
        for a whole load."""
        if (self.board_id == id(board) and self.rows == board.rows and self.cols == board.cols
                and self.version >= 0):
            if self.version == board.version:
                return
            changed = board.changes_since(self.version)
            if changed is not None:
                self._apply(board, changed)
                return
        self.load(board)

    def load(self, board: Any) -> None:
        """Read the whole board (see :meth:`sync`)."""
        rows, cols = board.rows, board.cols
        if (rows, cols) != (self.rows, self.cols) or self.board_id != id(board):
            self._size(rows, cols)
            letter_mult, word_mult = flat_premiums(board.layout)
            for square in range(rows * cols):
                r = square // cols
                c = square - r * cols
                for across in range(2):
                    at = self.at(across, r, c)
                    self.lm[at] = letter_mult[square]
                    self.wm[at] = word_mult[square]
        self.board_id = id(board)
        start_row, start_col = board.layout.start
        self.start = start_row * cols + start_col
        self._load_tiles(array("i", list(board.squares)))
        self.version = board.version

    def _load_tiles(self, tiles: Any) -> None:
        """Read every square's tile number from ``tiles`` (row-major, this board's size)."""
        for square in range(self.rows * self.cols):
            self._set_tile(square, tiles[square])
        self.empty = self._all_empty(tiles)
        self._lines(1, self.rows, self.cols)
        self._lines(0, self.cols, self.rows)

    def _all_empty(self, tiles: Any) -> bool:
        """Whether ``tiles`` (row-major tile numbers) holds no tile.  Cost: O(squares)."""
        return all(not tiles[square] for square in range(self.rows * self.cols))

    def follow(self, tiles: Any, changed: Any, count: int) -> None:
        """Take the changes of a search that plays on its own integer board: ``tiles`` (int
        array, row-major, this board's size) now holds the tiles, and ``changed[:count]``
        lists the squares changed since these arrays last matched it (repeats allowed).
        No :class:`~wordgames.scrabble.core.board.Board` is read, so the next :meth:`sync`
        loads its board whole.  Cost: as :meth:`sync` following a change log."""
        self._follow(tiles, changed, count)
        self.version = -1

    def _set_tile(self, square: int, number: int) -> None:
        """Square ``square`` (row-major) holds tile ``number`` (0 empty) in both orientations."""
        r = square // self.cols
        c = square - r * self.cols
        points = 0 if number == 0 or number > _UNBLANK else self.values[number]
        tile = number & _UNBLANK
        at = self.at(1, r, c)
        self.tile[at] = tile
        self.full_tile[at] = number
        self.tile_points[at] = points
        at = self.at(0, r, c)
        self.tile[at] = tile
        self.full_tile[at] = number
        self.tile_points[at] = points

    def _apply(self, board: Any, changed: Sequence[int]) -> None:
        """Follow the board's changes (see :meth:`_follow`)."""
        self._follow(array("i", list(board.squares)), array("i", changed), len(changed))
        self.version = board.version

    def _follow(self, tiles: Any, changed: Any, count: int) -> None:
        """Follow the changes at squares ``changed[:count]``, the tiles now ``tiles``. A square's arrays
        read the tiles of its own line up to the first square without a tile after it (its
        run), and those of the other line through it up to the first square without a tile each
        way (its cross word, and with it whether it is an anchor); so a change touches its own
        square and, in its row and in its column, the first square without a tile on each side
        of the tiles around it: at most five squares a change, each computed again in both
        orientations. A board that becomes empty or stops being empty is read whole. Cost: a
        cross-check walk of the lexicon for each square touched."""
        if self.empty or self._all_empty(tiles):
            self._load_tiles(tiles)
            return
        rows, cols = self.rows, self.cols
        for index in range(count):
            self._set_tile(changed[index], tiles[changed[index]])
        touched = 0
        for index in range(count):
            square = changed[index]
            r = square // cols
            c = square - r * cols
            touched = self._touch(square, touched)
            touched = self._touch(self._gap(square - 1, -1, c), touched)
            touched = self._touch(self._gap(square + 1, 1, cols - 1 - c), touched)
            touched = self._touch(self._gap(square - cols, -cols, r), touched)
            touched = self._touch(self._gap(square + cols, cols, rows - 1 - r), touched)
        for index in range(touched):
            square = self.touched[index]
            self.marks[square] = 0
            r = square // cols
            c = square - r * cols
            self._square(1, self.at(1, r, c), r, c, rows, cols)
            self._square(0, self.at(0, r, c), c, r, cols, rows)

    def _gap(self, square: int, step: int, steps: int) -> int:
        """The first square without a tile from ``square`` on (row-major, moving by ``step``,
        at most ``steps`` squares before the board's edge), or -1 when the edge comes first."""
        while steps > 0 and self.tile[square] != 0:
            square += step
            steps -= 1
        return square if steps > 0 else -1

    def _touch(self, square: int, count: int) -> int:
        """List square ``square`` (row-major; -1: none) among the ``count`` touched, once;
        the new count."""
        if square >= 0 and not self.marks[square]:
            self.marks[square] = 1
            self.touched[count] = square
            count += 1
        return count

    def _lines(self, across: int, lines: int, length: int) -> None:
        """Runs, cross-checks and anchors of one orientation (``lines`` lines of ``length``)."""
        base = self.base(across)
        for line in range(lines):
            for col in range(length - 1, -1, -1):
                self._square(across, base + line * length + col, line, col, lines, length)

    def _square(self, across: int, at: int, line: int, col: int, lines: int, length: int) -> None:
        """Square ``col`` of line ``line`` (index ``at``): its run after, cross-check and
        anchor."""
        self.anchor[at] = 0
        if self.tile[at] != 0:
            self.cross[at] = 0
            return
        self._run_after(at, col, length)
        if self.empty:
            self.cross[at] = self.full
            self.cross_points[at] = _NO_CROSS
            self.cross_length[at] = 1
            start = self.start if across else (self.start % self.cols) * self.rows + self.start // self.cols
            self.anchor[at] = at - self.base(across) == start
            return
        self._cross_check(at, self.base(1 - across) + col * lines, line, lines)
        if (self.cross_points[at] >= 0 or (col + 1 < length and self.tile[at + 1] != 0)
                or (col > 0 and self.tile[at - 1] != 0)):
            self.anchor[at] = 1

    def _run_after(self, at: int, col: int, length: int) -> None:
        """The square after the board tiles following empty square ``at`` and their points."""
        nxt = at + 1
        points = 0
        end = col + 1
        while end < length and self.tile[nxt] != 0:
            points += self.tile_points[nxt]
            nxt += 1
            end += 1
        self.next_square[at] = nxt
        self.run_points[at] = points

    def _cross_check(self, at: int, line_start: int, position: int, length: int) -> None:
        """The tiles that may go on ``at`` given the board tiles around it in the other
        orientation (whose line starts at ``line_start``; ``at`` is its square ``position``)."""
        top = position
        while top > 0 and self.tile[line_start + top - 1] != 0:
            top -= 1
        bottom = position
        while bottom + 1 < length and self.tile[line_start + bottom + 1] != 0:
            bottom += 1
        if top == bottom:
            self.cross[at] = self.full
            self.cross_points[at] = _NO_CROSS
            self.cross_length[at] = 1
            return
        points = 0
        node = 0
        for square in range(line_start + top, line_start + bottom + 1):
            points += self.tile_points[square]
        self.cross_points[at] = points
        self.cross_length[at] = bottom - top + 1
        for square in range(line_start + top, line_start + position):
            node = self.child(node, self.tile[square])
            if node < 0:
                self.cross[at] = 0
                return
        allowed = 0
        letters = self.masks[node] & self.full
        while letters:
            bit = letters & (~letters + 1)
            letters ^= bit
            child = self.child(node, _popcount(bit - 1) + 1)
            for square in range(line_start + position + 1, line_start + bottom + 1):
                child = self.child(child, self.tile[square])
                if child < 0:
                    break
            if child >= 0 and self.masks[child] & _TERMINAL:
                allowed |= bit
        self.cross[at] = allowed

    def child(self, node: int, tile: int) -> int:
        """The node after ``node`` along tile ``tile`` (1..63), or -1."""
        bit: int = 1
        bit <<= tile - 1
        mask = self.masks[node]
        if not mask & bit:
            return -1
        return self.first[node] + _popcount(mask & (bit - 1))


_FLAT_PREMIUMS: weakref.WeakKeyDictionary[Any, tuple[list[int], list[int]]] = weakref.WeakKeyDictionary()


def flat_premiums(layout: Any) -> tuple[list[int], list[int]]:
    """The letter and word multipliers of ``layout`` row-major (kept per layout)."""
    found = _FLAT_PREMIUMS.get(layout)
    if found is None:
        rows, cols = range(layout.rows), range(layout.cols)
        found = ([layout.letter_multiplier(r, c) for r in rows for c in cols],
                 [layout.word_multiplier(r, c) for r in rows for c in cols])
        _FLAT_PREMIUMS[layout] = found
    return found

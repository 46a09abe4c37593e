# cython: boundscheck=False, wraparound=False, initializedcheck=False
# (Compiled, this module indexes without checks: every index is in range and none is negative.)
"""The Boggle search: depth-first over board and lexicon together, in symbol numbers.

:class:`Solver` walks a board's paths and the lexicon's prefix tree in step, so a path is
abandoned the moment its symbols stop being a prefix of some word; the lexicon is never
scanned.  Everything here is numbers: a cell is the sequence of symbols that spells it (see
:mod:`wordgames.wordsearch.symbols`, which gives the tables), each word is recorded once by
its node in the tree, and text is made only when a caller asks for words rather than scores.

This is the one implementation of the search.  Cython compiles it (pure-Python mode, C types
in ``searcher.pxd``); without a compiler, or under ``WORDGAMES_PURE_PYTHON=1``, the same code
runs interpreted, slower.  What makes it fast compiled:

* each node of the tree is one 64-bit word (two for alphabets of more than 31 symbols): the
  mask of the symbols that may follow (bit ``s`` for symbol ``s``, bit 0 for "this prefix is
  a word"), the first child's number, and a *mark* (the number of the last search that found
  the node's word, so a word already found costs no look-up); nodes are laid out depth first
  (:func:`depth_first_layout`), so a node's children sit in one cache line near their parent;
* a node's child for a symbol is its first child plus the number of the mask's bits below
  the symbol's: one instruction where the build may use the processor's count of 1 bits
  (see ``setup.py``), a few operations otherwise;
* per board, each cell's first-symbol bit, zeroed while the path holds the cell, so trying a
  neighbour is one AND that checks both the letter and the use; and the bits of the cells
  around each cell, so a step into a cell whose surroundings cannot continue any word is not
  a call at all; the neighbours of each board shape are listed once (:func:`adjacency`), in
  blocks of 8 that the compiler unrolls;
* the choices the processor cannot predict are made with arithmetic rather than branches
  (see :meth:`Solver.walk`), and nothing is allocated per search state; board text in the
  compact notation (``PERS/LATG/SINE/TERS``) is read straight into the cell arrays
  (:meth:`Solver.load_text`), so a batch of boards (:meth:`Solver.score_all`) makes no
  Python object per board but its score.

Cost: about 13 microseconds for a random 4 x 4 board of the dice with ENABLE, compiled, one
core of a 2.1 GHz server (a couple of milliseconds interpreted); 100 x 100 with CSW12 about
0.1 s compiled.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from math import isqrt
from typing import Protocol

import cython

from wordgames.limits import MAX_WORDSEARCH_CELLS, MAX_WORDSEARCH_SIDE
from wordgames.wordsearch.board import neighbour_table

_MAX_DEGREE = 8  # neighbours of a cell (8-connected grids; Solver.run spells it out)
_COMPACT_SYMBOLS = 31  # masks (symbols and the word bit) fit in 32 bits ...
_COMPACT_NODES = 1 << 26  # ... and node numbers in 26: one word a node
SCORE = 0
WORDS = 1
PATHS = 2

CellCode = tuple[int, ...]
Encoder = Callable[[object], tuple[Sequence[CellCode], int, int]]
"""Turns a board the compiled reader does not take into (cell codes, rows, columns)."""


class KernelTables(Protocol):
    """What a :class:`Solver` reads of a lexicon (what
    :class:`~wordgames.wordsearch.symbols.SymbolTables` holds)."""

    symbols: tuple[str, ...]
    nodes: array[int]
    stride: int
    node_count: int
    latin_1: array[int]
    spellings: bytes


def depth_first_layout(masks: Sequence[int], first: Sequence[int], letters: int, low: int,
                       terminal: int) -> tuple[array[int], int]:
    """The kernel's copy of a packed prefix tree, and its stride (words a node).

    ``masks``/``first`` are the packed table (children consecutive, in bit order);
    ``letters`` is the mask of its letter bits, which run from bit ``low`` (symbol 1) up, and
    ``terminal`` its word bit.  Each node becomes ``mask | first child << 32`` (stride 1: up
    to 31 symbols and 2**26 nodes) or ``[mask, first child]`` (stride 2), with bit ``s`` of
    the mask for symbol ``s`` and bit 0 for a word; children blocks are placed depth first.
    The bits above the first child are left free for the marks.  Cost: one pass over the
    nodes (a few ms for ENABLE compiled)."""
    count = len(masks)
    stride = 1 if _bits(letters) <= _COMPACT_SYMBOLS and count < _COMPACT_NODES else 2
    shift = 32 if stride == 1 else 0
    # One node more than the tree, a spare past its end.
    nodes = array("Q", bytes(stride * 8 * (count + 1)))
    out, mask_of, first_of = nodes, masks, first  # typed views when compiled
    # Pairs (old number, new number) of nodes whose block of children is still to be placed.
    stack = array("q", bytes(2 * 8 * (count + 1)))
    top = 2
    placed = 1  # the root is node 0 in both numberings
    if count:
        out[0] = _translated(mask_of[0], letters, low, terminal)
    while top:
        top -= 2
        old = stack[top]
        new = stack[top + 1]
        children = _bits(mask_of[old] & letters)
        block = placed
        placed += children
        out[stride * new + stride - 1] |= block << shift
        for offset in range(children - 1, -1, -1):  # the first child is popped first
            child = first_of[old] + offset
            out[stride * (block + offset)] = _translated(mask_of[child], letters, low, terminal)
            stack[top] = child
            stack[top + 1] = block + offset
            top += 2
    return nodes, stride


def _translated(mask: int, letters: int, low: int, terminal: int) -> int:
    """A packed mask in the kernel's bits: symbol ``s`` at bit ``s``, a word at bit 0."""
    return ((mask & letters) >> low << 1) | (1 if mask & terminal else 0)


if not cython.compiled:  # compiled, searcher.pxd gives _bits in C (a count of 1 bits)
    _bits = int.bit_count


@lru_cache(maxsize=32)
def neighbour_arrays(rows: int, columns: int) -> array[int]:
    """The neighbours of each cell of a board shape, ``_MAX_DEGREE`` slots a cell (from
    :func:`~wordgames.wordsearch.board.neighbour_table`), the slots a cell lacks filled with
    ``rows * columns``: a cell past the board that is never free.  Every cell then has the
    same number of neighbours to try, a loop the processor predicts perfectly."""
    table = neighbour_table(rows, columns)
    outside = rows * columns
    return array("i", [around[slot] if slot < len(around) else outside
                       for around in table for slot in range(_MAX_DEGREE)])


@lru_cache(maxsize=32)
def adjacency(rows: int, columns: int) -> tuple[array[int], array[int]]:
    """The neighbours of each cell of a board shape as one flat list: cell ``c``'s are
    ``cells[starts[c]:starts[c + 1]]``.  One more cell, ``rows * columns`` (past the board),
    has every cell for neighbour: the search starts there.  Each list is padded to a
    multiple of ``_MAX_DEGREE`` with that cell, which is never free, so the search tries
    neighbours in blocks of 8 whose loop the processor predicts.  Made once per shape."""
    table = neighbour_table(rows, columns)
    outside = rows * columns
    starts = array("i", [0])
    cells = array("i")
    for around in (*table, tuple(range(outside))):
        cells.extend(around)
        cells.extend([outside] * (-len(around) % _MAX_DEGREE))
        starts.append(len(cells))
    return starts, cells


def slot_fields(stride: int, count: int) -> tuple[int, int, int, int, int]:
    """Where the first child and the mark lie in word ``stride * node + stride - 1`` of a
    table of ``count`` nodes: the first child's shift and mask, the mark's shift, the mask of
    the bits below the mark, the largest mark."""
    first_bits = 32 if stride == 2 else max(1, count.bit_length())
    shift = 32 if stride == 1 else 0
    mark_shift = shift + first_bits
    return (shift, (1 << first_bits) - 1, mark_shift, (1 << mark_shift) - 1,
            (1 << (64 - mark_shift)) - 1)


class Solver:
    """The search over one lexicon's tables, one board at a time (scratch state included).

    Load a board with :meth:`load` (cell codes) or :meth:`load_text` (compact board text),
    then ask for :meth:`score` (points and words counted, no text), :meth:`words` or
    :meth:`paths`.  :meth:`score_all` scores a stream of boards in one call.  A solver owns a
    copy of the node table (its marks are its own), 8 bytes a node; types in ``searcher.pxd``.
    """

    def __init__(self, tables: KernelTables) -> None:
        """A solver for ``tables`` (copied once), with no board; words score nothing until
        :meth:`set_scoring` says how."""
        self.nodes = array("Q", tables.nodes)
        self.stride = tables.stride
        self.shift, self.first_mask, self.mark_shift, self.unmarked, self.mark_limit = (
            slot_fields(tables.stride, tables.node_count))
        self.generation = 0
        self.symbols = tables.symbols
        self.symbol_letters = array("i", [len(text) for text in tables.symbols])
        self.latin_1 = array("h", tables.latin_1)
        self.spellings = bytearray(tables.spellings)
        self.plain = all(tables.spellings[1:])  # every symbol one Latin-1 character
        self.scoring: Callable[[int, int], int] | None = None
        self.minimum = 1
        self.points = array("q", [0])
        self.found_by_length = array("q", [0])
        self.capacity = -1
        self.reserve(16)
        self.size = 0
        self.rows = self.columns = 0
        self.adjacent_start = array("i", [0, 0])
        self.adjacent = array("i")
        self.letter_total = 0
        self.mode = SCORE
        self.total = 0
        self.count = 0
        self.found: list[object] = []
        self.found_paths: list[tuple[int, ...]] = []

    def reserve(self, size: int) -> None:
        """Make the per-cell arrays hold ``size`` cells (they only ever grow)."""
        if size <= self.capacity:
            return
        self.capacity = size
        cells = size + 1  # and the cell past the board (see neighbour_arrays)
        self.cell_bit = array("Q", bytes(8 * cells))
        self.free = array("Q", bytes(8 * cells))
        self.reach = array("Q", bytes(8 * cells))
        self.cell_letters = array("i", bytes(4 * cells))
        self.tail_start = array("i", bytes(4 * cells))
        self.tail_count = array("i", bytes(4 * cells))
        self.tails = array("i", bytes(4 * 4 * size))
        self.path = array("i", bytes(4 * (size + 1)))
        candidates = size + _MAX_DEGREE * size
        self.candidate_cell = array("i", bytes(4 * candidates))
        self.candidate_node = array("q", bytes(8 * candidates))
        self.spell_buffer(8 * size + 1)

    def spell_buffer(self, size: int) -> None:
        """Make the buffer words are spelled in hold ``size`` bytes."""
        self.spelled = bytearray(size)
        self.spelling = memoryview(self.spelled)

    def set_scoring(self, scoring: Callable[[int, int], int], minimum: int) -> None:
        """Score words with ``scoring(letters, minimum)``; words under ``minimum`` letters
        neither score nor count."""
        self.scoring = scoring
        self.minimum = minimum
        self.points = array("q", [0])
        self.grow_points(64)

    def grow_points(self, letters: int) -> None:
        """Make the points table cover words of up to ``letters`` letters."""
        if letters < len(self.points):
            return
        score, minimum = self.scoring, self.minimum
        self.points = array("q", [score(length, minimum) if score is not None and length >= minimum
                                  else 0 for length in range(2 * letters + 1)])
        self.found_by_length = array("q", bytes(8 * len(self.points)))

    # --- boards ---------------------------------------------------------------------------

    def use_shape(self, rows: int, columns: int) -> None:
        """Take the neighbour lists of a ``rows`` x ``columns`` board."""
        if rows != self.rows or columns != self.columns:
            self.adjacent_start, self.adjacent = adjacency(rows, columns)
            self.rows = rows
            self.columns = columns

    def load(self, codes: Sequence[CellCode], rows: int, columns: int) -> None:
        """Take a board: each cell's code (its symbols; empty for a dead cell), row-major."""
        size = rows * columns
        self.reserve(size)
        self.use_shape(rows, columns)
        tails = 0
        for cell in range(size):
            code = codes[cell]
            if len(code) > 1:
                tails += len(code) - 1
        if tails > len(self.tails):
            self.tails = array("i", bytes(4 * tails))
        tail = 0
        for cell in range(size):
            code = codes[cell]
            letters = 0
            self.tail_start[cell] = tail
            self.tail_count[cell] = 0
            if len(code) == 0:
                self.cell_bit[cell] = 0
            else:
                self.cell_bit[cell] = 1 << code[0]
                for index in range(len(code)):
                    letters += self.symbol_letters[code[index]]
                    if index:
                        self.tails[tail] = code[index]
                        tail += 1
                self.tail_count[cell] = len(code) - 1
            self.cell_letters[cell] = letters
        self.size = size
        self.finish_board()

    def load_text(self, text: str) -> bool:
        """Take a board written in compact board text (rows split by ``/``, a letter a cell,
        ``[QU]`` for a cell of several letters, any case).  False, with the board left
        undefined, for anything else (spaces, line breaks, ``#``, characters beyond Latin-1,
        a lexicon with tiles of several letters, rows of unequal length, oversized boards):
        such text goes to the full board parser, which also words its errors."""
        if not self.plain:
            return False
        length = len(text)
        if length > 4 * MAX_WORDSEARCH_CELLS:
            return False
        self.reserve(length)
        if length > len(self.tails):
            self.tails = array("i", bytes(4 * length))
        rows = 0
        column = 0
        width = -1
        cell = 0
        tail = 0
        index = 0
        while index < length:
            character = text[index]
            index += 1
            if character == "/":
                if column == 0 or (width >= 0 and column != width):
                    return False
                width = column
                rows += 1
                column = 0
                continue
            self.tail_start[cell] = tail
            self.tail_count[cell] = 0
            if character == "[":
                letters = 0
                dead = False
                while index < length and text[index] != "]":
                    code = ord(text[index])
                    symbol = self.latin_1[code] if code < 256 else -1
                    if symbol < 0:
                        return False
                    if symbol == 0:
                        dead = True
                    elif letters == 0:
                        self.cell_bit[cell] = 1 << symbol
                    else:
                        self.tails[tail] = symbol
                        tail += 1
                    letters += 1
                    index += 1
                if index >= length or letters == 0:
                    return False
                index += 1  # the closing bracket
                if dead:
                    self.cell_bit[cell] = 0
                    tail = self.tail_start[cell]
                else:
                    self.tail_count[cell] = letters - 1
            else:
                code = ord(character)
                symbol = self.latin_1[code] if code < 256 else -1
                if symbol < 0:
                    return False
                letters = 1
                self.cell_bit[cell] = (1 << symbol) if symbol else 0
            self.cell_letters[cell] = letters
            cell += 1
            column += 1
        if column == 0 or (width >= 0 and column != width):
            return False
        rows += 1
        if rows > MAX_WORDSEARCH_SIDE or column > MAX_WORDSEARCH_SIDE:
            return False
        self.size = cell
        self.use_shape(rows, column)
        self.finish_board()
        return True

    def finish_board(self) -> None:
        """Per-cell tables of the loaded board: free bits, the bits around each cell, the
        letter total (and the points table long enough for it)."""
        total = 0
        for cell in range(self.size):
            self.free[cell] = self.cell_bit[cell]
            total += self.cell_letters[cell]
        self.cell_bit[self.size] = self.free[self.size] = 0  # the cell past the board
        self.tail_count[self.size] = 0
        for cell in range(self.size):
            around = 0
            for index in range(self.adjacent_start[cell], self.adjacent_start[cell + 1]):
                around |= self.cell_bit[self.adjacent[index]]
            self.reach[cell] = around
        self.letter_total = total
        if total >= len(self.points):
            self.grow_points(total)
        if total >= len(self.spelled):
            self.spell_buffer(total + 1)

    # --- searches --------------------------------------------------------------------------

    def score(self) -> int:
        """The loaded board's total score (each word once); :attr:`count` is set to its
        number of scoring words."""
        self.mode = SCORE
        self.run()
        return self.total

    def words(self) -> list[str]:
        """Every word on the loaded board, of any length, each once, in the order found."""
        self.mode = WORDS
        self.run()
        found: list[str] = self.found  # type: ignore[assignment]
        self.found = []
        return found

    def paths(self) -> tuple[list[str], list[tuple[int, ...]]]:
        """Every word on the loaded board with the path that first reached it (row-major
        cell indices), in the order found."""
        self.mode = PATHS
        self.run()
        found: list[str] = self.found  # type: ignore[assignment]
        paths = self.found_paths
        self.found = []
        self.found_paths = []
        return found, paths

    def score_all(self, boards: Iterable[object], encode: Encoder) -> list[int]:
        """The score of each board of ``boards`` in order: compact text, and square lists of
        cells made into it (:func:`cells_text`), are read by :meth:`load_text`;
        anything else goes through ``encode``.  Allocates one int a board (and a string for
        a list of cells)."""
        scores = []
        for board in boards:
            text = board if isinstance(board, str) else cells_text(board)
            if not (text is not None and self.load_text(text)):
                codes, rows, columns = encode(board)
                self.load(codes, rows, columns)
            scores.append(self.score())
        return scores

    def new_search(self) -> None:
        """Number a new search for the marks; when the numbers run out, clear every mark (one
        pass over the table every few thousand searches at the least)."""
        if self.generation >= self.mark_limit:
            # By node, not by a range with a variable step: compiled, only a range whose step
            # is a constant becomes a C loop (the other walked Python integers, about a
            # twelfth of the batch's time).
            stride = self.stride
            for index in range(len(self.nodes) // stride):
                self.nodes[index * stride + stride - 1] &= self.unmarked
            self.generation = 0
        self.generation += 1

    def run(self) -> None:
        """Every path from every live cell whose symbols begin some word, depth first: the
        board's cell past the end stands for the root, every cell its neighbour (see
        :func:`adjacency`), so the first step is like every other."""
        self.new_search()
        self.found = []
        self.found_paths = []
        for length in range(self.letter_total + 1):
            self.found_by_length[length] = 0
        self.walk(self.size, 0, 0, -1)
        total = 0
        count = 0
        for length in range(self.letter_total + 1):
            total += self.points[length] * self.found_by_length[length]
            count += self.found_by_length[length] * (length >= self.minimum)
        self.total = total
        self.count = count

    def walk(self, cell: int, node: int, letters: int, depth: int) -> int:
        """Go on from ``cell`` (at ``path[depth]``), whose symbols led to ``node`` with
        ``letters`` letters, in three passes over a list of neighbours.

        First the free neighbours whose symbol may follow are listed (each tried with one
        AND: its ``free`` bit is its first symbol's bit, 0 while the path holds it).  Then
        their nodes are read (reads independent of each other, which the processor
        overlaps), new words recorded, and the neighbours kept whose node's next symbols meet
        the symbols around them (``reach``).  Then the kept ones are walked from in turn.
        The choices the processor cannot predict (does this neighbour's symbol follow, is its
        node a word, is the word new, can it go on) are made with arithmetic, not branches.
        The candidate arrays hold every level's list at once: the first cells' from slot 0,
        level ``depth + 1``'s from ``size + 8 * depth``."""
        stride = self.stride
        mask = self.nodes[stride * node]
        base = (self.nodes[stride * node + stride - 1] >> self.shift) & self.first_mask
        stamp = self.generation << self.mark_shift
        self.free[cell] = 0
        start = 0 if depth < 0 else self.size + _MAX_DEGREE * depth
        count = start
        # Blocks of 8 == _MAX_DEGREE (constants: the compiler unrolls the inner loop).
        for block in range(self.adjacent_start[cell], self.adjacent_start[cell + 1], 8):
            for index in range(block, block + 8):
                other = self.adjacent[index]
                self.candidate_cell[count] = other
                count += mask & self.free[other] != 0
        kept = start
        keeping = self.mode != SCORE
        for index in range(start, count):
            other = self.candidate_cell[index]
            child = base + _bits(mask & (self.free[other] - 2))
            if self.tail_count[other]:
                child = self.descend(child, other)
                if child < 0:
                    continue
            word = self.nodes[stride * child]
            # A word not found before (``fresh``, 0 or 1) is counted by its length; every
            # node reached takes this search's mark (only a word's is ever read).
            at = stride * child + stride - 1
            slot = self.nodes[at]
            fresh = (word & 1) & (slot >> self.mark_shift != self.generation)
            self.nodes[at] = (slot & self.unmarked) | stamp
            length = letters + self.cell_letters[other]
            self.found_by_length[length] += fresh
            if keeping and fresh:
                self.path[depth + 1] = other
                self.keep(depth + 1)
            self.candidate_cell[kept] = other
            self.candidate_node[kept] = child
            kept += word & self.reach[other] != 0
        for index in range(start, kept):
            other = self.candidate_cell[index]
            if keeping:  # the path spells the words kept
                self.path[depth + 1] = other
            self.walk(other, self.candidate_node[index], letters + self.cell_letters[other],
                      depth + 1)
        self.free[cell] = self.cell_bit[cell]
        return 0

    def descend(self, node: int, cell: int) -> int:
        """The node reached from ``node`` along the rest of ``cell``'s symbols, or -1."""
        for index in range(self.tail_start[cell], self.tail_start[cell] + self.tail_count[cell]):
            bit = 1 << self.tails[index]
            mask = self.nodes[self.stride * node]
            if not mask & bit:
                return -1
            slot = self.nodes[self.stride * node + self.stride - 1]
            node = ((slot >> self.shift) & self.first_mask) + _bits(mask & (bit - 2))
        return node

    def keep(self, depth: int) -> int:
        """Spell the word of ``path[:depth + 1]`` (and keep the path, in PATHS mode)."""
        if self.plain:
            length = 0
            for index in range(depth + 1):
                cell = self.path[index]
                self.spelling[length] = self.spellings[_first_symbol(self.cell_bit[cell])]
                length += 1
                for tail in range(self.tail_start[cell], self.tail_start[cell] + self.tail_count[cell]):
                    self.spelling[length] = self.spellings[self.tails[tail]]
                    length += 1
            word: object = self.spelled[:length].decode("latin-1")
        else:
            parts = []
            for index in range(depth + 1):
                cell = self.path[index]
                parts.append(self.symbols[_first_symbol(self.cell_bit[cell])])
                for tail in range(self.tail_start[cell], self.tail_start[cell] + self.tail_count[cell]):
                    parts.append(self.symbols[self.tails[tail]])
            word = "".join(parts)
        self.found.append(word)
        if self.mode == PATHS:
            self.found_paths.append(tuple([self.path[index] for index in range(depth + 1)]))
        return 0


def cells_text(board: object) -> str | None:
    """A square list or tuple of cells of letters as compact board text (``"PERS/LATG/..."``,
    ``[QU]`` for a cell of several letters), which :meth:`Solver.load_text` reads; None for
    anything else (blocked cells, other shapes and types are left to the full parser)."""
    if not isinstance(board, list | tuple):
        return None
    side = isqrt(len(board))
    if side * side != len(board):
        return None
    for cell in board:
        if not isinstance(cell, str):
            return None
    text = "".join(board)
    if len(text) == len(board) and text.isalpha():  # one letter a cell, the common case
        return "/".join([text[row * side : row * side + side] for row in range(side)])
    parts = []
    for cell in board:
        if not cell.isalpha():
            return None
        parts.append(cell if len(cell) == 1 else "[" + cell + "]")
    return "/".join(["".join(parts[row * side : row * side + side]) for row in range(side)])


def words_at_least(words: list[str], minimum: int) -> set[str]:
    """The words of ``words`` with at least ``minimum`` letters, as a set (compiled: a C loop,
    a few microseconds for the hundred words of a 4 x 4 board)."""
    return {word for word in words if len(word) >= minimum}


def _first_symbol(bit: int) -> int:
    """The symbol whose bit is ``bit`` (a single bit)."""
    return _bits(bit - 1)

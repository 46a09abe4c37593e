# cython: boundscheck=False, wraparound=False, initializedcheck=False
# (Compiled, this module indexes without checks: every index is in range and none is negative.)
"""Finding words on a board: depth-first search with backtracking over board and lexicon together.

:func:`find_words` walks the board and a :class:`~wordgames.wordsearch.walk.BitWalk` of the
lexicon in step, so a path is abandoned the moment its letters stop being a prefix of some word;
the lexicon is never scanned.  Run as plain Python it is the closure search of
:mod:`wordgames.wordsearch.closure` (its docstring says what makes it fast in an interpreter).

(:func:`~wordgames.wordsearch.board.find_path` answers "is this string on the board, and
where?" with a search guided by the string itself, no lexicon involved.)

This module is compiled with Cython (see :mod:`wordgames.compiled`; C types are declared in
``searcher.pxd``).  Compiled, :func:`find_words` runs the same search on the lexicon's packed
node table (:mod:`wordgames.lexicon.packed`) with :class:`_Kernel`: C integers and fixed arrays,
nothing allocated per search state, the word (or path) built only when a new word is found.  The
kernel visits neighbours in the same order as the closure search, so both give the same
words, paths and order (the tests check it); the closure search is the reference, and the
faster of the two in an interpreter.
"""

from __future__ import annotations

import weakref
from array import array
from collections.abc import Collection, Sequence

import cython

from wordgames.lexicon.packed import PackedNodes, packed_nodes
from wordgames.wordsearch.board import BLOCKED, Board
from wordgames.wordsearch.closure import Trail, closure_search
from wordgames.wordsearch.walk import ROOT, BitWalk

WordPaths = dict[str, tuple[int, ...]]
"""Words (upper case) mapped to one path each (row-major cell indices, one per cell)."""


def find_words(board: Board, walk: BitWalk) -> Collection[str]:
    """Every word of ``walk``'s lexicon that is on ``board`` (any length), in no set order.

    Cost: proportional to the number of (path, prefix) states whose prefix starts some word,
    plus O(cells) set-up: a 4 x 4 board with ENABLE takes about 0.02 ms compiled (0.2 ms pure),
    100 x 100 with CSW12 about 0.1 s compiled (under a second pure).  The lexicon is never
    scanned.
    """
    return _search(board, walk, board.cells)


def find_words_with_paths(board: Board, walk: BitWalk) -> WordPaths:
    """Like :func:`find_words`, with the path that first reached each word.  Cost: the same
    search, plus one join per word found."""
    cells = board.cells
    one_cell_paths = [(index,) for index in range(len(cells))]
    paths = _search(board, walk, one_cell_paths)
    return {"".join([cells[index] for index in path]): path for path in paths}


def words_at_least(words: list[str], minimum: int) -> set[str]:
    """The words of ``words`` with at least ``minimum`` letters, as a set (compiled: a C loop,
    a few microseconds for the hundred words of a 4 x 4 board)."""
    return {word for word in words if len(word) >= minimum}


def _search(board: Board, walk: BitWalk, steps: Sequence[Trail]) -> Collection[Trail]:
    """The depth-first search behind :func:`find_words`: for each word found, in the order
    found, the trail (see :func:`~wordgames.wordsearch.closure.closure_search`) of the path
    that first reached it.  Compiled, the kernel; interpreted, the closure search."""
    if cython.compiled:
        return _search_packed(board, packed_nodes(walk.lexicon), steps)
    return closure_search(board, walk, steps)


def _search_packed(board: Board, packed: PackedNodes, steps: Sequence[Trail]) -> list[Trail]:
    """:func:`_search` on a packed node table with :class:`_Kernel` (what the compiled module
    runs; as plain Python it gives the same answers, only slower).  Cost, compiled: a few
    dictionary look-ups and C loops over the cells per board, then C operations per search
    state."""
    cells = board.cells
    # A kernel (a table's layout with its seen-marks, and scratch arrays) serves one search at
    # a time: taken from the pool while in use, so a search started meanwhile gets a fresh one.
    kernel = _KERNELS.pop(packed, None)
    if kernel is None:
        kernel = _Kernel(packed)
    kernel.new_search()
    near, near_start = _flat_neighbours(board.neighbours)
    kernel.use_board(cells, near, near_start)
    found = kernel.run(cells, steps, steps is cells)
    _KERNELS[packed] = kernel
    return found


_MAX_DEGREE = 8  # neighbours of a cell (8-connected grids)
_COMPACT_LIMIT = 1 << 32  # masks below it share a 64-bit word with the first child ...
_COMPACT_NODES = 1 << 26  # ... when node numbers are below this (the rest: marks)
# Each packed table's kernel, while no search is using it.
_KERNELS: weakref.WeakKeyDictionary[PackedNodes, _Kernel] = weakref.WeakKeyDictionary()


def _depth_first_layout(masks: array[int], first: array[int], terminal: int) -> tuple[array[int], int]:
    """The kernel's copy of a table, children blocks placed in depth-first order, and its
    stride: one word a node, ``mask | first child << 32``, when the masks fit in 32 bits (an
    alphabet of up to 31 letters) and the node numbers in 26, else two, ``[mask, first
    child]``.  The bits above the first child are left free (for the kernel's marks)."""
    count = len(masks)
    stride = 1 if terminal < _COMPACT_LIMIT and count < _COMPACT_NODES else 2
    shift = 32 if stride == 1 else 0
    nodes = array("Q", bytes(stride * array("Q").itemsize * count))
    out, mask_of, first_of = nodes, masks, first  # typed views when compiled
    # Pairs (old number, new number) of nodes whose block of children is still to be placed.
    pending = array("q", bytes(2 * array("q").itemsize * (count + 1)))
    stack = pending
    top = 2
    placed = 1  # the root is node 0 in both numberings
    out[0] = mask_of[0]
    while top:
        top -= 2
        old = stack[top]
        new = stack[top + 1]
        children = _popcount(mask_of[old] & ~terminal)
        block = placed
        placed += children
        out[stride * new + stride - 1] |= block << shift
        for offset in range(children - 1, -1, -1):  # the first child is popped first
            child = first_of[old] + offset
            out[stride * (block + offset)] = mask_of[child]
            stack[top] = child
            stack[top + 1] = block + offset
            top += 2
    return nodes, stride


def _flat_neighbours(neighbours: tuple[tuple[int, ...], ...]) -> tuple[array[int], array[int]]:
    """The neighbour lists as one array and each cell's start in it (plus the end), kept for
    the last few board shapes (boards of one shape share their neighbour table)."""
    key = id(neighbours)
    kept = _FLAT_NEIGHBOURS.get(key)
    if kept is not None and kept[0] is neighbours:
        return kept[1], kept[2]
    starts = array("i", [0])
    for around in neighbours:
        starts.append(starts[len(starts) - 1] + len(around))
    flat = array("i", [other for around in neighbours for other in around])
    if len(_FLAT_NEIGHBOURS) >= 16:
        _FLAT_NEIGHBOURS.clear()
    _FLAT_NEIGHBOURS[key] = (neighbours, flat, starts)
    return flat, starts


# id of a neighbour table -> (the table itself, so the id cannot be reused while kept; flat; starts)
_FLAT_NEIGHBOURS: dict[int, tuple[tuple[tuple[int, ...], ...], array[int], array[int]]] = {}


# The masks of _popcount (typed as C integers in searcher.pxd: Cython reads long literals as
# Python ints).
_PAIRS = 0x5555555555555555
_QUADS = 0x3333333333333333
_BYTES = 0x0F0F0F0F0F0F0F0F


def _popcount(bits: int) -> int:
    """The number of 1 bits of a 64-bit value, in operations that mean the same in C and in
    Python (no overflow): the compiled kernel's child numbering."""
    bits = bits - ((bits >> 1) & _PAIRS)
    bits = (bits & _QUADS) + ((bits >> 2) & _QUADS)
    bits = (bits + (bits >> 4)) & _BYTES
    bits += bits >> 8
    bits += bits >> 16
    bits += bits >> 32
    return bits & 0x7F


def _slot_fields(stride: int, count: int) -> tuple[int, int, int, int, int]:
    """Where the first child and the mark lie in the word ``stride * node + stride - 1`` of a
    layout of ``count`` nodes: the first child's shift and mask, the mark's shift, the mask
    of the bits below the mark, the largest mark."""
    first_bits = 32 if stride == 2 else max(1, count.bit_length())
    shift = 32 if stride == 1 else 0
    mark_shift = shift + first_bits
    return shift, (1 << first_bits) - 1, mark_shift, (1 << mark_shift) - 1, (1 << (64 - mark_shift)) - 1


class _Kernel:
    """The search of :func:`_search` over one packed node table, one board at a time.

    The same depth-first order as the pure-Python search: per cell, single-letter neighbours in
    board order, then multi-letter ones; each word recorded once by node, with the trail of the
    first path that reached it.  The path is kept as cells in ``path``; the trail (word or cell
    tuple) is built from it only when a word is new.

    The table is read from ``nodes`` (see :func:`_depth_first_layout`): each node's mask and
    first child in one 64-bit word (two for alphabets of more than 31 letters), renumbered so
    that each node's block of children comes right after its parent's block; a step reads a
    child's mask and first child from one cache line, and the blocks a search descends through
    lie close together (on big boards most steps miss the cache, so the bytes a node takes
    matter).  The word's top bits are the node's mark: the number (``generation``) of the last
    search that found the node's word, so a known word costs no dictionary look-up and no
    other memory read.  8 bytes a node (16 for wide alphabets), made once per table (a few ms
    for CSW12, compiled) and kept with it, with scratch arrays as large as the largest
    board
    seen.  Types are declared in ``searcher.pxd``."""

    def __init__(self, packed: PackedNodes) -> None:
        """The layout of ``packed`` and per-letter tables; no board yet."""
        self.nodes, self.stride = _depth_first_layout(packed.masks, packed.first, packed.terminal)
        self.shift, self.first_mask, self.mark_shift, self.unmarked, self.mark_limit = (
            _slot_fields(self.stride, len(packed.masks))
        )
        self.generation = 0
        self.terminal = packed.terminal
        self.letter_bits = packed.letter_bits
        bit_of = packed.letter_bits.get
        # The bit of each Latin-1 letter (a blocked cell's is 0, whatever the lexicon holds).
        self.code_bits = array("Q", [0 if chr(code) == BLOCKED else bit_of(chr(code), 0)
                                     for code in range(256)])
        self.capacity = self.link_capacity = -1
        self.reserve(16, 84)
        self.latin_1 = False
        self.cells: tuple[str, ...] = ()
        self.flat: array[int] | None = None
        self.near = self.near_start = array("i")
        self.multi_near: list[list[tuple[int, int, str]]] = []
        self.any_multi = False
        self.steps: Sequence[Trail] = ()
        self.spell = False
        self.found: list[Trail] = []

    def new_search(self) -> None:
        """Number a new search for the seen-marks; when the numbers run out, clear every mark
        (one pass over the table, every few thousand searches at the least)."""
        if self.generation >= self.mark_limit:
            for index in range(self.stride - 1, len(self.nodes), self.stride):
                self.nodes[index] &= self.unmarked
            self.generation = 0
        self.generation += 1

    def reserve(self, size: int, links: int) -> None:
        """Make the per-cell arrays hold boards of ``size`` cells with ``links`` neighbour
        entries (they only ever grow)."""
        if links > self.link_capacity:
            self.link_capacity = links
            self.single_near = array("i", bytes(array("i").itemsize * links))
        if size <= self.capacity:
            return
        self.capacity = size
        self.ahead_cell = array("i", bytes(array("i").itemsize * _MAX_DEGREE * (size + 1)))
        self.ahead_node = array("q", bytes(8 * _MAX_DEGREE * (size + 1)))
        self.ahead_mask = array("Q", bytes(8 * _MAX_DEGREE * (size + 1)))
        self.single_start = array("i", bytes(array("i").itemsize * (size + 1)))
        self.multi = bytearray(size)
        self.free = array("Q", bytes(8 * size))
        self.reach = array("Q", bytes(8 * size))
        self.multi_mask = array("Q", bytes(8 * size))
        self.path = array("i", bytes(array("i").itemsize * (size + 1)))
        self.codes = bytearray(size)
        self.spelling = bytearray(size + 1)
        self.letters = memoryview(self.spelling)

    def use_neighbours(self, near: array[int], near_start: array[int]) -> None:
        """Take the flat neighbour lists of a board's shape (kept while boards keep it)."""
        if near is not self.flat:
            self.flat = near
            self.near = near
            self.near_start = near_start

    def use_board(self, cells: tuple[str, ...], near: array[int], near_start: array[int]) -> None:
        """Take a board's cells with the flat neighbour lists of its shape: each cell's
        first-letter bit, the bits around it, and (when some cells hold several letters)
        the lists of single-letter and multi-letter neighbours, as
        :func:`~wordgames.wordsearch.closure.cell_tables` describes them.  Cost: C loops over
        the cells, plus Python objects for the cells next to a multi-letter one."""
        size = len(cells)
        self.reserve(size, len(near))
        self.latin_1 = True  # every letter Latin-1: words are spelled as bytes
        self.any_multi = False
        total = 0
        for cell in range(size):
            letters = cells[cell]
            code = ord(letters[0])
            if code < 256:
                self.codes[cell] = code
                self.free[cell] = self.code_bits[code]
            else:
                self.latin_1 = False
                self.free[cell] = self.letter_bits.get(letters[0], 0)
            total += len(letters)
            self.multi[cell] = len(letters) > 1
            if self.multi[cell]:
                self.any_multi = True
                for letter in letters:
                    if ord(letter) > 255:
                        self.latin_1 = False
        if total >= len(self.spelling):
            self.spelling = bytearray(total + 1)
            self.letters = memoryview(self.spelling)
        near_of, start_of = near, near_start  # typed views when compiled
        for cell in range(size):
            if start_of[cell + 1] - start_of[cell] > _MAX_DEGREE:
                raise ValueError(f"a cell with more than {_MAX_DEGREE} neighbours")
            around = 0
            for index in range(start_of[cell], start_of[cell + 1]):
                around |= self.free[near_of[index]]
            self.reach[cell] = around
        if self.any_multi:
            self.split_neighbours(cells, near, near_start)
        else:
            self.use_neighbours(near, near_start)

    def split_neighbours(self, cells: tuple[str, ...], near: array[int], near_start: array[int]) -> None:
        """The neighbour lists of a board with multi-letter cells: single-letter neighbours
        (for the hot loop) and, per cell, its multi-letter neighbours as (cell, first-letter
        bit, remaining letters) with the mask of those bits."""
        self.flat = None
        self.near = self.single_near
        self.near_start = self.single_start
        self.multi_near = [[]] * len(cells)
        count = 0
        near_of, start_of = near, near_start  # typed views when compiled
        for cell in range(len(cells)):
            self.near_start[cell] = count
            multis = 0
            for index in range(start_of[cell], start_of[cell + 1]):
                other = near_of[index]
                if not self.multi[other]:
                    self.near[count] = other
                    count += 1
                elif self.free[other]:
                    if not multis:
                        self.multi_near[cell] = []
                    multis |= self.free[other]
                    self.multi_near[cell].append((other, self.free[other], cells[other][1:]))
            self.multi_mask[cell] = multis
        self.near_start[len(cells)] = count

    def run(self, cells: tuple[str, ...], steps: Sequence[Trail], spell: bool) -> list[Trail]:
        """Start a path at every cell whose letters begin some word; the trails found, in
        order.  ``spell``: build trails from the board's Latin-1 codes (else from ``steps``)."""
        self.steps = steps
        self.spell = spell and self.latin_1
        self.cells = cells
        self.found = []
        root = ROOT
        root_mask = self.nodes[self.stride * root]
        root_base = (self.nodes[self.stride * root + self.stride - 1] >> self.shift) & self.first_mask
        single = not self.any_multi
        for cell in range(len(cells)):
            bit = self.free[cell]
            if not bit & root_mask:
                continue
            start = root_base + _popcount(root_mask & (bit - 1))
            if not single and len(cells[cell]) > 1:
                start = self.descend(start, cells[cell][1:])
                if start < 0:
                    continue
            start_mask = self.nodes[self.stride * start]
            self.path[0] = cell
            if start_mask & self.terminal:
                self.record(start, 0)
            if start_mask & self.reach[cell]:
                self.visit(cell, start, start_mask, 0)
        found = self.found
        self.found = []
        self.steps = self.cells = ()
        self.multi_near = []
        return found

    def visit(self, cell: int, node: int, mask: int, depth: int) -> int:
        """Extend the path ``path[:depth + 1]`` (ending at ``cell``, at ``node`` whose mask is
        ``mask``) by every free neighbour whose letters continue some word; returns 0."""
        here = self.free[cell]
        self.free[cell] = 0
        base = (self.nodes[self.stride * node + self.stride - 1] >> self.shift) & self.first_mask
        # Two passes: the first reads the masks of all the children to try (independent
        # reads, which the processor overlaps: most miss the cache on big boards), the second
        # follows them.
        first = depth * _MAX_DEGREE
        last = first
        for index in range(self.near_start[cell], self.near_start[cell + 1]):
            other = self.near[index]
            bit = self.free[other]
            if mask & bit:
                child = base + _popcount(mask & (bit - 1))
                self.ahead_cell[last] = other
                self.ahead_node[last] = child
                self.ahead_mask[last] = self.nodes[self.stride * child]
                last += 1
        for index in range(first, last):
            other = self.ahead_cell[index]
            child_mask = self.ahead_mask[index]
            if child_mask & (self.terminal | self.reach[other]):
                self.path[depth + 1] = other
                if child_mask & self.terminal:
                    self.record(self.ahead_node[index], depth + 1)
                if child_mask & self.reach[other]:
                    self.visit(other, self.ahead_node[index], child_mask, depth + 1)
        if self.any_multi and mask & self.multi_mask[cell]:
            self.visit_multi(cell, base, mask, depth)
        self.free[cell] = here
        return 0

    def visit_multi(self, cell: int, base: int, mask: int, depth: int) -> int:
        """The multi-letter neighbours of ``cell`` (the rare branch of :meth:`visit`)."""
        for other, bit, tail in self.multi_near[cell]:
            if mask & bit and self.free[other]:
                reached = self.descend(base + _popcount(mask & (bit - 1)), tail)
                if reached < 0:
                    continue
                child_mask = self.nodes[self.stride * reached]
                self.path[depth + 1] = other
                if child_mask & self.terminal:
                    self.record(reached, depth + 1)
                if child_mask & self.reach[other]:
                    self.visit(other, reached, child_mask, depth + 1)
        return 0

    def descend(self, node: int, letters: str) -> int:
        """The node reached from ``node`` along ``letters``, or -1."""
        for letter in letters:
            bit = self.letter_bits.get(letter, 0)
            mask = self.nodes[self.stride * node]
            if not mask & bit:
                return -1
            slot = self.nodes[self.stride * node + self.stride - 1]
            node = ((slot >> self.shift) & self.first_mask) + _popcount(mask & (bit - 1))
        return node

    def record(self, node: int, depth: int) -> int:
        """Keep the trail of ``path[:depth + 1]`` for the word at ``node``, unless it has one."""
        at = self.stride * node + self.stride - 1
        slot = self.nodes[at]
        if slot >> self.mark_shift == self.generation:
            return 0
        self.nodes[at] = (slot & self.unmarked) | (self.generation << self.mark_shift)
        if self.spell and not self.any_multi:
            for index in range(depth + 1):
                self.letters[index] = self.codes[self.path[index]]
            self.found.append(self.spelling[: depth + 1].decode("latin-1"))
        elif self.spell:
            length = 0
            for index in range(depth + 1):
                cell = self.path[index]
                if self.multi[cell]:
                    for letter in self.cells[cell]:
                        self.letters[length] = ord(letter)
                        length += 1
                else:
                    self.letters[length] = self.codes[cell]
                    length += 1
            self.found.append(self.spelling[:length].decode("latin-1"))
        else:
            steps = self.steps
            trail = steps[self.path[0]]
            for index in range(1, depth + 1):
                trail = trail + steps[self.path[index]]
            self.found.append(trail)
        return 0

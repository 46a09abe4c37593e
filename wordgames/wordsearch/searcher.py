# cython: boundscheck=False, wraparound=False, initializedcheck=False
# (Compiled, this module indexes without checks: every index is in range and none is negative.)
"""The Boggle search: board and lexicon walked together, in symbol numbers.

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
  a word") and the first child's number; a node's children are consecutive, the tree laid
  out breadth first (:func:`~wordgames.wordsearch.layout.breadth_first_layout`, in huge
  pages where the system has them) so that the short prefixes every board walks lie
  together; the table is only read, so every solver of a lexicon shares it;
* a node's child for a symbol is its first child plus the number of the mask's bits below
  the symbol's: one instruction where the build may use the processor's count of 1 bits
  (see ``setup.py``), a few operations otherwise;
* paths are extended a length at a time (see :meth:`Solver.search`), not depth first: the
  outcomes the processor cannot predict (does this neighbour's symbol follow, is the node a
  word, is the word new, can the path go on) are arithmetic instead of branches, and the
  nodes of the next length are asked for while this one is finished, so that most arrive
  from memory before they are read;
* per board, each cell's symbol bit, the symbols around it (a path into a cell with none
  that may follow is not extended) and its bit in a path's set of cells (:func:`path_bits`);
  a solver's words found are a bit a node and a list; nothing is allocated per path; board
  text in the compact notation (``PERS/LATG/SINE/TERS``) is read straight into the cell
  arrays (:meth:`Solver.load_text`), so a batch of boards (:meth:`Solver.score_all`) makes
  no Python object per board but its score.

Cost: about 12 to 16 microseconds for a random 4 x 4 board of the dice with ENABLE, compiled,
one core of a shared 2.1 GHz server (a few milliseconds interpreted); 100 x 100 with CSW12
about 0.1 s compiled.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable, Sequence
from typing import Protocol

import cython

from wordgames.errors import BoardError
from wordgames.limits import MAX_WORDSEARCH_CELLS
from wordgames.wordsearch.layout import NodeTable, grown, neighbour_arrays, neighbour_counts, path_bits
from wordgames.wordsearch.reader import cells_text, read_text

if not cython.compiled:  # compiled, searcher.pxd makes these constants of the C source
    _MAX_DEGREE = 8  # neighbours of a cell (8-connected grids; neighbour_arrays pads to it)
    _GROUP = 64  # start cells searched together (their paths' items are kept at once)
    _SLOT = 3  # a neighbour slot's entries: its cell's symbol bit, path bit and number
    # An item's link: the item it extends, shifted past its cell's number.  31 bits hold any
    # cell number (a C int elsewhere: neighbour lists, paths), so every board the limits allow
    # fits with room to spare; 16 did not (past 65,536 cells a link's cell ran into its item,
    # and walking a path back could loop for ever).
    _CELL_BITS = 31
    _CELL_MASK = (1 << _CELL_BITS) - 1
SCORE = 0
WORDS = 1
PATHS = 2
MAX_CELLS = 1 << _CELL_BITS
"""The most cells a board loaded into a :class:`Solver` may have (its cell numbers must fit
in an item's link beside the item); far above ``MAX_WORDSEARCH_CELLS``."""

CellCode = tuple[int, ...]
Encoder = Callable[[object], tuple[Sequence[CellCode], int, int]]
"""Turns a board the compiled reader does not take into (cell codes, rows, columns)."""


class KernelTables(Protocol):
    """What a :class:`Solver` reads of a lexicon (what
    :class:`~wordgames.wordsearch.symbols.SymbolTables` holds)."""

    symbols: tuple[str, ...]
    nodes: NodeTable
    stride: int
    node_count: int
    latin_1: array[int]
    spellings: bytes


if not cython.compiled:  # compiled, searcher.pxd gives _bits in C (a count of 1 bits)
    _bits = int.bit_count

    def _prefetch(nodes: NodeTable, index: int) -> None:
        """Compiled: ask for ``nodes[index]`` to be brought into the cache (see bits.pxd)."""


class Solver:
    """The search over one lexicon's tables, one board at a time (scratch state included).

    Load a board with :meth:`load` (cell codes) or :meth:`load_text` (compact board text),
    then ask for :meth:`score` (points and words counted, no text), :meth:`words` or
    :meth:`paths`.  :meth:`score_all` scores a stream of boards in one call.  Solvers share
    their lexicon's node table, which they only read; a solver's marks are a bit a node (48 kB
    for ENABLE) and the list of the words found; types in ``searcher.pxd``.
    """

    def __init__(self, tables: KernelTables) -> None:
        """A solver for ``tables``, with no board; words score nothing until
        :meth:`set_scoring` says how."""
        self.nodes = tables.nodes
        self.stride = tables.stride
        self.shift = 32 if tables.stride == 1 else 0
        self.first_mask = (1 << 32) - 1
        # The marks: a bit a node for the words found, and the list of those set.
        self.seen = array("Q", bytes(8 * (tables.node_count // 64 + 2)))
        self.found_nodes = array("q", bytes(8 * 1024))
        self.found_letters = array("i", bytes(4 * 1024))  # each found word's letters
        self.found_count = 0
        self.symbols = tables.symbols
        self.symbol_letters = array("i", [len(text) for text in tables.symbols])
        self.latin_1 = array("h", tables.latin_1)
        self.spellings = bytearray(tables.spellings)
        self.plain = all(tables.spellings[1:])  # every symbol one Latin-1 character
        self.scoring: Callable[[int, int], int] | None = None
        self.minimum = 1
        self.points = array("q", [0])
        self.shape = array("i", [0, 0])  # rows and columns, as read_text finds them
        self.capacity = -1
        self.reserve(16)
        self.size = 0
        self.rows = self.columns = 0
        self.near = neighbour_arrays(1, 1)
        self.degree = neighbour_counts(1, 1)
        self.path_bit = path_bits(1, 1)
        self.item_link, self.item_node, self.item_path = array("q"), array("q"), array("Q")
        self.item_letters, self.kept = array("i"), array("i")
        self.grow_items(1024)
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
        self.reach = array("Q", bytes(8 * cells))
        self.slots = array("Q", bytes(8 * _SLOT * _MAX_DEGREE * cells))
        self.cell_letters = array("i", bytes(4 * cells))
        self.tail_start = array("i", bytes(4 * cells))
        self.tail_count = array("i", bytes(4 * cells))
        self.tails = array("i", bytes(4 * 4 * size))
        self.path = array("i", bytes(4 * (size + 1)))
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

    # --- boards ---------------------------------------------------------------------------

    def use_shape(self, rows: int, columns: int) -> None:
        """Take the neighbour lists of a ``rows`` x ``columns`` board; BoardError for one of
        more than ``MAX_WORDSEARCH_CELLS`` cells (the parser and the reader refuse them
        first: this guards the links, whose cell numbers must fit :data:`MAX_CELLS`)."""
        if rows * columns > MAX_WORDSEARCH_CELLS:
            raise BoardError(f"a {rows} x {columns} board is too large "
                             f"(at most {MAX_WORDSEARCH_CELLS} cells)")
        if rows != self.rows or columns != self.columns:
            self.near = neighbour_arrays(rows, columns)
            self.degree = neighbour_counts(rows, columns)
            self.path_bit = path_bits(rows, columns)
            self.rows = rows
            self.columns = columns

    def load(self, codes: Sequence[CellCode], rows: int, columns: int) -> None:
        """Take a board: each cell's code (its symbols; empty for a dead cell), row-major."""
        size = rows * columns
        self.use_shape(rows, columns)  # first: it refuses an oversized board
        self.reserve(size)
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
        if not read_text(text, self.latin_1, self.cell_bit, self.cell_letters, self.tail_start,
                         self.tail_count, self.tails, self.shape):
            return False
        self.size = self.shape[0] * self.shape[1]
        self.use_shape(self.shape[0], self.shape[1])
        self.finish_board()
        return True

    def finish_board(self) -> None:
        """Per-cell tables of the loaded board: the symbol and path bits of each neighbour
        slot, the symbols around each cell, the letter total (and the points table long
        enough for it)."""
        total = 0
        for cell in range(self.size):
            total += self.cell_letters[cell]
        self.cell_bit[self.size] = 0  # the cell past the board (see neighbour_arrays)
        self.tail_count[self.size] = 0
        for cell in range(self.size):
            around = 0
            for index in range(_MAX_DEGREE * cell, _MAX_DEGREE * cell + self.degree[cell]):
                # Each neighbour's symbol bit and path bit, in slot order for the search (which
                # reads no padding slot).
                self.slots[_SLOT * index] = self.cell_bit[self.near[index]]
                self.slots[_SLOT * index + 1] = self.path_bit[self.near[index]]
                self.slots[_SLOT * index + 2] = self.near[index]
                around |= self.cell_bit[self.near[index]]
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
            self.load_any(board, encode)
            scores.append(self.score())
        return scores

    def load_any(self, board: object, encode: Encoder) -> None:
        """Take ``board``: compact text, or a square list or tuple of cells made into it, read
        by :meth:`load_text`; anything else, or what the reader refuses, through ``encode``."""
        text = board if isinstance(board, str) else cells_text(board)
        if not (text is not None and self.load_text(text)):
            codes, rows, columns = encode(board)
            self.load(codes, rows, columns)

    def new_search(self) -> None:
        """Forget the words found so far: clear the bits of those on the list (a few
        operations a word found)."""
        for index in range(self.found_count):
            self.seen[self.found_nodes[index] >> 6] = 0
        self.found_count = 0

    def first_time(self, node: int) -> int:
        """1 when the word at ``node`` was not found before in this search (it is now), else 0."""
        bit = 1  # compiled: a 64-bit 1, then shifted
        bit <<= node & 63
        if self.seen[node >> 6] & bit:
            return 0
        if self.found_count == len(self.found_nodes):
            self.grow_found(2 * self.found_count)
        self.seen[node >> 6] |= bit
        self.found_nodes[self.found_count] = node
        self.found_count += 1
        return 1

    def run(self) -> None:
        """Every path whose symbols begin some word, from each group of up to ``_GROUP``
        start cells (see :meth:`search`)."""
        self.new_search()
        if self.mode != SCORE:  # scoring makes no list (words() and paths() leave them empty)
            self.found = []
            self.found_paths = []
        # A while loop: compiled, a range with a step not known to be positive is a Python one.
        group = 0
        while group < self.size:
            self.search(group, min(group + _GROUP, self.size))
            group += _GROUP
        total = 0
        count = 0
        for index in range(self.found_count):
            total += self.points[self.found_letters[index]]
            count += self.found_letters[index] >= self.minimum
        self.total = total
        self.count = count

    def search(self, first: int, last: int) -> int:
        """Every path from the start cells ``first`` to ``last - 1`` whose symbols begin some
        word, a level (a path length) at a time.

        Each path is an *item*: its last cell and the item it extends (``item_link``,
        packed in one integer; item 0 stands for the root), its node (``item_node``), and
        once visited its letters and the set of its cells (``item_path``, see
        :func:`path_bits`).  A level's items are visited in turn: an item's node is read, a
        new word is counted, and the item is kept if a symbol around its cell may follow.
        Then each kept item writes an item for each of its cell's neighbours after the level,
        with the child node for the neighbour's symbol (and asks for that node to be
        fetched), and keeps it when the symbol follows and the neighbour is free.  Level by
        level rather than depth first, so that what the processor cannot predict (is this a
        word, is it new, does it go on, does this neighbour follow) is arithmetic, where
        depth first it was branches, and each mispredicted branch cost more than the rest of
        a step.  Cost: a few dozen operations a path and a dozen a neighbour tried."""
        stride = self.stride
        keeping = self.mode != SCORE
        wide = self.rows > 8 or self.columns > 8
        # Local views: compiled, their data pointers stay in registers across the stores.
        nodes, links, near, bits, keys = self.nodes, self.item_link, self.near, self.cell_bit, self.path_bit
        slots, item_node = self.slots, self.item_node
        item_path, item_letters, kept_items = self.item_path, self.item_letters, self.kept
        reach, seen_bits = self.reach, self.seen
        found_nodes, found_letters, degree = self.found_nodes, self.found_letters, self.degree
        tail_count, cell_letters = self.tail_count, self.cell_letters
        shift, first_mask = self.shift, self.first_mask
        # The mask's bits in a node's word (the first child's number lies above them).
        symbols = 0xFFFFFFFF if stride == 1 else ~0
        root = nodes[0]
        base = (nodes[stride - 1] >> shift) & first_mask
        count = 1
        for cell in range(first, last):
            links[count] = cell
            item_node[count] = base + _bits(root & (bits[cell] - 2))
            count += root & bits[cell] != 0
        start = 1
        while start < count:
            end = count
            kept = 0
            if self.found_count + end - start > len(self.found_nodes):
                self.grow_found(2 * (self.found_count + end - start))
                found_nodes, found_letters = self.found_nodes, self.found_letters
            # The count of words found is a local in the loop (as a field, every store to an
            # array might change it, so it would be read back from memory each time).
            found_count = self.found_count
            for item in range(start, end):
                link = links[item]
                parent = link >> _CELL_BITS
                cell = link & _CELL_MASK
                node = item_node[item]
                if tail_count[cell]:  # the cell's other symbols (QU): rare
                    node = self.descend(node, cell)
                    if node < 0:
                        continue
                word = nodes[stride * node]
                # A word's bit is set and its node written to the list either way (the
                # processor cannot predict whether a word is new); the list only grows when
                # the bit was clear.
                seen = seen_bits[node >> 6]
                bit = (word & 1) << (node & 63)
                fresh = (word & 1) & ((seen & bit) == 0)
                seen_bits[node >> 6] = seen | bit
                letters = item_letters[parent] + cell_letters[cell]
                # Its letters beside it, for the score (see run): a count a length here
                # would add to the same entry item after item, each waiting for the last.
                found_nodes[found_count] = node
                found_letters[found_count] = letters
                found_count += fresh
                item_node[item] = node
                item_letters[item] = letters
                item_path[item] = item_path[parent] | keys[cell]
                if keeping and fresh:
                    self.keep(item)
                kept_items[kept] = item
                kept += word & reach[cell] != 0
            self.found_count = found_count
            if count + 8 * kept > len(links):
                self.grow_items(count + 8 * kept)
                links, item_node, item_path = self.item_link, self.item_node, self.item_path
                item_letters, kept_items = self.item_letters, self.kept
            for index in range(kept):
                item = kept_items[index]
                cell = links[item] & _CELL_MASK
                word = nodes[stride * item_node[item]]
                free = ~item_path[item]
                follows = word & symbols  # the mask alone (a slot's bit is one of its bits)
                link = item << _CELL_BITS
                base = (nodes[stride * item_node[item] + stride - 1] >> shift) & first_mask
                # Written for every neighbour, kept when it follows and is free.  (Trying
                # all 8 slots, the padding too, made the loop's end predictable, but a
                # third of a 4 x 4 board's slots are padding: fewer slots won.)
                for other in range(8 * cell, 8 * cell + degree[cell]):
                    bit = slots[_SLOT * other]
                    child = base + _bits(follows & (bit - 2))
                    _prefetch(nodes, stride * child)
                    links[count] = link | slots[_SLOT * other + 2]
                    item_node[count] = child
                    count += (follows & bit != 0) & (free & slots[_SLOT * other + 1] != 0)
                if wide:
                    # Cells a multiple of 8 rows and columns apart share a path bit: a
                    # neighbour refused for its bit may be off the path after all (on a path
                    # of 9 cells or more, so only on boards wider or taller than 8).
                    for other in range(8 * cell, 8 * cell + degree[cell]):
                        neighbour = near[other]
                        if (word & bits[neighbour] and not free & keys[neighbour]
                                and not self.on_path(item, neighbour)):
                            links[count] = link | neighbour
                            item_node[count] = base + _bits(word & (bits[neighbour] - 2))
                            count += 1
            start = end
        return 0

    def on_path(self, item: int, cell: int) -> int:
        """1 when ``cell`` is on item ``item``'s path (walked back to the root), else 0."""
        while item > 0:
            if self.item_link[item] & _CELL_MASK == cell:
                return 1
            item = self.item_link[item] >> _CELL_BITS
        return 0

    def grow_found(self, count: int) -> None:
        """Room for ``count`` words found (their nodes and letters), keeping those there are."""
        self.found_nodes = grown(self.found_nodes, "q", count)
        self.found_letters = grown(self.found_letters, "i", count)

    def grow_items(self, count: int) -> None:
        """Room for ``count`` items (at least double), keeping those there are."""
        size = max(count, 2 * len(self.item_link))
        self.item_link = grown(self.item_link, "q", size)
        self.item_node = grown(self.item_node, "q", size)
        self.item_letters = grown(self.item_letters, "i", size)
        self.item_path = grown(self.item_path, "Q", size)
        self.kept = grown(self.kept, "i", size)

    def descend(self, node: int, cell: int) -> int:
        """The node reached from ``node`` along the rest of ``cell``'s symbols, or -1."""
        for index in range(self.tail_start[cell], self.tail_start[cell] + self.tail_count[cell]):
            bit = 1  # compiled: a 64-bit 1, then shifted (symbols run past 31)
            bit <<= self.tails[index]
            mask = self.nodes[self.stride * node]
            if not mask & bit:
                return -1
            slot = self.nodes[self.stride * node + self.stride - 1]
            node = ((slot >> self.shift) & self.first_mask) + _bits(mask & (bit - 2))
        return node

    def keep(self, item: int) -> int:
        """Spell the word of item ``item``'s path (and keep the path, in PATHS mode)."""
        depth = 0
        chain = item
        while chain > 0:
            depth += 1
            chain = self.item_link[chain] >> _CELL_BITS
        chain = item
        for index in range(depth - 1, -1, -1):
            self.path[index] = self.item_link[chain] & _CELL_MASK
            chain = self.item_link[chain] >> _CELL_BITS
        depth -= 1
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


def words_at_least(words: list[str], minimum: int) -> set[str]:
    """The words of ``words`` with at least ``minimum`` letters, as a set (compiled: a C loop,
    a few microseconds for the hundred words of a 4 x 4 board)."""
    return {word for word in words if len(word) >= minimum}


def _first_symbol(bit: int) -> int:
    """The symbol whose bit is ``bit`` (a single bit)."""
    return _bits(bit - 1)

"""The classic move generator's public entry points: every legal move, their count, and the
best N by a bounded search, as :class:`Move` objects or compact records.

After Appel & Jacobson (1988), in parts a reader can name:

* :mod:`.tables` — what the generator learns about a lexicon (node expansions, cross-check
  sets), memoised per lexicon and alphabet;
* :mod:`.lines` — the board as lines (rows, and rows of the transposed board for down moves,
  so both directions run through one code path) with per square its cross-check set,
  cross-word score part, premiums and whether it is an anchor;
* :mod:`.state` — the rack as counts and bit masks, the scoring constants, the threshold;
* :mod:`.leftparts` — LeftPart: the left parts before an anchor, built once per search;
* :mod:`.extension` — ExtendRight: from a left part across the anchor and through the board;
* :mod:`.blanks` — the blank designations of each word found, without touching the lexicon;
* :mod:`.bound` — the best-move score bound of each placement;
* :mod:`.search` — one search over a board and rack, driving the parts above;
* :mod:`.kernel` — the same search over fixed arrays, which the compiled build runs instead
  (the parts above stay the pure-Python reference; both give the same moves in the same
  order);
* :mod:`.convert` — records to :class:`Move` objects, for both.

**Best moves.**  :meth:`MoveGenerator.best` finds the top N of a rack holding blanks without
generating every move: placements are searched best bound first, each left part is bounded
again with its own letters, blank assignments scoring below the N-th best are never built,
and the search stops when a bound falls below it.  (Bounding every placement costs more than
it saves for a rack without blanks, which gets one full generation.)
"""

from __future__ import annotations

import heapq
from types import ModuleType
from typing import Any

import cython  # type: ignore[import-untyped, unused-ignore]

from wordgames.compiled import is_compiled
from wordgames.errors import InvalidArgumentError
from wordgames.lexicon import Lexicon
from wordgames.lexicon.packed import packed_nodes
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.layout import Layout
from wordgames.scrabble.core.move import Direction, Move
from wordgames.scrabble.core.scoring import DEFAULT_BINGO_BONUS, DEFAULT_HAND_SIZE
from wordgames.scrabble.core.tiles import BLANK, STANDARD_ENGLISH, Rack, TileSet
from wordgames.scrabble.leaves.keeps import RackKeeps, by_equity, cut_after
from wordgames.scrabble.movegen import equity_kernel
from wordgames.scrabble.movegen import kernel as typed_kernel
from wordgames.scrabble.movegen.convert import MoveMaker, collector_paused
from wordgames.scrabble.movegen.lines import flat_premiums
from wordgames.scrabble.movegen.search import Search
from wordgames.scrabble.movegen.state import Emit, RawMove
from wordgames.scrabble.movegen.tables import LexiconTables, lexicon_tables

__all__ = ["MAX_ALPHABET", "LexiconTables", "MoveGenerator", "RawMove", "lexicon_tables"]

_KERNEL_COMPILED = cython.compiled and is_compiled(typed_kernel)
"""Whether the kernel runs by default: this module and the kernel compiled (interpreted, the
reference search is the faster)."""

_MAX_KEEP = 64

MAX_TRACKED = 4096
"""The most best-by-equity moves the compiled search tracks as it goes (a larger ``limit``
keeps every move, then cuts the list)."""
MAX_ALPHABET = 64
"""Letters a tile set may have for move generation: the search holds sets of letters as bit
masks, which the compiled core keeps in 64-bit integers."""


class MoveGenerator:
    """Generates classic-rules moves for any board, layout, rack (blanks ``?``, any number)
    and hand size from a lexicon's node walk (any backend).

    :meth:`moves` lists every distinct legal move; :meth:`best` the top N by a bounded
    search.  Both return :class:`Move` objects carrying their score and the words they form
    (main word first).  Lexicon look-ups are memoised per lexicon and alphabet across calls.
    A tile set of more than :data:`MAX_ALPHABET` letters is refused (InvalidArgumentError).

    Compiled, the search runs in the typed kernel (:mod:`.kernel`) on the lexicon's packed
    node table; interpreted, in the reference search (:mod:`.search`).  ``kernel_module``
    chooses (None: the reference); the tests set it to compare the two.
    """

    def __init__(
        self,
        lexicon: Lexicon,
        tile_set: TileSet = STANDARD_ENGLISH,
        hand_size: int = DEFAULT_HAND_SIZE,
        bingo_bonus: int = DEFAULT_BINGO_BONUS,
    ) -> None:
        if len(tile_set.letters) > MAX_ALPHABET:
            raise InvalidArgumentError(
                f"a tile set of {len(tile_set.letters)} letters: move generation takes at most {MAX_ALPHABET}"
            )
        self.lexicon = lexicon
        self.tile_set = tile_set
        self.hand_size = hand_size
        self.bingo_bonus = bingo_bonus
        self.alphabet = tile_set.letters
        self.tables = lexicon_tables(lexicon, self.alphabet)
        self.values = [tile_set.value(letter) for letter in self.alphabet]
        self.kernel_module: ModuleType | None = typed_kernel if _KERNEL_COMPILED else None
        self.equity_module: ModuleType = equity_kernel  # its EquityKernel extends the kernel's

    def _search(self, board: Board, rack: Rack, emit: Emit) -> Search:
        return Search(self.tables, self.lexicon, self.tile_set, self.values, self.hand_size,
                      self.bingo_bonus, board, rack, emit)

    def _records(self, board: Board, rack: Rack, keep: int = 0) -> list[RawMove]:
        """The records of every move (with ``keep``, at least of the ``keep`` best)."""
        if self.kernel_module is None:
            records: list[RawMove] = []
            self._search(board, rack, records.append).generate_all()
            return records
        kernel = self._kernel(board)
        try:
            count = kernel.search(self._rack_counts(rack), keep)
            with collector_paused():
                return MoveMaker(board).raw_moves(kernel.records, kernel.letters, count,
                                                  self.kernel_module.RECORD, self.alphabet)
        finally:
            self._release(kernel)

    def raw_moves(self, board: Board, rack: Rack) -> list[RawMove]:
        """Every distinct legal move as a compact :data:`RawMove` record; no :class:`Move`
        is built."""
        return self._records(board, rack)

    def moves(self, board: Board, rack: Rack, ordered: bool = False) -> list[Move]:
        """Every distinct legal move, scored; best first when ``ordered`` (ties in the
        engine's order are broken by the word with its blanks, real tiles first)."""
        if self.kernel_module is not None:
            kernel = self._kernel(board)
            try:
                count = kernel.search(self._rack_counts(rack), 0)
                with collector_paused():
                    found = MoveMaker(board).kernel_moves(kernel.records, kernel.letters, count,
                                                          self.kernel_module.RECORD, self.alphabet)
            finally:
                self._release(kernel)
            if ordered:
                found.sort(key=_move_key)
            return found
        records = self._records(board, rack)
        if ordered:
            records.sort(key=_record_key)
        maker = MoveMaker(board)
        with collector_paused():
            return [maker.move(record) for record in records]

    def count(self, board: Board, rack: Rack) -> int:
        """How many distinct legal moves there are (no :class:`Move` is built)."""
        if self.kernel_module is None:
            return len(self._records(board, rack))
        kernel = self._kernel(board)
        try:
            return int(kernel.search(self._rack_counts(rack), 0))
        finally:
            self._release(kernel)

    def best(self, board: Board, rack: Rack, limit: int = 1, bounded: bool | None = None) -> list[Move]:
        """The ``limit`` best moves, best first: the same as the first ``limit`` of
        ``moves(board, rack, ordered=True)``.  The kernel keeps only moves scoring at least
        the ``limit``-th best found so far.  The reference search, with ``bounded``, runs
        placements best bound first; without, one full generation; by default the bounded
        search runs when the rack holds a blank (without one a full generation is cheaper
        than bounding every placement)."""
        if limit < 1:
            return []
        if bounded is None:
            bounded = rack.count(BLANK) > 0
        if self.kernel_module is not None or not bounded:
            # The kernel keeps the threshold by insertion into the ``limit`` best scores:
            # past _MAX_KEEP it ranks every move instead.
            keep = limit if limit <= _MAX_KEEP else 0
            top = heapq.nsmallest(limit, self._records(board, rack, keep), key=_record_key)
            maker = MoveMaker(board)
            return [maker.move(record) for record in top]
        return self._bounded(board, rack, limit)

    def _bounded(self, board: Board, rack: Rack, limit: int) -> list[Move]:
        """The reference's bounded search for the ``limit`` best moves."""
        found: list[tuple[tuple[int, int, int, int, str, str], RawMove]] = []

        def emit(record: RawMove) -> None:
            found.append((_record_key(record), record))
            if len(found) >= 4 * limit + 16:
                keep_best()

        def keep_best() -> None:
            found.sort()
            del found[limit:]
            if len(found) == limit:
                search.state.threshold = found[-1][1][0]

        search = self._search(board, rack, emit)
        for span in search.spans():
            if span.bound < search.state.threshold:
                break
            search.run_span(span)
            if len(found) >= limit:
                keep_best()
        keep_best()
        maker = MoveMaker(board)
        return [maker.move(raw) for _key, raw in found]

    def best_by_equity(self, board: Board, rack: Rack, keeps: RackKeeps,
                       limit: int | None = 1) -> list[tuple[float, Move]]:
        """(equity, move) for the ``limit`` best moves by equity, score plus the value of the
        keep the move leaves in ``keeps`` (made for ``rack`` over this generator's alphabet,
        else InvalidArgumentError), and every other move of the same equity as the last; all
        moves with ``limit`` None.  Best first; equal equities in the engine's move order.  Compiled,
        the kernel values each move as it is found and prunes by equity
        (:mod:`.equity_kernel`): about the cost of :meth:`best`; the reference generates
        every move and values each."""
        if limit is not None and limit < 1:
            return []
        counts = self._rack_counts(rack)
        if not isinstance(keeps, RackKeeps) or keeps.alphabet != self.alphabet \
                or keeps.slot_counts != counts:
            raise InvalidArgumentError(f"the keeps were not made for the rack {rack} over {self.alphabet}")
        if self.kernel_module is None:
            return by_equity(self.moves(board, rack), keeps, limit, _move_key)
        # The kernel tracks at most MAX_TRACKED best equities (an array); past that it keeps
        # every move and the list is cut here.
        tracked = limit if limit is not None and limit <= MAX_TRACKED else 0
        kernel = self._kernel(board, equity=True)
        try:
            kernel.search_equity(counts, tracked, keeps.values, keeps.radix,
                                 keeps.full, keeps.best)
            count = kernel.select()
            found = MoveMaker(board).kernel_moves(kernel.records, kernel.letters, count,
                                                  self.kernel_module.RECORD, self.alphabet)
            equities = kernel.equities
            valued = [(equities[n], move) for n, move in enumerate(found)]
        finally:
            self._release(kernel)
        valued.sort(key=lambda pair: (-pair[0], _move_key(pair[1])))
        return cut_after(valued, limit)

    # --- the kernel -------------------------------------------------------------------------

    def _rack_counts(self, rack: Rack) -> list[int]:
        """The rack as counts per letter number, blanks last."""
        index = self.tables.index
        counts = [0] * (len(self.alphabet) + 1)
        for tile, count in rack.counts().items():
            if tile == BLANK:
                counts[-1] += count
            elif tile in index:
                counts[index[tile]] += count
        return counts

    def _kernel(self, board: Board, equity: bool = False) -> Any:
        """A kernel of this generator's lexicon and scoring with ``board`` loaded, taken from
        the pool its lexicon tables keep (one search at a time uses a kernel); with
        ``equity``, an :class:`~.equity_kernel.EquityKernel` (of :attr:`equity_module`)."""
        kernel = self._take_kernel(equity)
        index = self.tables.index
        value = self.tile_set.value
        tiles = []
        points = []
        for row in board.grid():
            for tile in row:
                if tile is None:
                    tiles.append(-1)
                    points.append(0)
                else:
                    tiles.append(index[tile.upper()])
                    points.append(value(tile))
        letter_mult, word_mult = flat_premiums(board.layout)
        start_row, start_col = board.layout.start
        kernel.load_board(tiles, points, letter_mult, word_mult, board.rows, board.cols,
                          start_row * board.cols + start_col)
        return kernel

    def _take_kernel(self, equity: bool = False) -> Any:
        """A kernel from the pool of this generator's lexicon and scoring (a new one when the
        pool is empty); :meth:`_release` gives it back."""
        module = self.kernel_module
        assert module is not None
        key = (module.__name__, tuple(self.values), self.hand_size, self.bingo_bonus,
               self.equity_module.__name__ if equity else "")
        pool = self.tables.kernels.setdefault(key, [])
        if pool:
            kernel = pool.pop()
        else:
            lexicon = module.kernel_lexicon(packed_nodes(self.lexicon), self.alphabet)
            kind = self.equity_module.EquityKernel if equity else module.Kernel
            kernel = kind(lexicon, self.values, self.hand_size, self.bingo_bonus)
        kernel.pool = pool
        return kernel

    def flat_moves(self, layout: Layout) -> FlatMoves | None:
        """A move source over boards of ``layout`` kept as row-major arrays, for searches that
        generate moves at every node (the endgame's); None when the kernel is not compiled
        (then :meth:`moves` on a :class:`Board` is the faster way)."""
        if self.kernel_module is None:
            return None
        return FlatMoves(self._take_kernel(), layout, self._take_kernel(equity=True))

    def _release(self, kernel: Any) -> None:
        """Give a kernel back to its pool."""
        kernel.pool.append(kernel)


class FlatMoves:
    """Every legal move as ``(score, codes)`` (see :meth:`.records.Recorder.placed_codes`)
    for a board its caller keeps as arrays and changes between calls: one kernel, owned
    for the source's life."""

    def __init__(self, kernel: Any, layout: Layout, equity_kernel: Any) -> None:
        self.kernel = kernel
        self.equity_kernel = equity_kernel
        self.letter_mult, self.word_mult = flat_premiums(layout)
        self.rows, self.cols = layout.rows, layout.cols
        self.start = layout.start[0] * layout.cols + layout.start[1]

    def _loaded(self, kernel: Any, tiles: list[int], points: list[int]) -> Any:
        """``kernel`` with the board of ``tiles`` and ``points`` (row-major) loaded."""
        kernel.load_board(tiles, points, self.letter_mult, self.word_mult, self.rows, self.cols,
                          self.start)
        return kernel

    def moves(
        self, tiles: list[int], points: list[int], rack: list[int]
    ) -> list[tuple[int, tuple[int, ...]]]:
        """The moves of ``rack`` (counts per letter number, blanks last) on the board whose
        squares hold ``tiles`` (letter numbers, -1 empty) scoring ``points``, row-major, in
        the generator's order.  Cost: one kernel search, no :class:`Move` built."""
        kernel = self._loaded(self.kernel, tiles, points)
        return kernel.placed_codes(kernel.search(rack, 0))  # type: ignore[no-any-return]

    def best_by_keeps(
        self, tiles: list[int], points: list[int], rack: list[int], keeps: RackKeeps
    ) -> tuple[float, int, tuple[int, ...]] | None:
        """The best move of ``rack`` on the board (as :meth:`moves`) by its score plus the
        value of its keep in ``keeps`` (made for this rack): ``(equity, score, codes)``, the
        first found of equal equities; None when the rack has no move.  Cost: one search of
        the equity kernel, which skips the placements that cannot be best."""
        kernel = self._loaded(self.equity_kernel, tiles, points)
        kernel.search_equity(rack, 1, keeps.values, keeps.radix, keeps.full, keeps.best)
        if not kernel.select():
            return None
        score, codes = kernel.placed_codes(1)[0]
        return kernel.equities[0], score, codes


def _move_key(move: Move) -> tuple[int, int, int, int, str, str]:
    """:func:`_record_key` of a move."""
    return (-move.score, move.row, move.col, 0 if move.direction is Direction.ACROSS else 1,
            move.word.upper(), move.word)


def _record_key(record: RawMove) -> tuple[int, int, int, int, str, str]:
    """The engine's move order (:meth:`Move.sort_key`) for a record, then the word with
    its blanks so equal keys still sort one way."""
    score, across, line, first, _last, word = record
    row, col = (line, first) if across else (first, line)
    return (-score, row, col, 0 if across else 1, word.upper(), word)

"""The classic move generator's entry points: every legal move, their count, the best N by
score or by equity, all through the one search (:mod:`.kernel`).

After Appel & Jacobson (1988), in parts a reader can name:

* :mod:`.board_arrays` — the lexicon as a packed node table in the tile set's numbering, and
  the board as arrays kept with the board and brought up to date from its change log;
* :mod:`.buffer` — the search's working state, one object with named fields, and the layout
  of its move records;
* :mod:`.records` — what the search records: one record per move (and per blank
  assignment), the bounds of the best-move search;
* :mod:`.equity` — ranking by equity (score plus the leave's value), a mode of the one
  recording step;
* :mod:`.kernel` — the search: left parts, anchors, extension through the board;
* :mod:`.convert` — records to :class:`Move` objects.

The search is compiled with Cython when the package is installed with a C compiler and runs
as plain Python otherwise (the same moves in the same order, slower).  Working buffers are
pooled per lexicon, alphabet and scoring, and each board keeps its arrays for the kernel
(:meth:`Board.kernel_state`), so playing a move and searching again recomputes only the rows
and columns the move touched.
"""

from __future__ import annotations

import heapq
import weakref

from wordgames.collector import collector_paused
from wordgames.errors import InvalidArgumentError
from wordgames.lexicon import Lexicon
from wordgames.lexicon.packed import packed_nodes_for
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.move import BoardSnapshot, Move
from wordgames.scrabble.core.rack import Rack
from wordgames.scrabble.core.scoring import DEFAULT_BINGO_BONUS, DEFAULT_HAND_SIZE
from wordgames.scrabble.core.tiles import STANDARD_ENGLISH, TileSet
from wordgames.scrabble.leaves.keeps import RackKeeps, cut_after
from wordgames.scrabble.movegen.board_arrays import BoardState, KernelLexicon, kernel_lexicon
from wordgames.scrabble.movegen.buffer import WorkingBuffer
from wordgames.scrabble.movegen.convert import (
    compact_of_records,
    moves_of_numbers,
    moves_of_records,
    record_keys,
)
from wordgames.scrabble.movegen.equity import select
from wordgames.scrabble.movegen.kernel import search, search_equity

__all__ = ["MAX_ALPHABET", "MoveGenerator"]

_MAX_KEEP = 64
"""The most best moves the search keeps by a threshold of the best scores seen (beyond, it
keeps every move and the list is cut)."""

MAX_TRACKED = 4096
"""The most best-by-equity moves the search tracks as it goes (a larger ``limit`` keeps every
move, then cuts the list)."""

MAX_ALPHABET = 63
"""Tiles a tile set may have for move generation: the search holds sets of tiles as bits of
64-bit integers (bit 63 marks a word's end in the node table)."""

_POOLS: weakref.WeakKeyDictionary[KernelLexicon, dict[tuple[object, ...], list[WorkingBuffer]]] = (
    weakref.WeakKeyDictionary()
)


class MoveGenerator:
    """Generates classic-rules moves for any board, layout, rack (blanks ``?``, any number)
    and hand size from a lexicon (any backend), through the one search.

    :meth:`moves` lists every distinct legal move, :meth:`count` counts them, :meth:`best`
    finds the top N by a bounded search, :meth:`best_by_equity` the top N by score plus leave.
    Moves carry their score; their text (word, placements, the words they form) is built when
    asked.  A tile set of more than :data:`MAX_ALPHABET` tiles is refused
    (InvalidArgumentError).
    """

    def __init__(
        self,
        lexicon: Lexicon,
        tile_set: TileSet = STANDARD_ENGLISH,
        hand_size: int = DEFAULT_HAND_SIZE,
        bingo_bonus: int = DEFAULT_BINGO_BONUS,
    ) -> None:
        if len(tile_set.alphabet) > MAX_ALPHABET:
            raise InvalidArgumentError(
                f"a tile set of {len(tile_set.alphabet)} tiles: move generation takes at most {MAX_ALPHABET}"
            )
        self.lexicon = lexicon
        self.tile_set = tile_set
        self.hand_size = hand_size
        self.bingo_bonus = bingo_bonus
        self.alphabet = tile_set.alphabet
        self.values = (0, *tile_set.number_values[1:])
        self.lexicon_table = kernel_lexicon(packed_nodes_for(lexicon, self.alphabet))
        self._state_key = (self.lexicon_table, self.values)

    # --- the board and the rack --------------------------------------------------------------

    def board_for(self, board: Board) -> Board:
        """``board`` when its tiles are numbered by this generator's alphabet, else a copy
        renumbered by the tiles' forms (InvalidArgumentError for a tile the alphabet lacks)."""
        if board.alphabet.tiles == self.alphabet.tiles:
            return board
        return board.with_alphabet(self.alphabet)

    def _state(self, board: Board) -> BoardState:
        """The board's arrays for this generator (its alphabet's), brought up to date."""
        table, values = self.lexicon_table, self.values
        state: BoardState = board.kernel_state(self._state_key, lambda: BoardState(table, values))
        state.sync(board)
        return state

    def rack_counts(self, rack: Rack) -> list[int]:
        """The rack as counts by tile number of this generator's alphabet (index 0 the
        blanks)."""
        return rack.counts_in(self.alphabet)

    def _buffer(self) -> WorkingBuffer:
        """A working buffer of this generator's lexicon and scoring from its pool (a new one
        when the pool is empty); :meth:`_release` gives it back."""
        pools = _POOLS.setdefault(self.lexicon_table, {})
        pool = pools.setdefault((self.values, self.hand_size, self.bingo_bonus), [])
        if pool:
            return pool.pop()
        buf = WorkingBuffer(self.lexicon_table, self.values, self.hand_size, self.bingo_bonus)
        buf.pool = pool
        return buf

    @staticmethod
    def _release(buf: WorkingBuffer) -> None:
        """Give a buffer back to its pool (it forgets the board)."""
        buf.board = None
        buf.pool.append(buf)

    def _searched(self, board: Board) -> WorkingBuffer:
        """A buffer from the pool, on ``board``'s arrays."""
        buf = self._buffer()
        buf.use_board(self._state(board))
        return buf

    # --- the searches --------------------------------------------------------------------------

    def moves(self, board: Board, rack: Rack, ordered: bool = False) -> list[Move]:
        """Every distinct legal move, scored; best first when ``ordered`` (see
        :meth:`Move.sort_key`).  Cost: one search, one small object per move."""
        board = self.board_for(board)
        buf = self._searched(board)
        try:
            count = search(buf, self.rack_counts(rack), 0)
            snapshot = BoardSnapshot.of(board)
            with collector_paused():
                if not ordered:
                    return moves_of_records(buf, count, self.alphabet, snapshot)
                keys = record_keys(buf, count)
                keys.sort()
                return moves_of_numbers(buf, [key[-1] for key in keys], self.alphabet, snapshot)
        finally:
            self._release(buf)

    def count(self, board: Board, rack: Rack) -> int:
        """How many distinct legal moves there are (no move is built).  Cost: one search."""
        buf = self._searched(self.board_for(board))
        try:
            return int(search(buf, self.rack_counts(rack), 0))
        finally:
            self._release(buf)

    def best(self, board: Board, rack: Rack, limit: int = 1) -> list[Move]:
        """The ``limit`` best moves, best first: the same as the first ``limit`` of
        ``moves(board, rack, ordered=True)``.  The search keeps only moves scoring at least
        the ``limit``-th best found so far, and with blanks on the rack searches the anchors
        best bound first, dropping what cannot reach that score."""
        if limit < 1:
            return []
        keep = limit if limit <= _MAX_KEEP else 0
        board = self.board_for(board)
        buf = self._searched(board)
        try:
            count = search(buf, self.rack_counts(rack), keep)
            keys = heapq.nsmallest(limit, record_keys(buf, count))
            return moves_of_numbers(buf, [key[-1] for key in keys], self.alphabet, BoardSnapshot.of(board))
        finally:
            self._release(buf)

    def best_by_equity(self, board: Board, rack: Rack, keeps: RackKeeps,
                       limit: int | None = 1) -> list[tuple[float, Move]]:
        """(equity, move) for the ``limit`` best moves by equity, score plus the value of the
        keep the move leaves in ``keeps`` (made for ``rack`` over this generator's alphabet,
        else InvalidArgumentError), and every other move of the same equity as the last; all
        moves with ``limit`` None.  Best first; equal equities in the engine's move order.
        The search values each move as it is found and prunes by equity (about the cost of
        :meth:`best`)."""
        if limit is not None and limit < 1:
            return []
        counts = self.rack_counts(rack)
        if not isinstance(keeps, RackKeeps) or keeps.alphabet.tiles != self.alphabet.tiles \
                or keeps.slot_counts != counts:
            raise InvalidArgumentError(f"the keeps were not made for the rack {rack} over this tile set")
        tracked = limit if limit is not None and limit <= MAX_TRACKED else 0
        board = self.board_for(board)
        buf = self._searched(board)
        try:
            search_equity(buf, counts, tracked, keeps.values, keeps.radix, keeps.full, keeps.best)
            count = select(buf)
            keys = record_keys(buf, count)
            equities = buf.equities
            keys.sort(key=lambda key: (-equities[key[-1]], key))
            numbers = [key[-1] for key in keys]
            moves = moves_of_numbers(buf, numbers, self.alphabet, BoardSnapshot.of(board))
            valued = [(equities[n], move) for n, move in zip(numbers, moves, strict=True)]
        finally:
            self._release(buf)
        return cut_after(valued, limit)

    # --- compact moves, for searches that play and take back (the endgame) -------------------

    def compact_moves(self, board: Board, counts: list[int]) -> list[tuple[int, tuple[int, ...]]]:
        """Every move of the rack ``counts`` (by tile number, index 0 the blanks) on ``board``
        as ``(score, codes)`` (see :func:`.convert.compact_of_records`), in search order.
        Cost: one search (on the board's arrays, brought up to date from its change log)."""
        buf = self._searched(board)
        try:
            return compact_of_records(buf, search(buf, counts, 0))
        finally:
            self._release(buf)

    def best_compact_by_keeps(self, board: Board, counts: list[int],
                              keeps: RackKeeps) -> tuple[float, int, tuple[int, ...]] | None:
        """The best move of the rack ``counts`` on ``board`` by its score plus the value of its
        keep in ``keeps`` (made for this rack): ``(equity, score, codes)`` with the codes of
        :func:`.convert.compact_of_records`; of equal equities the first in the engine's move
        order, the move :meth:`best_by_equity` puts first.  None when the rack has no move.
        Cost: one search ranking by equity, which skips the placements that cannot be best
        (no :class:`Move` is made)."""
        buf = self._searched(board)
        try:
            search_equity(buf, counts, 1, keeps.values, keeps.radix, keeps.full, keeps.best)
            count = select(buf)
            if not count:
                return None
            first = 0
            if count > 1:  # tied equities: the engine's order decides, as in best_by_equity
                equities = buf.equities
                first = min(record_keys(buf, count), key=lambda key: (-equities[key[-1]], key))[-1]
            score, codes = compact_of_records(buf, first + 1)[first]
            return buf.equities[first], score, codes
        finally:
            self._release(buf)

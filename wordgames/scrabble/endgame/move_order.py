# cython: boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
# (Compiled, this module indexes without checks: every index is in range and none is negative.)
"""The endgame search's move ordering: killer moves, judged legal before any generation, and
the order in which a node's moves are tried.  Compiled by Cython (C types in
``move_order.pxd``) and run as plain Python where no compiler is available.

:class:`MoveOrder` extends :class:`~.search_state.SearchState` (the position as arrays, its
moves as rows of a stack) with what the search (:class:`~.negamax.Negamax`, which extends
this class) needs to try the best moves first: two killer moves a ply (the latest moves that
caused a cutoff there), which a :class:`~.killer_judge.KillerJudge` finds legal and scores
afresh on the integer board so that they are tried before the node's moves are generated;
then each generated move's order key: killers first, then the moves that go out, then by
score (with ``estimated_order``, plus the points of the tiles played), the moves tried already
last; and the table's key of the position a move leads to, found without playing it (so that
the search can fetch the next move's table entry while it searches this one).  Switches:
``ordering``, ``killers``, ``estimated_order``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import cython  # type: ignore[import-untyped, unused-ignore]

from wordgames.scrabble.endgame.killer_judge import KillerJudge
from wordgames.scrabble.endgame.search_state import SearchState
from wordgames.scrabble.movegen.board_arrays import _zeros

if TYPE_CHECKING:
    from wordgames.scrabble.endgame.position import CompactMove

if not cython.compiled:  # compiled, move_order.pxd cimports the row's head and the blank's flag
    from wordgames.scrabble.endgame.search_state import _BLANK, HEAD

_KILLER_KEY = 1 << 32  # order keys: killers first, then moves that go out, then by score
_OUT_KEY = 1 << 30
_INDEX_BITS = 22  # order keys keep the generation order of equal keys in their low bits
NO_KEY = -(1 << 62)
"""The order key of a move tried already (lower than any move's key): it is skipped."""


class MoveOrder(SearchState):
    """The positions of a :class:`~.search_state.SearchState` (the same arguments) with the
    killer moves of each ply and the ordering of a node's moves (see the module docstring).
    Switches: ``ordering``, ``killers``, ``estimated_order``."""

    def __init__(self, squares: int, cols: int, values: Sequence[int], hand: int, limit: int,
                 kernel: Any, state: Any, source: Callable[[Any, list[int]], list[CompactMove]] | None,
                 cache_bits: int) -> None:
        super().__init__(squares, cols, values, hand, limit, kernel, state, source, cache_bits)
        self.judge: KillerJudge | None = None
        self.killer = _zeros("q", 1)
        self.ordering = True
        self.killers = True
        self.estimated_order = True

    def load(self, board: Any, racks: Sequence[Sequence[int]], bag: Sequence[int], side: int,
             scoreless: int) -> None:
        """Search from this position (see :meth:`.SearchState.load`), the killers forgotten.
        Cost: O(squares)."""
        SearchState.load(self, board, racks, bag, side, scoreless)
        for i in range(self.plies * 2):
            self.killer[i * self.width + 1] = -1  # no killer

    def _grow(self, plies: int) -> None:
        SearchState._grow(self, plies)
        self.killer = _zeros("q", plies * 2 * self.width)

    def set_judge(self, masks: Any, first: Any, letter_mult: Sequence[int], word_mult: Sequence[int],
                  bingo: int, bingo_size: int) -> None:
        """Judge killer moves before generating (classic scoring; see
        :class:`~.killer_judge.KillerJudge`): the lexicon's node table (``masks``, ``first``,
        as the kernel reads it), each square's premiums (row-major), ``bingo`` points for a
        move of ``bingo_size`` tiles."""
        self.judge = KillerJudge(self.squares, self.cols, self.letters, self.values, self.tiles,
                                 self.rack, masks, first, letter_mult, word_mult, bingo, bingo_size)

    def _order(self, base: int, count: int, ply: int, tried_base: int, tried: int) -> None:
        """``order[base:base + count]`` := the rows ``base``... best first for the search: the
        killers of ``ply``, moves that go out, then by score (with ``estimated_order``, plus
        the points of the tiles played, and twice the opponent's rack for going out); the rows
        equal to one of the ``tried`` rows from ``tried_base`` (tried already) marked with the
        lowest key."""
        width = self.width
        side = self.side
        out = self.size[side] if self.bag_pos == self.bag_len else -1
        theirs = self.rack_points[side ^ 1]
        for n in range(count):
            row = base + n
            at = row * width
            done = False
            for j in range(tried_base, tried_base + tried):
                if self._same(at, j * width):
                    done = True
            if done:
                self.order[row] = NO_KEY
                continue
            key = self.mv[at]
            if self.mv[at + 1] == out:
                key += _OUT_KEY
                if self.estimated_order:
                    key += 2 * theirs
            elif self.estimated_order:
                key += self._played_points(at, side, False)
            if self.killers:
                for j in range(2):
                    kat = (ply * 2 + j) * width
                    if self.killer[kat + 1] >= 0 and self._same_killer(at, kat):
                        key += _KILLER_KEY * (2 - j)
            self.order[row] = (key << _INDEX_BITS) | ((1 << _INDEX_BITS) - 1 - n)
        # Shell sort, descending (Ciura's gaps): no allocation, about n^1.3 comparisons.
        for gap in (701, 301, 132, 57, 23, 10, 4, 1):
            if gap >= count:
                continue
            for i in range(gap, count):
                value = self.order[base + i]
                j = i
                while j >= gap and self.order[base + j - gap] < value:
                    self.order[base + j] = self.order[base + j - gap]
                    j -= gap
                self.order[base + j] = value

    def _key_after(self, slot: int) -> int:
        """The table's key of the position the move of row ``slot`` leaves, found without
        playing it; it ignores what the move would draw from the bag (then it is only a guess,
        which is all a prefetch needs: :meth:`~.negamax.Negamax._expand` uses it to bring the
        next move's bucket of the table into the cache, never to read an entry).  Cost:
        O(tiles played squared), at most 49 steps."""
        at = slot * self.width
        count = self.mv[at + 1]
        side = self.side
        key = self.board_hash ^ self.rack_hash[side ^ 1] ^ self.bag_hash
        mine = self.rack_hash[side]
        for k in range(count):
            code = self.mv[at + HEAD + k]
            key ^= self.z_square[code]
            tile = 0 if code & _BLANK else code & 255
            before = 0  # copies of the tile the move takes off the rack before this one
            for j in range(k):
                other = self.mv[at + HEAD + j]
                if (0 if other & _BLANK else other & 255) == tile:
                    before += 1
            place = side * self.letters + tile
            left = self.rack[place] - 1 - before
            if left >= 0:  # a move that does not fit the rack (never made): any key will do
                mine ^= self.z_rack[place * self.copies + left]
        key ^= mine ^ self.z_run[self.scoreless + 1 if self.mv[at] == 0 else 0]
        if not side:  # the opponent moves next
            key ^= self.z_side
        return key

    def _row_of(self, base: int, position: int) -> int:
        """The stack row at ``position`` of the order of the rows from ``base``."""
        return base + ((1 << _INDEX_BITS) - 1 - (self.order[base + position] & ((1 << _INDEX_BITS) - 1)))

    def _same_killer(self, at: int, kat: int) -> bool:
        count = self.mv[at + 1]
        if count != self.killer[kat + 1]:
            return False
        same = True
        for k in range(HEAD, HEAD + count):
            if self.mv[at + k] != self.killer[kat + k]:
                same = False
                break
        return same

    def _remember(self, ply: int, slot: int) -> None:
        """Keep the move of row ``slot`` as the first killer of ``ply`` (a pass never: tried
        first everywhere it leads into long scoreless lines)."""
        width = self.width
        at = slot * width
        if not self.killers or not self.mv[at + 1]:
            return
        first = ply * 2 * width
        if self._same_killer(at, first):
            return
        for k in range(width):
            self.killer[first + width + k] = self.killer[first + k]
        for k in range(HEAD + self.mv[at + 1]):
            self.killer[first + k] = self.mv[at + k]

    def _cheap(self, ply: int, known: int) -> int:
        """Put the killers of ``ply`` that the judge finds legal here (with their score here)
        into stack rows after the table's move (row ``known``, -1 none); how many.  None
        without a judge or with killers or ordering off."""
        added = 0
        judge = self.judge
        if judge is None or not (self.killers and self.ordering):
            return 0
        width = self.width
        for j in range(2):
            kat = (ply * 2 + j) * width
            if self.killer[kat + 1] <= 0:
                continue
            if known >= 0 and self._same_killer(known * width, kat):
                continue
            score = judge.score(self.killer, kat, self.side)
            if score < 0:
                continue
            row = self.top
            self._reserve(row + 1)
            self._copy_in(row, self.killer, kat)
            self.mv[row * width] = score
            self.top = row + 1
            added += 1
        return added

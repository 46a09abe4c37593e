# cython: boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
# (Compiled, this module indexes without checks: every index is in range and none is negative.)
"""The position an endgame search walks, as integer arrays, with the stack of its moves.

Compiled by Cython (C types in ``search_state.pxd``) and run as plain Python where no compiler
is available; :class:`~.move_order.MoveOrder` extends :class:`SearchState` with the order of
the moves, and :class:`~.negamax.Negamax` extends that with the search.

The position is held as arrays: both racks as counts by tile number (index 0 the blanks), the
board's tile numbers, a known bag drawn from the front, the side to move and the run of
scoreless turns, with a 64-bit Zobrist key kept up to date by every make and unmake. Make and
unmake change these arrays alone and note the squares they change; the move generator's arrays
follow those squares when moves are next generated (:meth:`SearchState.settle`), so no Python
object is touched between two generations. A move is a fixed-width row of integers in a stack
that grows with the search (``[score, tiles, code, code, ...]``, a code ``square << 8 | tile
number`` per tile put down, squares row-major and increasing, BLANK_BIT on a blank's number;
the pass has no tiles). A position's moves come from the move generator's kernel on the search's
board (its records copied into the stack, no Python object per move), or, for rules without a
kernel, from a Python callable; a :class:`~.move_cache.MoveCache` keeps the lists of the boards
and racks met. Each side's stuck tiles (kinds no placement of its puts down at the root) are
marked, their points kept with the racks, for the horizon's guess (its ``_rack_guess``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import cython  # type: ignore[import-untyped, unused-ignore]

from wordgames.scrabble.endgame.move_cache import MoveCache
from wordgames.scrabble.movegen.board_arrays import _zeros
from wordgames.scrabble.movegen.buffer import BLANK_FLAG
from wordgames.scrabble.movegen.convert import ROW_HEAD

if TYPE_CHECKING:
    from wordgames.scrabble.endgame.position import CompactMove

if not cython.compiled:  # compiled, search_state.pxd cimports the C functions
    from wordgames.scrabble.movegen.convert import code_rows
    from wordgames.scrabble.movegen.kernel import search

HEAD = ROW_HEAD  # C constants when compiled
"""Integers before a move's codes in its row (a row of
:func:`~wordgames.scrabble.movegen.convert.code_rows`): its score and its number of tiles."""
_BLANK = BLANK_FLAG
WORK_PER_VISIT = 16
"""Moves a generation lists for each node it counts as on the way to the clock's next reading."""
_MASK = 0xFFFFFFFFFFFFFFFF
_GOLDEN = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB

# Kinds of Zobrist keys (each drawn from its own stream, so no key depends on the sizes of
# the others).
_SQUARE_KIND = 1
_RACK_KIND = 2
_BAG_KIND = 3
_RUN_KIND = 4
_SIDE_KIND = 5


def zobrist_key(kind: int, index: int) -> int:
    """The fixed pseudo-random 64-bit key number ``index`` of ``kind`` (SplitMix64 of both)."""
    z = ((kind << 40) + index + 1) * _GOLDEN & _MASK
    z = (z ^ (z >> 30)) * _MIX1 & _MASK
    z = (z ^ (z >> 27)) * _MIX2 & _MASK
    return z ^ (z >> 31)


_SQUARE_KEYS: dict[int, Any] = {}


def _square_keys(squares: int) -> Any:
    """The keys of every (square, code byte) of a board of ``squares`` squares, made once."""
    keys = _SQUARE_KEYS.get(squares)
    if keys is None:
        keys = _SQUARE_KEYS[squares] = _zeros("Q", squares * 256)
        for i in range(squares * 256):
            keys[i] = zobrist_key(_SQUARE_KIND, i)
    return keys


class SearchState:
    """The position of an endgame on ``squares`` squares (``cols`` a row) with tile ``values``
    (by number, index 0 the blank), racks of at most ``hand`` tiles and ``limit`` scoreless
    turns ending the game, and its move stack.  Moves come from ``kernel`` (the move search's
    working buffer) on ``state`` (the board's arrays for it), or from ``source(board, counts)``
    returning ``(score, codes)`` pairs when ``kernel`` is None; the move cache has
    ``1 << cache_bits`` slots (switches: ``use_cache``; ``stuck_values``, off by default, to
    mark stuck tiles on :meth:`load` and count them at the horizon)."""

    def __init__(self, squares: int, cols: int, values: Sequence[int], hand: int, limit: int,
                 kernel: Any, state: Any, source: Callable[[Any, list[int]], list[CompactMove]] | None,
                 cache_bits: int) -> None:
        self.squares = squares
        self.cols = cols
        self.letters = len(values)
        self.hand = hand
        self.width = HEAD + hand
        self.copies = hand + 1
        self.limit = limit
        self.kernel = kernel
        self.state = state
        self.source = source
        self.values = _zeros("q", self.letters)
        for t in range(self.letters):
            self.values[t] = values[t]
        self.z_square = _square_keys(squares)
        self.z_rack = _zeros("Q", 2 * self.letters * self.copies)
        for i in range(2 * self.letters * self.copies):
            self.z_rack[i] = zobrist_key(_RACK_KIND, i)
        self.z_run = _zeros("Q", limit + 1)
        for i in range(limit + 1):
            self.z_run[i] = zobrist_key(_RUN_KIND, i)
        self.z_side = zobrist_key(_SIDE_KIND, 0)
        self.z_bag = _zeros("Q", 1)
        self.cache = MoveCache(cache_bits, self.width)
        self.use_cache = True
        self.stuck_values = False
        self.rack = _zeros("i", 2 * self.letters)
        self.size = _zeros("i", 2)
        self.rack_points = _zeros("q", 2)
        self.rack_hash = _zeros("Q", 2)
        self.stuck = _zeros("i", 2 * self.letters)
        self.stuck_points = _zeros("q", 2)
        self.tiles = _zeros("i", squares)
        # The squares changed since the moves' source last saw the board, each listed once.
        self.pending = _zeros("i", squares)
        self.pending_mark = _zeros("B", squares)
        self.pending_count = 0
        self.bag = _zeros("i", 1)
        self.bag_len = 0
        self.bag_pos = 0
        self.bag_hash = 0
        self.board_hash = 0
        self.side = 0
        self.scoreless = 0
        self.board: Any = None
        self.capacity = 0
        self.mv = _zeros("q", 1)
        self.order = _zeros("q", 1)
        self._reserve(1024)
        self.top = 0
        self.plies = 0
        self.u_scoreless = _zeros("i", 1)
        self.u_bag = _zeros("i", 1)
        self.visits = 0

    # --- the position -----------------------------------------------------------------------------

    def load(self, board: Any, racks: Sequence[Sequence[int]], bag: Sequence[int], side: int,
             scoreless: int) -> None:
        """Search from this position: ``board`` (left as it is when moves come from the kernel, which
        follows the search's own integer board; with a move source, changed in place during a
        search and restored when :meth:`settle` is called at its end), ``racks`` as counts by
        tile number for players 0 and 1, the ``bag`` in drawing order, ``side`` to move, the
        current run of ``scoreless`` turns. The stack is emptied. Cost: O(squares)."""
        self.board = board
        squares = board.squares
        self._forget_changes()  # the board is read whole below
        if self.kernel is not None:
            self.state.sync(board)  # whole when a search's moves left it elsewhere
        self.board_hash = 0
        for square in range(self.squares):
            self.tiles[square] = squares[square]
            if squares[square]:
                self.board_hash ^= self.z_square[square << 8 | squares[square]]
        for player in range(2):
            self.size[player] = 0
            self.rack_points[player] = 0
            self.stuck_points[player] = 0
            self.rack_hash[player] = 0
            for t in range(self.letters):
                self.rack[player * self.letters + t] = 0
                self.stuck[player * self.letters + t] = 0
            for t in range(self.letters):
                for _copy in range(racks[player][t]):
                    self._give(player, t)
        self.bag_len = len(bag)
        self.bag = _zeros("i", self.bag_len + 1)
        for i in range(self.bag_len):
            self.bag[i] = bag[i]
        self.z_bag = _zeros("Q", (self.bag_len + 1) * self.letters)
        for i in range((self.bag_len + 1) * self.letters):
            self.z_bag[i] = zobrist_key(_BAG_KIND, i)
        self.bag_pos = 0
        self._hash_bag()
        self.side = side
        self.scoreless = scoreless
        plies = (self.size[0] + self.size[1] + self.bag_len + 2) * self.limit + 2
        if plies > self.plies:
            self._grow(plies)
        self.top = 0

    def _grow(self, plies: int) -> None:
        """Room for ``plies`` plies in the arrays kept by ply (an extension adds its own)."""
        self.plies = plies
        self.u_scoreless = _zeros("i", plies)
        self.u_bag = _zeros("i", plies)

    def key(self) -> int:
        """The table's key: board, both racks, the bag left, the side to move, the run."""
        key = self.board_hash ^ self.rack_hash[0] ^ self.rack_hash[1] ^ self.bag_hash
        key ^= self.z_run[self.scoreless]
        if self.side:
            key ^= self.z_side
        return key

    def _hash_bag(self) -> None:
        self.bag_hash = 0
        for i in range(self.bag_pos, self.bag_len):
            self.bag_hash ^= self.z_bag[(i - self.bag_pos) * self.letters + self.bag[i]]

    def _take(self, player: int, tile: int) -> None:
        at = player * self.letters + tile
        self.rack[at] -= 1
        self.rack_hash[player] ^= self.z_rack[at * self.copies + self.rack[at]]
        self.size[player] -= 1
        self.rack_points[player] -= self.values[tile]
        if self.stuck[at]:
            self.stuck_points[player] -= self.values[tile]

    def _give(self, player: int, tile: int) -> None:
        at = player * self.letters + tile
        self.rack_hash[player] ^= self.z_rack[at * self.copies + self.rack[at]]
        self.rack[at] += 1
        self.size[player] += 1
        self.rack_points[player] += self.values[tile]
        if self.stuck[at]:
            self.stuck_points[player] += self.values[tile]

    def _make(self, slot: int, ply: int) -> None:
        """Play the move in stack row ``slot`` for the side to move (tiles down, off the rack,
        bag tiles drawn, the run and the side updated); ``ply`` keeps what :meth:`_unmake`
        needs."""
        at = slot * self.width
        count = self.mv[at + 1]
        side = self.side
        self.u_scoreless[ply] = self.scoreless
        self.u_bag[ply] = self.bag_pos
        for k in range(count):
            code = self.mv[at + HEAD + k]
            square = code >> 8
            number = code & 255
            self.tiles[square] = number
            self._changed(square)
            self.board_hash ^= self.z_square[code]
            self._take(side, 0 if number & _BLANK else number)
        if count and self.bag_pos < self.bag_len:
            drawn = min(count, self.bag_len - self.bag_pos)
            for i in range(self.bag_pos, self.bag_pos + drawn):
                self._give(side, self.bag[i])
            self.bag_pos += drawn
            self._hash_bag()
        self.scoreless = self.scoreless + 1 if self.mv[at] == 0 else 0
        self.side = side ^ 1

    def _unmake(self, slot: int, ply: int) -> None:
        """Take back the move :meth:`_make` played from row ``slot`` at ``ply``."""
        at = slot * self.width
        count = self.mv[at + 1]
        side = self.side ^ 1
        self.side = side
        self.scoreless = self.u_scoreless[ply]
        before = self.u_bag[ply]
        if before != self.bag_pos:
            for i in range(before, self.bag_pos):
                self._take(side, self.bag[i])
            self.bag_pos = before
            self._hash_bag()
        for k in range(count):
            code = self.mv[at + HEAD + k]
            square = code >> 8
            number = code & 255
            self.tiles[square] = 0
            self._changed(square)
            self.board_hash ^= self.z_square[code]
            self._give(side, 0 if number & _BLANK else number)

    def _changed(self, square: int) -> None:
        """Note that ``square`` changed (once until :meth:`settle`)."""
        if not self.pending_mark[square]:
            self.pending_mark[square] = 1
            self.pending[self.pending_count] = square
            self.pending_count += 1

    def settle(self) -> None:
        """Bring the moves' source up to the search's integer board: the kernel's arrays
        follow the squares changed since it last generated (no Python board is touched), or,
        with a move source, the board it reads gets those squares.  Called before each
        generation, and at the end of a search so that a source's board is restored.
        Cost: a cross-check walk or a square set for each square changed."""
        if self.pending_count == 0:
            return
        if self.kernel is not None:
            self.state.follow(self.tiles, self.pending, self.pending_count)
        else:
            for i in range(self.pending_count):
                self.board.put(self.pending[i], self.tiles[self.pending[i]])
        self._forget_changes()

    def _forget_changes(self) -> None:
        """Empty the list of squares changed (and their marks)."""
        for i in range(self.pending_count):
            self.pending_mark[self.pending[i]] = 0
        self.pending_count = 0

    def mark_stuck(self) -> None:
        """Find each side's stuck tiles here: the kinds on its rack (the blank one kind) that
        no placement of its on this board puts down; their points are then kept up to date
        in ``stuck_points`` as racks change.  A board that changes may free a stuck tile, so
        the marks serve guesses only.  Cost: one generation for each side."""
        side = self.side
        base = self.top
        for player in range(2):
            self.side = player
            count = self._generate(base)
            at = player * self.letters
            for t in range(self.letters):
                self.stuck[at + t] = 1 if self.rack[at + t] else 0
            for row in range(base, base + count):
                for k in range(self.mv[row * self.width + 1]):
                    number = self.mv[row * self.width + HEAD + k] & 255
                    self.stuck[at + (0 if number & _BLANK else number)] = 0
            self.stuck_points[player] = 0
            for t in range(self.letters):
                if self.stuck[at + t]:
                    self.stuck_points[player] += self.rack[at + t] * self.values[t]
        self.side = side

    # --- valuing moves and positions -------------------------------------------------------------

    def _rack_guess(self, mine: int, mine_stuck: int, theirs: int, theirs_stuck: int) -> int:
        """The horizon's guess for a side holding ``mine`` rack points against ``theirs``:
        the difference of the racks (as if the game ended now by passes).  With
        ``stuck_values``, a side with stuck tiles (``mine_stuck``, ``theirs_stuck`` points)
        against one without loses them twice: the other goes out over them."""
        value = theirs - mine
        if self.stuck_values:
            if mine_stuck and not theirs_stuck:
                value -= mine_stuck
            elif theirs_stuck and not mine_stuck:
                value += theirs_stuck
        return value

    def _ends(self, slot: int) -> int:
        """1 when the move of row ``slot`` ends the game (goes out with the bag empty, or
        completes the scoreless run), else 0."""
        at = slot * self.width
        count = self.mv[at + 1]
        if count and count == self.size[self.side] and self.bag_pos == self.bag_len:
            return 1
        if self.mv[at] == 0 and self.scoreless + 1 >= self.limit:
            return 1
        return 0

    def _played_points(self, at: int, side: int, stuck_only: bool) -> int:
        """The points of the rack tiles the move at flat offset ``at`` of the stack puts down
        for ``side`` (only those of kinds marked stuck with ``stuck_only``)."""
        played = 0
        for k in range(self.mv[at + 1]):
            number = self.mv[at + HEAD + k] & 255
            if not number & _BLANK and (not stuck_only or self.stuck[side * self.letters + number]):
                played += self.values[number]
        return played

    def _frontier_value(self, slot: int) -> int:
        """The value of the move of row ``slot`` when the position after it is valued by the
        racks (the horizon's guess), or counted exactly when the move ends the game."""
        at = slot * self.width
        score = self.mv[at]
        count = self.mv[at + 1]
        side = self.side
        theirs = self.rack_points[side ^ 1]
        if count and count == self.size[side] and self.bag_pos == self.bag_len:
            return score + 2 * theirs
        mine = self.rack_points[side] - self._played_points(at, side, False)
        if score == 0 and self.scoreless + 1 >= self.limit:
            return score - mine + theirs  # the end of the scoreless run: exact
        stuck = 0
        if self.stuck_values and self.stuck_points[side]:  # most racks hold no stuck tile
            stuck = self.stuck_points[side] - self._played_points(at, side, True)
        return score - self._rack_guess(theirs, self.stuck_points[side ^ 1], mine, stuck)

    # --- the stack of moves -----------------------------------------------------------------------

    def _reserve(self, rows: int) -> None:
        """Room for ``rows`` move rows in the stack (the rows in use are kept)."""
        if rows <= self.capacity:
            return
        capacity = max(rows, 2 * self.capacity)
        mv = _zeros("q", capacity * self.width)
        order = _zeros("q", capacity)
        for i in range(self.capacity * self.width):
            mv[i] = self.mv[i]
        for i in range(self.capacity):
            order[i] = self.order[i]
        self.mv = mv
        self.order = order
        self.capacity = capacity

    def _generate(self, base: int) -> int:
        """The side to move's placements into stack rows ``base``...; how many.  Cost: one
        kernel search on the search's board (the kernel's arrays brought up to it first)."""
        side = self.side
        if not self.size[side]:
            return 0
        counts = [self.rack[side * self.letters + t] for t in range(self.letters)]
        self.settle()
        if self.kernel is None:
            return self._from_source(base, counts)
        kernel = self.kernel
        count = search(kernel, counts, 0)
        self.visits += 1 + count // WORK_PER_VISIT  # a long list brings the clock's reading nearer
        self._reserve(base + count + 2)
        code_rows(kernel, count, self.mv, base * self.width, self.width)
        return int(count)

    def _moves(self, base: int) -> int:
        """The side to move's placements into stack rows ``base``...; how many: from the move
        cache when this board and rack were seen (iterative deepening meets every inner
        position again, and transpositions meet boards again), else generated and kept.
        Cost: a copy of the rows on a hit, a generation on a miss."""
        if not self.use_cache:
            return self._generate(base)
        key = self.board_hash ^ self.rack_hash[self.side]
        slot = self.cache.find(key)
        if slot >= 0:
            count = self.cache.rows(slot)
            self._reserve(base + count + 2)
            self.cache.copy_out(slot, self.mv, base * self.width)
            return count
        count = self._generate(base)
        self.cache.keep(key, self.mv, base * self.width, count)
        return count

    def _push_moves(self, base: int) -> int:
        """The side to move's placements (:meth:`_moves`) and then the pass into stack rows
        ``base``..., the top moved past them; how many rows, the pass included."""
        count = self._moves(base)
        pass_row = base + count
        self._reserve(pass_row + 1)
        self.mv[pass_row * self.width] = 0
        self.mv[pass_row * self.width + 1] = 0
        self.top = pass_row + 1
        return count + 1

    def _from_source(self, base: int, counts: list[int]) -> int:
        assert self.source is not None
        found = self.source(self.board, counts)
        self._reserve(base + len(found) + 2)
        for n, (score, codes) in enumerate(found):
            at = (base + n) * self.width
            self.mv[at] = score
            self.mv[at + 1] = len(codes)
            for k, code in enumerate(sorted(codes)):
                self.mv[at + HEAD + k] = code
        return len(found)

    def root_moves(self) -> list[CompactMove]:
        """The side to move's placements here as ``(score, codes)``.  Cost: one generation."""
        base = self.top
        count = self._generate(base)
        found = []
        for row in range(base, base + count):
            found.append(self._as_pair(self.mv, row * self.width))
        return found

    def _as_pair(self, source: Any, at: int) -> CompactMove:
        """The move at offset ``at`` of ``source`` (a move array) as ``(score, codes)``."""
        codes = []
        for k in range(source[at + 1]):
            codes.append(int(source[at + HEAD + k]))
        return int(source[at]), tuple(codes)

    def _same(self, a: int, b: int) -> bool:
        """Whether the stack's moves at flat offsets ``a`` and ``b`` put down the same tiles."""
        count = self.mv[a + 1]
        if count != self.mv[b + 1]:
            return False
        same = True  # a loop, not all(...): compiled, a generator would cost more than the test
        for k in range(HEAD, HEAD + count):
            if self.mv[a + k] != self.mv[b + k]:
                same = False
                break
        return same

    def _copy_in(self, slot: int, source: Any, at: int) -> None:
        """Stack row ``slot`` := the move at offset ``at`` of ``source`` (a move array)."""
        row = slot * self.width
        for k in range(HEAD + source[at + 1]):
            self.mv[row + k] = source[at + k]

    def _copy_out(self, target: Any, at: int, slot: int) -> None:
        """The move of stack row ``slot`` into ``target`` at offset ``at``."""
        row = slot * self.width
        for k in range(HEAD + self.mv[row + 1]):
            target[at + k] = self.mv[row + k]

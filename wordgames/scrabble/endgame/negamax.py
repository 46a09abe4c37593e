# cython: boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
# (Compiled, this module indexes without checks: every index is in range and none is negative.)
"""The endgame search: negamax with alpha-beta over integer arrays, compiled by Cython (C types
in ``negamax.pxd``) and run as plain Python where no compiler is available.

The position is held as arrays: both racks as counts by tile number (index 0 the blanks), the
board's tile numbers (and the :class:`~wordgames.scrabble.core.board.Board` itself, whose
move-generation arrays follow each change), a known bag drawn from the front, the side to move
and the run of scoreless turns, with a 64-bit Zobrist key kept up to date by every make and
unmake.  A move is a fixed-width row of integers in a stack that grows with the search
(``[score, tiles, code, code, ...]``, a code ``square << 8 | tile number`` per tile put down,
squares row-major and increasing, BLANK_BIT on a blank's number; the pass has no tiles).  A
node's moves come from the move generator's kernel on the live board (its records copied into
the stack, no Python object per move), or, for rules without a kernel, from a Python callable.

What the search does, each technique with a switch (:class:`~.results.SearchOptions`): the
transposition table's move and the killer moves of the ply (judged legal on the integer board
and scored afresh) tried before any generation, then the moves that go out, then by score; a
cache of move lists by board and rack (iterative deepening meets the inner positions again);
a transposition table of fixed size in buckets of two (the deeper entry and the latest) keyed
by the Zobrist key; principal-variation search; aspiration windows at the root; iterative
deepening with the clock read every :data:`CLOCK_EVERY` nodes; frontier valuing (one ply
before the horizon every child is valued from the racks, without visiting).
A subtree that meets no horizon is *complete*: its value is proven, and its table entry says
so, so an iteration that meets no horizon ends the search with a proof.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import cython  # type: ignore[import-untyped, unused-ignore]

from wordgames.scrabble.movegen.board_arrays import _zeros
from wordgames.scrabble.movegen.records import RECORD

if TYPE_CHECKING:
    from wordgames.scrabble.endgame.position import CompactMove

if not cython.compiled:  # compiled, negamax.pxd cimports the record's fields and popcount
    from wordgames.scrabble.movegen.board_arrays import _bits
    from wordgames.scrabble.movegen.records import R_ACROSS, R_FIRST, R_LAST, R_LINE, R_NEW, R_SCORE, R_TILES

INFINITY = 1_000_000
COMPLETE = 1 << 30
"""The depth of a table entry whose subtree reached no horizon (its value is proven)."""
EXACT = 0
LOWER = 1
UPPER = 2
CLOCK_EVERY = 128
"""Nodes between two readings of the clock (about a millisecond apart; a generation counts as
one more node for every WORK_PER_VISIT moves it lists)."""
WORK_PER_VISIT = 16
CACHED_MOVES = 64
"""Integers of cached move rows per slot of the move cache at most (its arena grows to that)."""
HEAD = 2
"""Integers before a move's codes in its row: its score and its number of tiles."""
_RECORD = RECORD  # a C constant when compiled
_MASK = 0xFFFFFFFFFFFFFFFF
_GOLDEN = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
_BLANK = 128
_TILE = 127
_TERMINAL = 1 << 63  # a node table's bit for "the prefix is a word"
_KILLER_KEY = 1 << 32  # order keys: killers first, then moves that go out, then by score
_OUT_KEY = 1 << 30
_INDEX_BITS = 22  # order keys keep the generation order of equal keys in their low bits
_NO_KEY = -(1 << 62)

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


class Negamax:
    """One endgame search over ``squares`` squares (``cols`` a row) with tile ``values`` (by
    number, index 0 the blank), racks of at most ``hand`` tiles and ``limit`` scoreless turns
    ending the game.  Moves come from ``kernel`` (a move-generation kernel) on ``state`` (the
    board's arrays for it), or from ``source(board, counts)`` returning ``(score, codes)``
    pairs when ``kernel`` is None.  The move cache has ``1 << cache_bits`` slots.  The table
    holds ``1 << table_bits`` entries and lives as
    long as the object: :meth:`load` a new position reached from the same game and search
    again, and what was learnt is kept.  Switches: ``ordering``, ``use_table``, ``killers``,
    ``pvs``, ``aspiration``, ``frontier``, ``use_cache``."""

    def __init__(self, squares: int, cols: int, values: Sequence[int], hand: int, limit: int,
                 kernel: Any, state: Any, source: Callable[[Any, list[int]], list[CompactMove]] | None,
                 table_bits: int, cache_bits: int) -> None:
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
        self.table_size = 1 << table_bits
        self.table_mask = self.table_size - 1
        self.tt_key = _zeros("Q", self.table_size)
        self.tt_depth = _zeros("i", self.table_size)
        self.tt_value = _zeros("i", self.table_size)
        self.tt_flag = _zeros("B", self.table_size)
        self.tt_move = _zeros("q", self.table_size * self.width)
        self.tt_used = _zeros("B", self.table_size)
        self.cache_mask = (1 << cache_bits) - 1
        self.mc_key = _zeros("Q", 1 << cache_bits)
        self.mc_at = _zeros("q", 1 << cache_bits)
        self.mc_count = _zeros("i", 1 << cache_bits)
        self.mc_epoch = _zeros("i", 1 << cache_bits)
        self.mc_moves = _zeros("q", 1 << 16)  # grows as lists are kept, up to the slots' share
        self.mc_top = 0
        self.epoch = 1
        self.use_cache = True
        self.judged = False
        self.masks = _zeros("Q", 1)
        self.first = _zeros("I", 1)
        self.letter_mult = _zeros("q", squares)
        self.word_mult = _zeros("q", squares)
        self.bingo = 0
        self.bingo_size = 0
        self.need = _zeros("i", self.letters)
        self.placed = _zeros("q", squares)
        self.rack = _zeros("i", 2 * self.letters)
        self.size = _zeros("i", 2)
        self.rack_points = _zeros("q", 2)
        self.rack_hash = _zeros("Q", 2)
        self.tiles = _zeros("i", squares)
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
        self.killer = _zeros("q", 1)
        self.pv = _zeros("q", 1)
        self.pv_len = _zeros("i", 1)
        self.best = _zeros("q", 1)
        self.nodes = 0
        self.horizon_hits = 0
        self.visits = 0
        self.stopped = False
        self.deadline = -1.0
        self.clock: Any = None
        self.ordering = True
        self.use_table = True
        self.killers = True
        self.pvs = True
        self.aspiration = True
        self.frontier = True

    # --- the position -----------------------------------------------------------------------------

    def load(self, board: Any, racks: Sequence[Sequence[int]], bag: Sequence[int], side: int,
             scoreless: int) -> None:
        """Search from this position: ``board`` (changed in place during a search and restored),
        ``racks`` as counts by tile number for players 0 and 1, the ``bag`` in drawing order,
        ``side`` to move, the current run of ``scoreless`` turns.  The table is kept.
        Cost: O(squares)."""
        self.board = board
        squares = board.squares
        self.board_hash = 0
        for square in range(self.squares):
            self.tiles[square] = squares[square]
            if squares[square]:
                self.board_hash ^= self.z_square[square << 8 | squares[square]]
        for player in range(2):
            self.size[player] = 0
            self.rack_points[player] = 0
            self.rack_hash[player] = 0
            for t in range(self.letters):
                self.rack[player * self.letters + t] = 0
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
            self.plies = plies
            self.u_scoreless = _zeros("i", plies)
            self.u_bag = _zeros("i", plies)
            self.killer = _zeros("q", plies * 2 * self.width)
            self.pv = _zeros("q", plies * plies * self.width)
            self.pv_len = _zeros("i", plies)
            self.best = _zeros("q", plies * self.width)
        for i in range(self.plies * 2):
            self.killer[i * self.width + 1] = -1  # no killer
        self.top = 0

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

    def _give(self, player: int, tile: int) -> None:
        at = player * self.letters + tile
        self.rack_hash[player] ^= self.z_rack[at * self.copies + self.rack[at]]
        self.rack[at] += 1
        self.size[player] += 1
        self.rack_points[player] += self.values[tile]

    def _make(self, slot: int, ply: int) -> None:
        """Play the move in stack row ``slot`` for the side to move (tiles down, off the rack,
        bag tiles drawn, the run and the side updated); ``ply`` keeps what :meth:`_unmake`
        needs."""
        at = slot * self.width
        count = self.mv[at + 1]
        side = self.side
        self.u_scoreless[ply] = self.scoreless
        self.u_bag[ply] = self.bag_pos
        board = self.board
        for k in range(count):
            code = self.mv[at + HEAD + k]
            square = code >> 8
            number = code & 255
            self.tiles[square] = number
            board.put(square, number)
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
        board = self.board
        for k in range(count):
            code = self.mv[at + HEAD + k]
            square = code >> 8
            number = code & 255
            self.tiles[square] = 0
            board.put(square, 0)
            self.board_hash ^= self.z_square[code]
            self._give(side, 0 if number & _BLANK else number)

    # --- moves ------------------------------------------------------------------------------------

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
        kernel search on the live board (its arrays brought up to date from its change log)."""
        side = self.side
        if not self.size[side]:
            return 0
        counts = [self.rack[side * self.letters + t] for t in range(self.letters)]
        if self.kernel is None:
            return self._from_source(base, counts)
        self.state.sync(self.board)
        kernel = self.kernel
        count = kernel.search(counts, 0)
        self.visits += 1 + count // WORK_PER_VISIT  # a long list brings the clock's reading nearer
        self._reserve(base + count + 2)
        records = kernel.records
        ktiles = kernel.tiles
        cols = self.cols
        width = self.width
        for n in range(count):
            rb = n * _RECORD
            across = records[rb + R_ACROSS]
            line = records[rb + R_LINE]
            first = records[rb + R_FIRST]
            offset = records[rb + R_TILES]
            new = records[rb + R_NEW]
            at = (base + n) * width
            self.mv[at] = records[rb + R_SCORE]
            k = 0
            for i in range(records[rb + R_LAST] - first + 1):
                if (new >> i) & 1:
                    if across:
                        square = line * cols + first + i
                    else:
                        square = (first + i) * cols + line
                    self.mv[at + HEAD + k] = square << 8 | ktiles[offset + i]
                    k += 1
            self.mv[at + 1] = k
        return int(count)

    def _moves(self, base: int) -> int:
        """The side to move's placements into stack rows ``base``...; how many: from the move
        cache when this board and rack were seen (iterative deepening meets every inner
        position again, and transpositions meet boards again), else generated and kept.
        Cost: a copy of the rows on a hit, a generation on a miss."""
        if not self.use_cache:
            return self._generate(base)
        key = self.board_hash ^ self.rack_hash[self.side]
        slot = key & self.cache_mask
        width = self.width
        if self.mc_epoch[slot] == self.epoch and self.mc_key[slot] == key:
            count = self.mc_count[slot]
            self._reserve(base + count + 2)
            start = self.mc_at[slot]
            for i in range(count * width):
                self.mv[base * width + i] = self.mc_moves[start + i]
            return count
        count = self._generate(base)
        need = count * width
        limit = (self.cache_mask + 1) * CACHED_MOVES
        if need > limit:
            return count
        if self.mc_top + need > len(self.mc_moves):
            if len(self.mc_moves) < limit:
                grown = _zeros("q", min(limit, max(2 * len(self.mc_moves), self.mc_top + need)))
                for i in range(self.mc_top):
                    grown[i] = self.mc_moves[i]
                self.mc_moves = grown
            if self.mc_top + need > len(self.mc_moves):
                self.epoch += 1  # full: forget everything at once
                self.mc_top = 0
        start = self.mc_top
        for i in range(need):
            self.mc_moves[start + i] = self.mv[base * width + i]
        self.mc_top += need
        self.mc_key[slot] = key
        self.mc_at[slot] = start
        self.mc_count[slot] = count
        self.mc_epoch[slot] = self.epoch
        return count

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

    def _same(self, a: int, b: int) -> bool:
        """Whether the moves at flat offsets ``a`` and ``b`` (of ``mv`` and of ``other``
        rows alike) put down the same tiles."""
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

    def _order(self, base: int, count: int, ply: int, tried_base: int, tried: int) -> None:
        """``order[base:base + count]`` := the rows ``base``... best first for the search: the
        killers of ``ply``, moves that go out, then by score; the rows equal to one of the
        ``tried`` rows from ``tried_base`` (tried already) marked with the lowest key."""
        width = self.width
        side = self.side
        out = self.size[side] if self.bag_pos == self.bag_len else -1
        for n in range(count):
            row = base + n
            at = row * width
            done = False
            for j in range(tried_base, tried_base + tried):
                if self._same(at, j * width):
                    done = True
            if done:
                self.order[row] = _NO_KEY
                continue
            key = self.mv[at]
            if self.mv[at + 1] == out:
                key += _OUT_KEY
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

    # --- judging a move found elsewhere ---------------------------------------------------------

    def set_judge(self, masks: Any, first: Any, letter_mult: Sequence[int], word_mult: Sequence[int],
                  bingo: int, bingo_size: int) -> None:
        """Judge killer moves before generating (classic scoring): the lexicon's node table
        (``masks``, ``first``, as the kernel reads it), each square's premiums (row-major),
        ``bingo`` points for a move of ``bingo_size`` tiles."""
        self.masks = masks
        self.first = first
        for square in range(self.squares):
            self.letter_mult[square] = letter_mult[square]
            self.word_mult[square] = word_mult[square]
        self.bingo = bingo
        self.bingo_size = bingo_size
        self.judged = True

    def _judge(self, source: Any, at: int) -> int:
        """What the move at offset ``at`` of ``source`` (found on another board: a killer)
        scores for the side to move here, or -1 when it is not legal here: its squares must be
        empty, the rack must hold its tiles, its tiles one unbroken line touching the board,
        every word it forms in the lexicon.  Cost: O(squares of its words)."""
        count = source[at + 1]
        if count <= 0:
            return 0 if count == 0 else -1
        side = self.side
        legal = True
        for k in range(count):
            code = source[at + HEAD + k]
            square = code >> 8
            if self.tiles[square] or self.placed[square]:
                legal = False
            tile = 0 if code & _BLANK else code & _TILE
            self.need[tile] += 1
            if self.need[tile] > self.rack[side * self.letters + tile]:
                legal = False
            self.placed[square] = code
        score = -1
        if legal:
            score = self._judge_words(source, at, count)
        for k in range(count):
            code = source[at + HEAD + k]
            self.placed[code >> 8] = 0
            self.need[0 if code & _BLANK else code & _TILE] = 0
        return score

    def _judge_words(self, source: Any, at: int, count: int) -> int:
        """The score of the tiles marked in ``placed`` (the move at ``at`` of ``source``), or
        -1 when they do not make one line of words."""
        cols = self.cols
        first = source[at + HEAD] >> 8
        last = source[at + HEAD + count - 1] >> 8
        # The main word runs across when the tiles share a row (a single tile's too: its down
        # word is then its cross word), else down when they share a column.
        if first // cols == last // cols:
            step = 1
            cross = cols
        elif (last - first) % cols == 0:
            step = cols
            cross = 1
        else:
            return -1
        main = self._word(first, last, step)
        if main < 0:
            return -1
        total = main >> 8
        covered = main & 255
        if covered & 127 < count:  # a gap, or a tile off the main word's line
            return -1
        touches = covered >= 128
        for k in range(count):
            square = source[at + HEAD + k] >> 8
            found = self._word(square, square, cross)
            if found < 0:
                return -1
            if found & 128:
                touches = True
                total += found >> 8
        if not touches:
            return -1
        if count == self.bingo_size:
            total += self.bingo
        return total

    def _word(self, start: int, end: int, step: int) -> int:
        """The word along ``step`` (1 across, cols down) through squares ``start``..``end``,
        placed tiles included: -1 when its line has a gap or it is not a word, else
        ``points << 8 | 128 (when it holds a board tile) | placed tiles in it``; a single
        letter is worth 0 and holds no board tile."""
        cols = self.cols
        if step == 1:
            low = start - start % cols
            high = low + cols - 1
        else:
            low = 0
            high = self.squares - 1
        while start - step >= low and (self.tiles[start - step] or self.placed[start - step]):
            start -= step
        while end + step <= high and (self.tiles[end + step] or self.placed[end + step]):
            end += step
        if start == end:
            return 1 if self.placed[start] else -1
        node = 0
        covered = 0
        board = 0
        points = 0
        mult = 1
        square = start
        while square <= end:
            code = self.placed[square]
            if code:
                covered += 1
                tile = code & _TILE
                if not code & _BLANK:
                    points += self.values[tile] * self.letter_mult[square]
                mult *= self.word_mult[square]
            elif self.tiles[square]:
                board = 128
                tile = self.tiles[square] & _TILE
                if not self.tiles[square] & _BLANK:
                    points += self.values[tile]
            else:
                return -1
            mask = self.masks[node]
            bit = 1
            bit <<= tile - 1
            if not mask & bit:
                return -1
            node = self.first[node] + _bits(mask & (bit - 1) & ~_TERMINAL)
            square += step
        if not self.masks[node] & _TERMINAL:
            return -1
        return (points * mult) << 8 | board | covered

    # --- the search -------------------------------------------------------------------------------

    def _tick(self) -> bool:
        """Count a node; read the clock every CLOCK_EVERY; whether the search must stop."""
        self.nodes += 1
        self.visits += 1
        if self.deadline >= 0 and self.visits >= CLOCK_EVERY:
            self.visits = 0
            if self.clock() > self.deadline:
                self.stopped = True
        return self.stopped

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

    def _child(self, slot: int, depth: int, alpha: int, beta: int, ply: int) -> int:
        """The value of the move of row ``slot`` for the side to move, searched within
        (alpha, beta)."""
        at = slot * self.width
        score = self.mv[at]
        count = self.mv[at + 1]
        out = count > 0 and count == self.size[self.side] and self.bag_pos == self.bag_len
        self.pv_len[ply + 1] = 0
        self._make(slot, ply)
        if out:
            value = score + 2 * self.rack_points[self.side]
        elif self.scoreless >= self.limit:
            value = score - (self.rack_points[self.side ^ 1] - self.rack_points[self.side])
        else:
            value = score - self._search(depth - 1, score - beta, score - alpha, ply + 1)
        self._unmake(slot, ply)
        return value

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
        played = 0
        for k in range(count):
            number = self.mv[at + HEAD + k] & 255
            if not number & _BLANK:
                played += self.values[number]
        return score - (self.rack_points[side] - played) + theirs

    def _set_pv(self, ply: int, slot: int, with_child: bool) -> None:
        """The principal variation at ``ply``: the move of row ``slot``, then the child's."""
        width = self.width
        at = ply * self.plies * width
        self._copy_out(self.pv, at, slot)
        length = 1
        if with_child:
            child = (ply + 1) * self.plies * width
            for i in range(self.pv_len[ply + 1]):
                for k in range(width):
                    self.pv[at + (i + 1) * width + k] = self.pv[child + i * width + k]
            length += self.pv_len[ply + 1]
        self.pv_len[ply] = length

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

    def _search(self, depth: int, alpha: int, beta: int, ply: int) -> int:
        """Negamax with alpha-beta: the value of the position for the side to move, exact
        when strictly inside (alpha, beta), else a bound on the side it fell; ``depth`` plies
        before the horizon."""
        if self._tick():
            return 0
        self.pv_len[ply] = 0
        key = self.key()
        slot = self._probe(key) if self.use_table else -1
        known = slot >= 0
        pv_node = beta - alpha > 1 and self.pvs
        if known:
            entry_depth = self.tt_depth[slot]
            value = self.tt_value[slot]
            flag = self.tt_flag[slot]
            # No cutoff at the root (its best move is the answer) nor, with PVS, on the
            # principal variation (so the sequence comes out whole).
            if entry_depth >= depth and ply and not pv_node and (
                flag == EXACT or (flag == LOWER and value >= beta) or (flag == UPPER and value <= alpha)
            ):
                if entry_depth < COMPLETE:
                    self.horizon_hits += 1
                return value
        if depth <= 0:
            self.horizon_hits += 1
            return self.rack_points[self.side ^ 1] - self.rack_points[self.side]
        hits_before = self.horizon_hits
        base = self.top
        if known:
            self._reserve(base + 1)
            self._copy_in(base, self.tt_move, slot * self.width)
            self.top = base + 1
        if depth == 1 and self.frontier and self.bag_pos == self.bag_len:
            best = self._frontier(alpha, beta, ply, base if known else -1)
        else:
            best = self._expand(depth, alpha, beta, ply, base if known else -1)
        self.top = base
        if self.stopped:
            return 0
        if self.use_table:
            flag = UPPER if best <= alpha else LOWER if best >= beta else EXACT
            stored = COMPLETE if self.horizon_hits == hits_before else depth
            # After a fail low every move was as bad as the bound: the "best" one is only
            # the first tried, so the move learnt earlier (if any) is kept for ordering.
            if flag == UPPER and known:
                self._store(key, stored, best, flag, self.mv, base * self.width)
            else:
                self._store(key, stored, best, flag, self.best, ply * self.width)
        return best

    def _probe(self, key: int) -> int:
        """The table slot holding ``key``, or -1.  A bucket is two slots: the first keeps the
        deeper entry (a proven one above all), the second the latest."""
        slot = key & self.table_mask & ~1
        if self.tt_used[slot] and self.tt_key[slot] == key:
            return slot
        slot += 1
        if self.tt_used[slot] and self.tt_key[slot] == key:
            return slot
        return -1

    def _store(self, key: int, depth: int, value: int, flag: int, source: Any, at: int) -> None:
        """Keep an entry for ``key`` with the move at offset ``at`` of ``source`` (a pass when
        its count is negative: no move was tried)."""
        first = key & self.table_mask & ~1
        slot = first + 1
        if not self.tt_used[first] or self.tt_key[first] == key or depth >= self.tt_depth[first]:
            slot = first
            if self.tt_used[first] and self.tt_key[first] != key:
                self._move_entry(first, first + 1)  # the deeper entry so far becomes the latest
        elif self.tt_used[first + 1] and self.tt_key[first + 1] == key:
            slot = first + 1
        self.tt_used[slot] = 1
        self.tt_key[slot] = key
        self.tt_depth[slot] = depth
        self.tt_value[slot] = value
        self.tt_flag[slot] = flag
        row = slot * self.width
        if source[at + 1] < 0:
            self.tt_move[row] = 0
            self.tt_move[row + 1] = 0
            return
        for k in range(HEAD + source[at + 1]):
            self.tt_move[row + k] = source[at + k]

    def _move_entry(self, origin: int, target: int) -> None:
        self.tt_used[target] = self.tt_used[origin]
        self.tt_key[target] = self.tt_key[origin]
        self.tt_depth[target] = self.tt_depth[origin]
        self.tt_value[target] = self.tt_value[origin]
        self.tt_flag[target] = self.tt_flag[origin]
        for k in range(self.width):
            self.tt_move[target * self.width + k] = self.tt_move[origin * self.width + k]

    def _keep_best(self, ply: int, slot: int) -> None:
        at = ply * self.width
        row = slot * self.width
        for k in range(HEAD + self.mv[row + 1]):
            self.best[at + k] = self.mv[row + k]

    def _try(self, slot: int, index: int, depth: int, alpha: int, beta: int, ply: int) -> int:
        """The value of the move of row ``slot``, the ``index``-th tried (PVS after the first)."""
        if index and self.pvs:
            value = self._child(slot, depth, alpha, alpha + 1, ply)
            if alpha < value < beta and not self.stopped:
                value = self._child(slot, depth, alpha, beta, ply)
            return value
        return self._child(slot, depth, alpha, beta, ply)

    def _cheap(self, ply: int, known: int) -> int:
        """Put the killers of ``ply`` that the judge finds legal here (with their score here)
        into stack rows after the table's move (row ``known``, -1 none); how many.  None
        without a judge or with killers or ordering off."""
        added = 0
        if not (self.judged and self.killers and self.ordering):
            return 0
        width = self.width
        for j in range(2):
            kat = (ply * 2 + j) * width
            if self.killer[kat + 1] <= 0:
                continue
            if known >= 0 and self._same_killer(known * width, kat):
                continue
            score = self._judge(self.killer, kat)
            if score < 0:
                continue
            row = self.top
            self._reserve(row + 1)
            self._copy_in(row, self.killer, kat)
            self.mv[row * width] = score
            self.top = row + 1
            added += 1
        return added

    def _expand(self, depth: int, alpha: int, beta: int, ply: int, known: int) -> int:
        """The best value of the position, each move searched ``depth - 1`` plies deeper:
        the table's move (row ``known``, -1 none) and the killers the judge finds legal
        before any generation, then the others in order, the pass last; the best move kept
        in ``best`` at ``ply``."""
        best = -INFINITY
        self.best[ply * self.width + 1] = -1
        hits_at_start = self.horizon_hits
        index = 0
        if not self.ordering:
            known = -1
        tried_base = known if known >= 0 else self.top
        cheap = self._cheap(ply, known)
        tried = cheap + (1 if known >= 0 else 0)
        for slot in range(tried_base, tried_base + tried):
            hits_before = self.horizon_hits
            value = self._try(slot, index, depth, alpha, beta, ply)
            index += 1
            if self.stopped:
                return best
            if value > best:
                best = value
                self._keep_best(ply, slot)
                if value > alpha:
                    alpha = value
                    self._set_pv(ply, slot, True)
                    if alpha >= beta:
                        self.horizon_hits = hits_at_start + self.horizon_hits - hits_before
                        self._remember(ply, slot)
                        return best
        base = self.top
        count = self._moves(base)
        pass_row = base + count
        self._reserve(pass_row + 1)
        self.mv[pass_row * self.width] = 0
        self.mv[pass_row * self.width + 1] = 0
        count += 1
        self.top = base + count
        if self.ordering:
            self._order(base, count - 1, ply, tried_base, tried)
        for position in range(count):
            if position == count - 1:
                slot = pass_row
                if known >= 0 and self.mv[known * self.width + 1] == 0:
                    continue
            elif self.ordering:
                if self.order[base + position] == _NO_KEY:
                    continue
                slot = self._row_of(base, position)
            else:
                slot = base + position
            hits_before = self.horizon_hits
            value = self._try(slot, index, depth, alpha, beta, ply)
            index += 1
            if self.stopped:
                return best
            if value > best:
                best = value
                self._keep_best(ply, slot)
                if value > alpha:
                    alpha = value
                    self._set_pv(ply, slot, True)
                    if alpha >= beta:
                        # The bound rests on this move's subtree alone: the horizons met
                        # under the moves tried before it do not make it a guess.
                        self.horizon_hits = hits_at_start + self.horizon_hits - hits_before
                        self._remember(ply, slot)
                        break
        return best

    def _frontier(self, alpha: int, beta: int, ply: int, known: int) -> int:
        """:meth:`_expand` one ply before the horizon with the bag empty, the children valued
        without visiting them: the same values, but a child's table entry is not consulted.
        A cutoff is proven when a move that ends the game refutes; no cutoff is proven only
        when every move ends the game.  The table's move and the legal killers come first: one
        that ends the game and refutes spares the generation."""
        width = self.width
        self.best[ply * width + 1] = -1
        if not self.ordering:
            known = -1
        tried_base = known if known >= 0 else self.top
        tried = self._cheap(ply, known) + (1 if known >= 0 else 0)
        best = -INFINITY
        best_slot = -1
        for slot in range(tried_base, tried_base + tried):
            self.nodes += 1
            value = self._frontier_value(slot)
            if value >= beta and value > best and self._ends(slot):
                best = value
                best_slot = slot
        # A refutation that does not end the game would be a guess: a cutoff on it, spared
        # the generation, costs more proofs (deeper iterations) than it saves.
        if best_slot >= 0:
            self._keep_best(ply, best_slot)
            self._set_pv(ply, best_slot, False)
            self._remember(ply, best_slot)
            return best
        base = self.top
        count = self._moves(base)
        pass_row = base + count
        self._reserve(pass_row + 1)
        self.mv[pass_row * width] = 0
        self.mv[pass_row * width + 1] = 0
        count += 1
        self.top = base + count
        best = -INFINITY
        best_slot = -1
        best_end = -INFINITY
        end_slot = -1
        every_end = True
        for slot in range(base, base + count):
            self.nodes += 1
            value = self._frontier_value(slot)
            if self._ends(slot):
                if value > best_end:
                    best_end = value
                    end_slot = slot
            else:
                every_end = False
            if value > best:
                best = value
                best_slot = slot
        top_slot = best_slot
        if best_end >= beta:
            best, best_slot = best_end, end_slot
            top_slot = end_slot
        elif not every_end:
            self.horizon_hits += 1
            if best >= beta:
                # A guess fails high by as little as any move lets it: a bound further out
                # would let the positions above cut off on a guess where a proof was at hand.
                # The best move still is the one remembered (as the killer and the table's).
                for slot in range(base, base + count):
                    value = self._frontier_value(slot)
                    if beta <= value < best:
                        best = value
                        best_slot = slot
        self._keep_best(ply, top_slot)
        if best > alpha:
            self._set_pv(ply, best_slot, False)
        if best >= beta:
            self._remember(ply, top_slot)
        return best

    # --- iterative deepening ----------------------------------------------------------------------

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

    def _root(self, depth: int, guess: int, guessed: bool) -> int:
        if guessed and self.aspiration:
            alpha = guess - 12
            beta = guess + 12
            value = self._search(depth, alpha, beta, 0)
            if self.stopped or alpha < value < beta:
                return value
        return self._search(depth, -INFINITY, INFINITY, 0)

    def deepen(self, deepest: int, deadline: float, clock: Any) -> tuple[int, int, bool, list[CompactMove]]:
        """Deepen one ply at a time up to ``deepest`` until an iteration meets no horizon
        (proven) or ``clock()`` passes ``deadline`` (negative: no limit): ``(value, depth,
        exact, principal variation)`` of the last finished iteration (depth 0 and no moves
        when none finished)."""
        self.deadline = deadline
        self.clock = clock
        self.stopped = False
        self.visits = 0
        value = 0
        depth = 0
        exact = False
        pv: list[CompactMove] = []
        for iteration in range(1, deepest + 1):
            self.horizon_hits = 0
            found = self._root(iteration, value, depth > 0)
            if self.stopped:
                break
            value = found
            depth = iteration
            pv = []
            width = self.width
            for i in range(self.pv_len[0]):
                pv.append(self._as_pair(self.pv, i * width))
            exact = self.horizon_hits == 0
            if exact:
                break
        return value, depth, exact, pv

# cython: boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
# (Compiled, this module indexes without checks: every index is in range and none is negative.)
"""The endgame search's killer-move judge: whether a move found on another board (a killer
move of the same ply) is legal on the live board, and what it scores there, without generating
the position's moves.  Classic scoring: premiums under the tiles put down, a bingo bonus.

Compiled by Cython (C types in ``killer_judge.pxd``), run as plain Python where no compiler is
available.  A move is a row of integers as the search's stack holds them (``[score, tiles,
code, code, ...]``, a code ``square << 8 | tile number``, squares increasing).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import cython  # type: ignore[import-untyped, unused-ignore]

from wordgames.lexicon.packed import TERMINAL
from wordgames.scrabble.movegen.board_arrays import _zeros
from wordgames.scrabble.movegen.buffer import BLANK_FLAG

if not cython.compiled:  # compiled, killer_judge.pxd cimports popcount and the row's head
    from wordgames.scrabble.endgame.search_state import HEAD
    from wordgames.scrabble.movegen.board_arrays import _bits

_BLANK = BLANK_FLAG  # C constants when compiled
_TILE = BLANK_FLAG - 1
_TERMINAL = TERMINAL  # a node table's bit for "the prefix is a word"


class KillerJudge:
    """Judges moves on a board of ``squares`` squares (``cols`` a row) with tile ``values``
    (by number, index 0 the blank; ``letters`` of them).  ``tiles`` (the board's tile numbers)
    and ``rack`` (both racks' counts by tile number, player 0's first) are the live position's
    arrays, read where they are; ``masks`` and ``first`` the lexicon's node table (as the
    move-generation kernel reads it), ``letter_mult`` and ``word_mult`` each square's premiums
    (row-major), ``bingo`` the points for a move of ``bingo_size`` tiles."""

    def __init__(self, squares: int, cols: int, letters: int, values: Any, tiles: Any, rack: Any,
                 masks: Any, first: Any, letter_mult: Sequence[int], word_mult: Sequence[int],
                 bingo: int, bingo_size: int) -> None:
        self.squares = squares
        self.cols = cols
        self.letters = letters
        self.values = values
        self.tiles = tiles
        self.rack = rack
        self.masks = masks
        self.first = first
        self.letter_mult = _zeros("q", squares)
        self.word_mult = _zeros("q", squares)
        for square in range(squares):
            self.letter_mult[square] = letter_mult[square]
            self.word_mult[square] = word_mult[square]
        self.bingo = bingo
        self.bingo_size = bingo_size
        self.need = _zeros("i", letters)
        self.placed = _zeros("q", squares)

    def score(self, source: Any, at: int, side: int) -> int:
        """What the move at offset ``at`` of ``source`` (found on another board: a killer)
        scores for player ``side`` here, or -1 when it is not legal here: its squares must be
        empty, the rack must hold its tiles, its tiles one unbroken line touching the board,
        every word it forms in the lexicon.  Cost: O(squares of its words)."""
        count = source[at + 1]
        if count <= 0:
            return 0 if count == 0 else -1
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
            score = self._words(source, at, count)
        for k in range(count):
            code = source[at + HEAD + k]
            self.placed[code >> 8] = 0
            self.need[0 if code & _BLANK else code & _TILE] = 0
        return score

    def _words(self, source: Any, at: int, count: int) -> int:
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

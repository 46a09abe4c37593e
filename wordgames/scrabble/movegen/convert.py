"""The boundary of the move generator: records to :data:`RawMove` tuples and :class:`Move`
objects, for both the reference search and the typed kernel.

Building the objects handed to users is part of the hot path (a rack with two blanks has
over ten thousand moves), so a :class:`MoveMaker` reads the board once, finds each cross
word's letters once per square, and shares :class:`Placement` objects (immutable) between
moves and calls."""

from __future__ import annotations

import gc
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.move import Direction, Move, Placement
from wordgames.scrabble.movegen.state import RawMove

_PLACEMENTS: dict[tuple[int, int, str], Placement] = {}
_SHARED: dict[int, Placement] = {}  # the kernel's, by square, code point and blank
_MAX_PLACEMENTS = 200_000

Lines = list[list[str | None]]


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while building many moves: the objects are
    acyclic, yet each few hundred of them start a collection that walks the young objects —
    a third of the time of turning ten thousand records into moves (measured with ``perf``).
    Reference counting still frees everything; the collector resumes as it was."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


class MoveMaker:
    """Makes the moves of one board: ``lines[1]`` are its rows (across), ``lines[0]`` its
    columns (down), as the records' orientation numbers them."""

    def __init__(self, board: Board) -> None:
        grid = board.grid()
        self.lines: tuple[Lines, Lines] = ([list(column) for column in zip(*grid, strict=True)], grid)
        self.crosses: dict[tuple[bool, int, int], tuple[str, str]] = {}
        self.cols = max(board.cols, board.rows)
        self.cross_words: dict[int, str] = {}  # by orientation, line, square and letter

    def kernel_moves(self, records: Sequence[int], letters: Sequence[int], count: int,
                     width: int, alphabet: str) -> list[Move]:
        """The kernel's first ``count`` records (see :meth:`raw_moves`) as :class:`Move`
        objects, in order.  The blank designations of one word follow each other: they share
        its words.  Cost: about a microsecond a move."""
        upper = list(alphabet)
        lower = [char.lower() for char in alphabet]
        points = [ord(char) for char in alphabet]
        found: list[Move] = []
        lines = self.lines
        cols = self.cols
        words: tuple[str, ...] = ()
        shared = _SHARED
        cross_words = self.cross_words
        previous = -1
        for n in range(count):
            at = n * width
            score = records[at]
            across = records[at + 1]
            line = records[at + 2]
            first = records[at + 3]
            last = records[at + 4]
            offset = records[at + 5]
            tiles = lines[across][line]
            same = previous >= 0 and records[previous + 1] == across and records[previous + 2] == line \
                and records[previous + 3] == first and records[previous + 4] == last
            if same:
                base = records[previous + 5]
                for k in range(last - first + 1):
                    if letters[base + k] % 128 != letters[offset + k] % 128:
                        same = False
                        break
            previous = at
            chars = []
            placed = []
            # The cross words, when the words are new.
            crossing: list[str] | None = None if same else []
            for square in range(first, last + 1):
                tile = tiles[square]
                if tile is not None:
                    chars.append(tile)
                    continue
                code = letters[offset + square - first]
                blank = code >= 128
                letter = code - 128 if blank else code
                chars.append(lower[letter] if blank else upper[letter])
                row, col = (line, square) if across else (square, line)
                key = (((row << 7) | col) << 22) | (points[letter] << 1) | blank  # sides <= 100
                placement = shared.get(key)
                if placement is None:
                    if len(shared) >= _MAX_PLACEMENTS:
                        shared.clear()
                    placement = shared[key] = Placement(row, col, upper[letter], blank)
                placed.append(placement)
                if crossing is not None:
                    key = ((((across * cols + line) << 8) | square) << 7) | letter
                    cross_word = cross_words.get(key)
                    if cross_word is None:
                        above, below = self.cross(across == 1, line, square)
                        cross_word = above + upper[letter] + below if above or below else ""
                        cross_words[key] = cross_word
                    if cross_word:
                        crossing.append(cross_word)
            word = "".join(chars)
            if crossing is not None:
                words = tuple([word.upper(), *crossing]) if last > first else tuple(crossing)
            if across:
                found.append(Move.assembled(line, first, Direction.ACROSS, word, tuple(placed),
                                            score, words))
            else:
                found.append(Move.assembled(first, line, Direction.DOWN, word, tuple(placed),
                                            score, words))
        return found

    def raw_moves(self, records: Sequence[int], letters: Sequence[int], count: int, width: int,
                  alphabet: str) -> list[RawMove]:
        """The kernel's first ``count`` records (``width`` integers each: score, orientation,
        line, first and last square, letter offset) as :data:`RawMove` tuples; ``letters``
        holds letter numbers of ``alphabet``, plus 128 for a blank."""
        upper = list(alphabet)
        lower = [letter.lower() for letter in alphabet]
        found: list[RawMove] = []
        lines = self.lines
        for n in range(count):
            at = n * width
            across = records[at + 1]
            line = records[at + 2]
            first = records[at + 3]
            last = records[at + 4]
            offset = records[at + 5] - first
            tiles = lines[across][line]
            chars = []
            for square in range(first, last + 1):
                tile = tiles[square]
                if tile is None:
                    code = letters[offset + square]
                    chars.append(lower[code - 128] if code >= 128 else upper[code])
                else:
                    chars.append(tile)
            found.append((records[at], across == 1, line, first, last, "".join(chars)))
        return found

    def cross(self, across: bool, line: int, square: int) -> tuple[str, str]:
        """The board letters before and after square ``square`` of ``line`` in the other
        direction (upper case; empty strings where there are none)."""
        key = (across, line, square)
        found = self.crosses.get(key)
        if found is None:
            other = self.lines[0 if across else 1][square]
            top = line
            while top > 0 and other[top - 1] is not None:
                top -= 1
            bottom = line + 1
            while bottom < len(other) and other[bottom] is not None:
                bottom += 1
            found = ("".join(other[top:line]).upper(),  # type: ignore[arg-type]
                     "".join(other[line + 1:bottom]).upper())  # type: ignore[arg-type]
            self.crosses[key] = found
        return found

    def move(self, record: RawMove) -> Move:
        """The :class:`Move` of a record, with the words it forms (main word first)."""
        score, across, index, first, last, word = record
        tiles = self.lines[1 if across else 0][index]
        placed = []
        words = [word.upper()] if last > first else []
        for offset, char in enumerate(word):
            square = first + offset
            if tiles[square] is not None:
                continue
            row, col = (index, square) if across else (square, index)
            key = (row, col, char)
            placement = _PLACEMENTS.get(key)
            if placement is None:
                if len(_PLACEMENTS) >= _MAX_PLACEMENTS:
                    _PLACEMENTS.clear()
                placement = _PLACEMENTS[key] = Placement(row, col, char.upper(), char.islower())
            placed.append(placement)
            above, below = self.cross(across, index, square)
            if above or below:
                words.append(above + char.upper() + below)
        if across:
            return Move.assembled(index, first, Direction.ACROSS, word, tuple(placed), score,
                                  tuple(words))
        return Move.assembled(first, index, Direction.DOWN, word, tuple(placed), score,
                              tuple(words))

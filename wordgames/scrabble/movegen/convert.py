"""The boundary of the move generator: records to :data:`RawMove` tuples and :class:`Move`
objects, for both the reference search and the typed kernel.

Building the objects handed to users is part of the hot path (a rack with two blanks has
over ten thousand moves), so a :class:`MoveMaker` reads the board once, finds each cross
word's letters once per square, and shares :class:`Placement` objects (immutable) between
moves and calls."""

from __future__ import annotations

from collections.abc import Sequence

from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.move import Direction, Move, Placement
from wordgames.scrabble.movegen.state import RawMove

_PLACEMENTS: dict[tuple[int, int, str], Placement] = {}
_MAX_PLACEMENTS = 200_000

Lines = list[list[str | None]]


class MoveMaker:
    """Makes the moves of one board: ``lines[1]`` are its rows (across), ``lines[0]`` its
    columns (down), as the records' orientation numbers them."""

    def __init__(self, board: Board) -> None:
        grid = board.grid()
        self.lines: tuple[Lines, Lines] = ([list(column) for column in zip(*grid, strict=True)], grid)
        self.crosses: dict[tuple[bool, int, int], tuple[str, str]] = {}

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

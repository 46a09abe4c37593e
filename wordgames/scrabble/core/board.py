"""The board: a layout and the tiles on it.

A square holds ``None`` or one character: an upper-case letter for a normal tile, the
lower-case letter for a blank standing for that letter.  The plain board file format is one
line a row, ``.`` for an empty square (CS214's files, FIT1045 boards written out).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator

from wordgames.errors import BoardError, InvalidArgumentError, InvalidArgumentTypeError
from wordgames.limits import MAX_BOARD_FILE_BYTES, MAX_BOARD_SIDE
from wordgames.scrabble.core.checks import require_items, require_type
from wordgames.scrabble.core.layout import Layout, layout_for_size, standard_layout
from wordgames.scrabble.core.tiles import is_tile_letter
from wordgames.textfiles import read_text_file

Square = tuple[int, int]


class Board:
    """A rectangular board of squares, each empty (None) or holding a tile character."""

    __slots__ = ("_grid", "cols", "layout", "rows")

    def __init__(self, layout: Layout | None = None) -> None:
        if layout is not None:
            require_type(layout, Layout, "a board's layout")
        self.layout = layout if layout is not None else standard_layout()
        self.rows = self.layout.rows
        self.cols = self.layout.cols
        self._grid: list[list[str | None]] = [[None] * self.cols for _ in range(self.rows)]

    # --- construction ---------------------------------------------------------------------------

    @classmethod
    def from_text(cls, text: str, layout: Layout | None = None, name: str = "<board>") -> Board:
        """Parse a plain board: one line a row, ``.`` empty, a letter a tile (lower case = a
        blank).  Without ``layout`` the size picks one (:func:`layout_for_size`).  Raises
        BoardError naming the line; a board wider or taller than MAX_BOARD_SIDE squares, or a
        text longer than MAX_BOARD_FILE_BYTES characters, is refused before it is split."""
        require_type(text, str, "board text")
        if layout is not None:
            require_type(layout, Layout, "a board's layout")
        name = str(name)
        if len(text) > MAX_BOARD_FILE_BYTES:
            raise BoardError(f"{name}: a board text may hold at most {MAX_BOARD_FILE_BYTES:,} characters")
        lines = [line.strip() for line in text.splitlines()]
        while lines and not lines[-1]:
            lines.pop()
        while lines and not lines[0]:
            lines.pop(0)
        if not lines:
            raise BoardError(f"{name}: the board is empty")
        width = len(lines[0])
        if len(lines) > MAX_BOARD_SIDE or width > MAX_BOARD_SIDE:
            raise BoardError(
                f"{name}: the board is {len(lines)}x{width}; boards have at most {MAX_BOARD_SIDE} "
                "rows and columns"
            )
        for number, line in enumerate(lines, 1):
            if len(line) != width:
                raise BoardError(
                    f"{name}:{number}: expected {width} squares like the first row, found {len(line)}"
                )
            for char in line:
                if char != "." and not is_tile_letter(char):
                    raise BoardError(f"{name}:{number}: {char!r} is neither '.' nor a tile letter")
        if layout is None:
            layout = layout_for_size(len(lines), width)
        elif (layout.rows, layout.cols) != (len(lines), width):
            raise BoardError(
                f"{name}: the board is {len(lines)}x{width} but the layout is "
                f"{layout.rows}x{layout.cols}"
            )
        board = cls(layout)
        for row, line in enumerate(lines):
            for col, char in enumerate(line):
                if char != ".":
                    board._grid[row][col] = char
        return board

    @classmethod
    def read(cls, path: str | os.PathLike[str], layout: Layout | None = None) -> Board:
        """Read a plain board file (see :meth:`from_text`)."""
        text = read_text_file(path, "board file", BoardError, limit=MAX_BOARD_FILE_BYTES)
        return cls.from_text(text, layout, str(path))

    def copy(self) -> Board:
        """An independent copy of the board."""
        other = Board.__new__(Board)
        other.layout, other.rows, other.cols = self.layout, self.rows, self.cols
        other._grid = [row[:] for row in self._grid]
        return other

    def transposed(self) -> Board:
        """A copy mirrored over the main diagonal: down words become across words.  Move
        generators use it to handle both directions with one code path."""
        other = Board.__new__(Board)
        other.layout = self.layout.transposed()
        other.rows, other.cols = self.cols, self.rows
        other._grid = [list(column) for column in zip(*self._grid, strict=True)]
        return other

    # --- squares --------------------------------------------------------------------------------

    def in_bounds(self, row: int, col: int) -> bool:
        """Whether (row, col) is on the board; InvalidArgumentTypeError when they are not
        whole numbers."""
        if not isinstance(row, int) or not isinstance(col, int):
            raise InvalidArgumentTypeError(
                f"a square is a row and a column, whole numbers, not {type(row).__name__} and "
                f"{type(col).__name__}"
            )
        return 0 <= row < self.rows and 0 <= col < self.cols

    def get(self, row: int, col: int) -> str | None:
        """The tile on a square (lower case for a blank), or None.  Raises for off-board."""
        if not self.in_bounds(row, col):
            raise InvalidArgumentError(f"square ({row}, {col}) is off the {self.rows}x{self.cols} board")
        return self._grid[row][col]

    def letter(self, row: int, col: int) -> str | None:
        """The letter on a square in upper case (a blank's letter too), or None."""
        tile = self.get(row, col)
        return None if tile is None else tile.upper()

    def is_empty_at(self, row: int, col: int) -> bool:
        """Whether the square holds no tile."""
        return self.get(row, col) is None

    def place(self, row: int, col: int, tile: str) -> None:
        """Put a tile on an empty square (lower case = a blank).  Raises InvalidArgumentError
        when the square is occupied or off the board, or the tile is not a letter."""
        if not is_tile_letter(tile):
            raise InvalidArgumentError(f"{tile!r} is not a tile letter")
        if self.get(row, col) is not None:
            raise InvalidArgumentError(f"square ({row}, {col}) is already occupied")
        self._grid[row][col] = tile

    def place_all(self, tiles: Iterable[tuple[int, int, str]]) -> None:
        """Place several (row, col, tile) tiles; all or nothing."""
        tiles = require_items(tiles, "the tiles to place")
        seen = set()
        for entry in tiles:
            if not isinstance(entry, tuple) or len(entry) != 3:
                raise InvalidArgumentTypeError(f"a tile to place is (row, column, tile), not {entry!r:.40}")
            row, col, tile = entry
            if (row, col) in seen or self.get(row, col) is not None:
                raise InvalidArgumentError(f"square ({row}, {col}) is already occupied")
            if not is_tile_letter(tile):
                raise InvalidArgumentError(f"{tile!r} is not a tile letter")
            seen.add((row, col))
        for row, col, tile in tiles:
            self._grid[row][col] = tile

    def remove(self, row: int, col: int) -> str | None:
        """Take the tile off a square and return it (None if it was empty)."""
        tile = self.get(row, col)
        self._grid[row][col] = None
        return tile

    def is_empty(self) -> bool:
        """Whether no tile is on the board."""
        return all(tile is None for row in self._grid for tile in row)

    def tiles(self) -> Iterator[tuple[int, int, str]]:
        """Every (row, col, tile) on the board, row by row."""
        for row, line in enumerate(self._grid):
            for col, tile in enumerate(line):
                if tile is not None:
                    yield row, col, tile

    def tile_count(self) -> int:
        """How many tiles are on the board."""
        return sum(tile is not None for row in self._grid for tile in row)

    def row_tiles(self, row: int) -> list[str | None]:
        """The squares of a row, left to right (a copy)."""
        self.get(row, 0)  # raises for a row off the board
        return list(self._grid[row])

    def grid(self) -> list[list[str | None]]:
        """The whole grid as a list of rows (a copy)."""
        return [row[:] for row in self._grid]

    # --- words ----------------------------------------------------------------------------------

    def words(self, minimum_length: int = 2) -> Iterator[tuple[str, int, int, bool]]:
        """Every maximal run of ``minimum_length`` or more tiles, as (word in upper case, row,
        col, across), across runs first, each in reading order."""
        for across in (True, False):
            outer, inner = (self.rows, self.cols) if across else (self.cols, self.rows)
            for line in range(outer):
                run: list[str] = []
                for position in range(inner + 1):
                    tile = None
                    if position < inner:
                        tile = self._grid[line][position] if across else self._grid[position][line]
                    if tile is not None:
                        run.append(tile.upper())
                        continue
                    if len(run) >= minimum_length:
                        start = position - len(run)
                        row, col = (line, start) if across else (start, line)
                        yield "".join(run), row, col, across
                    run = []

    # --- text -----------------------------------------------------------------------------------

    def to_text(self) -> str:
        """The plain board format: one line a row, ``.`` for empty squares."""
        return "".join("".join(tile or "." for tile in row) + "\n" for row in self._grid)

    def __str__(self) -> str:
        return self.to_text()

    def __repr__(self) -> str:
        return f"<Board {self.rows}x{self.cols} {self.layout.name}, {self.tile_count()} tiles>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and self._grid == other._grid and self.layout == other.layout

    __hash__ = None  # type: ignore[assignment]

"""The word-search board: a grid of cells, each holding one or more letters.

Cells are stored in row-major order (``index = row * columns + column``), upper case.  A cell
holds one or more letters (``"QU"`` counts as two letters of a word but one cell of a path), or
``"#"``, a blocked cell that no word may use (the blank faces of the Super Big Boggle dice).
The neighbour lists (8-connected, no wrap-around) are computed once per board shape and shared.

Board text, as typed on the command line or stored in a board file:

* rows are separated by ``/`` or by line breaks; blank lines and surrounding spaces are ignored,
  an empty row between two ``/`` (or before or after one) is an error;
* in a row without spaces every letter is a cell (``EECA``), and brackets group several
  letters into one cell (``[QU]TTY``);
* in a row with spaces the cells are the space-separated tokens (``QU T T Y``), so a grid
  printed by ``str(board)`` reads back as the same board.

Limits, checked before anything is allocated for the board: at most :data:`MAX_WORDSEARCH_SIDE`
rows and columns and :data:`MAX_WORDSEARCH_CELLS` cells, board text of at most
:data:`MAX_WORDSEARCH_TEXT_CHARS` characters (a board file of at most as many bytes) and rows of
at most :data:`MAX_WORDSEARCH_ROW_CHARS` characters.
"""

from __future__ import annotations

import itertools
import math
import os
import re
from collections import Counter
from collections.abc import Iterable, Sized
from functools import lru_cache

from wordgames.errors import BoardError, InvalidArgumentError, InvalidArgumentTypeError
from wordgames.limits import (
    MAX_WORDSEARCH_CELLS,
    MAX_WORDSEARCH_ROW_CHARS,
    MAX_WORDSEARCH_SIDE,
    MAX_WORDSEARCH_TEXT_CHARS,
)
from wordgames.textfiles import read_text_file, shown_path

BLOCKED = "#"
"""The content of a blocked cell: part of the grid, but never part of a word."""

_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_BRACKETED = re.compile(r"\[([^\[\]]*)\]|(.)", re.DOTALL)

# The board of the COMP 2210 specification, the default of every new game.
DEFAULT_CELLS = ("E", "E", "C", "A", "A", "L", "E", "P", "H", "N", "B", "O", "Q", "T", "T", "Y")


@lru_cache(maxsize=64)
def neighbour_table(rows: int, columns: int) -> tuple[tuple[int, ...], ...]:
    """The row-major indices adjacent to each cell (8 directions, no wrap-around), sorted.

    Cost: O(rows * columns), paid once per shape (the result is cached and shared)."""
    table = []
    for row in range(rows):
        for column in range(columns):
            table.append(
                tuple(
                    r * columns + c
                    for r in range(max(row - 1, 0), min(row + 2, rows))
                    for c in range(max(column - 1, 0), min(column + 2, columns))
                    if r != row or c != column
                )
            )
    return tuple(table)


def _board_shape(count: int, columns: object) -> tuple[int, int]:
    """The rows and columns of a board of ``count`` cells in rows of ``columns`` (square when
    None): BoardError for no cells, more than :data:`MAX_WORDSEARCH_CELLS` or a shape that
    does not fit, InvalidArgumentTypeError for columns that are not an int.  Constant cost."""
    if count == 0:
        raise BoardError("the board has no cells")
    if count > MAX_WORDSEARCH_CELLS:
        raise BoardError(f"the board has {count} cells (at most {MAX_WORDSEARCH_CELLS})")
    if columns is None:
        side = _exact_square_root(count)
        if side is None:
            raise BoardError(
                f"{count} cells do not make a square board (pass columns= for a rectangular one)"
            )
        check_shape(side, side)
        return side, side
    if isinstance(columns, bool) or not isinstance(columns, int):
        raise InvalidArgumentTypeError(f"columns must be an int, not {type(columns).__name__}")
    if columns < 1 or count % columns:
        raise BoardError(f"{count} cells cannot be laid out in rows of {columns} columns")
    check_shape(count // columns, columns)
    return count // columns, columns


def check_side(value: object, name: str, maximum: int = MAX_WORDSEARCH_SIDE) -> int:
    """``value`` as a board side in 1..``maximum``: InvalidArgumentTypeError for a non-int,
    InvalidArgumentError (a ValueError) out of range."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidArgumentTypeError(f"{name} must be an int, not {type(value).__name__}")
    if not 1 <= value <= maximum:
        raise InvalidArgumentError(f"{name} must be between 1 and {maximum}, not {value}")
    return value


def check_shape(rows: int, columns: int) -> None:
    """BoardError (a ValueError) for a shape beyond :data:`MAX_WORDSEARCH_SIDE` or
    :data:`MAX_WORDSEARCH_CELLS`, before anything is allocated for it."""
    if rows > MAX_WORDSEARCH_SIDE or columns > MAX_WORDSEARCH_SIDE or rows * columns > MAX_WORDSEARCH_CELLS:
        raise BoardError(
            f"a {rows} x {columns} board is too large (at most {MAX_WORDSEARCH_SIDE} rows and "
            f"columns and {MAX_WORDSEARCH_CELLS} cells)"
        )


def parse_shape(text: str, what: str = "--size") -> tuple[int, int]:
    """A board shape from ``"5"`` (5 x 5) or ``"3x7"`` (3 rows, 7 columns), sides up to the
    board limits, written with the digits 0-9; InvalidArgumentError naming ``what`` otherwise."""
    parts = [part.strip() for part in text.lower().split("x")] if isinstance(text, str) else []
    digits = all(0 < len(part) <= 9 and part.isascii() and part.isdigit() for part in parts)
    numbers = [int(part) for part in parts] if digits else []
    if len(numbers) not in (1, 2) or min(numbers) < 1:
        raise InvalidArgumentError(f"{what} must be N or RxC with positive numbers, not {text!r}")
    rows, columns = numbers[0], numbers[-1]
    check_side(rows, f"{what} rows")
    check_side(columns, f"{what} columns")
    check_shape(rows, columns)
    return rows, columns


def _exact_square_root(count: int) -> int | None:
    """The integer square root of ``count`` when it is a perfect square, else None."""
    side = math.isqrt(count)
    return side if side * side == count else None


def normalize_cell(cell: object, index: int) -> str:
    """A cell's content in upper case; TypeError for a non-string, BoardError when empty or
    not made of letters (``"#"``, a blocked cell, is the one exception)."""
    if not isinstance(cell, str):
        raise InvalidArgumentTypeError(
            f"board cell {index} must be a string, not {type(cell).__name__}"
        )
    text = cell.strip().upper()
    if not text:
        raise BoardError(f"board cell {index} is empty")
    if len(text) != len(cell.strip()):  # as Scrabble's tiles: ß would become SS, ﬁ FI
        raise BoardError(f"board cell {index} ({cell!r}) has a letter without a one-letter upper case")
    if text != BLOCKED and not text.isalpha():
        raise BoardError(f"board cell {index} ({cell!r}) must hold letters only (or '#')")
    return text


class Board:
    """An immutable rows x columns grid of cells with precomputed neighbours.

    Build one with :meth:`from_cells` (row-major strings, as ``setBoard`` takes them),
    :func:`parse_board` (board text) or :func:`read_board_file`.
    """

    __slots__ = ("_letter_counts", "cells", "columns", "neighbours", "rows")

    def __init__(self, cells: tuple[str, ...], rows: int, columns: int) -> None:
        """Wrap already-normalized cells; use :meth:`from_cells` for unchecked input."""
        self.cells = cells
        self.rows = rows
        self.columns = columns
        self.neighbours = neighbour_table(rows, columns)
        self._letter_counts: Counter[str] | None = None

    @property
    def letter_counts(self) -> Counter[str]:
        """How many times each letter appears on the board (blocked cells excluded); a string
        needing more of some letter cannot be on the board.  Computed once."""
        if self._letter_counts is None:
            self._letter_counts = Counter("".join(cell for cell in self.cells if cell != BLOCKED))
        return self._letter_counts

    @classmethod
    def from_cells(cls, cells: object, columns: int | None = None) -> Board:
        """A board from row-major cell strings (any case).

        Without ``columns`` the board must be square (``len(cells)`` a perfect square, as the
        contract requires); with it, ``len(cells)`` must be a multiple of ``columns``.
        Raises InvalidArgumentTypeError for None, a plain string or a non-string cell, and
        BoardError for an empty board, a wrong shape or an empty cell.
        """
        if cells is None:
            raise InvalidArgumentTypeError("the board must be a sequence of cells, not None")
        if isinstance(cells, str) or not isinstance(cells, Iterable):
            raise InvalidArgumentTypeError(
                "the board must be a sequence of cell strings (use parse_board() for text), "
                f"not {type(cells).__name__}"
            )
        if isinstance(cells, Sized):  # the shape checked before any cell is looked at
            rows, columns = _board_shape(len(cells), columns)
            normalized = tuple(normalize_cell(cell, i) for i, cell in enumerate(cells))
        else:  # an iterator: read no further than one cell past the limit
            normalized = tuple(normalize_cell(cell, i)
                               for i, cell in enumerate(itertools.islice(cells, MAX_WORDSEARCH_CELLS + 1)))
            rows, columns = _board_shape(len(normalized), columns)
        return cls(normalized, rows, columns)

    @property
    def size(self) -> int:
        """The number of cells."""
        return len(self.cells)

    def grid(self) -> list[list[str]]:
        """The cells as a list of rows."""
        width = self.columns
        return [list(self.cells[start : start + width]) for start in range(0, self.size, width)]

    def position(self, index: int) -> tuple[int, int]:
        """The (row, column) of a row-major index."""
        return divmod(index, self.columns)

    def to_text(self) -> str:
        """The board in compact board text (``EECA/ALEP/HNBO/[QU]TTY``); parses back equal."""
        return "/".join(
            "".join(cell if len(cell) == 1 else f"[{cell}]" for cell in row) for row in self.grid()
        )

    def __str__(self) -> str:
        """The grid, one row a line, cells padded to a common width."""
        width = max(len(cell) for cell in self.cells)
        return "\n".join(
            " ".join(cell.ljust(width) for cell in row).rstrip() for row in self.grid()
        )

    def __repr__(self) -> str:
        return f"Board({self.to_text()!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return self.columns == other.columns and self.cells == other.cells

    def __hash__(self) -> int:
        return hash((self.columns, self.cells))


DEFAULT_BOARD = Board.from_cells(DEFAULT_CELLS)


def _unbracket(token: str) -> str:
    """A whitespace-separated cell token without its optional enclosing brackets."""
    return token[1:-1] if len(token) > 1 and token[0] == "[" and token[-1] == "]" else token


def _split_row(row: str, row_number: int) -> list[str]:
    """The cell strings of one row of board text (see the module docstring)."""
    if any(character.isspace() for character in row):
        return [_unbracket(token) for token in row.split()]
    cells = []
    for match in _BRACKETED.finditer(row):
        group, single = match.groups()
        if single is not None and single in "[]":
            raise BoardError(f"row {row_number}: unbalanced bracket in {row!r}")
        cells.append(group if group is not None else single)
    return cells


def parse_board(text: str) -> Board:
    """A board from board text (see the module docstring), e.g. ``"EECA/ALEP/HNBO/QTTY"``.

    Rows may differ from the square shape as long as all have the same number of cells.
    Raises InvalidArgumentTypeError for a non-string and BoardError for malformed text.
    """
    if not isinstance(text, str):
        raise InvalidArgumentTypeError(f"board text must be a string, not {type(text).__name__}")
    if len(text) > MAX_WORDSEARCH_TEXT_CHARS:
        raise BoardError(
            f"the board text is too long ({len(text)} characters, at most {MAX_WORDSEARCH_TEXT_CHARS})"
        )
    rows: list[str] = []
    for line in _LINE_BREAK.split(text):
        if not line.strip():  # a blank line is ignored (a file's last line break, say)
            continue
        for part in line.split("/"):
            row = part.strip()
            if not row:  # "A//B": a row left out by mistake, not a board of fewer rows
                raise BoardError(f"row {len(rows) + 1} of the board text is empty")
            rows.append(row)
    if not rows:
        raise BoardError("the board text has no rows")
    if len(rows) > MAX_WORDSEARCH_SIDE:
        raise BoardError(f"the board has {len(rows)} rows (at most {MAX_WORDSEARCH_SIDE})")
    for number, row in enumerate(rows, 1):
        if len(row) > MAX_WORDSEARCH_ROW_CHARS:
            raise BoardError(
                f"row {number} is too long ({len(row)} characters, at most {MAX_WORDSEARCH_ROW_CHARS})"
            )
    grid = []
    for number, row in enumerate(rows, 1):
        cells_of_row = _split_row(row, number)
        check_shape(number, len(cells_of_row))
        grid.append(cells_of_row)
    widths = {len(row) for row in grid}
    if len(widths) != 1:
        raise BoardError(
            "every row must have the same number of cells (found "
            + ", ".join(str(len(row)) for row in grid)
            + ")"
        )
    columns = widths.pop()
    cells: list[str] = [cell for row in grid for cell in row]
    return Board.from_cells(cells, columns=columns)


def read_board_file(path: str | os.PathLike[str]) -> Board:
    """A board from a text file in board syntax; BoardError naming the file on any failure,
    including a file over :data:`~wordgames.limits.MAX_WORDSEARCH_TEXT_CHARS` bytes, a folder,
    a pipe or a device (refused unread by :func:`wordgames.textfiles.read_text_file`)."""
    text = read_text_file(path, "board file", BoardError, limit=MAX_WORDSEARCH_TEXT_CHARS)
    try:
        return parse_board(text)
    except BoardError as error:
        raise BoardError(f"{shown_path(path)}: {error}") from None


def find_path(board: Board, word: str) -> list[int]:
    """One path spelling ``word`` (upper case) on ``board``, or ``[]`` if there is none.

    Each cell's whole content must match (a ``QU`` cell matches ``QU``, never ``Q``), cells are
    used at most once, blocked cells never.  The search is iterative, so long strings cannot
    exhaust the recursion limit.  Cost: small for real words; exponential only for contrived
    strings on boards of one repeated letter.
    """
    cells = board.cells
    available = board.letter_counts
    if not word or any(count > available[letter] for letter, count in Counter(word).items()):
        return []  # cheap, and it spares the search hopeless strings on repetitive boards
    neighbours = board.neighbours
    used = [False] * len(cells)
    for start, letters in enumerate(cells):
        if letters == BLOCKED or not word.startswith(letters):
            continue
        # Each stack entry: (cell, position in word after it, index of next neighbour to try).
        stack = [(start, len(letters), 0)]
        used[start] = True
        while stack:
            top = len(stack) - 1
            cell, position, next_index = stack[top]
            if position == len(word):
                return [entry[0] for entry in stack]
            around = neighbours[cell]
            while next_index < len(around):
                other = around[next_index]
                next_index += 1
                content = cells[other]
                if not used[other] and content != BLOCKED and word.startswith(content, position):
                    stack[top] = (cell, position, next_index)
                    stack.append((other, position + len(content), 0))
                    used[other] = True
                    break
            else:
                stack.pop()
                used[cell] = False
    return []

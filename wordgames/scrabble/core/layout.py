"""Board layouts: size, start square and premium squares.

Premium grids are written one character a square, as in the USC layout files:
``.`` plain, ``2``/``3`` letter multipliers, ``d``/``t`` word multipliers (and ``4``/``q``
for the quadruple squares of larger boards).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from wordgames.errors import FormatError, InvalidArgumentError
from wordgames.limits import MAX_BOARD_SIDE, MAX_LAYOUT_FILE_BYTES
from wordgames.scrabble.core.checks import require_int, require_type
from wordgames.textfiles import read_text_file

_LETTER_MULTIPLIER = {"2": 2, "3": 3, "4": 4}
_WORD_MULTIPLIER = {"d": 2, "t": 3, "q": 4}
_PREMIUM_CODES = {
    (letter, word): code
    for code, (letter, word) in {
        ".": (1, 1), "2": (2, 1), "3": (3, 1), "4": (4, 1), "d": (1, 2), "t": (1, 3), "q": (1, 4),
    }.items()
}  # fmt: skip

# The standard 15x15 crossword-game board, centre square a double word.
_STANDARD = (
    "t..2...t...2..t",
    ".d...3...3...d.",
    "..d...2.2...d..",
    "2..d...2...d..2",
    "....d.....d....",
    ".3...3...3...3.",
    "..2...2.2...2..",
    "t..2...d...2..t",
    "..2...2.2...2..",
    ".3...3...3...3.",
    "....d.....d....",
    "2..d...2...d..2",
    "..d...2.2...d..",
    ".d...3...3...d.",
    "t..2...t...2..t",
)

# The 21x21 super board (quadruple squares in the corners and diagonals), centre a double word.
# Checked square by square against two engines' layout tables (wolges, macondo).
_SUPER = (
    "q..2...t..2..t...2..q",
    ".d..3...d...d...3..d.",
    "..d..4...d.d...4..d..",
    "2..t..2...t...2..t..2",
    ".3..d...3...3...d..3.",
    "..4..d...2.2...d..4..",
    "...2..d...2...d..2...",
    "t......d.....d......t",
    ".d..3...3...3...3..d.",
    "..d..2...2.2...2..d..",
    "2..t..2...d...2..t..2",
    "..d..2...2.2...2..d..",
    ".d..3...3...3...3..d.",
    "t......d.....d......t",
    "...2..d...2...d..2...",
    "..4..d...2.2...d..4..",
    ".3..d...3...3...d..3.",
    "2..t..2...t...2..t..2",
    "..d..4...d.d...4..d..",
    ".d..3...d...d...3..d.",
    "q..2...t..2..t...2..q",
)


@dataclass(frozen=True)
class Layout:
    """A board's geometry: ``rows`` x ``cols`` squares, a 0-based ``start`` square, and one
    premium code per square (see the module docstring)."""

    rows: int
    cols: int
    start: tuple[int, int]
    premiums: tuple[str, ...]
    name: str = "custom"

    def __post_init__(self) -> None:
        require_type(self.rows, int, "layout rows")
        require_type(self.cols, int, "layout cols")
        if self.rows < 1 or self.cols < 1:
            raise InvalidArgumentError(f"a board needs at least one square, not {self.rows}x{self.cols}")
        if self.rows > MAX_BOARD_SIDE or self.cols > MAX_BOARD_SIDE:
            raise InvalidArgumentError(
                f"a board is {self.rows}x{self.cols}; boards have at most {MAX_BOARD_SIDE} rows and columns"
            )
        require_type(self.name, str, "a layout's name")
        require_type(self.premiums, tuple, "a layout's premiums")
        for row in self.premiums:
            require_type(row, str, "a row of a layout's premiums")
        require_type(self.start, tuple, "a layout's start square")
        if len(self.start) != 2:
            raise InvalidArgumentError(f"a layout's start must be a (row, col) pair, not {self.start!r}")
        require_type(self.start[0], int, "a layout's start row")
        require_type(self.start[1], int, "a layout's start column")
        if len(self.premiums) != self.rows or any(len(row) != self.cols for row in self.premiums):
            raise InvalidArgumentError("the premium grid does not match the board size")
        for row in self.premiums:
            for code in row:
                if code != "." and code not in _LETTER_MULTIPLIER and code not in _WORD_MULTIPLIER:
                    raise InvalidArgumentError(f"unknown premium square code {code!r}")
        start_row, start_col = self.start
        if not (0 <= start_row < self.rows and 0 <= start_col < self.cols):
            raise InvalidArgumentError(f"start square {self.start} is off the board")

    def letter_multiplier(self, row: int, col: int) -> int:
        """The letter multiplier of a square (1 when none)."""
        return _LETTER_MULTIPLIER.get(self.premium(row, col), 1)

    def word_multiplier(self, row: int, col: int) -> int:
        """The word multiplier of a square (1 when none)."""
        return _WORD_MULTIPLIER.get(self.premium(row, col), 1)

    def premium(self, row: int, col: int) -> str:
        """The premium code of a square (``.`` for a plain one).  Raises InvalidArgumentError
        for a square off the board."""
        if not (isinstance(row, int) and isinstance(col, int)
                and 0 <= row < self.rows and 0 <= col < self.cols):
            raise InvalidArgumentError(f"square ({row!r}, {col!r}) is off the {self.rows}x{self.cols} layout")
        return self.premiums[row][col]

    def transposed(self) -> Layout:
        """The same layout mirrored over its main diagonal (rows become columns)."""
        grid = tuple("".join(row[c] for row in self.premiums) for c in range(self.cols))
        return Layout(self.cols, self.rows, (self.start[1], self.start[0]), grid, self.name)

    def to_text(self) -> str:
        """The layout in the USC file format (1-based start square)."""
        lines = [f"{self.rows} {self.cols}", f"{self.start[0] + 1} {self.start[1] + 1}"]
        return "\n".join([*lines, *self.premiums]) + "\n"


def plain_layout(size: int, cols: int | None = None) -> Layout:
    """A board with no premium squares, start square in the middle (``size // 2``)."""
    cols = size if cols is None else cols
    for number in (size, cols):
        require_int(number, "a board size", 1, MAX_BOARD_SIDE)  # before building the grid
    return Layout(size, cols, (size // 2, cols // 2), tuple("." * cols for _ in range(size)),
                  f"plain{size}x{cols}")


def standard_layout() -> Layout:
    """The standard 15x15 board with its premium squares, start at the centre."""
    return Layout(15, 15, (7, 7), _STANDARD, "standard")


def super_layout() -> Layout:
    """The 21x21 super board with quadruple letter and word squares, start at the centre."""
    return Layout(21, 21, (10, 10), _SUPER, "super")


def parse_layout(text: str, name: str = "<layout>") -> Layout:
    """Parse a USC layout file: ``rows cols``, then the 1-based ``start_row start_col``, then
    ``rows`` lines of ``cols`` premium codes.  Raises FormatError naming the line."""
    require_type(text, str, "layout text")
    if len(text) > MAX_LAYOUT_FILE_BYTES:
        raise FormatError(f"{name}: a layout may hold at most {MAX_LAYOUT_FILE_BYTES:,} characters")
    lines = [line.strip() for line in text.splitlines()]
    lines = [line for line in lines if line]
    if len(lines) < 2:
        raise FormatError(f"{name}: a layout starts with 'rows cols' and 'start_row start_col'")
    try:
        rows, cols = (int(item) for item in lines[0].split())
        start_row, start_col = (int(item) for item in lines[1].split())
    except ValueError:
        raise FormatError(
            f"{name}: the first two lines must be 'rows cols' and 'start_row start_col'"
        ) from None
    grid = lines[2:]
    if not (1 <= rows <= MAX_BOARD_SIDE and 1 <= cols <= MAX_BOARD_SIDE):
        raise FormatError(
            f"{name}: a board is {rows}x{cols}; boards have 1 to {MAX_BOARD_SIDE} rows and columns"
        )
    if len(grid) != rows:
        raise FormatError(f"{name}: expected {rows} grid lines, found {len(grid)}")
    for number, row in enumerate(grid, 3):
        if len(row) != cols:
            raise FormatError(f"{name}:{number}: expected {cols} squares, found {len(row)}")
        bad = set(row) - set(_PREMIUM_CODES.values())
        if bad:
            raise FormatError(f"{name}:{number}: unknown square code(s) {''.join(sorted(bad))}")
    if not (1 <= start_row <= rows and 1 <= start_col <= cols):
        raise FormatError(f"{name}: start square {start_row} {start_col} is off the board")
    return Layout(rows, cols, (start_row - 1, start_col - 1), tuple(grid), Path(name).stem)


def read_layout(path: str | os.PathLike[str]) -> Layout:
    """Read a USC layout file (see :func:`parse_layout`)."""
    return parse_layout(read_text_file(path, "layout file", limit=MAX_LAYOUT_FILE_BYTES), str(path))


BUILTIN_LAYOUTS = {"standard": standard_layout, "super": super_layout}

BOARD_NAMES = {"standard": "CrosswordGame", "super": "SuperCrosswordGame"}
"""The names other programs (and the CGP ``bdn`` operation, the GCG ``#board-layout`` pragma)
give the built-in layouts."""

BOARD_ALIASES = {"standard15": "standard"}
"""Other names read (never written) for built-in layouts: MAGPIE's ``standard15``."""


def builtin_layout_named(name: str) -> Layout | None:
    """The built-in layout ``name`` names — ours (``standard``) or the other programs'
    (``CrosswordGame``, ``standard15``), any case — or None."""
    require_type(name, str, "a layout name")
    key = name.strip().lower()
    key = BOARD_ALIASES.get(key, key)
    for ours, theirs in BOARD_NAMES.items():
        if key == theirs.lower():
            key = ours
    factory = BUILTIN_LAYOUTS.get(key)
    return factory() if factory is not None else None


def board_name(layout: Layout) -> str | None:
    """The other programs' name for ``layout`` when it is exactly a built-in layout (a custom
    layout may reuse a built-in name), else None."""
    factory = BUILTIN_LAYOUTS.get(layout.name)
    return BOARD_NAMES.get(layout.name) if factory is not None and factory() == layout else None


def layout_for_size(rows: int, cols: int) -> Layout:
    """The layout a board of this size gets when none is named: the standard board for 15x15,
    the super board for 21x21, a plain one (start in the middle) otherwise."""
    if (rows, cols) == (15, 15):
        return standard_layout()
    if (rows, cols) == (21, 21):
        return super_layout()
    return plain_layout(rows, cols)


def layout_by_name(name: str) -> Layout:
    """A built-in layout by name (``standard``, ``super``, and others registered in
    BUILTIN_LAYOUTS), else a layout file path."""
    require_type(name, (str, os.PathLike), "a layout name")
    factory = BUILTIN_LAYOUTS.get(name)
    return factory() if factory is not None else read_layout(name)

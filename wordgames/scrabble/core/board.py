"""The board: a layout and the tiles on it.

:class:`Board` keeps its squares as tile numbers through its base class,
:class:`~wordgames.scrabble.core.board_squares.BoardSquares` (the array of tile numbers, the
engines' fast path to it, the change log the move generator follows: :meth:`Board.play`,
:meth:`Board.unplay`, :meth:`Board.changes_since`); here are the board as text, its words and
its copies.

At the edges a square holds ``None`` or a tile as written: its upper-case form, or for a blank
its lower-case form.  The plain board file format is one line a row, ``.`` for an empty
square (CS214's files, FIT1045 boards written out); multi-character tiles are written in
notation (``CO[L·L]EGI``).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator
from typing import NamedTuple

from wordgames.errors import BoardError, InvalidArgumentError, InvalidArgumentTypeError
from wordgames.lexicon.alphabet import BLANK_BIT, ENGLISH, Alphabet
from wordgames.limits import MAX_BOARD_FILE_BYTES, MAX_BOARD_SIDE
from wordgames.scrabble.core.board_squares import EMPTY, BoardSquares
from wordgames.scrabble.core.checks import require_int, require_type
from wordgames.scrabble.core.layout import Layout, layout_for_size
from wordgames.scrabble.core.tile_letters import is_tile_letter
from wordgames.textfiles import read_text_file

_EMPTY_RUNS = re.compile(r"(\.+)")


class Run(NamedTuple):
    """A maximal line of two or more tiles on a board: its tile numbers (``n | BLANK_BIT``
    for blanks), first square and direction."""

    tiles: bytes
    row: int
    col: int
    across: bool


class Board(BoardSquares):
    """A rectangular board of squares, each empty or holding a tile (see the module
    docstring).  ``alphabet`` numbers the tiles (English by default)."""

    __slots__ = ()

    # --- construction ---------------------------------------------------------------------------

    @classmethod
    def from_text(
        cls, text: str, layout: Layout | None = None, name: str = "<board>", alphabet: Alphabet | None = None
    ) -> Board:
        """Parse a plain board: one line a row, ``.`` empty, a tile written as itself (its
        lower-case form = a blank; multi-character tiles in notation).  Without ``layout`` the
        size picks one (:func:`layout_for_size`).  Raises BoardError naming the line; a board
        wider or taller than MAX_BOARD_SIDE squares, or a text longer than
        MAX_BOARD_FILE_BYTES characters, is refused before it is split."""
        require_type(text, str, "board text")
        if layout is not None:
            require_type(layout, Layout, "a board's layout")
        if alphabet is not None:
            require_type(alphabet, Alphabet, "a board's alphabet")
        alphabet = alphabet if alphabet is not None else ENGLISH
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
        if len(lines) > MAX_BOARD_SIDE:
            raise BoardError(
                f"{name}: the board is {len(lines)} rows; boards have at most {MAX_BOARD_SIDE} "
                "rows and columns"
            )
        longest = max(map(len, lines))
        if longest > MAX_BOARD_SIDE * 10:  # too long to hold at most that many squares, however written
            raise BoardError(
                f"{name}: a row of the board is {longest:,} characters; boards have at most "
                f"{MAX_BOARD_SIDE} rows and columns"
            )
        rows = [_row_tiles(line, alphabet, f"{name}:{number}") for number, line in enumerate(lines, 1)]
        width = len(rows[0])
        if width > MAX_BOARD_SIDE:
            raise BoardError(
                f"{name}: the board is {len(lines)}x{width}; boards have at most {MAX_BOARD_SIDE} "
                "rows and columns"
            )
        for number, row in enumerate(rows, 1):
            if len(row) != width:
                raise BoardError(
                    f"{name}:{number}: expected {width} squares like the first row, found {len(row)}"
                )
        if layout is None:
            layout = layout_for_size(len(lines), width)
        elif (layout.rows, layout.cols) != (len(lines), width):
            raise BoardError(
                f"{name}: the board is {len(lines)}x{width} but the layout is "
                f"{layout.rows}x{layout.cols}"
            )
        board = cls(layout, alphabet)
        board._squares[:] = b"".join(rows)
        return board

    @classmethod
    def read(cls, path: str | os.PathLike[str], layout: Layout | None = None,
             alphabet: Alphabet | None = None) -> Board:
        """Read a plain board file (see :meth:`from_text`)."""
        text = read_text_file(path, "board file", BoardError, limit=MAX_BOARD_FILE_BYTES)
        return cls.from_text(text, layout, str(path), alphabet)

    @classmethod
    def of_numbers(cls, layout: Layout, alphabet: Alphabet, squares: bytes) -> Board:
        """A board holding ``squares`` (tile numbers, row-major, 0 empty).  InvalidArgumentError
        for the wrong length or a number that is not a tile of ``alphabet``."""
        board = cls(layout, alphabet)
        if len(squares) != len(board._squares):
            raise InvalidArgumentError(f"{len(squares)} squares for a {board.rows}x{board.cols} board")
        size = len(alphabet)
        for number in squares:
            if number and not 1 <= number & ~BLANK_BIT <= size:
                raise InvalidArgumentError(f"{number} is not a tile number of the board's alphabet")
        board._squares[:] = squares
        return board

    def with_alphabet(self, alphabet: Alphabet) -> Board:
        """A copy of the board with its tiles numbered by ``alphabet`` (matched by their
        upper-case forms; a blank stays a blank).  InvalidArgumentError for a tile that
        ``alphabet`` does not have."""
        require_type(alphabet, Alphabet, "an alphabet")
        if alphabet.tiles == self.alphabet.tiles:
            other = self.copy()
            other.alphabet = alphabet
            return other
        table = bytearray(256)
        for number, tile in enumerate(self.alphabet.tiles, 1):
            if tile in alphabet.tiles:
                table[number] = alphabet.number(tile)
                table[number | BLANK_BIT] = alphabet.number(tile) | BLANK_BIT
        other = Board(self.layout, alphabet)
        for number in self._squares:
            if number and not table[number]:
                tile = self.alphabet.written(number)
                raise InvalidArgumentError(f"the board holds {tile!r}, which is not a tile of the alphabet")
        other._squares[:] = self._squares.translate(bytes(table))
        return other

    def copy(self) -> Board:
        """An independent copy of the board (the move generator's arrays are not shared)."""
        other = Board(self.layout, self.alphabet)
        other._squares[:] = self._squares
        return other

    def transposed(self) -> Board:
        """A copy mirrored over the main diagonal: down words become across words."""
        other = Board(self.layout.transposed(), self.alphabet)
        cols = self.cols
        squares = self._squares
        other._squares[:] = bytes(
            squares[row * cols + col] for col in range(cols) for row in range(self.rows)
        )
        return other

    # --- squares: text --------------------------------------------------------------------------

    def get(self, row: int, col: int) -> str | None:
        """The tile on a square as written (its lower-case form for a blank), or None.  Raises
        for a square off the board."""
        require_int(row, "the row")
        require_int(col, "the column")
        number = self.number_at(row, col)
        return None if number == EMPTY else self.alphabet.written(number)

    def letter(self, row: int, col: int) -> str | None:
        """The tile on a square in upper case (a blank's tile too), or None."""
        number = self.number_at(row, col)
        return None if number == EMPTY else self.alphabet.tile(number & ~BLANK_BIT)

    def is_empty_at(self, row: int, col: int) -> bool:
        """Whether the square holds no tile."""
        return self.number_at(row, col) == EMPTY

    def _number_of(self, tile: object) -> int:
        if not isinstance(tile, str):
            raise InvalidArgumentTypeError(f"a tile must be a string, not {type(tile).__name__}")
        alphabet = self.alphabet
        if tile not in alphabet:
            raise InvalidArgumentError(f"{tile!r} is not a tile of the board's alphabet")
        number = alphabet.number(tile)
        return number | BLANK_BIT if alphabet.is_designated_blank(tile) else number

    def place(self, row: int, col: int, tile: str) -> None:
        """Put a tile on an empty square (its lower-case form = a blank).  Raises
        InvalidArgumentError when the square is occupied or off the board, or the tile is not
        one of the board's alphabet."""
        number = self._number_of(tile)
        require_int(row, "the row")
        require_int(col, "the column")
        if self.number_at(row, col) != EMPTY:
            raise InvalidArgumentError(f"square ({row}, {col}) is already occupied")
        self.put(row * self.cols + col, number)

    def place_all(self, tiles: Iterable[tuple[int, int, str]]) -> None:
        """Place several (row, col, tile) tiles; all or nothing."""
        given: object = tiles  # checked as what a caller might pass, not as annotated
        if isinstance(given, (str, bytes)) or not isinstance(given, Iterable):
            raise InvalidArgumentTypeError(
                f"tiles must be an iterable of (row, col, tile), not {type(tiles).__name__}"
            )
        placed: dict[int, int] = {}
        for item in tiles:
            if not isinstance(item, tuple) or len(item) != 3:
                raise InvalidArgumentTypeError(f"each tile must be a (row, col, tile) tuple, not {item!r}")
            row, col, tile = item
            require_int(row, "the row")
            require_int(col, "the column")
            number = self._number_of(tile)
            if row * self.cols + col in placed or self.number_at(row, col) != EMPTY:
                raise InvalidArgumentError(f"square ({row}, {col}) is already occupied")
            placed[row * self.cols + col] = number
        for square, number in placed.items():
            self.put(square, number)

    def remove(self, row: int, col: int) -> str | None:
        """Take the tile off a square and return it (None if it was empty)."""
        tile = self.get(row, col)
        if tile is not None:
            self.put(row * self.cols + col, EMPTY)
        return tile

    def is_empty(self) -> bool:
        """Whether no tile is on the board."""
        return not any(self._squares)

    def tiles(self) -> Iterator[tuple[int, int, str]]:
        """Every (row, col, tile) on the board, row by row."""
        written = self.alphabet.written
        cols = self.cols
        for square, number in enumerate(self._squares):
            if number:
                yield square // cols, square % cols, written(number)

    def tile_count(self) -> int:
        """How many tiles are on the board."""
        return len(self._squares) - self._squares.count(EMPTY)

    def row_tiles(self, row: int) -> list[str | None]:
        """The squares of a row, left to right (a copy)."""
        self.number_at(row, 0)  # raises for a row off the board
        written = self.alphabet.written
        start = row * self.cols
        return [written(n) if n else None for n in self._squares[start : start + self.cols]]

    def grid(self) -> list[list[str | None]]:
        """The whole grid as a list of rows (a copy)."""
        return [self.row_tiles(row) for row in range(self.rows)]

    # --- words ----------------------------------------------------------------------------------

    def runs(self, minimum_length: int = 2) -> Iterator[Run]:
        """Every maximal line of ``minimum_length`` or more tiles, across runs first, each in
        reading order, as tile numbers."""
        squares = self._squares
        rows, cols = self.rows, self.cols
        for across in (True, False):
            outer, inner = (rows, cols) if across else (cols, rows)
            for line in range(outer):
                run = bytearray()
                for position in range(inner + 1):
                    number = EMPTY
                    if position < inner:
                        index = line * cols + position if across else position * cols + line
                        number = squares[index]
                    if number:
                        run.append(number)
                        continue
                    if len(run) >= minimum_length:
                        start = position - len(run)
                        row, col = (line, start) if across else (start, line)
                        yield Run(bytes(run), row, col, across)
                    run = bytearray()

    def words(self, minimum_length: int = 2) -> Iterator[tuple[str, int, int, bool]]:
        """Every maximal run of ``minimum_length`` or more tiles, as (word in upper case, row,
        col, across), across runs first, each in reading order."""
        tile = self.alphabet.tile
        for run in self.runs(minimum_length):
            word = "".join(tile(number & ~BLANK_BIT) for number in run.tiles)
            yield word, run.row, run.col, run.across

    # --- text -----------------------------------------------------------------------------------

    def to_text(self) -> str:
        """The plain board format: one line a row, ``.`` for empty squares (multi-character
        tiles in notation)."""
        lines = []
        cols = self.cols
        alphabet = self.alphabet
        for row in range(self.rows):
            line = self._squares[row * cols : (row + 1) * cols]
            if alphabet.is_single_character:
                lines.append("".join(alphabet.written(n) if n else "." for n in line))
                continue
            parts = []
            run = bytearray()
            for number in line:
                if number:
                    run.append(number)
                    continue
                if run:
                    parts.append(alphabet.format_tiles(run))
                    run = bytearray()
                parts.append(".")
            if run:
                parts.append(alphabet.format_tiles(run))
            lines.append("".join(parts))
        return "".join(line + "\n" for line in lines)

    def __str__(self) -> str:
        return self.to_text()

    def __repr__(self) -> str:
        return f"<Board {self.rows}x{self.cols} {self.layout.name}, {self.tile_count()} tiles>"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Board)
            and self._squares == other._squares
            and self.layout == other.layout
            and self.alphabet.tiles == other.alphabet.tiles
        )

    __hash__ = None  # type: ignore[assignment]


def _row_tiles(line: str, alphabet: Alphabet, where: str) -> bytes:
    """A board text row as tile numbers (0 for ``.``); BoardError naming ``where``."""
    if alphabet.is_single_character:
        out = bytearray()
        for char in line:
            if char == ".":
                out.append(EMPTY)
            elif not is_tile_letter(char):
                raise BoardError(f"{where}: {char!r} is neither '.' nor a tile letter")
            elif char not in alphabet:
                raise BoardError(f"{where}: {char!r} is not a tile of the alphabet")
            else:
                number = alphabet.number(char)
                out.append(number | BLANK_BIT if alphabet.is_designated_blank(char) else number)
        return bytes(out)
    out = bytearray()
    for part in _EMPTY_RUNS.split(line):
        if not part:
            continue
        if part[0] == ".":
            out.extend(bytes(len(part)))
            continue
        try:
            tiles = alphabet.parse_tiles(part)
        except InvalidArgumentError as error:
            raise BoardError(f"{where}: {error}") from None
        if 0 in tiles:
            raise BoardError(f"{where}: a blank on the board is written as the tile it plays, in lower case")
        out.extend(tiles)
    return bytes(out)

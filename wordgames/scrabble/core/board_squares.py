"""The board's squares as tile numbers: the storage every board keeps, the engines' fast
path to it, and the change log the move generator follows.

:class:`BoardSquares` is the base class of :class:`~wordgames.scrabble.core.board.Board`,
which adds the board as text (tiles as written, the plain board file format), its words and
its copies.  Inside, the squares are one array of tile numbers, row-major (square
``row * cols + col``): :data:`EMPTY` for an empty square, the tile's number in the board's
alphabet, ``n | BLANK_BIT`` for a blank standing for tile ``n`` (see
:mod:`wordgames.lexicon.alphabet`).  Every change is logged (:meth:`BoardSquares.changes_since`)
so the move generator's arrays, kept beside the board (:meth:`BoardSquares.kernel_state`),
follow a move played or taken back (:meth:`BoardSquares.play`, :meth:`BoardSquares.unplay`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple, Protocol

from wordgames.errors import BoardError, InvalidArgumentError, InvalidArgumentTypeError
from wordgames.lexicon.alphabet import BLANK_BIT, ENGLISH, Alphabet
from wordgames.scrabble.core.checks import require_int, require_type
from wordgames.scrabble.core.layout import Layout, standard_layout


class Square(NamedTuple):
    """A square of the board: 0-based row and column."""

    row: int
    col: int


EMPTY = 0
"""The tile number of an empty square."""

_LOG_LIMIT = 4096
"""The changes a board remembers: a kernel further behind than this reloads the board."""


class PlacedTiles(Protocol):
    """What :meth:`BoardSquares.play` needs of a move (a :class:`~wordgames.scrabble.core.move.Move`
    is one): the alphabet numbering its tiles and the tiles it puts down."""

    @property
    def alphabet(self) -> Alphabet:
        """The alphabet of the move's tile numbers."""

    def placed_numbers(self) -> list[tuple[int, int, int]]:
        """(row, col, tile number) of each tile put down (a blank as ``n | BLANK_BIT``)."""


class BoardSquares:
    """A board's squares as tile numbers and their change log (see the module docstring): the
    base class of :class:`~wordgames.scrabble.core.board.Board`."""

    __slots__ = ("_kernels", "_log", "_log_start", "_squares", "alphabet", "cols", "layout", "rows",
                 "version")

    def __init__(self, layout: Layout | None = None, alphabet: Alphabet | None = None) -> None:
        if layout is not None:
            require_type(layout, Layout, "a board's layout")
        if alphabet is not None:
            require_type(alphabet, Alphabet, "a board's alphabet")
        self.layout = layout if layout is not None else standard_layout()
        self.alphabet = alphabet if alphabet is not None else ENGLISH
        self.rows = self.layout.rows
        self.cols = self.layout.cols
        self._squares = bytearray(self.rows * self.cols)
        self.version = 0
        self._log: list[int] = []
        self._log_start = 0
        self._kernels: dict[object, Any] = {}

    # --- squares: tile numbers ------------------------------------------------------------------

    @property
    def squares(self) -> bytes:
        """Every square's tile number, row-major (0 empty; a copy).  Cost: O(squares)."""
        return bytes(self._squares)

    def number_at(self, row: int, col: int) -> int:
        """The tile number on a square (0 empty, ``n | BLANK_BIT`` a blank).  Raises for a
        square off the board."""
        if not self.in_bounds(row, col):
            raise InvalidArgumentError(f"square ({row}, {col}) is off the {self.rows}x{self.cols} board")
        return self._squares[row * self.cols + col]

    def put(self, square: int, number: int) -> None:
        """Set square ``square`` (row-major index) to tile number ``number`` (0 empties it),
        for searches that set squares one by one (:meth:`place` checks the square is empty
        and takes the tile as written).  InvalidArgumentError for a square off the board or a
        number that is not one of the alphabet's tiles (or one with the blank bit).  Logged
        for the move generator.  Cost: O(1)."""
        if not (type(square) is int and 0 <= square < len(self._squares)):
            require_int(square, "a square", 0, len(self._squares) - 1)
        if not (type(number) is int and (number & ~BLANK_BIT) <= len(self.alphabet) and 0 <= number < 256
                and number != BLANK_BIT):
            require_int(number, "a tile number", 0, 255)
            raise InvalidArgumentError(f"{number} is not a tile number of the board's alphabet")
        self._squares[square] = number
        self._logged(square)

    def _logged(self, square: int) -> None:
        self.version += 1
        log = self._log
        log.append(square)
        if len(log) > _LOG_LIMIT:
            drop = len(log) - _LOG_LIMIT // 2
            del log[:drop]
            self._log_start += drop

    def changes_since(self, version: int) -> list[int] | None:
        """The squares changed since ``version`` (possibly repeated), or None when the board
        no longer remembers that far back (then reload it whole).  Cost: O(changes)."""
        require_int(version, "a board version")
        if version < self._log_start or version > self.version:
            return None
        return self._log[version - self._log_start :]

    def kernel_state(self, key: object, make: Callable[[], Any]) -> Any:
        """The move generator's state for this board kept under ``key`` (made by ``make`` the
        first time).  Copies of a board do not share it."""
        if not callable(make):
            raise InvalidArgumentTypeError(f"make must be callable, not {type(make).__name__}")
        try:
            state = self._kernels.get(key)
        except TypeError:
            raise InvalidArgumentTypeError(
                f"a kernel key must be hashable, not {type(key).__name__}"
            ) from None
        if state is None:
            state = self._kernels[key] = make()
        return state

    def _numbers_of(self, move: PlacedTiles) -> list[tuple[int, int, int]]:
        """``move``'s placed tiles in this board's numbering."""
        placed_numbers = getattr(move, "placed_numbers", None)
        if placed_numbers is None:
            raise InvalidArgumentTypeError(f"a move must be a Move, not {type(move).__name__}")
        placed: list[tuple[int, int, int]] = placed_numbers()
        if move.alphabet.tiles != self.alphabet.tiles:
            own, theirs = self.alphabet, move.alphabet
            placed = [(row, col, own.number(theirs.tile(number & ~BLANK_BIT)) | (number & BLANK_BIT))
                      for row, col, number in placed]
        for row, col, _number in placed:
            if not (0 <= row < self.rows and 0 <= col < self.cols):
                raise BoardError(f"the move places a tile off the board, at ({row}, {col})")
        return placed

    def play(self, move: PlacedTiles) -> None:
        """Put ``move``'s tiles on the board without judging the move (the rules do that;
        this is the engine's fast path for searches that play and take back).  BoardError,
        with the board unchanged, when a square is off the board or already holds a tile.
        Cost: O(tiles placed)."""
        self.play_codes(self.codes_of(move))

    def unplay(self, move: PlacedTiles) -> None:
        """Take ``move``'s tiles off the board again (the inverse of :meth:`play`).
        BoardError, with the board unchanged, when a square does not hold the tile the move
        put there."""
        self.unplay_codes(self.codes_of(move))

    def codes_of(self, move: PlacedTiles) -> tuple[int, ...]:
        """The codes of :meth:`play_codes` for ``move``'s tiles, in this board's numbering (a
        move numbered by another alphabet has its tiles matched by their forms).  BoardError
        for a tile off the board.  Cost: O(tiles placed)."""
        cols = self.cols
        return tuple([(row * cols + col) << 8 | number for row, col, number in self._numbers_of(move)])

    def play_codes(self, codes: Sequence[int]) -> None:
        """Put down the tiles of a move given as codes, ``square << 8 | tile number``
        (:func:`~wordgames.scrabble.movegen.convert.compact_of_records`: squares row-major,
        numbers in this board's alphabet, BLANK_BIT on a blank's), without judging the move:
        the one way tiles of a move go down, for :meth:`play` and for searches that hold
        moves as integers.  BoardError, with the board unchanged, when a square is off the
        board or taken, or a number is not a tile.  Cost: O(tiles placed)."""
        squares = self._squares
        tiles = len(self.alphabet)
        for code in _codes(codes):
            square, number = code >> 8, code & 0xFF
            if not (0 <= square < len(squares) and 0 < (number & ~BLANK_BIT) <= tiles):
                raise BoardError(f"{code} is not a tile on a square of the board")
            if squares[square] != EMPTY:
                raise BoardError(f"square ({square // self.cols}, {square % self.cols}) is already occupied")
        for code in codes:
            squares[code >> 8] = code & 0xFF
            self._logged(code >> 8)

    def unplay_codes(self, codes: Sequence[int]) -> None:
        """Take the tiles of :meth:`play_codes` off the board again.  BoardError, with the
        board unchanged, when a square does not hold the code's tile."""
        squares = self._squares
        for code in _codes(codes):
            square = code >> 8
            if not (0 <= square < len(squares)) or code & 0xFF == EMPTY:
                raise BoardError(f"{code} is not a tile on a square of the board")
            if squares[square] != code & 0xFF:
                raise BoardError(f"square ({square // self.cols}, {square % self.cols}) does not hold "
                                 "the move's tile")
        for code in codes:
            squares[code >> 8] = EMPTY
            self._logged(code >> 8)

    def in_bounds(self, row: int, col: int) -> bool:
        """Whether (row, col) is on the board; InvalidArgumentTypeError when they are not
        whole numbers."""
        if not isinstance(row, int) or not isinstance(col, int):
            raise InvalidArgumentTypeError(
                f"a square is a row and a column, whole numbers, not {type(row).__name__} and "
                f"{type(col).__name__}"
            )
        return 0 <= row < self.rows and 0 <= col < self.cols


def _codes(codes: Sequence[int]) -> Sequence[int]:
    """``codes`` when it is a list or tuple of whole numbers from 0 (InvalidArgumentTypeError
    otherwise)."""
    if not isinstance(codes, (list, tuple)) or not all(type(code) is int and code >= 0 for code in codes):
        raise InvalidArgumentTypeError(
            f"a move's codes are a list of whole numbers from 0, not {codes!r:.40}")
    return codes

"""Moves: which tiles go where, and the word they make.

A :class:`Move` is the placement of one or more rack tiles in one line.  Inside it is one
record: where its main word starts (``row``, ``col``), which way it reads, the word's tile
numbers (board tiles included; a blank ``n | BLANK_BIT``), a bit mask of the word's positions
the move fills, and its score.  The move generator makes moves as records and nothing else;
the text a person reads — ``word`` (blanks in lower case), ``placed`` (one
:class:`~wordgames.scrabble.core.placement.Placement` per tile put down), ``words`` (every word
formed, main word first) — is built only when asked, and kept.  Directions, placements and the
line that placed tiles make are :mod:`~wordgames.scrabble.core.placement`.

Moves order best first: higher score, then (row, column, across before down, word in tile
order, real tiles before blanks) — the tie-break every listing in the engine uses.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import cython  # type: ignore[import-untyped, unused-ignore]

from wordgames.errors import InvalidArgumentError
from wordgames.lexicon.alphabet import BLANK_BIT, ENGLISH, Alphabet
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.board_squares import EMPTY, Square
from wordgames.scrabble.core.checks import require_int, require_items, require_type
from wordgames.scrabble.core.placement import Direction, Placement, line_of, placement_mask, written_tiles

_UNBLANK = bytes(number & ~BLANK_BIT for number in range(256))
"""A byte translation clearing the blank bit (a word's tiles as the lexicon spells them)."""


# Neither class can be part of a reference cycle (they hold ints, bytes, text, an alphabet and
# tuples of placements), so the garbage collector need not track them: making and freeing the
# ten thousand moves of a rack with two blanks costs much less.
@cython.no_gc
@cython.cclass
class BoardSnapshot:
    """The squares of a board as a search saw them, shared by the moves it made, so a move can
    name its cross words later however the board has changed since.  Cost: one copy of the
    squares per search."""

    def __init__(self, squares: bytes, rows: int, cols: int) -> None:
        self.squares = squares
        self.rows = rows
        self.cols = cols

    @classmethod
    def of(cls, board: Board) -> BoardSnapshot:
        """The snapshot of ``board`` as it is now."""
        return cls(board.squares, board.rows, board.cols)


@cython.no_gc
@cython.freelist(256)
@cython.cclass
class Move:
    """A placement of tiles forming a main word from (row, col) in ``direction`` (0-based);
    see the module docstring.  Immutable; equal when their squares, words, placements and
    scores are.  Compiled, a move is a small C structure (see ``move.pxd``)."""

    def __init__(
        self,
        row: int,
        col: int,
        direction: Direction,
        word: str,
        placed: tuple[Placement, ...],
        score: int = 0,
        words: tuple[str, ...] = (),
        alphabet: Alphabet | None = None,
    ) -> None:
        """A move from its text parts: ``word`` written (blanks in lower case, multi-character
        tiles in notation), ``placed`` the tiles it puts down, ``words`` every word it forms
        (as the rule set that scored it found them).  Placements off the word's line are kept
        as given, for the rules to refuse."""
        require_int(row, "the row")
        require_int(col, "the column")
        require_type(direction, Direction, "the direction")
        require_type(word, str, "the word")
        require_int(score, "the score")
        alphabet = ENGLISH if alphabet is None else alphabet
        require_type(alphabet, Alphabet, "the alphabet")
        if not isinstance(placed, tuple) or not all(isinstance(p, Placement) for p in placed):
            raise InvalidArgumentError("a move's placements must be a tuple of Placement")
        if not isinstance(words, tuple) or not all(isinstance(w, str) for w in words):
            raise InvalidArgumentError("a move's words must be a tuple of strings")
        self._row = row
        self._col = col
        self._across = direction is Direction.ACROSS
        self._score = score
        self._alphabet = alphabet
        self._snapshot: BoardSnapshot | None = None
        self._words: tuple[str, ...] | None = words
        tiles = written_tiles(word, alphabet)
        # Written out as the engine writes words (notation read, brackets gone).
        self._word: str | None = word if tiles is None else alphabet.decode_word(tiles)
        self._tiles = tiles if tiles is not None else b""
        self._new = 0
        self._placed: tuple[Placement, ...] | None = placed
        if tiles is not None:
            new = placement_mask(row, col, self._across, tiles, placed, alphabet)
            if new is not None:
                self._new = new

    @staticmethod
    def of_record(score: int, row: int, col: int, across: bool, tiles: bytes, new: int,
                  alphabet: Alphabet, snapshot: BoardSnapshot | None = None) -> Move:
        """The move of a generator's record (see the module docstring): ``tiles`` the main
        word's tile numbers, ``new`` the mask of the positions it fills.  No text is built.
        Cost: one object."""
        return make_move(score, row, col, across, tiles, new, alphabet, snapshot)

    # --- the record ----------------------------------------------------------------------------

    @property
    def row(self) -> int:
        """The row of the main word's first square."""
        return self._row

    @property
    def col(self) -> int:
        """The column of the main word's first square."""
        return self._col

    @property
    def score(self) -> int:
        """The points the move scores (0 until a rule set has scored it)."""
        return self._score

    @property
    def direction(self) -> Direction:
        """Which way the main word reads."""
        return Direction.ACROSS if self._across else Direction.DOWN

    @property
    def across(self) -> bool:
        """Whether the main word reads across."""
        return self._across

    @property
    def alphabet(self) -> Alphabet:
        """The alphabet numbering the move's tiles."""
        return self._alphabet

    @property
    def numbers(self) -> bytes:
        """The main word's tile numbers, board tiles included (``n | BLANK_BIT`` a blank)."""
        return self._tiles

    @property
    def new_mask(self) -> int:
        """Bit ``i`` set when the move puts a tile on the main word's ``i``-th square."""
        return self._new

    def placed_numbers(self) -> list[tuple[int, int, int]]:
        """(row, col, tile number) of each tile the move puts down, in reading order (a blank
        as ``n | BLANK_BIT``).  Cost: O(word)."""
        if self._placed is not None and not self._new:
            number = self._alphabet.number
            return [(p.row, p.col, number(p.letter) | (BLANK_BIT if p.blank else 0)) for p in self._placed]
        d_row, d_col = (0, 1) if self._across else (1, 0)
        tiles = self._tiles
        new = self._new
        return [(self._row + d_row * i, self._col + d_col * i, tiles[i])
                for i in range(len(tiles)) if new >> i & 1]

    def lexicon_key(self) -> bytes:
        """The main word's tile numbers without blank bits (how the lexicon spells it)."""
        return self._tiles.translate(_UNBLANK)

    # --- text, built when asked ----------------------------------------------------------------

    @property
    def word(self) -> str:
        """The main word as written, board tiles included, blanks in lower case."""
        word = self._word
        if word is None:
            word = self._word = self._alphabet.decode_word(self._tiles)
        return word

    @property
    def placed(self) -> tuple[Placement, ...]:
        """The tiles the move puts down, in reading order."""
        placed = self._placed
        if placed is None:
            tile = self._alphabet.tile
            placed = self._placed = tuple(
                Placement(row, col, tile(number & ~BLANK_BIT), bool(number & BLANK_BIT))
                for row, col, number in self.placed_numbers()
            )
        return placed

    @property
    def words(self) -> tuple[str, ...]:
        """Every word of two or more tiles the move forms, main word first, then the cross
        word of each placed tile in reading order (empty for a move no generator or rule set
        has scored).  Cost: O(tiles touched) the first time."""
        words = self._words
        if words is None:
            words = self._words = self._formed_words()
        return words

    def _formed_words(self) -> tuple[str, ...]:
        snapshot = self._snapshot
        if snapshot is None:
            return ()
        tile = self._alphabet.tile
        found = []
        if len(self._tiles) >= 2:
            found.append("".join(tile(n & ~BLANK_BIT) for n in self._tiles))
        squares, rows, cols = snapshot.squares, snapshot.rows, snapshot.cols
        for row, col, number in self.placed_numbers():
            # The cross word runs the other way: down for an across move.
            d_row, d_col = (1, 0) if self._across else (0, 1)
            r, c = row - d_row, col - d_col
            while 0 <= r < rows and 0 <= c < cols and squares[r * cols + c] != EMPTY:
                r, c = r - d_row, c - d_col
            r, c = r + d_row, c + d_col
            letters = []
            while 0 <= r < rows and 0 <= c < cols:
                n = number if (r, c) == (row, col) else squares[r * cols + c]
                if n == EMPTY:
                    break
                letters.append(tile(n & ~BLANK_BIT))
                r, c = r + d_row, c + d_col
            if len(letters) >= 2:
                found.append("".join(letters))
        return tuple(found)

    @property
    def rack_tiles(self) -> tuple[str, ...]:
        """The rack tiles the move uses, one a tile (``?`` for a blank), in placement order."""
        return tuple(placement.rack_tile for placement in self.placed)

    @property
    def tiles_used(self) -> str:
        """The rack tiles the move uses in notation, ``?`` for blanks, in placement order
        (``"BAS"``; ``"CE?[L·L]"`` with multi-character tiles): see :attr:`rack_tiles` for
        them one a tile."""
        return self._alphabet.format(self.rack_tiles)

    def squares(self) -> list[Square]:
        """The squares the main word covers, in reading order."""
        d_row, d_col = (0, 1) if self._across else (1, 0)
        length = len(self._tiles) or len(self._word or "")
        return [Square(self._row + d_row * i, self._col + d_col * i) for i in range(length)]

    # --- order, value semantics ---------------------------------------------------------------

    def sort_key(self) -> tuple[int, int, int, int, bytes, bytes]:
        """Best first: higher score, then row, column, across before down, word in tile order
        (a blank where a real tile would be sorts after it)."""
        tiles = self._tiles
        return (-self._score, self._row, self._col, 0 if self._across else 1,
                tiles.translate(_UNBLANK), tiles)

    def with_score(self, score: int, words: Iterable[str] = ()) -> Move:
        """This move with its score (and formed words) set."""
        move = make_move(score, self._row, self._col, self._across, self._tiles, self._new,
                         self._alphabet, self._snapshot)
        move._word = self._word
        move._placed = self._placed
        move._words = tuple(words)
        return move

    def _key(self) -> tuple[Any, ...]:
        return (self._row, self._col, self._across, self.word, self.placed, self._score)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Move):
            return NotImplemented
        if (self._score != other.score or self._row != other.row or self._col != other.col
                or self._across != other.across):
            return False
        return bool(self._key() == other._key())

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (f"Move(row={self._row}, col={self._col}, direction={self.direction}, word={self.word!r}, "
                f"placed={self.placed!r}, score={self._score})")

    def __str__(self) -> str:
        return f"{self.word} at ({self._row}, {self._col}) {self.direction.name.lower()}"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuilt, (self._row, self._col, self._across, self.word, self.placed, self._score,
                           self.words, self._alphabet))

    # --- construction from text ---------------------------------------------------------------

    @classmethod
    def from_word(
        cls, board: Board, row: int, col: int, direction: Direction, word: str
    ) -> Move:
        """The move that writes ``word`` from (row, col): tiles on occupied squares are the
        board's; the others are placed (lower case = a blank).  Raises InvalidArgumentError
        when the word runs off the board or holds something that is not a tile of the board's
        alphabet.  Whether board tiles match the word is for the rule set to judge."""
        require_type(board, Board, "the board")
        require_int(row, "the row")
        require_int(col, "the column")
        require_type(direction, Direction, "the direction")
        require_type(word, str, "the word")
        alphabet = board.alphabet
        tiles = written_tiles(word, alphabet)
        if not word or tiles is None:
            shown = word if len(word) <= 40 else word[:40] + "..."
            raise InvalidArgumentError(f"a word is made of tile letters, not {shown!r}")
        move = Move.of_tiles(board, row, col, direction, tiles)
        return _with_text(move, word, None)

    @classmethod
    def of_tiles(
        cls, board: Board, row: int, col: int, direction: Direction, tiles: bytes | list[int]
    ) -> Move:
        """The move that puts tile numbers ``tiles`` (a blank ``n | BLANK_BIT``) on the
        squares from (row, col): the empty squares are placed, the others are the board's.
        Raises InvalidArgumentError when the word runs off the board.  Whether board tiles
        match is for the rule set to judge."""
        require_type(board, Board, "the board")
        tiles = bytes(tiles)
        if not tiles:
            raise InvalidArgumentError("a word has at least one tile")
        d_row, d_col = direction.step
        end_row, end_col = row + d_row * (len(tiles) - 1), col + d_col * (len(tiles) - 1)
        if not (board.in_bounds(row, col) and board.in_bounds(end_row, end_col)):
            raise InvalidArgumentError(
                f"{board.alphabet.decode_word(bytes(t & ~BLANK_BIT for t in tiles))} does not fit on the "
                f"board from ({row}, {col}) {direction.name.lower()}"
            )
        new = 0
        for i in range(len(tiles)):
            if board.number_at(row + d_row * i, col + d_col * i) == EMPTY:
                new |= 1 << i
        across = direction is Direction.ACROSS
        return _with_text(make_move(0, row, col, across, tiles, new, board.alphabet, None), None, None)

    @classmethod
    def from_placements(
        cls, board: Board, placements: Iterable[Placement], direction: Direction | None = None
    ) -> Move:
        """The move made by putting ``placements`` on ``board``: the main word is the line
        through them extended over adjacent board tiles.  A single tile reads in ``direction``
        when it forms a word of two or more letters that way, else in the direction where it
        forms the longer word (across on a tie).  Raises InvalidArgumentError when the
        tiles are not in one line or the squares are off the board; gaps and occupied squares
        are left for the rule set to judge (the word then stops at the first gap)."""
        require_type(board, Board, "the board")
        if direction is not None:
            require_type(direction, Direction, "the direction")
        placements = tuple(require_items(placements, "the placements"))
        for placement in placements:
            require_type(placement, Placement, "a placement")
        placed = tuple(sorted(placements))
        if not placed:
            raise InvalidArgumentError("a move places at least one tile")
        for placement in placed:
            if not board.in_bounds(placement.row, placement.col):
                raise InvalidArgumentError(
                    f"square ({placement.row}, {placement.col}) is off the board"
                )
        rows = {placement.row for placement in placed}
        cols = {placement.col for placement in placed}
        if len(rows) > 1 and len(cols) > 1:
            raise InvalidArgumentError("the tiles of a move must be in one row or one column")
        alphabet = board.alphabet
        new: dict[tuple[int, int], int] = {}
        for p in placed:
            if p.letter not in alphabet.tiles:
                raise InvalidArgumentError(f"{p.letter!r} is not a tile of the board's alphabet")
            new[(p.row, p.col)] = alphabet.number(p.letter) | (BLANK_BIT if p.blank else 0)
        move = _line_move(board, new, direction)
        # A gap: the word stops before some placements, which the move keeps as given.
        return _with_text(move, None, placed if move.new_mask.bit_count() != len(placed) else None)

    @classmethod
    def of_placed_numbers(
        cls, board: Board, placed: Iterable[tuple[int, int, int]], direction: Direction | None = None
    ) -> Move:
        """The move that puts tile numbers on empty squares, given as ``(row, col, number)``
        (a blank ``n | BLANK_BIT``; what :meth:`placed_numbers` returns), read as
        :meth:`from_placements` reads placements.  For callers that hold tiles placed by a
        search: the squares are taken to be in one line, on the board and empty, and the
        tiles to be contiguous with the board's (a search's moves are).  No text is built.
        Cost: O(word)."""
        new = {(row, col): number for row, col, number in placed}
        if not new:
            raise InvalidArgumentError("a move places at least one tile")
        return _with_text(_line_move(board, new, direction), None, None)


def make_move(score: int, row: int, col: int, across: bool, tiles: bytes, new: int,
              alphabet: Alphabet, snapshot: BoardSnapshot | None) -> Move:
    """A move of a record (see :meth:`Move.of_record`), made without its constructor's checks:
    the move generator's path."""
    move = Move.__new__(Move)
    move._score = score
    move._row = row
    move._col = col
    move._across = across
    move._tiles = tiles
    move._new = new
    move._alphabet = alphabet
    move._snapshot = snapshot
    move._word = None
    move._placed = None
    move._words = None
    return move


def _line_move(board: Board, new: dict[tuple[int, int], int], direction: Direction | None) -> Move:
    """The move of tile numbers ``new`` (by square, in one line) put on ``board``: its main
    word as :func:`~wordgames.scrabble.core.placement.line_of` finds it, no text built."""
    row, col, across, tiles, mask = line_of(board, new, direction)
    return make_move(0, row, col, across, tiles, mask, board.alphabet, None)


def _with_text(move: Move, word: str | None, placed: tuple[Placement, ...] | None) -> Move:
    """``move`` with its word as the caller wrote it, its placements kept as given (then its
    position mask is not used), and no formed words (no rule set has scored it)."""
    move._word = word
    move._words = ()
    if placed is not None:
        move._placed = placed
        move._new = 0
    return move


def _rebuilt(row: int, col: int, across: bool, word: str, placed: tuple[Placement, ...], score: int,
             words: tuple[str, ...], alphabet: Alphabet) -> Move:
    return Move(row, col, Direction.ACROSS if across else Direction.DOWN, word, placed, score, words,
                alphabet)


def sort_moves(moves: Iterable[Move]) -> list[Move]:
    """Moves best first (see :meth:`Move.sort_key`)."""
    require_type(moves, Iterable, "moves")
    listed = list(moves)
    for move in listed:
        require_type(move, Move, "a move")
    return sorted(listed, key=Move.sort_key)

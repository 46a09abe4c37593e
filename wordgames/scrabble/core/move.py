"""Moves: which tiles go where, and the word they make.

A :class:`Move` is the placement of one or more rack tiles in one line.  It records the main
word it forms (``row``, ``col`` of its first square, ``direction``, and ``word`` with board
letters included and blanks in lower case), the newly placed tiles, and its score once a rule
set has scored it.  Moves order best first: higher score, then (row, column, across before
down, word) — the tie-break every listing in the engine uses.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from wordgames.errors import InvalidArgumentError, NotationError
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.checks import require_int, require_items, require_type
from wordgames.scrabble.core.tiles import is_tile_letter


class Direction(enum.Enum):
    """The direction a word reads: ACROSS (left to right) or DOWN (top to bottom)."""

    ACROSS = "H"
    DOWN = "V"

    @classmethod
    def _missing_(cls, value: object) -> Direction:
        """``Direction(value)`` for a value that is not ``"H"`` or ``"V"``: the package's
        argument error instead of the enum's bare ValueError."""
        raise InvalidArgumentError(f"a direction is 'H' (across) or 'V' (down), not {value!r:.40}")

    @property
    def step(self) -> tuple[int, int]:
        """The (row, col) offset from one square of a word to the next."""
        return (0, 1) if self is Direction.ACROSS else (1, 0)

    @property
    def other(self) -> Direction:
        """The perpendicular direction."""
        return Direction.DOWN if self is Direction.ACROSS else Direction.ACROSS

    @classmethod
    def parse(cls, text: str) -> Direction:
        """``H``/``A``/``-``/``across`` or ``V``/``D``/``|``/``down`` (any case)."""
        require_type(text, str, "a direction")
        key = text.strip().upper()
        if key in ("H", "A", "-", "ACROSS"):
            return cls.ACROSS
        if key in ("V", "D", "|", "DOWN"):
            return cls.DOWN
        raise NotationError(f"direction must be H (across) or V (down), not {text!r}")


@dataclass(frozen=True, order=True)
class Placement:
    """One tile put on the board by a move; ``blank`` tiles stand for ``letter``."""

    row: int
    col: int
    letter: str
    blank: bool = False

    @property
    def tile(self) -> str:
        """The tile as written on a board: the letter, lower case for a blank."""
        return self.letter.lower() if self.blank else self.letter

    @property
    def rack_tile(self) -> str:
        """The tile as it was on the rack: the letter, or ``?`` for a blank."""
        return "?" if self.blank else self.letter


@dataclass(frozen=True)
class Move:
    """A placement of tiles forming ``word`` from (row, col) in ``direction`` (0-based)."""

    row: int
    col: int
    direction: Direction
    word: str
    placed: tuple[Placement, ...]
    score: int = 0
    words: tuple[str, ...] = field(default=(), compare=False)
    """Every word the move forms (main word first), filled in by the rule set that scored it."""

    def sort_key(self) -> tuple[int, int, int, int, str]:
        """Best first: higher score, then row, column, across before down, word."""
        return (
            -self.score,
            self.row,
            self.col,
            0 if self.direction is Direction.ACROSS else 1,
            self.word.upper(),
        )

    @classmethod
    def assembled(cls, row: int, col: int, direction: Direction, word: str,
                  placed: tuple[Placement, ...], score: int, words: tuple[str, ...]) -> Move:
        """The same as ``Move(row, col, direction, word, placed, score, words)`` for parts
        already of the right types (the move generator's path): a third of the cost of the
        frozen dataclass's constructor, which sets each field through ``object.__setattr__``."""
        move = object.__new__(cls)
        fields = move.__dict__
        fields["row"] = row
        fields["col"] = col
        fields["direction"] = direction
        fields["word"] = word
        fields["placed"] = placed
        fields["score"] = score
        fields["words"] = words
        return move

    def with_score(self, score: int, words: Iterable[str] = ()) -> Move:
        """This move with its score (and formed words) set."""
        return replace(self, score=score, words=tuple(words))

    @property
    def tiles_used(self) -> str:
        """The rack tiles the move uses, ``?`` for blanks, in placement order."""
        return "".join(placement.rack_tile for placement in self.placed)

    def squares(self) -> list[tuple[int, int]]:
        """The squares the main word covers, in reading order."""
        d_row, d_col = self.direction.step
        return [(self.row + d_row * i, self.col + d_col * i) for i in range(len(self.word))]

    @classmethod
    def from_word(
        cls, board: Board, row: int, col: int, direction: Direction, word: str
    ) -> Move:
        """The move that writes ``word`` from (row, col): letters on occupied squares are
        taken from the board; the others are placed (lower case = a blank).  Raises
        InvalidArgumentError when the word runs off the board or contains a non-letter.
        Whether board letters match the word is for the rule set to judge."""
        require_type(board, Board, "the board")
        require_int(row, "the row")
        require_int(col, "the column")
        require_type(direction, Direction, "the direction")
        require_type(word, str, "the word")
        if not word or not all(is_tile_letter(char) for char in word):
            shown = word if len(word) <= 40 else word[:40] + "..."
            raise InvalidArgumentError(f"a word is made of tile letters, not {shown!r}")
        d_row, d_col = direction.step
        end_row, end_col = row + d_row * (len(word) - 1), col + d_col * (len(word) - 1)
        if not (board.in_bounds(row, col) and board.in_bounds(end_row, end_col)):
            raise InvalidArgumentError(
                f"{word.upper()} does not fit on the board from ({row}, {col}) {direction.name.lower()}"
            )
        placed = []
        for i, char in enumerate(word):
            r, c = row + d_row * i, col + d_col * i
            if board.get(r, c) is None:
                placed.append(Placement(r, c, char.upper(), char.islower()))
        return cls(row, col, direction, word, tuple(placed))

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
        new = {(p.row, p.col): p.tile for p in placed}

        def tile_at(r: int, c: int) -> str | None:
            return new.get((r, c)) or (board.get(r, c) if board.in_bounds(r, c) else None)

        def span(direction: Direction) -> tuple[int, int, str]:
            d_row, d_col = direction.step
            r, c = placed[0].row, placed[0].col
            while tile_at(r - d_row, c - d_col) is not None:
                r, c = r - d_row, c - d_col
            start = (r, c)
            letters = []
            while (tile := tile_at(r, c)) is not None:
                letters.append(tile)
                r, c = r + d_row, c + d_col
            return start[0], start[1], "".join(letters)

        if len(placed) > 1:
            direction = Direction.ACROSS if len(rows) == 1 else Direction.DOWN
        elif direction is None:
            across, down = span(Direction.ACROSS), span(Direction.DOWN)
            direction = Direction.DOWN if len(down[2]) > len(across[2]) else Direction.ACROSS
        elif len(span(direction)[2]) < 2 <= len(span(direction.other)[2]):
            direction = direction.other
        row, col, word = span(direction)
        return cls(row, col, direction, word, placed)

    def __str__(self) -> str:
        return f"{self.word} at ({self.row}, {self.col}) {self.direction.name.lower()}"


def sort_moves(moves: Iterable[Move]) -> list[Move]:
    """Moves best first (see :meth:`Move.sort_key`)."""
    require_type(moves, Iterable, "moves")
    listed = list(moves)
    for move in listed:
        require_type(move, Move, "a move")
    return sorted(listed, key=Move.sort_key)

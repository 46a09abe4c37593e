"""Placing tiles: which way a word reads, one tile put down, and the line that tiles put
down make on a board.

A :class:`Placement` is one tile a move puts on a square, written as a person reads it; a
:class:`Direction` is ACROSS or DOWN.  The functions read placed tiles as the engine's tile
numbers: a written word (:func:`written_tiles`), the positions of a word that placements fill
(:func:`placement_mask`), and the main word that tiles put on a board form (:func:`line_of`).
A :class:`~wordgames.scrabble.core.move.Move` is built from these.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from wordgames.errors import InvalidArgumentError, NotationError
from wordgames.lexicon.alphabet import BLANK_BIT, Alphabet
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.board_squares import EMPTY
from wordgames.scrabble.core.checks import require_type
from wordgames.scrabble.core.tile_letters import is_tile_letter


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
    """One tile put on the board by a move; ``blank`` tiles stand for ``letter`` (the tile's
    upper-case form)."""

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


def written_tiles(word: str, alphabet: Alphabet) -> bytes | None:
    """A word as written (a tile's lower-case form a blank) as tile numbers, or None when it
    holds something that is not a tile's form.  Cost: O(len(word))."""
    if alphabet.is_single_character:
        out = bytearray()
        number = alphabet.number
        for char in word:
            if char not in alphabet or (not is_tile_letter(char) and not alphabet.is_plain):
                return None
            n = number(char)
            out.append(n | BLANK_BIT if alphabet.is_designated_blank(char) else n)
        return bytes(out)
    try:
        tiles = alphabet.parse_tiles(word)
    except InvalidArgumentError:
        return None
    return None if 0 in tiles else tiles


def placement_mask(row: int, col: int, across: bool, tiles: bytes, placed: Sequence[Placement],
                   alphabet: Alphabet) -> int | None:
    """The mask of the word's positions ``placed`` fills, or None when a placement is off the
    word's line or disagrees with the word's tile there.  Cost: O(placements)."""
    mask = 0
    for p in placed:
        offset = p.col - col if across else p.row - row
        if (p.row != row if across else p.col != col) or not 0 <= offset < len(tiles):
            return None
        if p.letter not in alphabet.tiles:
            return None
        number = alphabet.number(p.letter) | (BLANK_BIT if p.blank else 0)
        if tiles[offset] != number or mask >> offset & 1:
            return None
        mask |= 1 << offset
    return mask


def line_of(board: Board, new: dict[tuple[int, int], int],
            direction: Direction | None) -> tuple[int, int, bool, bytes, int]:
    """The main word of tile numbers ``new`` (by square, in one line) put on ``board``, as
    ``(row, col, across, tiles, mask)``: where it starts, which way it reads, its tile numbers
    and the mask of the positions ``new`` fills.  The word is the line through them extended
    over adjacent board tiles, up to the first gap.
    A single tile reads in ``direction`` when it forms a word of two or more tiles that way,
    else in the direction where it forms the longer word (across on a tie), as the move
    generator records it.  Cost: O(word)."""
    first_row, first_col = min(new)
    rows = {row for row, _ in new}

    def tile_at(r: int, c: int) -> int:
        if (r, c) in new:
            return new[(r, c)]
        return board.number_at(r, c) if board.in_bounds(r, c) else EMPTY

    def span(direction: Direction) -> tuple[int, int, bytes]:
        d_row, d_col = direction.step
        r, c = first_row, first_col
        while tile_at(r - d_row, c - d_col) != EMPTY:
            r, c = r - d_row, c - d_col
        start = (r, c)
        tiles = bytearray()
        while (number := tile_at(r, c)) != EMPTY:
            tiles.append(number)
            r, c = r + d_row, c + d_col
        return start[0], start[1], bytes(tiles)

    if len(new) > 1:
        direction = Direction.ACROSS if len(rows) == 1 else Direction.DOWN
    elif direction is None:
        across, down = span(Direction.ACROSS), span(Direction.DOWN)
        direction = Direction.DOWN if len(down[2]) > len(across[2]) else Direction.ACROSS
    elif len(span(direction)[2]) < 2 <= len(span(direction.other)[2]):
        direction = direction.other
    row, col, tiles = span(direction)
    d_row, d_col = direction.step
    mask = 0
    for i in range(len(tiles)):
        if (row + d_row * i, col + d_col * i) in new:
            mask |= 1 << i
    return row, col, direction is Direction.ACROSS, tiles, mask


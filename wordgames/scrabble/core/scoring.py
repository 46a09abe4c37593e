"""Crossword-game scoring: the words a placement forms, their scores, and end-of-game sums.

A move scores the sum of every word of two or more letters it forms (its main word and each
cross word through a newly placed tile).  A word scores the sum of its letter values — a blank
is worth 0 — where only *newly placed* tiles get their square's letter multiplier, times the
product of the word multipliers of the newly covered squares in that word.  Placing a whole
rack (``hand_size`` tiles) earns the bingo bonus on top.

These functions read the board as it is *before* the move and never modify it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from wordgames.errors import InvalidArgumentError
from wordgames.lexicon.alphabet import BLANK_BIT, Alphabet
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.board_squares import EMPTY, Square
from wordgames.scrabble.core.checks import require_items
from wordgames.scrabble.core.layout import Layout
from wordgames.scrabble.core.placement import Direction, Placement
from wordgames.scrabble.core.tiles import BLANK, TileSet

DEFAULT_BINGO_BONUS = 50
DEFAULT_HAND_SIZE = 7


@dataclass(frozen=True)
class FormedWord:
    """A word formed by a move: where it starts, which way it reads, its tile numbers as they
    will lie on the board (``n | BLANK_BIT`` a blank), which of them the move places, and the
    alphabet that writes them."""

    row: int
    col: int
    direction: Direction
    tiles: bytes
    new: tuple[bool, ...]
    alphabet: Alphabet

    @property
    def word(self) -> str:
        """The word in upper case, as a lexicon spells it."""
        tile = self.alphabet.tile
        return "".join(tile(number & ~BLANK_BIT) for number in self.tiles)

    @property
    def key(self) -> bytes:
        """The word's tile numbers without blank bits (the lexicon's key for it)."""
        return bytes(number & ~BLANK_BIT for number in self.tiles)

    def squares(self) -> list[Square]:
        """The squares of the word in reading order."""
        d_row, d_col = self.direction.step
        return [Square(self.row + d_row * i, self.col + d_col * i) for i in range(len(self.tiles))]

    def score(self, layout: Layout, tile_set: TileSet) -> int:
        """The word's points: tile values (blank 0) with letter premiums under new tiles,
        times the word premiums of the newly covered squares.  Cost: O(len(word))."""
        total = 0
        multiplier = 1
        values = tile_set.number_values
        for number, is_new, (row, col) in zip(self.tiles, self.new, self.squares(), strict=True):
            value = 0 if number & BLANK_BIT else values[number]
            if is_new:
                value *= layout.letter_multiplier(row, col)
                multiplier *= layout.word_multiplier(row, col)
            total += value
        return total * multiplier


def _run(
    board: Board, new: dict[tuple[int, int], int], row: int, col: int, direction: Direction
) -> FormedWord:
    """The maximal line of tiles through (row, col) in ``direction``, new tiles included."""
    d_row, d_col = direction.step

    def tile_at(r: int, c: int) -> int:
        if not board.in_bounds(r, c):
            return EMPTY
        return new.get((r, c)) or board.number_at(r, c)

    while tile_at(row - d_row, col - d_col) != EMPTY:
        row, col = row - d_row, col - d_col
    tiles = bytearray()
    flags: list[bool] = []
    r, c = row, col
    while (number := tile_at(r, c)) != EMPTY:
        tiles.append(number)
        flags.append((r, c) in new)
        r, c = r + d_row, c + d_col
    return FormedWord(row, col, direction, bytes(tiles), tuple(flags), board.alphabet)


def formed_words_of_numbers(
    board: Board, placed: Sequence[tuple[int, int, int]], direction: Direction
) -> list[FormedWord]:
    """Every word of two or more tiles that putting ``placed`` ((row, col, tile number)) on
    ``board`` forms: the main word along ``direction`` first (when it has two or more
    tiles), then the cross word of each placed tile in reading order.  The placements must lie
    on empty squares of one line; legality is the rule set's business.  Cost: O(tiles
    touched)."""
    if not placed:
        return []
    new = {(row, col): number for row, col, number in placed}
    first = min(new)
    words = []
    main = _run(board, new, first[0], first[1], direction)
    if len(main.tiles) >= 2:
        words.append(main)
    for row, col in sorted(new):
        cross = _run(board, new, row, col, direction.other)
        if len(cross.tiles) >= 2:
            words.append(cross)
    return words


def formed_words(board: Board, placed: Sequence[Placement], direction: Direction) -> list[FormedWord]:
    """:func:`formed_words_of_numbers` for placements written as :class:`Placement` (tiles of
    the board's alphabet)."""
    number = board.alphabet.number
    return formed_words_of_numbers(
        board, [(p.row, p.col, number(p.letter) | (BLANK_BIT if p.blank else 0)) for p in placed], direction
    )


def score_words(
    words: Iterable[FormedWord],
    layout: Layout,
    tile_set: TileSet,
    tiles_placed: int,
    hand_size: int = DEFAULT_HAND_SIZE,
    bingo_bonus: int = DEFAULT_BINGO_BONUS,
) -> int:
    """The score of a move forming ``words``: their sum, plus ``bingo_bonus`` when
    ``tiles_placed`` equals ``hand_size``."""
    total = sum(word.score(layout, tile_set) for word in words)
    return total + (bingo_bonus if tiles_placed == hand_size else 0)


def rack_value(tiles: Iterable[str], tile_set: TileSet) -> int:
    """The face value of the tiles left on a rack (blanks 0)."""
    return sum(0 if tile == BLANK else tile_set.value(tile) for tile in require_items(tiles, "the tiles"))


END_RULES = ("usc", "tournament")
"""How racks count when a game ends: ``usc`` (the USC and box rules: the player who goes out
gains the others' rack values once and each other player loses their own) or ``tournament``
(the club and tournament rule: the player who goes out gains twice the others' rack values and
nobody loses anything).  When nobody goes out, both rules take each rack's value off its
owner."""


def end_of_game_adjustments(
    racks: Sequence[Iterable[str]], tile_set: TileSet, went_out: int | None = None, rule: str = "usc"
) -> list[int]:
    """The score change of each player when the game ends under ``rule`` (see END_RULES);
    ``went_out`` is the index of the player who emptied their rack, if any."""
    if rule not in END_RULES:
        raise InvalidArgumentError(f"unknown end-of-game rule {rule!r} (choose from {', '.join(END_RULES)})")
    values = [rack_value(rack, tile_set) for rack in racks]
    if went_out is not None and not 0 <= went_out < len(values):
        raise InvalidArgumentError(f"player {went_out} does not exist ({len(values)} players)")
    if went_out is None:
        return [-value for value in values]
    others = sum(values) - values[went_out]
    if rule == "tournament":
        changes = [0] * len(values)
        changes[went_out] = 2 * others
        return changes
    changes = [-value for value in values]
    changes[went_out] += others
    return changes

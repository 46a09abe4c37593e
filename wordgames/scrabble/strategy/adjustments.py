"""What the equity player's valuation adds to score plus leave, in the positions where it
applies: the penalty for opening a triple-word square near the end of the bag, the opening
move's vowels beside double-letter squares, and the constant a play that does not go out
loses once the bag is empty (see :mod:`.equity`'s docstring for why each)."""

from __future__ import annotations

from dataclasses import dataclass

from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.move import Move
from wordgames.scrabble.game.decision import Situation

PRE_ENDGAME_BAG = 6
"""The most tiles in the bag at which opening a triple-word square is charged."""
OPENING_PENALTY = 6.0
"""Points per empty triple-word square a move opens with 1 to PRE_ENDGAME_BAG tiles in the bag."""
NOT_OUT_PENALTY = 10.0
"""Points a play that does not go out loses once the bag is empty, on top of twice its kept
tiles' face value (MAGPIE's and Macondo's constant)."""
VOWEL_HOTSPOT_PENALTY = 0.7
"""Points per vowel placed beside a double-letter square on the opening move: MAGPIE's
figure.  Measured over 3,000 seat-swapped pairs it changed nothing (a 49.95% win rate
[49.34, 50.56], spread +0.6 [-0.6, +1.7]), so the player does not use it by default
(:attr:`.EquityStrategy.vowel_penalty` is 0)."""


@dataclass(frozen=True)
class Adjustments:
    """What the static valuation adds to score plus leave: ``not_out_penalty`` once the bag
    is empty, ``vowel_penalty`` per vowel beside a double-letter square on the opening move
    (0: none), and the opening-a-triple penalty near the end (``triple_penalty``)."""

    not_out_penalty: float = NOT_OUT_PENALTY
    vowel_penalty: float = 0.0
    triple_penalty: float = OPENING_PENALTY

    def of(self, situation: Situation, move: Move) -> float:
        """Points ``move`` loses in ``situation`` (0 or more).  Cost: O(tiles placed)."""
        cost = 0.0
        if 0 < situation.bag_size <= PRE_ENDGAME_BAG and self.triple_penalty:
            cost += self.triple_penalty * opens_triple(situation.board, move)
        if self.vowel_penalty and situation.board.is_empty():
            cost += self.vowel_penalty * vowels_beside_double_letters(situation, move)
        return cost

    def applies(self, situation: Situation) -> bool:
        """Whether :meth:`of` can be more than 0 in ``situation``."""
        return self.applies_at(situation.bag_size, situation.board)

    def applies_at(self, bag_size: int, board: Board) -> bool:
        """Whether :meth:`of` can be more than 0 with ``bag_size`` tiles in the bag on ``board``."""
        return ((0 < bag_size <= PRE_ENDGAME_BAG and self.triple_penalty > 0)
                or (self.vowel_penalty > 0 and board.is_empty()))


def opens_triple(board: Board, move: Move) -> int:
    """How many empty triple-word squares ``move`` puts a first tile beside."""
    layout = board.layout
    placed = {(p.row, p.col) for p in move.placed}
    opened = set()
    for row, col in placed:
        for d_row, d_col in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            r, c = row + d_row, col + d_col
            if (not board.in_bounds(r, c) or (r, c) in placed or not board.is_empty_at(r, c)
                    or layout.word_multiplier(r, c) != 3):
                continue
            touched = any(board.in_bounds(r + a, c + b) and not board.is_empty_at(r + a, c + b)
                          for a, b in ((1, 0), (-1, 0), (0, 1), (0, -1)))
            if not touched:
                opened.add((r, c))
    return len(opened)


def vowels_beside_double_letters(situation: Situation, move: Move) -> int:
    """How many vowels ``move`` places on a square with a double-letter square beside it
    across the move's line (on the standard board's opening row: C, G, I and M).  Cost:
    O(tiles placed)."""
    board = situation.board
    layout = board.layout
    alphabet = situation.rules.tile_set.alphabet
    d_row, d_col = move.direction.other.step
    count = 0
    for placement in move.placed:
        if placement.blank or not alphabet.is_vowel(placement.letter):
            continue
        row, col = placement.row, placement.col
        if any(board.in_bounds(r, c) and layout.letter_multiplier(r, c) == 2
               for r, c in ((row + d_row, col + d_col), (row - d_row, col - d_col))):
            count += 1
    return count

"""A plain exhaustive minimax, the yardstick the endgame solver is tested against.

No pruning, no table of values, no move ordering: every move and the pass, to the end of the
game, on board copies, with the game's own end-of-game function.  Only move generation is
memoised (per board and rack): it changes no value, and keeps hundreds of comparisons fast.
"""

from __future__ import annotations

from collections import Counter

from wordgames.lexicon import Lexicon
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.move import Move
from wordgames.scrabble.core.rack import Rack
from wordgames.scrabble.core.scoring import end_of_game_adjustments
from wordgames.scrabble.rules.base import RuleSet


class TooBig(Exception):
    """The tree holds more nodes than the budget allows."""


class Minimax:
    """Exhaustive two-player search with a known bag (drawn in order)."""

    def __init__(self, lexicon: Lexicon, rules: RuleSet, limit: int = 6, end_rule: str = "usc",
                 budget: int | None = None) -> None:
        self.lexicon = lexicon
        self.rules = rules
        self.limit = limit
        self.end_rule = end_rule
        self.nodes = 0
        self.budget = budget
        self._moves: dict[tuple[str, str], list[Move]] = {}

    def moves(self, board: Board, rack: Counter[str]) -> list[Move]:
        key = (board.to_text(), "".join(sorted(rack.elements())))
        if key not in self._moves:
            rack_tiles = Rack(rack.elements())
            self._moves[key] = list(self.rules.generate_moves(board, rack_tiles, self.lexicon))
        return self._moves[key]

    def value(self, board: Board, me: Counter[str], other: Counter[str], bag: tuple[str, ...] = (),
              scoreless: int = 0) -> int:
        """The final change in spread for the side to move (``me``), both playing perfectly."""
        self.nodes += 1
        if self.budget is not None and self.nodes > self.budget:
            raise TooBig
        best: int | None = None
        options: list[Move | None] = [*self.moves(board, me), None] if +me else [None]
        for move in options:
            after = Counter(me)
            child = board
            score = 0
            left = bag
            if move is not None:
                score = move.score
                after.subtract(p.rack_tile for p in move.placed)
                after = +after
                child = board.copy()
                child.place_all((p.row, p.col, p.tile) for p in move.placed)
                drawn, left = bag[: len(move.placed)], bag[len(move.placed):]
                after.update(drawn)
            run = scoreless + 1 if score == 0 else 0
            if move is not None and not +after and not left:
                changes = end_of_game_adjustments(
                    [[], list(other.elements())], self.rules.tile_set, 0, self.end_rule)
                value = score + changes[0] - changes[1]
            elif run >= self.limit:
                racks = [list(after.elements()), list(other.elements())]
                changes = end_of_game_adjustments(racks, self.rules.tile_set, None, self.end_rule)
                value = score + changes[0] - changes[1]
            else:
                value = score - self.value(child, other, after, left, run)
            if best is None or value > best:
                best = value
        assert best is not None
        return best

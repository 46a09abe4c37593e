"""The ``greedy`` computer player: the highest-scoring move, always."""

from __future__ import annotations

from wordgames.scrabble.game.decision import PASS, Decision, Situation, Strategy, register_strategy
from wordgames.scrabble.game.turn import TurnKind


@register_strategy
class GreedyStrategy(Strategy):
    """Always the highest-scoring move; exchange everything (or pass) when there is none."""

    name = "greedy"

    def decide(self, situation: Situation) -> Decision:
        """The best-scoring move; costs one full move generation."""
        moves = situation.rules.best_moves(situation.board, situation.rack, situation.lexicon, limit=1)
        if moves:
            return Decision(TurnKind.PLACE, moves[0])
        if situation.can_exchange and len(situation.rack):
            return Decision(TurnKind.EXCHANGE, tiles=str(situation.rack))
        return PASS

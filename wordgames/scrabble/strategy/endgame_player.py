"""The ``endgame`` computer player: greedy until the bag holds at most one tile, then exact.

With the bag empty it plays the first move of the solved endgame; with one tile in the bag,
the best play of the pre-endgame (see :mod:`wordgames.scrabble.endgame`), each within the
situation's ``endgame_time``.  It shows the end-of-game search working in real games; the
equity player calls :func:`~wordgames.scrabble.endgame.endgame_decision` the same way.
"""

from __future__ import annotations

from wordgames.scrabble.endgame import endgame_decision
from wordgames.scrabble.game.decision import Decision, Situation, Strategy, register_strategy
from wordgames.scrabble.strategy.greedy import GreedyStrategy


@register_strategy
class EndgameStrategy(Strategy):
    """Greedy, then the exact endgame (or pre-endgame) once the bag holds at most one tile."""

    name = "endgame"

    def decide(self, situation: Situation) -> Decision:
        """The solved move near the end, else the best-scoring one.  Costs up to the
        situation's ``endgame_time`` seconds near the end, one move generation otherwise."""
        if situation.bag_size <= 1:
            decision = endgame_decision(situation, situation.endgame_time)
            if decision is not None:
                return decision
        return GreedyStrategy().decide(situation)

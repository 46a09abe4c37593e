"""The ``endgame`` computer player: the equity player, exact once the bag holds at most one tile.

Until then it plays as ``equity`` does (score plus the learned leave value).  With the bag
empty it plays the first move of the solved endgame; with one tile in the bag, the best play
of the pre-endgame (see :mod:`wordgames.scrabble.endgame`), each within the situation's
``endgame_time``.  It is a separate name rather than ``equity``'s default because the search
in pure Python proves few full-rack endgames within a few seconds (README, "Endgames"): it
costs up to ``endgame_time`` seconds a move near the end of every game.
"""

from __future__ import annotations

from wordgames.scrabble.endgame import endgame_decision
from wordgames.scrabble.game.decision import Decision, Situation, register_strategy
from wordgames.scrabble.strategy.equity import EquityStrategy


@register_strategy
class EndgameStrategy(EquityStrategy):
    """The equity player, with the exact endgame (or pre-endgame) once the bag holds at most
    one tile."""

    name = "endgame"

    def end_game(self, situation: Situation) -> Decision | None:
        """The solved move; costs up to the situation's ``endgame_time`` seconds."""
        return endgame_decision(situation, situation.endgame_time)

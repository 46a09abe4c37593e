"""Computer players' brains, registered by name with the game (:mod:`~wordgames.scrabble.game.decision`).

* ``greedy`` (:mod:`.greedy`) plays the highest-scoring legal move (ties broken by the
  engine's move order); with no legal move it exchanges its whole rack when the bag allows,
  else it passes.
* ``leave`` (:mod:`.leave`) weighs each of the top-scoring moves by score plus a rule-of-thumb
  value of the tiles it keeps, and also considers exchanging for the best possible leave.
  Once the bag is empty the kept tiles cannot be refilled, so it plays like ``greedy``.

* ``endgame`` (:mod:`.endgame_player`) plays like ``greedy`` until the bag holds at most one
  tile, then the solved endgame or pre-endgame within the game's ``endgame_time``.

``greedy`` and ``leave`` are deterministic: the same situation always gives the same decision
(``endgame`` too when its search finishes within its time).
"""

from wordgames.scrabble.strategy.endgame_player import EndgameStrategy
from wordgames.scrabble.strategy.greedy import GreedyStrategy
from wordgames.scrabble.strategy.leave import LeaveStrategy, best_keep, leave_value, remaining_after

__all__ = [
    "EndgameStrategy", "GreedyStrategy", "LeaveStrategy", "best_keep", "leave_value", "remaining_after",
]

"""Computer players' brains, registered by name with the game (:mod:`~wordgames.scrabble.game.decision`).

* ``greedy`` (:mod:`.greedy`) plays the highest-scoring legal move (ties broken by the
  engine's move order); with no legal move it exchanges its whole rack when the bag allows,
  else it passes.
* ``leave`` (:mod:`.leave`) weighs each of the top-scoring moves by score plus a rule-of-thumb
  value of the tiles it keeps, and also considers exchanging for the best possible leave.
  Once the bag is empty the kept tiles cannot be refilled, so it plays like ``greedy``.

Both are deterministic: the same situation always gives the same decision.
"""

from wordgames.scrabble.strategy.greedy import GreedyStrategy
from wordgames.scrabble.strategy.leave import LeaveStrategy, best_keep, leave_value, remaining_after

__all__ = ["GreedyStrategy", "LeaveStrategy", "best_keep", "leave_value", "remaining_after"]

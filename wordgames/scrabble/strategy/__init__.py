"""Computer players' brains, registered by name with the game (:mod:`~wordgames.scrabble.game.decision`).

* ``greedy`` (:mod:`.greedy`) plays the highest-scoring legal move (ties broken by the
  engine's move order); with no legal move it exchanges its whole rack when the bag allows,
  else it passes.
* ``leave`` (:mod:`.leave`) weighs each of the top-scoring moves by score plus a rule-of-thumb
  value of the tiles it keeps, and also considers exchanging for the best possible leave.
  Once the bag is empty the kept tiles cannot be refilled, so it plays like ``greedy``.

* ``equity`` (:mod:`.equity`) plays the candidate (move, exchange, pass) of highest score
  plus learned leave value (:mod:`wordgames.scrabble.leaves`); once the bag is empty it values
  going out and the tiles left stuck instead.
* ``level1`` .. ``level5`` (:mod:`.levels`) are players for people, from a beginner who knows
  only common words to the full equity player.
* ``endgame`` (:mod:`.endgame_player`) plays like ``greedy`` until the bag holds at most one
  tile, then the solved endgame or pre-endgame within the game's ``endgame_time``.
* ``champion`` (:mod:`.champion`) plays the exact endgame, the pre-endgame, and otherwise
  simulates the best static candidates within ``--move-time`` CPU seconds, drawing the
  opponent's rack from what their last play says they kept (:mod:`.inference`);
  ``champion-blind`` is the same without inference.  With an iteration budget its choices are
  reproducible; with a time budget they depend on the machine's speed.

The others are deterministic: the same situation always gives the same decision (``endgame`` and
``equity`` near the end too when their search finishes within its time).
"""

from wordgames.scrabble.strategy.champion import BlindChampionStrategy, ChampionStrategy
from wordgames.scrabble.strategy.endgame_player import EndgameStrategy
from wordgames.scrabble.strategy.equity import EquityStrategy, equity_choices, use_leaves
from wordgames.scrabble.strategy.greedy import GreedyStrategy
from wordgames.scrabble.strategy.leave import LeaveStrategy, best_keep, leave_value, remaining_after
from wordgames.scrabble.strategy.levels import LEVEL_NAMES, level_strategy

__all__ = ["LEVEL_NAMES", "BlindChampionStrategy", "ChampionStrategy", "EndgameStrategy", "EquityStrategy",
           "GreedyStrategy", "LeaveStrategy", "best_keep", "equity_choices", "leave_value", "level_strategy",
           "remaining_after", "use_leaves"]

"""Exact endgames (bag empty, both racks known) and pre-endgames (1 to 3 tiles in the bag).

* :func:`solve_endgame` (:mod:`.api`) — negamax with alpha-beta, iterative deepening, a
  transposition table and move ordering (:mod:`.solver`) over a position changed in place
  (:mod:`.position`).
* :func:`solve_preendgame` (:mod:`.preendgame`) — every candidate play and the pass, against
  every tile the bag may hold, the endgame behind each solved.
* :func:`endgame_decision` (:mod:`.decision`) — what a computer player calls near the end.
"""

from wordgames.scrabble.endgame.api import solve_endgame
from wordgames.scrabble.endgame.decision import endgame_decision
from wordgames.scrabble.endgame.preendgame import PreendgamePlay, PreendgameResult, solve_preendgame
from wordgames.scrabble.endgame.results import EndgameResult, PlayedTurn, SearchOptions

__all__ = [
    "EndgameResult",
    "PlayedTurn",
    "PreendgamePlay",
    "PreendgameResult",
    "SearchOptions",
    "endgame_decision",
    "solve_endgame",
    "solve_preendgame",
]

"""The endgame as a computer player's turn: solve when the bag holds at most one tile."""

from __future__ import annotations

import time

from wordgames.collector import older_objects_set_aside
from wordgames.scrabble.endgame.api import solve_endgame
from wordgames.scrabble.endgame.preendgame import solve_preendgame
from wordgames.scrabble.endgame.results import SearchOptions
from wordgames.scrabble.game.decision import PASS, Decision, Situation
from wordgames.scrabble.game.turn import TurnKind

PREENDGAME_CANDIDATES = 8
"""How many of the best-scoring plays a player's pre-endgame weighs (besides passing)."""
PLAYER_SEARCH = SearchOptions(clock=time.process_time)
"""A player's searches count CPU time, as its simulations do: a loaded machine slows a
player down but does not change what it finds within its time."""


@older_objects_set_aside()
def endgame_decision(situation: Situation, time_limit: float) -> Decision | None:
    """The turn an exact search picks in ``situation``: the endgame's first move when the
    bag is empty, the best pre-endgame play when it holds one tile; None when the search does
    not apply (more tiles in the bag, not two players, an unknown opponent rack).  Spends
    about ``time_limit`` CPU seconds (the best sequence found so far when time runs out)."""
    if len(situation.scores) != 2 or situation.bag_size > 1 or not len(situation.rack):
        return None
    unseen = list(situation.unseen)
    opponent_size = len(unseen) - situation.bag_size
    if not 0 <= opponent_size <= situation.rules.hand_size or (situation.bag_size and not opponent_size):
        return None
    s = situation
    if s.bag_size == 0:
        result = solve_endgame(
            s.board, (s.rack, "".join(unseen)), s.lexicon, s.rules, scoreless_turns=s.scoreless_turns,
            scoreless_turn_limit=s.scoreless_turn_limit, end_rule=s.end_rule, time_limit=time_limit,
            options=PLAYER_SEARCH,
        )
        move = result.moves[0].move if result.moves else None
    else:
        pre = solve_preendgame(
            s.board, s.rack, unseen, s.lexicon, s.rules, spread=s.scores[s.seat] - s.scores[1 - s.seat],
            scoreless_turns=s.scoreless_turns, scoreless_turn_limit=s.scoreless_turn_limit,
            end_rule=s.end_rule, candidates=PREENDGAME_CANDIDATES, time_limit=time_limit,
            options=PLAYER_SEARCH,
        )
        move = pre.plays[0].move
    return PASS if move is None else Decision(TurnKind.PLACE, move)

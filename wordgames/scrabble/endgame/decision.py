"""The endgame as a computer player's turn: solve when the bag is empty or nearly so."""

from __future__ import annotations

import time
from collections import Counter

from wordgames.collector import older_objects_set_aside
from wordgames.scrabble.core.checks import require_int
from wordgames.scrabble.endgame.api import solve_endgame
from wordgames.scrabble.endgame.preendgame import ordered_draws, solve_preendgame
from wordgames.scrabble.endgame.results import SearchOptions
from wordgames.scrabble.game.decision import PASS, Decision, Situation
from wordgames.scrabble.game.turn import TurnKind

PREENDGAME_CANDIDATES = 8
"""How many of the best-scoring plays a player's pre-endgame weighs (besides passing)."""
SEARCH_TIME_FLOOR = 0.01
"""The CPU seconds a pre-endgame with two or more tiles in the bag needs for each of its
endgame searches before a player uses it: a search given less seldom gets past the horizon's
guess, and a simulation chooses better."""
PLAYER_SEARCH = SearchOptions(clock=time.process_time)
"""A player's searches count CPU time, as its simulations do: a loaded machine slows a
player down but does not change what it finds within its time."""


@older_objects_set_aside()
def endgame_decision(situation: Situation, time_limit: float, max_bag: int = 1) -> Decision | None:
    """The turn an exact search picks in ``situation``: the endgame's first move when the
    bag is empty, the best pre-endgame play when it holds 1 to ``max_bag`` tiles (with two or
    more, only when each of its searches can have :data:`SEARCH_TIME_FLOOR` of the time);
    None when the search does not apply (more tiles in the bag, a pre-endgame too large for
    the time, not two players, an unknown opponent rack).  Spends about ``time_limit`` CPU
    seconds (the best sequence found so far when time runs out)."""
    require_int(max_bag, "the most tiles in the bag", 0)
    if len(situation.scores) != 2 or situation.bag_size > max_bag or not len(situation.rack):
        return None
    unseen = list(situation.unseen)
    opponent_size = len(unseen) - situation.bag_size
    if not 0 <= opponent_size <= situation.rules.hand_size or (situation.bag_size and not opponent_size):
        return None
    bag = situation.bag_size
    if bag > 1 and preendgame_searches(unseen, bag) * SEARCH_TIME_FLOOR > time_limit:
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
            options=PLAYER_SEARCH, bag=s.bag_size,
        )
        move = pre.plays[0].move
    return PASS if move is None else Decision(TurnKind.PLACE, move)


def preendgame_searches(unseen: list[str], bag: int) -> int:
    """At most how many endgame searches a player's pre-endgame makes with ``bag`` of the
    ``unseen`` tiles in the bag: each distinct ordered draw after each candidate play and
    the pass.  Cost: O(distinct tiles ** bag)."""
    return len(ordered_draws(Counter(unseen), bag)) * (PREENDGAME_CANDIDATES + 1)

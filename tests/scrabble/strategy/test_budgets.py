"""Every search keeps its budget (the budget + 10% + 50 ms, CPU time): the pre-endgame and the
endgame on a real game's position whose pre-endgame took 12 seconds for a 1-second limit
(magpie-data ``partially_known_rack_from_phonies.gcg``, move 32: one tile in the bag), and the
endgame player's decisions there.  The simulation's budget is tested with its fixes.
The budgets are the compiled core's (the ``compiled_core`` fixture skips them elsewhere)."""

from __future__ import annotations

import gc
import time

import pytest
from conftest import shared_lexicon

from wordgames.scrabble import STANDARD_ENGLISH, get_rules
from wordgames.scrabble.endgame import solve_endgame, solve_preendgame
from wordgames.scrabble.endgame.results import SearchOptions
from wordgames.scrabble.formats.cgp import parse_cgp
from wordgames.scrabble.game.decision import Situation
from wordgames.scrabble.game.turn import TurnKind
from wordgames.scrabble.strategy.endgame_player import EndgameStrategy

pytestmark = pytest.mark.usefixtures("compiled_core")

RULES = get_rules("classic")
CPU = SearchOptions(clock=time.process_time)
ROWS = ("11JIVE/11U3/11N3/11T3/4t4ABA3/{row6}/4G5L1C2/S3L1RIBLIKE2/HARMINE1I1Q1C2/AX1OO5U1IFF/"
        "R2ON2DEVOUTER/I2LI1OR2R1IDE/A2A2YAH3S1N/TUP3EWE5N/STOPE2N6E")
PRE_ENDGAME = ROWS.format(row6="4A4AE4") + " DGOTWYZ/ 259/608 0 lex CSW12;"
PRE_ENDGAME_UNSEEN = "?DEGMOST"
ENDGAME = ROWS.format(row6="3GAZY2AE4") + " ?DEGMOS/DOTTW 608/296 0 lex CSW12;"


def within(budget: float, used: float) -> bool:
    return used <= budget * 1.1 + 0.05


@pytest.mark.parametrize("budget", [0.1, 1.0])
def test_the_pre_endgame_keeps_its_time(budget: float) -> None:
    lexicon = shared_lexicon("lexicons/CSW12.txt")
    position = parse_cgp(PRE_ENDGAME)
    started = time.process_time()
    result = solve_preendgame(position.board, position.rack or "", PRE_ENDGAME_UNSEEN, lexicon, RULES,
                              spread=259 - 608, candidates=10, time_limit=budget, options=CPU)
    used = time.process_time() - started
    assert within(budget, used) and within(budget, result.seconds), (budget, used)
    assert len(result.plays) == 11 and result.draws == 8
    assert all(len(play.outcomes) == 8 for play in result.plays)  # every distinct bag tile valued


@pytest.mark.parametrize("budget", [0.1, 1.0])
def test_the_endgame_keeps_its_time(budget: float) -> None:
    lexicon = shared_lexicon("lexicons/CSW12.txt")
    position = parse_cgp(ENDGAME)
    started = time.process_time()
    result = solve_endgame(position.board, (position.racks[0], position.racks[1]), lexicon, RULES,
                           time_limit=budget, options=CPU)
    used = time.process_time() - started
    assert within(budget, used), (budget, used)
    assert result.moves and result.moves[0].move is not None


def test_the_endgame_player_keeps_its_time_on_cpu() -> None:
    lexicon = shared_lexicon("lexicons/CSW12.txt")
    player = EndgameStrategy()
    for cgp, bag, unseen, scores in ((PRE_ENDGAME, 1, PRE_ENDGAME_UNSEEN, (259, 608)),
                                     (ENDGAME, 0, "DOTTW", (608, 296))):
        position = parse_cgp(cgp)
        rack = STANDARD_ENGLISH.parse_rack(position.racks[0])
        situation = Situation(position.board, rack, lexicon, RULES, bag, False, tuple(unseen), scores,
                              end_rule="tournament", endgame_time=0.5)
        started = time.process_time()
        decision = player.decide(situation)
        assert within(0.5, time.process_time() - started)
        assert decision.kind is TurnKind.PLACE


def test_the_timed_searches_keep_the_older_objects_out_of_the_collectors_sight() -> None:
    """A full collection walks every object in the process (more than a second in one holding
    many lexicons): inside a search's budget, collections see only what the search makes."""
    lexicon = shared_lexicon("lexicons/CSW12.txt")
    pre_endgame, endgame = parse_cgp(PRE_ENDGAME), parse_cgp(ENDGAME)
    frozen_at_collections: list[int] = []

    def watch(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            frozen_at_collections.append(gc.get_freeze_count())

    gc.callbacks.append(watch)
    try:
        solve_preendgame(pre_endgame.board, pre_endgame.rack or "", PRE_ENDGAME_UNSEEN, lexicon, RULES,
                         spread=259 - 608, candidates=3, time_limit=0.3, options=CPU)
        solve_endgame(endgame.board, (endgame.racks[0], endgame.racks[1]), lexicon, RULES,
                      time_limit=0.3, options=CPU)
    finally:
        gc.callbacks.remove(watch)
    assert frozen_at_collections and min(frozen_at_collections) > 10_000
    assert gc.get_freeze_count() == 0

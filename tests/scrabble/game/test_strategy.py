"""Computer strategies and the leave heuristic."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordgames.errors import InvalidArgumentError
from wordgames.lexicon import lexicon_from_words
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.rack import Rack
from wordgames.scrabble.game.decision import Situation, get_strategy, strategy_names
from wordgames.scrabble.game.turn import TurnKind
from wordgames.scrabble.rules.classic import ClassicRules
from wordgames.scrabble.strategy.greedy import GreedyStrategy
from wordgames.scrabble.strategy.leave import LeaveStrategy, best_keep, leave_value, remaining_after

WORDS = lexicon_from_words(["CAT", "CATS"])
# Composed racks (two Q, three blanks) beside the board: positions no bag could deal.
RULES = ClassicRules(count_tiles=False)


def situation(rack: str, bag_size: int = 50, can_exchange: bool = True) -> Situation:
    return Situation(Board(), Rack.parse(rack), WORDS, RULES, bag_size, can_exchange)


def test_leave_values_follow_the_documented_rules() -> None:
    assert leave_value("") == 0
    assert leave_value("?") == 25
    assert leave_value("S") == pytest.approx(8 - 3 * 0.4)
    assert leave_value("SS") == pytest.approx(8 + 3 - 3 * 0.8)
    assert leave_value("QI") == pytest.approx(-10 - 3 * 0.2)
    assert leave_value("QU") == pytest.approx(-3 - 3 * 0.2)
    assert leave_value("EEE") == pytest.approx(-6 - 3 * 1.8)
    assert leave_value("e") == 25  # a played blank's letter counts as a blank
    assert leave_value("ERST") > leave_value("IIUU")


def test_greedy_plays_the_top_move_else_exchanges_else_passes() -> None:
    greedy = GreedyStrategy()
    decision = greedy.decide(situation("ACSTEIO"))
    assert decision.kind is TurnKind.PLACE and decision.move is not None
    assert decision.move.word == "CATS" and decision.move.score == 12
    assert greedy.decide(situation("ACSTEIO")) == decision  # deterministic
    stuck = greedy.decide(situation("QXXYYZZ"))
    assert stuck.kind is TurnKind.EXCHANGE and sorted(stuck.tiles) == sorted("QXXYYZZ")
    assert greedy.decide(situation("QXXYYZZ", can_exchange=False)).kind is TurnKind.PASS


def test_leave_strategy_keeps_the_s_when_it_is_worth_more() -> None:
    # CATS scores 12 and keeps EIO; CAT scores 10 and keeps EIOS, worth far more.
    decision = LeaveStrategy().decide(situation("ACSTEIO"))
    assert decision.kind is TurnKind.PLACE and decision.move is not None
    assert decision.move.word == "CAT" and decision.move.score == 10
    # With the bag empty the kept tiles cannot be refilled: it plays for points.
    endgame = LeaveStrategy().decide(situation("ACSTEIO", bag_size=0))
    assert endgame.move is not None and endgame.move.word == "CATS"


def test_leave_strategy_exchanges_for_the_best_keep() -> None:
    decision = LeaveStrategy().decide(situation("QXXYYZ?"))
    assert decision.kind is TurnKind.EXCHANGE
    kept = remaining_after(Rack.parse("QXXYYZ?"), decision.tiles)
    assert kept == ["?"] or leave_value(kept) >= leave_value("?")
    assert LeaveStrategy().decide(situation("QXXYYZ?", can_exchange=False)).kind is TurnKind.PASS


@given(st.text(alphabet="AEIQSUXZ?", min_size=1, max_size=6))
def test_best_keep_is_the_best_sub_rack(rack_text: str) -> None:
    rack = Rack.parse(rack_text)
    kept, value = best_keep(rack)
    assert Rack.parse(rack_text).can_supply(kept) and len(kept) < len(rack)
    tiles = rack.tiles()
    brute = max(
        leave_value(combo) for size in range(len(tiles)) for combo in itertools.combinations(tiles, size)
    )
    assert value == pytest.approx(brute) and leave_value(kept) == pytest.approx(value)


def test_strategy_registry() -> None:
    assert {"greedy", "leave", "equity", "level1", "level5", "endgame"} <= set(strategy_names())
    assert isinstance(get_strategy("leave"), LeaveStrategy)
    with pytest.raises(InvalidArgumentError, match="unknown strategy"):
        get_strategy("random")
    with pytest.raises(InvalidArgumentError):
        LeaveStrategy(candidates=0)

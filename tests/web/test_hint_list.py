"""The hint list keeps a placement when exchanges and the pass outrank every placement."""

from __future__ import annotations

import pytest

from wordgames.lexicon import lexicon_from_words
from wordgames.scrabble import Board, Rack
from wordgames.scrabble.game.turn import TurnKind
from wordgames.scrabble.rules.classic import ClassicRules
from wordgames.scrabble.strategy.equity import Choice

pytest.importorskip("fastapi")

from wordgames.web.views import equity_plays_json


def choices() -> list[Choice]:
    rules = ClassicRules()
    moves = rules.best_moves(Board(), Rack.parse("CAT"), lexicon_from_words(["CAT", "AT"]))
    placements = [Choice(TurnKind.PLACE, move.score, "", 0.0, move) for move in moves]
    exchanges = [Choice(TurnKind.EXCHANGE, 0, "A", 50.0 - n, None, "CT") for n in range(3)]
    return [*exchanges, Choice(TurnKind.PASS, 0, "ACT", 10.0), *placements]


def test_the_best_placement_follows_when_exchanges_fill_the_list() -> None:
    listed = equity_plays_json(choices(), 2)["moves"]
    assert len(listed) == 3 and listed[-1]["kind"] == "place"
    assert [entry["kind"] for entry in listed[:2]] != ["place", "place"]


def test_a_list_holding_a_placement_is_cut_as_asked() -> None:
    listed = equity_plays_json(choices(), 5)["moves"]
    assert len(listed) == 5 and [entry["kind"] for entry in listed].count("place") == 1
    assert equity_plays_json(choices(), 5)["total_moves"] == len(choices()) - 4

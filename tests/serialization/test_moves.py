"""The JSON shapes of moves: plays with leaves (and the equity fields a move carries), and
the hint list, which keeps a placement when exchanges and the pass outrank every one."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wordgames.lexicon import lexicon_from_words, load_lexicon
from wordgames.scrabble import Board, Move, Rack, get_rules, standard_layout
from wordgames.scrabble.core.tiles import tile_set_named
from wordgames.scrabble.game.turn import TurnKind
from wordgames.scrabble.rules.classic import ClassicRules
from wordgames.scrabble.strategy.equity import Choice
from wordgames.serialization.moves import choice_json, hints_json, move_json, plays_json


def choices() -> list[Choice]:
    rules = ClassicRules()
    moves = rules.best_moves(Board(), Rack.parse("CAT"), lexicon_from_words(["CAT", "AT"]))
    placements = [Choice(TurnKind.PLACE, move.score, "", 0.0, move) for move in moves]
    exchanges = [Choice(TurnKind.EXCHANGE, 0, "A", 50.0 - n, None, "CT") for n in range(3)]
    return [*exchanges, Choice(TurnKind.PASS, 0, "ACT", 10.0), *placements]


def test_the_best_placement_follows_when_exchanges_fill_the_list() -> None:
    listed = hints_json(choices(), 2)["moves"]
    assert len(listed) == 3 and listed[-1]["kind"] == "place"
    assert [entry["kind"] for entry in listed[:2]] != ["place", "place"]


def test_a_list_holding_a_placement_is_cut_as_asked() -> None:
    listed = hints_json(choices(), 5)["moves"]
    assert len(listed) == 5 and [entry["kind"] for entry in listed].count("place") == 1
    assert hints_json(choices(), 5)["total_moves"] == len(choices()) - 4


def test_plays_show_leave_values_and_equity_when_moves_carry_them() -> None:
    """The code path the equity engine's moves take: fields they carry reach the page."""
    rack = Rack.parse("AEINRST")
    moves = get_rules("classic").best_moves(Board(standard_layout()), rack, load_lexicon("enable"))[:3]
    assert "equity" not in plays_json(moves, rack, 3)["moves"][0]  # plain moves: score only

    @dataclass(frozen=True)
    class Weighed:
        move: Move
        leave_value: float
        equity: float

        def __getattr__(self, name: str) -> Any:
            return getattr(self.move, name)

    weighed: list[Any] = [Weighed(move, 1.5, move.score + 1.5) for move in moves]
    listed = plays_json(weighed, rack, 3)["moves"]
    assert [entry["equity"] for entry in listed] == [move.score + 1.5 for move in moves]
    assert all(entry["leave_value"] == 1.5 and entry["leave"] == "" for entry in listed)


def test_a_move_is_written_in_its_tile_sets_notation(tmp_path: Path) -> None:
    catalan = tile_set_named("catalan")
    assert catalan is not None
    (tmp_path / "llista.txt").write_text("COL·LEGI\nCEL·LA\n", encoding="utf-8")
    words = load_lexicon(tmp_path / "llista.txt", tiles=catalan.lexicon_encoding())
    rules = get_rules("classic", tile_set=catalan)
    move = rules.best_moves(Board(standard_layout()), catalan.parse_rack("CE[L·L]AOG"), words)[0]
    shape = move_json(move, "classic", catalan)
    assert shape["word"] == "CE[L·L]A" and shape["notation"][0] in "8EFGH"
    assert [placed["letter"] for placed in shape["placed"]] == ["C", "E", "[L·L]", "A"]


def test_an_exchange_choice_has_its_tiles_and_no_squares() -> None:
    shape = choice_json(Choice(TurnKind.EXCHANGE, 0, "A", 4.5, None, "CT"))
    assert shape == {
        "kind": "exchange", "score": 0, "leave": "A", "leave_value": 4.5, "equity": 4.5, "tiles": "CT",
    }

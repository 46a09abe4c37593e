"""The JSON shapes of Scrabble moves: one move, a best-move list, an equity ranking (with
exchanges and the pass), and plays with their leaves.

``scrabble best --json``, ``scrabble best --strategy equity --json`` and the web API's best
moves, plays and hints are all written here, so the two faces never disagree.
"""

from __future__ import annotations

from typing import Any

from wordgames.scrabble import Move, Rack, TileSet
from wordgames.scrabble.core.notation import format_coordinate, format_fit1045
from wordgames.scrabble.game.turn import TurnKind
from wordgames.scrabble.strategy.equity import Choice

EQUITY_FIELDS = ("leave_value", "equity")
"""What a move of an engine with leave values carries beyond its score; shown when present."""


def move_json(move: Move, rules: str = "classic", tile_set: TileSet | None = None) -> dict[str, Any]:
    """The stable JSON shape of a move (0-based row/col; the notation is FIT1045's
    ``r:c:H|V`` under the simple rules, else ``8H`` / ``H8``); tiles in ``tile_set``'s
    notation (``[L·L]``; English is written as it is)."""
    show = tile_set.show if tile_set is not None else str
    notation = (
        format_fit1045(move.row, move.col, move.direction)
        if rules == "simple"
        else format_coordinate(move.row, move.col, move.direction)
    )
    return {
        "word": show(move.word),
        "row": move.row,
        "col": move.col,
        "direction": move.direction.value,
        "notation": notation,
        "score": move.score,
        "placed": [
            {"row": p.row, "col": p.col, "letter": show(p.letter), "blank": p.blank} for p in move.placed
        ],
    }


def best_json(
    moves: list[Move], top: int, rules: str = "classic", tile_set: TileSet | None = None
) -> dict[str, Any]:
    """``scrabble best --json`` (and the web API's best moves): the first ``top`` of
    ``moves`` and how many there are."""
    return {"moves": [move_json(m, rules, tile_set) for m in moves[:top]], "total_moves": len(moves)}


def choice_json(choice: Choice, rules: str = "classic", tile_set: TileSet | None = None) -> dict[str, Any]:
    """One entry of an equity ranking: the move's JSON (none for an exchange or a pass) with
    its ``kind``, ``score``, ``leave``, ``leave_value`` and ``equity``, and an exchange's
    ``tiles`` (tiles in ``tile_set``'s notation)."""
    show = tile_set.show if tile_set is not None else str
    shape: dict[str, Any] = move_json(choice.move, rules, tile_set) if choice.move is not None else {}
    kind = {TurnKind.PLACE: "place", TurnKind.EXCHANGE: "exchange"}.get(choice.kind, "pass")
    shape.update({"kind": kind, "score": choice.score, "leave": show(choice.leave),
                  "leave_value": round(choice.leave_value, 4), "equity": round(choice.equity, 4)})
    if choice.kind is TurnKind.EXCHANGE:
        shape["tiles"] = show(choice.tiles)
    return shape


def equity_best_json(
    choices: list[Choice], top: int, rules: str = "classic", tile_set: TileSet | None = None
) -> dict[str, Any]:
    """``scrabble best --strategy equity --json``: the first ``top`` choices, how many
    placements there are and how many choices in all."""
    placements = sum(choice.kind is TurnKind.PLACE for choice in choices)
    return {"moves": [choice_json(choice, rules, tile_set) for choice in choices[:top]],
            "total_moves": placements, "total_choices": len(choices)}


def leave_of(rack: Rack, move: Move) -> str:
    """The tiles ``rack`` keeps after ``move`` (sorted, ``?`` for blanks)."""
    kept = Rack(rack.tiles())
    kept.remove(move.tiles_used)
    return str(kept)


def plays_json(moves: list[Move], rack: Rack, top: int, tile_set: TileSet | None = None) -> dict[str, Any]:
    """:func:`best_json` of the first ``top`` moves, each also with its ``leave``; a move
    that carries a ``leave_value`` or an ``equity`` (an engine with leave tables) shows them
    too."""
    show = tile_set.show if tile_set is not None else str
    result = best_json(moves, top, "classic", tile_set)
    for entry, move in zip(result["moves"], moves, strict=False):
        entry.setdefault("leave", show(leave_of(rack, move)))
        for name in EQUITY_FIELDS:
            value = getattr(move, name, None)
            if value is not None:
                entry.setdefault(name, value)
    return result


def hints_json(choices: list[Choice], top: int, tile_set: TileSet | None = None) -> dict[str, Any]:
    """The first ``top`` choices of an equity ranking (placements, exchanges, the pass), each
    with its leave, leave value and equity; when exchanges and the pass fill all ``top``, the
    best placement follows them, so a player asking for hints always sees a play to put down
    if there is one."""
    shown = choices[:top]
    if not any(choice.move is not None for choice in shown):
        shown += [choice for choice in choices if choice.move is not None][:1]
    return {
        "moves": [choice_json(choice, "classic", tile_set) for choice in shown],
        "total_moves": sum(1 for choice in choices if choice.move is not None),
    }

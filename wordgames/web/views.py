"""The JSON shapes the pages draw from: a board with its premium squares, moves with their
leaves, turns of a game.  Moves are written by the command line's own ``move_to_json`` /
``best_json``, so the browser and ``--json`` never disagree."""

from __future__ import annotations

from typing import Any

from wordgames.cli.leaves_cmd import choice_json
from wordgames.cli.scrabble_cmd import best_json, move_to_json
from wordgames.scrabble import Board, Game, Move, Rack, TileSet
from wordgames.scrabble.strategy.equity import Choice


def board_view(board: Board, tile_set: TileSet | None = None) -> dict[str, Any]:
    """The board for drawing: size, start square, premium codes a row (``.`` plain, ``2``
    ``3`` letter, ``d`` ``t`` word multipliers), tiles (None empty, lower case a blank) and
    the plain text form (one row a line) the plays endpoint takes back; tiles in
    ``tile_set``'s notation when given (``[L·L]``; the tiles grid holds the forms, ``L·L``)."""
    layout = board.layout
    if tile_set is not None and not tile_set.is_plain_english:
        return {
            "rows": board.rows, "cols": board.cols, "start": list(layout.start),
            "premiums": list(layout.premiums),
            "tiles": board.grid(),
            "text": board.to_text().splitlines(),
        }
    return {
        "rows": board.rows,
        "cols": board.cols,
        "start": list(layout.start),
        "premiums": list(layout.premiums),
        "tiles": board.grid(),
        "text": board.to_text().splitlines(),
    }


def leave_of(rack: Rack, move: Move) -> str:
    """The tiles ``rack`` keeps after ``move`` (sorted, ``?`` for blanks)."""
    kept = Rack(rack.tiles(), rack.alphabet)
    kept.remove(move.rack_tiles)
    return str(kept)


EQUITY_FIELDS = ("leave_value", "equity")
"""What a move of an engine with leave values carries beyond its score; shown when present."""


def plays_json(moves: list[Move], rack: Rack, top: int) -> dict[str, Any]:
    """``best_json`` of the first ``top`` moves, each also with its ``leave``; a move that
    carries a ``leave_value`` or an ``equity`` (an engine with leave tables) shows them too,
    as does a ``best_json`` that writes them itself."""
    result = best_json(moves, top, "classic")
    for entry, move in zip(result["moves"], moves, strict=False):
        entry.setdefault("leave", leave_of(rack, move))
        for name in EQUITY_FIELDS:
            value = getattr(move, name, None)
            if value is not None:
                entry.setdefault(name, value)
    return result


def equity_plays_json(choices: list[Choice], top: int) -> dict[str, Any]:
    """``best --strategy equity --json`` of the first ``top`` choices (placements, exchanges,
    the pass), each with its leave, leave value and equity; when exchanges and the pass fill
    all ``top``, the best placement follows them, so a player asking for hints always sees a
    play to put down if there is one."""
    shown = choices[:top]
    if not any(choice.move is not None for choice in shown):
        shown += [choice for choice in choices if choice.move is not None][:1]
    return {
        "moves": [choice_json(choice, "classic", move_to_json) for choice in shown],
        "total_moves": sum(1 for choice in choices if choice.move is not None),
    }


def tile_values(tile_set: TileSet) -> dict[str, int]:
    """The face value of every tile and of the blank, by the tile's written form (``L·L``)."""
    return {tile: tile_set.value(tile) for tile in tile_set.values}


def turn_json(game: Game, index: int, reveal: set[int]) -> dict[str, Any]:
    """Turn ``index`` of the game's history.  The rack a player held is shown only for the
    seats in ``reveal`` (a computer's tiles stay hidden while the game is on)."""
    turn = game.history[index]
    seat = turn.player
    entry: dict[str, Any] = {
        "number": index + 1,
        "player": game.players[seat].name,
        "seat": seat,
        "kind": turn.kind.value,
        "rack": turn.rack if seat in reveal else "",
        "score": turn.score,
        "total": turn.total,
    }
    if turn.move is not None:
        entry["move"] = move_to_json(turn.move, "classic")
    if turn.kind.value == "exchange":
        entry["tiles"] = turn.tiles if seat in reveal else str(len(turn.tiles))
    elif turn.kind.value == "end":
        entry["tiles"] = turn.tiles
    return entry

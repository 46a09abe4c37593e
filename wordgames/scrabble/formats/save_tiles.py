"""Saved games beyond A-Z: every tile a save holds, written in notation.

A save writes racks, board rows, the bag, the history's racks, tiles and moves, and the tile
set's values and counts in the tile set's notation (``[L·L]``, a blank as ``[l·l]``), so the
file reads as the game does.  The tile-set section then carries ``"written": "notation"``.

Saves written by earlier versions without it held each multi-character tile as a private
code point (the first free capitals of the Deseret block, U+10400 on, in tile-number order,
and their lower case for a played blank; a one-character tile as itself).
:func:`legacy_forms` rebuilds that table from the save's alphabet so such saves still load:
their text is turned into notation before the checks of
:mod:`wordgames.scrabble.formats.save_read` read it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from wordgames.errors import FormatError, WordGamesError
from wordgames.lexicon.legacy_codes import legacy_forms as legacy_forms

NOTATION = "notation"
"""The tile-set section's ``written`` value of a save whose tiles are in notation."""

EMPTY_RUNS = re.compile(r"(\.+)")
"""Splits a board row into runs of empty squares (``.``) and runs of tiles."""

Convert = Callable[[str], str]


def board_row(line: str, convert: Convert) -> str:
    """A board row with its runs of tiles converted (``..CE[L·L]A..`` to or from code points);
    empty squares kept."""
    return "".join(run if not run or run[0] == "." else convert(run) for run in EMPTY_RUNS.split(line))


def _text(value: Any, convert: Convert) -> Any:
    # Data that is not what a save holds is left for the save's checks to name.
    return convert(value) if isinstance(value, str) else value


def _each(value: Any, change: Callable[[Any], Any]) -> Any:
    return [change(item) for item in value] if isinstance(value, list) else value


def _move(move: Any, convert: Convert) -> Any:
    if not isinstance(move, Mapping):
        return move
    placed = _each(move.get("placed"), lambda p: [*p[:2], _text(p[2], convert), *p[3:]]
                   if isinstance(p, list) and len(p) > 2 else p)
    return {**move, "word": _text(move.get("word"), convert), "placed": placed,
            "words": _each(move.get("words"), lambda word: _text(word, convert))}


def _turn(turn: Any, convert: Convert) -> Any:
    if not isinstance(turn, Mapping):
        return turn
    converted = {**turn, **{key: _text(turn.get(key), convert) for key in ("rack", "tiles", "drawn")}}
    if "move" in turn:
        converted["move"] = _move(turn["move"], convert)
    return converted


def convert_tiles(body: Mapping[str, Any], convert: Convert, name: str = "<save>") -> dict[str, Any]:
    """A copy of saved-game data with every tile text passed through ``convert`` (to write
    notation, or to read an earlier version's code points): players' racks, board rows, the
    bag and the history.  The tile set's own section is left to the caller.  A text
    ``convert`` refuses is a FormatError naming ``name``."""
    changes: dict[str, Callable[[Any], Any]] = {
        "players": lambda player: {**player, "rack": _text(player.get("rack"), convert)}
        if isinstance(player, Mapping) else player,
        "board": lambda line: board_row(line, convert) if isinstance(line, str) else line,
        "history": lambda turn: _turn(turn, convert),
    }
    try:
        converted = {key: _each(value, changes[key]) if key in changes else value
                     for key, value in body.items()}
        bag = body.get("bag")
        if isinstance(bag, Mapping) and "tiles" in bag:
            converted["bag"] = {**bag, "tiles": _each(bag["tiles"], lambda tile: _text(tile, convert))}
    except WordGamesError as error:
        raise FormatError(f"{name}: {error}") from None
    return converted

"""Saving games as JSON: a game's whole state written out.

A save file holds the whole state of a :class:`~wordgames.scrabble.game.Game`: settings (tile
set, layout, hand size, rule set...), the lexicon's source and size, players with racks and
scores, the board, the bag *including its random generator*, whose turn it is and the history.
A resumed game therefore continues exactly as the saved one would have: same future draws,
same computer decisions.

Files are written atomically (:mod:`~wordgames.atomic`), so a crash or a full
disk during a save leaves the previous save intact.  The content carries a SHA-256 checksum.
Reading a save back and checking it is :mod:`~wordgames.scrabble.formats.save_read`.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from wordgames.atomic import write_target, write_text_atomically
from wordgames.lexicon.tiles import Digraphs, check_digraphs
from wordgames.scrabble.core.checks import require_type
from wordgames.scrabble.core.move import Move
from wordgames.scrabble.core.tiles import TileSet
from wordgames.scrabble.formats.save_tiles import NOTATION, convert_tiles
from wordgames.scrabble.game.state import Game
from wordgames.scrabble.game.turn import Turn

__all__ = [
    "game_to_state",
    "move_to_state",
    "save_game",
    "turn_to_state",
    "write_text_atomically",
]

SAVE_FORMAT = "wordgames-scrabble-game"
SAVE_VERSION = 1


# --- game -> JSON ---------------------------------------------------------------------------------


def move_to_state(move: Move) -> dict[str, Any]:
    """A move as JSON-able data."""
    require_type(move, Move, "the move")
    return {
        "row": move.row,
        "col": move.col,
        "direction": move.direction.value,
        "word": move.alphabet.format_tiles(move.numbers) if move.numbers else move.word,
        "placed": [[p.row, p.col, p.letter, p.blank] for p in move.placed],
        "score": move.score,
        "words": list(move.words),
    }


def turn_to_state(turn: Turn) -> dict[str, Any]:
    """A history entry as JSON-able data."""
    require_type(turn, Turn, "the turn")
    state: dict[str, Any] = {
        "player": turn.player,
        "kind": turn.kind.value,
        "rack": turn.rack,
        "score": turn.score,
        "total": turn.total,
        "tiles": turn.tiles,
        "drawn": turn.drawn,
    }
    if turn.move is not None:
        state["move"] = move_to_state(turn.move)
    return state


def game_to_state(game: Game, digraphs: Digraphs = "longest") -> dict[str, Any]:
    """The whole game as JSON-able data, with a checksum (see :func:`game_from_state`); tiles
    beyond A-Z in notation (:mod:`~wordgames.scrabble.formats.save_tiles`), and ``digraphs``,
    how the word list was read, recorded so that a resume reads it the same way."""
    require_type(game, Game, "the game")
    settings = game.settings
    layout = settings.layout
    body: dict[str, Any] = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "settings": {
            "rules": settings.rules,
            "hand_size": settings.hand_size,
            "exchange_minimum": settings.exchange_minimum,
            "scoreless_turn_limit": settings.scoreless_turn_limit,
            "seed": settings.seed,
            "minimum_word_length": settings.minimum_word_length,
            "end_rule": settings.end_rule,
            "challenge": settings.challenge,
            "tile_set": _tile_set_to_state(settings.tile_set),
            "layout": {
                "name": layout.name,
                "rows": layout.rows,
                "cols": layout.cols,
                "start": list(layout.start),
                "premiums": list(layout.premiums),
            },
        },
        "lexicon": {"source": _lasting_source(game.lexicon.source), "words": len(game.lexicon),
                    "digraphs": check_digraphs(digraphs)},
        "players": [
            {"name": p.name, "strategy": p.strategy, "rack": str(p.rack), "score": p.score}
            for p in game.players
        ],
        "board": game.board.to_text().splitlines(),
        "bag": game.bag.get_state(),
        "current": game.current,
        "scoreless_streak": game.scoreless_streak,
        "end_reason": game.end_reason,
        "history": [turn_to_state(turn) for turn in game.history],
    }
    if not settings.tile_set.is_plain_english:
        body = convert_tiles(body, settings.tile_set.show)
    body["checksum"] = _checksum(body)
    return body


def _tile_set_to_state(tile_set: TileSet) -> dict[str, Any]:
    """Values and counts; beyond A-Z also the alphabet (tiles, lower-case forms, vowels in
    tile-number order), which fixes the internal code points the rest of the save holds."""
    state: dict[str, Any] = {
        "values": dict(sorted(tile_set.values.items())),
        "counts": dict(sorted(tile_set.counts.items())),
    }
    if not tile_set.is_plain_english:
        alphabet = tile_set.alphabet
        state["written"] = NOTATION
        for table in ("values", "counts"):
            state[table] = {alphabet.format([tile]): number for tile, number in state[table].items()}
        state["alphabet"] = {"tiles": list(alphabet.tiles), "lower": list(alphabet.lower_forms),
                             "vowels": [tile for tile in alphabet.tiles if tile in alphabet.vowels]}
    return state


def _lasting_source(source: str) -> str:
    """A lexicon source that still works from another folder: a word file's absolute path,
    a shipped list's name as is."""
    path = Path(source)
    return str(path.resolve()) if path.is_file() else source


def _checksum(body: Mapping[str, Any]) -> str:
    content = {key: value for key, value in body.items() if key != "checksum"}
    canonical = json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(canonical.encode("ascii")).hexdigest()


def save_game(game: Game, path: str | os.PathLike[str], digraphs: Digraphs = "longest") -> None:
    """Write ``game`` to ``path`` as JSON, atomically (see
    :func:`~wordgames.atomic.write_text_atomically`: a symbolic link is
    written through, an existing file keeps its permissions, a folder or device at ``path``
    is refused).  ``digraphs`` is how the word list was read (``--digraphs``), kept for the
    resume.  Raises FileWriteError naming ``path`` when it cannot be written."""
    require_type(game, Game, "the game")
    target = write_target(path)  # refuse a folder or a device before serialising anything
    text = json.dumps(game_to_state(game, digraphs), indent=1, ensure_ascii=False)
    write_text_atomically(target, text + "\n")



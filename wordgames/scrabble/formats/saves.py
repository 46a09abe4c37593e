"""Saving and resuming games as JSON.

A save file holds the whole state of a :class:`~wordgames.scrabble.game.Game`: settings (tile
set, layout, hand size, rule set...), the lexicon's source and size, players with racks and
scores, the board, the bag *including its random generator*, whose turn it is and the history.
A resumed game therefore continues exactly as the saved one would have: same future draws,
same computer decisions.

Files are written atomically (a temporary file in the same folder, flushed and fsync'ed, then
``os.replace``), so a crash or a full disk during a save leaves the previous save intact.
Loading checks everything it can (format and version, a SHA-256 checksum of the content, the
shapes of all fields, that board + racks + bag make exactly one full bag, that the history
replays to the saved board and scores, and that the lexicon has the saved size) and raises
:class:`~wordgames.errors.FormatError` on any mismatch.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from wordgames.errors import FormatError, GameError, InvalidArgumentError, WordGamesError
from wordgames.lexicon import Lexicon, load_lexicon
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.layout import Layout
from wordgames.scrabble.core.move import Direction, Move, Placement
from wordgames.scrabble.core.tiles import Bag, Rack, TileSet
from wordgames.scrabble.game.players import Player
from wordgames.scrabble.game.state import Game, GameSettings
from wordgames.scrabble.game.turn import Turn, TurnKind
from wordgames.textfiles import read_text_file

SAVE_FORMAT = "wordgames-scrabble-game"
SAVE_VERSION = 1


# --- writing files safely -------------------------------------------------------------------------


def write_text_atomically(path: str | os.PathLike[str], text: str) -> None:
    """Replace the file at ``path`` with ``text`` (UTF-8) so that readers only ever see the
    old content or the new one: write a temporary file in the same folder, fsync it, rename
    it over ``path``, then fsync the folder.  On any error the temporary file is removed and
    the old file is untouched."""
    target = Path(path)
    folder = target.parent
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _fsync_folder(folder)


def _fsync_folder(folder: Path) -> None:
    """Make the rename durable; folders cannot be opened for syncing on every platform."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)


# --- game -> JSON ---------------------------------------------------------------------------------


def move_to_state(move: Move) -> dict[str, Any]:
    """A move as JSON-able data."""
    return {
        "row": move.row,
        "col": move.col,
        "direction": move.direction.value,
        "word": move.word,
        "placed": [[p.row, p.col, p.letter, p.blank] for p in move.placed],
        "score": move.score,
        "words": list(move.words),
    }


def turn_to_state(turn: Turn) -> dict[str, Any]:
    """A history entry as JSON-able data."""
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


def game_to_state(game: Game) -> dict[str, Any]:
    """The whole game as JSON-able data, with a checksum (see :func:`game_from_state`)."""
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
            "tile_set": {
                "values": dict(sorted(settings.tile_set.values.items())),
                "counts": dict(sorted(settings.tile_set.counts.items())),
            },
            "layout": {
                "name": layout.name,
                "rows": layout.rows,
                "cols": layout.cols,
                "start": list(layout.start),
                "premiums": list(layout.premiums),
            },
        },
        "lexicon": {"source": _lasting_source(game.lexicon.source), "words": len(game.lexicon)},
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
    body["checksum"] = _checksum(body)
    return body


def _lasting_source(source: str) -> str:
    """A lexicon source that still works from another folder: a word file's absolute path,
    a shipped list's name as is."""
    path = Path(source)
    return str(path.resolve()) if path.is_file() else source


def _checksum(body: Mapping[str, Any]) -> str:
    content = {key: value for key, value in body.items() if key != "checksum"}
    canonical = json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(canonical.encode("ascii")).hexdigest()


def save_game(game: Game, path: str | os.PathLike[str]) -> None:
    """Write ``game`` to ``path`` as JSON, atomically (see :func:`write_text_atomically`)."""
    text = json.dumps(game_to_state(game), indent=1, ensure_ascii=False)
    write_text_atomically(path, text + "\n")


# --- JSON -> game ---------------------------------------------------------------------------------


def move_from_state(state: Mapping[str, Any]) -> Move:
    """A move from :func:`move_to_state` data."""
    placed = tuple(
        Placement(int(row), int(col), str(letter), bool(blank)) for row, col, letter, blank in state["placed"]
    )
    return Move(
        int(state["row"]), int(state["col"]), Direction(state["direction"]), str(state["word"]),
        placed, int(state["score"]), tuple(str(word) for word in state["words"]),
    )


def turn_from_state(state: Mapping[str, Any]) -> Turn:
    """A history entry from :func:`turn_to_state` data."""
    move = move_from_state(state["move"]) if "move" in state else None
    return Turn(
        int(state["player"]), TurnKind(state["kind"]), str(state["rack"]), int(state["score"]),
        int(state["total"]), move, str(state["tiles"]), str(state["drawn"]),
    )


def _settings_from_state(state: Mapping[str, Any]) -> GameSettings:
    tiles = state["tile_set"]
    tile_set = TileSet(
        {str(k): int(v) for k, v in tiles["values"].items()},
        {str(k): int(v) for k, v in tiles["counts"].items()},
    )
    grid = state["layout"]
    layout = Layout(
        int(grid["rows"]), int(grid["cols"]), (int(grid["start"][0]), int(grid["start"][1])),
        tuple(str(row) for row in grid["premiums"]), str(grid["name"]),
    )
    minimum = state["exchange_minimum"]
    seed = state["seed"]
    return GameSettings(
        tile_set=tile_set,
        layout=layout,
        hand_size=int(state["hand_size"]),
        rules=str(state["rules"]),
        exchange_minimum=None if minimum is None else int(minimum),
        scoreless_turn_limit=int(state["scoreless_turn_limit"]),
        seed=None if seed is None else int(seed),
        # saves written before the key existed played with the usual minimum
        minimum_word_length=int(state.get("minimum_word_length", 2)),
        end_rule=str(state.get("end_rule", "usc")),
    )


def game_from_state(
    state: Mapping[str, Any], lexicon: Lexicon | None = None, backend: str = "trie", name: str = "<save>"
) -> Game:
    """Rebuild a game from :func:`game_to_state` data.  Without ``lexicon`` the saved source
    is loaded with ``backend``.  Raises FormatError (prefixed with ``name``) when the data is
    corrupt, inconsistent, or was saved with a different lexicon."""
    if not isinstance(state, Mapping) or state.get("format") != SAVE_FORMAT:
        raise FormatError(f"{name}: not a wordgames saved game")
    if state.get("version") != SAVE_VERSION:
        raise FormatError(f"{name}: saved game version {state.get('version')!r} is not supported")
    if state.get("checksum") != _checksum(state):
        raise FormatError(f"{name}: the checksum does not match; the file is corrupt or was edited")
    try:
        settings = _settings_from_state(state["settings"])
        players = [
            Player(str(p["name"]), None if p["strategy"] is None else str(p["strategy"]),
                   Rack.parse(str(p["rack"])), int(p["score"]))
            for p in state["players"]
        ]
        board = Board.from_text("\n".join(state["board"]), settings.layout, name)
        bag = Bag.from_state(state["bag"])
        history = [turn_from_state(turn) for turn in state["history"]]
        saved_lexicon = state["lexicon"]
        source, size = str(saved_lexicon["source"]), int(saved_lexicon["words"])
        current, streak = int(state["current"]), int(state["scoreless_streak"])
        end_reason = state["end_reason"]
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
        raise FormatError(f"{name}: malformed saved game ({type(error).__name__}: {error})") from None
    if lexicon is None:
        lexicon = load_lexicon(source, backend)
    if len(lexicon) != size:
        raise FormatError(
            f"{name}: the game was saved with a {size}-word lexicon ({source}), "
            f"not this {len(lexicon)}-word one ({lexicon.source})"
        )
    try:
        game = Game.restore(
            players, lexicon, settings, board=board, bag=bag, history=history, current=current,
            scoreless_streak=streak, end_reason=None if end_reason is None else str(end_reason),
        )
        game.check_tiles()
        _check_history(game)
    except (GameError, InvalidArgumentError) as error:
        if isinstance(error, FormatError):
            raise
        raise FormatError(f"{name}: inconsistent saved game ({error})") from None
    return game


def _check_history(game: Game) -> None:
    """Raise GameError unless the history's placements rebuild the board and its scores add
    up to each player's score."""
    board = Board(game.settings.layout)
    totals = Counter[int]()
    for turn in game.history:
        if not 0 <= turn.player < len(game.players):
            raise GameError(f"the history names seat {turn.player}")
        if turn.move is not None:
            board.place_all((p.row, p.col, p.tile) for p in turn.move.placed)
        totals[turn.player] += turn.score
    if board != game.board:
        raise GameError("the history does not rebuild the board")
    for seat, player in enumerate(game.players):
        if totals[seat] != player.score:
            raise GameError(f"{player.name}'s turns add up to {totals[seat]}, not {player.score}")


def load_game(
    path: str | os.PathLike[str], lexicon: Lexicon | None = None, backend: str = "trie"
) -> Game:
    """Resume a game saved by :func:`save_game` (see :func:`game_from_state`).  Raises
    FormatError for an unreadable, corrupt or mismatched file."""
    file = Path(path)
    text = read_text_file(file, "saved game")
    try:
        state = json.loads(text)
    except json.JSONDecodeError as error:
        raise FormatError(f"{file}: not valid JSON (line {error.lineno}: {error.msg})") from None
    try:
        return game_from_state(state, lexicon, backend, str(file))
    except FormatError:
        raise
    except WordGamesError as error:
        raise FormatError(f"{file}: {error}") from None

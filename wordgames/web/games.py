"""Games against the computer, kept on the server's disk so that a reload (or a restart of
the server) resumes them, and listed so that a player can go back to any of them.

Each game is one save file (:func:`wordgames.scrabble.save_game`, written atomically) named
``<id>.<lexicon>@<tiles>.json`` in the server's game folder (``<id>.<lexicon>.json`` for the
English games of earlier versions); the id is 24 random hex digits, the only thing a request
can name.  Recently used games are also kept in memory, each with a lock so two requests
never change one game at once.
"""

from __future__ import annotations

import re
import secrets
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from wordgames.errors import GameError, InvalidArgumentError, WordGamesError
from wordgames.scrabble import Game, GameSettings, TileSet, load_game, parse_players, save_game
from wordgames.scrabble.core.distributions import distribution_names
from wordgames.scrabble.core.scoring import END_RULES
from wordgames.scrabble.core.tiles import distribution_name, tile_set_named
from wordgames.scrabble.game.decision import get_strategy, strategy_names
from wordgames.scrabble.strategy.levels import LEVEL_NAMES, level_strategy
from wordgames.web.lexicons import LexiconRegistry
from wordgames.web.limits import MAX_GAMES_IN_MEMORY, MAX_LISTED_GAMES

_ID = re.compile(r"^[0-9a-f]{24}$")
HUMAN = "You"
COMPUTER = "Computer"
DEFAULT_STRATEGY = "greedy"
DEFAULT_TILES = "english"
DEFAULT_END_RULE = "tournament"
"""The end rule of a new game: tournament play's (the player who goes out gains twice the
others' rack values; nobody loses points)."""


class UnknownGameError(InvalidArgumentError):
    """No game has this id (it never existed, or its file was removed)."""


def available_strategies() -> list[str]:
    """Every computer strategy registered with the engine (so a new one, or a level that
    registers as a strategy, is offered with no change here), the default first."""
    names = strategy_names()
    return sorted(names, key=lambda name: (name != DEFAULT_STRATEGY, name))


_LEVEL_LABELS = {level_strategy(number): f"level {number}: {name}" for name, number in LEVEL_NAMES.items()}


def strategy_label(name: str) -> str:
    """How a page names a strategy: ``level 5: expert``, ``level 6: champion`` (the
    strongest, played by the ``champion`` strategy), or the registered name."""
    return _LEVEL_LABELS.get(name, name)


def strategy_description(name: str) -> str:
    """The first line of the strategy's docstring (what it plays), or "" when it has none."""
    doc = type(get_strategy(name)).__doc__ or ""
    return doc.strip().split("\n\n")[0].replace("\n", " ").strip()


def tile_set_for(name: str) -> TileSet:
    """The shipped tile distribution ``name``; InvalidArgumentError listing them otherwise."""
    tile_set = tile_set_named(name)
    if tile_set is None:
        raise InvalidArgumentError(
            f"unknown tile distribution {name[:40]!r} (choose from {', '.join(distribution_names())})"
        )
    return tile_set


@dataclass
class StoredGame:
    """A game in memory, the name of its lexicon, and the lock its changes take."""

    id: str
    game: Game
    lexicon: str
    lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def human_seat(self) -> int:
        """The seat of the person at the browser."""
        return next(seat for seat, player in enumerate(self.game.players) if not player.is_computer)

    @property
    def strategy(self) -> str:
        """The computer's strategy."""
        return next(player.strategy for player in self.game.players if player.strategy) or ""

    @property
    def tiles(self) -> str:
        """The name of the game's tile distribution."""
        return distribution_name(self.game.settings.tile_set) or DEFAULT_TILES


@dataclass(frozen=True)
class NewGameSettings:
    """What a player chooses for a new game (names are checked when the game is made)."""

    lexicon: str | None
    strategy: str
    seed: int | None
    computer_first: bool
    tiles: str = DEFAULT_TILES
    end_rule: str = DEFAULT_END_RULE


class GameStore:
    """Saved games in ``folder`` (created on first use)."""

    def __init__(self, folder: Path, lexicons: LexiconRegistry) -> None:
        self.folder = folder
        self.lexicons = lexicons
        self._memory: OrderedDict[str, StoredGame] = OrderedDict()
        self._lock = threading.Lock()

    def new(self, chosen: NewGameSettings) -> StoredGame:
        """Start a game of a person against the computer, let the computer move if it starts,
        save it and return it.  Raises InvalidArgumentError for an unknown lexicon, strategy,
        tile distribution or end rule, and for a lexicon that spells words the tiles lack."""
        if chosen.strategy not in available_strategies():
            raise InvalidArgumentError(
                f"unknown strategy {chosen.strategy!r} (choose from {', '.join(available_strategies())})"
            )
        if chosen.end_rule not in END_RULES:
            raise InvalidArgumentError(
                f"unknown end rule {chosen.end_rule!r} (choose from {', '.join(END_RULES)})"
            )
        tile_set = tile_set_for(chosen.tiles)
        name = self.lexicons.resolve(chosen.lexicon or self.lexicons.default_for(tile_set))
        lexicon = self.lexicons.fitting(name, tile_set)
        players = parse_players(f"human:{HUMAN},{chosen.strategy}:{COMPUTER}")
        if chosen.computer_first:
            players.reverse()
        settings = GameSettings(tile_set=tile_set, seed=chosen.seed, end_rule=chosen.end_rule)
        game = Game(players, lexicon, settings)
        stored = StoredGame(secrets.token_hex(12), game, name)
        game.play_out()
        self.save(stored)
        with self._lock:
            self._remember(stored)
        return stored

    def get(self, game_id: str) -> StoredGame:
        """The game with this id, from memory or from its file.  UnknownGameError when there
        is none; FormatError when its file is damaged."""
        if not _ID.match(game_id):
            raise UnknownGameError("a game id is 24 hexadecimal digits")
        with self._lock:
            stored = self._memory.get(game_id)
            if stored is not None:
                self._memory.move_to_end(game_id)
                return stored
            files = sorted(self.folder.glob(f"{game_id}.*.json")) if self.folder.is_dir() else []
            if not files:
                raise UnknownGameError(f"no game {game_id} on this server")
            stored = self._load(files[0])
            self._remember(stored)
            return stored

    def _load(self, file: Path) -> StoredGame:
        game_id, _, rest = file.name.removesuffix(".json").partition(".")
        name, _, tiles = rest.partition("@")
        tile_set = tile_set_for(tiles or DEFAULT_TILES)
        return StoredGame(game_id, load_game(file, self.lexicons.get(name, tile_set)), name)

    def save(self, stored: StoredGame) -> None:
        """Write the game's file (atomically)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        save_game(stored.game, self.folder / f"{stored.id}.{stored.lexicon}@{stored.tiles}.json")

    def recent(self) -> list[dict[str, Any]]:
        """The last MAX_LISTED_GAMES games saved, newest first, each as a summary: id,
        lexicon, tiles, players and scores, whether it is over, turns played, when it was
        last saved.  A file that cannot be read is left out.  Cost: loading each listed game
        (those in memory are not reloaded)."""
        if not self.folder.is_dir():
            return []
        files = sorted(self.folder.glob("*.json"), key=lambda file: file.stat().st_mtime, reverse=True)
        listed = []
        for file in files[:MAX_LISTED_GAMES]:
            game_id = file.name.partition(".")[0]
            if not _ID.match(game_id):
                continue
            try:
                stored = self.get(game_id)
            except WordGamesError:
                continue
            with stored.lock:
                game = stored.game
                listed.append({
                    "id": stored.id, "lexicon": stored.lexicon, "tiles": stored.tiles,
                    "strategy": stored.strategy,
                    "players": [{"name": p.name, "score": p.score} for p in game.players],
                    "over": game.is_over, "turns": len(game.history),
                    "saved": datetime.fromtimestamp(file.stat().st_mtime, UTC).isoformat(timespec="seconds"),
                })
        return listed

    def _remember(self, stored: StoredGame) -> None:
        self._memory[stored.id] = stored
        while len(self._memory) > MAX_GAMES_IN_MEMORY:
            self._memory.popitem(last=False)


def require_human_turn(stored: StoredGame) -> None:
    """Raise GameError unless the game is on and it is the person's turn."""
    if stored.game.is_over:
        raise GameError("the game is over")
    if stored.game.current != stored.human_seat:
        raise GameError("it is the computer's turn")

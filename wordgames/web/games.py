"""Games against the computer, kept on the server's disk so that a reload (or a restart of
the server) resumes them.

Each game is one save file (:func:`wordgames.scrabble.save_game`, written atomically) named
``<id>.<lexicon>.json`` in the server's game folder; the id is 24 random hex digits, the only
thing a request can name.  Recently used games are also kept in memory, each with a lock so two
requests never change one game at once.
"""

from __future__ import annotations

import re
import secrets
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path

from wordgames.errors import GameError, InvalidArgumentError
from wordgames.scrabble import Game, GameSettings, load_game, parse_players, save_game
from wordgames.scrabble.game.decision import strategy_names
from wordgames.web.lexicons import LexiconRegistry
from wordgames.web.limits import MAX_GAMES_IN_MEMORY

_ID = re.compile(r"^[0-9a-f]{24}$")
HUMAN = "You"
COMPUTER = "Computer"
DEFAULT_STRATEGY = "greedy"


class UnknownGameError(InvalidArgumentError):
    """No game has this id (it never existed, or its file was removed)."""


def available_strategies() -> list[str]:
    """Every computer strategy registered with the engine (so a new one, or a level that
    registers as a strategy, is offered with no change here), the default first."""
    names = strategy_names()
    return sorted(names, key=lambda name: (name != DEFAULT_STRATEGY, name))


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


class GameStore:
    """Saved games in ``folder`` (created on first use)."""

    def __init__(self, folder: Path, lexicons: LexiconRegistry) -> None:
        self.folder = folder
        self.lexicons = lexicons
        self._memory: OrderedDict[str, StoredGame] = OrderedDict()
        self._lock = threading.Lock()

    def new(self, lexicon: str | None, strategy: str, seed: int | None, computer_first: bool) -> StoredGame:
        """Start a game of a person against the computer, let the computer move if it starts,
        save it and return it.  Raises InvalidArgumentError for an unknown lexicon or strategy."""
        name = self.lexicons.resolve(lexicon)
        players = parse_players(f"human:{HUMAN},{strategy}:{COMPUTER}")
        if computer_first:
            players.reverse()
        game = Game(players, self.lexicons.get(name), GameSettings(seed=seed))
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
            name = files[0].name.split(".", 1)[1].removesuffix(".json")
            stored = StoredGame(game_id, load_game(files[0], self.lexicons.get(name)), name)
            self._remember(stored)
            return stored

    def save(self, stored: StoredGame) -> None:
        """Write the game's file (atomically)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        save_game(stored.game, self.folder / f"{stored.id}.{stored.lexicon}.json")

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

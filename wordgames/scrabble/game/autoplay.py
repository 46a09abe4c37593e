"""Computer-versus-computer games, for testing strategies and measuring throughput.

Game ``i`` of a series with seed ``S`` draws its bag with seed ``S + i``, so any single game
can be replayed on its own.  With two different strategies the seats alternate from game to
game (the strategy listed first moves first in even-numbered games), so neither strategy
keeps the first-move advantage.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from wordgames.errors import InvalidArgumentError
from wordgames.lexicon import Lexicon
from wordgames.scrabble.game.decision import get_strategy
from wordgames.scrabble.game.players import Player
from wordgames.scrabble.game.state import Game, GameSettings
from wordgames.scrabble.game.turn import TurnKind


@dataclass
class AutoplayStats:
    """Totals over a series of games.  ``names`` are the players, one per strategy slot
    (``greedy_1``, ``leave_2``...); per-slot lists follow the same order."""

    names: list[str]
    games: int = 0
    turns: int = 0
    bingos: int = 0
    seconds: float = 0.0
    scores: list[int] = field(default_factory=list)
    wins: list[int] = field(default_factory=list)
    ties: int = 0

    @property
    def average_score(self) -> float:
        """Mean final score per player per game."""
        return sum(self.scores) / (self.games * len(self.names)) if self.games else 0.0

    def average_score_of(self, slot: int) -> float:
        """Mean final score of one strategy slot."""
        return self.scores[slot] / self.games if self.games else 0.0

    @property
    def bingos_per_game(self) -> float:
        """Bingos (whole-rack plays) per game, all players together."""
        return self.bingos / self.games if self.games else 0.0

    @property
    def moves_per_second(self) -> float:
        """Turns played (placements, exchanges, passes) per second of play."""
        return self.turns / self.seconds if self.seconds else 0.0

    @property
    def games_per_minute(self) -> float:
        """Games completed per minute of play."""
        return 60.0 * self.games / self.seconds if self.seconds else 0.0


def player_names(strategies: Sequence[str]) -> list[str]:
    """One player name per strategy slot: ``greedy_1``, ``leave_2``..."""
    return [f"{strategy}_{slot}" for slot, strategy in enumerate(strategies, 1)]


def autoplay_game(
    lexicon: Lexicon, strategies: Sequence[str], settings: GameSettings, game_index: int = 0
) -> Game:
    """Play one whole game between computer players with ``strategies`` (slot order); the
    seats rotate by ``game_index``.  Returns the finished game."""
    for name in strategies:
        get_strategy(name)  # validates the name before any tiles are drawn
    names = player_names(strategies)
    shift = game_index % len(strategies)
    order = list(range(shift, len(strategies))) + list(range(shift))
    players = [Player(names[slot], strategies[slot]) for slot in order]
    game = Game(players, lexicon, settings)
    game.play_out()
    return game


def run_autoplay(
    lexicon: Lexicon,
    games: int,
    seed: int = 0,
    strategies: Sequence[str] = ("greedy", "greedy"),
    settings: GameSettings | None = None,
    on_game: Callable[[int, Game], None] | None = None,
) -> AutoplayStats:
    """Play ``games`` games (game ``i`` with seed ``seed + i``) and total them up;
    ``on_game(i, game)`` is called after each one (to write it out, draw progress...), its
    time not counted."""
    if games < 1:
        raise InvalidArgumentError("play at least one game")
    if len(strategies) < 1:
        raise InvalidArgumentError("name at least one strategy")
    base = settings if settings is not None else GameSettings()
    names = player_names(strategies)
    stats = AutoplayStats(names, scores=[0] * len(names), wins=[0] * len(names))
    for index in range(games):
        started = time.perf_counter()
        game = autoplay_game(lexicon, strategies, replace(base, seed=seed + index), index)
        stats.seconds += time.perf_counter() - started
        stats.games += 1
        stats.turns += sum(turn.kind is not TurnKind.END for turn in game.history)
        stats.bingos += sum(turn.is_bingo(base.hand_size) for turn in game.history)
        by_name = {player.name: player.score for player in game.players}
        for slot, name in enumerate(names):
            stats.scores[slot] += by_name[name]
        winners = game.winners()
        if len(winners) > 1:
            stats.ties += 1
        else:
            stats.wins[names.index(winners[0].name)] += 1
        if on_game is not None:
            on_game(index, game)
    return stats

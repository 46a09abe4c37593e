"""Fixtures for the game tests: finished computer games, played once per session."""

from __future__ import annotations

import pytest

from wordgames.lexicon import Lexicon
from wordgames.scrabble.game.players import Player
from wordgames.scrabble.game.state import Game, GameSettings


def computer_game(lexicon: Lexicon, seed: int, strategies: tuple[str, str] = ("greedy", "greedy")) -> Game:
    """A whole game between two computer players."""
    players = [Player("Ann", strategies[0]), Player("Robo", strategies[1])]
    game = Game(players, lexicon, GameSettings(seed=seed))
    game.play_out()
    return game


@pytest.fixture(scope="session")
def greedy_game(enable_trie: Lexicon) -> Game:
    """A finished greedy-vs-greedy game on the standard board (seed 7)."""
    return computer_game(enable_trie, 7)


@pytest.fixture(scope="session")
def leave_game(enable_trie: Lexicon) -> Game:
    """A finished leave-vs-greedy game on the standard board (seed 11)."""
    return computer_game(enable_trie, 11, ("leave", "greedy"))

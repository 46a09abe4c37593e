"""Boards for the endgame tests: snapshots of a few seeded greedy games, and a small lexicon."""

from __future__ import annotations

import pytest

import wordgames.scrabble  # noqa: F401  (registers the strategies)
from wordgames.lexicon import Lexicon, lexicon_from_words
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.game.players import Player
from wordgames.scrabble.game.state import Game, GameSettings

GAMES = 3


@pytest.fixture(scope="session")
def short_words(enable_trie: Lexicon) -> Lexicon:
    """ENABLE's words of two and three letters: few moves a rack, so exhaustive search is cheap
    and stuck racks are common."""
    return lexicon_from_words(word for word in enable_trie if len(word) <= 3)


@pytest.fixture(scope="session")
def game_boards(enable_trie: Lexicon) -> list[Board]:
    """The board after every turn of a few seeded greedy games on ENABLE."""
    boards = []
    for seed in range(GAMES):
        game = Game([Player("a", "greedy"), Player("b", "greedy")], enable_trie, GameSettings(seed=seed))
        while not game.is_over:
            game.play_computer_turn()
            boards.append(game.board.copy())
    return boards

"""Boards for the endgame tests: snapshots of seeded greedy games, a small lexicon, and
rules that remember their move lists (so the solver and the reference share move generation)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import wordgames.scrabble  # noqa: F401  (registers the strategies)
from wordgames.lexicon import Lexicon, lexicon_from_words
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.core.layout import plain_layout
from wordgames.scrabble.core.move import Move
from wordgames.scrabble.core.rack import Rack
from wordgames.scrabble.game.players import Player
from wordgames.scrabble.game.state import Game, GameSettings
from wordgames.scrabble.rules.classic import ClassicRules


class RememberingRules(ClassicRules):
    """Classic rules whose move lists are kept per (board, rack, lexicon): the same answers,
    generated once for every search that asks."""

    def __init__(self) -> None:
        super().__init__()
        self._lists: dict[tuple[str, str, int], list[Move]] = {}

    def generate_moves(self, board: Board, rack: Rack, lexicon: Lexicon) -> Iterator[Move]:
        key = (board.to_text(), str(rack), id(lexicon))
        if key not in self._lists:
            self._lists[key] = list(super().generate_moves(board, rack, lexicon))
        return iter(self._lists[key])


@pytest.fixture(scope="session")
def short_words(enable_trie: Lexicon) -> Lexicon:
    """ENABLE's words of two and three letters: few moves a rack, so exhaustive search is cheap
    and stuck racks are common."""
    return lexicon_from_words(word for word in enable_trie if len(word) <= 3)


def _snapshots(lexicon: Lexicon, settings: GameSettings) -> list[Board]:
    game = Game([Player("a", "greedy"), Player("b", "greedy")], lexicon, settings)
    boards = []
    while not game.is_over:
        game.play_computer_turn()
        boards.append(game.board.copy())
    return boards


@pytest.fixture(scope="session")
def small_boards(enable_trie: Lexicon) -> list[Board]:
    """The board after every turn of seeded greedy games on a plain 7x7 board."""
    boards: list[Board] = []
    for seed in range(10):
        boards += _snapshots(enable_trie, GameSettings(layout=plain_layout(7, 7), seed=seed))
    return boards


@pytest.fixture(scope="session")
def standard_boards(enable_trie: Lexicon) -> list[Board]:
    """The board after every turn of one seeded greedy game on the standard board."""
    return _snapshots(enable_trie, GameSettings(seed=1))

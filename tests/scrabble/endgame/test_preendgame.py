"""The pre-endgame against the exhaustive minimax (with the bag tile known), and its ranking."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from wordgames.errors import InvalidArgumentError
from wordgames.lexicon import Lexicon
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.endgame import solve_preendgame

from .conftest import RememberingRules
from .reference import Minimax, TooBig
from .test_against_minimax import unseen_pool

POSITIONS = 6


def expected_outcome(reference: Minimax, board: Board, rack: str, unseen: Counter[str], tile: str,
                     play_index: int, plays: list) -> int:  # type: ignore[type-arg]
    """The final spread change for the mover after ``plays[play_index]`` with ``tile`` in the bag."""
    opponent = Counter(unseen)
    opponent[tile] -= 1
    play = plays[play_index]
    if play is None:
        return -reference.value(board, +opponent, Counter(rack), (tile,), 1)
    after = board.copy()
    after.place_all((p.row, p.col, p.tile) for p in play.placed)
    mine = Counter(rack)
    mine.subtract(p.rack_tile for p in play.placed)
    mine[tile] += 1
    return play.score - reference.value(after, +opponent, +mine, (), 0)


def test_outcomes_match_minimax(small_boards: list[Board], short_words: Lexicon) -> None:
    rules = RememberingRules()
    rng = random.Random(21)
    compared = 0
    while compared < POSITIONS:
        board = rng.choice(small_boards)
        pool = unseen_pool(board)
        rng.shuffle(pool)
        if len(pool) < 5:
            continue
        rack, unseen = "".join(pool[:2]), Counter(pool[2:5])
        result = solve_preendgame(board, rack, "".join(unseen.elements()), short_words, rules, spread=0)
        plays = [play.move for play in result.plays]
        reference = Minimax(short_words, rules, 6, "usc", 200)
        try:
            for index, play in enumerate(result.plays):
                for tile, value in play.outcomes.items():
                    assert value == expected_outcome(reference, board, rack, unseen, tile, index, plays)
        except TooBig:
            continue
        assert set(result.plays[0].outcomes) == set(unseen)
        keys = [(-play.wins, -play.spread) for play in result.plays]
        assert keys == sorted(keys)
        assert result.draws == 3
        compared += 1


def test_bad_pre_endgames_are_refused(small_boards: list[Board], short_words: Lexicon) -> None:
    rules = RememberingRules()
    with pytest.raises(InvalidArgumentError):
        solve_preendgame(small_boards[3], "AB", "C", short_words, rules)
    with pytest.raises(InvalidArgumentError):
        solve_preendgame(small_boards[3], "AB", "CDEFGHIJK", short_words, rules)
    with pytest.raises(InvalidArgumentError):
        solve_preendgame(small_boards[3], "", "CDE", short_words, rules)

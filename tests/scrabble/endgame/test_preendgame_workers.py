"""The pre-endgame on several worker processes: the same answer as one process when every
pair is solved, and its limits."""

from __future__ import annotations

import random
from itertools import islice

import pytest

from wordgames.cluster import can_fork
from wordgames.errors import InvalidArgumentError
from wordgames.lexicon import Lexicon
from wordgames.limits import MAX_PREENDGAME_WORKERS
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.endgame import solve_preendgame
from wordgames.scrabble.endgame.preendgame import _batches

from .conftest import RememberingRules
from .test_preendgame import random_positions

pytestmark = pytest.mark.skipif(not can_fork(), reason="worker processes are forked")


def shape(result: object) -> list[tuple[object, ...]]:
    return [(play.move, play.outcomes, play.wins, play.spread, play.exact)
            for play in result.plays]  # type: ignore[attr-defined]


@pytest.mark.parametrize("bag", [1, 2])
def test_workers_give_the_answer_of_one_process(bag: int, small_boards: list[Board],
                                                short_words: Lexicon) -> None:
    rules = RememberingRules()
    for board, rack, unseen in islice(random_positions(random.Random(70 + bag), small_boards, 3, 2 + bag), 3):
        alone = solve_preendgame(board, rack, unseen, short_words, rules, bag=bag)
        shared = solve_preendgame(board, rack, unseen, short_words, rules, bag=bag, workers=2)
        assert all(play.exact for play in alone.plays)
        assert shape(shared) == shape(alone)
        assert shared.draws == alone.draws and shared.nodes > 0
        # With ample time the rounds prove every pair on the workers too.
        timed = solve_preendgame(board, rack, unseen, short_words, rules, bag=bag, workers=2,
                                 time_limit=600)
        assert shape(timed) == shape(alone)


def test_the_workers_are_bounded(small_boards: list[Board], short_words: Lexicon) -> None:
    rules = RememberingRules()
    for workers in (0, MAX_PREENDGAME_WORKERS + 1):
        with pytest.raises(InvalidArgumentError):
            solve_preendgame(small_boards[3], "AB", "CDE", short_words, rules, workers=workers)


def test_batches_keep_each_draw_together_and_the_order_within() -> None:
    todo = [(play, draw) for draw in [("A",), ("B",), ("C",)] for play in range(3)]
    batches = _batches(todo, 2)
    assert [pair for batch in batches for pair in batch] != [] and len(batches) == 2
    assert sorted(pair for batch in batches for pair in batch) == sorted(todo)
    for batch in batches:
        assert batch == [pair for pair in todo if pair in batch]  # the order kept
        draws = {draw for _, draw in batch}
        assert all(sum(1 for _, d in batch if d == draw) == 3 for draw in draws)
    assert len(_batches(todo, 10)) == 3 and len(_batches(todo, 1)) == 1

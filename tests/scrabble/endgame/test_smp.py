"""The endgame search on several processes (Lazy SMP over a shared table, whose own tests are
in ``test_transposition.py``): the search gives the values of the single process, proven,
without leaving processes behind."""

from __future__ import annotations

import multiprocessing

import pytest

from wordgames.cluster import can_fork
from wordgames.errors import InvalidArgumentError
from wordgames.lexicon import Lexicon
from wordgames.limits import MAX_ENDGAME_WORKERS
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.endgame import SearchOptions, solve_endgame

from .conftest import RememberingRules
from .test_against_minimax import compare

pytestmark = pytest.mark.skipif(not can_fork(), reason="the helper searches are forked")


def test_helpers_give_the_values_of_minimax(small_boards: list[Board], short_words: Lexicon) -> None:
    compare(small_boards, short_words, 25, seed=41, options=SearchOptions(workers=2))


def test_helpers_prove_the_single_process_value_and_are_gone(standard_boards: list[Board],
                                                             enable_trie: Lexicon) -> None:
    rules = RememberingRules()
    board = standard_boards[2]
    racks = ("AEIRT", "DNOSU")
    alone = solve_endgame(board, racks, enable_trie, rules)
    together = solve_endgame(board, racks, enable_trie, rules, options=SearchOptions(workers=3))
    assert alone.exact and together.exact
    assert together.value == alone.value
    assert not multiprocessing.active_children()


def test_the_workers_are_bounded(small_boards: list[Board], short_words: Lexicon) -> None:
    for workers in (0, MAX_ENDGAME_WORKERS + 1):
        with pytest.raises(InvalidArgumentError):
            solve_endgame(small_boards[3], ("AB", "CD"), short_words, RememberingRules(),
                          options=SearchOptions(workers=workers))


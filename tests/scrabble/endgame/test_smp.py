"""The endgame search on several processes (Lazy SMP over a shared table): the shared table's
entries survive a fork and a torn entry is a miss, and the search gives the values of the
single process, proven, without leaving processes behind."""

from __future__ import annotations

import multiprocessing
from array import array

import pytest

from wordgames.cluster import can_fork
from wordgames.errors import InvalidArgumentError
from wordgames.lexicon import Lexicon
from wordgames.limits import MAX_ENDGAME_WORKERS
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.endgame import SearchOptions, solve_endgame
from wordgames.scrabble.endgame.transposition import TranspositionTable

from .conftest import RememberingRules
from .test_against_minimax import compare

pytestmark = pytest.mark.skipif(not can_fork(), reason="the helper searches are forked")

WIDTH = 9  # a move row: score, count, then up to 7 tile codes
EXACT, LOWER = 0, 1  # the table's flags (compiled, C constants that Python does not see)


def row(score: int, codes: list[int]) -> array[int]:
    move = array("q", bytes(8 * WIDTH))
    move[0], move[1] = score, len(codes)
    move[2:2 + len(codes)] = array("q", codes)
    return move


@pytest.mark.parametrize("shared", [False, True])
def test_an_entry_comes_back_whole(shared: bool) -> None:
    table = TranspositionTable(6, WIDTH, shared)
    key = (1 << 63) + 12345
    assert table.probe(key) < 0
    table.store(key, 4, -17, LOWER, row(23, [(40 << 8) | 5, (41 << 8) | 1]), 0)
    assert table.probe(key) >= 0
    assert (table.hit_depth, table.hit_value, table.hit_flag) == (4, -17, LOWER)
    assert table.probe(key ^ 2) < 0  # the same bucket, another key


def _store_in_child(table: TranspositionTable) -> None:
    table.store(99, 7, 31, EXACT, row(12, [1 << 8]), 0)


def test_a_forked_process_writes_into_the_shared_table() -> None:
    table = TranspositionTable(6, WIDTH, shared=True)
    child = multiprocessing.get_context("fork").Process(target=_store_in_child, args=(table,))
    child.start()
    child.join()
    assert child.exitcode == 0
    assert table.probe(99) >= 0 and (table.hit_depth, table.hit_value) == (7, 31)


@pytest.mark.parametrize("field", ["value", "move"])
def test_a_torn_entry_is_a_miss(field: str) -> None:
    """An entry whose fields do not all come from one store (another process wrote part of
    it) fails its check and is not used: here one field is changed behind the table's back."""
    table = TranspositionTable(6, WIDTH, shared=True)
    marker = 0x5A5B5C5D
    score, value = (marker, 3) if field == "move" else (3, marker)
    table.store(77, 5, value, EXACT, row(score, [(7 << 8) | 2]), 0)
    assert table.probe(77) >= 0
    memory = table.memory
    at = bytes(memory).find(marker.to_bytes(4, "little"))
    assert at >= 0
    memory[at] ^= 1
    assert table.probe(77) < 0


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

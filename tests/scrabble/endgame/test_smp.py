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
from wordgames.limits import MAX_ENDGAME_TABLE_BITS, MAX_ENDGAME_WORKERS
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.endgame import SearchOptions, solve_endgame
from wordgames.scrabble.endgame.transposition import TranspositionTable

from .conftest import RememberingRules
from .test_against_minimax import compare

pytestmark = pytest.mark.skipif(not can_fork(), reason="the helper searches are forked")

WIDTH = 9  # a move row: score, count, then up to 7 tile codes
EXACT, LOWER, UPPER = 0, 1, 2  # the table's flags (compiled, C constants that Python does not see)


def row(score: int, codes: list[int]) -> array[int]:
    move = array("q", bytes(8 * WIDTH))
    move[0], move[1] = score, len(codes)
    move[2:2 + len(codes)] = array("q", codes)
    return move


@pytest.mark.parametrize("squares", [225, 441])  # tile codes packed in 16 bits, in 32
@pytest.mark.parametrize("shared", [False, True])
def test_an_entry_comes_back_whole(shared: bool, squares: int) -> None:
    table = TranspositionTable(6, WIDTH, squares, shared)
    key = (1 << 63) + 12345
    assert table.probe(key) < 0
    assert table.probe(0) < 0  # an empty entry's words XOR to 0 too: it is not used
    codes = [((squares - 1 - k) << 8) | (0x80 + k) for k in range(WIDTH - 2)]
    table.store(key, 4, -17, LOWER, row(23, codes), 0)
    assert table.probe(key) >= 0
    assert (table.hit_depth, table.hit_value, table.hit_flag) == (4, -17, LOWER)
    assert list(table.hit_move) == [23, len(codes), *codes]
    table.store(key, 1 << 30, 5, EXACT, row(0, []), 0)  # a pass, proven
    assert table.probe(key) >= 0
    assert (table.hit_depth, table.hit_value, table.hit_flag) == (1 << 30, 5, EXACT)
    assert list(table.hit_move[:2]) == [0, 0]
    assert table.probe(key ^ 2) < 0  # the same bucket, another key


def test_a_bucket_keeps_the_deeper_entry_and_the_latest() -> None:
    table = TranspositionTable(4, WIDTH, 225)
    deep, shallow, latest = 0x100, 0x200, 0x300  # one bucket (the low bits agree)
    table.store(deep, 9, 1, EXACT, row(1, [1 << 8]), 0)
    table.store(shallow, 2, 2, EXACT, row(2, [2 << 8]), 0)
    table.store(latest, 3, 3, UPPER, row(3, [3 << 8]), 0)
    assert table.probe(deep) >= 0 and table.hit_value == 1
    assert table.probe(shallow) < 0  # the latest replaced it
    assert table.probe(latest) >= 0 and (table.hit_value, list(table.hit_move[:3])) == (3, [3, 1, 3 << 8])
    table.store(latest, 12, 4, LOWER, row(4, [4 << 8]), 0)  # deeper now: the first slot's
    assert table.probe(latest) >= 0 and (table.hit_depth, table.hit_flag) == (12, LOWER)
    assert table.probe(deep) >= 0 and table.hit_depth == 9  # moved to the second slot


def _store_in_child(table: TranspositionTable) -> None:
    table.store(99, 7, 31, EXACT, row(12, [1 << 8]), 0)


def test_a_forked_process_writes_into_the_shared_table() -> None:
    table = TranspositionTable(6, WIDTH, 225, shared=True)
    child = multiprocessing.get_context("fork").Process(target=_store_in_child, args=(table,))
    child.start()
    child.join()
    assert child.exitcode == 0
    assert table.probe(99) >= 0 and (table.hit_depth, table.hit_value) == (7, 31)


@pytest.mark.parametrize("field", ["value", "move"])
def test_a_torn_entry_is_a_miss(field: str) -> None:
    """An entry whose fields do not all come from one store (another process wrote part of
    it) fails its check and is not used: here one field is changed behind the table's back."""
    table = TranspositionTable(6, WIDTH, 225, shared=True)
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


def test_the_table_size_is_bounded(small_boards: list[Board], short_words: Lexicon) -> None:
    """Refused before anything is allocated: no table, or one past the limit's memory."""
    for bits in (0, -3, MAX_ENDGAME_TABLE_BITS + 1):
        with pytest.raises(InvalidArgumentError, match="table_bits"):
            solve_endgame(small_boards[3], ("AB", "CD"), short_words, RememberingRules(),
                          options=SearchOptions(table_bits=bits))
    smallest = solve_endgame(small_boards[3], ("AB", "CD"), short_words, RememberingRules(),
                             options=SearchOptions(table_bits=1))
    assert smallest.exact

"""The endgame search's transposition table: an entry comes back whole (its move's codes packed
and unpacked), a bucket keeps the deeper entry and the latest, a torn entry is a miss, a
bucket of a standard board is a cache line and an entry whose numbers do not fit is not kept,
a forked process writes into a shared table, a table grows keeping its entries (and a search
grows its own, with the values of one that does not), and its size is bounded."""

from __future__ import annotations

import multiprocessing
from array import array

import pytest

from wordgames.cluster import can_fork
from wordgames.errors import InvalidArgumentError
from wordgames.lexicon import Lexicon
from wordgames.limits import MAX_ENDGAME_TABLE_BITS
from wordgames.scrabble.core.board import Board
from wordgames.scrabble.endgame import SearchOptions, solve_endgame
from wordgames.scrabble.endgame.position import SearchPosition
from wordgames.scrabble.endgame.solver import Searcher
from wordgames.scrabble.endgame.transposition import TranspositionTable

from .conftest import RememberingRules

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


@pytest.mark.skipif(not can_fork(), reason="a forked process writes into the table")
def test_a_forked_process_writes_into_the_shared_table() -> None:
    table = TranspositionTable(6, WIDTH, 225, shared=True)
    child = multiprocessing.get_context("fork").Process(target=_store_in_child, args=(table,))
    child.start()
    child.join()
    assert child.exitcode == 0
    assert table.probe(99) >= 0 and (table.hit_depth, table.hit_value) == (7, 31)


@pytest.mark.parametrize("word", [1, 2])  # the head (bound, depth, value, score), a word of codes
def test_a_torn_entry_is_a_miss(word: int) -> None:
    """An entry whose words do not all come from one store (another process wrote part of
    it) fails its check and is not used: here one bit is changed behind the table's back."""
    table = TranspositionTable(6, WIDTH, 225, shared=True)
    table.store(77, 5, 3, EXACT, row(12, [(7 << 8) | 2, (8 << 8) | 3, (9 << 8) | 4]), 0)
    slot = table.probe(77)
    assert slot >= 0
    per_entry = len(table.entries) >> 6
    table.entries[slot * per_entry + word] ^= 1 << 40  # a bit of the value, of the third code
    assert table.probe(77) < 0


@pytest.mark.parametrize(("squares", "size"), [(225, 32), (441, 48)])
def test_a_bucket_of_a_standard_board_is_one_cache_line(squares: int, size: int) -> None:
    table = TranspositionTable(6, WIDTH, squares)
    assert len(table.entries) * 8 >> 6 == size  # bytes an entry: two make a 64-byte line on 225


@pytest.mark.parametrize(("depth", "value", "score", "kept"), [
    (4095, -(1 << 19), (1 << 20) - 1, True),  # the widest numbers the head holds
    (1, (1 << 19) - 1, 0, True),
    (1 << 30, 1 << 19, 0, False),  # a value past 20 bits
    (1 << 30, -(1 << 19) - 1, 0, False),
    (3, 0, 1 << 20, False),  # a score past 20 bits
    (4096, 0, 0, False),  # a depth past 12 bits (COMPLETE is a bit of its own)
])
def test_an_entry_whose_numbers_do_not_fit_is_not_kept(depth: int, value: int, score: int,
                                                        kept: bool) -> None:
    table = TranspositionTable(6, WIDTH, 225)
    table.store(5, 2, 1, UPPER, row(4, [1 << 8]), 0)
    table.store(5, depth, value, LOWER, row(score, [(3 << 8) | 7]), 0)
    assert table.probe(5) >= 0
    if kept:
        assert (table.hit_depth, table.hit_value, table.hit_flag) == (depth, value, LOWER)
        assert list(table.hit_move[:3]) == [score, 1, (3 << 8) | 7]
    else:  # the entry stored before stands
        assert (table.hit_depth, table.hit_value, table.hit_flag) == (2, 1, UPPER)


@pytest.mark.parametrize("shared", [False, True])
def test_a_grown_table_keeps_its_entries(shared: bool) -> None:
    table = TranspositionTable(4, WIDTH, 225, shared)
    keys = [(k * 0x9E3779B97F4A7C15) & ((1 << 64) - 1) for k in range(1, 40)]
    for n, key in enumerate(keys):
        table.store(key, n, -n, EXACT, row(n, [(n << 8) | 1]), 0)
    held = {key: n for n, key in enumerate(keys) if table.probe(key) >= 0}
    assert len(held) <= 16
    table.grow(9)
    assert table.bits == (4 if shared else 9)  # a shared table's memory is mapped once
    for key, n in held.items():
        assert table.probe(key) >= 0
        assert (table.hit_depth, table.hit_value, list(table.hit_move[:3])) == (n, -n, [n, 1, (n << 8) | 1])
    for n, key in enumerate(keys):  # room for every one now
        table.store(key, n, -n, EXACT, row(n, [(n << 8) | 1]), 0)
    assert shared or all(table.probe(key) >= 0 for key in keys)



def test_a_search_grows_its_table_and_keeps_its_values(standard_boards: list[Board],
                                                       enable_trie: Lexicon) -> None:
    """A search starts with a small table and grows it once it has visited more nodes than
    half its entries; the proven value is that of a search whose table never grows."""
    rules = RememberingRules()
    position = SearchPosition(standard_boards[5], ("AEINRST", "DELOU"), rules.tile_set)
    growing = Searcher(position, enable_trie, rules, SearchOptions())
    grown = growing.solve()
    assert grown.exact and grown.nodes > 1 << 15
    assert growing.search.table.bits > 16
    fixed = solve_endgame(standard_boards[5], ("AEINRST", "DELOU"), enable_trie, rules,
                          options=SearchOptions(table_bits=16))
    assert fixed.exact and fixed.value == grown.value


def test_the_table_size_is_bounded(small_boards: list[Board], short_words: Lexicon) -> None:
    """Refused before anything is allocated: no table, or one past the limit's memory."""
    for bits in (0, -3, MAX_ENDGAME_TABLE_BITS + 1):
        with pytest.raises(InvalidArgumentError, match="table_bits"):
            solve_endgame(small_boards[3], ("AB", "CD"), short_words, RememberingRules(),
                          options=SearchOptions(table_bits=bits))
    smallest = solve_endgame(small_boards[3], ("AB", "CD"), short_words, RememberingRules(),
                             options=SearchOptions(table_bits=1))
    assert smallest.exact

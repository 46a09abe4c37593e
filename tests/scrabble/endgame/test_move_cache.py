"""The endgame's move cache (run from its source: compiled, its methods are C functions): a
list kept comes back row for row, the latest list wins its slot, a list larger than the arena
is not kept, and a full arena forgets every list at once and goes on keeping."""

from __future__ import annotations

from array import array
from types import ModuleType
from typing import Any

import pytest
from compiled_support import pure_module

WIDTH = 4  # a row: score, count, two tile codes


@pytest.fixture(scope="module")
def cache_module() -> ModuleType:
    return pure_module("wordgames.scrabble.endgame.move_cache")


def rows(count: int, start: int) -> array[int]:
    return array("q", range(start, start + count * WIDTH))


def listed(cache: Any, key: int) -> list[int] | None:
    slot = cache.find(key)
    if slot < 0:
        return None
    target = array("q", bytes(8 * cache.rows(slot) * WIDTH))
    cache.copy_out(slot, target, 0)
    return list(target)


def test_a_list_kept_comes_back_and_the_latest_wins_its_slot(cache_module: ModuleType) -> None:
    cache = cache_module.MoveCache(3, WIDTH)
    source = rows(5, 100)
    cache.keep(0xABC, source, WIDTH, 3)  # the rows from the second on
    assert listed(cache, 0xABC) == list(source[WIDTH:4 * WIDTH])
    assert listed(cache, 0xABD) is None
    cache.keep(0xABC + 8, rows(1, 7), 0, 1)  # the same slot, another key
    assert listed(cache, 0xABC) is None
    assert listed(cache, 0xABC + 8) == list(rows(1, 7))
    cache.keep(0x5, rows(0, 0), 0, 0)  # an empty list is a list
    assert listed(cache, 0x5) == []


def test_a_full_arena_forgets_everything_at_once(cache_module: ModuleType) -> None:
    cache = cache_module.MoveCache(1, WIDTH)  # two slots: an arena of 128 integers, 32 rows
    arena_rows = 2 * cache_module.CACHED_MOVES // WIDTH
    cache.keep(0, rows(arena_rows + 1, 0), 0, arena_rows + 1)  # larger than the arena
    assert listed(cache, 0) is None
    cache.keep(0, rows(20, 0), 0, 20)
    cache.keep(1, rows(10, 500), 0, 10)
    assert listed(cache, 0) == list(rows(20, 0)) and listed(cache, 1) == list(rows(10, 500))
    cache.keep(3, rows(5, 900), 0, 5)  # 35 rows: past the end, so a new epoch
    assert listed(cache, 0) is None
    assert listed(cache, 3) == list(rows(5, 900))
    cache.keep(0, rows(arena_rows - 5, 0), 0, arena_rows - 5)  # fills the rest exactly
    assert listed(cache, 3) == list(rows(5, 900))
    assert listed(cache, 0) == list(rows(arena_rows - 5, 0))

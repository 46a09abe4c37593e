"""The leave table: multiset codes, lookups, enumeration, the compact format's ranking."""

from __future__ import annotations

import contextlib
import itertools
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordgames.errors import FormatError, InvalidArgumentError, InvalidArgumentTypeError
from wordgames.lexicon.kwg import ENGLISH_ALPHABET
from wordgames.scrabble.core.tiles import STANDARD_ENGLISH
from wordgames.scrabble.leaves import LeaveTable, distribution_bounds, enumerate_leaves
from wordgames.scrabble.leaves.compact import (
    LeaveIndex,
    compact_bytes,
    enumerate_codes,
    table_from_compact_bytes,
)
from wordgames.scrabble.leaves.table import code_of_tiles, text_to_tiles

from .conftest import small_table

ENGLISH_BOUNDS = distribution_bounds(ENGLISH_ALPHABET, STANDARD_ENGLISH)
racks = st.lists(st.sampled_from("?ABCDEFGHIJKLMNOPQRSTUVWXYZ"), min_size=1, max_size=7)


@given(racks, st.data())
def test_a_leave_code_is_the_rack_code_minus_the_played_tiles(rack: list[str], data: st.DataObject) -> None:
    table = LeaveTable(ENGLISH_ALPHABET, {})
    played = data.draw(st.lists(st.sampled_from(rack), max_size=len(rack), unique_by=None))
    left = list(rack)
    for tile in played:
        if tile in left:
            left.remove(tile)
    used = [tile for tile in rack]
    for tile in left:
        used.remove(tile)
    assert table.code(rack) - table.code(used) == table.code(left)
    assert table.code(sorted(left)) == table.code(left)
    assert table.tiles_of_code(table.code(left)) == text_to_tiles(ENGLISH_ALPHABET, "".join(left))


def test_lookups_by_text_and_code() -> None:
    table = small_table()
    assert len(table) == 8
    assert table.value("?") == 25.5
    assert table.value("BA") == table.value("AB") == 1.0
    assert table.value("bA") == 20.0  # a lower-case letter is a played blank: back as "?"
    assert table.value("ZZ") == 0.0 and "ZZ" not in table and "AB" in table
    assert table.text_of_code(table.code("BA?")) == "?AB"
    with pytest.raises(InvalidArgumentError):
        table.code("A1")


def test_bad_tables_are_refused() -> None:
    with pytest.raises(FormatError, match="twice"):
        LeaveTable.from_leaves(ENGLISH_ALPHABET, [((1, 2), 1.0), ((2, 1), 2.0)])
    with pytest.raises(FormatError, match="not in the alphabet"):
        LeaveTable.from_leaves(ENGLISH_ALPHABET, [((27,), 1.0)])
    with pytest.raises(FormatError, match="not a letter"):
        LeaveTable.from_texts(ENGLISH_ALPHABET, {"A1": 1.0})
    with pytest.raises(InvalidArgumentError):
        LeaveTable("AA", {})


def test_english_has_914624_leaves_of_one_to_six_tiles() -> None:
    assert sum(1 for _ in enumerate_codes(ENGLISH_BOUNDS, 6)) - 1 == 914_624
    assert LeaveIndex(ENGLISH_BOUNDS, 6).count - 1 == 914_624


@pytest.mark.parametrize("bounds", [[1, 2, 0, 3], [2, 1, 1, 1, 1], [0, 4]])
def test_enumeration_is_lexicographic_and_the_index_ranks_it(bounds: list[int]) -> None:
    leaves = list(enumerate_leaves(bounds, 4))
    assert leaves == sorted(leaves) and leaves[0] == ()
    assert [code_of_tiles(leave) for leave in leaves] == list(enumerate_codes(bounds, 4))
    index = LeaveIndex(bounds, 4)
    assert [index.rank(leave) for leave in leaves] == list(range(len(leaves)))
    every = {tuple(sorted(c)) for n in range(5) for c in itertools.product(range(len(bounds)), repeat=n)}
    assert {leave for leave in every if index.rank(leave) is not None} == set(leaves)


def test_the_compact_format_round_trips_to_the_hundredth() -> None:
    bounds = [1, 2, 2] + [0] * 24  # blank, A, B
    values = {tiles: len(tiles) * 7.25 - tiles.count(0) * 3.5
              for tiles in enumerate_leaves(bounds, 3) if tiles}
    table = LeaveTable.from_leaves(ENGLISH_ALPHABET, values.items())
    data = compact_bytes(table, bounds, 3)
    back = table_from_compact_bytes(data)
    assert len(back) == len(table)
    assert dict(back.items()) == pytest.approx(dict(table.items()), abs=0.005)
    for tiles, value in values.items():
        assert back.value_of_code(code_of_tiles(tiles)) == pytest.approx(value, abs=0.005)
    assert back.value("BBB") == 0.0 and "BBB" not in back


@given(st.binary(max_size=300))
def test_the_compact_reader_refuses_garbage_with_format_errors(data: bytes) -> None:
    with contextlib.suppress(FormatError):
        table_from_compact_bytes(b"wordgames-leaves 1\n" + data)


def test_missing_is_the_value_of_every_leave_the_table_lacks() -> None:
    """Issue 29, item 12: ``LeaveTable(missing=)`` was neither used nor tested."""
    table = LeaveTable.from_texts(ENGLISH_ALPHABET, {"?": 25.0, "Q": -7.0})
    assert table.missing == 0.0 and table.value("Z") == 0.0
    strict = LeaveTable(ENGLISH_ALPHABET, dict(table.values), missing=-3.5)
    assert strict.value("?") == 25.0 and strict.value("Q") == -7.0
    assert strict.value("ZZ") == strict.value_of_code(strict.code("ZZ")) == -3.5
    assert "ZZ" not in strict and "Q" in strict
    for bad in (float("nan"), float("inf"), "low", None, True):
        with pytest.raises((InvalidArgumentError, InvalidArgumentTypeError)):
            LeaveTable(ENGLISH_ALPHABET, {}, missing=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(("header", "message"), [
    (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),  # was a RecursionError
    (b'{"max_size": 1e999}', "1e999 is not a finite number"),  # int() of it: OverflowError
    (b'{"scale": -Infinity}', "-Infinity is not a finite number"),
    (b"[1]", "bad header"),
])
def test_a_compact_header_that_is_not_json_is_refused(header: bytes, message: str) -> None:
    with pytest.raises(FormatError, match=message):
        table_from_compact_bytes(b"wordgames-leaves 1\n" + header + b"\n", "x.leaves")


@pytest.mark.parametrize("field", ["max_size", "count", "scale"])
@pytest.mark.parametrize("value", [True, 2.5, -1, 10**30, "3"])
def test_compact_header_numbers_are_whole_and_in_range(field: str, value: object) -> None:
    """int() took 2.5 as 2 and true as 1."""
    bounds = [1, 2, 2] + [0] * 24
    table = LeaveTable.from_leaves(ENGLISH_ALPHABET, [((1,), 1.0)])
    magic, header, body = compact_bytes(table, bounds, 3).split(b"\n", 2)
    changed = json.dumps({**json.loads(header), field: value}).encode()
    with pytest.raises(FormatError, match="header values out of range"):
        table_from_compact_bytes(b"\n".join((magic, changed, body)))

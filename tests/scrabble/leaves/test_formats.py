"""KLV2 and CSV: round trips of tables we write, MAGPIE's files, and hostile input."""

from __future__ import annotations

import contextlib
import struct
from pathlib import Path

import pytest
from conftest import shared_file
from hypothesis import given
from hypothesis import strategies as st

from wordgames.errors import FormatError, InvalidArgumentError
from wordgames.lexicon.kwg import ENGLISH_ALPHABET
from wordgames.limits import MAX_LEAVE_TILES
from wordgames.scrabble.leaves import (
    LeaveTable,
    load_leaves,
    read_klv2,
    read_leave_csv,
    save_leaves,
    write_klv2,
    write_leave_csv,
)
from wordgames.scrabble.leaves.csvfile import csv_text, table_from_csv_text
from wordgames.scrabble.leaves.klv2 import klv2_bytes, table_from_klv2_bytes

from .conftest import small_table

leave_texts = st.text(alphabet="?ABCQSXZ", min_size=1, max_size=6).map(lambda t: "".join(sorted(t)))
tables = st.dictionaries(leave_texts, st.floats(-60, 60, width=32), min_size=1, max_size=40)  # none: refused


@given(tables)
def test_klv2_round_trips_every_table(values: dict[str, float]) -> None:
    table = LeaveTable.from_texts(ENGLISH_ALPHABET, values)
    assert table_from_klv2_bytes(klv2_bytes(table)) == table


@given(tables)
def test_csv_round_trips_to_six_decimals(values: dict[str, float]) -> None:
    table = LeaveTable.from_texts(ENGLISH_ALPHABET, values)
    back = table_from_csv_text(csv_text(table))
    assert dict(back.items()) == pytest.approx(dict(table.items()), abs=1e-6)


def test_files_round_trip_and_convert(tmp_path: Path) -> None:
    table = small_table()
    write_klv2(tmp_path / "t.klv2", table)
    write_leave_csv(tmp_path / "t.csv", table)
    assert read_klv2(tmp_path / "t.klv2") == table
    assert read_leave_csv(tmp_path / "t.csv") == table
    save_leaves(tmp_path / "u.csv", load_leaves(tmp_path / "t.klv2"))
    assert (tmp_path / "u.csv").read_text() == (tmp_path / "t.csv").read_text()
    assert (tmp_path / "t.csv").read_text().splitlines()[:2] == ["?,25.500000", "?A,20.000000"]
    with pytest.raises(FormatError):
        save_leaves(tmp_path / "t.txt", table)
    (tmp_path / "t.csv.gz").write_bytes(b"")
    with pytest.raises(FormatError):
        load_leaves(tmp_path / "t.csv.gz")
    with pytest.raises(InvalidArgumentError, match="no leave table"):
        load_leaves(tmp_path / "missing")


@pytest.mark.parametrize("text, problem", [
    ("AB\n", "LEAVE,value"), ("A,x\n", "line 1"), ("A,1\nA,2\n", "twice"), ("A1,1\n", "not a letter"),
    ("A,nan\n", "finite"), (",1\n", "LEAVE,value"), ("ABCDEFGHIJKLMNOPQRSTU,1\n", "tiles"),
])
def test_bad_csv_lines_are_named(text: str, problem: str) -> None:
    with pytest.raises(FormatError, match=problem):
        table_from_csv_text(text)


def test_bad_klv2_files_are_refused() -> None:
    good = klv2_bytes(small_table())
    for bad in (b"", good[:-1], good + b"\0\0\0\0", struct.pack("<I", 10**6) + good[4:],
                good[:-36] + struct.pack("<I", 9) + good[-32:]):
        with pytest.raises(FormatError):
            table_from_klv2_bytes(bad)


@given(st.binary(max_size=200))
def test_the_klv2_reader_fuzzed(data: bytes) -> None:
    with contextlib.suppress(FormatError):
        table_from_klv2_bytes(data)


@given(st.text(max_size=200))
def test_the_csv_reader_fuzzed(text: str) -> None:
    with contextlib.suppress(FormatError):
        table_from_csv_text(text)


def test_magpie_small_klv2_matches_its_csv() -> None:
    klv2 = read_klv2(shared_file("external/magpie-data/CSW21_small.klv2"))
    csv = read_leave_csv(shared_file("external/magpie-data/CSW21_small.csv"))
    assert klv2 == csv and len(klv2) == 11
    assert klv2.value("?A") == 2.0 and klv2.value("AAB") == 4.0


@pytest.mark.parametrize("name", ["TWL98.klv2", "CSW21.klv2"])
def test_magpie_full_tables_hold_914624_leaves(name: str) -> None:
    table = read_klv2(shared_file(f"external/magpie-data/{name}"))
    assert len(table) == 914_624
    assert table.value("?") > table.value("S") > table.value("Q") and table.value("QU") > table.value("Q")


@pytest.mark.parametrize("value", [float("nan"), float("inf"), float("-inf")])
def test_klv2_values_that_are_not_finite_are_refused(value: float) -> None:
    """A NaN value made every equity NaN (and the best move arbitrary); the CSV reader
    already refused one."""
    good = klv2_bytes(small_table())
    bad = good[:-4] + struct.pack("<f", value)
    with pytest.raises(FormatError, match="not a finite number"):
        table_from_klv2_bytes(bad, name="t.klv2")
    with pytest.raises(FormatError, match="not a finite number"):
        LeaveTable.from_leaves(ENGLISH_ALPHABET, [((1,), value)])


def test_a_file_of_no_leaves_is_refused(tmp_path: Path) -> None:
    """An empty CSV was read as a table valuing every leave at 0."""
    for text in ("", "\n\n", "\ufeff"):
        with pytest.raises(FormatError, match=r"^t\.csv: no leaves$"):
            table_from_csv_text(text, name="t.csv")
    (tmp_path / "t.csv").write_bytes(b"")
    with pytest.raises(FormatError, match="no leaves"):
        load_leaves(tmp_path / "t.csv")
    empty_graph = struct.pack("<II", 1, 0) + struct.pack("<I", 0)  # one empty root node, no values
    with pytest.raises(FormatError):
        table_from_klv2_bytes(empty_graph)


def test_a_leave_is_bounded_by_its_size_not_by_a_distribution() -> None:
    """A table names tiles by an alphabet only and serves any bag of it, so three blanks (a
    custom bag may hold them) are a leave; more tiles than the longest leave are not."""
    assert table_from_csv_text("???,1\n").value("???") == 1.0
    with pytest.raises(FormatError, match="tiles"):
        table_from_csv_text("?" * (MAX_LEAVE_TILES + 1) + ",1\n")

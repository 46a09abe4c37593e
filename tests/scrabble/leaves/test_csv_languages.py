"""Leave CSVs for multi-character alphabets: leaves written in bracket notation, read in
notation or in the code points files of earlier versions hold; the CLI's show and convert."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordgames.errors import FormatError
from wordgames.lexicon.legacy_codes import legacy_forms
from wordgames.scrabble.core.tiles import TILE_DISTRIBUTIONS
from wordgames.scrabble.leaves import LeaveTable, load_leaves, save_leaves
from wordgames.scrabble.leaves.csvfile import csv_text, table_from_csv_text
from wordgames.scrabble.leaves.table import alphabet_of

CATALAN = TILE_DISTRIBUTIONS["catalan"]
CODES = alphabet_of(CATALAN)
LL, NY = CODES.number("L·L"), CODES.number("NY")
ROOT = Path(__file__).resolve().parents[3]


def small_table() -> LeaveTable:
    return LeaveTable.from_leaves(CODES, [((LL,), 5.5), ((0,), 25.0), ((1, LL), 7.0), ((1, NY, NY), -3.0)])


def test_leaves_are_written_in_brackets_and_read_back(tmp_path: Path) -> None:
    text = csv_text(small_table(), CATALAN)
    assert "[L·L],5.500000\n" in text and "A[L·L],7.000000\n" in text and "A[NY][NY],-3.000000\n" in text
    assert all(ord(char) < 0x10400 for char in text)
    back = table_from_csv_text(text, CODES, "t.csv", CATALAN)
    assert back.value(["L·L", "A"]) == 7.0 and back.value(["?"]) == 25.0
    path = tmp_path / "catala.csv"
    save_leaves(path, small_table(), CATALAN)
    assert load_leaves(path, CATALAN).value(["NY", "NY", "A"]) == -3.0


def test_a_file_in_code_points_still_reads() -> None:
    # Earlier versions wrote multi-character tiles as Deseret capitals, in tile-number order.
    codes = {form: code for code, form in legacy_forms(CODES.tiles, CODES.lower_forms).items()}
    assert codes["L·L"] == "\U00010400"
    old = f"{codes['L·L']},5.500000\nA{codes['NY']}{codes['NY']},-3.000000\n"
    table = table_from_csv_text(old, CODES, "old.csv", CATALAN)
    assert table.value(["L·L"]) == 5.5 and table.value(["A", "NY", "NY"]) == -3.0


def test_a_bad_leave_is_one_error_naming_the_line() -> None:
    with pytest.raises(FormatError, match=r"t\.csv, line 2: .*XY"):
        table_from_csv_text("A,1\n[XY],2\n", CODES, "t.csv", CATALAN)


@given(st.text(alphabet="AL·NY[]?,.0-1\n", max_size=30))
def test_any_text_reads_or_is_one_format_error(text: str) -> None:
    try:
        table_from_csv_text(text, CODES, "fuzz.csv", CATALAN)
    except FormatError as error:
        assert str(error).startswith("fuzz.csv")


def test_cli_show_and_convert_take_the_tile_distribution(tmp_path: Path) -> None:
    source = tmp_path / "catala.csv"
    save_leaves(source, small_table(), CATALAN)
    run = [sys.executable, "-m", "wordgames", "scrabble", "leaves"]
    shown = subprocess.run([*run, "show", str(source), "[L·L]A", "[ny]a[NY]", "--tile-distribution",
                            "catalan", "--json"], capture_output=True, text=True, check=False, cwd=ROOT,
                           timeout=120)
    assert shown.returncode == 0, shown.stderr
    assert json.loads(shown.stdout)["values"] == {"A[L·L]": 7.0, "A[NY][NY]": -3.0}
    target = tmp_path / "copia.csv"
    converted = subprocess.run([*run, "convert", str(source), str(target), "--tile-distribution", "catalan"],
                               capture_output=True, text=True, check=False, cwd=ROOT, timeout=120)
    assert converted.returncode == 0, converted.stderr
    assert target.read_text(encoding="utf-8") == source.read_text(encoding="utf-8")

"""``scrabble best --rules simple``: JSON and text output end to end, and bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from wordgames.cli import main

from .support import fit_path

BOARD = """\
.......
.......
.......
...T...
...O...
...N...
...E...
"""


@pytest.fixture
def board_file(tmp_path: Path) -> Path:
    path = tmp_path / "board.txt"
    path.write_text(BOARD)
    return path


def best_args(board: Path | str, rack: str, *extra: str) -> list[str]:
    return [
        "scrabble",
        "best",
        "--rules",
        "simple",
        "--board",
        str(board),
        "--rack",
        rack,
        "--letter-values",
        str(fit_path("scores.txt")),
        "--lexicon",
        str(fit_path("dictionary.txt")),
        *extra,
    ]


def test_json_end_to_end_through_python_m(board_file: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "wordgames", *best_args(board_file, "BSUEINA", "--json", "--top", "2")],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=Path(__file__).resolve().parents[3],
    )
    assert result.returncode == 0 and result.stderr == ""
    data = json.loads(result.stdout)
    assert data["moves"][0] == {
        "word": "BESTAIN",
        "row": 3,
        "col": 0,
        "direction": "H",
        "notation": "3:0:H",
        "score": 12,
        "placed": [
            {"row": 3, "col": c, "letter": letter, "blank": False}
            for c, letter in ((0, "B"), (1, "E"), (2, "S"), (4, "A"), (5, "I"), (6, "N"))
        ],
    }
    assert len(data["moves"]) == 2
    assert data["moves"][1]["score"] <= 12
    assert data["total_moves"] > 100


def test_text_output_and_total(board_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(best_args(board_file, "bsueina", "--top", "3")) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["1.", "BESTAIN", "3:0:H", "12"]
    assert len(lines) == 4 and lines[3].endswith("legal moves)")


def test_blank_on_the_rack(board_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(best_args(board_file, "BSUEIN?", "--json")) == 0
    best = json.loads(capsys.readouterr().out)["moves"][0]
    # The blank plays the A of BESTAIN (worth 0, so 11 instead of 12); ties sort by word.
    assert (best["word"], best["notation"], best["score"]) == ("BESTaIN", "3:0:H", 11)
    assert [p["letter"] for p in best["placed"] if p["blank"]] == ["A"]


def test_no_legal_move_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "board.txt"
    path.write_text(".....\n.....\n..Q..\n.....\n.....\n")
    assert main(best_args(path, "ZZ")) == 1
    assert "no legal move" in capsys.readouterr().out
    assert main(best_args(path, "ZZ", "--json")) == 1
    assert json.loads(capsys.readouterr().out) == {"moves": [], "total_moves": 0}


@pytest.mark.parametrize(
    ("rack", "board_text", "fragment"),
    [
        ("AB3", BOARD, "not a letter"),
        ("", BOARD, "empty"),
        ("ABCDEFGH", BOARD, "at most 7"),
        ("ABC", "...\n..\n", "expected 3 squares"),
        ("ABC", "..3\n...\n...\n", "neither"),
        ("ABC", None, "no such board file"),
    ],
)
def test_bad_input_gives_one_stderr_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], rack: str, board_text: str | None, fragment: str
) -> None:
    path = tmp_path / "board.txt"
    if board_text is not None:
        path.write_text(board_text)
    assert main(best_args(path, rack)) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert len(captured.err.strip().splitlines()) == 1 and fragment in captured.err


def test_bad_input_through_python_m(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "wordgames", *best_args(tmp_path / "missing.txt", "ABC")],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=Path(__file__).resolve().parents[3],
    )
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and "no such board file" in result.stderr

"""``wordgames boggle solve|play`` end to end: output, JSON shape, bad input, stdin-driven play."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import shared_file

from wordgames.cli import main
from wordgames.wordsearch import parse_board

from .support import SPEC_WORDS_5, is_valid_path


@pytest.fixture(scope="module")
def words_txt() -> str:
    return str(shared_file("lexicons/words.txt"))


@pytest.fixture
def small_lexicon(tmp_path: Path) -> str:
    file = tmp_path / "small.txt"
    file.write_text("quit\nquite\nquits\nsuit\nsuite\ntie\ntied\n", encoding="utf-8")
    return str(file)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["boggle", *argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_solve_the_spec_board(capsys: pytest.CaptureFixture[str], words_txt: str) -> None:
    code, out, err = run(capsys, "solve", "--min", "5", "--lexicon", words_txt)
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[:4] == ["E E C A", "A L E P", "H N B O", "Q T T Y"]
    assert "26 words of 5+ letters" in lines[5] and lines[5].endswith("total score 31")
    assert [line.split()[0] for line in lines[6:]] == SPEC_WORDS_5
    assert lines[6].split() == ["ALBEE", "1"]
    assert lines[-1].split() == ["TOPEE", "1"]


def test_solve_json_shape(capsys: pytest.CaptureFixture[str], words_txt: str) -> None:
    code, out, err = run(
        capsys, "solve", "--board", "EECA/ALEP/HNBO/QTTY", "--min", "6", "--lexicon", words_txt,
        "--json",
    )
    assert (code, err) == (0, "")
    result = json.loads(out)
    assert list(result) == ["board", "words", "total"]
    assert result["board"] == [list("EECA"), list("ALEP"), list("HNBO"), list("QTTY")]
    assert [entry["word"] for entry in result["words"]] == ["ALEPOT", "BENTHAL", "PELEAN", "TOECAP"]
    assert [entry["score"] for entry in result["words"]] == [1, 2, 1, 1]
    assert result["total"] == 5
    board = parse_board("EECA/ALEP/HNBO/QTTY")
    for entry in result["words"]:
        assert list(entry) == ["word", "path", "score"]
        assert is_valid_path(board, entry["path"], entry["word"])


def test_solve_multi_letter_cells_in_json(
    capsys: pytest.CaptureFixture[str], small_lexicon: str
) -> None:
    code, out, _ = run(
        capsys, "solve", "--board", "[QU]IT/XSE", "--lexicon", small_lexicon, "--json"
    )
    assert code == 0
    result = json.loads(out)
    assert result["board"] == [["QU", "I", "T"], ["X", "S", "E"]]
    paths = {entry["word"]: entry["path"] for entry in result["words"]}
    assert paths["QUITE"] == [0, 1, 2, 5]  # QU is one cell of the path
    assert set(paths) == {"QUIT", "QUITE", "QUITS", "TIE"}  # SUIT(E) needs a lone U
    scores = {entry["word"]: entry["score"] for entry in result["words"]}
    assert scores["QUITE"] == 1 + 5 - 3


def test_solve_board_file_and_official_scoring(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, words_txt: str
) -> None:
    board = tmp_path / "board.txt"
    board.write_text("E E C A\nA L E P\nH N B O\nQ T T Y\n", encoding="utf-8")
    code, out, _ = run(
        capsys, "solve", "--board-file", str(board), "--min", "6", "--scoring", "official",
        "--lexicon", words_txt, "--json",
    )
    assert code == 0
    result = json.loads(out)
    assert [entry["score"] for entry in result["words"]] == [3, 5, 3, 3]
    assert result["total"] == 14


def test_rolled_boards_are_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    first = run(capsys, "solve", "--size", "5", "--seed", "7", "--json")
    again = run(capsys, "solve", "--size", "5", "--seed", "7", "--json")
    assert first == again
    board = json.loads(first[1])["board"]
    assert len(board) == 5 and {len(row) for row in board} == {5}
    code, out, _ = run(capsys, "solve", "--seed", "7")
    assert code == 0 and "board seed 7" in out
    assert len(json.loads(run(capsys, "solve", "--seed", "7", "--json")[1])["board"]) == 4
    rectangle = json.loads(run(capsys, "solve", "--size", "3x6", "--seed", "1", "--json")[1])
    assert [len(row) for row in rectangle["board"]] == [6, 6, 6]


def test_backends_print_the_same_answer(capsys: pytest.CaptureFixture[str]) -> None:
    trie = run(capsys, "solve", "--size", "6", "--seed", "3", "--json", "--backend", "trie")
    sortedset = run(
        capsys, "solve", "--size", "6", "--seed", "3", "--json", "--backend", "sortedset"
    )
    assert trie[0] == 0 and trie == sortedset


def test_no_words_found(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "--board", "XQ/ZJ")
    assert code == 0
    assert "0 words of 3+ letters" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["solve", "--board", "EEC/ALEP"], "same number of cells"),
        (["solve", "--board", "E1/AB"], "letters only"),
        (["solve", "--board", "A//B"], "row 2 of the board text is empty"),
        (["solve", "--min", "0"], "at least 1"),
        (["solve", "--min", "x"], "is not a whole number"),
        (["solve", "--scoring", "scrabble"], "invalid choice"),
        (["solve", "--backend", "btree"], "invalid choice"),
        (["solve", "--lexicon", "/no/such/words.txt"], "no such word file"),
        (["solve", "--board-file", "/no/such/board.txt"], "no such board file"),
        (["solve", "--board", "AB/CD", "--size", "4"], "not allowed with"),
        (["solve", "--size", "abc"], "--size must be"),
        (["solve", "--size", "0x4"], "--size must be"),
        (["play", "--time", "-1"], "--time must be"),
        (["solve", "--unknown"], "unrecognized arguments"),
        ([], "required"),
    ],
)
def test_bad_input_is_one_line_on_stderr(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("wordgames: error: ")
    assert message in err
    assert "Traceback" not in err


def _play(*argv: str, stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "wordgames", "boggle", "play", *argv],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_play_through_a_pipe(words_txt: str) -> None:
    result = _play(
        "--board", "EECA/ALEP/HNBO/QTTY", "--lexicon", words_txt, "--min", "4",
        stdin="peace\nPALE\nlent\nxy\nzzzz\npeace\n",
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    out = result.stdout
    assert "E E C A" in out
    assert "  +2   PEACE  (score 2)" in out
    assert "  --   PALE: not on the board" in out
    assert "  +1   LENT  (score 3)" in out
    assert "  --   XY: too short (at least 4 letters)" in out
    assert "  --   ZZZZ: not in the lexicon" in out
    assert "  --   PEACE: already found" in out
    assert "Final score: 3 (2 words)" in out
    assert "You missed 71 words worth 101 points" in out
    assert "word>" not in out  # no prompts when stdin is not a terminal


def test_play_a_seeded_board_and_end_at_once() -> None:
    result = _play("--seed", "12", "--time", "0", stdin="")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Board seed 12 (replay: --size 4x4 --seed 12)")
    assert "no time limit" in result.stdout
    assert "Final score: 0 (0 words)" in result.stdout
    again = _play("--seed", "12", "--time", "0", stdin="")
    assert again.stdout == result.stdout


def test_play_with_a_time_limit_and_an_open_pipe() -> None:
    # The input never ends (stdin stays open): the clock must end the round.
    process = subprocess.Popen(
        [sys.executable, "-m", "wordgames", "boggle", "play", "--seed", "5", "--time", "0.5"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        process.wait(timeout=60)
        assert process.stdout is not None and process.stderr is not None
        out, err = process.stdout.read(), process.stderr.read()
    finally:
        process.kill()
        process.communicate()
    assert process.returncode == 0, err
    assert "Time's up!" in out
    assert "Final score: 0" in out

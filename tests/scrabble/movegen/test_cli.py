"""``wordgames scrabble check`` and ``scrabble best --rules classic`` end to end."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import shared_file

from wordgames.cli import main
from wordgames.lexicon import lexicon_from_words
from wordgames.scrabble import Board, Rack
from wordgames.scrabble.core.notation import format_coordinate
from wordgames.scrabble.formats.cgp import parse_cgp
from wordgames.scrabble.movegen.generator import MoveGenerator

from .test_verdicts import CS214_BOARD

WORDS = "\n".join(["CAT", "CATS", "AT", "TA", "ACT", "SCAT", "TAB", "BAT", "BATS", "EH", "ENTER"]) + "\n"
EMPTY_CGP = "/".join(["15"] * 15)


@pytest.fixture()
def files(tmp_path: Path) -> dict[str, Path]:
    """A CS214 board, move files and a small word list."""
    paths = {
        "board": tmp_path / "board.txt",
        "enter": tmp_path / "enter.txt",
        "gap": tmp_path / "gap.txt",
        "bad": tmp_path / "bad.txt",
        "words": tmp_path / "words.txt",
    }
    paths["board"].write_text(CS214_BOARD)
    paths["enter"].write_text("F2\tN\nF4\tE\nF3\tT\n")
    paths["gap"].write_text("F2\tN\nF4\tE\n")
    paths["bad"].write_text("G2\tX\nG3\tV\n")
    paths["words"].write_text(WORDS)
    return paths


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def test_check_prints_one_verdict_line_and_exit_status(
    files: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    sowpods = str(shared_file("lexicons/sowpods.txt"))
    base = ["scrabble", "check", str(files["board"])]
    assert run([*base, str(files["enter"]), "--lexicon", sowpods], capsys) == (0, "VALID\n", "")
    assert run([*base, str(files["gap"]), "--lexicon", sowpods], capsys) == (1, "BAD MOVE\n", "")
    assert run([*base, str(files["bad"]), "--lexicon", sowpods], capsys) == (1, "BAD WORD: HXV\n", "")
    assert run([*base, str(files["enter"]), "--lexicon", str(files["words"])], capsys) == (
        1, "BAD START: STAR\n", ""
    )
    explained = run([*base, str(files["gap"]), "--lexicon", sowpods, "--explain"], capsys)
    assert explained == (1, "BAD MOVE (the tiles leave a gap at F3)\n", "")
    explained = run([*base, str(files["enter"]), "--lexicon", sowpods, "--explain"], capsys)
    assert explained == (0, "VALID (7: ENTER)\n", "")


def test_check_with_move_notations_json_and_rack(
    files: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    sowpods = str(shared_file("lexicons/sowpods.txt"))
    base = ["scrabble", "check", str(files["board"]), "--lexicon", sowpods]
    code, out, _ = run([*base, "--move", "F1 ENTER", "--json"], capsys)
    assert code == 0
    assert json.loads(out) == {
        "verdict": "VALID", "word": None, "score": 7, "words": ["ENTER"], "message": "7 points",
    }
    assert run([*base, "--move", "PLACE | 2 6 NTE"], capsys)[:2] == (0, "VALID\n")
    assert run([*base, "--move", "PLACE | 2 6 NTE", "--rack", "NTX"], capsys)[:2] == (1, "BAD RACK: E\n")
    code, out, _ = run([*base, "--move", "G2 XV", "--json"], capsys)
    assert code == 1 and json.loads(out)["verdict"] == "BAD WORD" and json.loads(out)["word"] == "HXV"


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["missing.txt"], "no such move file"),
        ([], "give the move as MOVE_FILE or with --move"),
        (["--move", "8H"], "is not 'COORDINATE WORD'"),
        (["--move", "Z99 CAT"], "off the 15x15 board"),
    ],
)
def test_check_unreadable_input_is_one_stderr_line(
    files: dict[str, Path], capsys: pytest.CaptureFixture[str], extra: list[str], message: str
) -> None:
    code, out, err = run(["scrabble", "check", str(files["board"]), *extra, "--lexicon", str(files["words"])],
                         capsys)
    assert code == 2 and out == "" and err.count("\n") == 1 and message in err


def test_check_bad_board_and_move_file(files: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    bad_board = files["board"].with_name("bad-board.txt")
    bad_board.write_text("..#\n...\n")
    code, _, err = run(["scrabble", "check", str(bad_board), str(files["enter"])], capsys)
    assert code == 2 and "neither '.' nor a tile letter" in err
    files["bad"].write_text("F2 N extra\n")
    code, _, err = run(["scrabble", "check", str(files["board"]), str(files["bad"])], capsys)
    assert code == 2 and "bad.txt:1: expected 'SQUARE<TAB>LETTER'" in err and err.count("\n") == 1


def test_best_classic_from_board_and_cgp(files: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    words = str(files["words"])
    code, out, _ = run(["scrabble", "best", "--rules", "classic", "--board", str(files["board"]),
                        "--rack", "CATS", "--lexicon", words, "--json", "--top", "2"], capsys)
    result = json.loads(out)
    board = Board.from_text(CS214_BOARD)
    generator = MoveGenerator(lexicon_from_words(WORDS.split()))
    expected = generator.moves(board, Rack.parse("CATS"), ordered=True)
    assert code == 0 and result["total_moves"] == len(expected)
    assert [(m["word"], m["score"]) for m in result["moves"]] == [(m.word, m.score) for m in expected[:2]]
    assert set(result["moves"][0]) >= {"word", "row", "col", "direction", "notation", "score", "placed"}

    cgp = f"{EMPTY_CGP} ACST?/ 0/0 0 lex TEST;"
    code, out, _ = run(["scrabble", "best", "--cgp", cgp, "--lexicon", words, "--json"], capsys)
    result = json.loads(out)
    expected = generator.moves(parse_cgp(cgp).board, Rack.parse("ACST?"), ordered=True)
    assert code == 0 and result["total_moves"] == len(expected)
    top = expected[0]
    assert result["moves"][0]["notation"] == format_coordinate(top.row, top.col, top.direction)
    assert result["moves"][0]["word"] == top.word and result["moves"][0]["score"] == top.score


def test_best_follows_the_cgp_operations_unless_flags_say_otherwise(
    files: dict[str, Path], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("WORDGAMES_LEXICON_PATH", str(files["words"].parent))  # words.txt: "words"
    board = parse_cgp(f"{EMPTY_CGP} ACST/ 0/0 0").board
    moves = MoveGenerator(lexicon_from_words(WORDS.split())).moves(board, Rack.parse("ACST"), ordered=True)
    scat = next(move for move in moves if move.word == "SCAT")  # four tiles: no bingo with 7 in hand

    def best(operations: str, *flags: str) -> tuple[int, dict[str, object] | str]:
        code, out, err = run(["scrabble", "best", "--cgp", f"{EMPTY_CGP} ACST/ 0/0 0 {operations}",
                              "--json", "--top", "50", *flags], capsys)
        return code, json.loads(out) if code < 2 else err

    code, result = best("lex WORDS;")  # found by name in WORDGAMES_LEXICON_PATH
    assert code == 0 and isinstance(result, dict) and result["total_moves"] == len(moves)
    # bb changes the bingo bonus: a four-tile bingo with --hand-size 4.
    code, result = best("lex WORDS; bb 10;", "--hand-size", "4")
    assert isinstance(result, dict)
    scores = {(m["word"], m["notation"]): m["score"] for m in result["moves"]}  # type: ignore[union-attr,index]
    notation = format_coordinate(scat.row, scat.col, scat.direction)
    assert scores[("SCAT", notation)] == scat.score + 10
    code, result = best("lex WORDS; ld English;")
    assert code == 0
    # Names that cannot be found are errors, not silent fallbacks.
    code, message = best("lex CSW99;")
    assert code == 2 and "the CGP names the lexicon 'CSW99', which is not a known name" in str(message)
    assert "WORDGAMES_LEXICON_PATH" in str(message)
    code, message = best("lex WORDS; ld klingon;")
    assert code == 2 and "letter distribution 'klingon' is not known" in str(message)
    code, message = best("bb lots;", "--lexicon", str(files["words"]))
    assert code == 2 and "'bb lots;' needs a whole number" in str(message)
    # Flags win over the operations.
    code, result = best("lex CSW99; ld klingon;", "--lexicon", str(files["words"]),
                        "--letter-values", str(shared_file("formats/usc104/english-tile-bag.txt")))
    assert code == 0


def test_best_on_the_super_board_and_no_move(
    files: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    words = str(files["words"])
    cgp = "/".join(["21"] * 21) + " CAT/ 0/0 0"
    code, out, _ = run(["scrabble", "best", "--cgp", cgp, "--lexicon", words, "--layout", "super"], capsys)
    # ACT down through the centre ties CAT across on 10 points and starts on a higher row.
    assert code == 0 and out.splitlines()[0].split() == ["1.", "ACT", "K9", "10"]
    code, out, _ = run(["scrabble", "best", "--cgp", cgp, "--rack", "QX", "--lexicon", words], capsys)
    assert code == 1 and out == "no legal move for rack QX\n"
    code, _, err = run(["scrabble", "best", "--cgp", "15/14", "--lexicon", words], capsys)
    assert code == 2 and "differ in width" in err and err.count("\n") == 1


def test_check_as_a_process(files: dict[str, Path]) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "wordgames", "scrabble", "check", str(files["board"]), str(files["enter"]),
         "--lexicon", str(files["words"])],
        capture_output=True, text=True, check=False,
    )
    assert (result.returncode, result.stdout, result.stderr) == (1, "BAD START: STAR\n", "")

"""``wordgames boggle best-board`` and ``wordgames boggle stats`` end to end."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from wordgames.cli import main
from wordgames.errors import InvalidArgumentError
from wordgames.wordsearch.stats import check_stats_size

WORDS = "ate eat tea tee sat set sea eats east seat teas tease state taste tat ess asset rest"


@pytest.fixture
def tiny(tmp_path: Path) -> str:
    file = tmp_path / "tiny.txt"
    file.write_text("\n".join(WORDS.split()) + "\n", encoding="utf-8")
    return str(file)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["boggle", *argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def solve_total(capsys: pytest.CaptureFixture[str], lexicon: str, board: str) -> tuple[int, int]:
    code, out, _ = run(
        capsys, "solve", "--board", board, "--lexicon", lexicon, "--scoring", "official", "--json"
    )
    assert code == 0
    result = json.loads(out)
    return result["total"], len(result["words"])


def test_best_board_json(capsys: pytest.CaptureFixture[str], tiny: str) -> None:
    argv = ("best-board", "--size", "3", "--iterations", "1500", "--seed", "4", "--workers", "1",
            "--lexicon", tiny, "--top", "3", "--run-steps", "500", "--json")  # fmt: skip
    code, out, err = run(capsys, *argv)
    assert (code, err) == (0, "")
    result = json.loads(out)
    assert list(result) == ["boards", "evaluated", "seconds"]
    assert len(result["boards"]) == 3 and result["evaluated"] == 1500 + 3  # three runs
    for entry in result["boards"]:
        assert list(entry) == ["board", "score", "words"]
        assert solve_total(capsys, tiny, entry["board"]) == (entry["score"], entry["words"])
    _, again, _ = run(capsys, *argv)
    assert json.loads(again)["boards"] == result["boards"]  # reproducible


def test_best_board_rectangle_and_dice_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys, "best-board", "--rows", "2", "--cols", "3", "--iterations", "400", "--dice",
        "--workers", "1", "--top", "2",
    )  # fmt: skip
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].startswith("Best 2x3 boards (enable, official scoring, 3+ letters, dice")
    assert len(lines) == 4 and "401 boards scored" in lines[-1]
    board = lines[1].split()[0]
    assert len(board.split("/")) == 2


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["best-board", "--seconds", "nan"], "'nan' is not a number"),
        (["best-board", "--seconds", "0"], "--seconds must be"),
        (["best-board", "--seconds=-5"], "--seconds must be"),
        (["best-board", "--iterations", "0"], "--iterations must be"),
        (["best-board", "--iterations", "5", "--run-steps", "-1"], "--run-steps must be"),
        (["best-board", "--iterations", "5", "--workers", "0"], "workers must be"),
        (["best-board", "--size", "13", "--iterations", "5"], "between 1 and 12"),
        (["best-board", "--rows", "3"], "--rows and --cols go together"),
        (["best-board", "--size", "3y3"], "--size must be"),
        (["best-board", "--dice", "--letters"], "not allowed with"),
        (["best-board", "--iterations", "5", "--top", "0"], "top must be"),
        (["stats", "--boards", "0"], "boards must be"),
        (["stats", "--dice", "giant"], "invalid choice"),
        (["stats", "--size", "100000"], "--size rows must be"),
    ],
)
def test_bad_arguments_are_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("wordgames: error: ")
    assert message in err


def test_stats_json(capsys: pytest.CaptureFixture[str], tiny: str) -> None:
    code, out, err = run(
        capsys, "stats", "--boards", "50", "--seed", "2", "--lexicon", tiny, "--top-words", "3",
        "--json",
    )  # fmt: skip
    assert (code, err) == (0, "")
    result = json.loads(out)
    assert result["boards"] == 50 and result["size"] == "4x4"
    assert set(result["score"]) == {"mean", "min", "max", "percentiles"}
    assert list(result["score"]["percentiles"]) == ["10", "25", "50", "75", "90", "99"]
    assert len(result["common_words"]) <= 3
    best = result["best_board"]
    assert solve_total(capsys, tiny, best["board"])[0] == best["score"] == result["score"]["max"]


def test_stats_refuses_too_many_cells_before_reading_the_list(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """1000 boards of 257 x 257 would take nearly an hour: refused at once, before the word
    list (here a missing file) is read; the same cells in fewer boards are allowed."""
    missing = str(tmp_path / "missing.txt")
    code, out, err = run(capsys, "stats", "--size", "257", "--boards", "1000", "--lexicon", missing)
    assert code == 2 and out == ""
    assert err == ("wordgames: error: 1000 boards of 257x257 are 66,049,000 cells; a statistics run rolls "
                   "at most 25,000,000 (fewer boards, or a smaller size)\n")
    with pytest.raises(InvalidArgumentError, match="cells"):
        check_stats_size(5000, 5000, 2)
    check_stats_size(5, 5, 1_000_000)  # a million 5 x 5 boards: allowed


def test_stats_text_and_plot(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    image = tmp_path / "scores.png"
    code, out, err = run(capsys, "stats", "--boards", "40", "--size", "5", "--plot", str(image))
    assert (code, err) == (0, "")
    assert out.startswith("40 random 5x5 boards (seed 0, default dice, enable")
    assert image.read_bytes().startswith(b"\x89PNG")
    code, out, err = run(capsys, "stats", "--boards", "40", "--plot", str(image))
    assert code == 2 and "exists" in err and out == ""


def test_stats_plot_without_matplotlib(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    code, out, err = run(capsys, "stats", "--boards", "5", "--plot", str(tmp_path / "x.png"))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "needs matplotlib" in err


@pytest.mark.parametrize(("flags", "space"), [((), "letters"), (("--letters",), "letters"),
                                              (("--dice",), "dice")])  # fmt: skip
def test_letters_are_the_default_space(
    capsys: pytest.CaptureFixture[str], flags: tuple[str, ...], space: str
) -> None:
    code, out, _ = run(capsys, "best-board", "--size", "2", "--iterations", "50", "--workers", "1",
                       *flags)  # fmt: skip
    assert code == 0
    assert out.splitlines()[0].endswith(f"3+ letters, {space}, seed 0):")

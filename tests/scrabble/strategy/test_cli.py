"""``wordgames scrabble sim`` and ``analyze`` driven through the command line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import shared_file

from wordgames.cli import main
from wordgames.lexicon import Lexicon
from wordgames.scrabble import Game, GameSettings, Player, game_to_gcg

ROOT = Path(__file__).resolve().parents[3]

CGP = "15/15/15/15/15/15/15/4QUIZ7/15/15/15/15/15/15/15 AEGINR?/ 44/0 0 lex ENABLE;"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_sim_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "scrabble", "sim", "--cgp", CGP, "--candidates", "2", "--plies", "1",
                       "--iterations", "16", "--workers", "1", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["iterations"] == 16 and len(data["candidates"]) == 2
    first = data["candidates"][0]
    assert set(first) >= {"move", "iterations", "equity", "equity_se", "win", "win_se", "pruned"}
    assert first["move"]["notation"] and first["iterations"] == 16


def test_sim_with_halving_goes_on_with_the_better_half(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "scrabble", "sim", "--cgp", CGP, "--candidates", "4", "--plies", "1",
                       "--iterations", "16", "--workers", "1", "--halving", "--json")
    assert code == 0
    data = json.loads(out)
    runs = sorted(entry["iterations"] for entry in data["candidates"])
    live = [entry for entry in data["candidates"] if not entry["pruned"]]
    # 4 candidates, then the better 2: the two still live ran past the first phase's end.
    assert len(live) == 2 and runs[0] == runs[1] < runs[2] == runs[3] == data["iterations"]


def test_sim_text_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("scrabble", "sim", "--cgp", CGP, "--candidates", "2", "--plies", "1", "--iterations", "16",
            "--seed", "4", "--workers", "1")
    first = run(capsys, *args)
    second = run(capsys, *args)
    assert first[0] == 0
    strip = [line for line in first[1].splitlines() if "iterations in" not in line]
    assert strip == [line for line in second[1].splitlines() if "iterations in" not in line]


@pytest.mark.parametrize(
    "extra",
    [["--plies", "99"], ["--time", "nan"], ["--time", "-1"], ["--candidates", "1000"],
     ["--rack", "ABCDEFGHI"], ["--opponent-knows", "ZZZ"], ["--rack", "A1"], ["--policy", "nobody"],
     ["--opponent-knows", "ABCDEFGH"]],
)
def test_sim_bad_input_is_one_line(capsys: pytest.CaptureFixture[str], extra: list[str]) -> None:
    code, _, err = run(capsys, "scrabble", "sim", "--cgp", CGP, "--iterations", "16", *extra)
    assert code == 2
    assert err.startswith("wordgames: error:") and err.count("\n") == 1


def test_analyze_json_and_html(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    game = str(shared_file("external/gcg/liwords/r18_jen.gcg"))
    lexicon = str(shared_file("lexicons/CSW12.txt"))
    code, out, _ = run(capsys, "scrabble", "analyze", game, "--lexicon", lexicon, "--player", "Jen", "--json")
    assert code == 0
    data = json.loads(out)
    assert [p["name"] for p in data["players"]] == ["Jen"]
    turn = data["turns"][0]
    assert set(turn) >= {"number", "player", "rack", "played", "rank", "equity_loss", "best"}
    page = tmp_path / "review.html"
    code, out, _ = run(capsys, "scrabble", "analyze", game, "--lexicon", lexicon, "--html", str(page))
    assert code == 0
    text = page.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>") and "Jen" in text and "<script src" not in text


def test_sim_refuses_more_workers_than_its_limit(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "scrabble", "sim", "--cgp", CGP, "--workers", "100000")
    assert code == 2 and out == "" and "from 1 to 64" in err and len(err.strip().splitlines()) == 1


def test_analyze_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "scrabble", "analyze", str(tmp_path / "none.gcg"))
    assert code == 2 and err.startswith("wordgames: error:")


def wordgames(*args: str) -> subprocess.CompletedProcess[str]:
    """Run the command line as a user would, in a fresh process."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "wordgames", *args], capture_output=True, text=True,
                          env=env, timeout=300, stdin=subprocess.DEVNULL, check=False)


def test_sim_from_the_shell_is_the_same_on_one_and_two_workers() -> None:
    args = ("scrabble", "sim", "--cgp", CGP, "--candidates", "3", "--plies", "2", "--iterations", "8",
            "--seed", "9", "--json", "--policy", "leave")
    runs = [wordgames(*args, "--workers", workers) for workers in ("1", "2")]
    assert [run.returncode for run in runs] == [0, 0] and runs[0].stderr == ""  # no bar off a terminal
    one, two = (json.loads(run.stdout) for run in runs)
    assert one["candidates"] == two["candidates"] and len(one["candidates"]) == 3
    assert all(c["iterations"] == 8 for c in one["candidates"])


def test_analyze_from_the_shell_with_sim(tmp_path: Path, enable_trie: Lexicon) -> None:
    game = Game([Player("Ann", "leave"), Player("Bob", "greedy")], enable_trie, GameSettings(seed=2))
    for _ in range(4):
        game.play_computer_turn()
    record = tmp_path / "game.gcg"
    record.write_text(game_to_gcg(game), encoding="utf-8")
    run = wordgames("scrabble", "analyze", str(record), "--sim", "--sim-iterations", "4", "--sim-candidates",
                    "2", "--workers", "2", "--json")
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    assert len(data["turns"]) == 4
    for turn in data["turns"]:
        assert turn["rank"] >= 1 and turn["equity_loss"] >= 0 and 1 <= len(turn["best"]) <= 3
    assert {p["name"] for p in data["players"]} == {"Ann", "Bob"}
    assert set(data["players"][0]) >= {"name", "equity_loss", "average_equity_loss", "within_3", "bingos",
                                       "average_score"}
    page = tmp_path / "review.html"
    run = wordgames("scrabble", "analyze", str(record), "--html", str(page))
    assert run.returncode == 0 and page.read_text(encoding="utf-8").count("<tr class='turn'>") == 4

"""``scrabble leaves ...``, ``best --strategy equity`` and ``--leaves``/``--level``, driven like a user."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from wordgames.scrabble.leaves import read_klv2, write_leave_csv

from .conftest import small_table

ROOT = Path(__file__).resolve().parents[3]


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "wordgames", *args], input=stdin, capture_output=True,
                          text=True, env=env, timeout=600)


def test_show_and_convert(tmp_path: Path) -> None:
    csv = tmp_path / "t.csv"
    write_leave_csv(csv, small_table())
    shown = run("scrabble", "leaves", "show", str(csv), "?", "ba", "ZZ", "--json")
    assert shown.returncode == 0, shown.stderr
    assert json.loads(shown.stdout) == {"count": 8, "values": {"?": 25.5, "AB": 1.0, "ZZ": None}}
    text = run("scrabble", "leaves", "show", str(csv), "?A")
    assert text.stdout.splitlines() == ["8 leaves", "?A       20.00"]
    klv2 = tmp_path / "t.klv2"
    assert run("scrabble", "leaves", "convert", str(csv), str(klv2)).returncode == 0
    assert read_klv2(klv2) == small_table()
    again = run("scrabble", "leaves", "convert", str(csv), str(klv2))
    assert again.returncode == 2 and "--force" in again.stderr and len(again.stderr.splitlines()) == 1
    assert run("scrabble", "leaves", "convert", str(csv), str(klv2), "--force").returncode == 0
    bad = tmp_path / "bad.csv"
    bad.write_text("?,x\n")
    broken = run("scrabble", "leaves", "show", str(bad))
    assert broken.returncode == 2 and "line 1" in broken.stderr and "Traceback" not in broken.stderr


def test_best_by_equity_lists_moves_and_exchanges(tmp_path: Path) -> None:
    csv = tmp_path / "t.csv"
    write_leave_csv(csv, small_table())
    board = tmp_path / "board.txt"
    board.write_text("\n".join(["." * 15] * 7 + ["....QUIET......"] + ["." * 15] * 7) + "\n")
    out = run("scrabble", "best", "--board", str(board), "--rack", "AB?", "--strategy", "equity",
              "--leaves", str(csv), "--top", "500", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    moves = data["moves"]
    assert [m["equity"] for m in moves] == sorted((m["equity"] for m in moves), reverse=True)
    table = small_table()
    for move in moves:
        assert move["equity"] == round(move["score"] + move["leave_value"], 4)
        assert move["leave_value"] == round(table.value(move["leave"]), 4)
    kinds = {m["kind"] for m in moves}
    assert kinds == {"place", "exchange", "pass"}
    exchange = next(m for m in moves if m["kind"] == "exchange" and m["leave"] == "?")
    assert sorted(exchange["tiles"]) == ["A", "B"] and exchange["equity"] == 25.5
    assert data["total_moves"] == sum(m["kind"] == "place" for m in moves)


def test_convert_refuses_to_write_over_its_input(tmp_path: Path) -> None:
    """Issue 29, item 10, for leave tables."""
    csv = tmp_path / "t.csv"
    write_leave_csv(csv, small_table())
    before = csv.read_bytes()
    out = run("scrabble", "leaves", "convert", str(csv), str(csv), "--force")
    assert out.returncode == 2 and "is the input file" in out.stderr
    assert csv.read_bytes() == before


def test_leaves_with_the_score_strategy_are_refused(tmp_path: Path) -> None:
    """Issue 29, item 9: ``--leaves /dev/zero`` (or any name) was ignored with --strategy score."""
    cgp = "/".join(["15"] * 15) + " AB?/ 0/0 0"
    for leaves in ("/dev/zero", str(tmp_path / "absent.klv2"), "enable"):
        out = run("scrabble", "best", "--cgp", cgp, "--leaves", leaves)
        assert out.returncode == 2 and out.stdout == ""
        assert out.stderr.startswith("wordgames: error: --leaves values leaves for --strategy equity;")


def test_autoplay_by_level_and_the_notice_without_a_table(tmp_path: Path) -> None:
    out = run("scrabble", "autoplay", "--games", "1", "--level", "1,4", "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["games"] == 1
    words = tmp_path / "mini.txt"
    words.write_text("\n".join(["AA", "AB", "BA", "AT", "TA", "BAT", "TAB", "EAT", "TEA", "ATE"]) + "\n")
    noticed = run("scrabble", "autoplay", "--games", "1", "--strategy", "equity,greedy",
                  "--lexicon", str(words), "--json")
    assert noticed.returncode == 0, noticed.stderr
    assert noticed.stderr.count("notice: no leave table") == 1
    bad = run("scrabble", "autoplay", "--games", "1", "--level", "7")
    assert bad.returncode == 2 and "unknown level" in bad.stderr


def test_play_against_the_expert(tmp_path: Path) -> None:
    out = run("scrabble", "play", "--players", "Ann,cpu:Robo", "--level", "expert", "--seed", "3",
              stdin="pass\nquit\n")
    assert "Traceback" not in out.stderr
    assert "Robo" in out.stdout


def test_build_a_tiny_table_from_the_command_line(tmp_path: Path, tiny_lexicon_file: Path,
                                                  tiny_bag_file: Path) -> None:
    out_file = tmp_path / "tiny.klv2"
    args = ("scrabble", "leaves", "build", "--lexicon", str(tiny_lexicon_file), "--letter-values",
            str(tiny_bag_file), "--hand-size", "4", "--games", "4", "--iterations", "1", "--workers", "1",
            "--out", str(out_file))
    done = run(*args)
    assert done.returncode == 0, done.stderr
    assert len(read_klv2(out_file)) == 75
    assert not Path(f"{out_file}.checkpoint.json").exists()
    refused = run(*args)
    assert refused.returncode == 2 and "--force" in refused.stderr


def test_autoplay_pairs_with_a_table_per_player(tmp_path: Path) -> None:
    mine, theirs = tmp_path / "mine.csv", tmp_path / "theirs.csv"
    write_leave_csv(mine, small_table())
    theirs.write_text("?,-30\nA,4\n")
    words = tmp_path / "mini.txt"
    words.write_text("\n".join(["AA", "AB", "BA", "AT", "TA", "BAT", "TAB", "EAT", "TEA", "ATE"]) + "\n")
    common = ("scrabble", "autoplay", "--strategy", "equity,equity", "--pairs", "1", "--workers", "1",
              "--lexicon", str(words), "--json")
    out = run(*common, "--leaves", f"{mine},{theirs}")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["strategies"] == ["equity[mine]", "equity[theirs]"]
    assert "notice" not in out.stderr
    same_name = run(*common, "--leaves", f"{mine},{mine}")
    assert json.loads(same_name.stdout)["strategies"] == ["equity[mine-1]", "equity[mine-2]"]
    three = run(*common, "--leaves", f"{mine},{theirs},{mine}")
    assert three.returncode == 2 and "3 tables for 2 players" in three.stderr
    greedy = run("scrabble", "autoplay", "--strategy", "equity,greedy", "--pairs", "1", "--lexicon",
                 str(words), "--leaves", f"{mine},{theirs}")
    assert greedy.returncode == 2 and "'greedy' uses no leave table" in greedy.stderr

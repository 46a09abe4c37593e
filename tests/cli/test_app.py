"""The command line's error policy, shared by every command group."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from typing import Any

import pytest

from wordgames.cli import main
from wordgames.cli.app import one_line
from wordgames.cluster import can_fork


def test_a_closed_pipe_ends_the_command_quietly() -> None:
    # `python -c` stands in for `head -1`: it reads one line and closes the pipe.
    producer = subprocess.Popen(
        [sys.executable, "-m", "wordgames", "boggle", "solve", "--size", "30", "--seed", "1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert producer.stdout is not None
    producer.stdout.readline()
    producer.stdout.close()
    _, err = producer.communicate(timeout=120)
    assert producer.returncode == 0 and err == b""


def test_usage_errors_are_one_line_and_exit_2(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["no-such-command"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("wordgames: error:") and err.count("\n") == 1


@pytest.mark.parametrize(
    "argv",
    [
        ["lexicon", "info", "new\nline"],
        ["boggle", "solve", "--board-file", "tab\there\n"],
        ["scrabble", "best", "--board", "carriage\rreturn", "--rack", "A"],
        ["scrabble", "play", "--players", "A,cpu:B", "--save", "new\nfolder/game.json"],
    ],
    ids=["lexicon source", "board file", "scrabble board", "save file"],
)
def test_a_path_with_control_characters_stays_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    """Issue 29, item 6: ``lexicon info $'new\\nline'`` printed a two-line error."""
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("wordgames: error: ") and err.count("\n") == 1 and "\r" not in err
    name = next(part for part in argv if any(char in part for char in "\n\t\r"))
    assert repr(name) in err, "the path is shown quoted, with its escapes"


def test_one_line_escapes_only_what_is_not_printable() -> None:
    assert one_line("café.txt: no such file") == "café.txt: no such file"
    assert one_line("a\nb\tc\x1b") == "a\\nb\\tc\\x1b"


@pytest.mark.parametrize(
    "argv",
    [
        ["boggle", "solve", "--size", "\u0661\u0662"],  # Arabic-Indic 12
        ["boggle", "solve", "--seed", "1_0"],
        ["boggle", "best-board", "--rows", "\uff14", "--cols", "4", "--iterations", "1"],  # fullwidth 4
        ["scrabble", "best", "--cgp", "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 A/ 0/0 0",
         "--top", "1_0"],
        ["scrabble", "play", "--rules", "simple", "--size", "\u0661\u0662"],
        ["scrabble", "play", "--level", "\u0663"],
        ["scrabble", "sim", "--cgp", "x", "--time", "\u0661.5"],
        ["boggle", "play", "--time", "nan"],
        ["boggle", "play", "--time", "1e999"],
        ["scrabble", "play", "--endgame-time", "\u0662"],
    ],
)
def test_numbers_are_written_with_the_digits_0_to_9(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    """Issue 29, item 8: ``--size \u0661\u0662`` rolled a 12x12 board and ``--top 1_0`` meant 10."""
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("wordgames: error: ") and err.count("\n") == 1


@pytest.mark.parametrize(
    "argv",
    [
        ["scrabble", "autoplay", "--games", "1" + "0" * 23],
        ["boggle", "best-board", "--seconds", "1" + "0" * 23],
        ["boggle", "best-board", "--iterations", "1" + "0" * 23],
    ],
    ids=["autoplay games", "best-board seconds", "best-board iterations"],
)
def test_requests_for_unbounded_work_are_refused_at_once(argv: list[str]) -> None:
    """Issue 29, item 8: these ran until killed."""
    done = subprocess.run([sys.executable, "-m", "wordgames", *argv], capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("wordgames: error: ") and done.stderr.count("\n") == 1
    assert "at most" in done.stderr or "from 1 to" in done.stderr


@pytest.mark.parametrize(
    "argv",
    [
        ["scrabble", "play", "--layout", ""],
        ["scrabble", "play", "--tile-distribution", ""],
        ["scrabble", "play", "--players", ""],
        ["scrabble", "play", "--players", "   "],
        ["scrabble", "best", "--cgp", "15/15", "--leaves", ""],
        ["scrabble", "autoplay", "--layout", " "],
        ["boggle", "solve", "--board", ""],
    ],
)
def test_an_empty_option_is_refused_not_read_as_the_default(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    """Issue 29, item 9: ``--layout ''`` and the like silently meant the default."""
    assert main(argv) == 2
    err = capsys.readouterr().err
    option = next(part for part in argv if part.startswith("--") and argv[argv.index(part) + 1].strip() == "")
    assert err == f"wordgames: error: {option}: an empty value (leave the option out for its default)\n"


def kill_this_worker(*_: Any) -> None:
    os.kill(os.getpid(), signal.SIGKILL)


@pytest.mark.skipif(not can_fork(), reason="the workers run the test's job only when forked")
@pytest.mark.parametrize(
    ("job", "argv"),
    [
        ("wordgames.wordsearch.bestboard._worker",
         ["boggle", "best-board", "--size", "3", "--iterations", "100", "--run-steps", "50"]),
        ("wordgames.scrabble.game.autoplay._play_pair_job",
         ["scrabble", "autoplay", "--pairs", "2", "--seed", "1"]),
    ],
    ids=["boggle best-board", "scrabble autoplay pairs"],
)
def test_a_worker_that_dies_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, job: str, argv: list[str]
) -> None:
    """A worker process killed mid-job (as the system does when memory runs out) was a
    ``BrokenProcessPool`` traceback."""
    monkeypatch.setattr(job, kill_this_worker)
    assert main([*argv, "--workers", "2"]) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith("wordgames: error: a worker process died (killed by SIGKILL")
    assert captured.err.count("\n") == 1 and "Traceback" not in captured.err

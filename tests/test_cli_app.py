"""The command line's error policy, shared by every command group."""

from __future__ import annotations

import subprocess
import sys

import pytest

from wordgames.cli import main
from wordgames.cli.app import one_line


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

"""The command line's error policy, shared by every command group."""

from __future__ import annotations

import subprocess
import sys

from wordgames.cli import main


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

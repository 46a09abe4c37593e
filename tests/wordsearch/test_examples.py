"""The example scripts run as documented."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from conftest import shared_file

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def run_example(name: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(EXAMPLES / name), *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_example_game_client_prints_the_assignment_output() -> None:
    result = run_example("example_game_client.py", str(shared_file("lexicons/words.txt")))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] in (
        "LENT is on the board at the following positions: [5, 6, 9, 14]",
        "LENT is on the board at the following positions: [5, 6, 9, 13]",
    )
    assert lines[1:] == [
        "POPE is not on the board: []",
        "All words of length 6 or more: ",
        "[ALEPOT, BENTHAL, PELEAN, TOECAP]",
    ]


def test_example_game_client_defaults_and_errors() -> None:
    result = run_example("example_game_client.py")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == "[BENTHAL, CAPELAN, TOECAP]"
    missing = run_example("example_game_client.py", "/no/such/list.txt")
    assert missing.returncode == 2
    assert "no such word file" in missing.stderr


def test_swap_lexicons_compares_backends() -> None:
    small = str(shared_file("lexicons/words_small.txt"))
    result = run_example("swap_lexicons.py", "--board", "EECA/ALEP/HNBO/QTTY", "enable", small)
    assert result.returncode == 0, result.stderr
    rows = [line.split() for line in result.stdout.splitlines() if line.endswith("agree")]
    assert [(row[0], row[1]) for row in rows] == [
        ("enable", "trie"),
        ("enable", "sortedset"),
        ("words_small", "trie"),
        ("words_small", "sortedset"),
    ]
    assert rows[0][4:6] == rows[1][4:6]  # same word count and score on both backends
    assert "DIFFER" not in result.stdout
    bad = run_example("swap_lexicons.py", "--board", "AB/C")
    assert bad.returncode == 2 and "same number of cells" in bad.stderr

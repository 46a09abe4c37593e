"""The Scrabble example client runs as documented."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "scrabble_client.py"


def test_scrabble_client_shows_verdicts_best_moves_and_a_game() -> None:
    result = subprocess.run(
        [sys.executable, str(EXAMPLE)], capture_output=True, text=True, timeout=300, check=False
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["8D", "QUIRK", "VALID", "(56", "points)"]
    assert lines[1].split()[:3] == ["D7", "AQUA", "VALID"]
    best = [line.split() for line in lines[lines.index("Best moves for EINRST?:") + 1 :][:5]]
    scores = [int(row[-1]) for row in best]
    assert scores == sorted(scores, reverse=True) and len(best) == 5
    assert "#player1 Ada Ada" in lines and any(line.startswith(">Bea:") for line in lines)


def test_scrabble_client_reports_a_missing_lexicon() -> None:
    result = subprocess.run(
        [sys.executable, str(EXAMPLE), "/no/such/list.txt"],
        capture_output=True, text=True, timeout=60, check=False,
    )
    assert result.returncode != 0 and "no such word file" in result.stderr

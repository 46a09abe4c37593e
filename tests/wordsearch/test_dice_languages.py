"""Dice sets of other languages' Boggle: the French 4 x 4 set (issue 17)."""

from __future__ import annotations

import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

from wordgames.wordsearch.dice import DICE_SET_NAMES, FRENCH_DICE, dice_set, roll_with


def test_the_french_set_has_the_published_shape() -> None:
    assert len(FRENCH_DICE) == 16 and all(len(die) == 6 for die in FRENCH_DICE)
    faces = Counter(face for die in FRENCH_DICE for face in die)
    # Q is a face of its own (French words need no U after it), and E is the commonest face.
    assert faces["Q"] == 1 and "QU" not in faces
    assert faces.most_common(1) == [("E", 13)]
    assert sum(faces.values()) == 96 and {"W", "K", "Z", "X", "Y"} <= set(faces)
    assert dice_set("french") is FRENCH_DICE and DICE_SET_NAMES["french"] is FRENCH_DICE


def test_french_boards_roll_from_the_french_dice() -> None:
    faces = {face for die in FRENCH_DICE for face in die}
    for seed in range(20):
        board = roll_with(FRENCH_DICE, 4, 4, random.Random(seed))
        assert board == roll_with(FRENCH_DICE, 4, 4, random.Random(seed))
        cells = Counter(board.cells)
        assert set(cells) <= faces
        # Q, J, K, W, X and Z are each on one die only, so a roll shows each at most once.
        assert all(cells[rare] <= 1 for rare in "QJKWXZ")


def test_the_cli_offers_the_french_dice(tmp_path: Path) -> None:
    words = tmp_path / "mots.txt"
    words.write_text("ETE\nTES\nSET\nNET\nRAT\nART\nTAS\n", encoding="utf-8")
    def stats(dice: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "wordgames", "boggle", "stats", "--dice", dice, "--boards", "30",
             "--seed", "1", "--lexicon", str(words), "--json"],
            capture_output=True, text=True, check=False, cwd=Path(__file__).resolve().parents[2],
        )

    french, classic = stats("french"), stats("classic")
    assert french.returncode == 0 and classic.returncode == 0, french.stderr
    assert french.stdout != classic.stdout  # other dice, other boards from the same seed
    unknown = stats("klingon")
    assert unknown.returncode == 2 and "french" in unknown.stderr

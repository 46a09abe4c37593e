"""Dice sets of other languages' Boggle (issue 17): the French and German 4 x 4 sets, word
lists of each set's language, accents folded for the French dice, the command line."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import unicodedata
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordgames.errors import InvalidArgumentError
from wordgames.lexicon import Lexicon, lexicon_from_words
from wordgames.wordsearch import create_game, roll_board
from wordgames.wordsearch.board import parse_board
from wordgames.wordsearch.dice import (
    DICE_SET_NAMES,
    FRENCH_DICE,
    GERMAN_DICE,
    SUPER_BIG_BOGGLE_DICE,
    dice_set,
    dice_side,
    fold_accents,
    roll_with,
)

from .support import rollable


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


# --- German dice, the other sets with word lists of their languages (issue 17) ---------------

GERMAN_WORDS = ["über", "bär", "bären", "rübe", "öde", "ödem", "straße", "café", "don't", "xylofon"]
"""A German list made for these tests: umlauts (UTF-8), a ß (read as SS), and words the
German dice cannot show (É, an apostrophe, X and Y), which load but are never found."""


def test_the_german_set_follows_german_letter_frequencies() -> None:
    assert len(GERMAN_DICE) == 16 and all(len(die) == 6 for die in GERMAN_DICE)
    faces = Counter(face for die in GERMAN_DICE for face in die)
    assert sum(faces.values()) == 96
    assert faces.most_common(2) == [("E", 15), ("N", 10)]
    assert faces["Ä"] == faces["Ö"] == faces["Ü"] == faces["QU"] == 1
    assert not {"X", "Y", "ß", "Q"} & set(faces)
    assert dice_set("german") is GERMAN_DICE and DICE_SET_NAMES["german"] is GERMAN_DICE
    assert dice_side(GERMAN_DICE) == 4 and dice_side(SUPER_BIG_BOGGLE_DICE) == 6


def test_roll_board_takes_a_dice_set() -> None:
    board = roll_board(seed=11, dice="german")
    assert board == roll_board(seed=11, dice=GERMAN_DICE) and rollable(board.cells, GERMAN_DICE)
    assert roll_board(5, seed=11, dice="german").size == 25  # copies of the set fill it
    with pytest.raises(InvalidArgumentError, match="unknown dice set"):
        roll_board(seed=1, dice="klingon")


def test_a_german_board_plays_with_a_german_list() -> None:
    game = create_game(lexicon=lexicon_from_words(GERMAN_WORDS))
    assert {"ÜBER", "STRASSE", "CAFÉ", "DON'T"} <= set(game.lexicon)  # all of it loads
    cells = parse_board("ÜBER/BÄRE/ÖDEN/RMTS").cells
    assert rollable(cells, GERMAN_DICE)
    game.set_board(cells)
    assert list(game.get_all_valid_words(3)) == ["BÄR", "BÄREN", "ÖDE", "ÖDEM", "ÜBER"]
    assert game.is_on_board("über") == [0, 1, 2, 3] and game.is_on_board("rübe") == []
    assert [(entry.word, entry.score) for entry in game.scored_words(4)] == [
        ("BÄREN", 2), ("ÖDEM", 1), ("ÜBER", 1)
    ]


def test_a_french_board_plays_with_a_french_list_folded() -> None:
    """The French dice carry no accents: a French list is played with its accents folded."""
    words = ["été", "tête", "rêve", "œuf", "âme", "hôtel", "ça"]
    assert [fold_accents(word) for word in words] == ["ete", "tete", "reve", "oeuf", "ame", "hotel", "ca"]
    cells = parse_board("ETET/REVE/OEUF/AMES").cells
    assert rollable(cells, FRENCH_DICE)
    folded = create_game(lexicon=lexicon_from_words([fold_accents(word) for word in words]))
    folded.set_board(cells)
    assert list(folded.get_all_valid_words(3)) == ["AME", "ETE", "OEUF", "REVE", "TETE"]
    accented = create_game(lexicon=lexicon_from_words(words))
    accented.set_board(cells)
    assert list(accented.get_all_valid_words(3)) == []  # no die shows É, Ê, Â or Œ


@pytest.mark.parametrize("name", ["classic", "big", "super-big"])
def test_the_english_sets_play_with_english_words(name: str, enable_trie: Lexicon) -> None:
    game = create_game(lexicon=enable_trie)
    for seed in range(3):
        board = roll_board(dice_side(dice_set(name)), seed=seed, dice=name)
        assert rollable(board.cells, dice_set(name))
        game.set_board(board)
        scored = game.scored_words(3)
        assert scored and all(entry.score >= 1 for entry in scored)


@given(st.text(max_size=12))
def test_folding_removes_every_accent_and_is_stable(text: str) -> None:
    folded = fold_accents(text)
    assert not any(unicodedata.combining(char) for char in unicodedata.normalize("NFD", folded))
    assert fold_accents(folded) == folded
    if text.isascii():
        assert folded == text


def boggle(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``wordgames boggle ARGS`` in a fresh process, as a user runs it."""
    return subprocess.run(
        [sys.executable, "-m", "wordgames", "boggle", *args], input=stdin, capture_output=True,
        text=True, encoding="utf-8", check=False, cwd=Path(__file__).resolve().parents[2],
    )


def test_the_cli_rolls_german_boards_for_a_german_list(tmp_path: Path) -> None:
    words = tmp_path / "deutsch.txt"
    words.write_text("\n".join(GERMAN_WORDS) + "\n", encoding="utf-8")
    rolled = boggle("solve", "--dice", "german", "--seed", "5", "--lexicon", str(words), "--json")
    assert rolled.returncode == 0, rolled.stderr
    board = json.loads(rolled.stdout)["board"]
    assert len(board) == 4 and rollable(tuple(cell for row in board for cell in row), GERMAN_DICE)
    again = boggle("solve", "--dice", "german", "--seed", "5", "--lexicon", str(words), "--json")
    assert again.stdout == rolled.stdout
    given_board = boggle("solve", "--board", "übe[r]/BÄRE/ÖDEN/RMTS", "--lexicon", str(words), "--json")
    assert given_board.returncode == 0, given_board.stderr
    found = {entry["word"]: entry["path"] for entry in json.loads(given_board.stdout)["words"]}
    assert found["ÜBER"] == [0, 1, 2, 3] and found["BÄREN"] == [1, 5, 6, 7, 11]
    played = boggle("play", "--board", "ÜBER/BÄRE/ÖDEN/RMTS", "--lexicon", str(words), "--time", "0",
                    stdin="über\nbären\nstraße\n")
    assert played.returncode == 0, played.stderr
    assert "ÜBER" in played.stdout and "Final score: 5 (2 words)" in played.stdout
    refused = boggle("solve", "--dice", "german", "--board", "AB/CD")
    assert refused.returncode == 2 and "--dice" in refused.stderr and "Traceback" not in refused.stderr


def test_the_cli_folds_a_french_list_for_the_french_dice(tmp_path: Path) -> None:
    words = tmp_path / "mots.txt"
    words.write_text("été\ntête\nrêve\nœuf\nâme\n", encoding="utf-8")
    folded = boggle("solve", "--board", "ETET/REVE/OEUF/AMES", "--lexicon", str(words),
                    "--fold-accents", "--json")
    assert folded.returncode == 0, folded.stderr
    assert [entry["word"] for entry in json.loads(folded.stdout)["words"]] == [
        "AME", "ETE", "OEUF", "REVE", "TETE"
    ]
    stats = boggle("stats", "--dice", "french", "--boards", "20", "--lexicon", str(words),
                   "--fold-accents", "--json")
    assert stats.returncode == 0, stats.stderr

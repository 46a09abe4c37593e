"""Board statistics: the summaries match the boards rolled, solved independently."""

from __future__ import annotations

import random
import statistics
import sys
from collections import Counter
from pathlib import Path

import pytest

from wordgames.errors import InvalidArgumentError, InvalidArgumentTypeError, MissingDependencyError
from wordgames.lexicon import Lexicon, lexicon_from_words
from wordgames.wordsearch import board_stats, create_game, plot_histogram
from wordgames.wordsearch.dice import BIG_BOGGLE_DICE, CLASSIC_DICE, roll_with

WORDS = ["ate", "eat", "tea", "tee", "net", "ten", "toe", "one", "note", "tone", "stone",
         "notes", "onset", "seat", "east", "rate", "tear", "stare", "aster", "rates"]  # fmt: skip


@pytest.fixture(scope="module")
def small() -> Lexicon:
    return lexicon_from_words(WORDS)


def _independent(lexicon: Lexicon, count: int, seed: int, rows: int, dice: object) -> list[list[str]]:
    """The words of each board the statistics should have rolled, found through the game."""
    rng = random.Random(seed)
    game = create_game(scoring="official", lexicon=lexicon)
    boards = []
    for _ in range(count):
        game.set_board(roll_with(dice, rows, rows, rng))  # type: ignore[arg-type]
        boards.append([entry.word for entry in game.scored_words(3)])
    return boards


def test_summaries_match_an_independent_solve(small: Lexicon) -> None:
    stats = board_stats(small, 4, boards=150, seed=9, top_words=5)
    boards = _independent(small, 150, 9, 4, CLASSIC_DICE)
    game = create_game(scoring="official")
    scores = [sum(game.score_word(word, 3) for word in words) for words in boards]
    assert stats.scores == scores
    assert stats.word_counts == [len(words) for words in boards]
    assert stats.score.mean == pytest.approx(statistics.fmean(scores))
    assert stats.score.percentiles[50] == pytest.approx(statistics.median(scores))
    assert (stats.score.minimum, stats.score.maximum) == (min(scores), max(scores))
    counted = Counter(word for words in boards for word in words)
    expected = sorted(counted.items(), key=lambda item: (-item[1], item[0]))[:5]
    assert stats.common_words == expected
    assert stats.to_json()["best_board"] == {"board": stats.best_board, "score": max(scores)}


def test_named_dice_set_and_determinism(small: Lexicon) -> None:
    first = board_stats(small, 5, boards=40, seed=3, dice="big")
    assert first == board_stats(small, 5, boards=40, seed=3, dice=BIG_BOGGLE_DICE)
    boards = _independent(small, 40, 3, 5, BIG_BOGGLE_DICE)
    assert first.word_counts == [len(words) for words in boards]
    assert board_stats(small, 5, boards=40, seed=4, dice="big").scores != first.scores


def test_percentiles_are_ordered(small: Lexicon) -> None:
    stats = board_stats(small, 4, boards=60, seed=1)
    values = list(stats.words.percentiles.values())
    assert values == sorted(values)
    assert stats.words.minimum <= values[0] and values[-1] <= stats.words.maximum
    single = board_stats(small, 4, boards=1, seed=1)
    assert set(single.score.percentiles.values()) == {float(single.scores[0])}


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"boards": 0}, InvalidArgumentError),
        ({"boards": 10**7}, InvalidArgumentError),
        ({"boards": "9"}, InvalidArgumentTypeError),
        ({"dice": "huge"}, InvalidArgumentError),
        ({"dice": 4}, InvalidArgumentTypeError),
        ({"dice": []}, InvalidArgumentError),
        ({"rows": 10**21}, InvalidArgumentError),
        ({"seed": 1.5}, InvalidArgumentTypeError),
        ({"top_words": 0}, InvalidArgumentError),
    ],
)
def test_bad_arguments(small: Lexicon, kwargs: dict[str, object], error: type) -> None:
    with pytest.raises(error):
        board_stats(small, **kwargs)  # type: ignore[arg-type]


def test_plot_writes_a_new_image_and_never_overwrites(small: Lexicon, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    stats = board_stats(small, 4, boards=30, seed=2)
    target = tmp_path / "hist.png"
    plot_histogram(stats, target)
    assert target.read_bytes().startswith(b"\x89PNG")
    assert [path.name for path in tmp_path.iterdir()] == ["hist.png"]  # no temporary left
    with pytest.raises(InvalidArgumentError, match="exists"):
        plot_histogram(stats, target)
    with pytest.raises(InvalidArgumentError, match="no-such-dir"):
        plot_histogram(stats, tmp_path / "no-such-dir" / "x.png")


def test_plot_without_matplotlib_is_a_clear_error(
    small: Lexicon, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import now fails
    stats = board_stats(small, 4, boards=5, seed=2)
    with pytest.raises(MissingDependencyError, match=r"wordgames\[plot\]"):
        plot_histogram(stats, tmp_path / "x.png")
    assert not (tmp_path / "x.png").exists()

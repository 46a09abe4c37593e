"""Seat-swapped pairs (``autoplay --pairs``): the statistics, the seat swap, determinism across
worker counts, and the command line."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordgames.cli import main
from wordgames.errors import FileWriteError, FormatError, InvalidArgumentError
from wordgames.lexicon import Lexicon
from wordgames.scrabble.game.autoplay import PairOutcome, PairsResult, autoplay_game, play_pair, play_pairs
from wordgames.scrabble.game.checkpoint import CHECKPOINT_FORMAT, read_checkpoint, write_checkpoint
from wordgames.scrabble.game.intervals import estimate, t_quantile
from wordgames.scrabble.game.state import GameSettings

ROOT = Path(__file__).resolve().parents[3]


# --- statistics -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("degrees", "table"), [(1, 12.706), (2, 4.303), (4, 2.776), (10, 2.228),
                                                (30, 2.042), (120, 1.980)])
def test_t_quantiles_match_the_table(degrees: int, table: float) -> None:
    assert t_quantile(0.975, degrees) == pytest.approx(table, abs=0.0015)
    assert t_quantile(0.025, degrees) == pytest.approx(-table, abs=0.0015)


def test_t_quantile_arguments_are_checked() -> None:
    for probability, degrees in ((0.0, 3), (1.0, 3), (0.5, 0), (0.5, True)):
        with pytest.raises(InvalidArgumentError):
            t_quantile(probability, degrees)  # type: ignore[arg-type]


def test_an_interval_computed_by_hand() -> None:
    # mean 20, s = 10, t(0.975, 2) = 4.30265: 20 ± 4.30265 * 10 / sqrt(3) = 20 ± 24.841
    found = estimate([10.0, 20.0, 30.0])
    assert found.mean == 20.0 and found.samples == 3
    assert found.interval == pytest.approx((20 - 24.8414, 20 + 24.8414), abs=1e-3)
    assert found.half_width == pytest.approx(24.8414, abs=1e-3)
    # a win rate's interval is clipped to [0, 1]
    clipped = estimate([1.0, 0.5, 1.0, 0.0], 0.0, 1.0)
    assert clipped.mean == 0.625 and clipped.interval == (0.0, 1.0)


def test_one_sample_has_no_interval_and_none_is_an_error() -> None:
    single = estimate([3.0])
    assert single.mean == 3.0 and single.interval is None and single.half_width is None
    with pytest.raises(InvalidArgumentError):
        estimate([])


@given(st.lists(st.floats(-500, 500), min_size=2, max_size=30))
def test_the_interval_holds_the_mean(samples: list[float]) -> None:
    found = estimate(samples)
    assert found.interval is not None
    low, high = found.interval
    assert low - 1e-9 <= found.mean <= high + 1e-9
    assert math.isclose(found.mean, sum(samples) / len(samples), abs_tol=1e-9)


def outcome(index: int, first: tuple[int, int], second: tuple[int, int]) -> PairOutcome:
    return PairOutcome(index, 100 + index, (first, second), turns=40, bingos=index)


def test_a_pair_averages_its_two_games_and_ties_count_half() -> None:
    won_and_tied = outcome(0, (400, 300), (350, 350))
    assert won_and_tied.result == 0.75 and won_and_tied.spread == 50.0
    split = outcome(1, (380, 400), (420, 390))  # lost by 20, won by 30
    assert split.result == 0.5 and split.spread == 5.0
    result = PairsResult(("leave", "greedy"), 100, (won_and_tied, split), seconds=4.0, workers=2)
    assert result.pairs == 2 and result.pairs_per_second == 0.5
    assert result.win_rate.mean == 0.625 and result.mean_spread.mean == 27.5
    # spreads 50 and 5: s = 31.82, t(0.975, 1) = 12.706, margin = 12.706 * 31.82 / sqrt(2) = 285.9
    assert result.mean_spread.interval == pytest.approx((27.5 - 285.89, 27.5 + 285.89), abs=0.05)
    assert result.average_score(0) == (400 + 350 + 380 + 420) / 4
    assert result.average_score(1) == (300 + 350 + 400 + 390) / 4
    assert result.bingos_per_game == 0.25


# --- playing pairs --------------------------------------------------------------------------------


def test_a_pair_is_the_same_deal_with_the_seats_swapped(enable_trie: Lexicon) -> None:
    settings = GameSettings()
    pair = play_pair(enable_trie, ("leave", "greedy"), settings, seed=31)
    first = autoplay_game(enable_trie, ["leave", "greedy"], GameSettings(seed=31), 0)
    second = autoplay_game(enable_trie, ["leave", "greedy"], GameSettings(seed=31), 1)
    assert [p.name for p in first.players] == ["leave_1", "greedy_2"]
    assert [p.name for p in second.players] == ["greedy_2", "leave_1"]
    # the same bag: whoever sits first starts with the same rack
    assert first.history[0].rack == second.history[0].rack
    for game, scores in zip((first, second), pair.scores, strict=True):
        by_name = {p.name: p.score for p in game.players}
        assert scores == (by_name["leave_1"], by_name["greedy_2"])


def test_a_strategy_against_itself_scores_exactly_even(enable_trie: Lexicon) -> None:
    # Both games of a pair are then the same game with the names swapped.
    result = play_pairs(enable_trie, 2, ("greedy", "greedy"), seed=3, workers=1)
    for pair in result.outcomes:
        assert pair.scores[0] == pair.scores[1][::-1]
        assert pair.result == 0.5 and pair.spread == 0.0
    assert result.win_rate.interval == (0.5, 0.5)


def test_the_figures_do_not_depend_on_the_workers(enable_trie: Lexicon) -> None:
    seen: list[int] = []
    alone = play_pairs(enable_trie, 2, ("leave", "greedy"), seed=11, workers=1)
    shared = play_pairs(enable_trie, 2, ("leave", "greedy"), seed=11, workers=2,
                        on_pair=lambda done, pair: seen.append(done))
    assert alone.outcomes == shared.outcomes and [o.index for o in shared.outcomes] == [0, 1]
    assert [o.seed for o in shared.outcomes] == [11, 12]
    assert alone.win_rate == shared.win_rate and alone.mean_spread == shared.mean_spread
    assert seen == [1, 2] and shared.workers == 2 and alone.workers == 1


def test_pairs_arguments_are_checked(enable_trie: Lexicon) -> None:
    for bad in ({"pairs": 0}, {"pairs": True}, {"workers": 0}, {"seed": 1.5},
                {"strategies": ("greedy",)}, {"strategies": ("greedy", "leave", "greedy")},
                {"strategies": ("greedy", "clever")}):
        arguments = {"pairs": 1, "strategies": ("leave", "greedy"), "workers": 1, **bad}
        with pytest.raises(InvalidArgumentError):
            play_pairs(enable_trie, **arguments)  # type: ignore[arg-type]


# --- the command line -----------------------------------------------------------------------------


def wordgames(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "wordgames", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=300, stdin=subprocess.DEVNULL)


def test_autoplay_pairs_json_end_to_end() -> None:
    completed = wordgames("scrabble", "autoplay", "--strategy", "leave,greedy", "--pairs", "2",
                          "--seed", "5", "--workers", "2", "--json")
    assert completed.returncode == 0, completed.stderr
    assert completed.stderr == ""  # no progress bar on a pipe
    report = json.loads(completed.stdout)
    assert report["pairs"] == 2 and report["games"] == 4 and report["strategies"] == ["leave", "greedy"]
    assert 0.0 <= report["win_rate"] <= 1.0
    low, high = report["win_rate_ci95"]
    assert 0.0 <= low <= report["win_rate"] <= high <= 1.0
    low, high = report["mean_spread_ci95"]
    assert low <= report["mean_spread"] <= high
    assert [p["strategy"] for p in report["players"]] == ["leave", "greedy"]
    assert report["workers"] == 2 and report["seconds"] > 0 and report["pairs_per_second"] > 0


def test_autoplay_pairs_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scrabble", "autoplay", "--strategy", "greedy", "--pairs", "1", "--workers", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "pairs: 1 (2 games, seeds 0..0, seats swapped)"
    assert lines[1] == "greedy vs greedy: greedy wins 50.0% (one pair: no interval)"
    assert lines[2] == "mean spread: +0.0 points a game (one pair: no interval)"
    assert lines[4].startswith("time: ") and "on 1 workers" in lines[4]


def test_autoplay_pairs_refusals(capsys: pytest.CaptureFixture[str]) -> None:
    for args, message in [
        (["--pairs", "2", "--gcg-dir", "games"], "--gcg-dir"),
        (["--pairs", "2", "--strategy", "greedy,leave,greedy"], "two strategies"),
        (["--pairs", "2", "--games", "3"], "either --games or --pairs"),
        (["--workers", "2"], "--workers goes with --pairs"),
        (["--pairs", "0"], "must be at least 1"),
        (["--games", "1", "--gcg-dir", "/dev/null"], "--gcg-dir '/dev/null' is not a folder"),
    ]:
        code = main(["scrabble", "autoplay", *args])
        err = capsys.readouterr().err
        assert code == 2 and message in err and err.count("\n") == 1, (args, err)


# --- checkpoints ----------------------------------------------------------------------------------


class Stop(Exception):
    """An interruption in the middle of a run."""


def test_an_interrupted_run_resumes_from_its_checkpoint(enable_trie: Lexicon, tmp_path: Path) -> None:
    file = tmp_path / "pairs.json"

    def stop_after_one(done: int, pair: PairOutcome) -> None:
        raise Stop

    with pytest.raises(Stop):
        play_pairs(enable_trie, 2, ("leave", "greedy"), seed=21, workers=1, on_pair=stop_after_one,
                   checkpoint=file)
    assert len(read_checkpoint(file, json.loads(file.read_text())["key"], 8)) == 1
    resumed = play_pairs(enable_trie, 2, ("leave", "greedy"), seed=21, workers=1, checkpoint=file)
    assert resumed.resumed == 1 and resumed.pairs == 2
    fresh = play_pairs(enable_trie, 2, ("leave", "greedy"), seed=21, workers=1)
    assert resumed.outcomes == fresh.outcomes and fresh.resumed == 0
    again = play_pairs(enable_trie, 2, ("leave", "greedy"), seed=21, workers=1, checkpoint=file)
    assert again.resumed == 2 and again.outcomes == fresh.outcomes  # nothing left to play
    with pytest.raises(InvalidArgumentError, match="another run"):
        play_pairs(enable_trie, 2, ("greedy", "leave"), seed=21, workers=1, checkpoint=file)


def test_a_file_that_is_not_a_checkpoint_is_left_alone(enable_trie: Lexicon, tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    with pytest.raises(FormatError, match="refusing to replace it"):
        play_pairs(enable_trie, 1, ("greedy", "greedy"), workers=1, checkpoint=notes)
    assert notes.read_text() == "my notes\n"
    with pytest.raises(FileWriteError):
        play_pairs(enable_trie, 1, ("greedy", "greedy"), workers=1, checkpoint=tmp_path)


def test_checkpoint_rows_are_checked(tmp_path: Path) -> None:
    file = tmp_path / "c.json"
    write_checkpoint(file, "run", [(0, 1, 2, 3, 4, 5, 6, 7)])
    assert read_checkpoint(file, "run", 8) == [(0, 1, 2, 3, 4, 5, 6, 7)]
    for rows in ([[0, 1, 2]], [[0, 1, 2, 3, 4, 5, 6, True]], [[0, 1, 2, 3, 4, 5, 6, "7"]], {"a": 1}):
        file.write_text(json.dumps({"format": CHECKPOINT_FORMAT, "version": 1, "key": "run", "rows": rows}))
        with pytest.raises(FormatError):
            read_checkpoint(file, "run", 8)


@given(st.one_of(
    st.text(max_size=200),
    st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=10),
                 lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                              max_size=4),
                 max_leaves=20).map(json.dumps),
    st.lists(st.lists(st.integers(-10, 10), max_size=9), max_size=4).map(
        lambda rows: json.dumps({"format": CHECKPOINT_FORMAT, "version": 1, "key": "k", "rows": rows})),
))
def test_reading_any_checkpoint_text_is_safe(tmp_path_factory: pytest.TempPathFactory, text: str) -> None:
    file = tmp_path_factory.mktemp("fuzz") / "c.json"
    file.write_text(text)
    try:
        rows = read_checkpoint(file, "k", 8)
    except (FormatError, InvalidArgumentError):
        return
    assert all(len(row) == 8 for row in rows)


def test_checkpoint_goes_with_pairs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scrabble", "autoplay", "--checkpoint", "x.json"]) == 2
    assert "--checkpoint goes with --pairs" in capsys.readouterr().err

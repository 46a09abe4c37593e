"""Seat-swapped pairs on a Dask cluster (``autoplay --pairs N --scheduler ADDRESS``): the same
outcomes as local processes for the same seed, the tables of ``--leaves`` made again on the
workers, and the command line."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from wordgames.cli import main
from wordgames.lexicon import Lexicon
from wordgames.scrabble.game.autoplay import play_pairs

distributed = pytest.importorskip("distributed", reason="Dask (wordgames[cluster]) is not installed")


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """A local cluster of one worker process (a real process: the work travels pickled)."""
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True,
                                  dashboard_address=":0") as cluster:
        yield cluster.scheduler_address


def test_a_cluster_plays_the_same_pairs_as_local_processes(enable_trie: Lexicon, scheduler: str) -> None:
    local = play_pairs(enable_trie, 3, ("equity", "greedy"), seed=40, workers=1)
    remote = play_pairs(enable_trie, 3, ("equity", "greedy"), seed=40, scheduler=scheduler)
    assert remote.outcomes == local.outcomes
    assert remote.win_rate == local.win_rate


def test_a_cluster_run_resumes_a_local_checkpoint(enable_trie: Lexicon, scheduler: str,
                                                  tmp_path: Path) -> None:
    file = tmp_path / "pairs.json"
    first = play_pairs(enable_trie, 2, ("leave", "greedy"), seed=5, workers=1, checkpoint=file)
    more = play_pairs(enable_trie, 3, ("leave", "greedy"), seed=5, checkpoint=file, scheduler=scheduler)
    assert more.resumed == 2 and more.outcomes[:2] == first.outcomes
    assert more.outcomes == play_pairs(enable_trie, 3, ("leave", "greedy"), seed=5, workers=1).outcomes


def pairs_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    assert main(["scrabble", "autoplay", "--pairs", "2", "--seed", "3", "--json", *args]) == 0
    report: dict[str, Any] = json.loads(capsys.readouterr().out)
    for key in ("seconds", "pairs_per_second", "workers"):
        report.pop(key)
    return report


def test_the_command_line_gives_the_same_figures(capsys: pytest.CaptureFixture[str], scheduler: str,
                                                 tmp_path: Path) -> None:
    # The command registers the bound players and sets the default table; the session's
    # fixture gives them back after the test.
    # Each player's own table (A,B): the workers bind them again from the files.
    table = tmp_path / "flat.csv"
    table.write_text("?,30\nQ,-20\nS,8\n", encoding="utf-8")
    for options in (["--strategy", "equity,level5", "--leaves", f"{table},"],
                    ["--strategy", "equity,greedy", "--leaves", str(table)]):
        local = pairs_json(capsys, *options, "--workers", "1")
        remote = pairs_json(capsys, *options, "--scheduler", scheduler)
        assert remote == local


def test_the_scheduler_goes_with_pairs(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["scrabble", "autoplay", "--scheduler", "tcp://localhost:1"])
    err = capsys.readouterr().err
    assert code == 2 and "--scheduler goes with --pairs" in err

"""Fitting a win model to self-play: seeded, resumable from its checkpoint, the same on a
Dask cluster, refused for another run's checkpoint; and the command line."""

from __future__ import annotations

import itertools
import json
from dataclasses import asdict
from pathlib import Path

import pytest

from wordgames.cli import main
from wordgames.errors import FormatError
from wordgames.lexicon import Lexicon
from wordgames.scrabble.game.players import Player
from wordgames.scrabble.game.state import Game, GameSettings
from wordgames.scrabble.strategy import winfit
from wordgames.scrabble.strategy.equity import EquityStrategy
from wordgames.scrabble.strategy.winfit import WinPlan, build_win_model, game_records
from wordgames.scrabble.strategy.winprob import read_win_model

SETTINGS = GameSettings(end_rule="tournament")


class Stop(Exception):
    """An interruption in the middle of a run."""


@pytest.fixture(autouse=True)
def small_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(winfit, "CHUNK_GAMES", 3)


def test_records_follow_the_game(enable_trie: Lexicon) -> None:
    game = Game([Player("a", "equity"), Player("b", "equity")], enable_trie, GameSettings(seed=2))
    records = game_records(game, EquityStrategy())
    assert game.is_over and records
    scores = [player.score for player in game.players]
    assert {record.result for record in records} <= {0.0, 0.5, 1.0}
    assert all(8 <= record.unseen <= 93 for record in records)
    # Seats alternate: consecutive records are the winner's and the loser's (or two ties).
    results = [record.result for record in records]
    assert all(a + b == 1.0 for a, b in itertools.pairwise(results))
    assert results[0] == (1.0 if scores[0] > scores[1] else 0.5 if scores[0] == scores[1] else 0.0)


def test_a_run_is_seeded_and_resumes_from_its_checkpoint(tmp_path: Path) -> None:
    plan = WinPlan("enable", 7, seed=3)
    whole = build_win_model(plan, SETTINGS)
    assert build_win_model(plan, SETTINGS).model == whole.model
    checkpoint = tmp_path / "fit.json"

    def stop(done: int, total: int) -> None:
        raise Stop

    with pytest.raises(Stop):
        build_win_model(plan, SETTINGS, checkpoint=checkpoint, checkpoint_seconds=0, progress=stop)
    assert json.loads(checkpoint.read_text())["chunks"] == 1
    seen: list[int] = []
    resumed = build_win_model(plan, SETTINGS, checkpoint=checkpoint, progress=lambda d, t: seen.append(d))
    assert resumed.model == whole.model and seen == [6, 7]
    assert resumed.fitted == whole.fitted and resumed.normal == whole.normal
    with pytest.raises(FormatError, match="another run"):
        build_win_model(WinPlan("enable", 7, seed=4), SETTINGS, checkpoint=checkpoint)
    assert build_win_model(WinPlan("enable", 7, seed=4), SETTINGS).model != whole.model


def test_a_cluster_fits_the_same_model() -> None:
    distributed = pytest.importorskip("distributed", reason="Dask (wordgames[cluster]) is not installed")
    plan = WinPlan("enable", 5, seed=1)
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                  dashboard_address=":0") as cluster:
        remote = build_win_model(plan, SETTINGS, scheduler=cluster.scheduler_address)
    assert remote.model == build_win_model(plan, SETTINGS, workers=2).model


def test_the_command_line_writes_the_model(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "model.json"
    args = ["scrabble", "winmodel", "build", "--games", "5", "--out", str(out), "--workers", "1"]
    assert main([*args, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["training_records"] > 0 and report["fitted"]["records"] > 0
    model = read_win_model(out)
    assert model.about["games"] == 5 and "calibration" in model.about
    assert not Path(f"{out}.checkpoint.json").exists()
    assert main(args) == 2 and "exists" in capsys.readouterr().err
    assert main([*args[:4], "4", *args[5:], "--force"]) == 2


def checkpoint_of(plan: WinPlan, **changes: object) -> str:
    state: dict[str, object] = {"plan": asdict(plan), "chunks": 1, "train": [[40, -12, 3, 1.5, 1.25]],
                                "held": [[8, 30, 1, 1.0, 1.0]]}
    return json.dumps({**state, **changes})


def test_a_valid_checkpoint_is_read_back(tmp_path: Path) -> None:
    file = tmp_path / "c.json"
    file.write_text(checkpoint_of(WinPlan("enable", 7)))
    train, held, done = winfit._load_checkpoint(file, WinPlan("enable", 7), 3, 100)
    assert train == {(40, -12): [3, 1.5, 1.25]} and held == {(8, 30): [1, 1.0, 1.0]} and done == 1


@pytest.mark.parametrize(("changes", "message"), [
    ({"chunks": -1}, "chunks: -1 is out of range"),  # was accepted, and a model written
    ({"chunks": 4}, "chunks: 4 is out of range"),
    ({"chunks": "1"}, "chunks: expected a whole number"),
    ({"train": {}}, "train: expected a list"),
    ({"train": [[1, 2, 3]]}, r"train\[0\]: expected \[unseen, spread"),
    ({"train": [[101, 0, 1, 1, 1]]}, r"train\[0\]\[0\]: 101 is out of range"),  # the fit steps through each
    ({"train": [[10**12, 0, 1, 1, 1]]}, r"train\[0\]\[0\]: .* is out of range"),
    ({"held": [[8, 10**7, 1, 1, 1]]}, r"held\[0\]\[1\]: .* is out of range"),
    ({"train": [[8, 0, 0, 0, 0]]}, r"train\[0\]\[2\]: 0 is out of range"),
    ({"train": [[8, 0, 2, 3, 1]]}, r"train\[0\]\[3\]: 3 is out of range"),
    ({"train": [[8, 0, 2, 1, 1.5]]}, r"train\[0\]\[4\]: 1.5 is out of range"),
    ({"train": [[8, 0, 2, 1, 1], [8, 0, 1, 1, 1]]}, r"train\[1\]: a second row"),
    ({"train": [[8.5, 0, 1, 1, 1]]}, r"train\[0\]\[0\]: expected a whole number"),
])
def test_a_bad_checkpoint_is_refused_and_kept(tmp_path: Path, changes: dict[str, object],
                                             message: str) -> None:
    plan = WinPlan("enable", 7)
    file = tmp_path / "c.json"
    text = checkpoint_of(plan, **changes)
    file.write_text(text)
    with pytest.raises(FormatError, match=message):
        build_win_model(plan, SETTINGS, checkpoint=file)
    assert file.read_text() == text


@pytest.mark.parametrize("text", ["[" * 100_000 + "]" * 100_000, '{"train": [[1e400, 0, 1, 1, 1]]}',
                                  '{"chunks": NaN}'])
def test_a_checkpoint_that_is_not_json_is_refused(tmp_path: Path, text: str,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """A deep one raised RecursionError, 1e400 an OverflowError."""
    file = tmp_path / "c.json"
    file.write_text(text)
    out = tmp_path / "wm.json"
    args = ["scrabble", "winmodel", "build", "--games", "5", "--out", str(out), "--checkpoint", str(file),
            "--workers", "1"]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"wordgames: error: {file}: not a checkpoint (") and err.count("\n") == 1
    assert file.read_text() == text and not out.exists()


@pytest.mark.parametrize("text", ["[" * 100_000 + "]" * 100_000, '{"format": Infinity}', "{"])
def test_read_win_model_refuses_what_is_not_json(tmp_path: Path, text: str) -> None:
    file = tmp_path / "m.json"
    file.write_text(text)
    with pytest.raises(FormatError, match=r"m\.json: not a win model \("):
        read_win_model(file)
